// RULES 6.9: the suggested casualty units, against the rule documented in src/rules/allocation.ts:
// the sum closest to the points; between a sum under and one over at the same distance, the one over.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defined, suggestCasualties, suggestCasualtySplit } from '../../src/rules';

const sumOf = (values: readonly number[], indices: readonly number[]) =>
  indices.reduce((s, i) => s + defined(values[i], `value ${i}`), 0);

/** Brute force over all subsets: the best sum by the documented rule. */
function bestSum(values: readonly number[], points: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << values.length; mask++) {
    let s = 0;
    values.forEach((v, i) => {
      if (mask & (1 << i)) s += v;
    });
    const d = Math.abs(s - points);
    const bd = Math.abs(best - points);
    if (d < bd || (d === bd && s >= points && best < points)) best = s;
  }
  return best;
}

const smallValues = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 0, maxLength: 10 });
const smallPoints = fc.integer({ min: 0, max: 70 });

describe('suggestCasualties', () => {
  it('an exact fit', () => {
    expect(sumOf([7, 3, 3, 1], suggestCasualties([7, 3, 3, 1], 10))).toBe(10);
    expect(suggestCasualties([5, 2, 9], 9)).toEqual([2]);
  });

  it('closest sum below when nothing is as close above', () => {
    // Sums of [6, 6]: 0, 6, 12. Points 8: 6 (2 under) beats 12 (4 over).
    expect(suggestCasualties([6, 6], 8)).toHaveLength(1);
  });

  it('closest sum above when nothing is as close below', () => {
    // Points 10: 12 (2 over) beats 6 (4 under).
    expect(suggestCasualties([6, 6], 10)).toEqual([0, 1]);
  });

  it('a tie between a sum under and a sum over goes over (losses not understated)', () => {
    expect(suggestCasualties([4, 6], 5)).toEqual([1]);
    expect(suggestCasualties([3, 7], 5)).toEqual([1]);
    expect(suggestCasualties([6, 4], 5)).toEqual([0]);
    // Sums 0, 2, 4, 6: points 3 → 4 rather than 2.
    expect(sumOf([2, 2, 2], suggestCasualties([2, 2, 2], 3))).toBe(4);
  });

  it('0 points: no units; points at or above every unit: all units', () => {
    expect(suggestCasualties([3, 5], 0)).toEqual([]);
    expect(suggestCasualties([3, 5], 8)).toEqual([0, 1]);
    expect(suggestCasualties([3, 5], 50)).toEqual([0, 1]);
    expect(suggestCasualties([], 5)).toEqual([]);
  });

  it('among sets with the same sum, the larger unit (the documented rule 2)', () => {
    expect(suggestCasualties([1, 1, 2], 2)).toEqual([2]);
    expect(suggestCasualties([2, 3, 5], 5)).toEqual([2]);
  });

  it('equal values are taken in roster order', () => {
    expect(suggestCasualties([3, 3], 3)).toEqual([0]);
    expect(suggestCasualties([1, 3, 3, 3], 6)).toEqual([1, 2]);
  });

  it('property: indices are distinct, valid, and sorted', () => {
    fc.assert(
      fc.property(smallValues, smallPoints, (values, points) => {
        const chosen = suggestCasualties(values, points);
        expect(new Set(chosen).size).toBe(chosen.length);
        for (const i of chosen) {
          expect(Number.isInteger(i)).toBe(true);
          expect(i).toBeGreaterThanOrEqual(0);
          expect(i).toBeLessThan(values.length);
        }
      }),
    );
  });

  it('property: the sum is the one a brute force over all subsets finds, ties toward the sum at or above', () => {
    fc.assert(
      fc.property(smallValues, smallPoints, (values, points) => {
        expect(sumOf(values, suggestCasualties(values, points))).toBe(bestSum(values, points));
      }),
      { numRuns: 500 },
    );
  });

  it('property: deterministic, and the input is left as it was', () => {
    fc.assert(
      fc.property(smallValues, smallPoints, (values, points) => {
        const copy = [...values];
        const first = suggestCasualties(values, points);
        expect(suggestCasualties(values, points)).toEqual(first);
        expect(suggestCasualties(copy, points)).toEqual(first);
        expect(values).toEqual(copy);
      }),
    );
  });

  it('larger inputs: the sum is still as close as it can be (reachable sums by dynamic programming)', () => {
    const values = [7, 7, 7, 6, 6, 5, 3, 3, 3, 3, 2, 2, 1, 1, 1, 9, 11, 4, 4, 8, 7, 3, 3, 2];
    for (const points of [1, 17, 33, 58, 59, 101, 200]) {
      const reachable = new Set([0]);
      for (const v of values) for (const s of [...reachable]) reachable.add(s + v);
      let best = 0;
      for (const s of reachable) {
        const d = Math.abs(s - points);
        const bd = Math.abs(best - points);
        if (d < bd || (d === bd && s >= points && best < points)) best = s;
      }
      expect(sumOf(values, suggestCasualties(values, points))).toBe(best);
    }
  });
});

describe('suggestCasualtySplit', () => {
  it('destroyed first, then routed from the rest; no unit in both', () => {
    const values = [7, 3, 3, 1, 5];
    const split = suggestCasualtySplit(values, 6, 5);
    expect(sumOf(values, split.destroyed)).toBe(6);
    expect(sumOf(values, split.routed)).toBe(5);
    expect(split.destroyed.filter((i) => split.routed.includes(i))).toEqual([]);
  });

  it('property: destroyed and routed are disjoint, valid and deterministic', () => {
    fc.assert(
      fc.property(smallValues, smallPoints, smallPoints, (values, destroyed, routed) => {
        const split = suggestCasualtySplit(values, destroyed, routed);
        const all = [...split.destroyed, ...split.routed];
        expect(new Set(all).size).toBe(all.length);
        for (const i of all) expect(i >= 0 && i < values.length).toBe(true);
        expect(suggestCasualtySplit(values, destroyed, routed)).toEqual(split);
        expect(sumOf(values, split.destroyed)).toBe(bestSum(values, destroyed));
      }),
    );
  });
});
