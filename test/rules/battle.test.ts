// RULES 2 and D-10: army strength, battle value, and a whole side worked out at once (src/rules/battle.ts).
import { describe, expect, it } from 'vitest';
import {
  type BattleSide,
  battleValue,
  defaultHouseRules,
  evaluateBattle,
  type HouseRules,
  type Unit,
} from '../../src/rules';
import { character, side, units, worth } from '../support/rules';

/**
 * A side of 10 units worth 10 each (base 100) of two general types (Melee and Missile: diversity 0).
 * Against an equal enemy there is no troop ratio, so only what a test ticks shows in percent and points.
 */
const army = (n = 10, extra: Partial<Unit> = {}): Unit[] =>
  Array.from({ length: n }, (_, i) => worth(10, { role: i % 2 === 0 ? 'Melee' : 'Missile', ...extra }));

type Over = Parameters<typeof side>[2];
function fight(overA: Over = {}, overB: Over = {}, rules: HouseRules = defaultHouseRules()) {
  return evaluateBattle(side('A', army(), overA), side('B', army(), overB), rules);
}

describe('D-10 battle value rounding', () => {
  it('base + base * percent / 100 + points', () => {
    expect(battleValue(100, 0, 0)).toBe(100);
    expect(battleValue(100, 15, 0)).toBe(115);
    expect(battleValue(100, -20, 10)).toBe(90);
    expect(battleValue(37, 0, -10)).toBe(27);
  });

  it('a base, percent or points that is not finite, or a value past 2^53, is reported rather than NaN', () => {
    expect(() => battleValue(1e308, 0, 0)).toThrow('base Infinity is not a finite number');
    expect(() => battleValue(Number.NaN, 0, 0)).toThrow('base NaN is not a finite number');
    expect(() => battleValue(10, 0, Number.POSITIVE_INFINITY)).toThrow(
      'points Infinity is not a finite number',
    );
    expect(() => battleValue(1e13, 100, 0)).toThrow(
      'battle value out of range (base 10000000000000, percent 100, points 0)',
    );
    expect(battleValue(1e12, 100, 0)).toBe(2e12);
  });

  it('D-10 a value of exactly .5 rounds up (45 + 10% = 49.5 → 50)', () => {
    expect(battleValue(45, 10, 0)).toBe(50);
    expect(battleValue(10, -5, 0)).toBe(10); // 9.5
    expect(battleValue(5, 10, -3)).toBe(3); // 2.5
  });

  it('D-10 below .5 rounds down, above rounds up', () => {
    expect(battleValue(38, 30, 0)).toBe(49); // 49.4
    expect(battleValue(32, 15, 0)).toBe(37); // 36.8
    expect(battleValue(29, -18, 20)).toBe(44); // 43.78
  });

  it('D-10 a half that binary floating point would put just under .5 still rounds up', () => {
    // 50 * 1.15 is 57.49999999999999 in binary; the rules' value is exactly 57.5.
    expect(50 * (1 + 15 / 100)).toBeLessThan(57.5);
    expect(battleValue(50, 15, 0)).toBe(58);
    // 45 * 0.7 is 31.499999999999996; 45 - 30% is exactly 31.5.
    expect(45 * (1 - 30 / 100)).toBeLessThan(31.5);
    expect(battleValue(45, -30, 0)).toBe(32);
    // 90 * 1.15 is 103.49999999999999; exactly 103.5.
    expect(battleValue(90, 15, 0)).toBe(104);
  });

  it('D-10 never below 0', () => {
    expect(battleValue(10, 0, -20)).toBe(0);
    expect(battleValue(10, -100, 0)).toBe(0);
    expect(battleValue(3, -50, -10)).toBe(0);
  });

  it('D-10 halved defender points (7.5) add exactly', () => {
    expect(battleValue(40, 0, 7.5)).toBe(48); // 47.5
    expect(battleValue(40, 0, 2.5)).toBe(43); // 42.5
  });

  it('D-10 percents are counted off the base at once, not compounded', () => {
    // 5% + 5% + 10% of 100 = 120, not 100 * 1.05 * 1.05 * 1.10 = 121.275.
    const e = fight({ morale: { homeRealm: true, beatenFoe: true }, specialBonus: true });
    expect(e.a.percent).toBe(20);
    expect(e.a.battleValue).toBe(120);
  });
});

describe('RULES 2: base army value', () => {
  it('sums the values of Ready units only; Routed, Destroyed and Captured do not fight', () => {
    const a = side('A', [
      worth(7),
      worth(3, { role: 'Missile' }),
      worth(5, { status: 'Routed' }),
      worth(5, { status: 'Destroyed' }),
      worth(5, { status: 'Captured' }),
    ]);
    const e = evaluateBattle(a, side('B', army(2)));
    expect(e.a.base).toBe(10);
    expect(e.a.unitValue).toBe(10);
    expect(e.a.fightingUnits).toHaveLength(2);
  });

  it('adds the character bonuses to the base, not to the unit value', () => {
    const a = side('A', army(), {}, [character({ warrior: 5 }), character({ strategy: true })]);
    const e = evaluateBattle(a, side('B', army()));
    expect(e.a.base).toBe(110);
    expect(e.a.unitValue).toBe(100);
    expect(e.a.battleValue).toBe(110);
  });

  it('D-4 battle values and casualty totals include realm spells', () => {
    const a = side('A', [worth(3, { realmSpells: 2 }), worth(3, { role: 'Missile' })]);
    const e = evaluateBattle(a, side('B', army(2)));
    expect(e.a.unitValue).toBe(8);
    expect(e.a.base).toBe(8);
  });

  it("Battlewise without Commands counts the fighting units of the character's own army", () => {
    const a = side('A', [...army(4), ...army(3, { army: 'Ally' }), worth(10, { status: 'Routed' })], {}, [
      character({ army: 'A', battlewise: true }),
    ]);
    const e = evaluateBattle(a, side('B', army(7)));
    expect(e.a.base).toBe(70 + 4);
  });
});

describe('RULES 5: a whole side worked out at once', () => {
  it('every kind of modifier on one side', () => {
    // A: 3 Knights (7, Mounted), 2 Archers (3, Missile), 1 Infantry (3, Melee) = 30; warrior 6 + Strategy = 11 → base 41.
    // B: 4 Levy (1, Melee) = 4 → base 4. Units 6 : 4 = 1.5 : 1 → A +2%.
    // A percent: troop ratio 2 + home realm 5 + foe exhausted 10 + diversity 10 + special 10 + immunity 10% 20
    //   + Encircle vs No plan (nothing for Encircle; B Cas +30%) = 57.
    // A points: favorable 10 + mire -10 + Siegecraft 5 (B holds a castle) = 5.
    // 41 + 41 * 57 / 100 + 5 = 41 + 23.37 + 5 = 69.37 → 69.
    const a: BattleSide = side(
      'A',
      [
        worth(7, { role: 'Mounted' }),
        worth(7, { role: 'Mounted' }),
        worth(7, { role: 'Mounted' }),
        worth(3, { role: 'Missile' }),
        worth(3, { role: 'Missile' }),
        worth(3, { role: 'Melee' }),
      ],
      {
        morale: { homeRealm: true, foeExhausted: true },
        environment: { favorable: true },
        terrain: { mire: true },
        siegecraft: true,
        specialBonus: true,
        immunity: '10%',
        plan: 'Encircle',
      },
      [character({ warrior: 6, strategy: true })],
    );
    const b: BattleSide = side('B', units(4, { morale: 1, defense: 1 }), { defender: true, castleLevel: 1 });
    const e = evaluateBattle(a, b);
    expect(e.a.base).toBe(41);
    expect(e.a.percent).toBe(57);
    expect(e.a.points).toBe(5);
    expect(e.a.battleValue).toBe(69);
    // B: base 4, diversity -10%, castle +3 points: 4 - 0.4 + 3 = 6.6 → 7. Cas +30 from the plan.
    expect(e.b.base).toBe(4);
    expect(e.b.percent).toBe(-10);
    expect(e.b.points).toBe(3);
    expect(e.b.battleValue).toBe(7);
    expect(e.b.cas).toBe(30);
  });
});
