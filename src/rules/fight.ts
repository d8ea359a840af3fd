// From a battle's two sides to its result. The rolls' result has one path, resolveRolls, taken by fightBattle (the
// sidebar's preview and the server's apply, from the sides' units), by BATTLES (from forces valued by
// evaluateForces, the valuation fightBattle makes through evaluateBattle, or from a fought battle's cells) and by
// RESOLVEBATTLE (from battle values typed in): the same figures never give two results.
import { suggestCasualtySplit, type CasualtySplit } from './allocation';
import { type BattleEvaluation, type BattleSide, evaluateBattle } from './battle';
import { lastOf } from './defined';
import type { HouseRules } from './house-rules';
import { type Casualties, casualtiesOf, outcome, splitCasualties } from './resolution';
import type { BattleUnit } from './unit';

/** A d100 pair as rolled: side A's die, side B's die. */
export type RollPair = readonly [number, number];

/** What the result of a battle needs of a side: its battle value, its fighting units' value, its plan's Cas. */
export interface SideFigures {
  readonly battleValue: number;
  readonly unitValue: number;
  /** The plan's change to the side's casualty rate, in percentage points. */
  readonly cas: number;
}

export type BattleResult =
  /** The plans rule out a battle (RULES 5.10). */
  | { readonly kind: 'noBattle' }
  /** No pair rolled yet. */
  | { readonly kind: 'unrolled' }
  /** Every pair so far is a tie: roll again, keeping them all (D-13). */
  | { readonly kind: 'tie'; readonly rolls: readonly RollPair[]; readonly totals: readonly [number, number] }
  | DecidedResult;

export interface DecidedResult {
  readonly kind: 'decided';
  /** The rolls that count: every tie, then the deciding pair; later pairs are dropped. */
  readonly rolls: readonly RollPair[];
  readonly totals: readonly [number, number];
  readonly winner: 'A' | 'B';
  readonly difference: number;
  /** Casualty rates in whole percent, plan Cas changes in them (RULES 6.2-6.4). */
  readonly rates: readonly [number, number];
  /** Casualty points with the winner's attrition, split into routed and destroyed (RULES 6.5-6.7, D-15, D-16). */
  readonly casualties: readonly [Casualties, Casualties];
}

/** The result of these rolls between sides with these figures. Every tie is kept; the first other pair decides. */
export function resolveRolls(
  a: SideFigures,
  b: SideFigures,
  noBattle: boolean,
  rolls: readonly RollPair[],
): BattleResult {
  if (noBattle) return { kind: 'noBattle' };
  if (rolls.length === 0) return { kind: 'unrolled' };
  const kept: RollPair[] = [];
  for (const pair of rolls) {
    kept.push(pair);
    const totals = [a.battleValue + pair[0], b.battleValue + pair[1]] as const;
    const decided = outcome(totals[0], totals[1], a.cas, b.cas);
    if (!decided) continue;
    const points = casualtiesOf(decided, a.unitValue, b.unitValue, a.cas, b.cas);
    return {
      kind: 'decided',
      rolls: kept,
      totals,
      winner: decided.winner,
      difference: decided.difference,
      rates: [decided.rateA, decided.rateB],
      casualties: [splitCasualties(points.a), splitCasualties(points.b)],
    };
  }
  // Every pair tied: the totals are the last pair's.
  const last = lastOf(kept, 'roll');
  return { kind: 'tie', rolls: kept, totals: [a.battleValue + last[0], b.battleValue + last[1]] };
}

export interface Fight {
  readonly evaluation: BattleEvaluation;
  readonly result: BattleResult;
  /**
   * Once decided: the units suggested destroyed and routed on each side (RULES 6.9), as indices into that side's
   * `evaluation.a/b.fightingUnits`.
   */
  readonly suggested: readonly [CasualtySplit, CasualtySplit] | null;
}

/** A side's figures as its evaluation gives them. */
export const figuresOf = (side: SideFigures): SideFigures => ({
  battleValue: side.battleValue,
  unitValue: side.unitValue,
  cas: side.cas,
});

/** Values both sides, resolves the rolls and, once decided, suggests which units fall. */
export function fightBattle(
  a: BattleSide,
  b: BattleSide,
  rules: HouseRules,
  rolls: readonly RollPair[],
): Fight {
  const evaluation = evaluateBattle(a, b, rules);
  const result = resolveRolls(figuresOf(evaluation.a), figuresOf(evaluation.b), evaluation.noBattle, rolls);
  const pick = (units: readonly BattleUnit[], c: Casualties): CasualtySplit =>
    suggestCasualtySplit(
      units.map((u) => u.value),
      c.destroyed,
      c.routed,
    );
  const suggested =
    result.kind === 'decided'
      ? ([
          pick(evaluation.a.fightingUnits, result.casualties[0]),
          pick(evaluation.b.fightingUnits, result.casualties[1]),
        ] as const)
      : null;
  return { evaluation, result, suggested };
}
