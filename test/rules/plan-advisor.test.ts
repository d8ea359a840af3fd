import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advisorCell,
  battleValue,
  defined,
  PLANS,
  percentWithoutPlan,
  planAdvice,
  planEffects,
  winChance,
} from '../../src/rules';

const even = { base: 50, percent: 0, points: 0 };

describe('plan advisor', () => {
  it('gives a 7 x 7 table of side A’s chance, with the pairs that rule out a battle marked', () => {
    const advice = planAdvice(even, even);
    expect(advice.table).toHaveLength(7);
    for (const row of advice.table) expect(row).toHaveLength(7);
    const noBattle = advice.table
      .flat()
      .filter((c) => c.noBattle)
      .map((c) => `${c.planA}/${c.planB}`);
    expect(noBattle.sort()).toEqual(['Hold/Hold', 'Hold/Withdraw', 'Withdraw/Hold', 'Withdraw/Withdraw']);
    for (const c of advice.table.flat().filter((x) => x.noBattle)) expect(c.winA).toBe(0);
  });

  it('gives each side’s chance with each plan against each enemy plan, as the table has it', () => {
    const advice = planAdvice({ base: 40, percent: 10, points: 5 }, { base: 50, percent: 0, points: 0 });
    expect(advice.chancesA.map((r) => r.plan)).toEqual([...PLANS]);
    expect(advice.chancesB.map((r) => r.plan)).toEqual([...PLANS]);
    PLANS.forEach((_, i) => {
      PLANS.forEach((__, j) => {
        const cell = defined(advice.table[i]?.[j], 'a cell');
        expect(advice.chancesA[i]?.chances[j]).toBe(cell.noBattle ? undefined : cell.winA);
        expect(advice.chancesB[j]?.chances[i]).toBe(cell.noBattle ? undefined : 1 - cell.winA);
      });
    });
    // Hold against Hold and Withdraw: no battle, for either side.
    expect(advice.chancesB[4]?.chances.map((c) => c === undefined)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('puts the BV effects of each pair into the battle values, and only them', () => {
    // Full charge against Hold: A Cas +20%, B BV -15%.
    const cell = advisorCell(even, even, 'Full charge', 'Hold');
    expect(cell.valueA).toBe(50);
    expect(cell.valueB).toBe(battleValue(50, -15, 0));
    expect(cell.casA).toBe(20);
    expect(cell.winA).toBe(winChance(50, cell.valueB));
    // Encircle against Hold: A BV +10%, B Cas +20%.
    const other = advisorCell(even, even, 'Encircle', 'Hold');
    expect(other.valueA).toBe(55);
    expect(other.casB).toBe(20);
  });

  it('mirrors: B’s plan against A’s is read from the same printed pair', () => {
    const ab = advisorCell(even, even, 'Normal attack', 'Trap');
    const ba = advisorCell(even, even, 'Trap', 'Normal attack');
    expect(ab.valueB).toBe(ba.valueA);
    expect(ab.winA).toBeCloseTo(1 - ba.winA, 12);
  });

  it('the best answer to each enemy plan is the highest chance in its column', () => {
    const a = { base: 40, percent: 5, points: 10 };
    const b = { base: 60, percent: 0, points: 0 };
    const advice = planAdvice(a, b);
    const cells = advice.table.flat();
    expect(advice.bestForA.map((answer) => answer.against)).toEqual(PLANS);
    for (const answer of advice.bestForA) {
      const column = cells.filter((c) => c.planB === answer.against && !c.noBattle);
      const best = Math.max(...column.map((c) => c.winA));
      expect(answer.best?.chance).toBe(best);
      expect(column.find((c) => c.winA === best)?.planA).toBe(answer.best?.plan);
    }
    for (const answer of advice.bestForB) {
      const row = cells.filter((c) => c.planA === answer.against && !c.noBattle);
      const best = Math.max(...row.map((c) => 1 - c.winA));
      expect(answer.best?.chance).toBeCloseTo(best, 12);
    }
  });

  it('maximin: the plan whose worst chance over the battles it can lead to is highest', () => {
    const a = { base: 45, percent: 0, points: 0 };
    const b = { base: 50, percent: 10, points: 0 };
    const advice = planAdvice(a, b);
    const worst = advice.table.map((row) => Math.min(...row.filter((c) => !c.noBattle).map((c) => c.winA)));
    const best = Math.max(...worst);
    expect(advice.maximinA.chance).toBe(best);
    expect(worst[PLANS.indexOf(advice.maximinA.plan)]).toBe(best);
  });

  it('on even forces both sides get the same safest plan, with the same worst case', () => {
    const advice = planAdvice(even, even);
    expect(advice.maximinA.plan).toBe(advice.maximinB.plan);
    expect(advice.maximinA.chance).toBeCloseTo(defined(advice.maximinB.chance, 'side B’s worst case'), 12);
  });

  it('percentWithoutPlan takes the plan’s BV effect back out of a side’s percent', () => {
    // Full charge against Normal attack: B has BV -10%.
    expect(percentWithoutPlan(15, 'Full charge', 'Normal attack', 'b')).toBe(25);
    expect(percentWithoutPlan(15, 'Full charge', 'Normal attack', 'a')).toBe(15);
  });

  it('every cell agrees with the battle value and odds functions (property)', () => {
    const side = fc.record({
      base: fc.integer({ min: 0, max: 400 }),
      percent: fc.integer({ min: -60, max: 120 }),
      points: fc.integer({ min: -40, max: 80 }),
    });
    fc.assert(
      fc.property(side, side, fc.constantFrom(...PLANS), fc.constantFrom(...PLANS), (a, b, pa, pb) => {
        const cell = advisorCell(a, b, pa, pb);
        const [ea, eb] = planEffects(pa, pb);
        const bvA = battleValue(a.base, a.percent + (ea.kind === 'bv' ? ea.percent : 0), a.points);
        const bvB = battleValue(b.base, b.percent + (eb.kind === 'bv' ? eb.percent : 0), b.points);
        expect(cell.valueA).toBe(bvA);
        expect(cell.valueB).toBe(bvB);
        if (ea.kind === 'noBattle') expect(cell.noBattle).toBe(true);
        else expect(cell.winA).toBe(winChance(bvA, bvB));
      }),
      { numRuns: 200 },
    );
  });
});
