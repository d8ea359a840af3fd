// The custom functions of SHEETS.md. Each takes whole tables as Sheets passes them and values them in one call.
import {
  type BattleSide,
  type Character,
  type HouseRules,
  type Unit,
  armyFightingUnits,
  type BattleResult,
  battleValue,
  characterBonus,
  fightBattle,
  isFighting,
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
  unitValue,
  upkeep,
  winChance,
} from '../rules';
import type { FoughtSide } from '../contract/campaign';
import {
  battleSides,
  characterRoster,
  checkArmyKnown,
  ofArmies,
  type PairedBattle,
  pairBattles,
  type Roster,
  unitRoster,
} from './battles';
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

/** A column: the header, then per row the value, "" for a blank row, or `#ERR: ...` for a bad one. */
function perRow<T>(
  t: Table,
  header: string,
  parse: (t: Table, row: readonly Cell[]) => T,
  value: (record: T) => Cell,
): Column {
  const out: Column = [[header]];
  for (const row of t.rows) {
    if (isBlankRow(row)) {
      out.push(['']);
      continue;
    }
    try {
      out.push([value(parse(t, row))]);
    } catch (e) {
      out.push([errorText(e)]);
    }
  }
  return out;
}

/** Each unit's value: the card's, or its override, plus realm spells (RULES 1, D-1, D-3, D-4). */
export function UNITVALUE(units: unknown): Column {
  return perRow(readUnits(units), 'Value', parseUnit, unitValue);
}

/** Each unit's muster cost in GB (RULES 4). */
export function MUSTERCOST(units: unknown): Column {
  return perRow(readUnits(units), 'Muster', parseUnit, musterCost);
}

/** Each unit's maintenance in GB (RULES 4, D-9). */
export function UPKEEP(units: unknown): Column {
  return perRow(readUnits(units), 'Upkeep', parseUnit, upkeep);
}

const isGiven = (arg: unknown): boolean => arg !== undefined && arg !== null && arg !== '';

/** Each character's standing bonus: no turning, no enemy magic resistance (RULES 3). */
export function CHARACTERVALUE(characters: unknown, units?: unknown): Column {
  const t = readCharacters(characters);
  const roster = isGiven(units) ? unitRoster(readUnits(units, true)) : undefined;
  return perRow(t, 'Bonus', parseCharacter, (c) => {
    const armyUnits = c.battlewise && c.commands === undefined && roster ? fightingCount(roster, c.army) : 0;
    return characterBonus(c, STANDING(armyUnits)).total;
  });
}

function fightingCount(roster: Roster<Unit>, army: string): number {
  if (army === '') return 0;
  return armyFightingUnits(ofArmies(roster, [army], 'units'), army);
}

/** The base army value of the armies named: their fighting units plus their characters' standing bonuses. */
export function ARMYVALUE(armies: unknown, units: unknown, characters?: unknown): number | string {
  const names = armyList(armies);
  if (names.length === 0)
    throw new TableError('armies is empty: name one or more armies, comma-separated, e.g. "Avanil, Ghoere"');
  const roster = unitRoster(readUnits(units, true));
  const people = isGiven(characters) ? characterRoster(readCharacters(characters, true)) : undefined;
  try {
    for (const army of names) checkArmyKnown(army, roster, people);
    const armyUnits = ofArmies(roster, names, 'units');
    let total = armyUnits.filter(isFighting).reduce((s, u) => s + unitValue(u), 0);
    for (const c of ofArmies(people, names, 'characters')) {
      total += characterBonus(c, STANDING(armyFightingUnits(armyUnits, c.army))).total;
    }
    return total;
  } catch (e) {
    return errorText(e);
  }
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
  const roster = unitRoster(readUnits(units, true));
  const people = isGiven(characters) ? characterRoster(readCharacters(characters, true)) : undefined;
  const rows = pairBattles(t);
  const out: Column = [[...BATTLES_HEADER]];
  const done = new Map<object, [Cell[], Cell[]]>();
  for (const r of rows) {
    if (r.kind === 'blank') out.push(blankRow());
    else if (r.kind === 'error') out.push(errorRow(errorText(r.error)));
    else {
      let pair = done.get(r.battle);
      if (!pair) {
        pair = battleRows(r.battle, roster, people, rules);
        done.set(r.battle, pair);
      }
      out.push(pair[r.sideIndex]);
    }
  }
  return out;
}

function battleRows(
  battle: PairedBattle,
  roster: Roster<Unit>,
  people: Roster<Character> | undefined,
  rules: HouseRules,
): [Cell[], Cell[]] {
  const [foughtA, foughtB] = [battle.sides[0].fought, battle.sides[1].fought];
  if (foughtA && foughtB) return foughtRows(battle, foughtA, foughtB);
  let sides: [BattleSide, BattleSide];
  try {
    sides = battleSides(battle, roster, people);
  } catch (e) {
    const row = errorRow(errorText(e));
    return [row, [...row]];
  }
  const [rollA, rollB] = [battle.sides[0].roll, battle.sides[1].roll];
  const rolls: RollPair[] = rollA === undefined || rollB === undefined ? [] : [[rollA, rollB]];
  const { evaluation, result } = fightBattle(sides[0], sides[1], rules, rolls);
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
