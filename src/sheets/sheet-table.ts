// A table on its own sheet, as the sidebar's server reads it: the sheet's values read whole, once, the header
// row found below any title, and the table's rows placed on the sheet (SheetRow) as well as in the table
// (RowIndex). Nothing here knows of battles: see server/.
import {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  REALM_HEADERS,
  TREASURY_HEADERS,
  UNIT_HEADERS,
} from '../contract/columns';
import type { RangeApi, SheetApi, SpreadsheetApi } from './gas';
import { LOG_HEADERS, UNDO_HEADERS } from './log-sheets';
import { PLAYER_HEADERS } from './players';
import { SETTING_HEADERS } from './settings';
import { SHEET_NAMES } from './sheet-names';
import {
  findHeaderRow,
  HEADER_SEARCH_ROWS,
  headerKey,
  isBlankRow,
  type RowIndex,
  readTable,
  type SheetRow,
  type Table,
} from './table';
import { type Cell, messageOf } from '../contract/cells';
import { TableError } from '../contract/errors';
import { TREASURY_HEADER } from './treasury-formula';

/**
 * Every header of each sheet's table, by sheet name. The server reads these columns only: a column of the
 * user's, or a formula's result such as Units' Value (which shows "Loading..." or #REF! while Sheets recomputes
 * it), is never looked at, so it can never make two columns seem to share a header.
 */
const TABLE_HEADERS: Readonly<Record<string, readonly string[]>> = {
  // Units' optional Mustered column is read for the treasury (contract/columns.ts MUSTERED_COLUMN).
  [SHEET_NAMES.units]: [...UNIT_HEADERS, 'Mustered'],
  [SHEET_NAMES.characters]: CHARACTER_HEADERS,
  [SHEET_NAMES.battles]: BATTLE_HEADERS,
  [SHEET_NAMES.settings]: SETTING_HEADERS,
  [SHEET_NAMES.library]: UNIT_HEADERS,
  [SHEET_NAMES.log]: LOG_HEADERS,
  [SHEET_NAMES.undo]: UNDO_HEADERS,
  [SHEET_NAMES.players]: PLAYER_HEADERS,
  [SHEET_NAMES.realms]: REALM_HEADERS,
  [SHEET_NAMES.treasury]: TREASURY_HEADERS,
};

/**
 * The block a formula spills beside a sheet's table (set-up puts TREASURY beside the Realms rows), by sheet name:
 * its header row repeats a header of the table (`Realm`), so the table's columns end where the block starts.
 */
const BESIDE: Readonly<Record<string, readonly string[]>> = { [SHEET_NAMES.realms]: TREASURY_HEADER };

/** The column where a formula's block starts on the sheet's header row (its width when there is none). */
function blockAt(sheetName: string, header: readonly Cell[]): number {
  const name = Object.keys(BESIDE).find((n) => n.toLowerCase() === sheetName.toLowerCase());
  const block = name === undefined ? undefined : BESIDE[name];
  if (!block) return header.length;
  const keys = block.map(headerKey);
  const at = header.findIndex((_, c) => c > 0 && keys.every((k, i) => headerKey(header[c + i] ?? '') === k));
  return at < 0 ? header.length : at;
}

/** A table on its own sheet: the sheet's data range read once, the header row found in its first rows. */
export interface SheetTable {
  readonly sheet: SheetApi;
  /** Every value of the data range (from A1), as getValues gave it; writes update it in place. */
  readonly values: Cell[][];
  /** 0-based index in `values` of the header row. */
  readonly headerIndex: number;
  readonly table: Table;
  /**
   * Sheet rows between the header and the first row read, left unread: a history sheet (Log, Undo) is read from
   * its end only, so that a call costs the same after 500 battles as after none. 0 when read whole.
   */
  readonly skipped?: number;
  /** Rows after those read were not asked (readSheetThrough): where the sheet ends is not known. */
  readonly open?: boolean;
}

/** The headers of a sheet's table: sheet names compare without case, as getSheetByName finds them. */
function tableHeaders(sheetName: string): readonly string[] | undefined {
  const name = sheetName.toLowerCase();
  const found = Object.keys(TABLE_HEADERS).find((n) => n.toLowerCase() === name);
  return found === undefined ? undefined : TABLE_HEADERS[found];
}

/**
 * The header row's index among the first rows: the one holding the most of the required headers (all of them,
 * when a row does; a header deleted: the message names that row), the first of equals; else the first row.
 */
const headerRowIndex = (values: readonly (readonly Cell[])[], required: readonly string[]): number =>
  (findHeaderRow(values, required) ?? 1) - 1;

/** The sheet's table, its values read in one call; null when there is no sheet of that name. */
export function readSheetTable(
  spreadsheet: SpreadsheetApi,
  sheetName: string,
  what: string,
  example: string,
  required: readonly string[],
): SheetTable | null {
  const sheet = spreadsheet.getSheetByName(sheetName);
  if (!sheet) return null;
  return tableOf(sheet, sheetName, dataValues(sheet), what, example, required);
}

/**
 * Every value of a sheet's data range in one call: getSheetValues to the last row and column with data (Google
 * documents -1 for them), not getDataRange and its getValues. Google does not say what it gives for an empty sheet
 * (no row to give); if it refuses, the sheet's last row is asked, and an empty sheet is what getDataRange gives for
 * one, a blank cell. Any other failure stands.
 */
function dataValues(sheet: SheetApi): Cell[][] {
  try {
    return sheet.getSheetValues(1, 1, -1, -1) as Cell[][];
  } catch (e) {
    if (sheet.getLastRow() === 0) return [['']];
    throw e;
  }
}

/** The table in a sheet's values (from A1): the header row found in the first rows, or the one given. */
function tableOf(
  sheet: SheetApi,
  sheetName: string,
  values: Cell[][],
  what: string,
  example: string,
  required: readonly string[],
  headerIndex = headerRowIndex(values, required),
): SheetTable {
  // Only the table's own headers count: other columns (the user's, a formula's result) are not read.
  const known = new Set((tableHeaders(sheetName) ?? required).map(headerKey));
  const row = values[headerIndex] ?? [];
  const end = blockAt(sheetName, row);
  const header = row.map((h, c) => (c < end && known.has(headerKey(h)) ? h : ''));
  const present = new Set(header.map(headerKey));
  const missing = required.filter((h) => !present.has(headerKey(h)));
  if (missing.length > 0) throw new TableError(missingHeaders(sheetName, missing, headerIndex + 1));
  const table = readTable([header, ...values.slice(headerIndex + 1)], what, example, required);
  return { sheet, values, headerIndex, table };
}

/**
 * The sheet's table read from its end: the header row and at most `rows` last rows, with two reads whatever the
 * sheet's length (the data range's size, then its head and its end in one or two getValues). Null without the
 * sheet. The rows between are `skipped`: asking for a row there finds none.
 */
export function readSheetEnd(
  spreadsheet: SpreadsheetApi,
  sheetName: string,
  what: string,
  example: string,
  required: readonly string[],
  rows: number,
): SheetTable | null {
  const sheet = spreadsheet.getSheetByName(sheetName);
  if (!sheet) return null;
  const data = sheet.getDataRange();
  const last = data.getNumRows();
  const width = data.getNumColumns();
  if (last <= HEADER_SEARCH_ROWS + rows)
    return tableOf(sheet, sheetName, data.getValues(), what, example, required);
  const head: Cell[][] = sheet.getRange(1, 1, HEADER_SEARCH_ROWS, width).getValues();
  const headerIndex = headerRowIndex(head, required);
  const first = last - rows + 1;
  const end: Cell[][] = rows > 0 ? sheet.getRange(first, 1, rows, width).getValues() : [];
  const values = [...head.slice(0, headerIndex + 1), ...end];
  return {
    ...tableOf(sheet, sheetName, values, what, example, required, headerIndex),
    skipped: first - headerIndex - 2,
  };
}

/**
 * The sheet's table as far as sheet row `last`: its header row and the rows `first`..`last`, read without the data
 * range (getSheetValues to the last column with data), in one call when `first` lies among the header rows searched,
 * else two. Its end is not known (`open`). Null without the sheet; undefined when Google refuses the rows (past the
 * sheet's end, an empty sheet): the caller reads the sheet as usual.
 */
export function readSheetThrough(
  spreadsheet: SpreadsheetApi,
  sheetName: string,
  what: string,
  example: string,
  required: readonly string[],
  first: SheetRow,
  last: SheetRow,
): SheetTable | null | undefined {
  const sheet = spreadsheet.getSheetByName(sheetName);
  if (!sheet) return null;
  let head: Cell[][];
  let rows: Cell[][] = [];
  try {
    const one = first <= HEADER_SEARCH_ROWS + 1;
    head = sheet.getSheetValues(1, 1, one ? last : HEADER_SEARCH_ROWS, -1) as Cell[][];
    if (!one) rows = sheet.getSheetValues(first, 1, last - first + 1, -1) as Cell[][];
  } catch (e) {
    // Rows past the sheet's end (deleted by hand), or no column with data: asked only after such a refusal.
    if (last > sheet.getMaxRows() || sheet.getLastColumn() === 0) return undefined;
    throw e;
  }
  if (rows.length === 0) return { ...tableOf(sheet, sheetName, head, what, example, required), open: true };
  const headerIndex = headerRowIndex(head, required);
  const values = [...head.slice(0, headerIndex + 1), ...rows];
  return {
    ...tableOf(sheet, sheetName, values, what, example, required, headerIndex),
    skipped: first - headerIndex - 2,
    open: true,
  };
}

/** The rows `first`..`last` of a table read from its end (rows it skipped), read with one getValues. */
export function readRowsOf(t: SheetTable, first: SheetRow, last: SheetRow): SheetTable {
  const width = t.values[t.headerIndex]?.length ?? 0;
  const rows: Cell[][] =
    last >= first && width > 0 ? t.sheet.getRange(first, 1, last - first + 1, width).getValues() : [];
  const values = [...t.values.slice(0, t.headerIndex + 1), ...rows];
  const header = t.values[t.headerIndex] ?? [];
  const table = readTable([header, ...rows], t.table.name, '', []);
  return {
    sheet: t.sheet,
    values,
    headerIndex: t.headerIndex,
    table: { ...t.table, rows: table.rows },
    skipped: first - t.headerIndex - 2,
  };
}

/**
 * The rows `first`..`last` of a table as it read them, without reading again; null when it did not read them all
 * (rows it skipped, or past its end).
 */
export function heldRows(t: SheetTable, first: SheetRow, last: SheetRow): SheetTable | null {
  const from = indexOfSheetRow(t, first);
  if (from < 0 || indexOfSheetRow(t, last) >= t.table.rows.length) return null;
  const rows = t.values.slice(valuesIndexOf(t, first), valuesIndexOf(t, last) + 1);
  return {
    sheet: t.sheet,
    values: [...t.values.slice(0, t.headerIndex + 1), ...rows],
    headerIndex: t.headerIndex,
    table: { ...t.table, rows: t.table.rows.slice(from, indexOfSheetRow(t, last) + 1) },
    skipped: first - t.headerIndex - 2,
  };
}

/** A range of the sheet, or null when it passes the sheet's end (Google refuses such a range). */
export function rangeInside(
  sheet: SheetApi,
  row: number,
  column: number,
  numRows: number,
  numColumns: number,
): RangeApi | null {
  try {
    return sheet.getRange(row, column, numRows, numColumns);
  } catch (e) {
    if (/outside the dimensions/i.test(messageOf(e))) return null;
    throw e;
  }
}

/** The sheet row of a record. */
export const sheetRowOf = (t: SheetTable, index: RowIndex): SheetRow =>
  t.headerIndex + 2 + (t.skipped ?? 0) + index;
/** The record at a sheet row; negative or past the end when the row is not a record row read. */
export const indexOfSheetRow = (t: SheetTable, row: SheetRow): RowIndex =>
  row - t.headerIndex - 2 - (t.skipped ?? 0);
/** Index in `values` of a sheet row (the header's rows, then the rows read). */
export const valuesIndexOf = (t: SheetTable, row: SheetRow): number =>
  row - 1 <= t.headerIndex ? row - 1 : row - 1 - (t.skipped ?? 0);
/** Sheet column (1-based) of a header, or 0 when the table lacks it. */
export const sheetColumnOf = (t: SheetTable, header: string): number => t.table.column(header) + 1;

/** The raw cell of a table row under a header ("" when the table lacks the column or the row). */
export function cellAt(t: SheetTable, index: RowIndex, header: string): Cell {
  const c = t.table.column(header);
  const row = t.table.rows[index];
  return c < 0 || !row ? '' : (row[c] ?? '');
}

/** Sheet row after the last record of the table: where new records go. */
export function appendRow(t: SheetTable): SheetRow {
  let last = -1;
  t.table.rows.forEach((row, i) => {
    if (!isBlankRow(row)) last = i;
  });
  return sheetRowOf(t, last + 1);
}

/**
 * The message for a table whose header row lacks headers the call needs: the sheet, its header row and the fix.
 * Not a formula's message: nobody typed a range here.
 */
export function missingHeaders(sheetName: string, missing: readonly string[], row: number): string {
  const names = missing.map((h) => `"${h}"`).join(', ');
  const many = missing.length > 1;
  return `The ${sheetName} sheet has no ${names} header${many ? 's' : ''} in its header row (row ${row}): type ${many ? 'them back above their columns' : 'it back above its column'}. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.`;
}

/**
 * A string as Sheets must receive it to keep it text: setValues reads strings as if typed, so "=..." would become
 * a formula, and "Jan 5", "$5", "(5)", "3/4", "#N/A" or TRUE a date, a number, an error or a boolean. A leading
 * apostrophe on every string keeps each exactly as written (Sheets shows and returns it without the apostrophe).
 */
export function asText(value: Cell): Cell {
  return typeof value === 'string' && value !== '' ? `'${value}` : value;
}

/** Makes sure the sheet has at least `row` rows (appending past the end of a sheet fails in Sheets). */
export function ensureRows(t: SheetTable, row: SheetRow): void {
  const max = t.sheet.getMaxRows();
  if (row > max) t.sheet.insertRowsAfter(max, row - max);
}
