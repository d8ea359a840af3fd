// Battle plans (RULES 5.10): the effect of a pair of plans on each side, read from the tactics table either way
// round, and the effect as the source prints it.
import { type Plan, type PlanEffect, TACTICS_TABLE } from './tables';

/** The effects of a pair of plans: [on side A, on side B]. A pair printed as B-A is read mirrored (RULES 5.10). */
export function planEffects(planA: Plan, planB: Plan): readonly [PlanEffect, PlanEffect] {
  for (const [a, b, effectA, effectB] of TACTICS_TABLE) {
    if (a === planA && b === planB) return [effectA, effectB];
    if (a === planB && b === planA) return [effectB, effectA];
  }
  throw new Error(`No tactics entry for ${planA} against ${planB}`);
}

export const isNoBattle = (planA: Plan, planB: Plan): boolean =>
  planEffects(planA, planB)[0].kind === 'noBattle';

/** The percent a plan adds to the side's battle value. */
export const planBattleValuePercent = (effect: PlanEffect): number =>
  effect.kind === 'bv' ? effect.percent : 0;
/** The percentage points a plan adds to the side's casualty rate. */
export const planCasualtyPercent = (effect: PlanEffect): number =>
  effect.kind === 'cas' ? effect.percent : 0;

/** A number with its sign: +5, -10, 0; the sidebar passes a true minus sign (−) for display. */
export const signed = (n: number, minus = '-'): string => (n > 0 ? `+${n}` : n < 0 ? `${minus}${-n}` : '0');

/** As the source prints an effect: `BV -10%`, `Cas +20%`, `-` or `No battle`; the sidebar passes a true minus. */
export function planEffectText(effect: PlanEffect, minus = '-'): string {
  switch (effect.kind) {
    case 'none':
      return '-';
    case 'bv':
      return `BV ${signed(effect.percent, minus)}%`;
    case 'cas':
      return `Cas ${signed(effect.percent, minus)}%`;
    case 'noBattle':
      return 'No battle';
  }
}
