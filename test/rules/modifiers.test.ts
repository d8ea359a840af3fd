// RULES 5: the situational modifiers of a side (src/rules/modifiers.ts), as a battle values them.
import { describe, expect, it } from 'vitest';
import {
  defaultHouseRules,
  diversityPercent,
  evaluateBattle,
  flyingAttackers,
  type HouseRules,
  type Unit,
  type UnitRole,
  troopRatioPercent,
} from '../../src/rules';
import { character, side, units, worth } from '../support/rules';

const PERCENT: HouseRules = { troopRatioBy: 'units', terrainModifiersAs: 'percent' };
const BY_VALUE: HouseRules = { troopRatioBy: 'value', terrainModifiersAs: 'points' };

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

describe('RULES 5.1 troop ratio', () => {
  // Every row boundary: "a up to b" includes a and excludes b.
  it.each([
    [149, 100, 0],
    [150, 100, 2],
    [199, 100, 2],
    [200, 100, 4],
    [299, 100, 4],
    [300, 100, 6],
    [399, 100, 6],
    [400, 100, 8],
    [499, 100, 8],
    [500, 100, 10],
    [599, 100, 10],
    [600, 100, 15],
    [699, 100, 15],
    [700, 100, 20],
    [799, 100, 20],
    [800, 100, 30],
    [1099, 100, 30],
    [1100, 100, 40],
    [1599, 100, 40],
    [1600, 100, 50],
    [10000, 100, 50],
  ])('%i : %i gives %i%%', (own, enemy, percent) => {
    expect(troopRatioPercent(own, enemy)).toBe(percent);
  });

  it.each([
    [3, 2, 2],
    [2, 1, 4],
    [7, 2, 6], // 3.5
    [10, 1, 30],
    [11, 1, 40],
    [15, 1, 40],
    [16, 1, 50],
  ])('small counts: %i : %i gives %i%%', (own, enemy, percent) => {
    expect(troopRatioPercent(own, enemy)).toBe(percent);
  });

  it('only the larger force gets it', () => {
    expect(troopRatioPercent(100, 300)).toBe(0);
    expect(troopRatioPercent(5, 5)).toBe(0);
    expect(troopRatioPercent(1, 16)).toBe(0);
  });

  it('D-11 by default the ratio is of fighting units (the count of troops)', () => {
    // A: 3 units of 10; B: 6 units of 1 (B is twice as many: +4%), though A's value is 5 times B's.
    const a = side('A', [worth(10), worth(10, { role: 'Missile' }), worth(10, { role: 'Mounted' })]);
    const b = side('B', [...units(3), ...units(3, { role: 'Missile' })]);
    const e = evaluateBattle(a, b);
    expect(e.a.modifiers.filter((m) => m.group === 'Troop ratio')).toEqual([]);
    expect(e.b.modifiers.find((m) => m.group === 'Troop ratio')?.amount).toBe(4);
  });

  it('D-11 routed units do not count in the ratio', () => {
    const a = side('A', [...army(3), ...army(10, { status: 'Routed' })]);
    const b = side('B', army(2));
    expect(evaluateBattle(a, b).a.modifiers.find((m) => m.group === 'Troop ratio')?.amount).toBe(2);
  });

  it('D-11 house rule troopRatioBy value compares base army values', () => {
    // Bases 30 and 6: 5 : 1, +10% for A; B gets nothing.
    const a = side('A', [worth(10), worth(10, { role: 'Missile' }), worth(10, { role: 'Mounted' })]);
    const b = side('B', [...units(3), ...units(3, { role: 'Missile' })]);
    const e = evaluateBattle(a, b, BY_VALUE);
    expect(e.a.modifiers.find((m) => m.group === 'Troop ratio')?.amount).toBe(10);
    expect(e.b.modifiers.filter((m) => m.group === 'Troop ratio')).toEqual([]);
    // A also has three first types (Melee, Missile, Mounted): +10%. 30 + 20% = 36.
    expect(e.a.percent).toBe(20);
    expect(e.a.battleValue).toBe(36);
  });

  it('D-11 by value, the base includes character bonuses', () => {
    // Units 20 : 20, but A's warrior 10 makes it 30 : 20 = 1.5 : 1, +2%.
    const a = side('A', army(2), {}, [character({ warrior: 10 })]);
    const b = side('B', army(2));
    const e = evaluateBattle(a, b, BY_VALUE);
    expect(e.a.modifiers.find((m) => m.group === 'Troop ratio')?.amount).toBe(2);
  });
});

describe('RULES 5.2 morale (percent)', () => {
  it.each([
    ['homeRealm', 5],
    ['beatenFoe', 5],
    ['foeExhausted', 10],
    ['allyDefeated', -5],
  ] as const)('%s gives %i%%', (key, percent) => {
    const e = fight({ morale: { [key]: true } });
    expect(e.a.percent).toBe(percent);
    expect(e.a.points).toBe(0);
    expect(e.a.battleValue).toBe(100 + percent);
  });

  it('all that apply add up: +15%', () => {
    const e = fight({ morale: { homeRealm: true, beatenFoe: true, foeExhausted: true, allyDefeated: true } });
    expect(e.a.percent).toBe(15);
    expect(e.a.battleValue).toBe(115);
  });
});

describe('RULES 5.3-5.4 environment and terrain (D-12 points by default)', () => {
  it.each([
    ['favorable', 10],
    ['unfavorable', -10],
    ['nightVision', 10],
  ] as const)('environment %s gives %i points', (key, points) => {
    const e = fight({ environment: { [key]: true } });
    expect(e.a.points).toBe(points);
    expect(e.a.percent).toBe(0);
    expect(e.a.battleValue).toBe(100 + points);
  });

  it('night vision is not applied when the enemy army also has it', () => {
    const e = fight({ environment: { nightVision: true } }, { environment: { nightVision: true } });
    expect(e.a.points).toBe(0);
    expect(e.b.points).toBe(0);
    expect(e.a.battleValue).toBe(100);
  });

  it.each([
    ['higherGround', 10],
    ['terrainAdvantage', 10],
    ['mountedInRough', -10],
    ['mire', -10],
    ['shiftingGround', -5],
  ] as const)('terrain %s gives %i points', (key, points) => {
    const e = fight({ terrain: { [key]: true } });
    expect(e.a.points).toBe(points);
    expect(e.a.battleValue).toBe(100 + points);
  });

  it('all terrain that applies adds up: +10 +10 -10 -10 -5 = -5', () => {
    const e = fight({
      terrain: {
        higherGround: true,
        terrainAdvantage: true,
        mountedInRough: true,
        mire: true,
        shiftingGround: true,
      },
    });
    expect(e.a.points).toBe(-5);
  });

  it('D-12 points are added to the battle value, not taken as a percent of the base', () => {
    // Base 50 (5 units of 10): +10 points gives 60, where +10% would give 55.
    const e = evaluateBattle(side('A', army(5), { terrain: { higherGround: true } }), side('B', army(5)));
    expect(e.a.battleValue).toBe(60);
  });

  it('D-12 house rule terrainModifiersAs percent: the same figures become percents', () => {
    const a = side('A', army(5), { terrain: { higherGround: true }, environment: { favorable: true } });
    const e = evaluateBattle(a, side('B', army(5)), PERCENT);
    expect(e.a.percent).toBe(20);
    expect(e.a.points).toBe(0);
    expect(e.a.battleValue).toBe(60); // 50 + 20%
  });

  it('D-12 house rule percent: defender and castle-assault modifiers become percents too', () => {
    const attacker = side('A', [...army(4), worth(10, { role: 'Artillery' })], { siegecraft: true });
    const defender = side('B', army(5), { defender: true, castleLevel: 2, defense: { narrowPass: true } });
    const e = evaluateBattle(attacker, defender, PERCENT);
    expect(e.b.percent).toBe(20 + 6);
    expect(e.b.points).toBe(0);
    // Attacker: 1 artillerist (+2) + Siegecraft (+5) = 7%; 3 first types (Melee, Missile, Artillery): +10%.
    expect(e.a.percent).toBe(17);
    expect(e.a.points).toBe(0);
  });

  it('D-12 morale stays a percent whichever the house rule', () => {
    expect(fight({ morale: { homeRealm: true } }, {}, PERCENT).a.percent).toBe(5);
    expect(fight({ morale: { homeRealm: true } }).a.points).toBe(0);
  });
});

describe('RULES 5.5 defender modifiers', () => {
  it.each([
    ['friendlyHolding', 5],
    ['narrowPass', 20],
    ['riverCrossed', 15],
    ['roughTerrain', 10],
  ] as const)('%s gives the defender %i points', (key, points) => {
    const e = fight({ defender: true, defense: { [key]: true } });
    expect(e.a.points).toBe(points);
    expect(e.a.battleValue).toBe(100 + points);
  });

  it.each([1, 2, 5])('castle level %i gives +3 per level', (level) => {
    const e = fight({ defender: true, castleLevel: level });
    expect(e.a.points).toBe(3 * level);
  });

  it('all together add up: 5 + 20 + 15 + 10 + 3 x 3 = 59', () => {
    const e = fight({
      defender: true,
      castleLevel: 3,
      defense: { friendlyHolding: true, narrowPass: true, riverCrossed: true, roughTerrain: true },
    });
    expect(e.a.points).toBe(59);
  });

  it("defender modifiers ticked on the attacker's side are ignored", () => {
    const e = fight(
      { defender: false, castleLevel: 4, defense: { narrowPass: true, friendlyHolding: true } },
      { defender: true },
    );
    expect(e.a.points).toBe(0);
    expect(e.a.battleValue).toBe(100);
  });

  const defendAgainst = (attackers: Unit[]) =>
    evaluateBattle(
      side('A', attackers),
      side('B', army(), {
        defender: true,
        castleLevel: 1,
        defense: { narrowPass: true, riverCrossed: true },
      }),
    ).b.points;
  const flyers = (n: number) =>
    Array.from({ length: n }, () => worth(10, { role: 'Flying melee' as UnitRole }));

  it('no flying attackers: the defender gets them in full (20 + 15 + 3 = 38)', () => {
    expect(defendAgainst(army(10))).toBe(38);
  });

  it('halved when exactly 10% of the attacking units can fly (1 of 10): 19', () => {
    expect(flyingAttackers([...army(9), ...flyers(1)])).toBe('some');
    expect(defendAgainst([...army(9), ...flyers(1)])).toBe(19);
  });

  it('full when just under 10% can fly (1 of 11)', () => {
    expect(flyingAttackers([...army(10), ...flyers(1)])).toBe('none');
    expect(defendAgainst([...army(10), ...flyers(1)])).toBe(38);
  });

  it('halved when most but not all attackers fly (9 of 10)', () => {
    expect(defendAgainst([...army(1), ...flyers(9)])).toBe(19);
  });

  it('ignored when every attacking unit can fly', () => {
    expect(flyingAttackers(flyers(4))).toBe('all');
    expect(defendAgainst(flyers(4))).toBe(0);
  });

  it('a unit flying by its second role counts as flying', () => {
    const both = Array.from({ length: 2 }, () =>
      worth(10, { role: 'Flying missile', role2: 'Flying melee' }),
    );
    expect(defendAgainst(both)).toBe(0);
  });

  it('routed flyers do not count among the attacking units', () => {
    expect(defendAgainst([...army(9), ...flyers(1).map((u) => ({ ...u, status: 'Routed' as const }))])).toBe(
      38,
    );
  });

  it('halved points keep their half: friendly holding 5 halved is 2.5 (D-10 on the total)', () => {
    // Base 45 + 2.5 = 47.5, which rounds up to 48.
    const e = evaluateBattle(
      side('A', [...army(9), ...flyers(1)]),
      side('B', [worth(45, { role2: 'Missile' })], { defender: true, defense: { friendlyHolding: true } }),
    );
    expect(e.b.points).toBe(2.5);
    expect(e.b.battleValue).toBe(48);
  });
});

describe('RULES 5.6 castle assault', () => {
  const artillery = (n: number) => Array.from({ length: n }, () => worth(10, { role: 'Artillery' }));
  const castle = (level: number) => side('B', army(), { defender: true, castleLevel: level });

  it('+2 per artillerist unit, +2 Engineering, +5 Siegecraft against a defender with a castle', () => {
    const a = side('A', [...army(8), ...artillery(2)], { engineering: true, siegecraft: true });
    expect(evaluateBattle(a, castle(2)).a.points).toBe(2 * 2 + 2 + 5);
  });

  it('artillerists are counted from the fighting units whose Role is Artillery', () => {
    const a = side('A', [...army(7), ...artillery(3)]);
    expect(evaluateBattle(a, castle(1)).a.points).toBe(6);
  });

  it('nothing against a defender without a castle', () => {
    const a = side('A', [...army(8), ...artillery(2)], { engineering: true, siegecraft: true });
    expect(evaluateBattle(a, castle(0)).a.points).toBe(0);
  });

  it('nothing for the defender itself', () => {
    const e = evaluateBattle(
      side('A', army()),
      side('B', [...army(8), ...artillery(2)], {
        defender: true,
        castleLevel: 2,
        engineering: true,
        siegecraft: true,
      }),
    );
    expect(e.b.points).toBe(6);
  });

  it('assault modifiers stand even when the castle modifiers are ignored because every attacker flies', () => {
    const flying = Array.from({ length: 4 }, () => worth(10, { role: 'Flying melee' }));
    const e = evaluateBattle(side('A', flying, { siegecraft: true }), castle(3));
    expect(e.a.points).toBe(5);
    expect(e.b.points).toBe(0);
  });
});

describe('RULES 5.7 immunities and 5.8 special bonus', () => {
  it.each([
    ['None', 0],
    ['Complete', 50],
    ['10%', 20],
    ['Significant', 20],
  ] as const)('immunity %s gives %i%%', (immunity, percent) => {
    const e = fight({ immunity });
    expect(e.a.percent).toBe(percent);
    expect(e.a.battleValue).toBe(100 + percent);
  });

  it('special bonus gives +10%', () => {
    expect(fight({ specialBonus: true }).a.percent).toBe(10);
    expect(fight({ specialBonus: true }).b.percent).toBe(0);
  });
});

describe('RULES 5.9 diversity', () => {
  const r = (role: UnitRole, role2?: UnitRole) => ({ role, role2 });

  it('+10% when the first types cover 3 or more general types', () => {
    expect(diversityPercent([r('Melee'), r('Missile'), r('Mounted')])).toBe(10);
    expect(diversityPercent([r('Flying melee'), r('Flying missile'), r('Artillery')])).toBe(10);
    expect(diversityPercent([r('Melee'), r('Missile'), r('Mounted'), r('Artillery'), r('Melee')])).toBe(10);
  });

  it('a second function never earns the bonus', () => {
    expect(diversityPercent([r('Melee', 'Missile'), r('Mounted')])).toBe(0);
    expect(diversityPercent([r('Melee', 'Missile'), r('Melee', 'Missile'), r('Artillery')])).toBe(0);
  });

  it('-10% when all units, second functions included, cover only one type', () => {
    expect(diversityPercent([r('Melee'), r('Melee'), r('Melee')])).toBe(-10);
    expect(diversityPercent([r('Mounted')])).toBe(-10);
  });

  it('a second function avoids the penalty', () => {
    expect(diversityPercent([r('Melee', 'Missile'), r('Melee')])).toBe(0);
    expect(diversityPercent([r('Melee', 'Missile')])).toBe(0);
  });

  it('otherwise 0', () => {
    expect(diversityPercent([r('Melee'), r('Missile')])).toBe(0);
  });

  it('only fighting units count in a battle', () => {
    const a = side('A', [
      worth(10),
      worth(10, { role: 'Missile', status: 'Routed' }),
      worth(10, { role: 'Mounted', status: 'Destroyed' }),
    ]);
    const e = evaluateBattle(a, side('B', army(1)));
    expect(e.a.percent).toBe(-10);
  });
});

describe('RULES 5.10 plans in the battle value', () => {
  it("a plan's BV effect joins the side's percent modifiers", () => {
    // Full charge - Normal attack: A Cas +20%, B BV -10%.
    const e = fight({ plan: 'Full charge' }, { plan: 'Normal attack' });
    expect(e.a.percent).toBe(0);
    expect(e.a.cas).toBe(20);
    expect(e.b.percent).toBe(-10);
    expect(e.b.cas).toBe(0);
    expect(e.b.battleValue).toBe(90);
  });

  it('the mirrored pair gives the effects to the other sides', () => {
    const e = fight({ plan: 'Normal attack' }, { plan: 'Full charge' });
    expect(e.a.percent).toBe(-10);
    expect(e.b.cas).toBe(20);
  });

  it('"No battle": no odds', () => {
    const e = fight({ plan: 'Hold' }, { plan: 'Withdraw' });
    expect(e.noBattle).toBe(true);
    expect(e.odds).toBeUndefined();
  });

  it('a battle has odds that sum to 1', () => {
    const e = fight({ plan: 'Encircle' }, { plan: 'Hold' });
    expect(e.noBattle).toBe(false);
    expect((e.odds?.winA ?? 0) + (e.odds?.winB ?? 0)).toBeCloseTo(1, 12);
  });
});
