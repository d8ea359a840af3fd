// Numbers in cells (SHEETS.md "Numbers"): the one reading of a number cell or argument, and what each number
// column of the tables may hold. Platform-free: the sheets' parsers and the sidebar's typed fields (dice, castle
// level) read numbers by the same rule.
import { type Cell, showCell } from './cells';
import { RowError } from './errors';
import {
  BATTLE_COLUMNS,
  CHARACTER_COLUMNS,
  type Column,
  type NumberColumn,
  type NumberRange,
  UNIT_COLUMNS,
} from './columns';

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

type Columns = Readonly<Partial<Record<string, Column>>>;

/**
 * What a number column may hold (SHEETS.md "Numbers"): its declared range, looked up when asked, so that loading
 * the script builds nothing.
 */
export function rangeOf(header: NumberColumn): NumberRange {
  // Three property reads, no array built: the formulas ask this for every number cell they read.
  const column =
    (UNIT_COLUMNS as Columns)[header] ??
    (CHARACTER_COLUMNS as Columns)[header] ??
    (BATTLE_COLUMNS as Columns)[header];
  if (column === undefined || !('range' in column))
    throw new Error(`${header} is not a declared number column`);
  return column.range;
}

/** Every number column's range, by header: the declaration walked whole (what the tests hold to SHEETS.md). */
export function numberRanges(): Record<NumberColumn, NumberRange> {
  const ranges: Record<string, NumberRange> = {};
  for (const columns of [UNIT_COLUMNS, CHARACTER_COLUMNS, BATTLE_COLUMNS] as readonly Columns[])
    for (const [header, column] of Object.entries(columns))
      if (column && 'range' in column) ranges[header] = column.range;
  return ranges as Record<NumberColumn, NumberRange>;
}
export type { NumberColumn, NumberRange };
