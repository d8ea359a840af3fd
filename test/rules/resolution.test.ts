// RULES 6: resolution. The casualty table is the source's, transcribed by hand in ./helpers.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  winnerMinimum,
  casualtiesOf,
  casualtyBand,
  casualtyPoints,
  defined,
  outcome,
  splitCasualties,
  winOutcome,
} from '../../src/rules';
import { SOURCE_CASUALTIES } from '../support/rules';

/** The outcome of totals that differ: a test fault if they tie. */
const decided = (totalA: number, totalB: number, casA = 0, casB = 0) =>
  defined(outcome(totalA, totalB, casA, casB), `an outcome of ${totalA} against ${totalB}`);

const SOURCE = new URL('../../../shared/warcard-rules-source.txt', import.meta.url);

describe('RULES 6.3 the casualty table, every row and its boundaries', () => {
  for (const [from, to, winner, loser] of SOURCE_CASUALTIES) {
    const edges = Number.isFinite(to) ? [from, to] : [from, from + 1, 1000];
    it.each(edges)(
      `difference %i (row ${from}-${Number.isFinite(to) ? to : '+'}): ${winner}% / ${loser}%`,
      (d) => {
        const band = casualtyBand(d);
        expect([band.winnerPercent, band.loserPercent]).toEqual([winner, loser]);
        // Through outcome: A wins by d, then B wins by d.
        expect(outcome(100 + d, 100)).toMatchObject({
          winner: 'A',
          difference: d,
          rateA: winner,
          rateB: loser,
        });
        expect(outcome(0, d)).toMatchObject({ winner: 'B', difference: d, rateA: loser, rateB: winner });
      },
    );
  }

  it('each row ends where the next starts (10/11, 15/16, ..., 400/401)', () => {
    for (let i = 0; i + 1 < SOURCE_CASUALTIES.length; i++) {
      const [, to, w1, l1] = defined(SOURCE_CASUALTIES[i], `source row ${i}`);
      const [, , w2, l2] = defined(SOURCE_CASUALTIES[i + 1], `source row ${i + 1}`);
      const below = decided(to, 0);
      const above = decided(to + 1, 0);
      expect([below.rateA, below.rateB]).toEqual([w1, l1]);
      expect([above.rateA, above.rateB]).toEqual([w2, l2]);
    }
  });

  it('D-14 "400+" means 401 or more: 400 is 5% / 90%, 401 is 5% / 100%', () => {
    expect(outcome(400, 0)).toMatchObject({ rateA: 5, rateB: 90 });
    expect(outcome(401, 0)).toMatchObject({ rateA: 5, rateB: 100 });
    expect(outcome(0, 401)).toMatchObject({ rateA: 100, rateB: 5 });
    expect(outcome(5000, 0)).toMatchObject({ rateA: 5, rateB: 100 });
  });

  it.skipIf(!existsSync(SOURCE))('the transcription in these tests matches the published text', () => {
    const text = readFileSync(SOURCE, 'utf8');
    const rows = [...text.matchAll(/^(\d+)(?:-(\d+)|\+) \| (\d+)% \| (\d+)% \|$/gm)].map((m) => [
      Number(m[1]) + (m[2] === undefined ? 1 : 0),
      m[2] === undefined ? Number.POSITIVE_INFINITY : Number(m[2]),
      Number(m[3]),
      Number(m[4]),
    ]);
    expect(rows).toEqual(SOURCE_CASUALTIES.map((r) => [...r]));
  });
});

describe('RULES 6.1-6.2 winner and difference', () => {
  it('the higher total wins; difference = winner - loser', () => {
    expect(outcome(130, 95)).toMatchObject({ winner: 'A', difference: 35 });
    expect(outcome(95, 130)).toMatchObject({ winner: 'B', difference: 35 });
    expect(outcome(51, 50)).toMatchObject({ winner: 'A', difference: 1, rateA: 70, rateB: 30 });
  });

  it('D-13 an equal total is no result: both sides roll again', () => {
    expect(outcome(80, 80)).toBeUndefined();
    expect(outcome(80, 80, 20, -10)).toBeUndefined();
  });

  it('winOutcome gives the rates of a win without totals: the same as outcome for that winner and difference', () => {
    expect(winOutcome('A', 35)).toEqual({ winner: 'A', difference: 35, rateA: 60, rateB: 50 });
    expect(winOutcome('B', 35, 10, -20)).toEqual({ winner: 'B', difference: 35, rateA: 60, rateB: 40 });
    expect(winOutcome('B', 35, 10, -20)).toEqual(outcome(95, 130, 10, -20));
  });
});

describe('RULES 6.4 plan Cas changes and the 0-100% clamp', () => {
  it('a Hold side with Cas -10% at a 70% rate suffers 60%', () => {
    // A wins by 5 (70% / 30%); A held (Cas -10).
    expect(outcome(105, 100, -10, 0)).toMatchObject({ rateA: 60, rateB: 30 });
  });

  it('Cas adds percentage points to the loser too', () => {
    // A wins by 5: B loses 30%, B's Cas +30 → 60%.
    expect(outcome(105, 100, 0, 30)).toMatchObject({ rateA: 70, rateB: 60 });
  });

  it('rates stay within 0-100%', () => {
    // 401+: winner 5% - 20 → 0; loser 100% + 30 → 100.
    expect(outcome(500, 0, -20, 30)).toMatchObject({ rateA: 0, rateB: 100 });
    expect(outcome(0, 500, 30, -20)).toMatchObject({ rateA: 100, rateB: 0 });
    // 131-150: winner 10% - 10 → 0 exactly.
    expect(outcome(140, 0, -10, 0)).toMatchObject({ rateA: 0 });
  });
});

describe('RULES 6.5 casualty points (D-15)', () => {
  it('D-15 70% of 45 is 31.5, which rounds up to 32', () => {
    expect(casualtyPoints(70, 45)).toBe(32);
  });

  it('D-15 rounded to the nearest whole point, halves up', () => {
    expect(casualtyPoints(30, 45)).toBe(14); // 13.5
    expect(casualtyPoints(10, 44)).toBe(4); // 4.4
    expect(casualtyPoints(60, 11)).toBe(7); // 6.6
    expect(casualtyPoints(5, 10)).toBe(1); // 0.5
    expect(casualtyPoints(5, 9)).toBe(0); // 0.45
    expect(casualtyPoints(100, 37)).toBe(37);
    expect(casualtyPoints(0, 37)).toBe(0);
  });

  it('D-15 no binary-fraction slip: 0.7 * 45 and 0.35 * 90 fall just under the half in floating point', () => {
    expect(0.7 * 45).toBeLessThan(31.5);
    expect(casualtyPoints(70, 45)).toBe(32);
    expect(0.35 * 90).toBeLessThan(31.5);
    expect(casualtyPoints(35, 90)).toBe(32);
    expect(casualtyPoints(70, 85)).toBe(60); // 59.5
    expect(casualtyPoints(70, 175)).toBe(123); // 122.5
  });

  it('D-15 a winner at 70% of 45 unit points loses 32 (the rate users see stays 70%)', () => {
    const r = decided(105, 100); // by 5: 70% / 30%
    expect(r.rateA).toBe(70);
    expect(casualtiesOf(r, 45, 40)).toEqual({ a: 32, b: 12 });
  });
});

describe('RULES 6.6 attrition', () => {
  it("the winner loses at least 20% of the loser's casualty points", () => {
    // By 290 (251-300): winner 5%, loser 80%. A: 5% of 40 = 2; B: 80% of 50 = 40; 20% of 40 = 8.
    const r = decided(340, 50);
    expect([r.rateA, r.rateB]).toEqual([5, 80]);
    expect(casualtiesOf(r, 40, 50)).toEqual({ a: 8, b: 40 });
  });

  it('the attrition minimum is a minimum: a winner who loses more keeps its own figure', () => {
    // By 5: A 70% of 40 = 28; B 30% of 40 = 12; 20% of 12 = 2.4 → 28 stands.
    expect(casualtiesOf(decided(105, 100), 40, 40)).toEqual({ a: 28, b: 12 });
  });

  it('works for side B winning too', () => {
    const r = decided(50, 340);
    expect(casualtiesOf(r, 50, 40)).toEqual({ a: 40, b: 8 });
  });

  it("Hold against No plan and winning: at least 10% (20% + the winner's Cas -10%)", () => {
    // A held (Cas -10): its rate 5 - 10 → 0; the minimum is 10% of B's 40 = 4.
    const r = decided(340, 50, -10, 0);
    expect(r.rateA).toBe(0);
    expect(casualtiesOf(r, 40, 50, -10, 0)).toEqual({ a: 4, b: 40 });
  });

  it("a winner's Cas increase raises the minimum: Full charge (Cas +20) loses at least 40%", () => {
    // A: 5% + 20 = 25% of 30 = 7.5 → 8; B: 80% of 50 = 40; minimum 40% of 40 = 16.
    const r = decided(340, 50, 20, 0);
    expect(r.rateA).toBe(25);
    expect(casualtiesOf(r, 30, 50, 20, 0)).toEqual({ a: 16, b: 40 });
  });

  it("winnerMinimum gives the minimum's rate and points, as the sidebar shows them", () => {
    expect(winnerMinimum(40, -10)).toEqual({ percent: 10, points: 4 });
    expect(winnerMinimum(40, 20)).toEqual({ percent: 40, points: 16 });
    // 20% of 12 = 2.4 → 2; 20% of 33 = 6.6 → 7 (halves up, D-15).
    expect(winnerMinimum(12, 0)).toEqual({ percent: 20, points: 2 });
    expect(winnerMinimum(33, 0)).toEqual({ percent: 20, points: 7 });
  });

  it("never more than the winner's units are worth", () => {
    // A wins by 290 with 3 unit points; B loses 80% of 100 = 80; 20% of 80 = 16, capped at 3.
    const r = decided(340, 50);
    expect(casualtiesOf(r, 3, 100)).toEqual({ a: 3, b: 80 });
  });

  it('a loser with no casualties gives the winner no attrition', () => {
    expect(casualtiesOf(decided(340, 50), 40, 0)).toEqual({ a: 2, b: 0 });
  });
});

describe('RULES 6.7 routed and destroyed (D-16)', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [2, 1, 1],
    [10, 5, 5],
    [11, 5, 6],
    [32, 16, 16],
    [33, 16, 17],
  ])(
    'D-16 %i casualty points: %i routed, %i destroyed (the odd point destroyed)',
    (points, routed, destroyed) => {
      expect(splitCasualties(points)).toEqual({ points, routed, destroyed });
    },
  );
});
