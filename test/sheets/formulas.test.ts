// The custom functions of SHEETS.md, called with 2D arrays exactly as Sheets passes ranges:
// header row first, "" for blank cells, booleans for checkboxes, numbers, and numbers typed as text.
import { describe, expect, it } from 'vitest';
import {
  ARMYVALUE,
  BATTLEODDS,
  BATTLES,
  CHARACTERVALUE,
  MUSTERCOST,
  RESOLVEBATTLE,
  TACTICS,
  TROOPRATIO,
  UNITVALUE,
  UPKEEP,
} from '../../src/sheets/formulas';

type Cell = string | number | boolean | Date;
type Row = Record<string, Cell>;

/** A range: the headers, then each record's cells under them; a missing cell is "" (false for checkboxes). */
function range(
  headers: readonly string[],
  rows: readonly (Row | 'blank')[],
  checkboxes: readonly string[] = [],
) {
  return [
    [...headers],
    ...rows.map((r) =>
      headers.map((h) =>
        r === 'blank'
          ? checkboxes.includes(h)
            ? false
            : ''
          : (r[h] ?? (checkboxes.includes(h) ? false : '')),
      ),
    ),
  ];
}

// ---- Units (SHEETS.md), with the reference library's cards (RULES 1).

const UNIT_HEADERS = [
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
  'Morale',
  'Hits',
  'Specials',
  'Special Moves',
  'Vulnerable',
  'Spellcasting',
  'Realm Spells',
  'Mercenary',
  'Undead',
  'Spell Immune',
  'Override',
  'Status',
];
const UNIT_BOXES = ['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune'];
const units = (rows: readonly (Row | 'blank')[]) => range(UNIT_HEADERS, rows, UNIT_BOXES);

const LIB: Record<string, Row> = {
  Archers: {
    Type: 'Archers',
    Role: 'Missile',
    Move: 2,
    Melee: 2,
    Missile: 4,
    Defense: 2,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Artillerists: {
    Type: 'Artillerists',
    Role: 'Artillery',
    Move: 1,
    Melee: 1,
    Missile: 5,
    Defense: 1,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Cavalry: {
    Type: 'Cavalry',
    Role: 'Mounted',
    Move: 3,
    Melee: 3,
    Missile: 1,
    Defense: 3,
    Charge: 5,
    Morale: 2,
    Hits: 2,
  },
  'Elite Infantry': {
    Type: 'Elite Infantry',
    Role: 'Melee',
    Move: 1,
    Melee: 4,
    Missile: 0,
    Defense: 4,
    Charge: 0,
    Morale: 3,
    Hits: 3,
  },
  Infantry: {
    Type: 'Infantry',
    Role: 'Melee',
    Move: 1,
    Melee: 3,
    Missile: 0,
    Defense: 3,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Irregulars: {
    Type: 'Irregulars',
    Role: 'Melee',
    'Role 2': 'Missile',
    Move: 2,
    Melee: 3,
    Missile: 2,
    Defense: 2,
    Charge: 0,
    Morale: 2,
    Hits: 2,
    Override: 2,
  },
  Knights: {
    Type: 'Knights',
    Role: 'Mounted',
    Move: 2,
    Melee: 4,
    Missile: 0,
    Defense: 4,
    Charge: 6,
    Morale: 3,
    Hits: 3,
  },
  Levy: {
    Type: 'Levy',
    Role: 'Melee',
    Move: 1,
    Melee: 2,
    Missile: 0,
    Defense: 1,
    Charge: 0,
    Morale: 1,
    Hits: 2,
  },
  Pikemen: {
    Type: 'Pikemen',
    Role: 'Melee',
    Move: 1,
    Melee: 3,
    Missile: 0,
    Defense: 3,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Scouts: {
    Type: 'Scouts',
    Role: 'Missile',
    Move: 3,
    Melee: 2,
    Missile: 3,
    Defense: 2,
    Charge: 0,
    Morale: 2,
    Hits: 2,
    Override: 2,
  },
};
const lib = (type: keyof typeof LIB, over: Row = {}): Row => ({ Unit: type, ...LIB[type], ...over });

// ---- Characters and Battles (SHEETS.md).

const CHARACTER_HEADERS = [
  'Character',
  'Army',
  'Warrior',
  'Rogue',
  'Wizard',
  'Priest',
  'Battlewise',
  'Commands',
  'Strategy',
  'Turns Undead',
  'Priest Uses',
  'Spell Slots',
  'Battle Spells',
  'Categories',
  'Research',
  'D Spells',
  'War Spells',
];
const characters = (rows: readonly (Row | 'blank')[]) =>
  range(CHARACTER_HEADERS, rows, ['Battlewise', 'Strategy', 'Turns Undead']);

const BATTLE_HEADERS = [
  'Battle',
  'Side',
  'Armies',
  'Defender',
  'Home Realm',
  'Beaten Foe',
  'Foe Exhausted',
  'Ally Defeated',
  'Favorable',
  'Unfavorable',
  'Night Vision',
  'Higher Ground',
  'Terrain Advantage',
  'Mounted In Rough',
  'Mire',
  'Shifting Ground',
  'Friendly Holding',
  'Narrow Pass',
  'River Crossed',
  'Rough Terrain',
  'Castle Level',
  'Engineering',
  'Siegecraft',
  'Immunity',
  'Special Bonus',
  'Plan',
  'Roll',
];
const BATTLE_BOXES = BATTLE_HEADERS.filter(
  (h) => !['Battle', 'Side', 'Armies', 'Castle Level', 'Immunity', 'Plan', 'Roll'].includes(h),
);
const battles = (rows: readonly (Row | 'blank')[]) => range(BATTLE_HEADERS, rows, BATTLE_BOXES);

const isErr = (cell: unknown, column: string) =>
  typeof cell === 'string' && cell.startsWith('#ERR:') && cell.includes(column);

// ---- The armies of the worked battle.
// Avanil: Knights 7 (Mounted), 2 Archers 3 (Missile), 3 Infantry 3 (Melee) = 22 in 6 fighting units;
//   a Routed Infantry does not fight. Sir Aric: warrior 5 + Strategy 5 = 10. Base 32.
// Ghoere: 6 Infantry 3 (Melee) + 4 Levy 1 (Melee) = 22 in 10 units. Magus: wizard 4/2/1, 3 categories = 7. Base 29.
const ROSTER = units([
  lib('Knights', { Army: 'Avanil' }),
  lib('Archers', { Army: 'Avanil' }),
  lib('Archers', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil', Status: 'Routed' }),
  'blank',
  ...Array.from({ length: 6 }, () => lib('Infantry', { Army: 'Ghoere' })),
  ...Array.from({ length: 4 }, () => lib('Levy', { Army: 'Ghoere' })),
]);
const PEOPLE = characters([
  { Character: 'Sir Aric', Army: 'Avanil', Warrior: 5, Strategy: true },
  { Character: 'Magus', Army: 'Ghoere', Wizard: 5, 'Spell Slots': '4/2/1', Categories: 3 },
]);

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
      expect(isErr(out[i + 2]![0], column), `row ${i + 2}: ${String(out[i + 2]![0])}`).toBe(true);
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
    expect(() => UNITVALUE('Units!A1:V')).toThrow(/range/i);
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
    expect(isErr(out[9]![0], 'Hits')).toBe(true);
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
    expect(isErr(out[11]![0], 'Mercenary')).toBe(true);
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
    expect(isErr(out[7]![0], 'Wizard') || isErr(out[7]![0], 'Priest')).toBe(true);
    expect(out.slice(8, 11)).toEqual([[10], [8], [5]]);
    expect(isErr(out[11]![0], 'Categories')).toBe(true);
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

  it('a non-range units argument throws an Error', () => {
    expect(() => ARMYVALUE('Avanil', 22)).toThrow(/range/i);
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
const FORD_A: Row = {
  Battle: 'Ford',
  Side: 'Avanil',
  Armies: 'Avanil',
  'Beaten Foe': true,
  'Night Vision': true,
  Mire: true,
  'Narrow Pass': true,
  Siegecraft: true,
  Plan: 'Full charge',
  Roll: 80,
};
const FORD_B: Row = {
  Battle: 'Ford',
  Side: 'Ghoere',
  Armies: 'Ghoere',
  Defender: true,
  'Home Realm': true,
  'Night Vision': true,
  'Friendly Holding': true,
  'River Crossed': true,
  Engineering: true,
  Plan: 'Hold',
  Roll: 30,
};
const FORD_ROW_A = [32, 0.15, -10, 27, 3403 / 9917, 107, 'Won', 0.8, 18, 9, 9];
const FORD_ROW_B = [29, -0.18, 20, 44, 6514 / 9917, 74, 'Lost', 0.5, 11, 5, 6];

const HEADER = [
  'Base',
  'Percent',
  'Points',
  'Battle Value',
  'Win Chance',
  'Total',
  'Outcome',
  'Casualty Rate',
  'Casualties',
  'Routed',
  'Destroyed',
];

function expectRow(actual: unknown[] | undefined, expected: unknown[]) {
  expect(actual).toHaveLength(11);
  expected.forEach((e, i) => {
    if (typeof e === 'number' && !Number.isInteger(e)) expect(actual![i], HEADER[i]).toBeCloseTo(e, 12);
    else expect(actual![i], HEADER[i]).toEqual(e);
  });
}

describe('BATTLES', () => {
  it('the header row is exactly the contract', () => {
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE);
    expect(out[0]).toEqual(HEADER);
  });

  it('a complete worked battle, by hand from RULES.md', () => {
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE);
    expect(out).toHaveLength(3);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], FORD_ROW_B);
  });

  it('numbers typed as text and loosely written headers and words read the same', () => {
    const t = battles([
      { ...FORD_A, Roll: '80', Plan: 'FULL charge' },
      { ...FORD_B, Roll: ' 30', Plan: 'hold' },
    ]);
    t[0] = t[0]!.map((h) => String(h).toUpperCase().replace(/ /g, '_'));
    t[0]!.push('Notes');
    for (const row of t.slice(1)) row.push('whatever');
    const out = BATTLES(t, ROSTER, PEOPLE);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], FORD_ROW_B);
  });

  it('column order is free', () => {
    const t = battles([FORD_A, FORD_B]);
    const reversed = t.map((row) => [...row].reverse());
    const out = BATTLES(reversed, ROSTER, PEOPLE);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], FORD_ROW_B);
  });

  it('many battles in one call: blank rows, missing rolls, ties, No battle, pairing errors, bad rows', () => {
    // Pass (no plans): A 32 + 10% (diversity) = 35.2 → 35; B 29 - 8% (ratio +2, diversity -10) = 26.68 → 27.
    //   A wins when rollA - rollB > -8: 10000 - sum(100 - k, k = 8..99) = 10000 - 92 * 93 / 2 = 5722; ties 92.
    // Tie: the same sides; 35 + 50 = 85 = 27 + 58.
    // Bridge: Hold - Withdraw, no battle: Win Chance 0 at once, even without rolls.
    const out = BATTLES(
      battles([
        FORD_A,
        'blank',
        { Battle: 'Pass', Side: 'Avanil', Armies: 'Avanil', Roll: 50 },
        { Battle: 'Solo', Side: 'Avanil', Armies: 'Avanil' },
        { Battle: 'Pass', Side: 'Ghoere', Armies: 'Ghoere' },
        { Battle: 'Tie', Side: 'Avanil', Armies: 'Avanil', Roll: 50 },
        { Battle: 'Tie', Side: 'Ghoere', Armies: 'Ghoere', Roll: 58 },
        { Battle: 'Bridge', Side: 'Avanil', Armies: 'Avanil', Plan: 'Hold' },
        { Battle: 'Bridge', Side: 'Ghoere', Armies: 'Ghoere', Plan: 'Withdraw' },
        { Battle: 'Triple', Armies: 'Avanil' },
        { Battle: 'Triple', Armies: 'Ghoere' },
        { Battle: 'Triple', Armies: 'Ghoere' },
        { Battle: 'Odd', Armies: 'Avanil', Roll: 101 },
        { Battle: 'Odd', Armies: 'Ghoere', 'Castle Level': 'high' },
        FORD_B,
      ]),
      ROSTER,
      PEOPLE,
    );
    expect(out).toHaveLength(16);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], Array(11).fill(''));
    const passA = [32, 0.1, 0, 35, 5722 / 9908, '', '', '', '', '', ''];
    const passB = [29, -0.08, 0, 27, 4186 / 9908, '', '', '', '', '', ''];
    expectRow(out[3], passA); // only one roll in: the result columns stay blank
    expectRow(out[5], passB);
    expect(isErr(out[4]![0], 'two rows')).toBe(true);
    expectRow(out[6], [32, 0.1, 0, 35, 5722 / 9908, 85, 'Tie: reroll', '', '', '', '']);
    expectRow(out[7], [29, -0.08, 0, 27, 4186 / 9908, 85, 'Tie: reroll', '', '', '', '']);
    for (const row of [out[8]!, out[9]!]) {
      expect(row[4]).toBe(0);
      expect(row[6]).toBe('No battle');
      expect([row[5], row[7], row[8], row[9], row[10]]).toEqual(['', '', '', '', '']);
    }
    for (const row of [out[10]!, out[11]!, out[12]!]) expect(isErr(row[0], 'two rows')).toBe(true);
    expect(isErr(out[13]![0], 'Roll')).toBe(true);
    expect(isErr(out[14]![0], 'Castle Level')).toBe(true);
    expectRow(out[15], FORD_ROW_B);
  });

  it('No battle is shown even when both rolls are in', () => {
    const out = BATTLES(
      battles([
        { Battle: 'Bridge', Armies: 'Avanil', Plan: 'Withdraw', Roll: 90 },
        { Battle: 'Bridge', Armies: 'Ghoere', Plan: 'Withdraw', Roll: 10 },
      ]),
      ROSTER,
    );
    for (const row of out.slice(1)) {
      expect(row[4]).toBe(0);
      expect(row[6]).toBe('No battle');
      expect([row[5], row[7], row[8], row[9], row[10]]).toEqual(['', '', '', '', '']);
    }
  });

  it('D-11 D-12 settings: troop ratio by value, terrain modifiers as percent', () => {
    // By value: bases 32 : 29 = 1.10, no troop ratio. Terrain as percent: A's Mire -10% and B's 20 points → 20%.
    // A: 5 + 10 - 10 = 5% → 32 + 1.6 = 33.6 → 34. B: 5 - 10 - 15 + 5 + 15 = 0% → 29.
    // Win chance: A wins when rollA - rollB > -5: 10000 - sum(100 - k, k = 5..99) = 10000 - 95 * 96 / 2 = 5440;
    //   ties 95; B 10000 - 5440 - 95 = 4465.
    // Totals 34 + 80 = 114, 29 + 30 = 59: by 55 → 40% / 40%. A 40 + 20 = 60% of 22 = 13.2 → 13;
    //   B 40% of 22 = 8.8 → 9; attrition 40% of 9 = 3.6 → 4 < 13. A 13 → 6 / 7; B 9 → 4 / 5.
    const settings = [
      ['Setting', 'Value'],
      ['Troop Ratio By', 'Value'],
      ['terrain-modifiers as', 'percent'],
    ];
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE, settings);
    expectRow(out[1], [32, 0.05, 0, 34, 5440 / 9905, 114, 'Won', 0.6, 13, 6, 7]);
    expectRow(out[2], [29, 0, 0, 29, 4465 / 9905, 59, 'Lost', 0.4, 9, 4, 5]);
  });

  it('settings left blank give the defaults', () => {
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE, '');
    expectRow(out[1], FORD_ROW_A);
  });

  it('Immunity, Special Bonus, castle assault with artillerists and castle levels', () => {
    // Keep: 2 Infantry + 1 Archers (Ghoere2), Castle Level 2 (+6), defender. Siege: 2 Artillerists + 2 Infantry
    //   (Siege2) with Engineering (+2), Siegecraft (+5) and 2 artillerist units (+4) = 11 points.
    // Siege base 3 + 3 + 3 + 3 = 12; percent: 4 : 3 = 1.33 no ratio; diversity first types Artillery, Melee: 0;
    //   Immunity 10% +20; Special Bonus +10 → 30%. 12 + 3.6 + 11 = 26.6 → 27.
    // Keep base 3 + 3 + 3 = 9; diversity 0 (Melee, Missile); Immunity "Complete" +50%: 9 + 4.5 + 6 = 19.5 → 20.
    const roster = units([
      lib('Artillerists', { Army: 'Siege2' }),
      lib('Artillerists', { Army: 'Siege2' }),
      lib('Infantry', { Army: 'Siege2' }),
      lib('Infantry', { Army: 'Siege2' }),
      lib('Infantry', { Army: 'Ghoere2' }),
      lib('Infantry', { Army: 'Ghoere2' }),
      lib('Archers', { Army: 'Ghoere2' }),
    ]);
    const out = BATTLES(
      battles([
        {
          Battle: 'Keep',
          Armies: 'Siege2',
          Engineering: true,
          Siegecraft: true,
          Immunity: '10%',
          'Special Bonus': true,
        },
        { Battle: 'Keep', Armies: 'Ghoere2', Defender: true, 'Castle Level': '2', Immunity: 'complete' },
      ]),
      roster,
    );
    expect(out[1]!.slice(0, 4)).toEqual([12, 0.3, 11, 27]);
    expect(out[2]!.slice(0, 4)).toEqual([9, 0.5, 6, 20]);
  });

  it('Immunity typed as 10% arrives as the number 0.1 and means the 10% immunity', () => {
    const out = BATTLES(
      battles([
        { Battle: 'Keep', Armies: 'Avanil', Immunity: 0.1 },
        { Battle: 'Keep', Armies: 'Ghoere' },
      ]),
      ROSTER,
    );
    // A: 10 (diversity) + 20 = 30%.
    expect(out[1]![1]).toBeCloseTo(0.3, 12);
  });

  it('two rows per battle are enforced: one or three rows with a name are #ERR: rows', () => {
    const out = BATTLES(
      battles([
        { Battle: 'Alone', Armies: 'Avanil' },
        { Battle: 'Crowd', Armies: 'Avanil' },
        { Battle: 'Crowd', Armies: 'Ghoere' },
        { Battle: 'Crowd', Armies: 'Ghoere' },
      ]),
      ROSTER,
    );
    for (const row of out.slice(1)) {
      expect(String(row[0])).toMatch(/^#ERR:/);
      expect(row.slice(1)).toEqual(Array(10).fill(''));
    }
  });

  it('D-10 a battle value never below 0; attrition shows in the points only, not in the Casualty Rate', () => {
    // Heroes: Knights 7 (Mounted, alone: diversity -10%); Hero warrior 20 + Strategy 5 + Battlewise 20 commanded
    //   = 45. Base 52; 52 - 5.2 = 46.8 → 47.
    // Ghoere: base 29; troop ratio 10 : 1 → +30%, diversity -10% → +20%; Unfavorable -10, Mire -10,
    //   Shifting Ground -5, Mounted In Rough -10 → -35 points. 29 + 5.8 - 35 = -0.2 → 0 (never below 0).
    // Win chance: A wins when rollA - rollB > -47: 10000 - sum(100 - k, k = 47..99) = 10000 - 53 * 54 / 2 = 8569;
    //   ties 53; B 10000 - 8569 - 53 = 1378.
    // Rolls 60 and 1: 107 against 1, by 106 → row 96-110: winner 20%, loser 70%.
    // Heroes: 20% of 7 = 1.4 → 1, but at least 20% of Ghoere's 70% of 22 = 15.4 → 15, i.e. 3 (within its 7).
    // Routed / destroyed: Heroes 3 → 1 / 2; Ghoere 15 → 7 / 8.
    const roster = [...ROSTER, units([lib('Knights', { Army: 'Heroes' })])[1]!];
    const people = [
      ...PEOPLE,
      characters([
        { Character: 'Hero', Army: 'Heroes', Warrior: 20, Strategy: true, Battlewise: true, Commands: 20 },
      ])[1]!,
    ];
    const out = BATTLES(
      battles([
        { Battle: 'Rout', Armies: 'Heroes', Roll: 60 },
        {
          Battle: 'Rout',
          Armies: 'Ghoere',
          Unfavorable: true,
          Mire: true,
          'Shifting Ground': true,
          'Mounted In Rough': true,
          Roll: 1,
        },
      ]),
      roster,
      people,
    );
    expectRow(out[1], [52, -0.1, 0, 47, 8569 / 9947, 107, 'Won', 0.2, 3, 1, 2]);
    expectRow(out[2], [29, 0.2, -35, 0, 1378 / 9947, 1, 'Lost', 0.7, 15, 7, 8]);
  });

  it("D-7 in a battle: exactly half of the enemy's fighting units spell immune (header spell-immune) cuts a caster by 25%; turning counts enemy undead", () => {
    // Avanil: Knights and both Archers immune: 3 of its 6 fighting units (the Routed Infantry does not count;
    //   with it, 3 of 7 would be under half). Ghoere's Magus: 4/2/1 slots, 3 categories, 1 War spell = 8 → 6.
    // Ghoere's 4 Levy are undead: Avanil's paladin (warrior 4, turns undead) gives 4 + 4 = 8.
    // Bases: Avanil 22 + 8 = 30; Ghoere 22 + 6 = 28.
    const roster = units([
      lib('Knights', { Army: 'Avanil', 'Spell Immune': true }),
      lib('Archers', { Army: 'Avanil', 'Spell Immune': true }),
      lib('Archers', { Army: 'Avanil', 'Spell Immune': true }),
      lib('Infantry', { Army: 'Avanil' }),
      lib('Infantry', { Army: 'Avanil' }),
      lib('Infantry', { Army: 'Avanil' }),
      lib('Infantry', { Army: 'Avanil', Status: 'Routed' }),
      ...Array.from({ length: 6 }, () => lib('Infantry', { Army: 'Ghoere' })),
      ...Array.from({ length: 4 }, () => lib('Levy', { Army: 'Ghoere', Undead: true })),
    ]);
    roster[0] = roster[0]!.map((h) =>
      h === 'Spell Immune' ? 'spell-immune' : h === 'Undead' ? 'UNDEAD' : h,
    );
    const people = characters([
      { Character: 'Paladin', Army: 'Avanil', Warrior: 4, 'Turns Undead': true },
      {
        Character: 'Magus',
        Army: 'Ghoere',
        Wizard: 5,
        'Spell Slots': '4/2/1',
        Categories: 3,
        'War Spells': 1,
      },
    ]);
    const out = BATTLES(
      battles([
        { Battle: 'Ford', Armies: 'Avanil' },
        { Battle: 'Ford', Armies: 'Ghoere' },
      ]),
      roster,
      people,
    );
    expect(out[1]![0]).toBe(30);
    expect(out[2]![0]).toBe(28);
    // The standing bonuses leave both out.
    expect(CHARACTERVALUE(people, roster)).toEqual([['Bonus'], [4], [8]]);
  });

  it('allied armies on one side add up; a bad unit row of an army not in the battle breaks nothing', () => {
    const roster = [
      ...ROSTER,
      units([lib('Knights', { Army: 'Heroes' })])[1]!,
      units([lib('Archers', { Army: 'Elsewhere', Hits: 'x' })])[1]!,
    ];
    const people = [
      ...PEOPLE,
      characters([
        { Character: 'Hero', Army: 'Heroes', Warrior: 20, Strategy: true, Battlewise: true, Commands: 20 },
      ])[1]!,
    ];
    const out = BATTLES(
      battles([
        { ...FORD_A, Armies: 'Avanil, Heroes' },
        FORD_B,
        { Battle: 'Far', Armies: 'Elsewhere' },
        { Battle: 'Far', Armies: 'Heroes' },
      ]),
      roster,
      people,
    );
    // Avanil 32 + Heroes (7 + 45) = 84.
    expect(out[1]![0]).toBe(84);
    expect(typeof out[2]![3]).toBe('number');
    expect(isErr(out[3]![0], 'Hits')).toBe(true);
  });

  it('a missing required header throws an Error naming it', () => {
    const t = battles([FORD_A, FORD_B]);
    const noArmies = t.map((row) => row.filter((_, i) => i !== 2));
    expect(() => BATTLES(noArmies, ROSTER)).toThrow(/Armies/);
    const noBattle = t.map((row) => row.slice(1));
    expect(() => BATTLES(noBattle, ROSTER)).toThrow(/"Battle"/);
  });

  it('a non-range argument throws an Error saying what to fix', () => {
    expect(() => BATTLES('Ford', ROSTER)).toThrow(/range/i);
    expect(() => BATTLES(battles([FORD_A, FORD_B]), 'Avanil')).toThrow(/range/i);
  });

  it('blank rows (unticked checkboxes filled down) give blank rows', () => {
    const out = BATTLES(battles(['blank', 'blank']), ROSTER);
    expect(out).toEqual([HEADER, Array(11).fill(''), Array(11).fill('')]);
  });
});

describe('RESOLVEBATTLE', () => {
  it('the worked battle: winner, difference, rates, casualty points', () => {
    expect(RESOLVEBATTLE(27, 44, 80, 30, 22, 22, 'Full charge', 'Hold')).toEqual([
      ['A', 33, 0.8, 0.5, 18, 11],
    ]);
  });

  it('D-15 70% of 45 is 31.5 → 32', () => {
    // 50 + 50 against 45 + 50: A by 5 → 70% / 30%. A 70% of 45 = 31.5 → 32; B 30% of 40 = 12.
    expect(RESOLVEBATTLE(50, 45, 50, 50, 45, 40)).toEqual([['A', 5, 0.7, 0.3, 32, 12]]);
  });

  it('B can win: the row still lists side A first', () => {
    expect(RESOLVEBATTLE(45, 50, 50, 50, 40, 45)).toEqual([['B', 5, 0.3, 0.7, 12, 32]]);
  });

  it("attrition: the winner loses at least 20% of the loser's points", () => {
    // By 290 → 5% / 80%: A 5% of 40 = 2; B 80% of 50 = 40; 20% of 40 = 8.
    expect(RESOLVEBATTLE(300, 10, 50, 50, 40, 50)).toEqual([['A', 290, 0.05, 0.8, 8, 40]]);
  });

  it("Hold against No plan, winning: rate 5% - 10 → 0% (clamped), at least 10% of the loser's points", () => {
    expect(RESOLVEBATTLE(300, 10, 50, 50, 40, 50, 'Hold', '')).toEqual([['A', 290, 0, 0.8, 4, 40]]);
    expect(RESOLVEBATTLE(300, 10, 50, 50, 40, 50, 'Hold', 'No plan')).toEqual([['A', 290, 0, 0.8, 4, 40]]);
  });

  it("attrition never more than the winner's units are worth", () => {
    expect(RESOLVEBATTLE(300, 10, 50, 50, 3, 100)).toEqual([['A', 290, 0.05, 0.8, 3, 80]]);
  });

  it('rates clamp at 100%: a withdrawing loser (Cas +30) at 80%', () => {
    // Withdraw - Full charge: Withdraw Cas +30%, Full charge BV +10% (already in the battle values).
    expect(RESOLVEBATTLE(10, 300, 50, 50, 20, 20, 'Withdraw', 'Full charge')).toEqual([
      ['B', 290, 1, 0.05, 20, 4],
    ]);
  });

  it('D-14 a difference of 401 is the 400+ row', () => {
    expect(RESOLVEBATTLE(400, 0, 1, 1, 10, 10)[0]!.slice(0, 4)).toEqual(['A', 400, 0.05, 0.9]);
    expect(RESOLVEBATTLE(401, 0, 1, 1, 10, 10)[0]!.slice(0, 4)).toEqual(['A', 401, 0.05, 1]);
  });

  it('D-13 a tie: Tie, and no rates or points', () => {
    const [row] = RESOLVEBATTLE(40, 40, 50, 50, 20, 20);
    expect(row![0]).toBe('Tie');
    expect(row!.slice(2)).toEqual(['', '', '', '']);
  });

  it('No battle when the plans rule it out', () => {
    const [row] = RESOLVEBATTLE(40, 20, 50, 50, 20, 20, 'Hold', 'Withdraw');
    expect(row![0]).toBe('No battle');
    expect(row!.slice(2)).toEqual(['', '', '', '']);
  });

  it('the points stay blank without the units', () => {
    expect(RESOLVEBATTLE(50, 45, 50, 50)).toEqual([['A', 5, 0.7, 0.3, '', '']]);
  });

  it('numbers typed as text are read as numbers', () => {
    expect(RESOLVEBATTLE('50', '45', '50', '50', '45', '40')).toEqual([['A', 5, 0.7, 0.3, 32, 12]]);
  });

  it('bad arguments throw an Error naming the argument and what it must be', () => {
    expect(() => RESOLVEBATTLE(50, 45, 0, 50)).toThrow(/rollA/);
    expect(() => RESOLVEBATTLE(50, 45, 50, 101)).toThrow(/rollB/);
    expect(() => RESOLVEBATTLE(50, 45, 'x', 50)).toThrow(/rollA/);
    expect(() => RESOLVEBATTLE(-1, 45, 50, 50)).toThrow(/valueA/);
    expect(() => RESOLVEBATTLE(50, 'lots', 50, 50)).toThrow(/valueB/);
    expect(() => RESOLVEBATTLE(50, 45, 50, 50, -3, 10)).toThrow(/unitsA/);
    expect(() => RESOLVEBATTLE(50, 45, 50, 50, 10, 10, 'Charge!')).toThrow(/planA/);
    expect(() => RESOLVEBATTLE([[50, 60]], 45, 50, 50)).toThrow(/valueA/);
  });
});

describe('BATTLEODDS', () => {
  it("side A's chance to win, ties rolled again (the worked battle: 3403 / 9917)", () => {
    expect(BATTLEODDS(27, 44)).toBeCloseTo(3403 / 9917, 14);
    expect(BATTLEODDS(44, 27)).toBeCloseTo(6514 / 9917, 14);
    expect(BATTLEODDS(50, 50)).toBe(0.5);
    expect(BATTLEODDS(200, 50)).toBe(1);
    expect(BATTLEODDS(50, 200)).toBe(0);
  });

  it('0 when the plans make it no battle; other plans do not change the chance', () => {
    expect(BATTLEODDS(80, 20, 'Hold', 'Hold')).toBe(0);
    expect(BATTLEODDS(80, 20, 'withdraw', 'HOLD')).toBe(0);
    expect(BATTLEODDS(27, 44, 'Full charge', 'Hold')).toBeCloseTo(3403 / 9917, 14);
  });

  it('numbers typed as text', () => {
    expect(BATTLEODDS('27', '44')).toBeCloseTo(3403 / 9917, 14);
  });

  it('bad arguments throw an Error naming them', () => {
    expect(() => BATTLEODDS('', 44)).toThrow(/valueA/);
    expect(() => BATTLEODDS(27, 4.5)).toThrow(/valueB/);
    expect(() => BATTLEODDS(27, 44, 'Ambush')).toThrow(/planA/);
    expect(() => BATTLEODDS(27, 44, '', 'Ambush')).toThrow(/planB/);
  });
});

describe('TROOPRATIO', () => {
  it.each([
    [149, 100, 0],
    [150, 100, 0.02],
    [3, 2, 0.02],
    [2, 1, 0.04],
    [3, 1, 0.06],
    [4, 1, 0.08],
    [5, 1, 0.1],
    [6, 1, 0.15],
    [7, 1, 0.2],
    [8, 1, 0.3],
    [10, 1, 0.3],
    [11, 1, 0.4],
    [15, 1, 0.4],
    [16, 1, 0.5],
    [2, 3, 0],
    [5, 5, 0],
  ])('TROOPRATIO(%s, %s) = %s', (a, b, fraction) => {
    expect(TROOPRATIO(a, b)).toBeCloseTo(fraction, 14);
  });

  it('sizes typed as text', () => {
    expect(TROOPRATIO('16', '1')).toBeCloseTo(0.5, 14);
  });

  it('by value: base army values with a quarter (a magic-resisted caster) compare exactly', () => {
    // 30.75 : 20.5 = 1.5 exactly.
    expect(TROOPRATIO(30.75, 20.5)).toBeCloseTo(0.02, 14);
    expect(TROOPRATIO(30.5, 20.5)).toBe(0);
  });

  it('decimal sizes at a row boundary: 3.3 : 1.1 is exactly 3 : 1 (includes a), so +6%', () => {
    // In binary floating point 3 * 1.1 = 3.3000000000000003 > 3.3; the ratio is still exactly 3.
    expect(TROOPRATIO(3.3, 1.1)).toBeCloseTo(0.06, 14);
    expect(TROOPRATIO(0.3, 0.1)).toBeCloseTo(0.06, 14);
  });

  it('bad sizes throw an Error naming them', () => {
    expect(() => TROOPRATIO(-1, 3)).toThrow(/sizeA/);
    expect(() => TROOPRATIO(3, 'many')).toThrow(/sizeB/);
  });
});

describe('TACTICS', () => {
  it('the effects as text, both ways round', () => {
    expect(TACTICS('Full charge', 'Normal attack')).toEqual([['Cas +20%', 'BV -10%']]);
    expect(TACTICS('Normal attack', 'Full charge')).toEqual([['BV -10%', 'Cas +20%']]);
    expect(TACTICS('Encircle', 'No plan')).toEqual([['-', 'Cas +30%']]);
    expect(TACTICS('Withdraw', 'Encircle')).toEqual([['Cas -10%', 'BV +5%']]);
  });

  it('No battle', () => {
    expect(TACTICS('Hold', 'Withdraw')).toEqual([['No battle', 'No battle']]);
    expect(TACTICS('Withdraw', 'Hold')).toEqual([['No battle', 'No battle']]);
  });

  it('blank means No plan; No plan against No plan has no effect', () => {
    expect(TACTICS('', '')).toEqual([['-', '-']]);
    expect(TACTICS('No plan', '')).toEqual([['-', '-']]);
    expect(TACTICS('', 'Hold')).toEqual([['-', 'Cas -10%']]);
  });

  it('plan names match loosely', () => {
    expect(TACTICS('full-charge', 'NORMAL ATTACK')).toEqual([['Cas +20%', 'BV -10%']]);
  });

  it('an unknown plan throws an Error naming the argument and the plans', () => {
    expect(() => TACTICS('Ambush', 'Hold')).toThrow(/planA.*Full charge/);
    expect(() => TACTICS('Hold', 'Ambush')).toThrow(/planB/);
  });
});
