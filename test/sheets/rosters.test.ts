// The Units and Characters tables read into rosters (src/sheets/rosters.ts): each record's place, its value or
// error.
import { describe, expect, it } from 'vitest';
import { characterRoster, unitRoster } from '../../src/sheets/rosters';
import { readCharacters } from '../../src/sheets/characters';
import { readUnits } from '../../src/sheets/units';

const UNITS = [
  ['Unit', 'Army', 'Role', 'Morale', 'Hits', 'Status'],
  ['Guard', 'North', 'Melee', 2, 2, ''],
  ['', '', '', '', '', ''],
  ['Riders', '  north  ', 'Mounted', 2, 'x', ''],
  ['Stray', '', 'Melee', 2, 2, ''],
];

describe('unitRoster', () => {
  const roster = unitRoster(readUnits(UNITS, { withArmy: true }));

  it('places each record in the table (index) and in the range (row), with its name and army', () => {
    expect(
      roster.records.map((r) => [r.index, r.row, r.label, r.army, r.value?.hits, r.error?.message]),
    ).toEqual([
      [0, 2, 'Guard', 'North', 2, undefined],
      [2, 4, 'Riders', 'north', undefined, 'Hits must be a whole number from 1 to 1,000 (got "x")'],
      [3, 5, 'Stray', '', 2, undefined],
    ]);
  });
});

describe('characterRoster', () => {
  it('reads characters the same way', () => {
    const roster = characterRoster(
      readCharacters(
        [
          ['Character', 'Army', 'Warrior'],
          ['Aric', 'North', 5],
          ['Ilse', 'South', 200],
        ],
        { withArmy: true },
      ),
    );
    expect(roster.records.map((r) => [r.row, r.label, r.value?.warrior, r.error?.message])).toEqual([
      [2, 'Aric', 5, undefined],
      [3, 'Ilse', undefined, 'Warrior must be a whole number from 0 to 100 (got 200)'],
    ]);
  });
});
