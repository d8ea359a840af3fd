import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  casualtiesOf,
  defaultHouseRules,
  fightBattle,
  outcome,
  resolveRolls,
  type SideFigures,
  signed,
  splitCasualties,
  suggestCasualtySplit,
} from '../../src/rules';
import { side, worth } from '../support/rules';

const fig = (battleValue: number, unitValue: number, cas = 0): SideFigures => ({
  battleValue,
  unitValue,
  cas,
});

describe('resolveRolls: the one path from figures and rolls to a result', () => {
  it('waits for a roll, and says no battle whatever the rolls when the plans rule it out', () => {
    expect(resolveRolls(fig(10, 8), fig(9, 9), false, [])).toEqual({ kind: 'unrolled' });
    expect(resolveRolls(fig(10, 8), fig(9, 9), true, [[50, 1]])).toEqual({ kind: 'noBattle' });
  });

  it('keeps every tie and stops at the first pair that decides (D-13)', () => {
    const r = resolveRolls(fig(52, 45), fig(47, 40), false, [
      [10, 15],
      [20, 25],
      [63, 18],
      [1, 100],
    ]);
    expect(r).toEqual({
      kind: 'decided',
      rolls: [
        [10, 15],
        [20, 25],
        [63, 18],
      ],
      totals: [115, 65],
      winner: 'A',
      difference: 50,
      // Band 46-50: winner 50%, loser 60% (source table); 50% of 45 = 22.5 -> 23 (D-15).
      rates: [50, 60],
      casualties: [
        { points: 23, routed: 11, destroyed: 12 },
        { points: 24, routed: 12, destroyed: 12 },
      ],
    });
  });

  it('reports a tie with the last totals while every pair ties', () => {
    expect(resolveRolls(fig(10, 8), fig(12, 9), false, [[52, 50]])).toEqual({
      kind: 'tie',
      rolls: [[52, 50]],
      totals: [62, 62],
    });
  });

  it('agrees with outcome and casualtiesOf for any figures and one pair', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom(-10, 0, 10, 20),
        fc.constantFrom(-10, 0, 10, 20),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (va, vb, ua, ub, ca, cb, ra, rb) => {
          const r = resolveRolls(fig(va, ua, ca), fig(vb, ub, cb), false, [[ra, rb]]);
          const o = outcome(va + ra, vb + rb, ca, cb);
          if (!o) return r.kind === 'tie';
          const p = casualtiesOf(o, ua, ub, ca, cb);
          return (
            r.kind === 'decided' &&
            r.winner === o.winner &&
            r.rates[0] === o.rateA &&
            r.rates[1] === o.rateB &&
            JSON.stringify(r.casualties) === JSON.stringify([splitCasualties(p.a), splitCasualties(p.b)])
          );
        },
      ),
    );
  });
});

describe('fightBattle', () => {
  const a = side('A', [worth(5), worth(4), worth(3), worth(2)]);
  const b = side('B', [worth(6), worth(1)]);

  it('suggests casualties once decided, indexing the fighting units', () => {
    expect(fightBattle(a, b, defaultHouseRules(), []).suggested).toBeNull();
    const f = fightBattle(a, b, defaultHouseRules(), [[90, 2]]);
    expect(f.result.kind).toBe('decided');
    if (f.result.kind !== 'decided') return;
    const values = (i: 0 | 1) =>
      (i === 0 ? f.evaluation.a : f.evaluation.b).fightingUnits.map((u) => u.value);
    expect(f.suggested).toEqual([
      suggestCasualtySplit(values(0), f.result.casualties[0].destroyed, f.result.casualties[0].routed),
      suggestCasualtySplit(values(1), f.result.casualties[1].destroyed, f.result.casualties[1].routed),
    ]);
  });
});

describe('signed', () => {
  it('prints the sign in one way for sheets and, with a true minus, for the sidebar', () => {
    expect([signed(5), signed(-10), signed(0), signed(-2.5, '−')]).toEqual(['+5', '-10', '0', '−2.5']);
  });
});
