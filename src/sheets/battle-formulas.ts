// BATTLES (SHEETS.md): both sides of every battle on the Battles sheet, valued in one call from the rosters
// grouped by army once (armies.ts): modifiers, battle values, exact odds and, once both sides rolled, the result.
import type { FoughtSide } from '../contract/campaign';
import {
  type BattleResult,
  battleValue,
  evaluateForces,
  figuresOf,
  type ForceSide,
  type HouseRules,
  houseRules,
  type PlanEffect,
  planCasualtyPercent,
  planEffects,
  type RollPair,
  resolveRolls,
  winChance,
} from '../rules';
import { type ArmyBook, armyBookOf } from './armies';
import { battleForceSides, type PairedBattle, pairBattles, readBattles } from './battles';
import { readSettings } from './settings';
import { errorText, isGiven, type Spill } from './table';
import type { Cell } from '../contract/cells';

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

/** The Outcome while a side's plan is sealed (SHEETS.md): no win chance, no result until the reveal. */
export const PLANS_SEALED = 'Plans sealed';

const blankRow = (): Cell[] => BATTLES_HEADER.map(() => '');
const errorRow = (message: string): Cell[] => [message, ...BATTLES_HEADER.slice(1).map(() => '')];

/** Both sides of every battle: modifiers, battle values, exact odds and, once both have rolled, the result. */
export function BATTLES(battles: unknown, units: unknown, characters?: unknown, settings?: unknown): Spill {
  const rules = houseRules(readSettings(isGiven(settings) ? settings : undefined));
  const t = readBattles(battles);
  const book = armyBookOf(units, characters);
  const rows = pairBattles(t);
  const out: Spill = [[...BATTLES_HEADER]];
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
  const sealed = battle.sides.some((s) => s.planSealed);
  try {
    const [a, b] = battleForceSides(battle, book);
    // While a plan is sealed both sides are valued without plan effects: each effect depends on both plans.
    const open = (f: ForceSide): ForceSide =>
      sealed ? { ...f, circumstances: { ...f.circumstances, plan: 'No plan' } } : f;
    evaluation = evaluateForces(open(a), open(b), rules);
  } catch (e) {
    const row = errorRow(errorText(e));
    return [row, [...row]];
  }
  const [a, b] = [evaluation.a, evaluation.b];
  const head = (s: typeof a, win: Cell): Cell[] => [s.base, s.percent / 100, s.points, s.battleValue, win];
  if (sealed) {
    // A sealed plan's effect is unknown until the reveal, and so is its match against the other plan.
    const waits: Cell[] = ['', PLANS_SEALED, '', '', '', ''];
    return [
      [...head(a, ''), ...waits],
      [...head(b, ''), ...waits],
    ];
  }
  const [rollA, rollB] = [battle.sides[0].roll, battle.sides[1].roll];
  const rolls: RollPair[] = rollA === undefined || rollB === undefined ? [] : [[rollA, rollB]];
  const result = resolveRolls(figuresOf(evaluation.a), figuresOf(evaluation.b), evaluation.noBattle, rolls);
  const [winA, winB] = evaluation.odds ? [evaluation.odds.winA, evaluation.odds.winB] : [0, 0];
  return [
    [...head(a, winA), ...resultCells(result, 0)],
    [...head(b, winB), ...resultCells(result, 1)],
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
