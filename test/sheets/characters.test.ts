// A Characters row read into the rules' terms (src/sheets/characters.ts), from a range as Sheets passes it.
import { describe, expect, it } from 'vitest';
import { parseCharacter, readCharacters } from '../../src/sheets/characters';
import { at } from '../at';
import { tableOf } from '../support/columns';

const parse = (headers: readonly string[], cells: readonly unknown[]) => {
  const t = readCharacters([[...headers], [...cells]]);
  return parseCharacter(t, at(t.rows, 0));
};

describe('parseCharacter', () => {
  it('reads every column of a full row', () => {
    const headers = ['Character', 'Army', 'Warrior', 'Rogue', 'Wizard', 'Priest', 'Battlewise', 'Commands'];
    const more = ['Strategy', 'Turns Undead', 'Priest Uses', 'Spell Slots', 'Battle Spells', 'Categories'];
    const last = ['Research', 'D Spells', 'War Spells'];
    const cells = ['Mother Ilse', ' Avanil ', 2, '4', 0, 7, true, 12];
    const moreCells = [false, 'yes', 'turning', '4/3/1', '2/1/0', 3];
    const lastCells = [1, 2, 0];
    expect(parse([...headers, ...more, ...last], [...cells, ...moreCells, ...lastCells])).toEqual({
      name: 'Mother Ilse',
      army: 'Avanil',
      warrior: 2,
      rogue: 4,
      wizard: 0,
      priest: 7,
      battlewise: true,
      commands: 12,
      strategy: false,
      turnsUndead: true,
      priestUses: 'Turning',
      spellSlots: [4, 3, 1],
      battleSpells: [2, 1, 0],
      categories: 3,
      research: 1,
      dSpells: 2,
      warSpells: 0,
    });
  });

  it('reads a single spell level typed as a number, and leaves Battle Spells and Commands absent when blank', () => {
    const c = parse(
      ['Character', 'Wizard', 'Spell Slots', 'Battle Spells', 'Commands'],
      ['Magus', 3, 4, '', ''],
    );
    expect([c.spellSlots, c.battleSpells, c.commands, c.priestUses]).toEqual([
      [4],
      undefined,
      undefined,
      'Best',
    ]);
  });

  it.each([
    [
      ['Character', 'Wizard', 'Priest'],
      ['Both', 3, 2],
      'Wizard and Priest are both set: one spellcasting class a row (use two rows, or the main one)',
    ],
    [
      ['Character', 'Spell Slots', 'Battle Spells'],
      ['Magus', '4/2', '1'],
      'Battle Spells must give one number per spell level of Spell Slots (2 levels, got 1)',
    ],
    [
      ['Character', 'Spell Slots'],
      ['Magus', '4/two'],
      'Spell Slots must be a whole number from 0 to 1,000 per spell level, like 4/2/1 (got "4/two")',
    ],
    [
      ['Character', 'Spell Slots'],
      ['Magus', new Date(Date.UTC(2024, 3, 2))],
      'Spell Slots was read as a date: format the column as plain text (Format > Number > Plain text) and type it again, e.g. 4/2/1',
    ],
    [['Character', 'Warrior'], ['Sir', 101], 'Warrior must be a whole number from 0 to 100 (got 101)'],
  ])('refuses %j %j: %s', (headers, cells, message) => {
    expect(() => parse(headers, cells)).toThrow(message);
  });
});

describe('readCharacters', () => {
  it('needs Character, and Army too when characters are grouped by army', () => {
    expect(readCharacters([['Character']]).has('Army')).toBe(false);
    expect(() => readCharacters([['Character']], { withArmy: true })).toThrow(
      `characters has no "Army" column: include it in the range, headed in its first row, e.g. ${tableOf('Characters')} (Warcard → Set up campaign adds missing columns)`,
    );
  });
});
