// The campaign's sheets as the sidebar's server reads and writes them: each table read whole, once, with its
// position on the sheet; writes grouped into as few setValues calls as the columns allow. Nothing here knows of
// battles: see sidebar.ts.
import type { SheetApi, SpreadsheetApi } from './gas';
import { TABLE_HEADERS } from './records';
import { type Cell, headerKey, isBlankRow, readTable, type Table } from './table';

/** A table on its own sheet: the sheet's data range read once, the header row found in its first rows. */
export interface SheetTable {
  readonly sheet: SheetApi;
  /** Every value of the data range (from A1), as getValues gave it; writes update it in place. */
  readonly values: Cell[][];
  /** 0-based index in `values` of the header row. */
  readonly headerIndex: number;
  readonly table: Table;
}

/** Rows searched for a header row: a title or a note may sit above the table. */
const HEADER_SEARCH_ROWS = 10;

/** The first row among the first few that holds every required header; the first row when none does. */
function headerRowIndex(values: readonly (readonly Cell[])[], required: readonly string[]): number {
  const keys = required.map(headerKey);
  const last = Math.min(values.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < last; i++) {
    const present = new Set(values[i]!.map(headerKey));
    if (keys.every((k) => present.has(k))) return i;
  }
  return 0;
}

/** The sheet's table, read with one getValues; null when there is no sheet of that name. */
export function readSheetTable(
  spreadsheet: SpreadsheetApi,
  sheetName: string,
  what: string,
  example: string,
  required: readonly string[],
): SheetTable | null {
  const sheet = spreadsheet.getSheetByName(sheetName);
  if (!sheet) return null;
  const values = sheet.getDataRange().getValues() as Cell[][];
  const headerIndex = headerRowIndex(values, required);
  // Only the table's own headers count: other columns (the user's, a formula's result) are not read.
  const known = new Set((TABLE_HEADERS[sheetName] ?? required).map(headerKey));
  const header = (values[headerIndex] ?? []).map((h) => (known.has(headerKey(h)) ? h : ''));
  const table = readTable([header, ...values.slice(headerIndex + 1)], what, example, required);
  return { sheet, values, headerIndex, table };
}

/** Sheet row (1-based) of a table row index (0-based, after the header). */
export const sheetRowOf = (t: SheetTable, index: number): number => t.headerIndex + 2 + index;
/** Table row index of a sheet row; negative or past the end when the row is not a record row. */
export const indexOfSheetRow = (t: SheetTable, row: number): number => row - t.headerIndex - 2;
/** Sheet column (1-based) of a header, or 0 when the table lacks it. */
export const sheetColumnOf = (t: SheetTable, header: string): number => t.table.column(header) + 1;

/** The raw cell of a table row under a header ("" when the table lacks the column or the row). */
export function cellAt(t: SheetTable, index: number, header: string): Cell {
  const c = t.table.column(header);
  const row = t.table.rows[index];
  return c < 0 || !row ? '' : (row[c] ?? '');
}

/** Sheet row after the last record of the table: where new records go. */
export function appendRow(t: SheetTable): number {
  let last = -1;
  t.table.rows.forEach((row, i) => {
    if (!isBlankRow(row)) last = i;
  });
  return sheetRowOf(t, last + 1);
}

/** The message for a sheet the set-up creates but the spreadsheet lacks. */
export const missingSheet = (name: string): string =>
  `This spreadsheet has no ${name} sheet: run Warcard → Set up campaign first (it adds the missing sheets and keeps yours).`;

/**
 * A string as Sheets must receive it to keep it text: setValues reads strings as if typed, so one that starts with
 * `=`, `+`, `-` or `@` would become a formula, and one that looks like a number, a date or TRUE/FALSE would become
 * that. A leading apostrophe keeps it text (Sheets shows and returns it without the apostrophe).
 */
export function asText(value: Cell): Cell {
  if (typeof value !== 'string' || value === '') return value;
  if (/^[=+\-@'\d.]/.test(value) || /^\s/.test(value) || /^(true|false)$/i.test(value)) return `'${value}`;
  return value;
}

/** A value ready for setValues: strings kept text, Dates and numbers as they are. */
const writable = (value: Cell): Cell => (value === undefined || value === null ? '' : asText(value));

/** Sorted distinct numbers split into runs of consecutive ones. */
function runs(sorted: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const n of sorted) {
    const current = out[out.length - 1];
    if (current && n === current[current.length - 1]! + 1) current.push(n);
    else out.push([n]);
  }
  return out;
}

/** A cell to write: sheet row and column (1-based) and its new value. */
export interface CellWrite {
  readonly row: number;
  readonly column: number;
  readonly value: Cell;
}

/**
 * Writes cells of a table's own columns: one setValues per block of consecutive rows and consecutive columns.
 * Cells inside a block that are not being written keep the value just read (they are in the table's columns, on
 * rows being written). `spanRows`: write one block from the first row to the last even with gaps, for a single
 * column the product owns (Status), so that any number of changes is one call. Updates `values` to match.
 * Returns the number of setValues calls.
 */
export function writeCells(t: SheetTable, writes: readonly CellWrite[], spanRows = false): number {
  if (writes.length === 0) return 0;
  const byCell = new Map<string, Cell>();
  for (const w of writes) byCell.set(`${w.row}:${w.column}`, w.value);
  const rowsSorted = [...new Set(writes.map((w) => w.row))].sort((x, y) => x - y);
  const columnsSorted = [...new Set(writes.map((w) => w.column))].sort((x, y) => x - y);
  const rowRuns = spanRows
    ? [
        Array.from(
          { length: rowsSorted[rowsSorted.length - 1]! - rowsSorted[0]! + 1 },
          (_, i) => rowsSorted[0]! + i,
        ),
      ]
    : runs(rowsSorted);
  let calls = 0;
  for (const rowRun of rowRuns) {
    for (const columnRun of runs(columnsSorted)) {
      const block = rowRun.map((row) =>
        columnRun.map((column) => {
          const key = `${row}:${column}`;
          return byCell.has(key) ? byCell.get(key) : (t.values[row - 1]?.[column - 1] ?? '');
        }),
      );
      t.sheet
        .getRange(rowRun[0]!, columnRun[0]!, rowRun.length, columnRun.length)
        .setValues(block.map((r) => r.map(writable)));
      calls++;
      rowRun.forEach((row, i) => {
        while (t.values.length < row) t.values.push([]);
        const target = t.values[row - 1]!;
        columnRun.forEach((column, j) => {
          while (target.length < column) target.push('');
          target[column - 1] = block[i]![j];
        });
      });
    }
  }
  syncTableRows(t);
  return calls;
}

/** The table's rows are a view of `values` past the header: keep it so after rows were appended. */
function syncTableRows(t: SheetTable): void {
  const rows = t.table.rows as Cell[][];
  const width = t.values[t.headerIndex]?.length ?? 0;
  for (let i = t.headerIndex + 1 + rows.length; i < t.values.length; i++) {
    const row = t.values[i]!;
    while (row.length < width) row.push('');
    rows.push(row);
  }
}

/** Makes sure the sheet has at least `row` rows (appending past the end of a sheet fails in Sheets). */
export function ensureRows(t: SheetTable, row: number): void {
  const max = t.sheet.getMaxRows();
  if (row > max) t.sheet.insertRowsAfter(max, row - max);
}

/** A 53-bit string hash (cyrb53) as 14 hex digits: fingerprints and name checks, not security. */
export function hash(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return n.toString(16).padStart(14, '0');
}
