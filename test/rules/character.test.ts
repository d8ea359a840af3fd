// RULES 3 and 3.1: character bonuses and spellcaster value.
import { describe, expect, it } from 'vitest';
import {
  type Character,
  type CharacterSituation,
  characterBonus,
  combineClassBonuses,
  evaluateBattle,
  isMagicResistant,
  STANDING,
  spellcasterValue,
  versatility,
} from '../../src/rules';
import { character, side, unit, units } from '../support/rules';

const battle = (over: Partial<CharacterSituation> = {}): CharacterSituation => ({
  armyUnits: 0,
  enemyUndead: 0,
  enemyMagicResistant: false,
  ...over,
});
const standing = (c: Character, armyUnits = 0) => characterBonus(c, STANDING(armyUnits)).total;

/** A wizard whose spellcaster value is exactly `slots` (3 categories: versatility +0). */
const wizard = (slots: readonly number[], over: Partial<Character> = {}) =>
  character({ wizard: 5, spellSlots: slots, categories: 3, ...over });

describe('RULES 3: warrior and rogue', () => {
  it.each([1, 5, 12])('a warrior of level %i gives +1 per level', (level) => {
    expect(standing(character({ warrior: level }))).toBe(level);
  });

  it.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
    [11, 2],
    [12, 3],
    [20, 5],
  ])('a rogue of level %i gives %i (+1 per 4 full levels)', (level, bonus) => {
    expect(standing(character({ rogue: level }))).toBe(bonus);
  });

  it('a character with no class levels and nothing else gives 0', () => {
    expect(standing(character())).toBe(0);
  });
});

describe('RULES 3.1: spellcaster value', () => {
  it("the source's example: a 5th-level wizard with 4/2/1 slots is worth 4+2+1 = 7 (3 categories: +0)", () => {
    expect(spellcasterValue(wizard([4, 2, 1]))).toBe(7);
    expect(standing(wizard([4, 2, 1]))).toBe(7);
  });

  it('a priest counts his slots (Wisdom bonus spells included) the same way', () => {
    expect(standing(character({ priest: 7, spellSlots: [4, 3, 2, 1], categories: 4 }))).toBe(10);
  });

  it('a level with no battle spell known gives no points', () => {
    // Slots 4/2/1, battle spells known 2/0/1: 4 + 1 = 5.
    expect(spellcasterValue(wizard([4, 2, 1], { battleSpells: [2, 0, 1] }))).toBe(5);
    expect(spellcasterValue(wizard([4, 2, 1], { battleSpells: [0, 0, 0] }))).toBe(0);
    expect(spellcasterValue(wizard([4, 2, 1], { battleSpells: [1, 1, 1] }))).toBe(7);
  });

  it.each([
    [0, -5],
    [1, -5],
    [2, -5],
    [3, 0],
    [4, 0],
    [5, 5],
    [6, 5],
    [7, 7],
    [8, 7],
  ])('versatility: %i categories give %i', (categories, modifier) => {
    expect(versatility(categories)).toBe(modifier);
    expect(spellcasterValue(wizard([6, 4], { categories }))).toBe(10 + modifier);
  });

  it('spell power: +1 per researched improvement, per known "D" spell, per known War-sphere spell', () => {
    expect(spellcasterValue(wizard([4, 2, 1], { research: 1 }))).toBe(8);
    expect(spellcasterValue(wizard([4, 2, 1], { dSpells: 2 }))).toBe(9);
    expect(
      spellcasterValue(character({ priest: 9, spellSlots: [4, 2, 1], categories: 3, warSpells: 3 })),
    ).toBe(10);
    expect(spellcasterValue(wizard([4, 2, 1], { research: 1, dSpells: 2, warSpells: 3 }))).toBe(13);
  });

  it('D-8 a spellcaster value is never below 0', () => {
    // 1 slot, 2 or fewer categories (-5): 1 - 5 = -4, floored to 0.
    const weak = character({ wizard: 1, spellSlots: [1], categories: 0 });
    expect(spellcasterValue(weak)).toBe(0);
    expect(standing(weak)).toBe(0);
  });

  it('D-8 a floored spellcaster value takes nothing away from a multiclass character', () => {
    // Warrior 4 in full; the spell value is 0, not -4 (half of which would be -2).
    expect(standing(character({ warrior: 4, wizard: 1, spellSlots: [1], categories: 0 }))).toBe(4);
  });

  it('enemy magic resistance cuts the spellcaster value by 25% for that battle', () => {
    // 6 + 2 slots = 8, cut to 6.
    const c = wizard([6, 2]);
    expect(spellcasterValue(c, true)).toBe(6);
    expect(characterBonus(c, battle({ enemyMagicResistant: true })).total).toBe(6);
    expect(characterBonus(c, battle({ enemyMagicResistant: false })).total).toBe(8);
  });
});

describe('RULES 3: multiclass characters', () => {
  it('D-5 the second best class counts at half, rounded down', () => {
    expect(combineClassBonuses([10, 7])).toBe(13);
    expect(combineClassBonuses([3, 9])).toBe(10);
    expect(combineClassBonuses([5, 5])).toBe(7);
    expect(combineClassBonuses([1, 1])).toBe(1);
  });

  it('D-5 warrior 9 / rogue 8: 9 + half of 2 = 10', () => {
    expect(standing(character({ warrior: 9, rogue: 8 }))).toBe(10);
  });

  it('D-5 warrior 6 / wizard 7: the wizard is best, 7 + half of 6 = 10', () => {
    expect(standing(character({ warrior: 6, wizard: 5, spellSlots: [4, 2, 1], categories: 3 }))).toBe(10);
  });

  it('D-5 warrior 5 / wizard 7: 7 + half of 5 rounded down = 9', () => {
    expect(standing(character({ warrior: 5, wizard: 5, spellSlots: [4, 2, 1], categories: 3 }))).toBe(9);
  });

  it('a third class counts nothing', () => {
    expect(combineClassBonuses([10, 7, 5])).toBe(13);
    // Wizard 7, warrior 6 (half: 3), rogue 12 (3) nothing.
    expect(
      standing(character({ warrior: 6, rogue: 12, wizard: 5, spellSlots: [4, 2, 1], categories: 3 })),
    ).toBe(10);
  });

  it('Battlewise and Strategy are not class bonuses: they add on top, in full', () => {
    // Warrior 6 + rogue 8 (2, half: 1) + Battlewise 5 units + Strategy 5 = 17.
    const c = character({ warrior: 6, rogue: 8, battlewise: true, commands: 5, strategy: true });
    expect(standing(c)).toBe(17);
  });
});

describe('RULES 3: Battlewise, Strategy, turning undead', () => {
  it('Battlewise gives +1 per unit commanded', () => {
    expect(standing(character({ battlewise: true, commands: 7 }))).toBe(7);
    expect(standing(character({ battlewise: true, commands: 0 }), 9)).toBe(0);
  });

  it("Battlewise with no Commands counts the fighting units of the character's army", () => {
    expect(standing(character({ battlewise: true }), 6)).toBe(6);
    expect(standing(character({ battlewise: false }), 6)).toBe(0);
  });

  it('Strategy NWP gives +5', () => {
    expect(standing(character({ strategy: true }))).toBe(5);
    expect(standing(character({ warrior: 3, strategy: true }))).toBe(8);
  });

  it('turning undead gives +1 per enemy undead unit in this battle; a paladin adds it on top', () => {
    const paladin = character({ warrior: 5, turnsUndead: true });
    expect(characterBonus(paladin, battle({ enemyUndead: 3 })).total).toBe(8);
    expect(characterBonus(paladin, battle({ enemyUndead: 0 })).total).toBe(5);
  });

  it('a character who cannot turn undead gets nothing for enemy undead', () => {
    expect(characterBonus(character({ warrior: 5 }), battle({ enemyUndead: 4 })).total).toBe(5);
  });

  it('the standing bonus leaves out turning undead and enemy magic resistance', () => {
    expect(standing(character({ warrior: 5, turnsUndead: true }))).toBe(5);
    expect(standing(wizard([6, 2]))).toBe(8);
  });
});

describe('RULES 3: a priest facing undead (D-6)', () => {
  // Priest spells: 4 + 3 + 2 = 9 (3 categories).
  const priest = (over: Partial<Character> = {}) =>
    character({ priest: 7, spellSlots: [4, 3, 2], categories: 3, turnsUndead: true, ...over });

  it('D-6 Best: turning when it gives the larger total (12 undead: 12 > 9)', () => {
    const b = characterBonus(priest(), battle({ enemyUndead: 12 }));
    expect(b.total).toBe(12);
    expect(b.priestChose).toBe('Turning');
  });

  it('D-6 Best: spells when they give the larger total (5 undead: 9 > 5), never both (not 14)', () => {
    const b = characterBonus(priest(), battle({ enemyUndead: 5 }));
    expect(b.total).toBe(9);
    expect(b.priestChose).toBe('Spells');
  });

  it('D-6 the user may force Spells', () => {
    expect(characterBonus(priest({ priestUses: 'Spells' }), battle({ enemyUndead: 12 })).total).toBe(9);
  });

  it('D-6 the user may force Turning: the spells then count 0', () => {
    expect(characterBonus(priest({ priestUses: 'Turning' }), battle({ enemyUndead: 5 })).total).toBe(5);
  });

  it('D-6 a turning multiclass priest counts 0 as his spellcaster class bonus; his other class moves up', () => {
    // Warrior 6 / priest (spells 8): with spells 8 + 3 = 11; turning 6 undead: warrior 6 in full + 0 + 6 = 12.
    const c = character({ warrior: 6, priest: 5, spellSlots: [4, 4], categories: 3, turnsUndead: true });
    expect(characterBonus(c, battle({ enemyUndead: 6 })).total).toBe(12);
    expect(characterBonus(c, battle({ enemyUndead: 6 })).priestChose).toBe('Turning');
    // 4 undead: turning gives 6 + 4 = 10 < 11.
    expect(characterBonus(c, battle({ enemyUndead: 4 })).total).toBe(11);
  });

  it('D-6 Battlewise and Strategy stay whichever the priest chooses', () => {
    const c = priest({ strategy: true, battlewise: true, commands: 2 });
    expect(characterBonus(c, battle({ enemyUndead: 12 })).total).toBe(12 + 7);
    expect(characterBonus(c, battle({ enemyUndead: 5 })).total).toBe(9 + 7);
  });
});

describe('RULES 3.1: enemy magic resistance (D-7)', () => {
  const immune = (n: number, of: number) =>
    Array.from({ length: of }, (_, i) => unit({ spellImmune: i < n }));

  it('D-7 exactly 50% of the enemy units by count is enough', () => {
    expect(isMagicResistant(immune(2, 4))).toBe(true);
    expect(isMagicResistant(immune(1, 2))).toBe(true);
    expect(isMagicResistant(immune(5, 10))).toBe(true);
  });

  it('D-7 under 50% by count is not', () => {
    expect(isMagicResistant(immune(1, 4))).toBe(false);
    expect(isMagicResistant(immune(1, 3))).toBe(false);
    expect(isMagicResistant(immune(4, 9))).toBe(false);
    expect(isMagicResistant(immune(0, 5))).toBe(false);
  });

  it('D-7 by count, not by value: one immune unit worth 1 against one worth 9 is 50%', () => {
    const enemy = [unit({ spellImmune: true, override: 1 }), unit({ spellImmune: false, override: 9 })];
    expect(isMagicResistant(enemy)).toBe(true);
    const enemy2 = [
      unit({ spellImmune: true, override: 20 }),
      unit({ spellImmune: false, override: 1 }),
      unit({ spellImmune: false, override: 1 }),
    ];
    expect(isMagicResistant(enemy2)).toBe(false);
  });

  it("D-7 only the enemy's fighting units count, and the cut applies in battle", () => {
    // A's wizard is worth 8 (6/2 slots). B: 2 ready units, 1 immune (50%) → cut to 6.
    const wiz = wizard([6, 2], { army: 'A' });
    const a = side('A', units(2), {}, [wiz]);
    const b1 = side('B', [unit({ spellImmune: true }), unit()]);
    expect(evaluateBattle(a, b1).a.base).toBe(2 + 6);
    // B: 1 ready non-immune unit, 2 routed immune ones: 0% of the fighting units.
    const b2 = side('B', [
      unit(),
      unit({ spellImmune: true, status: 'Routed' }),
      unit({ spellImmune: true, status: 'Captured' }),
    ]);
    expect(evaluateBattle(a, b2).a.base).toBe(2 + 8);
  });
});

describe('RULES 3: turning undead in a battle', () => {
  it("counts the enemy's fighting undead units", () => {
    const paladin = character({ warrior: 4, turnsUndead: true, army: 'A' });
    const a = side('A', units(1), {}, [paladin]);
    const b = side('B', [
      ...units(3, { undead: true }),
      unit({ undead: true, status: 'Destroyed' }),
      unit({ undead: false }),
    ]);
    expect(evaluateBattle(a, b).a.base).toBe(1 + 4 + 3);
  });
});
