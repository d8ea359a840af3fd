// Writing only the cells that change: grouped into as few rectangles as possible without covering a cell that
// does not change, so that a formula or another user's edit beside them survives.
import type { Cell } from '../table';
import { asText, ensureRows, type SheetTable } from '../sheet-table';

/** A cell to write: sheet row and column (1-based) and its new value. */
export interface CellWrite {
  readonly row: number;
  readonly column: number;
  readonly value: Cell;
}

export interface Rectangle {
  readonly row: number;
  readonly column: number;
  readonly values: Cell[][];
}

/**
 * The writes as rectangles: runs of adjacent columns on a row, then runs of rows whose runs span the same
 * columns. Every cell of a rectangle is a write; a cell written twice keeps the last value.
 */
export function rectangles(writes: readonly CellWrite[]): Rectangle[] {
  const byCell = new Map<string, CellWrite>();
  for (const w of writes) byCell.set(`${w.row}:${w.column}`, w);
  const sorted = [...byCell.values()].sort((x, y) => x.row - y.row || x.column - y.column);
  // Runs along each row.
  const runs: { row: number; column: number; values: Cell[] }[] = [];
  for (const w of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.row === w.row && last.column + last.values.length === w.column)
      last.values.push(w.value);
    else runs.push({ row: w.row, column: w.column, values: [w.value] });
  }
  // Runs spanning the same columns on consecutive rows make one rectangle.
  const open = new Map<string, Rectangle & { lastRow: number }>();
  const out: (Rectangle & { lastRow: number })[] = [];
  for (const run of runs) {
    const key = `${run.column}:${run.values.length}`;
    const rect = open.get(key);
    if (rect && rect.lastRow === run.row - 1) {
      rect.values.push(run.values);
      rect.lastRow = run.row;
    } else {
      const next = { row: run.row, column: run.column, values: [run.values], lastRow: run.row };
      open.set(key, next);
      out.push(next);
    }
  }
  return out.map(({ row, column, values }) => ({ row, column, values }));
}

/** A value as setValues must get it so that Sheets keeps it what it is (text stays text, never a formula). */
const writable = (value: Cell): Cell => (value === undefined || value === null ? '' : asText(value));

/** Writes the cells, one setValues per rectangle, and keeps the table's copy of the sheet in step. */
export function writeChanged(t: SheetTable, writes: readonly CellWrite[]): void {
  if (writes.length === 0) return;
  const last = writes.reduce((m, w) => Math.max(m, w.row), 0);
  if (last > t.values.length) ensureRows(t, last);
  for (const rect of rectangles(writes)) {
    t.sheet
      .getRange(rect.row, rect.column, rect.values.length, rect.values[0]?.length ?? 0)
      .setValues(rect.values.map((r) => r.map(writable)));
    remember(t, rect);
  }
}

/** Writes whole rows from `row` on (new records after the table's last), with one setValues. */
export function writeRows(t: SheetTable, row: number, rows: readonly Cell[][]): void {
  if (rows.length === 0) return;
  ensureRows(t, row + rows.length - 1);
  const width = rows[0]?.length ?? 0;
  t.sheet.getRange(row, 1, rows.length, width).setValues(rows.map((r) => r.map(writable)));
  remember(t, { row, column: 1, values: rows.map((r) => [...r]) });
}

/** Updates `values` (and the table's rows, a view of them past the header) after a write. */
function remember(t: SheetTable, rect: Rectangle): void {
  const width = t.values[t.headerIndex]?.length ?? 0;
  rect.values.forEach((cells, i) => {
    const r = rect.row - 1 + i;
    while (t.values.length <= r) t.values.push(Array.from({ length: width }, () => ''));
    const target = t.values[r] as Cell[];
    cells.forEach((v, j) => {
      target[rect.column - 1 + j] = v;
    });
  });
  const rows = t.table.rows as Cell[][];
  for (let i = t.headerIndex + 1 + rows.length; i < t.values.length; i++) rows.push(t.values[i] as Cell[]);
}
