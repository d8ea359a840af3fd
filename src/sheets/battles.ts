// Battles as the sheet holds them: two rows a battle, each side's units and characters found by army.
import {
  type BattleSide,
  battleUnit,
  type Character,
  type ForceSide,
  nameKey,
  sidesConflict,
  type Unit,
} from '../rules';
import { type ArmyBook, armiesNamed, checkKnown, forcesOfArmies } from './armies';
import { type BattleRow, parseBattleRow, parseCharacter, parseRows, parseUnit } from './records';
import { type Cell, RowError, type Table, text } from './table';

type RosterRecord<T> = {
  readonly row: number;
  readonly label: string;
  readonly army: string;
  readonly value?: T;
  readonly error?: RowError;
};

/** A roster read once: every record parsed, or the reason it could not be, with its row in the range. */
export interface Roster<T> {
  readonly records: readonly RosterRecord<T>[];
  /** Records by army name (trimmed, any case): battles look sides up by army thousands of times. */
  readonly byArmy: ReadonlyMap<string, readonly RosterRecord<T>[]>;
}

/** An army's identity: the one name rule (rules/names.ts). */
export const armyKey = nameKey;

function roster<T>(t: Table, parse: (t: Table, row: readonly Cell[]) => T, nameHeader: string): Roster<T> {
  const parsed = parseRows(t, parse);
  const records: RosterRecord<T>[] = [];
  const byArmy = new Map<string, RosterRecord<T>[]>();
  const armyColumn = t.column('Army');
  const nameColumn = t.column(nameHeader);
  parsed.forEach((p, i) => {
    if (!p) return;
    const raw = t.rows[i]!;
    const army = armyColumn >= 0 ? text(raw[armyColumn]) : '';
    const label = nameColumn >= 0 ? text(raw[nameColumn]) : '';
    // Row numbers as the user sees them in the range: the header is row 1.
    const record: RosterRecord<T> = p.ok
      ? { row: i + 2, label, army, value: p.value }
      : { row: i + 2, label, army, error: p.error };
    records.push(record);
    const key = armyKey(army);
    const list = byArmy.get(key);
    if (list) list.push(record);
    else byArmy.set(key, [record]);
  });
  return { records, byArmy };
}

export const unitRoster = (t: Table): Roster<Unit> => roster(t, parseUnit, 'Unit');
export const characterRoster = (t: Table): Roster<Character> => roster(t, parseCharacter, 'Character');

/** A name that no unit or character carries is most likely a typo: say so rather than value it at 0. */
export function checkArmyKnown(
  army: string,
  units: Roster<unknown>,
  characters: Roster<unknown> | undefined,
): void {
  const key = armyKey(army);
  if (units.byArmy.has(key) || characters?.byArmy.has(key)) return;
  throw new RowError(
    `army "${army}" is not in the roster: no unit${characters ? ' or character' : ''} has that Army`,
  );
}

/** The records of these armies; a bad row among them is an error naming it, since the total depends on it. */
export function ofArmies<T>(r: Roster<T> | undefined, armies: readonly string[], what: string): T[] {
  if (!r) return [];
  const out: T[] = [];
  const keys = new Set(armies.map(armyKey));
  for (const key of keys) {
    for (const rec of r.byArmy.get(key) ?? []) {
      if (rec.error) {
        const name = rec.label ? ` (${rec.label})` : '';
        throw new RowError(`${what} row ${rec.row}${name}: ${rec.error.message}`);
      }
      out.push(rec.value!);
    }
  }
  return out;
}

export interface PairedBattle {
  readonly name: string;
  /** Indices into the battles table's rows, in sheet order. */
  readonly rows: readonly [number, number];
  readonly sides: readonly [BattleRow, BattleRow];
}

export type BattleRowResult =
  | { readonly kind: 'blank' }
  | { readonly kind: 'error'; readonly error: RowError }
  | { readonly kind: 'side'; readonly battle: PairedBattle; readonly sideIndex: 0 | 1 };

/** Reads every Battles row and pairs them by battle name; rows that cannot pair get an error saying why. */
export function pairBattles(t: Table): BattleRowResult[] {
  const parsed = parseRows(t, parseBattleRow);
  const results: BattleRowResult[] = parsed.map(() => ({ kind: 'blank' }));
  // Pair by the Battle cell as written, so a row with another bad cell still finds its foe.
  const byName = new Map<string, number[]>();
  const nameColumn = t.column('Battle');
  parsed.forEach((p, i) => {
    if (!p) return;
    if (!p.ok) results[i] = { kind: 'error', error: p.error };
    const name = text(t.rows[i]![nameColumn]);
    if (name === '') {
      if (p.ok)
        results[i] = {
          kind: 'error',
          error: new RowError("Battle is required: the battle's name, the same on both sides' rows"),
        };
      return;
    }
    const key = nameKey(name);
    byName.set(key, [...(byName.get(key) ?? []), i]);
  });
  for (const indices of byName.values()) {
    const name = text(t.rows[indices[0]!]![nameColumn]);
    if (indices.length !== 2) {
      const error = new RowError(
        `Battle "${name}" needs exactly two rows, one per side (found ${indices.length})`,
      );
      for (const i of indices) if (parsed[i]!.ok) results[i] = { kind: 'error', error };
      continue;
    }
    const [i, j] = indices as [number, number];
    const a = parsed[i]!;
    const b = parsed[j]!;
    if (a.ok && b.ok) {
      const battle: PairedBattle = { name, rows: [i, j], sides: [a.value, b.value] };
      results[i] = { kind: 'side', battle, sideIndex: 0 };
      results[j] = { kind: 'side', battle, sideIndex: 1 };
    } else if (a.ok || b.ok) {
      // The sound row cannot be valued without its foe: say which row to fix.
      const [good, bad] = a.ok ? [i, j] : [j, i];
      const message = (parsed[bad] as { error: RowError }).error.message;
      results[good] = {
        kind: 'error',
        error: new RowError(`the other side of battle "${name}" (row ${bad + 2}) is bad: ${message}`),
      };
    }
  }
  return results;
}

/** Both sides of a paired battle with their units and characters, checked for the contradictions a pair can hold. */
export function battleSides(
  battle: PairedBattle,
  units: Roster<Unit>,
  characters: Roster<Character> | undefined,
): [BattleSide, BattleSide] {
  checkPair(battle);
  const [a, b] = battle.sides;
  for (const army of [...a.armies, ...b.armies]) checkArmyKnown(army, units, characters);
  const side = (row: BattleRow, index: number): BattleSide => ({
    label: row.side || `Side ${index + 1}`,
    units: ofArmies(units, row.armies, 'units').map(battleUnit),
    characters: ofArmies(characters, row.armies, 'characters'),
    circumstances: row.circumstances,
  });
  return [side(a, 0), side(b, 1)];
}

/** The contradictions a pair of rows can hold, found before either side is valued. */
function checkPair(battle: PairedBattle): void {
  const [a, b] = battle.sides;
  const conflict = sidesConflict(
    battle.name,
    { armies: a.armies, defender: a.circumstances.defender },
    { armies: b.armies, defender: b.circumstances.defender },
  );
  if (conflict) throw new RowError(conflict);
}

/**
 * Both sides of a paired battle as sums of their armies (what BATTLES needs), checked as battleSides checks
 * them: the cost is per army named, whatever the armies' size.
 */
export function battleForceSides(battle: PairedBattle, book: ArmyBook): [ForceSide, ForceSide] {
  checkPair(battle);
  const [a, b] = battle.sides;
  for (const army of [...a.armies, ...b.armies]) checkKnown(book, army);
  const side = (row: BattleRow): ForceSide => {
    const armies = armiesNamed(book, row.armies);
    return {
      forces: forcesOfArmies(armies),
      characterBonus: (enemy) => armies.reduce((s, x) => s + x.characterBonus(enemy), 0),
      circumstances: row.circumstances,
    };
  };
  return [side(a), side(b)];
}
