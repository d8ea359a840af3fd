// UNITSTATS and ARMIES (SHEETS.md), called with 2D arrays as Sheets passes ranges; and the linear formulas
// give what they gave when they walked the roster for every row.
import { describe, expect, it } from 'vitest';
import {
  ARMIES,
  ARMIES_HEADER,
  ARMYVALUE,
  CHARACTERVALUE,
  MUSTERCOST,
  UNITSTATS,
  UNITVALUE,
  UPKEEP,
} from '../../src/sheets/formulas';

const UNITS = [
  ['Unit', 'Army', 'Role', 'Melee', 'Defense', 'Morale', 'Hits', 'Mercenary', 'Status'],
  ['Guard', 'North', 'Melee', 4, 4, 3, 3, false, 'Ready'],
  ['Riders', 'north ', 'Mounted', 3, 3, 2, 2, true, 'Routed'],
  ['Lost', 'North', 'Melee', 2, 2, 2, 2, false, 'Captured'],
  ['', '', '', '', '', '', '', false, ''],
  ['Levy', 'South', 'Melee', 2, 1, 1, 2, false, ''],
  ['Dead', 'South', 'Melee', 2, 2, 2, 2, false, 'Destroyed'],
  ['Stray', '', 'Melee', 2, 2, 2, 2, false, ''],
];
const CHARACTERS = [
  ['Character', 'Army', 'Warrior', 'Battlewise'],
  ['Lord', 'North', 4, true],
  ['Exile', 'East', 2, false],
];

describe('UNITSTATS', () => {
  it('gives Value, Muster and Upkeep side by side, the same as the three functions', () => {
    const stats = UNITSTATS(UNITS);
    expect(stats[0]).toEqual(['Value', 'Muster', 'Upkeep']);
    const apart = [UNITVALUE(UNITS), MUSTERCOST(UNITS), UPKEEP(UNITS)];
    expect(stats).toEqual(stats.map((_, r) => apart.map((column) => column[r]![0])));
    expect(stats[4]).toEqual(['', '', '']);
  });

  it('repeats a bad row’s #ERR: in each of its three columns, as each function gives it', () => {
    const bad = [UNITS[0]!, ['Guard', 'North', 'Melee', 4, 4, 3, 'x', false, 'Ready']];
    const message = '#ERR: Hits must be a whole number from 1 to 1,000 (got "x")';
    expect(UNITSTATS(bad)[1]).toEqual([message, message, message]);
    expect(UNITVALUE(bad)[1]).toEqual([message]);
  });
});

describe('ARMIES', () => {
  it('gives one row per army in order of first appearance: statuses, value, muster and upkeep in the field', () => {
    const [value, muster, upkeep] = [UNITVALUE(UNITS), MUSTERCOST(UNITS), UPKEEP(UNITS)].map((c) =>
      c.map((r) => r[0]),
    );
    // Battlewise counts the army's one Ready unit; the Exile's army has no units, so it comes last.
    const lord = CHARACTERVALUE(CHARACTERS, UNITS)[1]![0] as number;
    const exile = CHARACTERVALUE(CHARACTERS, UNITS)[2]![0] as number;
    expect(ARMIES(UNITS, CHARACTERS)).toEqual([
      [...ARMIES_HEADER],
      [
        'North',
        1,
        1,
        0,
        1,
        (value[1] as number) + lord,
        (muster[1] as number) + (muster[2] as number),
        (upkeep[1] as number) + (upkeep[2] as number),
      ],
      ['South', 1, 0, 1, 0, value[5], muster[5], upkeep[5]],
      ['East', 0, 0, 0, 0, exile, 0, 0],
    ]);
    expect(ARMYVALUE('North', UNITS, CHARACTERS)).toBe((value[1] as number) + lord);
    expect(ARMIES(UNITS)[1]![5]).toBe(value[1]);
  });

  it('shows a bad row of an army in place of its figures, and values the other armies', () => {
    const units = [...UNITS, ['Broken', 'South', 'Melee', 2, 2, 2, 'x', false, '']];
    const out = ARMIES(units);
    expect(out[2]).toEqual([
      'South',
      '#ERR: units row 9 (Broken): Hits must be a whole number from 1 to 1,000 (got "x")',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(out[1]![0]).toBe('North');
    expect(typeof out[1]![5]).toBe('number');
  });

  it('says what to fix for a bad setting, and for a table without its headers', () => {
    expect(() =>
      ARMIES(UNITS, '', [
        ['Setting', 'Value'],
        ['Troop Ratio By', 'Heads'],
      ]),
    ).toThrow(/Settings: Troop Ratio By must be one of Units, Value/);
    expect(() => ARMIES([['Unit', 'Role']])).toThrow(/"Army"/);
  });

  it('gives only the header row for a roster with no army', () => {
    expect(ARMIES([UNITS[0]!, UNITS[7]!])).toEqual([[...ARMIES_HEADER]]);
  });
});
