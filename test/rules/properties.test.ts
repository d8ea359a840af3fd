// Property tests across the rules (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { battleValue, casualtiesOf, evaluateBattle, outcome, splitCasualties } from '../../src/rules';
import { oracleResult, side, worth } from '../support/rules';

const cas = fc.constantFrom(-20, -10, 0, 5, 10, 20, 30);
const total = fc.integer({ min: 0, max: 1000 });
const unitTotal = fc.integer({ min: 0, max: 500 });

describe('properties of resolution', () => {
  it("casualties are within 0 and the side's unit total, and split into routed + destroyed", () => {
    fc.assert(
      fc.property(total, total, cas, cas, unitTotal, unitTotal, (ta, tb, ca, cb, ua, ub) => {
        const r = outcome(ta, tb, ca, cb);
        if (!r) return;
        const p = casualtiesOf(r, ua, ub, ca, cb);
        expect(p.a).toBeGreaterThanOrEqual(0);
        expect(p.a).toBeLessThanOrEqual(ua);
        expect(p.b).toBeGreaterThanOrEqual(0);
        expect(p.b).toBeLessThanOrEqual(ub);
        for (const points of [p.a, p.b]) {
          const s = splitCasualties(points);
          expect(s.routed + s.destroyed).toBe(points);
          expect(s.destroyed - s.routed === 0 || s.destroyed - s.routed === 1).toBe(true);
        }
      }),
    );
  });

  it('rates stay within 0-100 and follow the table, Cas and attrition as RULES 6 states them', () => {
    fc.assert(
      fc.property(total, total, cas, cas, unitTotal, unitTotal, (ta, tb, ca, cb, ua, ub) => {
        const r = outcome(ta, tb, ca, cb);
        const o = oracleResult(ta, tb, ca, cb, ua, ub);
        if (!o) {
          expect(r).toBeUndefined();
          return;
        }
        if (!r) throw new Error(`${ta} against ${tb} is decided, yet outcome gave none`);
        expect(r).toMatchObject({ winner: o.aWins ? 'A' : 'B', rateA: o.rateA, rateB: o.rateB });
        expect(casualtiesOf(r, ua, ub, ca, cb)).toEqual({ a: o.pointsA, b: o.pointsB });
      }),
      { numRuns: 500 },
    );
  });
});

describe('properties of battle value', () => {
  it('D-10 battle value is never negative, and is a whole number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: -150, max: 200 }),
        fc.integer({ min: -400, max: 200 }).map((h) => h / 2),
        (base, percent, points) => {
          const v = battleValue(base, percent, points);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(v)).toBe(true);
        },
      ),
    );
  });

  it('D-10 battle value is the exact value rounded half up (checked in hundredths, with halves of points)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: -100, max: 200 }),
        fc.integer({ min: -200, max: 200 }),
        (base, percent, halfPoints) => {
          // value * 200 = base * 200 + base * percent * 2 + halfPoints * 100, all integers.
          const v200 = base * 200 + base * percent * 2 + halfPoints * 100;
          const expected = Math.max(0, Math.floor((v200 + 100) / 200));
          expect(battleValue(base, percent, halfPoints / 2)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a whole battle never gives a negative battle value, whatever is ticked', () => {
    const flag = fc.boolean();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 0, maxLength: 6 }),
        flag,
        flag,
        flag,
        (values, mire, unfavorable, ally) => {
          const a = side(
            'A',
            values.map((v) => worth(v)),
            {
              terrain: { mire, shiftingGround: true, mountedInRough: true },
              environment: { unfavorable },
              morale: { allyDefeated: ally },
              plan: 'Full charge',
            },
          );
          const e = evaluateBattle(a, side('B', [worth(5)]));
          expect(e.a.battleValue).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
