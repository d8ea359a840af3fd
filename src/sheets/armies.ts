// The rosters grouped by army, once per formula call: each army's units and characters, their forces summed
// once, and its characters' bonus worked out once per kind of enemy. Formulas then look armies up instead of
// walking the roster for every row or battle, so their work grows with the rows, not rows times armies.
import {
  addForces,
  type Character,
  characterBonus,
  didYouMean,
  type Forces,
  forcesOf,
  NO_FORCES,
  nameKey,
  situationAgainst,
  type Unit,
  unknownArmy,
} from '../rules';
import { readCharacters } from './characters';
import { characterRoster, type Roster, unitRoster } from './rosters';
import { isGiven, type RangeRow } from './table';
import { RowError } from '../contract/errors';
import { readUnits } from './units';

export interface Army {
  /** The name as first written in the rosters. */
  readonly name: string;
  readonly units: readonly Unit[];
  readonly characters: readonly Character[];
  /** The first bad Units (Characters) row of the army: its totals cannot be worked out. */
  readonly unitError?: RowError;
  readonly characterError?: RowError;
  /** Its fighting units, summed (computed on first use). */
  forces(): Forces;
  /** Its characters' total bonus in a battle against these forces; NO_FORCES gives the standing bonus. */
  characterBonus(enemy: Forces): number;
}

export interface ArmyBook {
  /** Armies in the order they first appear in the units, then those that only characters name. */
  readonly armies: readonly Army[];
  /** An army by name, matched by nameKey. */
  get(name: string): Army | undefined;
  readonly hasCharacters: boolean;
}

interface Group {
  name: string;
  units: Unit[];
  characters: Character[];
  unitError?: RowError;
  characterError?: RowError;
}

const rowError = (what: string, row: RangeRow, label: string, error: RowError): RowError =>
  new RowError(`${what} row ${row}${label ? ` (${label})` : ''}: ${error.message}`);

/** Groups the rosters by army; the characters roster is optional (absent: no characters anywhere). */
function armyBook(units: Roster<Unit> | undefined, characters?: Roster<Character>): ArmyBook {
  const groups = new Map<string, Group>();
  const group = (name: string): Group => {
    const key = nameKey(name);
    let g = groups.get(key);
    if (!g) {
      g = { name: name.trim(), units: [], characters: [] };
      groups.set(key, g);
    }
    return g;
  };
  // An army takes its name from its first record: the units', then the characters'.
  for (const r of units?.records ?? []) {
    const g = group(r.army);
    if (r.error) g.unitError ??= rowError('units', r.row, r.label, r.error);
    else g.units.push(r.value);
  }
  for (const r of characters?.records ?? []) {
    const g = group(r.army);
    if (r.error) g.characterError ??= rowError('characters', r.row, r.label, r.error);
    else g.characters.push(r.value);
  }
  const armies = new Map<string, Army>();
  for (const [key, g] of groups) armies.set(key, army(g));
  return {
    armies: [...armies.entries()].filter(([key]) => key !== '').map(([, a]) => a),
    get: (name) => armies.get(nameKey(name)),
    hasCharacters: characters !== undefined,
  };
}

function army(g: Group): Army {
  let forces: Forces | undefined;
  const ownForces = () => {
    forces ??= forcesOf(g.units);
    return forces;
  };
  // A bonus depends on the enemy only through its undead (for those who turn them) and its spell immunity.
  const turners = g.characters.some((c) => c.turnsUndead);
  const bonuses = new Map<string, number>();
  return {
    ...g,
    forces: ownForces,
    characterBonus(enemy) {
      const situation = situationAgainst(ownForces().units, turners ? enemy : { ...enemy, undead: 0 });
      const key = `${situation.enemyUndead}|${situation.enemyMagicResistant}`;
      let total = bonuses.get(key);
      if (total === undefined) {
        total = g.characters.reduce((s, c) => s + characterBonus(c, situation).total, 0);
        bonuses.set(key, total);
      }
      return total;
    },
  };
}

/** The rosters of the tables a formula was given, grouped by army; the characters are optional. */
export function armyBookOf(units: unknown, characters?: unknown): ArmyBook {
  const people = isGiven(characters)
    ? characterRoster(readCharacters(characters, { withArmy: true }))
    : undefined;
  return armyBook(unitRoster(readUnits(units, { withArmy: true })), people);
}

/** Throws the first bad row among these armies (units first): their totals depend on it. */
export function checkRows(armies: readonly Army[]): void {
  for (const a of armies) if (a.unitError) throw a.unitError;
  for (const a of armies) if (a.characterError) throw a.characterError;
}

/** The armies named, each once, or an error naming the first bad row among them (units first). */
export function armiesNamed(book: ArmyBook, names: readonly string[]): Army[] {
  const seen = new Set<Army>();
  for (const name of names) {
    const a = book.get(name);
    if (a) seen.add(a);
  }
  const list = [...seen];
  checkRows(list);
  return list;
}

/**
 * A name that no unit or character carries is most likely a typo: say so rather than value it at 0, naming the
 * closest known army within two edits.
 */
export function checkKnown(book: ArmyBook, name: string): void {
  if (book.get(name)) return;
  const known = book.armies.map((a) => a.name);
  throw new RowError(`${unknownArmy(name, book.hasCharacters)}${didYouMean(name, known)}`);
}

/** The forces of several armies together. */
export const forcesOfArmies = (armies: readonly Army[]): Forces =>
  armies.reduce((f, a) => addForces(f, a.forces()), NO_FORCES);

/** The standing value of armies: their fighting units plus their characters' standing bonuses. */
export const standingValue = (armies: readonly Army[]): number =>
  armies.reduce((s, a) => s + a.forces().value + a.characterBonus(NO_FORCES), 0);
