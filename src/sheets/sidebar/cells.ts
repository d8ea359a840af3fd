// Writing only the cells that change: grouped into the fewest rectangles that cover no cell that does not change,
// so that a formula or another user's edit beside them survives.
import { defined } from '../../rules';
import type { Cell } from '../table';
import { asText, ensureRows, type SheetTable } from '../sheet-table';
import { fewestRectangles } from './rectangles';

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

/** The writes as the fewest rectangles covering exactly the cells written; a cell written twice keeps the last value. */
export function rectangles(writes: readonly CellWrite[]): Rectangle[] {
  const byCell = new Map<string, CellWrite>();
  for (const w of writes) byCell.set(`${w.row}:${w.column}`, w);
  const value = (row: number, column: number): Cell =>
    defined(byCell.get(`${row}:${column}`), `the write of row ${row}, column ${column}`).value;
  return fewestRectangles([...byCell.values()].map((w) => [w.row, w.column] as const)).map((b) => ({
    row: b.row,
    column: b.column,
    values: Array.from({ length: b.rows }, (_, i) =>
      Array.from({ length: b.columns }, (__, j) => value(b.row + i, b.column + j)),
    ),
  }));
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
    const target = defined(t.values[r], `row ${r + 1} of ${t.table.name}`);
    cells.forEach((v, j) => {
      target[rect.column - 1 + j] = v;
    });
  });
  // The table's rows view the same arrays: the rows added past its end join it.
  const rows = t.table.rows as Cell[][];
  rows.push(...t.values.slice(t.headerIndex + 1 + rows.length));
}
