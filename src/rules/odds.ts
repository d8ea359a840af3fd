import { casualtiesOf, outcome } from './resolution';
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

/** Chance that side A wins, with battle values (whole numbers) already including every modifier. */
export function winChance(valueA: number, valueB: number): number {
  const delta = valueA - valueB;
  let winsA = 0;
  let winsB = 0;
  for (let d = -MAX_DIFF; d <= MAX_DIFF; d++) {
    const margin = delta + d;
    if (margin > 0) winsA += ways(d);
    else if (margin < 0) winsB += ways(d);
  }
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

/** The exact odds of a battle (RULES 7): every one of the 10,000 roll pairs, ties rolled again. */
export function battleOdds(input: OddsInput): BattleOdds {
  const { valueA, valueB, casA = 0, casB = 0, unitsA, unitsB } = input;
  const delta = valueA - valueB;
  const bandWays = CASUALTY_TABLE.map(() => ({ a: 0, b: 0 }));
  const withCasualties = unitsA !== undefined && unitsB !== undefined;
  let decided = 0;
  let winsA = 0;
  let casualtiesA = 0;
  let casualtiesB = 0;
  for (let d = -MAX_DIFF; d <= MAX_DIFF; d++) {
    const result = outcome(delta + d, 0, casA, casB);
    if (!result) continue;
    const w = ways(d);
    decided += w;
    const bandIndex = CASUALTY_TABLE.findIndex((row) => result.difference <= row.to);
    if (result.winner === 'A') {
      winsA += w;
      bandWays[bandIndex]!.a += w;
    } else {
      bandWays[bandIndex]!.b += w;
    }
    if (withCasualties) {
      const points = casualtiesOf(result, unitsA, unitsB, casA, casB);
      casualtiesA += w * points.a;
      casualtiesB += w * points.b;
    }
  }
  const odds: BattleOdds = {
    winA: winsA / decided,
    winB: (decided - winsA) / decided,
    bands: CASUALTY_TABLE.map((band, i) => ({
      band,
      a: bandWays[i]!.a / decided,
      b: bandWays[i]!.b / decided,
    })),
  };
  if (!withCasualties) return odds;
  return { ...odds, expectedCasualtiesA: casualtiesA / decided, expectedCasualtiesB: casualtiesB / decided };
}
