// The custom functions of SHEETS.md. Each takes whole tables as Sheets passes them and values them in one call,
// grouping the rosters by army once (armies.ts), so its work grows with the rows, never rows times armies.
import {
  type BattleResult,
  battleValue,
  characterBonus,
  evaluateForces,
  figuresOf,
  type HouseRules,
  musterCost,
  type Plan,
  type PlanEffect,
  planCasualtyPercent,
  planEffects,
  planEffectText,
  type RollPair,
  resolveRolls,
  STANDING,
  troopRatioPercent,
  type Unit,
  unitValue,
  upkeep,
  winChance,
} from '../rules';
import type { FoughtSide } from '../contract/campaign';
import { type ArmyBook, armiesNamed, armyBook, checkKnown, standingValue } from './armies';
import { battleForceSides, characterRoster, type PairedBattle, pairBattles, unitRoster } from './battles';
import {
  NUMBER_RANGES,
  parseCharacter,
  parsePlan,
  parseUnit,
  readBattles,
  readCharacters,
  readSettings,
  readUnits,
} from './records';
import {
  type Cell,
  armyList,
  describeRange,
  errorText,
  isBlankRow,
  type NumberRange,
  numberCell,
  RowError,
  showCell,
  type Table,
  TableError,
} from './table';

type Column = Cell[][];

/**
 * Columns headed `headers`, then per row the record's cells, "" for a blank row, or `#ERR: ...` in every column
 * for a bad one.
 */
function perRow<T>(
  t: Table,
  headers: readonly string[],
  parse: (t: Table, row: readonly Cell[]) => T,
  value: (record: T) => Cell[],
): Column {
  const out: Column = [[...headers]];
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
export function UNITVALUE(units: unknown): Column {
  return perRow(readUnits(units), ['Value'], parseUnit, (u) => [unitValue(u)]);
}

/** Each unit's muster cost in GB (RULES 4). */
export function MUSTERCOST(units: unknown): Column {
  return perRow(readUnits(units), ['Muster'], parseUnit, (u) => [musterCost(u)]);
}

/** Each unit's maintenance in GB (RULES 4, D-9). */
export function UPKEEP(units: unknown): Column {
  return perRow(readUnits(units), ['Upkeep'], parseUnit, (u) => [upkeep(u)]);
}

export const UNITSTATS_HEADER = ['Value', 'Muster', 'Upkeep'] as const;

/** Value, muster and upkeep of every unit from one call: the three functions above side by side. */
export function UNITSTATS(units: unknown): Column {
  return perRow(readUnits(units), UNITSTATS_HEADER, parseUnit, (u) => [
    unitValue(u),
    musterCost(u),
    upkeep(u),
  ]);
}

const isGiven = (arg: unknown): boolean => arg !== undefined && arg !== null && arg !== '';

/** The rosters of the tables given, grouped by army. */
function bookOf(units: unknown, characters?: unknown): ArmyBook {
  const people = isGiven(characters) ? characterRoster(readCharacters(characters, true)) : undefined;
  return armyBook(unitRoster(readUnits(units, true)), people);
}

/** Each character's standing bonus: no turning, no enemy magic resistance (RULES 3). */
export function CHARACTERVALUE(characters: unknown, units?: unknown): Column {
  const t = readCharacters(characters);
  const book = isGiven(units) ? armyBook(unitRoster(readUnits(units, true))) : undefined;
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
  const book = bookOf(units, characters);
  try {
    for (const army of names) checkKnown(book, army);
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
] as const;

/**
 * One row per army: its units by Status, its base value (as ARMYVALUE of that army alone), and the muster and
 * upkeep of its units still in the field (Ready and Routed). An army with a bad row shows why in place of
 * its figures.
 */
export function ARMIES(units: unknown, characters?: unknown, settings?: unknown): Column {
  readSettings(isGiven(settings) ? settings : undefined); // checked now, so a bad setting is said at once
  const book = bookOf(units, characters);
  const out: Column = [[...ARMIES_HEADER]];
  for (const army of book.armies) {
    try {
      const [counts, muster, upkeepTotal] = tally(armiesNamed(book, [army.name])[0]!.units);
      out.push([army.name, ...counts, standingValue([army]), muster, upkeepTotal]);
    } catch (e) {
      out.push([army.name, errorText(e), ...ARMIES_HEADER.slice(2).map(() => '')]);
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
    if (u.status === 'Ready' || u.status === 'Routed') {
      muster += musterCost(u);
      upkeepTotal += upkeep(u);
    }
  }
  return [[counts.Ready, counts.Routed, counts.Destroyed, counts.Captured], muster, upkeepTotal];
}

export const BATTLES_HEADER = [
  'Base',
  'Percent',
  'Points',
  'Battle Value',
  'Win Chance',
  'Total',
  'Outcome',
  'Casualty Rate',
  'Casualties',
  'Routed',
  'Destroyed',
] as const;

const blankRow = (): Cell[] => BATTLES_HEADER.map(() => '');
const errorRow = (message: string): Cell[] => [message, ...BATTLES_HEADER.slice(1).map(() => '')];

/** Both sides of every battle: modifiers, battle values, exact odds and, once both have rolled, the result. */
export function BATTLES(battles: unknown, units: unknown, characters?: unknown, settings?: unknown): Column {
  const rules = readSettings(isGiven(settings) ? settings : undefined);
  const t = readBattles(battles);
  const book = bookOf(units, characters);
  const rows = pairBattles(t);
  const out: Column = [[...BATTLES_HEADER]];
  const done = new Map<object, [Cell[], Cell[]]>();
  for (const r of rows) {
    if (r.kind === 'blank') out.push(blankRow());
    else if (r.kind === 'error') out.push(errorRow(errorText(r.error)));
    else {
      let pair = done.get(r.battle);
      if (!pair) {
        pair = battleRows(r.battle, book, rules);
        done.set(r.battle, pair);
      }
      out.push(pair[r.sideIndex]);
    }
  }
  return out;
}

function battleRows(battle: PairedBattle, book: ArmyBook, rules: HouseRules): [Cell[], Cell[]] {
  const [foughtA, foughtB] = [battle.sides[0].fought, battle.sides[1].fought];
  if (foughtA && foughtB) return foughtRows(battle, foughtA, foughtB);
  let evaluation: ReturnType<typeof evaluateForces>;
  try {
    const [a, b] = battleForceSides(battle, book);
    evaluation = evaluateForces(a, b, rules);
  } catch (e) {
    const row = errorRow(errorText(e));
    return [row, [...row]];
  }
  const [rollA, rollB] = [battle.sides[0].roll, battle.sides[1].roll];
  const rolls: RollPair[] = rollA === undefined || rollB === undefined ? [] : [[rollA, rollB]];
  const result = resolveRolls(figuresOf(evaluation.a), figuresOf(evaluation.b), evaluation.noBattle, rolls);
  const [a, b] = [evaluation.a, evaluation.b];
  const win = evaluation.odds ? [evaluation.odds.winA, evaluation.odds.winB] : [0, 0];
  const head = (s: typeof a, i: 0 | 1): Cell[] => [s.base, s.percent / 100, s.points, s.battleValue, win[i]];
  return [head(a, 0), head(b, 1)].map((row, i) => [...row, ...resultCells(result, i as 0 | 1)]) as [
    Cell[],
    Cell[],
  ];
}

/** A battle applied from the sidebar: valued as it was fought (its Fought cells), not as the roster now stands. */
function foughtRows(battle: PairedBattle, a: FoughtSide, b: FoughtSide): [Cell[], Cell[]] {
  const [effectA, effectB] = planEffects(
    battle.sides[0].circumstances.plan,
    battle.sides[1].circumstances.plan,
  );
  const noBattle = effectA.kind === 'noBattle';
  const figures = (f: FoughtSide, effect: PlanEffect) => ({
    battleValue: battleValue(f.base, f.percent, f.points),
    unitValue: f.unitValue,
    cas: planCasualtyPercent(effect),
  });
  const [fa, fb] = [figures(a, effectA), figures(b, effectB)];
  const winA = noBattle ? 0 : winChance(fa.battleValue, fb.battleValue);
  const [rollA, rollB] = [battle.sides[0].roll, battle.sides[1].roll];
  const rolls: RollPair[] = rollA === undefined || rollB === undefined ? [] : [[rollA, rollB]];
  const result = resolveRolls(fa, fb, noBattle, rolls);
  const head = (f: FoughtSide, value: number, win: number): Cell[] => [
    f.base,
    f.percent / 100,
    f.points,
    value,
    win,
  ];
  return [
    [...head(a, fa.battleValue, winA), ...resultCells(result, 0)],
    [...head(b, fb.battleValue, noBattle ? 0 : 1 - winA), ...resultCells(result, 1)],
  ];
}

/** Total, Outcome, Casualty Rate, Casualties, Routed, Destroyed of one side; blank until both have rolled. */
function resultCells(result: BattleResult, i: 0 | 1): Cell[] {
  switch (result.kind) {
    case 'noBattle':
      return ['', 'No battle', '', '', '', ''];
    case 'unrolled':
      return ['', '', '', '', '', ''];
    case 'tie':
      return [result.totals[i], 'Tie: reroll', '', '', '', ''];
    case 'decided': {
      const c = result.casualties[i];
      const won = result.winner === (i === 0 ? 'A' : 'B');
      return [result.totals[i], won ? 'Won' : 'Lost', result.rates[i] / 100, c.points, c.routed, c.destroyed];
    }
  }
}

// ---- Scalar functions: a bad argument is the whole call's problem, so it throws with what to fix.

function scalar(value: unknown, name: string): unknown {
  if (Array.isArray(value)) {
    const flat = (value as unknown[]).flat();
    if (flat.length === 1) return flat[0];
    throw new TableError(`${name} must be a single cell or number, not a range of ${flat.length} cells`);
  }
  return value;
}

/** Battle values, unit totals and force sizes (SHEETS.md "Numbers"): far beyond any army, far below 2^53. */
const TOTAL_MAX = 1e12;
const BATTLE_VALUE: NumberRange = { min: 0, max: TOTAL_MAX, whole: true };
const SIZE: NumberRange = { min: 0, max: TOTAL_MAX, whole: false };

/** A scalar number argument, read by the same parser as the number columns. */
function numberArg(value: unknown, name: string, what: string, range: NumberRange): number {
  const v = scalar(value, name);
  try {
    return numberCell(v, name, range, 'required');
  } catch (e) {
    if (!(e instanceof RowError)) throw e;
    const got = v === undefined || v === null || v === '' ? 'nothing' : showCell(v);
    throw new TableError(`${name} must be ${what}: ${describeRange(range)} (got ${got})`);
  }
}

const battleValueArg = (v: unknown, name: string) => numberArg(v, name, 'a battle value', BATTLE_VALUE);
const rollArg = (v: unknown, name: string) => numberArg(v, name, 'a d100 roll', NUMBER_RANGES.Roll);
const unitsArg = (v: unknown, name: string) =>
  numberArg(v, name, "the total value of the side's fighting units", BATTLE_VALUE);

function planArg(value: unknown, name: string): Plan {
  try {
    return parsePlan(scalar(value, name) ?? '', name);
  } catch (e) {
    if (e instanceof RowError) throw new TableError(e.message);
    throw e;
  }
}

/**
 * One battle's result from battle values (every modifier in them) and the two d100 rolls:
 * winner, difference, casualty rates, and casualty points when the sides' unit values are given.
 */
export function RESOLVEBATTLE(
  valueA: unknown,
  valueB: unknown,
  rollA: unknown,
  rollB: unknown,
  unitsA?: unknown,
  unitsB?: unknown,
  planA?: unknown,
  planB?: unknown,
): Column {
  const va = battleValueArg(valueA, 'valueA');
  const vb = battleValueArg(valueB, 'valueB');
  const ra = rollArg(rollA, 'rollA');
  const rb = rollArg(rollB, 'rollB');
  const ua = isGiven(scalar(unitsA, 'unitsA')) ? unitsArg(unitsA, 'unitsA') : undefined;
  const ub = isGiven(scalar(unitsB, 'unitsB')) ? unitsArg(unitsB, 'unitsB') : undefined;
  const [effectA, effectB] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  const figures = (value: number, units: number | undefined, effect: PlanEffect) => ({
    battleValue: value,
    unitValue: units ?? 0,
    cas: planCasualtyPercent(effect),
  });
  const result = resolveRolls(
    figures(va, ua, effectA),
    figures(vb, ub, effectB),
    effectA.kind === 'noBattle',
    [[ra, rb]],
  );
  if (result.kind === 'noBattle') return [['No battle', '', '', '', '', '']];
  if (result.kind !== 'decided') return [['Tie', 0, '', '', '', '']];
  // A loser's points need only its own units; a winner's need the loser's too (attrition).
  const shown = (own: number | undefined, foe: number | undefined, won: boolean) =>
    own !== undefined && (!won || foe !== undefined);
  const [aWon, bWon] = [result.winner === 'A', result.winner === 'B'];
  const pointsA: Cell = shown(ua, ub, aWon) ? result.casualties[0].points : '';
  const pointsB: Cell = shown(ub, ua, bWon) ? result.casualties[1].points : '';
  return [[result.winner, result.difference, result.rates[0] / 100, result.rates[1] / 100, pointsA, pointsB]];
}

/** The chance that side A wins, ties rolled again; 0 when the plans rule out a battle. */
export function BATTLEODDS(valueA: unknown, valueB: unknown, planA?: unknown, planB?: unknown): number {
  const va = battleValueArg(valueA, 'valueA');
  const vb = battleValueArg(valueB, 'valueB');
  const [effectA] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  return effectA.kind === 'noBattle' ? 0 : winChance(va, vb);
}

/** Side A's troop-ratio bonus as a fraction; 0 when A is not the larger force (RULES 5.1). */
export function TROOPRATIO(sizeA: unknown, sizeB: unknown): number {
  const size = (v: unknown, name: string) => numberArg(v, name, 'a force size', SIZE);
  return troopRatioPercent(size(sizeA, 'sizeA'), size(sizeB, 'sizeB')) / 100;
}

/** The effects of a pair of battle plans, as the source prints them (RULES 5.10). */
export function TACTICS(planA: unknown, planB: unknown): Column {
  const [a, b] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  return [[planEffectText(a), planEffectText(b)]];
}
