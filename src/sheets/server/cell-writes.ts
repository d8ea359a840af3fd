// Writing only the cells that change, in a handful of calls whatever their number: cells that get the same value
// go out together in one RangeList.setValue (a battle's losses are scattered down the Status column, but take
// three or four values), a block of differing values in one setValues. No call covers a cell that does not change,
// so a formula or another user's edit beside them survives.
import { defined } from '../../rules';
import type { Cell } from '../../contract/cells';
import { asText, ensureRows, type SheetTable, valuesIndexOf } from '../sheet-table';
import { type Block, fewestRectangles } from './rectangles';
import { columnLetter } from '../table';

/** A cell to write: sheet row and column (1-based) and its new value. */
export interface CellWrite {
  readonly row: number;
  readonly column: number;
  readonly value: Cell;
  /** Written as this formula (the cell held it), not as `value`. */
  readonly formula?: string;
}

export interface Rectangle {
  readonly row: number;
  readonly column: number;
  readonly values: Cell[][];
}

/** One Google call: a rectangle of values (setValues), or one value in several blocks (RangeList.setValue). */
export type WriteCall =
  | { readonly kind: 'rectangle'; readonly rectangle: Rectangle; readonly cells: readonly CellWrite[] }
  | { readonly kind: 'formula'; readonly formula: string; readonly cells: readonly [CellWrite] }
  | {
      readonly kind: 'same';
      readonly value: Cell;
      readonly blocks: readonly Block[];
      readonly cells: readonly CellWrite[];
    };

const at = (row: number, column: number): string => `${row}:${column}`;

/** The writes with a cell written twice kept once, with its last value. */
function lastOfEach(writes: readonly CellWrite[]): Map<string, CellWrite> {
  const byCell = new Map<string, CellWrite>();
  for (const w of writes) byCell.set(at(w.row, w.column), w);
  return byCell;
}

const cellsOf = (b: Block, byCell: ReadonlyMap<string, CellWrite>): CellWrite[] =>
  Array.from({ length: b.rows * b.columns }, (_, k) =>
    defined(
      byCell.get(at(b.row + Math.floor(k / b.columns), b.column + (k % b.columns))),
      `the write of a cell of block ${b.row}:${b.column}`,
    ),
  );

const rectangleOf = (b: Block, byCell: ReadonlyMap<string, CellWrite>): Rectangle => ({
  row: b.row,
  column: b.column,
  values: Array.from({ length: b.rows }, (_, i) =>
    Array.from(
      { length: b.columns },
      (__, j) =>
        defined(byCell.get(at(b.row + i, b.column + j)), `the write of ${at(b.row + i, b.column + j)}`).value,
    ),
  ),
});

/** The writes as the fewest rectangles covering exactly the cells written; a cell written twice keeps the last value. */
export function rectangles(writes: readonly CellWrite[]): Rectangle[] {
  const byCell = lastOfEach(writes);
  return fewestRectangles([...byCell.values()].map((w) => [w.row, w.column] as const)).map((b) =>
    rectangleOf(b, byCell),
  );
}

/** Cells equal as written: the same value of the same type (a Date by its instant). */
const valueKey = (value: Cell): string =>
  value instanceof Date ? `d${value.getTime()}` : `${typeof value}:${String(value ?? '')}`;

function callOfBlocks(blocks: readonly Block[], byCell: ReadonlyMap<string, CellWrite>): WriteCall {
  const [only, ...more] = blocks;
  const cells = blocks.flatMap((b) => cellsOf(b, byCell));
  if (only && more.length === 0) return { kind: 'rectangle', rectangle: rectangleOf(only, byCell), cells };
  return { kind: 'same', value: defined(cells[0], 'a cell of the blocks').value, blocks, cells };
}

/**
 * The fewest calls that write exactly these cells, of two plans: every cell grouped by its value (one call per
 * distinct value), or the fewest rectangles with those holding one value grouped by it and the others written
 * whole.
 */
export function writeCalls(writes: readonly CellWrite[]): WriteCall[] {
  const all = lastOfEach(writes);
  // A formula put back is its own call (a cell that held one is rare); the others go by value.
  const formulas: WriteCall[] = [];
  const byCell = new Map<string, CellWrite>();
  for (const [k, w] of all) {
    if (w.formula) formulas.push({ kind: 'formula', formula: w.formula, cells: [w] });
    else byCell.set(k, w);
  }
  if (byCell.size === 0) return formulas;
  const byValue = new Map<string, CellWrite[]>();
  for (const w of byCell.values()) {
    const key = valueKey(w.value);
    byValue.set(key, [...(byValue.get(key) ?? []), w]);
  }
  const grouped = [...byValue.values()].map((group) =>
    callOfBlocks(fewestRectangles(group.map((w) => [w.row, w.column] as const)), byCell),
  );
  const uniform = new Map<string, Block[]>();
  const mixed: WriteCall[] = [];
  for (const b of fewestRectangles([...byCell.values()].map((w) => [w.row, w.column] as const))) {
    const keys = new Set(cellsOf(b, byCell).map((w) => valueKey(w.value)));
    const [key] = keys;
    if (keys.size === 1 && key !== undefined) uniform.set(key, [...(uniform.get(key) ?? []), b]);
    else mixed.push(callOfBlocks([b], byCell));
  }
  for (const blocks of uniform.values()) mixed.push(callOfBlocks(blocks, byCell));
  return [...(grouped.length < mixed.length ? grouped : mixed), ...formulas];
}

/** Words Sheets reads in a date or a time ("5 January 2024", "Tue 12:30 pm"), and that make no text surely text. */
const DATE_WORD =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|mon(day)?|tue(sday)?|wed(nesday)?|thu(rsday)?|fri(day)?|sat(urday)?|sun(day)?|am|pm|noon)$/i;

/**
 * Whether Sheets surely keeps a string as the text it is: nothing that starts a formula or an error, no TRUE or
 * FALSE, and either no digit at all or a word of three letters or more that no date or time has ("units 17").
 */
function keptAsText(s: string): boolean {
  const t = s.trim();
  if (t !== s || /^[=+\-@'#]/.test(t) || /^(true|false)$/i.test(t)) return false;
  if (!/\d/.test(t)) return true;
  return (t.match(/[a-z]{3,}/gi) ?? []).some((w) => !DATE_WORD.test(w));
}

/**
 * A value as Sheets must get it so that it stays what it is (text stays text, never a formula): text Sheets would
 * read as something else gets the apostrophe; other text goes as it is, so that a cell formatted as plain text
 * (where Sheets keeps an apostrophe) gets it exactly too.
 */
export const writable = (value: Cell): Cell =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string' && keptAsText(value)
      ? value
      : asText(value);

/** A block in A1 notation: `V7`, or `V7:V9`. */
export function blockA1(b: Block): string {
  const start = `${columnLetter(b.column)}${b.row}`;
  if (b.rows === 1 && b.columns === 1) return start;
  return `${start}:${columnLetter(b.column + b.columns - 1)}${b.row + b.rows - 1}`;
}

/** Whether a value is text that needs the cell's number format to be written exactly (see `writable`). */
const needsFormat = (value: Cell): boolean => typeof value === 'string' && value !== '' && !keptAsText(value);

/**
 * Text Sheets would read as something else goes with an apostrophe, but into a cell formatted as plain text as it
 * is (Sheets keeps the apostrophe there): the formats of the cells asked first, for such text only (a text "3"
 * put back), never for the statuses, plans and reports a write makes.
 */
const exactly = (value: Cell, format: string | undefined): Cell =>
  needsFormat(value) && format === '@' ? value : writable(value);

/** Makes one call (a single Google write) and keeps the table's copy of the sheet in step. */
export function perform(t: SheetTable, call: WriteCall): void {
  if (call.kind === 'formula') {
    const [w] = call.cells;
    t.sheet.getRange(w.row, w.column).setFormula(call.formula);
  } else if (call.kind === 'rectangle') {
    const r = call.rectangle;
    const range = t.sheet.getRange(r.row, r.column, r.values.length, r.values[0]?.length ?? 0);
    const formats = r.values.some((line) => line.some(needsFormat)) ? range.getNumberFormats() : [];
    range.setValues(r.values.map((line, i) => line.map((v, j) => exactly(v, formats[i]?.[j]))));
  } else if (needsFormat(call.value)) {
    // Text "3" or "TRUE" in several blocks: each block as its cells are formatted.
    for (const b of call.blocks) {
      const range = t.sheet.getRange(b.row, b.column, b.rows, b.columns);
      const formats = range.getNumberFormats();
      range.setValues(formats.map((line) => line.map((f) => exactly(call.value, f))));
    }
  } else {
    t.sheet.getRangeList(call.blocks.map(blockA1)).setValue(writable(call.value));
  }
  for (const w of call.cells) remember(t, w.row, w.column, w.value);
}

/** Writes the cells in the fewest calls (adding rows the sheet lacks first). */
export function writeChanged(t: SheetTable, writes: readonly CellWrite[]): void {
  if (writes.length === 0) return;
  const last = writes.reduce((m, w) => Math.max(m, w.row), 0);
  if (last > t.values.length + (t.skipped ?? 0)) ensureRows(t, last);
  for (const call of writeCalls(writes)) perform(t, call);
}

/** Writes whole rows from `row` on (new records after the table's last; the sheet must have them), with one setValues. */
export function writeRows(t: SheetTable, row: number, rows: readonly Cell[][]): void {
  if (rows.length === 0) return;
  const width = rows[0]?.length ?? 0;
  t.sheet.getRange(row, 1, rows.length, width).setValues(rows.map((r) => r.map(writable)));
  remembered(t, row, rows);
}

/** Updates the table's copy of whole rows written from `row`. */
export function remembered(t: SheetTable, row: number, rows: readonly Cell[][]): void {
  rows.forEach((cells, i) => {
    cells.forEach((v, j) => {
      remember(t, row + i, j + 1, v);
    });
  });
}

/** Updates the table's copy of a cell after a write (rows added past its end join the table). */
function remember(t: SheetTable, row: number, column: number, value: Cell): void {
  const width = t.values[t.headerIndex]?.length ?? 0;
  const r = valuesIndexOf(t, row);
  // A row among those a table read from its end skipped (a put-back cleared the rows after them, so a new write
  // lands there): the table holds no copy of it to update.
  if (row - 1 > t.headerIndex && r <= t.headerIndex) return;
  while (t.values.length <= r) t.values.push(Array.from({ length: width }, () => ''));
  const target = defined(t.values[r], `row ${row} of ${t.table.name}`);
  target[column - 1] = value;
  const rows = t.table.rows as Cell[][];
  if (t.values.length - t.headerIndex - 1 > rows.length)
    rows.push(...t.values.slice(t.headerIndex + 1 + rows.length));
}
