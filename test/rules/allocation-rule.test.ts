// The documented tie-break of the casualty suggestion, checked against a brute force over every subset.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defined, suggestCasualties } from '../../src/rules';

/** The rule as the README words it, by enumeration. */
function byTheRule(values: number[], points: number): number[] {
  const order = values
    .map((value, index) => ({ value, index }))
    .sort((x, y) => y.value - x.value || x.index - y.index);
  let best: { gap: number; over: boolean; key: number[]; set: number[] } | undefined;
  for (let mask = 0; mask < 1 << order.length; mask++) {
    const chosen = order.map((u, p) => ({ ...u, p })).filter(({ p }) => mask & (1 << p));
    const positions = chosen.map((u) => u.p);
    const sum = chosen.reduce((s, u) => s + u.value, 0);
    const gap = Math.abs(sum - points);
    const over = sum >= points;
    // Lowest-placed unit as high as possible, then the next: compare positions from the bottom up.
    const key = [...positions].sort((a, b) => b - a);
    const better =
      !best ||
      gap < best.gap ||
      (gap === best.gap && over && !best.over) ||
      (gap === best.gap && over === best.over && lexLess(key, best.key));
    if (better) best = { gap, over, key, set: chosen.map((u) => u.index).sort((a, b) => a - b) };
  }
  return defined(best, 'a best set').set;
}

function lexLess(a: number[], b: number[]): boolean {
  for (const [i, x] of a.entries()) {
    const y = b[i];
    if (y === undefined) return false;
    if (x !== y) return x < y;
  }
  return a.length < b.length;
}

describe('casualty suggestion: the documented rule', () => {
  it('picks {3, 3} over {4, 2} for 6 points from 4, 3, 3, 2 (the set highest up the list)', () => {
    expect(suggestCasualties([4, 3, 3, 2], 6)).toEqual([1, 2]);
  });

  it('agrees with a brute force of the README rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 60 }),
        (values, points) => {
          const total = values.reduce((s, v) => s + v, 0);
          const target = Math.min(points, total);
          expect(suggestCasualties(values, target)).toEqual(target === 0 ? [] : byTheRule(values, target));
        },
      ),
      { numRuns: 400 },
    );
  });
});
