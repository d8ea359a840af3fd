// What completion writes into a surveyed sheet, on plain arrays: formulas and their ranges, records laid out in
// the sheet's columns, the rows prepared, the cells lacking a format or validation, settings' dropdowns, tints.
import { describe, expect, it } from 'vitest';
import { UNIT_STATUSES } from '../../../src/rules';
import { BATTLE_HEADERS, CHARACTER_HEADERS, UNIT_HEADERS } from '../../../src/contract/columns';
import { columnLetter } from '../../../src/sheets/table';
import {
  fillMissing,
  fillSettingDropdowns,
  formatColumns,
  headerFormulas,
  isDefaultFormat,
  lastPreparedRow,
  layRecords,
  missingTints,
  plural,
  quoteSheet,
  recordsToAdd,
  ruleColumns,
  runsOf,
  settingNames,
  surveyOf,
  tableRange,
  tintFormula,
} from '../../../src/sheets/setup/additions';
import { headerKey } from '../../../src/sheets/table';
import { settingRows } from '../../../src/sheets/settings';
import { sampleBattles, sampleUnits, unitLibrary } from '../../../src/sheets/setup/sample';
import { surveyed, surveysOf } from './surveys';
import { cellOf, formulaOf, headersOf, tableOf } from '../../support/columns';

const blank = (width: number): string[] => Array.from({ length: width }, () => '');
const row = (width: number, ...cells: unknown[]): unknown[] => [...cells, ...blank(width - cells.length)];
const UNITS_WITH_STATS = [...UNIT_HEADERS, 'Value', 'Muster', 'Upkeep'];
/** A Units sheet with every header in row 1 and this formula right of them. */
const unitsWith = (formula: string) => ({ rows: [UNITS_WITH_STATS], formulas: [...blank(22), formula] });
const BATTLES = formulaOf('Battles');
/** Where set-up places BATTLES: the first column right of the Battles table. */
const BATTLES_AT = cellOf('Battles', 'Base', 1);

describe('column letters and sheet names in formulas', () => {
  it.each([
    [1, 'A'],
    [22, 'V'],
    [26, 'Z'],
    [27, 'AA'],
    [28, 'AB'],
    [52, 'AZ'],
    [53, 'BA'],
    [702, 'ZZ'],
    [703, 'AAA'],
  ])('column %i is %s', (column, letters) => {
    expect(columnLetter(column)).toBe(letters);
  });

  it.each([
    ['Units', 'Units'],
    ['_units2', '_units2'],
    ['My Units', "'My Units'"],
    ["Bob's units", "'Bob''s units'"],
    ['2024', "'2024'"],
    ['Übersicht', "'Übersicht'"],
  ])('sheet %j is written %s', (name, written) => {
    expect(quoteSheet(name)).toBe(written);
  });
});

describe('tableRange: a table from its header row, by its sheet’s name from another sheet', () => {
  const surveys = surveysOf({
    units: { name: 'My Units', rows: [row(22, 'Muster roll'), blank(22), [...UNIT_HEADERS]] },
  });
  it.each([
    ['units', 'units', 'A3:V'],
    ['units', 'battles', "'My Units'!A3:V"],
    ['characters', 'units', tableOf('Characters')],
    ['battles', 'battles', tableOf('Battles', { from: 'Battles' })],
    ['settings', 'armies', tableOf('Settings')],
  ] as const)('%s read from %s: %s', (table, from, range) => {
    expect(tableRange(surveys, table, from)).toBe(range);
  });

  it('a table not surveyed is a fault, named', () => {
    expect(() => surveyOf(new Map(), 'units')).toThrow('Set-up: the Units sheet was not surveyed');
  });
});

describe('headerFormulas: the formulas a sheet lacks, and those to rewrite', () => {
  it('new sheets: each formula in the cell after the table, its result columns bold', () => {
    const surveys = surveysOf();
    expect(headerFormulas(surveys, surveyOf(surveys, 'units'))).toEqual({
      formulas: new Map([[23, `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`]]),
      bold: [23, 24, 25],
      placed: [`=UNITSTATS(${tableOf('Units', { from: 'Units' })}) in ${cellOf('Units', 'Value', 1)}`],
      updated: [],
    });
    expect(headerFormulas(surveys, surveyOf(surveys, 'battles')).placed).toEqual([
      `${BATTLES} in ${BATTLES_AT}`,
    ]);
    expect(headerFormulas(surveys, surveyOf(surveys, 'armies'))).toEqual({
      formulas: new Map([
        [1, `=ARMIES(${tableOf('Units')}, ${tableOf('Characters')}, ${tableOf('Settings')})`],
      ]),
      bold: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      placed: [`=ARMIES(${tableOf('Units')}, ${tableOf('Characters')}, ${tableOf('Settings')}) in A1`],
      updated: [],
    });
    expect(headerFormulas(surveys, surveyOf(surveys, 'log')).formulas.size).toBe(0);
  });

  it('a formula in place, or one the user changed, stays', () => {
    for (const formula of [
      `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`,
      '=UNITSTATS(A1:V500)',
      '=unitstats(a1:v)',
    ]) {
      const surveys = surveysOf({ units: unitsWith(formula) });
      expect(headerFormulas(surveys, surveyOf(surveys, 'units')), formula).toEqual({
        formulas: new Map(),
        bold: [],
        placed: [],
        updated: [],
      });
    }
  });

  it('a formula showing #REF! is rewritten in place, its cells not made bold again', () => {
    const surveys = surveysOf({ units: unitsWith('=UNITSTATS(#REF!)') });
    expect(headerFormulas(surveys, surveyOf(surveys, 'units'))).toEqual({
      formulas: new Map([[23, `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`]]),
      bold: [],
      placed: [],
      updated: [`=UNITSTATS(${tableOf('Units', { from: 'Units' })}) in ${cellOf('Units', 'Value', 1)}`],
    });
  });

  it('a table widened: the formulas reading it read it whole again, in the columns they moved to', () => {
    const headers = UNIT_HEADERS.filter((h) => h !== 'Mercenary');
    const surveys = surveysOf({
      units: {
        rows: [[...headers, 'Value', 'Muster', 'Upkeep']],
        formulas: [...blank(21), '=UNITSTATS(A1:U)'],
      },
      battles: { rows: [row(36, ...BATTLE_HEADERS)], formulas: [...blank(28), BATTLES] },
    });
    expect(headerFormulas(surveys, surveyOf(surveys, 'units')).updated).toEqual([
      `=UNITSTATS(${tableOf('Units', { from: 'Units' })}) in ${cellOf('Units', 'Value', 1)}`,
    ]);
    // The Battles sheet's own formula already reads Units!A1:V: nothing to rewrite though the table widened.
    expect(headerFormulas(surveys, surveyOf(surveys, 'battles')).updated).toEqual([]);
    const older = surveysOf({
      units: {
        rows: [[...headers, 'Value', 'Muster', 'Upkeep']],
        formulas: [...blank(21), '=UNITSTATS(A1:U)'],
      },
      battles: {
        rows: [row(36, ...BATTLE_HEADERS)],
        formulas: [
          ...blank(BATTLE_HEADERS.length),
          BATTLES.replace(tableOf('Units'), `Units!A1:${columnLetter(UNIT_HEADERS.length - 1)}`),
        ],
      },
    });
    expect(headerFormulas(older, surveyOf(older, 'battles'))).toMatchObject({
      formulas: new Map([[BATTLE_HEADERS.length + 1, BATTLES]]),
      updated: [`${BATTLES} in ${BATTLES_AT}`],
    });
  });
});

describe('runsOf: adjacent columns written in one call', () => {
  it('groups columns left to right, whatever order they came in', () => {
    const cells = new Map([
      [3, 'c'],
      [1, 'a'],
      [5, 'e'],
      [2, 'b'],
      [7, 'g'],
      [6, 'f'],
    ]);
    expect(runsOf(cells)).toEqual([
      { first: 1, values: ['a', 'b', 'c'] },
      { first: 5, values: ['e', 'f', 'g'] },
    ]);
    expect(runsOf(new Map())).toEqual([]);
  });
});

describe('recordsToAdd: the Library, missing settings, and the sample in empty tables', () => {
  it.each([
    ['units', false, []],
    ['units', true, sampleUnits()],
    ['battles', true, sampleBattles()],
    ['library', false, unitLibrary()],
    ['log', true, []],
    ['armies', true, []],
  ] as const)('a new %s sheet, sample %s', (key, sample, expected) => {
    expect(recordsToAdd(surveyed(key), sample)).toEqual(expected);
  });

  it('a table with a record gets none, even from the sample', () => {
    const units = surveyed('units', { rows: [[...UNIT_HEADERS], row(22, 'Town Watch')] });
    expect(recordsToAdd(units, true)).toEqual([]);
    const library = surveyed('library', { rows: [[...UNIT_HEADERS], row(22, 'Town Watch')] });
    expect(recordsToAdd(library, false)).toEqual([]);
  });

  it('Settings: each known setting it lacks, with its first value, whatever else it holds', () => {
    // Every setting of words declared (src/rules/house-rules.ts), in its order: a new one is added with no change here.
    const added = settingRows().map((s) => ({ Setting: s.name, Value: s.default }));
    expect(added.slice(0, 3)).toEqual([
      { Setting: 'Troop Ratio By', Value: 'Units' },
      { Setting: 'Terrain Modifiers As', Value: 'Points' },
      { Setting: 'Dice', Value: 'Sidebar' },
    ]);
    expect(recordsToAdd(surveyed('settings'), false)).toEqual(added);
    const some = surveyed('settings', {
      rows: [
        ['Value', 'Setting'],
        ['Value', 'troop ratio by'],
        ['yes', 'House rule'],
      ],
    });
    expect(recordsToAdd(some, false)).toEqual(added.filter((r) => r.Setting !== 'Troop Ratio By'));
  });
});

describe('layRecords: records in the sheet’s own column order', () => {
  it('a new Units sheet: the record’s cells, checkboxes unticked, the rest blank', () => {
    const cells = layRecords(
      surveyed('units'),
      [{ Unit: 'Levy of Kaal', army: 'Ghorvant Legion', 'ROLE 2': 'Missile', Vulnerable: true, Move: 1 }],
      2,
    );
    expect(cells).toEqual([
      [
        ...['Levy of Kaal', 'Ghorvant Legion', '', '', 'Missile', 1, '', '', '', '', '', '', '', ''],
        ...[true, '', '', false, false, false, '', ''],
      ],
    ]);
  });

  it('columns of the user’s and headers in their own order; what a row held stays where the record is silent', () => {
    const headers = ['Notes', ...CHARACTER_HEADERS.slice(1).reverse()]; // Character added at R
    const survey = { ...surveyed('characters', { rows: [headers] }), records: [row(17, 'kept', 3)] };
    const [laid = []] = layRecords(survey, [{ Character: 'Ulrec Blackvane', 'War Spells': 2, Army: 'X' }], 2);
    const at = (header: string) => laid[survey.keys.indexOf(headerKey(header))];
    expect(laid).toHaveLength(18);
    expect([at('Notes'), at('War Spells'), at('Character'), at('Army')]).toEqual([
      'kept',
      2,
      'Ulrec Blackvane',
      'X',
    ]);
    expect([at('Battlewise'), at('Strategy'), at('Turns Undead'), at('Warrior')]).toEqual([
      false,
      false,
      false,
      '',
    ]);
  });
});

describe('lastPreparedRow: rows given validations and formats', () => {
  const units = surveyed('units', { rows: [row(22, 'Muster roll'), blank(22), [...UNIT_HEADERS]] });
  it.each([
    ['units below a title, no records', units, 0, 303],
    ['units below a title, the sample added', units, 41, 303],
    ['units with 400 records', { ...units, lastRecordRow: 400 }, 0, 500],
    ['units with 400 records and 5 added', { ...units, lastRecordRow: 400 }, 5, 505],
    ['a new Library, its 10 units added', surveyed('library'), 10, 111],
    ['a new Characters sheet', surveyed('characters'), 0, 301],
    ['a Log: none ahead, its last record', { ...surveyed('log'), lastRecordRow: 7 }, 0, 7],
  ])('%s', (_, survey, added, expected) => {
    expect(lastPreparedRow(survey, added)).toBe(expected);
  });
});

describe('formats and rules by column', () => {
  it('number formats: plain text for spell lists, percents for the battle results', () => {
    // Columns numbered from 1, found by header where set-up lays them out.
    const at = (sheet: 'Characters' | 'Battles', header: string) => headersOf(sheet).indexOf(header) + 1;
    expect(formatColumns(surveyed('characters'))).toEqual(
      new Map([
        [at('Characters', 'Spell Slots'), '@'],
        [at('Characters', 'Battle Spells'), '@'],
      ]),
    );
    expect(formatColumns(surveyed('battles'))).toEqual(
      new Map([
        [at('Battles', 'Percent'), '0%'],
        [at('Battles', 'Win Chance'), '0.0%'],
        [at('Battles', 'Casualty Rate'), '0%'],
      ]),
    );
    expect(formatColumns(surveyed('units'))).toEqual(new Map());
  });

  it('rules go to their header’s column wherever it sits', () => {
    const headers = ['Status', ...UNIT_HEADERS.filter((h) => h !== 'Status')];
    const rules = ruleColumns(surveyed('units', { rows: [headers] }));
    expect(rules.size).toBe(20); // every column but Unit and Type: Army's rule marks a comma
    expect(rules.get(1)).toEqual({ kind: 'list', values: UNIT_STATUSES });
    expect(rules.get(12)).toEqual({
      kind: 'number',
      range: { min: 1, max: 1_000, whole: true },
      help: 'Morale: the morale icons on the card, a whole number from 1 to 1,000 (required)',
    });
    expect(rules.get(16)).toEqual({ kind: 'checkbox' });
    expect([rules.has(2), rules.get(3)?.kind, rules.has(4)]).toEqual([false, 'army', false]); // Unit, Army, Type
  });

  it.each([
    ['', true],
    ['General', true],
    ['general', true],
    ['0.###############', true],
    ['@', false],
    ['0%', false],
    ['0.00', false],
  ])('format %j is a default one: %s', (format, expected) => {
    expect(isDefaultFormat(format)).toBe(expected);
  });
});

describe('fillMissing: cells of some columns given a value where they lack one', () => {
  it('fills only the missing cells of those columns, each made for its row', () => {
    const cells = [
      ['', 'x', '@'],
      ['', '', ''],
      ['0%', '', ''],
    ];
    const made: string[] = [];
    const make = (v: string) => (row: number) => {
      made.push(`${v} ${row}`);
      return v;
    };
    const columns = new Map([
      [5, make('0.00')],
      [7, make('@')],
    ]);
    expect(
      fillMissing(
        cells,
        5,
        columns,
        (c) => c === '',
        (r) => r + 10,
      ),
    ).toBe(2);
    expect(cells).toEqual([
      ['0.00', 'x', '@'],
      ['0.00', '', '@'],
      ['0%', '', '@'],
    ]);
    expect(made).toEqual(['0.00 10', '0.00 11', '@ 11', '@ 12']);
  });

  it('counts no column whose cells all have a value', () => {
    const cells = [[null, 'rule']];
    expect(fillMissing(cells, 1, new Map([[2, () => 'new']]), (c) => c === null)).toBe(0);
    expect(cells).toEqual([[null, 'rule']]);
  });

  it('a column outside the cells read is a fault, named', () => {
    expect(() => fillMissing([['', '']], 3, new Map([[5, () => 'x']]), (c) => c === '')).toThrow(
      'Set-up: row 1 of the cells read has no column 5',
    );
  });
});

describe('the settings’ dropdowns', () => {
  const settings = surveyed('settings', {
    rows: [['Setting', 'Value'], ['Troop Ratio By', 'Value'], ['House rule', 'yes'], blank(2)],
  });
  it('names the rows of the table, then those added', () => {
    expect(settingNames(settings, [{ Setting: 'Terrain Modifiers As', Value: 'Points' }])).toEqual([
      'Troop Ratio By',
      'House rule',
      'Terrain Modifiers As',
    ]);
  });

  it('a known setting whose Value cell has no validation gets its values; others stay', () => {
    const current: (string | null)[][] = [[null], [null], ['kept'], [null]];
    const names = ['Troop Ratio By', 'House rule', 'terrain modifiers as', 'TERRAIN MODIFIERS AS'];
    expect(fillSettingDropdowns(names, current, (values) => values.join('|'))).toBe(2);
    expect(current).toEqual([['Units|Value'], [null], ['kept'], ['Points|Percent']]);
  });

  it('a row without its validation read is a fault, named', () => {
    expect(() => fillSettingDropdowns(['Troop Ratio By', 'x'], [[null]], () => 'v')).toThrow(
      'Set-up: no validation read for setting row 2',
    );
  });
});

describe('the Status tints', () => {
  it.each([
    ['no rules', [], ['Routed', 'Destroyed', 'Captured']],
    ['a rule naming "Routed"', [['=$V2="Routed"']], ['Destroyed', 'Captured']],
    ['rules in another case, one with two values', [['=$V2="DESTROYED"', '"captured"']], ['Routed']],
    ['a word without its quotes', [['Routed'], []], ['Routed', 'Destroyed', 'Captured']],
  ])('%s: %j missing', (_, criteria: unknown[][], missing) => {
    expect(missingTints(criteria).map(([status]) => status)).toEqual(missing);
  });

  it('each with its colour, and a condition on the Status cell of the first record row', () => {
    expect(missingTints([])).toEqual([
      ['Routed', '#fce8b2'],
      ['Destroyed', '#f4c7c3'],
      ['Captured', '#d9d2e9'],
    ]);
    const units = surveyed('units', { rows: [row(22, 'Muster roll'), blank(22), [...UNIT_HEADERS]] });
    expect(tintFormula(units, 'Routed')).toBe('=$V4="Routed"');
    const first = surveyed('units', { rows: [['Status', ...UNIT_HEADERS.slice(0, 21)]] });
    expect(tintFormula(first, 'Captured')).toBe('=$A2="Captured"');
  });
});

describe('plural', () => {
  it.each([
    [0, 'formula', '0 formulas'],
    [1, 'column', '1 column'],
    [2, 'row', '2 rows'],
  ])('%i %s: %s', (n, word, expected) => {
    expect(plural(n, word)).toBe(expected);
  });
});
