// A Units row read into the rules' terms (src/sheets/units.ts), from a range as Sheets passes it.
import { describe, expect, it } from 'vitest';
import { RowError } from '../../src/contract/errors';
import { parseUnit, readUnits } from '../../src/sheets/units';
import { at } from '../at';
import { tableOf } from '../support/columns';

/** Parses the one record of a units range made of these headers and cells. */
const parse = (headers: readonly string[], cells: readonly unknown[]) => {
  const t = readUnits([[...headers], [...cells]]);
  return parseUnit(t, at(t.rows, 0));
};
const FEW = ['Unit', 'Army', 'Role', 'Morale', 'Hits'];

describe('parseUnit', () => {
  it('reads every column of a full row', () => {
    const headers = [
      'Unit',
      'Army',
      'Type',
      'Role',
      'Role 2',
      'Move',
      'Melee',
      'Missile',
      'Defense',
      'Charge',
    ];
    const more = [
      'Morale',
      'Hits',
      'Specials',
      'Special Moves',
      'Vulnerable',
      'Spellcasting',
      'Realm Spells',
    ];
    const last = ['Mercenary', 'Undead', 'Spell Immune', 'Override', 'Status'];
    const cells = [' Knights ', 'Avanil', 'Cavalry', 'Mounted', 'Missile', 2, '4', 1, 4, 6];
    const moreCells = [3, 3, 1, 2, true, 'limited', 1];
    const lastCells = ['yes', false, 'x', 9, 'routed'];
    expect(parse([...headers, ...more, ...last], [...cells, ...moreCells, ...lastCells])).toEqual({
      name: 'Knights',
      army: 'Avanil',
      role: 'Mounted',
      role2: 'Missile',
      move: 2,
      melee: 4,
      missile: 1,
      defense: 4,
      charge: 6,
      morale: 3,
      hits: 3,
      specials: 1,
      specialMoves: 2,
      vulnerable: true,
      spellcasting: 'Limited',
      realmSpells: 1,
      mercenary: true,
      undead: false,
      spellImmune: true,
      override: 9,
      status: 'Routed',
    });
  });

  it('gives the defaults for what is left out: counts 0, Spellcasting None, Status Ready, no Override', () => {
    expect(parse(FEW, ['Levy', '', 'Melee', 1, 2])).toEqual({
      name: 'Levy',
      army: '',
      role: 'Melee',
      role2: undefined,
      move: 0,
      melee: 0,
      missile: 0,
      defense: 0,
      charge: 0,
      morale: 1,
      hits: 2,
      specials: 0,
      specialMoves: 0,
      vulnerable: false,
      spellcasting: 'None',
      realmSpells: 0,
      mercenary: false,
      undead: false,
      spellImmune: false,
      override: undefined,
      status: 'Ready',
    });
  });

  it('drops a Role 2 equal to Role', () => {
    expect(parse([...FEW, 'Role 2'], ['Guard', 'A', 'Melee', 2, 2, 'melee']).role2).toBeUndefined();
  });

  it.each([
    [
      ['Guard', 'A', 'Mounted', 2, 2, 'Melee'],
      'Role 2 cannot be Melee with Role Mounted: Mounted and Melee exclude each other',
    ],
    [
      ['Guard', 'A', 'Flying melee', 2, 2, 'Missile'],
      'Role 2 cannot be Missile with Role Flying melee: a flying and a walking type exclude each other',
    ],
    [
      ['Guard', 'A', '', 2, 2, ''],
      'Role is required: one of Melee, Missile, Mounted, Artillery, Flying melee, Flying missile',
    ],
    [['Guard', 'A', 'Melee', '', 2, ''], 'Morale is required: a whole number from 1 to 1,000'],
    [['Guard', 'A', 'Melee', 2, 0, ''], 'Hits must be a whole number from 1 to 1,000 (got 0)'],
  ])('refuses %j with a RowError saying what to fix', (cells, message) => {
    expect(() => parse([...FEW, 'Role 2'], cells)).toThrow(new RowError(message));
  });

  it('names the column and the words it takes for a bad Status', () => {
    expect(() => parse([...FEW, 'Status'], ['Guard', 'A', 'Melee', 2, 2, 'Fled'])).toThrow(
      'Status must be one of Ready, Routed, Destroyed, Captured (got "Fled")',
    );
  });
});

describe('readUnits', () => {
  it('needs Role, Morale and Hits, and Army and Status too when units are grouped by army and counted', () => {
    expect(() => readUnits([['Unit', 'Role', 'Morale']])).toThrow(
      `units has no "Hits" column: include it in the range, headed in its first row, e.g. ${tableOf('Units')} (Warcard → Set up campaign adds missing columns)`,
    );
    expect(readUnits([['Role', 'Morale', 'Hits']]).has('Army')).toBe(false);
    expect(() => readUnits([['Role', 'Morale', 'Hits', 'Status']], { withArmy: true })).toThrow(
      'units has no "Army" column',
    );
    expect(() => readUnits([['Army', 'Role', 'Morale', 'Hits']], { withArmy: true })).toThrow(
      'units has no "Status" column',
    );
    expect(readUnits([['Army', 'Role', 'Morale', 'Hits', 'Status']], { withArmy: true }).has('Status')).toBe(
      true,
    );
  });
});
