// Reading a table (a header row, then records) as Sheets hands it to a custom function or getValues().
import { dateText } from './dates';

/** A cell as Sheets passes it: number, boolean (checkbox), string ("" when blank) or Date. */
export type Cell = unknown;

/** What an `#ERR:` text or a thrown message may hold (SHEETS.md): a quote of at most 60 characters, 300 in all. */
export const MAX_QUOTE = 60;
export const MAX_MESSAGE = 300;
export const ERR_PREFIX = '#ERR: ';

/** Cuts a text to `max` characters, an ellipsis marking the cut, never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A text as a message quotes it: in double quotes, cut to MAX_QUOTE characters. */
export const quote = (text: string): string => `"${cut(text, MAX_QUOTE)}"`;

/** Bad input in one row: the row's output becomes `#ERR: <message>`, the other rows still compute. */
export class RowError extends Error {
  constructor(message: string) {
    super(cut(message, MAX_MESSAGE - ERR_PREFIX.length));
  }
}

/** A structural problem (missing header, wrong argument): the whole call throws it, as short as a row's. */
export class TableError extends Error {
  constructor(message: string) {
    super(cut(message, MAX_MESSAGE));
  }
}

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

/** A Date from any realm (the emulation and Apps Script hand over their own). */
export const isDate = (cell: Cell): cell is Date => Object.prototype.toString.call(cell) === '[object Date]';

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
  const columns = new Map<string, number>();
  headerRow.forEach((h, i) => {
    const key = headerKey(h);
    if (!key) return;
    if (columns.has(key)) {
      throw new TableError(
        `${name}: two columns are headed ${quote(String(h).trim())}; rename or remove one`,
      );
    }
    columns.set(key, i);
  });
  const missing = required.filter((h) => !columns.has(headerKey(h)));
  if (missing.length > 0) {
    const list = missing.map((h) => `"${h}"`).join(', ');
    throw new TableError(
      `${name} has no ${list} column${missing.length > 1 ? 's' : ''}: the range must start at the header row, e.g. ${example}`,
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

/** The cell of a row under a header, "" when the table lacks the column. */
export const cellOf = (table: Table, row: readonly Cell[], header: string): Cell => {
  const i = table.column(header);
  return i < 0 ? '' : row[i];
};

export function showCell(cell: Cell): string {
  if (typeof cell === 'string') return quote(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (isDate(cell)) return 'a date';
  return cut(String(cell), MAX_QUOTE);
}

/** What a number cell may hold (SHEETS.md "Numbers"): from min to max, whole numbers only when `whole`. */
export interface NumberRange {
  readonly min: number;
  readonly max: number;
  readonly whole: boolean;
}

/** Thousands separated, so 1000000000000 reads as 1,000,000,000,000. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The range in words, e.g. "a whole number from 1 to 1,000". */
export const describeRange = (r: NumberRange): string =>
  `${r.whole ? 'a whole number' : 'a number'} from ${grouped(r.min)} to ${grouped(r.max)}`;

/** Plain decimal text: an optional minus, digits, an optional point and digits. No hex, exponents or units. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The one reading of a number cell or argument (SHEETS.md "Numbers"), for every number column, every scalar
 * formula argument and the sidebar's typed fields. A number, or text that is a plain decimal number with spaces
 * around it, finite and within `range`. Blank ("", null, undefined, whitespace) gives `blank`: a default, an
 * error when 'required', or undefined when 'absent'. Anything else throws a RowError naming `field` and the value.
 */
export function numberCell(cell: Cell, field: string, range: NumberRange, blank: number | 'required'): number;
export function numberCell(
  cell: Cell,
  field: string,
  range: NumberRange,
  blank?: number | 'required' | 'absent',
): number | undefined;
export function numberCell(
  cell: Cell,
  field: string,
  range: NumberRange,
  blank: number | 'required' | 'absent' = 'absent',
): number | undefined {
  let n = Number.NaN;
  if (typeof cell === 'number') n = cell;
  else if (typeof cell === 'string' || cell === null || cell === undefined) {
    const t = typeof cell === 'string' ? cell.trim() : '';
    if (t === '') {
      if (blank === 'required') throw new RowError(`${field} is required: ${describeRange(range)}`);
      return blank === 'absent' ? undefined : blank;
    }
    if (PLAIN_DECIMAL.test(t)) n = Number(t);
  }
  // NaN and the infinities fail every comparison or the bounds; -0 becomes 0 so no cell shows "-0".
  if (n >= range.min && n <= range.max && (!range.whole || Number.isInteger(n))) return n === 0 ? 0 : n;
  throw new RowError(`${field} must be ${describeRange(range)} (got ${showCell(cell)})`);
}

const TRUE_TEXT = new Set(['true', 'yes', 'y', 'x']);
const FALSE_TEXT = new Set(['false', 'no', 'n', '']);

/** A checkbox: TRUE/FALSE, blank for unticked; the words true/false/yes/no are read too. */
export function checkbox(cell: Cell, header: string): boolean {
  if (typeof cell === 'boolean') return cell;
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'string') {
    const t = cell.trim().toLowerCase();
    if (TRUE_TEXT.has(t)) return true;
    if (FALSE_TEXT.has(t)) return false;
  }
  throw new RowError(`${header} must be a checkbox, TRUE or FALSE (got ${showCell(cell)})`);
}

const optionKeyCache = new WeakMap<readonly string[], Map<string, string>>();
function optionKeys<T extends string>(options: readonly T[]): Map<string, T> {
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
