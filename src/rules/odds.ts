// The exact odds of a battle (RULES 7): each side's chance to win and of each casualty band, ties rolled again
// (D-13), counted in closed form over the 10,000 pairs of d100 rather than by sampling.
import { casualtiesOf, winOutcome } from './resolution';
import { CASUALTY_TABLE, type CasualtyBand, DIE_SIDES } from './tables';

/** Ways two d100 can differ by d (rollA - rollB), out of 10,000 pairs. */
const ways = (d: number): number => DIE_SIDES - Math.abs(d);
const MAX_DIFF = DIE_SIDES - 1;

export interface BandChance {
  readonly band: CasualtyBand;
  /** Chance that side A wins with its winning difference in this band. */
  readonly a: number;
  readonly b: number;
}

export interface BattleOdds {
  /** Chance each side wins, ties rolled again (D-13): they sum to 1. */
  readonly winA: number;
  readonly winB: number;
  readonly bands: readonly BandChance[];
  /** Expected casualty points, attrition included; present when the units' values were given. */
  readonly expectedCasualtiesA?: number;
  readonly expectedCasualtiesB?: number;
}

/** Roll pairs (of 10,000) with a difference rollA - rollB of at least d, in closed form: no loop, no recursion. */
function waysAtLeast(d: number): number {
  if (d > MAX_DIFF) return 0;
  if (d <= -MAX_DIFF) return DIE_SIDES * DIE_SIDES;
  // For d >= 0: the sum of (100 - k) for k = d..99 is 1 + 2 + ... + (100 - d).
  const atLeast = (k: number) => ((DIE_SIDES - k) * (DIE_SIDES - k + 1)) / 2;
  // The differences are symmetric: at least d (< 0) is everything but at least 1 - d.
  return d >= 0 ? atLeast(d) : DIE_SIDES * DIE_SIDES - atLeast(1 - d);
}

/** Battle values are finite numbers: NaN or an infinity has no chance to speak of, so it is a fault to report. */
function checkValues(valueA: number, valueB: number): void {
  if (!Number.isFinite(valueA - valueB)) {
    throw new RangeError(`battle values must be finite numbers (got ${valueA} and ${valueB})`);
  }
}

/** Chance that side A wins, ties rolled again (D-13), with battle values already including every modifier. */
export function winChance(valueA: number, valueB: number): number {
  checkValues(valueA, valueB);
  const delta = valueA - valueB;
  // A wins when rollA - rollB > -delta; B wins when it is < -delta.
  const firstWinning = Math.floor(-delta) + 1;
  const winsA = waysAtLeast(firstWinning);
  const tie = Number.isInteger(delta) && Math.abs(delta) <= MAX_DIFF ? ways(-delta) : 0;
  const winsB = DIE_SIDES * DIE_SIDES - winsA - tie;
  return winsA / (winsA + winsB);
}

export interface OddsInput {
  readonly valueA: number;
  readonly valueB: number;
  readonly casA?: number;
  readonly casB?: number;
  /** Total value of each side's fighting units, for expected casualties. */
  readonly unitsA?: number;
  readonly unitsB?: number;
}

/** Roll pairs whose difference rollA - rollB lies in [lo, hi]. */
const waysBetween = (lo: number, hi: number): number =>
  lo > hi ? 0 : waysAtLeast(Math.max(lo, -MAX_DIFF)) - waysAtLeast(Math.min(hi, MAX_DIFF) + 1);

/**
 * The exact odds of a battle (RULES 7) over the 10,000 roll pairs, ties rolled again. Every difference in a
 * casualty band gives the same rates and points, so each band is counted in closed form: O(bands) a call.
 */
export function battleOdds(input: OddsInput): BattleOdds {
  const { valueA, valueB, casA = 0, casB = 0, unitsA, unitsB } = input;
  checkValues(valueA, valueB);
  const delta = valueA - valueB;
  const withCasualties = unitsA !== undefined && unitsB !== undefined;
  const counts: { band: CasualtyBand; a: number; b: number }[] = [];
  let decided = 0;
  let winsA = 0;
  let casualtiesA = 0;
  let casualtiesB = 0;
  let previousTo = 0;
  for (const band of CASUALTY_TABLE) {
    // A wins by a margin delta + d in (previousTo, band.to]; B by -(delta + d) in the same interval.
    const a = waysBetween(Math.floor(previousTo - delta) + 1, Math.floor(band.to - delta));
    const b = waysBetween(Math.ceil(-band.to - delta), Math.ceil(-previousTo - delta) - 1);
    previousTo = band.to;
    counts.push({ band, a, b });
    decided += a + b;
    winsA += a;
    if (withCasualties) {
      for (const [winner, w] of [
        ['A', a],
        ['B', b],
      ] as const) {
        if (w === 0) continue;
        const points = casualtiesOf(winOutcome(winner, band.from, casA, casB), unitsA, unitsB, casA, casB);
        casualtiesA += w * points.a;
        casualtiesB += w * points.b;
      }
    }
  }
  const odds: BattleOdds = {
    winA: winsA / decided,
    winB: (decided - winsA) / decided,
    bands: counts.map(({ band, a, b }) => ({ band, a: a / decided, b: b / decided })),
  };
  if (!withCasualties) return odds;
  return { ...odds, expectedCasualtiesA: casualtiesA / decided, expectedCasualtiesB: casualtiesB / decided };
}
