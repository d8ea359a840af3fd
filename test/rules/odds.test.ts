// RULES 7: exact odds, checked against a brute force over all 10,000 pairs of d100 rolls.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { battleOdds, defined, winChance } from '../../src/rules';
import { bruteForceWins, oracleResult, SOURCE_CASUALTIES } from '../support/rules';

const value = fc.integer({ min: 0, max: 400 });

describe('RULES 7 win chances', () => {
  it('equal battle values: 50%', () => {
    expect(winChance(40, 40)).toBe(0.5);
    expect(battleOdds({ valueA: 0, valueB: 0 }).winA).toBe(0.5);
  });

  it('a lead of 100 or more is certain: a loss is impossible', () => {
    expect(winChance(100, 0)).toBe(1);
    expect(winChance(0, 100)).toBe(0);
    expect(winChance(400, 0)).toBe(1);
  });

  it('a lead of 99: the one tying pair (1 vs 100) is rolled again, so A always wins', () => {
    expect(winChance(99, 0)).toBe(1);
  });

  it('a lead of 98: B wins only 1 vs 100 (99 < 100); 2 pairs tie: 9997 / 9998', () => {
    expect(winChance(98, 0)).toBe(9997 / 9998);
  });

  it('27 against 44 (the worked battle of the formula tests): 3403 / 9917', () => {
    // A needs rollA - rollB > 17: sum over k = 18..99 of (100 - k) = 82 * 83 / 2 = 3403 pairs; 83 pairs tie.
    expect(winChance(27, 44)).toBe(3403 / 9917);
    expect(battleOdds({ valueA: 27, valueB: 44 }).winB).toBe(6514 / 9917);
  });

  it('D-13 ties are rolled again, so they leave the odds: a lead of 1 wins 5050 of the 9901 deciding pairs', () => {
    // valueA 1, valueB 0: A wins when rollA >= rollB (rollA - rollB > -1): 5050 pairs; ties (rollA + 1 = rollB): 99.
    expect(winChance(1, 0)).toBe(5050 / (10000 - 99));
  });

  it('property: exact odds equal a brute-force enumeration of all 10,000 roll pairs, ties excluded', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const brute = bruteForceWins(a, b);
        const decided = brute.a + brute.b;
        expect(winChance(a, b)).toBeCloseTo(brute.a / decided, 14);
        const odds = battleOdds({ valueA: a, valueB: b });
        expect(odds.winA).toBeCloseTo(brute.a / decided, 14);
        expect(odds.winB).toBeCloseTo(brute.b / decided, 14);
      }),
      { numRuns: 150 },
    );
  });

  it('property: the win chances of both sides sum to 1', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const odds = battleOdds({ valueA: a, valueB: b });
        expect(odds.winA + odds.winB).toBeCloseTo(1, 12);
        expect(winChance(a, b) + winChance(b, a)).toBeCloseTo(1, 12);
      }),
    );
  });

  it("property: a side's win chance rises (weakly) with its own battle value", () => {
    fc.assert(
      fc.property(value, value, fc.integer({ min: 1, max: 50 }), (a, b, more) => {
        expect(winChance(a + more, b)).toBeGreaterThanOrEqual(winChance(a, b));
        expect(battleOdds({ valueA: b, valueB: a + more }).winB).toBeGreaterThanOrEqual(
          battleOdds({ valueA: b, valueB: a }).winB,
        );
      }),
    );
  });
});

describe('RULES 7 band chances and expected casualties', () => {
  /** Brute force over the 10,000 pairs with the source's table, Cas and attrition (RULES 6). */
  function brute(valueA: number, valueB: number, casA: number, casB: number, unitsA: number, unitsB: number) {
    const bandsA = SOURCE_CASUALTIES.map(() => 0);
    const bandsB = SOURCE_CASUALTIES.map(() => 0);
    let decided = 0;
    let casualtiesA = 0;
    let casualtiesB = 0;
    for (let ra = 1; ra <= 100; ra++) {
      for (let rb = 1; rb <= 100; rb++) {
        const r = oracleResult(valueA + ra, valueB + rb, casA, casB, unitsA, unitsB);
        if (!r) continue;
        decided++;
        const counts = r.aWins ? bandsA : bandsB;
        counts[r.row] = defined(counts[r.row], `the count of band ${r.row}`) + 1;
        casualtiesA += r.pointsA;
        casualtiesB += r.pointsB;
      }
    }
    return {
      bandsA: bandsA.map((n) => n / decided),
      bandsB: bandsB.map((n) => n / decided),
      expectedA: casualtiesA / decided,
      expectedB: casualtiesB / decided,
    };
  }

  it('every band chance of a 60 vs 20 battle', () => {
    const odds = battleOdds({ valueA: 60, valueB: 20 });
    const b = brute(60, 20, 0, 0, 0, 0);
    expect(odds.bands.map((x) => [x.band.from, x.band.to])).toEqual(
      SOURCE_CASUALTIES.map((r) => r.slice(0, 2)),
    );
    expect(odds.bands.map((x) => x.a)).toEqual(b.bandsA.map((p) => expect.closeTo(p, 14)));
    expect(odds.bands.map((x) => x.b)).toEqual(b.bandsB.map((p) => expect.closeTo(p, 14)));
  });

  it('property: band chances and expected casualties equal the brute force', () => {
    const cas = fc.constantFrom(-20, -10, 0, 10, 20, 30);
    const units = fc.integer({ min: 0, max: 120 });
    fc.assert(
      fc.property(value, value, cas, cas, units, units, (va, vb, ca, cb, ua, ub) => {
        const odds = battleOdds({ valueA: va, valueB: vb, casA: ca, casB: cb, unitsA: ua, unitsB: ub });
        const b = brute(va, vb, ca, cb, ua, ub);
        expect(odds.bands.map((x) => x.a)).toEqual(b.bandsA.map((p) => expect.closeTo(p, 12)));
        expect(odds.bands.map((x) => x.b)).toEqual(b.bandsB.map((p) => expect.closeTo(p, 12)));
        const total = odds.bands.reduce((s, band) => s + band.a + band.b, 0);
        expect(total).toBeCloseTo(1, 12);
        expect(odds.expectedCasualtiesA).toBeCloseTo(b.expectedA, 9);
        expect(odds.expectedCasualtiesB).toBeCloseTo(b.expectedB, 9);
      }),
      { numRuns: 60 },
    );
  });

  it("expected casualties are absent without the units' values", () => {
    const odds = battleOdds({ valueA: 60, valueB: 20 });
    expect(odds.expectedCasualtiesA).toBeUndefined();
    expect(odds.expectedCasualtiesB).toBeUndefined();
  });
});

describe('odds of values far apart or not numbers at all', () => {
  it('any finite gap, however wide, is a sure thing either way (no recursion on the gap)', () => {
    expect(winChance(1e308, 0)).toBe(1);
    expect(winChance(0, 1e308)).toBe(0);
    expect(winChance(-1e308, 1e308 / 2)).toBe(0);
    expect(battleOdds({ valueA: 1e15, valueB: 0, unitsA: 10, unitsB: 10 }).winA).toBe(1);
  });

  it('NaN or an infinity is reported, not a "Maximum call stack size exceeded"', () => {
    expect(() => winChance(Number.NaN, 0)).toThrow('battle values must be finite numbers (got NaN and 0)');
    expect(() => winChance(5, Number.POSITIVE_INFINITY)).toThrow(
      'battle values must be finite numbers (got 5 and Infinity)',
    );
    expect(() => battleOdds({ valueA: 0, valueB: Number.NaN })).toThrow(
      'battle values must be finite numbers (got 0 and NaN)',
    );
  });
});
