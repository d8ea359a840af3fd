// Reading a table (a header row, then records) as Sheets hands it to a custom function or getValues().
import { type Cell, isDate, quote, showCell } from '../contract/cells';
import { ERR_PREFIX, type Parsed, RowError, TableError } from '../contract/errors';
import { dateText } from './dates';

/** What a table formula returns: rows of cells, spilled from the formula's cell down and right. */
export type Spill = Cell[][];

// Rows are counted three ways; each has its name, so that a signature says which one it takes.
/** A row as Sheets numbers it: 1-based from the top of the sheet (getRange, the number at the sheet's left). */
export type SheetRow = number;
/** A record's index in Table.rows: 0-based, 0 is the row below the header. */
export type RowIndex = number;
/** A row as counted in the range a formula was given: 1-based, the header row is 1 (what messages name). */
export type RangeRow = number;

/** The range row of a record: the header is range row 1, so record 0 is range row 2. */
export const rangeRowOf = (index: RowIndex): RangeRow => index + 2;

/** Headers match by name, ignoring case, spaces, `-`, `_`, `&` and `.` (SHEETS.md). */
export const headerKey = (header: unknown): string =>
  String(header ?? '')
    .toLowerCase()
    .replace(/[\s\-_&.]/g, '');

/** The row's output for its RowError; anything else is a fault, not bad input, and is thrown on. */
export const errorText = (e: unknown): string => {
  if (e instanceof RowError) return ERR_PREFIX + e.message;
  throw e;
};

export function isBlankCell(cell: Cell): boolean {
  return cell === '' || cell === false || cell === null || cell === undefined;
}

/** A row of blanks and unticked checkboxes is no record. */
export const isBlankRow = (row: readonly Cell[]): boolean => row.every(isBlankCell);

export interface Table {
  /** What the argument is, for messages: "units", "battles", ... */
  readonly name: string;
  readonly rows: readonly (readonly Cell[])[];
  /** Column index of a header (by its key), or -1 when the table lacks it. */
  column(header: string): number;
  has(header: string): boolean;
}

/**
 * Reads a range argument as a table. Throws an Error saying what to fix when it is not a range with a header
 * row, or a required header is missing, or two columns carry the same header.
 */
export function readTable(
  range: unknown,
  name: string,
  example: string,
  required: readonly string[] = [],
): Table {
  if (!Array.isArray(range) || !range.every(Array.isArray)) {
    throw new TableError(`${name} must be a range with a header row, e.g. ${example} (got a single value)`);
  }
  const [headerRow, ...rows] = range as Cell[][];
  if (!headerRow)
    throw new TableError(`${name} is empty: give the range with its header row, e.g. ${example}`);
  const keys = headerRow.map(headerKey);
  const missing = required.filter((h) => !keys.includes(headerKey(h)));
  // A first row of data (a number, a tick, a date) and none of the headers: the range left its header row out.
  if (missing.length > 0 && missing.length === required.length && headerRow.some(isDataCell)) {
    const got = headerRow
      .filter((c) => !isBlankCell(c))
      .slice(0, 3)
      .map(showCell)
      .join(', ');
    throw new TableError(
      `${name}: the first row of the range must be the header row, e.g. ${example} (got ${got}, …)`,
    );
  }
  const columns = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!key) return;
    const first = columns.get(key);
    if (first !== undefined) {
      throw new TableError(
        `${name}: the range's columns ${columnLetter(first + 1)} and ${columnLetter(i + 1)} are both headed ${quote(String(headerRow[i]).trim())}; rename or remove one`,
      );
    }
    columns.set(key, i);
  });
  if (missing.length > 0) {
    const list = missing.map((h) => `"${h}"`).join(', ');
    throw new TableError(
      `${name} has no ${list} column${missing.length > 1 ? 's' : ''}: include ${missing.length > 1 ? 'them' : 'it'} in the range, headed in its first row, e.g. ${example} (Warcard → Set up campaign adds missing columns)`,
    );
  }
  // Rows ask by the same few header names thousands of times: remember each name's column.
  const byName = new Map<string, number>();
  const column = (header: string): number => {
    let i = byName.get(header);
    if (i === undefined) {
      i = columns.get(headerKey(header)) ?? -1;
      byName.set(header, i);
    }
    return i;
  };
  return { name, rows, column, has: (header) => column(header) >= 0 };
}

/** A cell only a record holds: a number, a checkbox, a date. */
const isDataCell = (cell: Cell): boolean =>
  typeof cell === 'number' || typeof cell === 'boolean' || isDate(cell);

/** A column's letters from its number (1 is A, 27 is AA). */
export function columnLetter(column: number): string {
  let s = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The cell of a row under a header, "" when the table lacks the column (undefined past a short row's end). */
export const cellOf = (table: Table, row: readonly Cell[], header: string): Cell => {
  const i = table.column(header);
  return i < 0 ? '' : row[i];
};

/** A row parsed (its record, or the RowError saying what to fix); undefined for a blank row (no record). Faults other than a RowError are thrown on. */
export function parseRecord<T>(
  t: Table,
  row: readonly Cell[],
  parse: (t: Table, row: readonly Cell[]) => T,
): Parsed<T, RowError> | undefined {
  if (isBlankRow(row)) return undefined;
  try {
    return { ok: true, value: parse(t, row) };
  } catch (e) {
    if (e instanceof RowError) return { ok: false, error: e };
    throw e;
  }
}

/** An optional argument left out: Sheets passes nothing, or "" for an empty cell. */
export const isGiven = (arg: unknown): boolean => arg !== undefined && arg !== null && arg !== '';

// Lists, not sets: the script loads on every call, and loading builds nothing.
const TRUE_TEXT: readonly string[] = ['true', 'yes', 'y', 'x'];
const FALSE_TEXT: readonly string[] = ['false', 'no', 'n', ''];

/** A checkbox: TRUE/FALSE, blank for unticked; the words true/false/yes/no are read too. */
export function checkbox(cell: Cell, header: string): boolean {
  if (typeof cell === 'boolean') return cell;
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'string') {
    const t = cell.trim().toLowerCase();
    if (TRUE_TEXT.includes(t)) return true;
    if (FALSE_TEXT.includes(t)) return false;
  }
  throw new RowError(`${header} must be a checkbox, TRUE or FALSE (got ${showCell(cell)})`);
}

/** Made on the first lookup, not when the script loads (it loads on every call). */
let optionKeyCache: WeakMap<readonly string[], Map<string, string>> | undefined;
function optionKeys<T extends string>(options: readonly T[]): Map<string, T> {
  optionKeyCache ??= new WeakMap();
  let keys = optionKeyCache.get(options);
  if (!keys) {
    // Both the words as written and their header keys, so the common exact spelling skips normalizing.
    keys = new Map(options.flatMap((o) => [[o, o] as const, [headerKey(o), o] as const]));
    optionKeyCache.set(options, keys);
  }
  return keys as Map<string, T>;
}

/** One of a list of words, matched like headers; blank gives `blank`, or is an error when 'required'. */
export function choice<T extends string>(
  cell: Cell,
  header: string,
  options: readonly T[],
  blank: T | 'required',
  aliases?: Readonly<Record<string, T>>,
): T;
export function choice<T extends string>(
  cell: Cell,
  header: string,
  options: readonly T[],
  blank: 'absent',
  aliases?: Readonly<Record<string, T>>,
): T | undefined;
export function choice<T extends string>(
  cell: Cell,
  header: string,
  options: readonly T[],
  blank: T | 'required' | 'absent',
  aliases: Readonly<Record<string, T>> = {},
): T | undefined {
  const text = typeof cell === 'string' ? cell.trim() : cell;
  // The list is joined only for a message: this runs for every cell of a roster.
  const list = () => options.join(', ');
  if (text === '' || text === null || text === undefined) {
    if (blank === 'required') throw new RowError(`${header} is required: one of ${list()}`);
    return blank === 'absent' ? undefined : blank;
  }
  const keys = optionKeys(options);
  const found = keys.get(text as string) ?? keys.get(headerKey(text)) ?? aliases[headerKey(text)];
  if (found === undefined) throw new RowError(`${header} must be one of ${list()} (got ${showCell(cell)})`);
  return found;
}

/** Free text: numbers and booleans as Sheets would show them, dates as the spreadsheet shows the day, trimmed. */
export function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (isDate(cell)) return dateText(cell);
  return String(cell).trim();
}

/** A list of army names, comma-separated in one cell or spread over a range. */
export function armyList(value: unknown): string[] {
  const cells = Array.isArray(value) ? (value as unknown[]).flat(2) : [value];
  return cells
    .flatMap((c) => text(c).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** How many rows from the top are searched for a table's header row. */
export const HEADER_SEARCH_ROWS = 10;

/**
 * The header row (1-based) among a sheet's first rows: the one holding the most of the table's headers, the
 * first of equals. None holds any: row 1 when it is empty (the headers go there), else undefined.
 */
export function findHeaderRow(
  rows: readonly (readonly Cell[])[],
  headers: readonly string[],
): number | undefined {
  const known = new Set(headers.map(headerKey));
  let best = 0;
  let found = 1;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, i) => {
    const matched = new Set(row.map(headerKey).filter((k) => known.has(k))).size;
    if (matched > best) {
      best = matched;
      found = i + 1;
    }
  });
  return best > 0 || (rows[0] ?? []).every((cell) => cell === '') ? found : undefined;
}
