// SHEETS.md "Numbers": every formula, fed the bad values of issue #10 in a number cell or argument, gives the
// documented #ERR: row (the other rows as they were) or throws the documented message; nothing throws for the table.
import { describe, expect, it } from 'vitest';
import { at } from '../at';
import { BATTLES } from '../../src/sheets/battle-formulas';
import { ARMYVALUE, CHARACTERVALUE, MUSTERCOST, UNITVALUE, UPKEEP } from '../../src/sheets/roster-formulas';
import { rangeOf, type NumberRange, numberCell } from '../../src/contract/numbers';
import { BATTLEODDS, RESOLVEBATTLE, TACTICS, TROOPRATIO } from '../../src/sheets/scalar-formulas';
import { RowError, TableError } from '../../src/contract/errors';

const long = 'x'.repeat(100_000);
const cutTo60 = `"${'x'.repeat(59)}…"`;

const HITS = rangeOf('Hits');
const FORCE_SIZE: NumberRange = { min: 0, max: 1e12, whole: false };

/** The message numberCell throws, or the number it reads. */
function read(cell: unknown, range: NumberRange = HITS, field = 'Hits'): number | string | undefined {
  try {
    return numberCell(cell, field, range);
  } catch (e) {
    if (e instanceof RowError) return e.message;
    throw e;
  }
}

describe('numberCell: what a number cell may hold', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 12 ', 12],
    ['\t7\n', 7],
    ['007', 7],
    ['3.0', 3],
    [1000, 1000],
    [1, 1],
  ])('reads %j as %s', (cell, n) => {
    expect(read(cell)).toBe(n);
  });

  it.each([
    ['-0', 0],
    [-0, 0],
    ['2.5', 2.5],
    ['-0.0', 0],
    ['1000000000000', 1e12],
  ])('a non-whole range reads %j as %s, and -0 as 0', (cell, n) => {
    expect(Object.is(read(cell, FORCE_SIZE, 'sizeA'), n)).toBe(true);
  });

  it.each([
    ['1e+308', 1e308],
    ['9007199254740992', 2 ** 53],
    ['"9007199254740993"', '9007199254740993'],
    ['"0x10"', '0x10'],
    ['"0b11"', '0b11'],
    ['"0o7"', '0o7'],
    ['"$100"', '$100'],
    ['"12 ft"', '12 ft'],
    ['"1e3"', '1e3'],
    ['"1e3x"', '1e3x'],
    ['"Infinity"', 'Infinity'],
    ['"NaN"', 'NaN'],
    ['"+3"', '+3'],
    ['".5"', '.5'],
    ['"5."', '5.'],
    ['"1,000"', '1,000'],
    ['"1 000"', '1 000'],
    ['"-"', '-'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['TRUE', true],
    ['a date', new Date(2024, 0, 5)],
    ['2.5', 2.5],
    ['"2.5"', '2.5'],
    ['0', 0],
    ['1001', 1001],
    ['-1', -1],
    [cutTo60, long],
  ])('rejects the cell shown as %s, naming the field and the value', (shown, cell) => {
    expect(read(cell)).toBe(`Hits must be a whole number from 1 to 1,000 (got ${shown})`);
  });

  it('a non-whole range still rejects what is not a plain decimal number or out of range', () => {
    expect(read('1e3', FORCE_SIZE, 'sizeA')).toBe(
      'sizeA must be a number from 0 to 1,000,000,000,000 (got "1e3")',
    );
    expect(read(1e12 + 1, FORCE_SIZE, 'sizeA')).toBe(
      'sizeA must be a number from 0 to 1,000,000,000,000 (got 1000000000001)',
    );
  });

  it('blank: undefined, the default, or an error when required', () => {
    for (const blank of ['', '   ', null, undefined]) {
      expect(numberCell(blank, 'Hits', HITS)).toBeUndefined();
      expect(numberCell(blank, 'Move', rangeOf('Move'), 0)).toBe(0);
      expect(() => numberCell(blank, 'Hits', HITS, 'required')).toThrow(
        new RowError('Hits is required: a whole number from 1 to 1,000'),
      );
    }
  });
});

/** Each bad value of issue #10 and how a message shows it. */
const BAD: readonly (readonly [shown: string, cell: unknown])[] = [
  ['1e+308', 1e308],
  ['9007199254740992', 2 ** 53],
  ['"9007199254740993"', '9007199254740993'],
  ['"0x10"', '0x10'],
  ['"0b11"', '0b11'],
  ['"$100"', '$100'],
  ['"12 ft"', '12 ft'],
  ['"1e3x"', '1e3x'],
  ['"1e3"', '1e3'],
  ['"Infinity"', 'Infinity'],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['TRUE', true],
  ['a date', new Date(2024, 0, 5)],
  [cutTo60, long],
];

// ---- Units, characters and battles: a good row, the bad one, a good row.

const UNIT = ['Unit', 'Army', 'Role', 'Move', 'Melee', 'Missile', 'Defense', 'Charge', 'Morale', 'Hits'];
const UNIT_MORE = ['Specials', 'Special Moves', 'Realm Spells', 'Override', 'Status'];
const UNIT_HEADERS = [...UNIT, ...UNIT_MORE];
// Knights: value 7, muster 6 GB, upkeep 2 GB. Levy: value 1, muster 2, upkeep 1.
const KNIGHTS = ['Knights', 'Avanil', 'Mounted', 2, 4, 0, 4, 6, 3, 3, 0, 0, 0, '', ''];
const LEVY = ['Levy', 'Ghoere', 'Melee', 1, 2, 0, 1, 0, 1, 2, 0, 0, 0, '', 'Ready'];
const withCell = (row: readonly unknown[], header: string, cell: unknown) =>
  row.map((c, i) => (UNIT_HEADERS[i] === header ? cell : c));

/** Every number column of Units and the range SHEETS.md gives it. */
const UNIT_RANGES: readonly (readonly [string, string])[] = [
  ['Move', 'from 0 to 1,000'],
  ['Melee', 'from 0 to 1,000'],
  ['Missile', 'from 0 to 1,000'],
  ['Defense', 'from 0 to 1,000'],
  ['Charge', 'from 0 to 1,000'],
  ['Morale', 'from 1 to 1,000'],
  ['Hits', 'from 1 to 1,000'],
  ['Specials', 'from 0 to 1,000'],
  ['Special Moves', 'from 0 to 1,000'],
  ['Realm Spells', 'from 0 to 1,000'],
  ['Override', 'from 1 to 1,000,000'],
];
const unitCases = UNIT_RANGES.flatMap(([column, range]) =>
  BAD.map(([shown, cell]) => [column, shown, cell, range] as const),
);

describe.each([
  ['UNITVALUE', UNITVALUE, 'Value', 7, 1],
  ['MUSTERCOST', MUSTERCOST, 'Muster', 6, 2],
  ['UPKEEP', UPKEEP, 'Upkeep', 2, 1],
] as const)('%s', (_, formula, header, knights, levy) => {
  it.each(unitCases)(
    '%s %s: that row is #ERR:, the others keep their values',
    (column, shown, cell, range) => {
      const out = formula([UNIT_HEADERS, KNIGHTS, withCell(KNIGHTS, column, cell), LEVY]);
      expect(out).toEqual([
        [header],
        [knights],
        [`#ERR: ${column} must be a whole number ${range} (got ${shown})`],
        [levy],
      ]);
    },
  );

  it('just past each end of a range is bad, each end itself is good', () => {
    const out = formula([
      UNIT_HEADERS,
      withCell(KNIGHTS, 'Hits', 1000),
      withCell(KNIGHTS, 'Hits', 1001),
      withCell(KNIGHTS, 'Override', 1_000_000),
      withCell(KNIGHTS, 'Override', 1_000_001),
      withCell(KNIGHTS, 'Override', 0),
    ]);
    expect(out[2]).toEqual(['#ERR: Hits must be a whole number from 1 to 1,000 (got 1001)']);
    expect(out[4]).toEqual(['#ERR: Override must be a whole number from 1 to 1,000,000 (got 1000001)']);
    expect(out[5]).toEqual(['#ERR: Override must be a whole number from 1 to 1,000,000 (got 0)']);
    expect(typeof out[1]?.[0]).toBe('number');
    expect(typeof out[3]?.[0]).toBe('number');
  });
});

const CHARACTER_HEADERS = ['Character', 'Army', 'Warrior', 'Rogue', 'Wizard', 'Priest', 'Battlewise'];
const CHARACTER_MORE = ['Commands', 'Spell Slots', 'Categories', 'Research', 'D Spells', 'War Spells'];
const PEOPLE_HEADERS = [...CHARACTER_HEADERS, ...CHARACTER_MORE];
// Sir Aric: warrior 5 = +5. Magus: wizard 5 with 4/2/1 slots = 7, 3 categories add nothing (RULES 3.1).
const ARIC = ['Sir Aric', 'Avanil', 5, 0, 0, 0, false, '', '', 0, 0, 0, 0];
const MAGUS = ['Magus', 'Ghoere', 0, 0, 5, 0, false, '', '4/2/1', 3, 0, 0, 0];
const characterWith = (header: string, cell: unknown) =>
  ARIC.map((c, i) => (PEOPLE_HEADERS[i] === header ? cell : c));
const CHARACTER_RANGES: readonly (readonly [string, string])[] = [
  ['Warrior', 'from 0 to 100'],
  ['Rogue', 'from 0 to 100'],
  ['Wizard', 'from 0 to 100'],
  ['Priest', 'from 0 to 100'],
  ['Commands', 'from 0 to 1,000,000'],
  ['Categories', 'from 0 to 8'],
  ['Research', 'from 0 to 1,000'],
  ['D Spells', 'from 0 to 1,000'],
  ['War Spells', 'from 0 to 1,000'],
];

describe('CHARACTERVALUE', () => {
  const cases = CHARACTER_RANGES.flatMap(([column, range]) =>
    BAD.map(([shown, cell]) => [column, shown, cell, range] as const),
  );
  it.each(cases)('%s %s: that row is #ERR:, the others keep their values', (column, shown, cell, range) => {
    const out = CHARACTERVALUE([PEOPLE_HEADERS, ARIC, characterWith(column, cell), MAGUS]);
    expect(out).toEqual([
      ['Bonus'],
      [5],
      [`#ERR: ${column} must be a whole number ${range} (got ${shown})`],
      [7],
    ]);
  });

  it.each([
    ['0x10/2', '"0x10/2"'],
    ['4/$2', '"4/$2"'],
    ['4/1e3', '"4/1e3"'],
    ['4/1001', '"4/1001"'],
    ['4//1', '"4//1"'],
    [long, cutTo60],
  ])('Spell Slots %j: each level a whole number from 0 to 1,000', (cell, shown) => {
    const magus = MAGUS.map((c, i) => (PEOPLE_HEADERS[i] === 'Spell Slots' ? cell : c));
    expect(CHARACTERVALUE([PEOPLE_HEADERS, ARIC, magus, MAGUS])).toEqual([
      ['Bonus'],
      [5],
      [`#ERR: Spell Slots must be a whole number from 0 to 1,000 per spell level, like 4/2/1 (got ${shown})`],
      [7],
    ]);
  });

  it('Spell Slots at the top of the range: 1000/1000 counts 2,000 slots', () => {
    const magus = MAGUS.map((c, i) => (PEOPLE_HEADERS[i] === 'Spell Slots' ? '1000/1000' : c));
    expect(CHARACTERVALUE([PEOPLE_HEADERS, magus])).toEqual([['Bonus'], [2000]]);
  });
});

describe('ARMYVALUE', () => {
  it.each(BAD)(
    'a unit with Hits %s: the army that holds it is #ERR:, another army keeps its value',
    (shown, cell) => {
      const roster = [UNIT_HEADERS, KNIGHTS, withCell(KNIGHTS, 'Unit', 'Bad'), LEVY];
      roster[2] = withCell(at(roster, 2), 'Hits', cell);
      expect(ARMYVALUE('Avanil', roster)).toBe(
        `#ERR: units row 3 (Bad): Hits must be a whole number from 1 to 1,000 (got ${shown})`,
      );
      expect(ARMYVALUE('Ghoere', roster)).toBe(1);
    },
  );

  it.each(BAD)('a character with Warrior %s: #ERR:, another army keeps its value', (shown, cell) => {
    const people = [PEOPLE_HEADERS, characterWith('Warrior', cell), MAGUS];
    expect(ARMYVALUE('Avanil', [UNIT_HEADERS, KNIGHTS, LEVY], people)).toBe(
      `#ERR: characters row 2 (Sir Aric): Warrior must be a whole number from 0 to 100 (got ${shown})`,
    );
    expect(ARMYVALUE('Ghoere', [UNIT_HEADERS, KNIGHTS, LEVY], people)).toBe(8);
  });
});

// ---- BATTLES: two battles; a bad cell breaks its own battle only.

const BATTLE_HEADERS = ['Battle', 'Side', 'Armies', 'Defender', 'Castle Level', 'Plan', 'Roll'];
const ROSTER = [
  UNIT_HEADERS,
  KNIGHTS,
  LEVY,
  withCell(LEVY, 'Army', 'Brosengae'),
  withCell(KNIGHTS, 'Army', 'Roesone'),
];
const FORD = [
  ['Ford', 'A', 'Avanil', false, '', 'No plan', 60],
  ['Ford', 'B', 'Ghoere', true, 2, 'No plan', 40],
];
const HILL = [
  ['Hill', 'A', 'Brosengae', false, '', 'No plan', 10],
  ['Hill', 'B', 'Roesone', true, 0, 'No plan', 90],
];
const battleWith = (header: string, cell: unknown) => [
  at(FORD, 0),
  at(FORD, 1).map((c, i) => (BATTLE_HEADERS[i] === header ? cell : c)),
];
const blanks = Array.from({ length: 10 }, () => '');

describe('BATTLES', () => {
  const good = BATTLES([BATTLE_HEADERS, ...FORD, ...HILL], ROSTER);

  it('the fixture computes (the rows the bad values must leave alone)', () => {
    expect(good.slice(1).map((row) => row.slice(5, 7))).toEqual([
      [66, 'Won'],
      [47, 'Lost'],
      [11, 'Lost'],
      [96, 'Won'],
    ]);
  });

  it.each([
    ['Roll', 'from 1 to 100'],
    ['Castle Level', 'from 0 to 100'],
  ])(
    '%s: every bad value gives #ERR: on both rows of its battle; the other battle is unchanged',
    (column, range) => {
      for (const [shown, cell] of BAD) {
        const out = BATTLES([BATTLE_HEADERS, ...battleWith(column, cell), ...HILL], ROSTER);
        const message = `${column} must be a whole number ${range} (got ${shown})`;
        expect(out[2]).toEqual([`#ERR: ${message}`, ...blanks]);
        expect(out[1]).toEqual([
          `#ERR: the other side of battle "Ford" (row 3) is bad: ${message}`,
          ...blanks,
        ]);
        expect(out.slice(3)).toEqual(good.slice(3));
      }
    },
  );

  it.each(BAD)(
    'a unit with Hits %s breaks only the battles of its army (was a stack overflow for all)',
    (shown, cell) => {
      const roster = [...ROSTER];
      roster[1] = withCell(KNIGHTS, 'Hits', cell);
      const out = BATTLES([BATTLE_HEADERS, ...FORD, ...HILL], roster);
      const row = [
        `#ERR: units row 2 (Knights): Hits must be a whole number from 1 to 1,000 (got ${shown})`,
        ...blanks,
      ];
      expect(out.slice(1, 3)).toEqual([row, row]);
      expect(out.slice(3)).toEqual(good.slice(3));
    },
  );

  it('units at the top of every range: the cells stay finite and below 2^53', () => {
    const huge = withCell(withCell(KNIGHTS, 'Override', 1_000_000), 'Realm Spells', 1000);
    const roster = [UNIT_HEADERS, ...Array.from({ length: 2000 }, () => huge), LEVY];
    const out = BATTLES([BATTLE_HEADERS, ...FORD], roster);
    // 2,000 units of 1,001,000: base 2,002,000,000 against 1; Ford A rolls 60, B 40 and has Castle Level 2.
    expect(out[1]?.slice(0, 1)).toEqual([2_002_000_000]);
    for (const cell of out.flat()) {
      if (typeof cell === 'number') expect(Number.isFinite(cell) && Math.abs(cell) < 2 ** 53).toBe(true);
    }
  });
});

// ---- The scalar functions: a bad argument is the call's problem and throws the documented message.

const VALUE = 'a battle value: a whole number from -1,000,000,000,000 to 1,000,000,000,000';
const ROLL = 'a d100 roll: a whole number from 1 to 100';
const UNITS = "the total value of the side's fighting units: a whole number from 0 to 1,000,000,000,000";
const SIZE = 'a force size: a number from 0 to 1,000,000,000,000';

describe('RESOLVEBATTLE', () => {
  it.each(BAD)('%s as any number argument throws, naming it', (shown, cell) => {
    const args = [50, 45, 60, 40, 45, 40];
    const names = [
      ['valueA', VALUE],
      ['valueB', VALUE],
      ['rollA', ROLL],
      ['rollB', ROLL],
      ['unitsA', UNITS],
      ['unitsB', UNITS],
    ];
    names.forEach(([name, what], i) => {
      const given = args.map((a, j) => (j === i ? cell : a));
      expect(() =>
        RESOLVEBATTLE(...(given as [unknown, unknown, unknown, unknown, unknown, unknown])),
      ).toThrow(new TableError(`${name} must be ${what} (got ${shown})`));
    });
  });

  it('the top of the ranges gives finite cells below 2^53 (units of 1e308 used to give Infinity)', () => {
    expect(() => RESOLVEBATTLE(50, 45, 50, 50, 1e308, 1e308)).toThrow(
      new TableError(`unitsA must be ${UNITS} (got 1e+308)`),
    );
    // A wins by 10^12 + 99 (the 401+ row: winner 5%, loser 100%); B loses all 10^12 points; A at least
    // 20% of them (2 * 10^11), above its own 5% of 10^12.
    expect(RESOLVEBATTLE(1e12, 0, 100, 1, 1e12, 1e12)).toEqual([['A', 1e12 + 99, 0.05, 1, 2e11, 1e12]]);
  });

  it('a long plan name is quoted cut, the message under 300 characters', () => {
    let message = '';
    try {
      RESOLVEBATTLE(50, 45, 60, 40, 45, 40, long);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.startsWith(`planA must be one of Full charge,`)).toBe(true);
    expect(message.endsWith(`(got ${cutTo60})`)).toBe(true);
    expect(message.length).toBeLessThanOrEqual(300);
  });
});

describe('BATTLEODDS', () => {
  it.each(BAD)('%s as a value throws, naming it', (shown, cell) => {
    expect(() => BATTLEODDS(cell, 45)).toThrow(new TableError(`valueA must be ${VALUE} (got ${shown})`));
    expect(() => BATTLEODDS(45, cell)).toThrow(new TableError(`valueB must be ${VALUE} (got ${shown})`));
  });

  it('the ends of the range', () => {
    expect(BATTLEODDS(1e12, 0)).toBe(1);
    expect(BATTLEODDS('0', '1000000000000')).toBe(0);
    expect(() => BATTLEODDS(1e12 + 1, 0)).toThrow(
      new TableError(`valueA must be ${VALUE} (got 1000000000001)`),
    );
  });
});

describe('TROOPRATIO', () => {
  it.each(BAD)('%s as a size throws, naming it', (shown, cell) => {
    expect(() => TROOPRATIO(cell, 3)).toThrow(new TableError(`sizeA must be ${SIZE} (got ${shown})`));
    expect(() => TROOPRATIO(3, cell)).toThrow(new TableError(`sizeB must be ${SIZE} (got ${shown})`));
  });

  it('sizes may be fractions (army values in quarters), up to 10^12', () => {
    expect(TROOPRATIO('30.75', '20.5')).toBeCloseTo(0.02, 14);
    expect(TROOPRATIO(1e12, 1)).toBe(0.5);
    expect(TROOPRATIO(1e12, 0)).toBe(0.5);
  });
});

describe('TACTICS', () => {
  it('a number or a long text where a plan belongs: the message quotes it cut, under 300 characters', () => {
    for (const [shown, cell] of BAD.filter(([, c]) => typeof c === 'string')) {
      let message = '';
      try {
        TACTICS(cell, 'Hold');
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe(
        `planA must be one of Full charge, Normal attack, Encircle, Trap, Hold, Withdraw, No plan (got ${shown})`,
      );
    }
  });
});
