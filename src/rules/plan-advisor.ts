// The plan advisor: side A's chance to win for every pair of battle plans (RULES 5.10, 7), the best answer to
// each enemy plan, and the plan whose worst case is best. Pure: battle values in, chances out.
import { battleValue } from './battle';
import { winChance } from './odds';
import { planBattleValuePercent, planCasualtyPercent, planEffects } from './plans';
import { PLANS, type Plan } from './tables';

/** A side before its plan: base army value, and its percent and point modifiers without the plan's. */
export interface AdvisorSide {
  readonly base: number;
  readonly percent: number;
  readonly points: number;
}

export interface AdvisorCell {
  readonly planA: Plan;
  readonly planB: Plan;
  /** The plans rule out a battle (RULES 5.10): no chances. */
  readonly noBattle: boolean;
  /** Side A's chance to win, ties rolled again; 0 when there is no battle. */
  readonly winA: number;
  /** Battle values with the pair's BV effects in them. */
  readonly valueA: number;
  readonly valueB: number;
  /** The pair's casualty rate changes, in percentage points. */
  readonly casA: number;
  readonly casB: number;
}

/** A plan that answers another, with the chance it gives the side choosing it. */
export interface PlanChoice {
  readonly plan: Plan;
  /** The chance to win of the side choosing `plan`; undefined when no answer leads to a battle. */
  readonly chance: number | undefined;
}

export interface BestAnswer {
  /** The plan the enemy chose. */
  readonly against: Plan;
  /** The best plan against it (the first in plan order on a tie); undefined when every answer is no battle. */
  readonly best: PlanChoice | undefined;
}

export interface PlanAdvice {
  /** 7 x 7: `table[i][j]` is side A with PLANS[i] against side B with PLANS[j]. */
  readonly table: readonly (readonly AdvisorCell[])[];
  /** Side A's best answer to each of side B's plans. */
  readonly bestForA: readonly BestAnswer[];
  /** Side B's best answer to each of side A's plans. */
  readonly bestForB: readonly BestAnswer[];
  /** Side A's plan whose worst case (over B's plans that lead to a battle) is best: maximin. */
  readonly maximinA: PlanChoice;
  /** The same for side B. */
  readonly maximinB: PlanChoice;
  /**
   * Each of side A's plans with its chance against each of side B's, in plan order (undefined: no battle): what
   * a commander weighs when the enemy's plan is sealed.
   */
  readonly chancesA: readonly PlanChances[];
  /** The same for side B, against each of side A's plans. */
  readonly chancesB: readonly PlanChances[];
}

/** A side's plan and its chance against each enemy plan, in plan order (undefined where no battle is fought). */
export interface PlanChances {
  readonly plan: Plan;
  readonly chances: readonly (number | undefined)[];
}

/** The part of a side's percent that is not its plan's: what the advisor varies the plan over. */
export function percentWithoutPlan(percent: number, planA: Plan, planB: Plan, side: 'a' | 'b'): number {
  const [effectA, effectB] = planEffects(planA, planB);
  return percent - planBattleValuePercent(side === 'a' ? effectA : effectB);
}

export function advisorCell(a: AdvisorSide, b: AdvisorSide, planA: Plan, planB: Plan): AdvisorCell {
  const [effectA, effectB] = planEffects(planA, planB);
  const valueA = battleValue(a.base, a.percent + planBattleValuePercent(effectA), a.points);
  const valueB = battleValue(b.base, b.percent + planBattleValuePercent(effectB), b.points);
  const noBattle = effectA.kind === 'noBattle';
  return {
    planA,
    planB,
    noBattle,
    winA: noBattle ? 0 : winChance(valueA, valueB),
    valueA,
    valueB,
    casA: planCasualtyPercent(effectA),
    casB: planCasualtyPercent(effectB),
  };
}

/** The best of some candidate plans for the chooser: highest chance, the first in plan order on a tie. */
function best(candidates: readonly PlanChoice[]): PlanChoice | undefined {
  let found: { readonly plan: Plan; readonly chance: number } | undefined;
  for (const { plan, chance } of candidates) {
    if (chance === undefined) continue;
    if (!found || chance > found.chance + 1e-12) found = { plan, chance };
  }
  return found;
}

/**
 * Maximin: for each of the chooser's plans its worst chance over the enemy's plans that lead to a battle (a plan
 * pair with no battle is neither won nor lost, so it is left out); the plan whose worst is highest. A plan that
 * never leads to a battle has no worst case; when every plan is like that, the choice is No plan.
 */
function maximin(rows: readonly PlanChances[]): PlanChoice {
  const worst = rows.map(({ plan, chances }) => {
    const fought = chances.filter((c): c is number => c !== undefined);
    return { plan, chance: fought.length ? Math.min(...fought) : undefined };
  });
  return best(worst) ?? { plan: 'No plan', chance: undefined };
}

/** Every pair of plans for these two sides, and what each side should choose. */
export function planAdvice(a: AdvisorSide, b: AdvisorSide): PlanAdvice {
  const table = PLANS.map((planA) => PLANS.map((planB) => advisorCell(a, b, planA, planB)));
  const cells = table.flat();
  // Each side's choices: its plan in a cell, and its chance there (none when the pair rules out a battle).
  const choiceA = (c: AdvisorCell): PlanChoice => ({
    plan: c.planA,
    chance: c.noBattle ? undefined : c.winA,
  });
  const choiceB = (c: AdvisorCell): PlanChoice => ({
    plan: c.planB,
    chance: c.noBattle ? undefined : 1 - c.winA,
  });
  const bestForA = PLANS.map((against) => ({
    against,
    best: best(cells.filter((c) => c.planB === against).map(choiceA)),
  }));
  const bestForB = PLANS.map((against) => ({
    against,
    best: best(cells.filter((c) => c.planA === against).map(choiceB)),
  }));
  const rowsA = PLANS.map((plan) => ({
    plan,
    chances: cells.filter((c) => c.planA === plan).map((c) => choiceA(c).chance),
  }));
  const rowsB = PLANS.map((plan) => ({
    plan,
    chances: cells.filter((c) => c.planB === plan).map((c) => choiceB(c).chance),
  }));
  return {
    table,
    bestForA,
    bestForB,
    maximinA: maximin(rowsA),
    maximinB: maximin(rowsB),
    chancesA: rowsA,
    chancesB: rowsB,
  };
}
