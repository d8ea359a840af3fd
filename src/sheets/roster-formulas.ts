// The roster formulas of SHEETS.md: a value per unit or character, and per army. Each takes whole tables as
// Sheets passes them and values them in one call, grouping the rosters by army once (armies.ts), so its work
// grows with the rows, never rows times armies.
import {
  characterBonus,
  isMaintained,
  likelyTypos,
  musterCost,
  STANDING,
  typoWarning,
  type Unit,
  unitValue,
  upkeep,
} from '../rules';
import { type ArmyBook, armiesNamed, armyBookOf, checkKnown, checkRows, standingValue } from './armies';
import { parseCharacter, readCharacters } from './characters';
import { readSettings } from './settings';
import { armyList, errorText, isBlankRow, isGiven, type Spill, type Table } from './table';
import type { Cell } from '../contract/cells';
import { TableError } from '../contract/errors';
import { parseUnit, readUnits } from './units';

/**
 * Columns headed `headers`, then per row the record's cells, "" for a blank row, or `#ERR: ...` in every column
 * for a bad one.
 */
function perRow<T>(
  t: Table,
  headers: readonly string[],
  parse: (t: Table, row: readonly Cell[]) => T,
  value: (record: T) => Cell[],
): Spill {
  const out: Spill = [[...headers]];
  for (const row of t.rows) {
    if (isBlankRow(row)) {
      out.push(headers.map(() => ''));
      continue;
    }
    try {
      out.push(value(parse(t, row)));
    } catch (e) {
      const message = errorText(e);
      out.push(headers.map(() => message));
    }
  }
  return out;
}

/** Each unit's value: the card's, or its override, plus realm spells (RULES 1, D-1, D-3, D-4). */
export function UNITVALUE(units: unknown): Spill {
  return perRow(readUnits(units), ['Value'], parseUnit, (u) => [unitValue(u)]);
}

/** Each unit's muster cost in GB (RULES 4). */
export function MUSTERCOST(units: unknown): Spill {
  return perRow(readUnits(units), ['Muster'], parseUnit, (u) => [musterCost(u)]);
}

/** Each unit's maintenance in GB (RULES 4, D-9). */
export function UPKEEP(units: unknown): Spill {
  return perRow(readUnits(units), ['Upkeep'], parseUnit, (u) => [upkeep(u)]);
}

export const UNITSTATS_HEADER = ['Value', 'Muster', 'Upkeep'] as const;

/** Value, muster and upkeep of every unit from one call: the three functions above side by side. */
export function UNITSTATS(units: unknown): Spill {
  return perRow(readUnits(units), UNITSTATS_HEADER, parseUnit, (u) => [
    unitValue(u),
    musterCost(u),
    upkeep(u),
  ]);
}

/** Each character's standing bonus: no turning, no enemy magic resistance (RULES 3). */
export function CHARACTERVALUE(characters: unknown, units?: unknown): Spill {
  const t = readCharacters(characters);
  const book = isGiven(units) ? armyBookOf(units) : undefined;
  return perRow(t, ['Bonus'], parseCharacter, (c) => {
    const armyUnits = c.battlewise && c.commands === undefined && book ? fightingCount(book, c.army) : 0;
    return [characterBonus(c, STANDING(armyUnits)).total];
  });
}

function fightingCount(book: ArmyBook, army: string): number {
  const found = army === '' ? undefined : book.get(army);
  if (!found) return 0;
  if (found.unitError) throw found.unitError;
  return found.forces().units;
}

/** The base army value of the armies named: their fighting units plus their characters' standing bonuses. */
export function ARMYVALUE(armies: unknown, units: unknown, characters?: unknown): number | string {
  const names = armyList(armies);
  if (names.length === 0)
    throw new TableError('armies is empty: name one or more armies, comma-separated, e.g. "Avanil, Ghoere"');
  const book = armyBookOf(units, characters);
  // An army no unit or character carries is most likely a typo (SHEETS.md: ARMYVALUE throws, naming it).
  for (const army of names) {
    try {
      checkKnown(book, army);
    } catch (e) {
      throw new TableError(e instanceof Error ? e.message : String(e));
    }
  }
  try {
    return standingValue(armiesNamed(book, names));
  } catch (e) {
    return errorText(e);
  }
}

export const ARMIES_HEADER = [
  'Army',
  'Ready',
  'Routed',
  'Destroyed',
  'Captured',
  'Value',
  'Muster',
  'Upkeep',
  'Note',
] as const;

/**
 * One row per army: its units by Status, its base value (as ARMYVALUE of that army alone), and the muster and
 * upkeep of its units still in the field (Ready and Routed). An army with a bad row shows why in place of
 * its figures. Note: an army within two edits of one with more units may be a typo (said, not refused).
 */
export function ARMIES(units: unknown, characters?: unknown, settings?: unknown): Spill {
  readSettings(isGiven(settings) ? settings : undefined); // checked now, so a bad setting is said at once
  const book = armyBookOf(units, characters);
  const typos = new Map(
    likelyTypos(book.armies.map((a) => ({ name: a.name, units: a.units.length }))).map((t) => [
      t.name,
      typoWarning(t.name, t.meant),
    ]),
  );
  const out: Spill = [[...ARMIES_HEADER]];
  for (const army of book.armies) {
    const note = typos.get(army.name) ?? '';
    try {
      checkRows([army]);
      const [counts, muster, upkeepTotal] = tally(army.units);
      out.push([army.name, ...counts, standingValue([army]), muster, upkeepTotal, note]);
    } catch (e) {
      out.push([army.name, errorText(e), ...ARMIES_HEADER.slice(2, -1).map(() => ''), note]);
    }
  }
  return out;
}

/** Units by Status (Ready, Routed, Destroyed, Captured), and the muster and upkeep of those in the field. */
function tally(units: readonly Unit[]): [number[], number, number] {
  const counts = { Ready: 0, Routed: 0, Destroyed: 0, Captured: 0 };
  let muster = 0;
  let upkeepTotal = 0;
  for (const u of units) {
    counts[u.status]++;
    if (isMaintained(u)) {
      muster += musterCost(u);
      upkeepTotal += upkeep(u);
    }
  }
  return [[counts.Ready, counts.Routed, counts.Destroyed, counts.Captured], muster, upkeepTotal];
}
