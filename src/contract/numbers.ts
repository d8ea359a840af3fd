// Numbers in cells (SHEETS.md "Numbers"): the one reading of a number cell or argument, and what each number
// column of the tables may hold. Platform-free: the sheets' parsers and the sidebar's typed fields (dice, castle
// level) read numbers by the same rule.
import { type Cell, RowError, showCell } from './cells';
import {
  BATTLE_COLUMNS,
  CHARACTER_COLUMNS,
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

/**
 * What each number column may hold (SHEETS.md "Numbers"), by header: the columns' declared ranges, picked by name
 * (the script loads on every call: nothing is walked or built then).
 */
export const NUMBER_RANGES = {
  Move: UNIT_COLUMNS.Move.range,
  Melee: UNIT_COLUMNS.Melee.range,
  Missile: UNIT_COLUMNS.Missile.range,
  Defense: UNIT_COLUMNS.Defense.range,
  Charge: UNIT_COLUMNS.Charge.range,
  Morale: UNIT_COLUMNS.Morale.range,
  Hits: UNIT_COLUMNS.Hits.range,
  Specials: UNIT_COLUMNS.Specials.range,
  'Special Moves': UNIT_COLUMNS['Special Moves'].range,
  'Realm Spells': UNIT_COLUMNS['Realm Spells'].range,
  Override: UNIT_COLUMNS.Override.range,
  Warrior: CHARACTER_COLUMNS.Warrior.range,
  Rogue: CHARACTER_COLUMNS.Rogue.range,
  Wizard: CHARACTER_COLUMNS.Wizard.range,
  Priest: CHARACTER_COLUMNS.Priest.range,
  Commands: CHARACTER_COLUMNS.Commands.range,
  'Spell Slots': CHARACTER_COLUMNS['Spell Slots'].range,
  'Battle Spells': CHARACTER_COLUMNS['Battle Spells'].range,
  Categories: CHARACTER_COLUMNS.Categories.range,
  Research: CHARACTER_COLUMNS.Research.range,
  'D Spells': CHARACTER_COLUMNS['D Spells'].range,
  'War Spells': CHARACTER_COLUMNS['War Spells'].range,
  'Castle Level': BATTLE_COLUMNS['Castle Level'].range,
  Roll: BATTLE_COLUMNS.Roll.range,
} as const satisfies Record<NumberColumn, NumberRange>;
export type { NumberColumn, NumberRange };
