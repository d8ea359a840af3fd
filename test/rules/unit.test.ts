// RULES 1 (unit value) and 4 (costs), from the published table; expectations are worked out from the text.
import { describe, expect, it } from 'vitest';
import {
  cardValue,
  costValue,
  musterCost,
  roleConflict,
  type UnitCard,
  type UnitRole,
  unitValue,
  upkeep,
} from '../../src/rules';
import { card, unit } from '../support/rules';

// A reference card worth 5: Melee 5 (+2) and Defense 5 (+2); every other stat neutral.
const REF = card({ melee: 5, defense: 5 });
const valueWith = (over: Partial<UnitCard>) => cardValue({ ...REF, ...over });

describe('RULES 1: every stat band boundary', () => {
  // Melee/Defense: 3-4 +1, 5+ +2. Without its own +2 the reference card is worth 3.
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 1],
    [5, 2],
    [6, 2],
    [9, 2],
  ])('Melee %i gives %i', (melee, modifier) => {
    expect(valueWith({ melee })).toBe(3 + modifier);
  });

  it.each([
    [0, 0],
    [2, 0],
    [3, 1],
    [4, 1],
    [5, 2],
    [8, 2],
  ])('Defense %i gives %i', (defense, modifier) => {
    expect(valueWith({ defense })).toBe(3 + modifier);
  });

  // Missile: 0 or blank 0, 1-3 +1, 4+ +2.
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
  ])('Missile %i gives %i', (missile, modifier) => {
    expect(valueWith({ missile })).toBe(5 + modifier);
  });

  // Charge: 0 0, 1-5 +1, 6+ +2.
  it.each([
    [0, 0],
    [1, 1],
    [5, 1],
    [6, 2],
    [7, 2],
  ])('Charge %i gives %i', (charge, modifier) => {
    expect(valueWith({ charge })).toBe(5 + modifier);
  });

  // Morale icons: 1 -1, 2 0, 3 or more +1.
  it.each([
    [1, -1],
    [2, 0],
    [3, 1],
    [4, 1],
  ])('Morale %i icons gives %i', (morale, modifier) => {
    expect(valueWith({ morale })).toBe(5 + modifier);
  });

  // Hits: exactly 1 -1, 2 0, 3+ +1 per hit over 2.
  it.each([
    [1, -1],
    [2, 0],
    [3, 1],
    [4, 2],
    [5, 3],
  ])('Hits %i gives %i', (hits, modifier) => {
    expect(valueWith({ hits })).toBe(5 + modifier);
  });

  // Movement 3+: +1.
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 1],
  ])('Move %i gives %i', (move, modifier) => {
    expect(valueWith({ move })).toBe(5 + modifier);
  });

  it.each([0, 1, 2, 3])('%i special abilities give +1 each', (specials) => {
    expect(valueWith({ specials })).toBe(5 + specials);
  });

  it('"ignores F and R results" is entered as two special abilities and so is worth +2', () => {
    expect(valueWith({ specials: 2 })).toBe(7);
  });

  it.each([0, 1, 2])('%i special movement abilities give +1 each', (specialMoves) => {
    expect(valueWith({ specialMoves })).toBe(5 + specialMoves);
  });

  it('a constant special vulnerability gives -1', () => {
    expect(valueWith({ vulnerable: true })).toBe(4);
    expect(valueWith({ vulnerable: false })).toBe(5);
  });

  it.each([
    ['None', 0],
    ['Limited', 1],
    ['Constant', 2],
  ] as const)('spellcasting %s gives %i', (spellcasting, modifier) => {
    expect(valueWith({ spellcasting })).toBe(5 + modifier);
  });

  it.each([0, 1, 3])(
    '%i realm spells add +1 each to the unit value (not to the card value)',
    (realmSpells) => {
      expect(unitValue({ ...REF, realmSpells })).toBe(5 + realmSpells);
      expect(cardValue({ ...REF, realmSpells })).toBe(5);
    },
  );

  it('every modifier together adds up from a base of 1', () => {
    // 1 + Melee 5 (+2) + Defense 3 (+1) + Missile 4 (+2) + Charge 6 (+2) + Morale 3 (+1) + Hits 4 (+2)
    //   + 2 specials + vulnerability (-1) + Constant (+2) + 1 special move + Move 3 (+1) = 16; + 2 realm spells = 18
    const all = card({
      melee: 5,
      defense: 3,
      missile: 4,
      charge: 6,
      morale: 3,
      hits: 4,
      specials: 2,
      vulnerable: true,
      spellcasting: 'Constant',
      specialMoves: 1,
      move: 3,
      realmSpells: 2,
    });
    expect(cardValue(all)).toBe(16);
    expect(unitValue(all)).toBe(18);
  });
});

describe('RULES 1: the reference library reproduces the source example table', () => {
  // [unit, Move, Melee, Missile, Defense, Charge, Morale, Hits, value computed by section 1, source table value]
  const LIBRARY = [
    ['Archers', 2, 2, 4, 2, 0, 2, 2, 3, 3],
    ['Artillerists', 1, 1, 5, 1, 0, 2, 2, 3, 3],
    ['Cavalry', 3, 3, 1, 3, 5, 2, 2, 6, 6],
    ['Elite Infantry', 1, 4, 0, 4, 0, 3, 3, 5, 5],
    ['Infantry', 1, 3, 0, 3, 0, 2, 2, 3, 3],
    ['Irregulars', 2, 3, 2, 2, 0, 2, 2, 3, 2],
    ['Knights', 2, 4, 0, 4, 6, 3, 3, 7, 7],
    ['Levy', 1, 2, 0, 1, 0, 1, 2, 1, 1],
    ['Pikemen', 1, 3, 0, 3, 0, 2, 2, 3, 3],
    ['Scouts', 3, 2, 3, 2, 0, 2, 2, 3, 2],
  ] as const;

  it.each(LIBRARY)('%s', (_name, move, melee, missile, defense, charge, morale, hits, computed, source) => {
    const c = card({ move, melee, missile, defense, charge, morale, hits });
    expect(cardValue(c)).toBe(computed);
    // D-3: the library carries the source's recommended override where it differs.
    const override = source === computed ? undefined : source;
    expect(unitValue({ ...c, override })).toBe(source);
  });

  it('D-1 Levy sums to 0 on its card but is worth 1, as the source table gives', () => {
    // 1 + Morale 1 icon (-1) = 0, and no unit goes below its base value of 1.
    const levy = card({ move: 1, melee: 2, missile: 0, defense: 1, charge: 0, morale: 1, hits: 2 });
    expect(cardValue(levy)).toBe(1);
    expect(unitValue(levy)).toBe(1);
  });

  it('D-1 a unit whose modifiers sum far below zero is still worth 1', () => {
    expect(cardValue(card({ morale: 1, hits: 1, vulnerable: true }))).toBe(1);
    expect(unitValue(card({ morale: 1, hits: 1, vulnerable: true }))).toBe(1);
  });

  it('D-1 realm spells on a unit floored at 1 add to the floored value', () => {
    // Card sums to -2, floored to 1; one Bless Army makes it 2.
    expect(unitValue(card({ morale: 1, hits: 1, vulnerable: true, realmSpells: 1 }))).toBe(2);
  });

  it('D-2 hits are strength steps: a card reading Melee 4/3/2 has 3 hits and earns +1', () => {
    expect(cardValue(card({ melee: 4, hits: 3 }))).toBe(1 + 1 + 1);
  });

  it('D-3 an override replaces the computed value (Irregulars 2, computed 3)', () => {
    const irregulars = card({ move: 2, melee: 3, missile: 2, defense: 2, morale: 2, hits: 2 });
    expect(cardValue(irregulars)).toBe(3);
    expect(costValue({ ...irregulars, override: 2 })).toBe(2);
    expect(unitValue({ ...irregulars, override: 2 })).toBe(2);
  });

  it('D-3 an override may also raise the value above the card', () => {
    expect(unitValue(card({ override: 12 }))).toBe(12);
  });

  it('D-3 realm spells still add on top of an override in battle', () => {
    expect(unitValue(card({ override: 2, realmSpells: 1 }))).toBe(3);
  });
});

describe('RULES 4: muster cost, 2 GB per 3 points of value or part of 3', () => {
  it.each([
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 4],
    [5, 4],
    [6, 4],
    [7, 6],
    [9, 6],
    [10, 8],
    [12, 8],
    [13, 10],
  ])('value %i musters for %i GB', (value, gb) => {
    expect(musterCost(card({ override: value }))).toBe(gb);
  });

  it('the library: Knights (7) 6 GB, Cavalry (6) 4 GB, Archers (3) 2 GB, Levy (1) 2 GB', () => {
    expect(musterCost(card({ move: 2, melee: 4, defense: 4, charge: 6, morale: 3, hits: 3 }))).toBe(6);
    expect(musterCost(card({ move: 3, melee: 3, missile: 1, defense: 3, charge: 5 }))).toBe(4);
    expect(musterCost(card({ move: 2, missile: 4 }))).toBe(2);
    expect(musterCost(card({ defense: 1, morale: 1 }))).toBe(2);
  });

  it('D-4 realm spells are temporary: muster uses the value without them', () => {
    // Value 3 + 1 realm spell: 2 GB (for 3), not 4 GB (for 4).
    expect(musterCost(card({ override: 3, realmSpells: 1 }))).toBe(2);
    expect(musterCost(card({ missile: 4, realmSpells: 2 }))).toBe(2);
  });
});

describe('RULES 4: maintenance', () => {
  const u = (role: UnitRole, over: Parameters<typeof unit>[0] = {}) => unit({ role, ...over });

  it('a basic unit of value under 9 costs 1 GB', () => {
    expect(upkeep(u('Melee', { override: 8 }))).toBe(1);
    expect(upkeep(u('Missile', { override: 1 }))).toBe(1);
    expect(upkeep(u('Artillery', { override: 3 }))).toBe(1);
  });

  it('an elite unit (value 9+) costs 3 GB', () => {
    expect(upkeep(u('Melee', { override: 9 }))).toBe(3);
    expect(upkeep(u('Melee', { override: 14 }))).toBe(3);
  });

  it('a computed value of 9 is elite too', () => {
    // 1 + Melee 5 (+2) + Defense 5 (+2) + Morale 3 (+1) + Hits 4 (+2) + Move 3 (+1) = 9
    const c = { melee: 5, defense: 5, morale: 3, hits: 4, move: 3 };
    expect(cardValue(card(c))).toBe(9);
    expect(upkeep(u('Melee', c))).toBe(3);
  });

  it('a mounted unit costs 2 GB (Role or Role 2 Mounted)', () => {
    expect(upkeep(u('Mounted', { override: 6 }))).toBe(2);
    expect(upkeep(u('Missile', { role2: 'Mounted', override: 4 }))).toBe(2);
  });

  it('a mercenary unit costs 2 GB', () => {
    expect(upkeep(u('Melee', { override: 3, mercenary: true }))).toBe(2);
  });

  it('a flying unit costs 3 GB (either flying role, or Role 2)', () => {
    expect(upkeep(u('Flying melee', { override: 4 }))).toBe(3);
    expect(upkeep(u('Flying missile', { override: 2 }))).toBe(3);
    expect(upkeep(u('Flying melee', { role2: 'Flying missile', override: 2 }))).toBe(3);
  });

  it('D-9 the highest that applies: mounted or mercenary and elite costs 3 GB', () => {
    expect(upkeep(u('Mounted', { override: 9 }))).toBe(3);
    expect(upkeep(u('Melee', { override: 10, mercenary: true }))).toBe(3);
  });

  it('D-9 the highest that applies: a flying mercenary costs 3 GB, a mounted mercenary 2 GB', () => {
    expect(upkeep(u('Flying melee', { override: 3, mercenary: true }))).toBe(3);
    expect(upkeep(u('Mounted', { override: 3, mercenary: true }))).toBe(2);
  });

  it('D-4 realm spells do not make a unit elite: value 8 + 1 realm spell costs 1 GB', () => {
    expect(upkeep(u('Melee', { override: 8, realmSpells: 1 }))).toBe(1);
  });

  it('D-3 an override decides eliteness: computed 9, override 8 costs 1 GB', () => {
    expect(upkeep(u('Melee', { melee: 5, defense: 5, morale: 3, hits: 4, move: 3, override: 8 }))).toBe(1);
  });
});

describe('RULES 5.9: which pairs of functions a unit may have', () => {
  it('mounted and melee exclude each other', () => {
    expect(roleConflict('Mounted', 'Melee')).toBe('Mounted and Melee exclude each other');
    expect(roleConflict('Melee', 'Mounted')).toBe('Mounted and Melee exclude each other');
  });

  it('flying and walking types exclude each other', () => {
    const walkingAndFlying = 'a flying and a walking type exclude each other';
    expect(roleConflict('Flying melee', 'Melee')).toBe(walkingAndFlying);
    expect(roleConflict('Missile', 'Flying missile')).toBe(walkingAndFlying);
    expect(roleConflict('Flying missile', 'Mounted')).toBe(walkingAndFlying);
  });

  it('irregulars may be melee and missile; a flyer may be flying melee and flying missile', () => {
    expect(roleConflict('Melee', 'Missile')).toBeUndefined();
    expect(roleConflict('Flying melee', 'Flying missile')).toBeUndefined();
  });
});
