// The Battles sheet: two rows a battle, one per side. Its required columns, a row read into the rules' terms, the
// rows paired by battle name, and a pair's two sides as sums of their armies (what BATTLES values).
//
// A side's shapes on its way: BattleRow (parsed here) → PairedBattle (two rows) → ForceSide (rules/battle.ts,
// for BATTLES) or BattleSetup (contract/campaign.ts, for the sidebar) → the rules' SideTotals → FoughtSide, what
// apply writes in the Fought cell and BATTLES shows the battle from afterwards.
import type { FoughtSide } from '../contract/campaign';
import { type CircumstanceGroup, circumstanceColumns } from '../contract/circumstances';
import {
  type ForceSide,
  IMMUNITIES,
  type Immunity,
  nameKey,
  PLANS,
  type Plan,
  type SideCircumstances,
  sidesConflict,
  signed,
} from '../rules';
import { type ArmyBook, armiesNamed, checkKnown, forcesOfArmies } from './armies';
import { countColumn, numberColumn } from './number-columns';
import { EXAMPLES } from './sheet-names';
import {
  cellOf,
  checkbox,
  choice,
  isBlankCell,
  parseRecord,
  type RowIndex,
  rangeRowOf,
  readTable,
  type Table,
  text,
} from './table';
import { type Cell, showCell } from '../contract/cells';
import { type Parsed, RowError } from '../contract/errors';
import { PLAN_WORDS, parseSeal, SEALED, type Seal } from '../contract/seal';

// The sheet's headers are declared with its columns (contract/columns.ts), platform-free for the sidebar.

export const BATTLE_REQUIRED = ['Battle', 'Armies'] as const;

export const readBattles = (range: unknown): Table =>
  readTable(range, 'battles', EXAMPLES.battles, BATTLE_REQUIRED);

/** Sheets turns a typed "10%" into 0.1; both mean the 10% immunity. */
export function parseImmunity(cell: Cell): Immunity {
  if (typeof cell === 'number' && Math.abs(cell - 0.1) < 1e-9) return '10%';
  return choice(cell, 'Immunity', IMMUNITIES, 'None', { '10': '10%', atleast10: '10%', '10%': '10%' });
}

export function parsePlan(cell: Cell, header = 'Plan'): Plan {
  return choice(cell, header, PLANS, 'No plan', { none: 'No plan', fullcharge: 'Full charge' });
}

/** A Plan cell: a plan, or `Sealed` while the side's plan is sealed. */
export function parsePlanCell(cell: Cell): Plan | typeof SEALED {
  return choice(cell, 'Plan', PLAN_WORDS, 'No plan', { none: 'No plan', fullcharge: 'Full charge' });
}

/** One side of a battle as its Battles row gives it. */
export interface BattleRow {
  readonly battle: string;
  /** The Side column: a label for the side (SideSetup.label in the contract). */
  readonly label: string;
  readonly armies: readonly string[];
  readonly circumstances: SideCircumstances;
  /** The d100 rolled; absent until rolled. */
  readonly roll?: number | undefined;
  /** The side as it fought, once applied: the battle's result stays as fought. */
  readonly fought?: FoughtSide | undefined;
  /** The Plan cell reads `Sealed`: the circumstances' plan is then No plan (values without plan effects). */
  readonly planSealed?: boolean;
  /** The Sealed cell: the side's seal (revealed or not), or absent when blank. */
  readonly seal?: Seal | undefined;
}

/** The Fought cell as apply writes it: `45 +10% +3 pts, units 40` (base, percent, points, fighting units' value). */
export const foughtText = (f: FoughtSide): string =>
  `${f.base} ${signed(f.percent)}% ${signed(f.points)} pts, units ${f.unitValue}`;

const FOUGHT = /^(\d+(?:\.\d+)?) ([+-]?\d+(?:\.\d+)?)% ([+-]?\d+(?:\.\d+)?) pts, units (\d+)$/;

/** A Fought cell: blank until apply fills it; anything else than what apply wrote is bad input for the row. */
export function parseFought(cell: Cell): FoughtSide | undefined {
  if (isBlankCell(cell)) return undefined;
  const m = FOUGHT.exec(text(cell));
  if (!m) {
    throw new RowError(
      `Fought must be blank or as Apply wrote it, e.g. "45 +10% +3 pts, units 40" (got ${showCell(cell)})`,
    );
  }
  return { base: Number(m[1]), percent: Number(m[2]), points: Number(m[3]), unitValue: Number(m[4]) };
}

/** A Battles row (one side of a battle); throws RowError naming the column on bad input. */
export function parseBattleRow(t: Table, row: readonly Cell[]): BattleRow {
  const tick = (h: string) => checkbox(cellOf(t, row, h), h);
  const ticks = <G extends CircumstanceGroup>(group: G): SideCircumstances[G] =>
    Object.fromEntries(
      circumstanceColumns(group).map(([key, header]) => [key, tick(header)]),
    ) as SideCircumstances[G]; // every key of the group was set
  const armies = text(cellOf(t, row, 'Armies'))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (armies.length === 0) throw new RowError('Armies is required: the armies on this side, comma-separated');
  const plan = parsePlanCell(cellOf(t, row, 'Plan'));
  const seal = parseSeal(cellOf(t, row, 'Sealed')) ?? undefined;
  return {
    battle: text(cellOf(t, row, 'Battle')),
    label: text(cellOf(t, row, 'Side')),
    armies,
    circumstances: {
      defender: tick('Defender'),
      morale: ticks('morale'),
      environment: ticks('environment'),
      terrain: ticks('terrain'),
      defense: ticks('defense'),
      castleLevel: countColumn(t, row, 'Castle Level'),
      engineering: tick('Engineering'),
      siegecraft: tick('Siegecraft'),
      immunity: parseImmunity(cellOf(t, row, 'Immunity')),
      specialBonus: tick('Special Bonus'),
      plan: plan === SEALED ? 'No plan' : plan,
    },
    roll: numberColumn(t, row, 'Roll', 'absent'),
    fought: parseFought(cellOf(t, row, 'Fought')),
    ...(plan === SEALED ? { planSealed: true } : {}),
    ...(seal ? { seal } : {}),
  };
}

export interface PairedBattle {
  /** The Battle cell of its first row, as written. */
  readonly name: string;
  /** Where its two rows are in the battles table, in sheet order. */
  readonly rows: readonly [RowIndex, RowIndex];
  readonly sides: readonly [BattleRow, BattleRow];
}

/** What a Battles row comes to: blank, an error to show in its place, or one side of a paired battle. */
export type BattleRowResult =
  | { readonly kind: 'blank' }
  | { readonly kind: 'error'; readonly error: RowError }
  | { readonly kind: 'side'; readonly battle: PairedBattle; readonly sideIndex: 0 | 1 };

/** A non-blank Battles row with a battle name. */
interface NamedRow {
  readonly index: RowIndex;
  readonly name: string;
  readonly parsed: Parsed<BattleRow, RowError>;
}

/**
 * Reads every Battles row (but those in `skip`) and pairs them by battle name; rows that cannot pair get an error
 * saying why.
 */
export function pairBattles(t: Table, skip?: ReadonlySet<RowIndex>): BattleRowResult[] {
  const results: BattleRowResult[] = t.rows.map(() => ({ kind: 'blank' }));
  // Pair by the Battle cell as written, so a row with another bad cell still finds its foe.
  const byName = new Map<string, NamedRow[]>();
  t.rows.forEach((row, index) => {
    // Rows the caller has no use for (battles fought long ago) are neither read nor paired: they stay blank.
    if (skip?.has(index)) return;
    const parsed = parseRecord(t, row, parseBattleRow);
    if (!parsed) return;
    if (!parsed.ok) results[index] = { kind: 'error', error: parsed.error };
    const name = text(cellOf(t, row, 'Battle'));
    if (name === '') {
      if (parsed.ok) {
        const error = new RowError("Battle is required: the battle's name, the same on both sides' rows");
        results[index] = { kind: 'error', error };
      }
      return;
    }
    const key = nameKey(name);
    const named = byName.get(key);
    if (named) named.push({ index, name, parsed });
    else byName.set(key, [{ index, name, parsed }]);
  });
  for (const named of byName.values()) pairRows(named, results);
  return results;
}

/** The results of the rows that share a battle name; a bad row keeps its own error. */
function pairRows(named: readonly NamedRow[], results: BattleRowResult[]): void {
  const [a, b] = named;
  if (!a) return;
  if (!b || named.length > 2) {
    const error = new RowError(
      `Battle "${a.name}" needs exactly two rows, one per side (found ${named.length})`,
    );
    for (const r of named) if (r.parsed.ok) results[r.index] = { kind: 'error', error };
    return;
  }
  // The sound row cannot be valued without its foe: say which row to fix.
  const foeIsBad = (good: NamedRow, bad: NamedRow, error: RowError): void => {
    const message = `the other side of battle "${a.name}" (row ${rangeRowOf(bad.index)}) is bad: ${error.message}`;
    results[good.index] = { kind: 'error', error: new RowError(message) };
  };
  if (a.parsed.ok && b.parsed.ok) {
    const battle: PairedBattle = {
      name: a.name,
      rows: [a.index, b.index],
      sides: [a.parsed.value, b.parsed.value],
    };
    results[a.index] = { kind: 'side', battle, sideIndex: 0 };
    results[b.index] = { kind: 'side', battle, sideIndex: 1 };
  } else if (a.parsed.ok && !b.parsed.ok) foeIsBad(a, b, b.parsed.error);
  else if (b.parsed.ok && !a.parsed.ok) foeIsBad(b, a, a.parsed.error);
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
 * Both sides of a paired battle as sums of their armies (what BATTLES needs), checked for the contradictions a
 * pair can hold and for armies no roster names: the cost is per army named, whatever the armies' size.
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
