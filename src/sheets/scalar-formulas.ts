// The scalar formulas of SHEETS.md: one battle's result, odds, troop ratio and tactics from numbers and plans
// typed in. A bad argument is the whole call's problem, so it throws with what to fix.
import {
  type PlanEffect,
  type Plan,
  planCasualtyPercent,
  planEffects,
  planEffectText,
  resolveRolls,
  troopRatioPercent,
  winChance,
} from '../rules';
import { parsePlan } from './battles';
import { describeRange, rangeOf, type NumberRange, numberCell } from '../contract/numbers';
import { isGiven, type Spill } from './table';
import { type Cell, showCell } from '../contract/cells';
import { RowError, TableError } from '../contract/errors';

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
/** Values may be negative (SHEETS.md: from -10^12); totals and sizes start at 0. */
const BATTLE_VALUE: NumberRange = { min: -TOTAL_MAX, max: TOTAL_MAX, whole: true };
const TOTAL: NumberRange = { min: 0, max: TOTAL_MAX, whole: true };
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
const rollArg = (v: unknown, name: string) => numberArg(v, name, 'a d100 roll', rangeOf('Roll'));
const unitsArg = (v: unknown, name: string) =>
  numberArg(v, name, "the total value of the side's fighting units", TOTAL);

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
): Spill {
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
export function TACTICS(planA: unknown, planB: unknown): Spill {
  const [a, b] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  return [[planEffectText(a), planEffectText(b)]];
}
