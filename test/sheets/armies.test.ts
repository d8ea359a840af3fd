// The rosters grouped by army (src/sheets/armies.ts), on plain arrays: names, order, bad rows, look-up by the
// one name rule, and the sums the formulas read.
import { describe, expect, it } from 'vitest';
import { NO_FORCES } from '../../src/rules';
import { armiesNamed, armyBookOf, checkKnown, forcesOfArmies, standingValue } from '../../src/sheets/armies';

const UNITS = [
  ['Unit', 'Army', 'Role', 'Morale', 'Hits', 'Override', 'Status', 'Undead'],
  ['Guard', ' North ', 'Melee', 2, 2, 5, 'Ready', false],
  ['Riders', 'NORTH', 'Mounted', 2, 2, 4, 'Routed', false],
  ['Ghouls', 'South', 'Melee', 2, 2, 3, 'Ready', true],
  ['Broken', 'West', 'Melee', 2, 'x', '', 'Ready', false],
  ['Stray', '', 'Melee', 2, 2, 2, 'Ready', false],
];
const CHARACTERS = [
  ['Character', 'Army', 'Warrior', 'Priest', 'Turns Undead', 'Spell Slots'],
  ['Aric', 'north', 4, 0, false, ''],
  ['Ilse', 'North', 0, 3, true, '2'],
  ['Exile', 'East', 2, 0, false, ''],
  ['Lost', 'South', 200, 0, false, ''],
];

describe('armyBookOf', () => {
  const book = armyBookOf(UNITS, CHARACTERS);

  it('lists the armies in order of first appearance, named as first written (trimmed); no army is no army', () => {
    expect(book.armies.map((a) => [a.name, a.units.length, a.characters.length])).toEqual([
      ['North', 2, 2],
      ['South', 1, 0],
      ['West', 0, 0],
      ['East', 0, 1],
    ]);
    expect(book.hasCharacters).toBe(true);
    expect(armyBookOf(UNITS).hasCharacters).toBe(false);
  });

  it('groups the records by army, any case and spacing, in row order', () => {
    expect(
      book.armies.map((a) => [a.name, a.units.map((u) => u.name), a.characters.map((c) => c.name)]),
    ).toEqual([
      ['North', ['Guard', 'Riders'], ['Aric', 'Ilse']],
      ['South', ['Ghouls'], []],
      ['West', [], []],
      ['East', [], ['Exile']],
    ]);
  });

  it('finds an army by the one name rule', () => {
    expect(book.get('  north')?.name).toBe('North');
    expect(book.get('Nowhere')).toBeUndefined();
  });

  it('keeps the first bad row of an army, by range row and name', () => {
    expect(book.get('West')?.unitError?.message).toBe(
      'units row 5 (Broken): Hits must be a whole number from 1 to 1,000 (got "x")',
    );
    expect(book.get('South')?.characterError?.message).toBe(
      'characters row 5 (Lost): Warrior must be a whole number from 0 to 100 (got 200)',
    );
  });

  it('sums an army’s fighting units and its characters’ bonus, which depends on the enemy’s undead', () => {
    const north = book.get('North');
    const south = book.get('South');
    if (!north || !south) throw new Error('North and South are armies');
    expect([north.forces().units, north.forces().value]).toEqual([1, 5]);
    // Aric: warrior 4. Ilse: priest level 3 with 2 slots, turning South's one undead unit.
    expect(north.characterBonus(NO_FORCES)).toBe(north.characterBonus({ ...NO_FORCES, units: 3 }));
    expect(north.characterBonus(south.forces()) - north.characterBonus(NO_FORCES)).toBe(1);
    expect(forcesOfArmies([north, south]).value).toBe(8);
    expect(standingValue([north])).toBe(5 + north.characterBonus(NO_FORCES));
  });
});

describe('armiesNamed and checkKnown', () => {
  const book = armyBookOf(UNITS, CHARACTERS);

  it('gives each army once, however often it is named', () => {
    expect(armiesNamed(book, ['North', 'north ', 'East', 'Nowhere']).map((a) => a.name)).toEqual([
      'North',
      'East',
    ]);
  });

  it('throws the first bad row among the armies named, units first', () => {
    expect(() => armiesNamed(book, ['South', 'West'])).toThrow('units row 5 (Broken)');
    expect(() => armiesNamed(book, ['South'])).toThrow('characters row 5 (Lost)');
  });

  it('says a name no unit or character carries is not in the roster', () => {
    expect(() => checkKnown(book, 'Nowhere')).toThrow(
      'army "Nowhere" is not in the roster: no unit or character has that Army',
    );
    expect(() => checkKnown(armyBookOf(UNITS), 'East')).toThrow(
      'army "East" is not in the roster: no unit has that Army',
    );
    expect(() => checkKnown(book, 'east')).not.toThrow();
  });

  it.each([
    ['Esst', 'East'], // one edit
    ['Esat', 'East'], // swapped neighbours
    ['Westt', 'West'],
    ['N orht', 'North'], // spaces ignored, then swapped neighbours
    ['southward', null], // four edits: no hint
  ])('names the closest known army within two edits: %j → %j', (typed, meant) => {
    const hint = meant === null ? '' : `: did you mean "${meant}"?`;
    expect(() => checkKnown(book, typed)).toThrow(
      `army "${typed}" is not in the roster: no unit or character has that Army${hint}`,
    );
  });
});
