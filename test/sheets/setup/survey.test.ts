// The survey of one sheet on plain arrays: its header row below a title, the rows set-up reads, the headers and
// formulas it has, where the missing ones go, and its records.
import { describe, expect, it } from 'vitest';
import { ARMIES_HEADER } from '../../../src/sheets/roster-formulas';
import { CHARACTER_HEADERS, UNIT_HEADERS } from '../../../src/contract/columns';
import { SETTING_HEADERS } from '../../../src/sheets/settings';
import { findHeaderRow } from '../../../src/sheets/table';
import {
  calledFunction,
  columnOf,
  headerRowOf,
  noHeaderRow,
  rowsToRead,
  type SheetSurvey,
} from '../../../src/sheets/setup/survey';
import { headerKey } from '../../../src/sheets/table';
import { specOf, surveyed } from './surveys';
import { tableOf } from '../../support/columns';

const blank = (width: number): string[] => Array.from({ length: width }, () => '');
/** A row of the given cells from column A, blank to the width. */
const row = (width: number, ...cells: unknown[]): unknown[] => [...cells, ...blank(width - cells.length)];

/** What a survey says of where things go, without the spec it carries. */
const placesOf = (s: SheetSurvey) => ({
  headerRow: s.headerRow,
  oldTableEnd: s.oldTableEnd,
  tableEnd: s.tableEnd,
  newHeaders: s.newHeaders,
  insertColumns: s.insertColumns,
  computed: s.computed.map((c) => [c.columns.fn, c.columns.width, c.column, c.formula]),
  usedEnd: s.usedEnd,
  lastRecordRow: s.lastRecordRow,
});

describe('findHeaderRow: the row holding most of the headers among the first 10', () => {
  const headers = ['Unit', 'Army', 'Role'];
  it.each([
    ['no rows (a new sheet)', [], 1],
    ['an empty row 1', [['', '', '']], 1],
    ['headers in row 1', [['Unit', 'Army', 'Role']], 1],
    ['headers in another case and spacing', [['UNIT', ' army ', 'R o l e']], 1],
    [
      'a title above the headers',
      [
        ['Muster roll', ''],
        ['Unit', 'Army'],
      ],
      2,
    ],
    [
      'the row with more headers',
      [
        ['Unit', 'Notes'],
        ['Unit', 'Army'],
        ['Unit', 'Army'],
      ],
      2,
    ],
    [
      'a header twice counts once',
      [
        ['Unit', 'Unit', ''],
        ['Unit', 'Army', ''],
      ],
      2,
    ],
    ['headers in row 10', [...Array.from({ length: 9 }, () => ['']), ['Army']], 10],
  ])('%s: row %j', (_, rows: unknown[][], expected) => {
    expect(findHeaderRow(rows, headers)).toBe(expected);
  });

  it.each([
    ['row 1 holds something else', [['Muster roll']]],
    [
      'the headers are in row 11',
      [['Muster roll'], ...Array.from({ length: 9 }, () => ['']), ['Unit', 'Army']],
    ],
  ])('none when %s', (_, rows: unknown[][]) => {
    expect(findHeaderRow(rows, headers)).toBeUndefined();
  });

  it('a sheet of formulas only (Armies) has its formula in row 1, whatever row 1 holds', () => {
    expect(headerRowOf(specOf('armies'), [['Muster roll'], ['Army', 'Ready']])).toBe(1);
    expect(headerRowOf(specOf('units'), [['Muster roll'], ['Army', 'Ready']])).toBe(2);
  });
});

describe('rowsToRead: the header search, and the records when the run needs them', () => {
  it.each([
    ['units', 500, 500],
    ['characters', 3, 3],
    ['battles', 0, 1],
    ['library', 60, 60],
    ['settings', 40, 40],
    ['log', 500, 10],
    ['undo', 4, 4],
    ['armies', 0, 1],
  ] as const)('%s with its last content in row %i: %i rows', (key, lastRow, expected) => {
    expect(rowsToRead(specOf(key), lastRow)).toBe(expected);
  });
});

describe('noHeaderRow: why a sheet cannot be set up', () => {
  it('names the sheet, its first headers and what to do', () => {
    expect(noHeaderRow(specOf('units'))).toBe(
      'Units: none of the first 10 rows holds its headers (Unit, Army, Type, Role, …) and row 1 is not empty. ' +
        'Type the headers in one row above the table (a title may stay above them), or rename the sheet to keep ' +
        'it as it is, then run the set-up again.',
    );
  });
  it('lists every header of a table of four or fewer', () => {
    expect(noHeaderRow(specOf('settings'))).toMatch(
      /^Settings: none of the first 10 rows holds its headers \(Setting, Value\) and/,
    );
  });
});

describe('calledFunction: the custom function a formula calls', () => {
  it.each([
    [`=UNITSTATS(${tableOf('Units', { from: 'Units' })})`, 'UNITSTATS'],
    ['=unitstats(A1:V)', 'UNITSTATS'],
    [`= Armies (${tableOf('Units')})`, 'ARMIES'],
    ['=Warcard.UNITVALUE(A1:V)', 'WARCARD.UNITVALUE'],
    ['UNITSTATS(A1:V)', undefined],
    ['=A1+1', undefined],
    ['', undefined],
  ])('%j: %j', (formula, expected) => {
    expect(calledFunction(formula)).toBe(expected);
  });
});

describe('surveySheet: what a sheet has and where the missing parts go', () => {
  const width = UNIT_HEADERS.length; // 22: A..V

  it('a new Units sheet: every header from A, UNITSTATS after them in W', () => {
    const s = surveyed('units', { maxRows: 1000, maxColumns: 26 });
    expect(placesOf(s)).toEqual({
      headerRow: 1,
      oldTableEnd: 0,
      tableEnd: 22,
      newHeaders: UNIT_HEADERS,
      insertColumns: false,
      computed: [['UNITSTATS', 3, 23, '']],
      usedEnd: 25,
      lastRecordRow: 1,
    });
    expect(s.keys).toEqual(UNIT_HEADERS.map(headerKey));
    expect([s.created, s.maxRows, s.maxColumns, s.records]).toEqual([true, 1000, 26, []]);
  });

  it('a title row, a missing header and UNITSTATS right of the table: the header goes in, columns inserted', () => {
    const headers = UNIT_HEADERS.filter((h) => h !== 'Status'); // A..U
    const s = surveyed('units', {
      rows: [
        row(24, 'Elinvaire muster roll'),
        [...headers, 'Value', 'Muster', 'Upkeep'],
        row(24, 'Knights of the Silver Oath', 'Elinvaire Host'),
        row(24, 'Marcher Levy', 'Marcher Levies'),
        row(24, '', '', '', '', '', '', '', '', '', '', '', '', '', '', false),
      ],
      formulas: [...blank(21), '=UNITSTATS(A2:U)', '', ''],
    });
    expect(placesOf(s)).toEqual({
      headerRow: 2,
      oldTableEnd: 21,
      tableEnd: 22,
      newHeaders: ['Status'],
      insertColumns: true,
      computed: [['UNITSTATS', 3, 23, '=UNITSTATS(A2:U)']],
      usedEnd: 25,
      lastRecordRow: 4,
    });
    expect(s.keys).toEqual([...headers, 'Status'].map(headerKey));
    expect(s.records).toEqual([
      row(21, 'Knights of the Silver Oath', 'Elinvaire Host'),
      row(21, 'Marcher Levy', 'Marcher Levies'),
      row(21, '', '', '', '', '', '', '', '', '', '', '', '', '', '', false),
    ]);
  });

  it('the three older formulas UNITSTATS replaces stay, one column each, and no UNITSTATS is added', () => {
    const s = surveyed('units', {
      rows: [[...UNIT_HEADERS, 'Value', 'Muster', 'Upkeep']],
      formulas: [
        ...blank(width),
        `=UNITVALUE(${tableOf('Units', { from: 'Units' })})`,
        `=MUSTERCOST(${tableOf('Units', { from: 'Units' })})`,
        `=upkeep(${tableOf('Units', { from: 'Units' })})`,
      ],
    });
    expect(placesOf(s)).toMatchObject({
      oldTableEnd: 22,
      newHeaders: [],
      computed: [
        ['UNITVALUE', 1, 23, `=UNITVALUE(${tableOf('Units', { from: 'Units' })})`],
        ['MUSTERCOST', 1, 24, `=MUSTERCOST(${tableOf('Units', { from: 'Units' })})`],
        ['UPKEEP', 1, 25, `=upkeep(${tableOf('Units', { from: 'Units' })})`],
      ],
      usedEnd: 25,
    });
    expect(s.computed.map((c) => c.columns.reads)).toEqual([['units'], ['units'], ['units']]);
  });

  it('UNITSTATS beside an older formula: UNITSTATS is kept, the older one counts as a column of the table', () => {
    const s = surveyed('units', {
      rows: [[...UNIT_HEADERS, 'Value', 'Value', 'Muster', 'Upkeep']],
      formulas: [
        ...blank(width),
        `=UNITVALUE(${tableOf('Units', { from: 'Units' })})`,
        `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`,
        '',
        '',
      ],
    });
    expect(placesOf(s)).toMatchObject({
      oldTableEnd: 23,
      tableEnd: 23,
      computed: [['UNITSTATS', 3, 24, `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`]],
      usedEnd: 26,
    });
  });

  it('a formula whose result does not spill yet (an error in its cell) still holds its columns', () => {
    const s = surveyed('units', {
      rows: [[...UNIT_HEADERS, '#REF!']],
      formulas: [...blank(width), `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`],
    });
    expect(placesOf(s)).toMatchObject({
      computed: [['UNITSTATS', 3, 23, `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`]],
      usedEnd: 25,
    });
  });

  it('a table takes no formula of its own from column A, and only the first of two', () => {
    const fromA = surveyed('units', { rows: [[...UNIT_HEADERS]], formulas: ['=UNITSTATS(B1:V)'] });
    expect(fromA.computed.map((c) => [c.column, c.formula])).toEqual([[23, '']]);
    const twice = surveyed('units', {
      rows: [row(30, ...UNIT_HEADERS)],
      formulas: [
        ...blank(22),
        `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`,
        ...blank(6),
        `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`,
      ],
    });
    expect(twice.computed.map((c) => [c.column, c.formula])).toEqual([
      [23, `=UNITSTATS(${tableOf('Units', { from: 'Units' })})`],
    ]);
    expect(twice.oldTableEnd).toBe(22);
  });

  it('Armies: its formula in A1, or after whatever the sheet holds', () => {
    const armies = `=ARMIES(${tableOf('Units')}, ${tableOf('Characters')}, ${tableOf('Settings')})`;
    expect(placesOf(surveyed('armies', { rows: [[...ARMIES_HEADER]], formulas: [armies] }))).toEqual({
      headerRow: 1,
      oldTableEnd: 0,
      tableEnd: 0,
      newHeaders: [],
      insertColumns: false,
      computed: [['ARMIES', 9, 1, armies]],
      usedEnd: 9,
      lastRecordRow: 1,
    });
    expect(placesOf(surveyed('armies', { rows: [['Notes']] }))).toMatchObject({
      oldTableEnd: 1,
      computed: [['ARMIES', 9, 2, '']],
      usedEnd: 10,
    });
  });

  it('Characters with a column of the user’s and headers in their own order', () => {
    const headers = ['Notes', ...CHARACTER_HEADERS.slice(1).reverse()]; // no Character
    const s = surveyed('characters', { rows: [headers, row(17, 'A note')] });
    expect(placesOf(s)).toEqual({
      headerRow: 1,
      oldTableEnd: 17,
      tableEnd: 18,
      newHeaders: ['Character'],
      insertColumns: false,
      computed: [['CHARACTERVALUE', 1, 19, '']],
      usedEnd: 19,
      lastRecordRow: 2,
    });
    expect(columnOf(s, 'Notes')).toBe(1);
    expect(columnOf(s, 'War Spells')).toBe(2);
    expect(columnOf(s, 'character')).toBe(18);
  });
});

describe('columnOf: a header’s column after the run', () => {
  it('is refused for a header the table lacks', () => {
    const s = surveyed('settings', { rows: [[...SETTING_HEADERS]] });
    expect(columnOf(s, 'value')).toBe(2);
    expect(() => columnOf(s, 'Notes')).toThrow('Set-up: Settings has no column Notes after its survey');
  });
});
