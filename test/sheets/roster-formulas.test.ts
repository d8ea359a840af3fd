// The roster formulas of SHEETS.md (UNITVALUE, MUSTERCOST, UPKEEP, UNITSTATS, CHARACTERVALUE, ARMYVALUE, ARMIES),
// called with 2D arrays exactly as Sheets passes ranges; UNITSTATS and ARMIES give what the formulas they sum give.
import { describe, expect, it } from 'vitest';
import { at } from '../at';
import {
  ARMIES,
  ARMIES_HEADER,
  ARMYVALUE,
  CHARACTERVALUE,
  MUSTERCOST,
  UNITSTATS,
  UNITVALUE,
  UPKEEP,
} from '../../src/sheets/roster-formulas';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { characters, isErr, LIB, lib, PEOPLE, ROSTER, units } from './formula-fixtures';
import { TableError } from '../../src/contract/errors';
import { tableOf } from '../support/columns';

describe('UNITVALUE', () => {
  it('values the whole reference library in one call, as the source table gives', () => {
    const names = Object.keys(LIB);
    const out = UNITVALUE(units(names.map((n) => lib(n))));
    // Archers 3, Artillerists 3, Cavalry 6, Elite Infantry 5, Infantry 3, Irregulars 2 (override), Knights 7,
    // Levy 1 (D-1), Pikemen 3, Scouts 2 (override).
    expect(out).toEqual([['Value'], [3], [3], [6], [5], [3], [2], [7], [1], [3], [2]]);
  });

  it('D-3 the override replaces the computed value; realm spells add on top (D-4 in battle)', () => {
    const out = UNITVALUE(
      units([
        lib('Irregulars', { Override: '' }),
        lib('Irregulars'),
        lib('Irregulars', { 'Realm Spells': 1 }),
      ]),
    );
    expect(out).toEqual([['Value'], [3], [2], [3]]);
  });

  it('a blank row (all "" or unticked checkboxes) gives "", and the rows after it still compute', () => {
    const out = UNITVALUE(units([lib('Knights'), 'blank', lib('Archers')]));
    expect(out).toEqual([['Value'], [7], [''], [3]]);
  });

  it('numbers typed as text are read as numbers', () => {
    const out = UNITVALUE(
      units([
        {
          Unit: 'Text',
          Role: 'Melee',
          Move: '3',
          Melee: '5',
          Missile: ' 4 ',
          Morale: '3',
          Hits: '3',
          Specials: '1',
        },
      ]),
    );
    // 1 + Move 3 (+1) + Melee 5 (+2) + Missile 4 (+2) + Morale 3 (+1) + Hits 3 (+1) + 1 special = 9
    expect(out).toEqual([['Value'], [9]]);
  });

  it('blank number columns mean 0; only Role, Morale and Hits are required', () => {
    const out = UNITVALUE([
      ['Role', 'Morale', 'Hits'],
      ['Melee', 2, 2],
      ['Missile', 3, 4],
    ]);
    expect(out).toEqual([['Value'], [1], [4]]);
  });

  it('headers match loosely: case, spaces, - _ & . ignored; order free; unknown columns ignored', () => {
    const headers = [
      'hits',
      'NOTES',
      'Spell_Casting',
      'ROLE',
      'realm & spells',
      'Special-Moves',
      'mo.rale',
      'MELEE',
      'unit',
      'Over Ride',
      'role-2',
      'status',
      'S P E C I A L S',
      'v_u_l_n_e_r_a_b_l_e',
    ];
    const out = UNITVALUE([
      headers,
      // Hits 3 (+1), Spellcasting Limited (+1), 1 realm spell, 1 special move, Morale 3 (+1), Melee 5 (+2),
      // 2 specials, vulnerable (-1): 1 + 1 + 1 + 1 + 1 + 1 + 2 + 2 - 1 = 9 (realm spell included).
      [3, 'a note', 'Limited', 'Melee', 1, 1, 3, 5, 'Odd', '', '', 'Ready', 2, true],
      // The override replaces the card (realm spells on top): 4 + 2.
      [2, '', '', 'Missile', 2, 0, 2, 2, 'Overridden', 4, 'Mounted', '', 0, false],
    ]);
    expect(out).toEqual([['Value'], [9], [6]]);
  });

  it('a bad row gives #ERR: naming the column; the other rows still compute', () => {
    const out = UNITVALUE(
      units([
        lib('Knights'),
        lib('Archers', { Hits: 'x' }),
        lib('Archers', { Hits: 0 }),
        lib('Archers', { Morale: '' }),
        lib('Archers', { Role: 'Wizard' }),
        lib('Archers', { Role: '' }),
        lib('Archers', { Move: -1 }),
        lib('Archers', { Melee: 2.5 }),
        lib('Archers', { Status: 'Dead' }),
        lib('Archers', { Spellcasting: 'Sometimes' }),
        lib('Archers', { Vulnerable: 'maybe' }),
        lib('Archers', { Defense: new Date(2024, 0, 5) }),
        lib('Archers', { Specials: true }),
        lib('Knights', { 'Role 2': 'Melee' }),
        lib('Archers'),
      ]),
    );
    expect(out[0]).toEqual(['Value']);
    expect(out[1]).toEqual([7]);
    const columns = [
      'Hits',
      'Hits',
      'Morale',
      'Role',
      'Role',
      'Move',
      'Melee',
      'Status',
      'Spellcasting',
      'Vulnerable',
      'Defense',
      'Specials',
      'Role 2',
    ];
    columns.forEach((column, i) => {
      expect(isErr(out[i + 2]?.[0], column), `row ${i + 2}: ${String(out[i + 2]?.[0])}`).toBe(true);
    });
    expect(out[15]).toEqual([3]);
  });

  it('the #ERR: text shows what was given (SHEETS example: Hits must be a whole number from 1 (got "x"))', () => {
    const [, [cell]] = UNITVALUE(units([lib('Archers', { Hits: 'x' })])) as [unknown[], unknown[]];
    expect(cell).toMatch(/^#ERR: Hits .*"x"/);
  });

  it('a missing required header throws an Error naming it', () => {
    expect(() =>
      UNITVALUE([
        ['Unit', 'Role', 'Morale'],
        ['Levy', 'Melee', 1],
      ]),
    ).toThrow(/Hits/);
    expect(() =>
      UNITVALUE([
        ['Unit', 'Hits', 'Morale'],
        ['Levy', 2, 1],
      ]),
    ).toThrow(/Role/);
    expect(() =>
      UNITVALUE([
        ['Unit', 'Role', 'Hits'],
        ['Levy', 'Melee', 2],
      ]),
    ).toThrow(/Morale/);
  });

  it('a non-range argument throws an Error saying what to fix', () => {
    expect(() => UNITVALUE(5)).toThrow(/range/i);
    expect(() => UNITVALUE(tableOf('Units'))).toThrow(/range/i);
    expect(() => UNITVALUE(undefined)).toThrow(/range/i);
  });

  it('the header row alone gives just the header', () => {
    expect(UNITVALUE([UNIT_HEADERS])).toEqual([['Value']]);
  });
});

describe('MUSTERCOST', () => {
  it('2 GB per 3 points of value or part of 3, for every row at once', () => {
    const out = MUSTERCOST(
      units([
        lib('Levy'), // 1 → 2
        lib('Archers'), // 3 → 2
        'blank',
        lib('Elite Infantry'), // 5 → 4
        lib('Cavalry'), // 6 → 4
        lib('Knights'), // 7 → 6
        lib('Infantry', { Override: 10 }), // 10 → 8
        lib('Archers', { 'Realm Spells': 1 }), // D-4: 3 without the realm spell → 2
        lib('Archers', { Hits: 'x' }),
      ]),
    );
    expect(out.slice(0, 9)).toEqual([['Muster'], [2], [2], [''], [4], [4], [6], [8], [2]]);
    expect(isErr(out[9]?.[0], 'Hits')).toBe(true);
  });

  it('a missing required header throws an Error naming it', () => {
    expect(() => MUSTERCOST([['Unit', 'Role', 'Hits']])).toThrow(/Morale/);
  });
});

describe('UPKEEP', () => {
  it('every maintenance case, the highest that applies (D-9)', () => {
    const out = UPKEEP(
      units([
        lib('Infantry'), // basic: 1
        lib('Infantry', { Override: 8 }), // value 8: 1
        lib('Infantry', { Override: 9 }), // elite: 3
        lib('Cavalry'), // mounted: 2
        lib('Archers', { 'Role 2': 'Mounted' }), // mounted by Role 2: 2
        lib('Infantry', { Mercenary: true }), // mercenary: 2
        { Unit: 'Griffons', Role: 'Flying melee', Morale: 2, Hits: 2 }, // flying: 3
        lib('Knights', { Override: 9, Mercenary: true }), // D-9 mounted, mercenary and elite: 3
        lib('Infantry', { Override: 8, 'Realm Spells': 2 }), // D-4: 8 without realm spells: 1
        'blank',
        lib('Infantry', { Mercenary: 'perhaps' }),
      ]),
    );
    expect(out.slice(0, 11)).toEqual([['Upkeep'], [1], [1], [3], [2], [2], [2], [3], [3], [1], ['']]);
    expect(isErr(out[11]?.[0], 'Mercenary')).toBe(true);
  });
});

describe('CHARACTERVALUE', () => {
  const table = characters([
    { Character: 'Sir Aric', Army: 'Avanil', Warrior: 5, Strategy: true }, // 5 + 5
    { Character: 'Magus', Army: 'Ghoere', Wizard: 5, 'Spell Slots': '4/2/1', Categories: 3 }, // 7
    'blank',
    { Character: 'Captain', Army: 'Avanil', Warrior: 3, Battlewise: true }, // 3 + Avanil's 6 fighting units
    { Character: 'Marshal', Army: 'Ghoere', Battlewise: true, Commands: 4 }, // 4
    { Character: 'Paladin', Army: 'Avanil', Warrior: 6, 'Turns Undead': true }, // 6: no turning in standing
    { Character: 'Confused', Army: 'Avanil', Wizard: 3, Priest: 3, 'Spell Slots': '2/1' }, // bad
    { Character: 'Swashbuckler', Army: 'Avanil', Warrior: 9, Rogue: 8 }, // D-5: 9 + 1
    { Character: 'Hedge', Army: 'Avanil', Wizard: 1, 'Spell Slots': 3, Categories: '5' }, // 3 + 5
    {
      Character: 'Adept',
      Army: 'Avanil',
      Wizard: 5,
      'Spell Slots': '4/2/1',
      'Battle Spells': '1/0/1',
      Categories: 3,
    }, // 5
    { Character: 'Sage', Army: 'Avanil', Wizard: 5, 'Spell Slots': '4/2/1', Categories: 9 }, // bad: 0-8
    {
      Character: 'Cleric',
      Army: 'Avanil',
      Priest: 7,
      'Spell Slots': '4/3/2',
      Categories: 3,
      'Turns Undead': true,
    }, // 9
    { Character: 'Apprentice', Army: 'Avanil', Wizard: 1, 'Spell Slots': '1', Categories: 0 }, // D-8: 0
    {
      Character: 'Scholar',
      Army: 'Avanil',
      Wizard: 9,
      'Spell Slots': '4/3/3/2/1',
      Categories: 7,
      Research: 1,
      'D Spells': 2,
      'War Spells': '1',
    }, // 13 + 7 + 4
  ]);

  it("each character's standing bonus, with the units for Battlewise", () => {
    const out = CHARACTERVALUE(table, ROSTER);
    expect(out[0]).toEqual(['Bonus']);
    expect(out.slice(1, 7)).toEqual([[10], [7], [''], [9], [4], [6]]);
    expect(isErr(out[7]?.[0], 'Wizard') || isErr(out[7]?.[0], 'Priest')).toBe(true);
    expect(out.slice(8, 11)).toEqual([[10], [8], [5]]);
    expect(isErr(out[11]?.[0], 'Categories')).toBe(true);
    expect(out.slice(12)).toEqual([[9], [0], [24]]);
  });

  it('Battlewise with blank Commands counts 0 without the units argument', () => {
    const out = CHARACTERVALUE(table);
    expect(out[4]).toEqual([3]);
    expect(out[5]).toEqual([4]);
  });

  it('Battlewise with blank Commands counts only fighting units of its own army', () => {
    const out = CHARACTERVALUE(
      characters([
        { Character: 'A', Army: 'Ghoere', Battlewise: true },
        { Character: 'B', Army: 'Avanil', Battlewise: true },
      ]),
      ROSTER,
    );
    expect(out).toEqual([['Bonus'], [10], [6]]);
  });

  it('a non-range argument throws an Error saying what to fix', () => {
    expect(() => CHARACTERVALUE('Sir Aric')).toThrow(/range/i);
  });
});

describe('ARMYVALUE', () => {
  it('the fighting units plus the standing character bonuses', () => {
    expect(ARMYVALUE('Avanil', ROSTER, PEOPLE)).toBe(32);
    expect(ARMYVALUE('Ghoere', ROSTER, PEOPLE)).toBe(29);
  });

  it('several comma-separated armies add up', () => {
    expect(ARMYVALUE('Avanil, Ghoere', ROSTER, PEOPLE)).toBe(61);
  });

  it('without characters: the units only (Routed units left out)', () => {
    expect(ARMYVALUE('Avanil', ROSTER)).toBe(22);
  });

  it('a bad unit row in the army gives #ERR: naming the column', () => {
    const roster = units([lib('Knights', { Army: 'Avanil' }), lib('Archers', { Army: 'Avanil', Hits: 'x' })]);
    expect(isErr(ARMYVALUE('Avanil', roster), 'Hits')).toBe(true);
  });

  it('a non-range units argument, or an army no unit carries, throws an Error', () => {
    expect(() => ARMYVALUE('Avanil', 22)).toThrow(/range/i);
    expect(() => ARMYVALUE('North, Nrth', UNITS)).toThrow(
      new TableError('army "Nrth" is not in the roster: no unit has that Army: did you mean "North"?'),
    );
  });
});

// ---- BATTLES: a complete battle worked by hand from RULES.md.
//
// Ford: Avanil (attacker) against Ghoere (defender). Armies and bases as above: A 32, B 29.
// Side A ticks Beaten Foe (+5%), Night Vision, Mire (-10 points), Narrow Pass (a defender modifier on the
//   attacker's row: ignored) and Siegecraft (Ghoere has no castle: ignored); plan Full charge; roll 80.
// Side B ticks Defender, Home Realm (+5%), Night Vision, Friendly Holding (+5), River Crossed (+15) and
//   Engineering (the defender does not assault: ignored); plan Hold; roll 30.
// Night Vision on both sides: neither gets it (RULES 5.3).
// Troop ratio (D-11, units): 10 : 6 = 1.67 → Ghoere +2%.
// Diversity: Avanil's first types Mounted, Missile, Melee → +10%; Ghoere all Melee → -10%.
// Plans Full charge - Hold: Avanil Cas +20%, Ghoere BV -15%.
// A: percent 5 + 10 = 15; points -10. 32 + 32 * 15 / 100 - 10 = 32 + 4.8 - 10 = 26.8 → 27.
// B: percent 2 + 5 - 10 - 15 = -18; points 5 + 15 = 20. 29 - 29 * 18 / 100 + 20 = 29 - 5.22 + 20 = 43.78 → 44.
// Win chance: A wins when rollA - rollB > 44 - 27 = 17: pairs sum(100 - k, k = 18..99) = 82 * 83 / 2 = 3403;
//   ties (difference 17): 83; B: 10000 - 3403 - 83 = 6514. A 3403 / 9917, B 6514 / 9917.
// Totals: 27 + 80 = 107 and 44 + 30 = 74: A wins by 33 → row 31-35: winner 60%, loser 50%.
// Rates: A 60 + 20 (Cas) = 80%; B 50%.
// Casualties: A 80% of 22 = 17.6 → 18; B 50% of 22 = 11. Attrition: A at least (20 + 20)% of 11 = 4.4 → 4 < 18.
// Routed / destroyed (D-16): A 18 → 9 / 9; B 11 → 5 / 6.

// ---- UNITSTATS and ARMIES.

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
    expect(stats).toEqual(stats.map((_, r) => apart.map((column) => column[r]?.[0])));
    expect(stats[4]).toEqual(['', '', '']);
  });

  it('repeats a bad row’s #ERR: in each of its three columns, as each function gives it', () => {
    const bad = [at(UNITS, 0), ['Guard', 'North', 'Melee', 4, 4, 3, 'x', false, 'Ready']];
    const message = '#ERR: Hits must be a whole number from 1 to 1,000 (got "x")';
    expect(UNITSTATS(bad)[1]).toEqual([message, message, message]);
    expect(UNITVALUE(bad)[1]).toEqual([message]);
  });
});

describe('ARMIES', () => {
  it('gives one row per army in order of first appearance: statuses, value, muster and upkeep in the field', () => {
    /** The number a one-column formula gives for range row `r + 1`. */
    const first = (spill: unknown[][], r: number): number => {
      const v = at(spill, r)[0];
      if (typeof v !== 'number') throw new Error(`row ${r} holds ${String(v)}, not a number`);
      return v;
    };
    const [value, muster, upkeep] = [UNITVALUE(UNITS), MUSTERCOST(UNITS), UPKEEP(UNITS)];
    // Battlewise counts the army's one Ready unit; the Exile's army has no units, so it comes last.
    const lord = first(CHARACTERVALUE(CHARACTERS, UNITS), 1);
    const exile = first(CHARACTERVALUE(CHARACTERS, UNITS), 2);
    expect(ARMIES(UNITS, CHARACTERS)).toEqual([
      [...ARMIES_HEADER],
      [
        'North',
        1,
        1,
        0,
        1,
        first(value, 1) + lord,
        first(muster, 1) + first(muster, 2),
        first(upkeep, 1) + first(upkeep, 2),
        '',
      ],
      ['South', 1, 0, 1, 0, first(value, 5), first(muster, 5), first(upkeep, 5), ''],
      ['East', 0, 0, 0, 0, exile, 0, 0, ''],
    ]);
    expect(ARMYVALUE('North', UNITS, CHARACTERS)).toBe(first(value, 1) + lord);
    expect(ARMIES(UNITS)[1]?.[5]).toBe(first(value, 1));
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
      '',
    ]);
    expect(out[1]?.[0]).toBe('North');
    expect(typeof out[1]?.[5]).toBe('number');
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

  it('notes an army within two edits of a bigger one as a likely typo, and values it all the same', () => {
    const units = [...UNITS, ['Stray', 'Nroth', 'Melee', 2, 2, 2, 2, false, '']];
    const out = ARMIES(units);
    const nroth = out.find((r) => r[0] === 'Nroth');
    expect(nroth?.slice(1, 5)).toEqual([1, 0, 0, 0]);
    expect(nroth?.[8]).toBe('army "Nroth" may be a typo of "North" (an army with more units)');
    expect(out.filter((r) => r[8] !== '').map((r) => r[0])).toEqual(['Army', 'Nroth']);
  });

  it('gives only the header row for a roster with no army', () => {
    expect(ARMIES([at(UNITS, 0), at(UNITS, 7)])).toEqual([[...ARMIES_HEADER]]);
  });
});
