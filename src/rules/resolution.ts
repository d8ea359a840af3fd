// Resolution (RULES 6): who wins with these totals, the casualty table's row and rates, each side's casualty
// points with the winner's minimum, and their split into routed and destroyed (D-14 to D-16).
import { lastOf } from './defined';
import { ATTRITION_PERCENT, CASUALTY_TABLE, type CasualtyBand } from './tables';

const clampPercent = (p: number): number => Math.min(100, Math.max(0, p));

/** The casualty table's row for a winning difference of 1 or more (D-14: 401 and above is the last row). */
export function casualtyBand(difference: number): CasualtyBand {
  return CASUALTY_TABLE.find((row) => difference <= row.to) ?? lastOf(CASUALTY_TABLE, 'casualty band');
}

/** `rate`% of `unitValue`, worked in whole percent and rounded halves up (D-15). */
export const casualtyPoints = (ratePercent: number, unitValue: number): number =>
  Math.floor((ratePercent * unitValue + 50) / 100);

export interface Casualties {
  readonly points: number;
  /** Half the points, rounded down (D-16). */
  readonly routed: number;
  /** The rest: the odd point is destroyed (D-16). */
  readonly destroyed: number;
}

export function splitCasualties(points: number): Casualties {
  const routed = Math.floor(points / 2);
  return { points, routed, destroyed: points - routed };
}

export interface Outcome {
  readonly winner: 'A' | 'B';
  readonly difference: number;
  /** Casualty rates in whole percent: the table's rate with each side's plan Cas change, within 0-100. */
  readonly rateA: number;
  readonly rateB: number;
}

/** Who wins a battle with these totals, and the casualty rates (RULES 6.2-6.4). Undefined on a tie (D-13). */
export function outcome(totalA: number, totalB: number, casA = 0, casB = 0): Outcome | undefined {
  if (totalA === totalB) return undefined;
  return winOutcome(totalA > totalB ? 'A' : 'B', Math.abs(totalA - totalB), casA, casB);
}

/** The casualty rates when `winner` wins by `difference` (1 or more): a battle that is decided, never a tie. */
export function winOutcome(winner: 'A' | 'B', difference: number, casA = 0, casB = 0): Outcome {
  const row = casualtyBand(difference);
  const rateA = clampPercent((winner === 'A' ? row.winnerPercent : row.loserPercent) + casA);
  const rateB = clampPercent((winner === 'B' ? row.winnerPercent : row.loserPercent) + casB);
  return { winner, difference, rateA, rateB };
}

/**
 * Casualty points of both sides (RULES 6.5-6.6): each side's rate of its fighting units' value; the winner
 * then loses at least (20% + its Cas) of the loser's points, but never more than its units are worth.
 */
export function casualtiesOf(
  result: Outcome,
  unitsA: number,
  unitsB: number,
  casA = 0,
  casB = 0,
): { readonly a: number; readonly b: number } {
  const a = casualtyPoints(result.rateA, unitsA);
  const b = casualtyPoints(result.rateB, unitsB);
  if (result.winner === 'A') return { a: winnerPoints(a, b, unitsA, casA), b };
  return { a, b: winnerPoints(b, a, unitsB, casB) };
}

/** The winner's minimum (RULES 6.6): (20% + its Cas) of the loser's casualty points, as a rate and in points. */
export function winnerMinimum(
  loserPoints: number,
  winnerCas: number,
): { readonly percent: number; readonly points: number } {
  const percent = clampPercent(ATTRITION_PERCENT + winnerCas);
  return { percent, points: casualtyPoints(percent, loserPoints) };
}

function winnerPoints(own: number, loserPoints: number, winnerUnits: number, winnerCas: number): number {
  return Math.min(winnerUnits, Math.max(own, winnerMinimum(loserPoints, winnerCas).points));
}
