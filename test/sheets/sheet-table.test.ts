// The server's reading of a campaign sheet (src/sheets/sheet-table.ts) against the emulation's strict Sheets:
// only the table's own columns are read, so a computed column that shows "Loading..." or #REF! while Sheets
// recomputes it never stops the sidebar, undo or a new round.
import { describe, expect, it } from 'vitest';
import { EmulatedSpreadsheet, loadWorkbook, Workbook } from '../../dev/gas';
import {
  appendRow,
  asText,
  cellAt,
  ensureRows,
  heldRows,
  indexOfSheetRow,
  missingHeaders,
  readRowsOf,
  readSheetEnd,
  readSheetTable,
  readSheetThrough,
  sheetColumnOf,
  sheetRowOf,
  valuesIndexOf,
} from '../../src/sheets/sheet-table';
import { missingSheet } from '../../src/contract/refusals';
import { EXAMPLES, SHEET_NAMES } from '../../src/sheets/sheet-names';
import { UNIT_REQUIRED_WITH_ARMY } from '../../src/sheets/units';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { cellOf, cellsOf, columnPast, tableOf } from '../support/columns';

const GUARD = ['Guard', 'Host', 'Infantry', 'Melee', '', 1, 3, 0, 3, 0, 2, 2];

/** A Units sheet with the three older formulas beside it, just edited: they show "Loading...". */
function unitsLoading() {
  const lw = loadWorkbook();
  lw.run('setUpCampaign');
  lw.workbook.put('Units', 'A1', [
    [
      ...UNIT_HEADERS,
      `=UNITVALUE(${tableOf('Units', { from: 'Units' })})`,
      `=MUSTERCOST(${tableOf('Units', { from: 'Units' })})`,
      `=UPKEEP(${tableOf('Units', { from: 'Units' })})`,
    ],
    GUARD,
  ]);
  lw.workbook.recalculate();
  lw.workbook.put('Units', cellOf('Units', 'Hits', 2), [[3]]);
  expect(lw.workbook.read('Units', cellsOf('Units', 'Value', 1, 1, 'Upkeep'))).toEqual([
    ['Loading...', 'Loading...', 'Loading...'],
  ]);
  return lw;
}

describe('readSheetTable', () => {
  it('reads a table whose computed columns show "Loading..." (their headers are not the table’s)', () => {
    const lw = unitsLoading();
    const t = readSheetTable(
      new EmulatedSpreadsheet(lw.workbook),
      SHEET_NAMES.units,
      'Units',
      EXAMPLES.units,
      UNIT_REQUIRED_WITH_ARMY,
    );
    if (!t) throw new Error('no Units sheet');
    expect(t.table.column('Hits')).toBe(UNIT_HEADERS.indexOf('Hits'));
    expect(t.table.rows[0]?.[UNIT_HEADERS.indexOf('Hits')]).toBe(3);
    expect(t.table.has('Loading...')).toBe(false);
  });

  it('lets the sidebar load while Sheets recomputes, where it refused with “two columns are headed”', () => {
    const lw = unitsLoading();
    lw.workbook.put('Units', `${columnPast('Units')}1`, [['#REF!', '#REF!']]); // two more columns whose headers are errors
    const load = lw.run<{ ok: boolean; message?: string }>('sidebarLoad');
    expect(load.message).toBeUndefined();
    expect(load.ok).toBe(true);
  });
});

/** A Units sheet with a title and a note above its header row (sheet row 3), two records and a blank row. */
function unitsBelowTitle() {
  const lw = loadWorkbook();
  lw.workbook.put('Units', 'A1', [
    ['The Marches', '', '', '', ''],
    ['as of spring', '', '', '', ''],
    ['Unit', 'Army', 'Role', 'Morale', 'Hits'],
    ['Guard', 'Host', 'Melee', 2, 2],
    ['', '', '', '', ''],
    ['Levy', 'Host', 'Melee', 1, 2],
  ]);
  const t = readSheetTable(
    new EmulatedSpreadsheet(lw.workbook),
    'units',
    'Units',
    EXAMPLES.units,
    ['Army', 'Role', 'Morale', 'Hits'], // no Status: the columns a table lacks read as blank
  );
  if (!t) throw new Error('no Units sheet');
  return { lw, t };
}

describe('a table read whole', () => {
  it('is read in one call, getSheetValues to the last row and column with data; an empty sheet as a blank cell', () => {
    const wb = new Workbook();
    wb.put('Units', 'A1', [
      ['Unit', 'Army'],
      ['Guard', 'Host'],
    ]);
    wb.put('Units', 'D3', [['a note']]);
    const ss = new EmulatedSpreadsheet(wb);
    ss.insertSheet('Empty');
    wb.calls.reset();
    expect(readSheetTable(ss, 'Units', 'Units', EXAMPLES.units, ['Unit'])?.values).toEqual([
      ['Unit', 'Army', '', ''],
      ['Guard', 'Host', '', ''],
      ['', '', '', 'a note'],
    ]);
    expect(wb.calls.log.map((c) => c.method)).toEqual(['getSheetByName', 'getSheetValues']);
    // The emulation refuses getSheetValues on a sheet with no data (Google is silent): the last row asked, then as
    // getDataRange would give it, a blank cell, and its header missing named.
    wb.calls.reset();
    expect(() => readSheetTable(ss, 'Empty', 'Units', EXAMPLES.units, ['Unit'])).toThrow(
      'The Empty sheet has no "Unit" header in its header row (row 1)',
    );
    expect(wb.calls.log.map((c) => c.method)).toEqual(['getSheetByName', 'getSheetValues', 'getLastRow']);
    // Any other failure stands.
    wb.calls.failOn({ method: 'getSheetValues', message: 'Service Spreadsheets timed out' });
    expect(() => readSheetTable(ss, 'Units', 'Units', EXAMPLES.units, ['Unit'])).toThrow(
      'Service Spreadsheets timed out',
    );
  });
});

describe('a sheet without a column the call needs', () => {
  it('names the columns and Set up campaign', () => {
    const lw = loadWorkbook();
    lw.workbook.put('Units', 'A1', [
      ['Unit', 'Army', 'Role', 'Morale', 'Hits'],
      ['Guard', 'Host', 'Melee', 2, 2],
    ]);
    const ss = new EmulatedSpreadsheet(lw.workbook);
    expect(() => readSheetTable(ss, 'Units', 'Units', EXAMPLES.units, UNIT_REQUIRED_WITH_ARMY)).toThrow(
      'The Units sheet has no "Status" header in its header row (row 1): type it back above its column. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.',
    );
  });
});

describe('a table below a title', () => {
  it('finds the header row and places records on the sheet: record 0 is sheet row 4', () => {
    const { t } = unitsBelowTitle();
    expect(t.headerIndex).toBe(2);
    expect(t.table.rows).toHaveLength(3);
    expect([0, 1, 2].map((i) => sheetRowOf(t, i))).toEqual([4, 5, 6]);
    expect([3, 4, 6, 7].map((row) => indexOfSheetRow(t, row))).toEqual([-1, 0, 2, 3]);
    expect([sheetColumnOf(t, 'Unit'), sheetColumnOf(t, 'hits'), sheetColumnOf(t, 'Status')]).toEqual([
      1, 5, 0,
    ]);
  });

  it('reads a cell by record and header, "" past the table', () => {
    const { t } = unitsBelowTitle();
    expect([
      cellAt(t, 2, 'Unit'),
      cellAt(t, 0, 'Morale'),
      cellAt(t, 0, 'Status'),
      cellAt(t, 9, 'Unit'),
    ]).toEqual(['Levy', 2, '', '']);
  });

  it('appends after the last record, not after a blank row', () => {
    const { t } = unitsBelowTitle();
    expect(appendRow(t)).toBe(7);
  });

  it('adds rows to the sheet only when a row lies past its end', () => {
    const { t } = unitsBelowTitle();
    const max = t.sheet.getMaxRows();
    ensureRows(t, max);
    expect(t.sheet.getMaxRows()).toBe(max);
    ensureRows(t, max + 3);
    expect(t.sheet.getMaxRows()).toBe(max + 3);
  });

  it('gives null for a sheet the spreadsheet lacks, and says how to add it', () => {
    const { lw } = unitsBelowTitle();
    expect(
      readSheetTable(new EmulatedSpreadsheet(lw.workbook), 'Log', 'Log', 'Log!A1:M', ['Entry']),
    ).toBeNull();
    expect(missingSheet('Log')).toBe(
      'This spreadsheet has no Log sheet: run Warcard → Set up campaign first (it adds the missing sheets and keeps yours).',
    );
  });
});

describe('asText: an apostrophe on every string', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-3', "'-3"],
    ['@home', "'@home"],
    ["'quoted", "''quoted"],
    ['42', "'42"],
    ['.5', "'.5"],
    [' padded', "' padded"],
    ['TRUE', "'TRUE"],
    ['false', "'false"],
    ['Avanil', "'Avanil"],
    ['Jan 5', "'Jan 5"],
    ['', ''],
    [42, 42],
    [true, true],
  ])('keeps %j text as %j', (value, written) => {
    expect(asText(value)).toBe(written);
  });
});

describe('readSheetEnd and readRowsOf: a history sheet read from its end', () => {
  /** A Log-like sheet: a title row, the header, then `n` numbered rows. */
  function history(n: number) {
    const wb = new Workbook();
    wb.put('Log', 'A1', [
      ['Campaign log', ''],
      ['Entry', 'State'],
      ...Array.from({ length: n }, (_, i) => [`e-${i + 1}`, 'Done']),
    ]);
    const ss = new EmulatedSpreadsheet(wb);
    wb.calls.reset();
    return { wb, ss };
  }

  it('reads a short sheet whole, with one getValues', () => {
    const { wb, ss } = history(20);
    const t = readSheetEnd(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 60);
    expect(t?.table.rows).toHaveLength(20);
    expect(t?.skipped ?? 0).toBe(0);
    expect(wb.calls.byMethod.getValues).toBe(1);
  });

  it('reads a long one as its header rows and its last rows, placing each row where it is on the sheet', () => {
    const { wb, ss } = history(500);
    const t = readSheetEnd(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 60);
    if (!t) throw new Error('no Log');
    expect(t.headerIndex).toBe(1);
    expect(t.table.rows).toHaveLength(60);
    expect(t.table.rows[0]).toEqual(['e-441', 'Done']);
    expect(sheetRowOf(t, 0)).toBe(443);
    expect(indexOfSheetRow(t, 502)).toBe(59);
    expect(cellAt(t, indexOfSheetRow(t, 502), 'Entry')).toBe('e-500');
    expect(cellAt(t, indexOfSheetRow(t, 100), 'Entry')).toBe('');
    expect(valuesIndexOf(t, 2)).toBe(1);
    expect(valuesIndexOf(t, 443)).toBe(2);
    expect(appendRow(t)).toBe(503);
    expect(wb.calls.byMethod.getValues).toBe(2);
    expect(wb.calls.log.filter((c) => c.method === 'getValues').map((c) => c.a1)).toEqual([
      'A1:B10',
      'A443:B502',
    ]);
  });

  it('reads only the header when asked for no rows: new rows go after the last', () => {
    const { ss } = history(500);
    const t = readSheetEnd(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 0);
    if (!t) throw new Error('no Log');
    expect(t.table.rows).toEqual([]);
    expect(appendRow(t)).toBe(503);
  });

  it('reads a sheet as far as a row without its data range: in one call near the top, else its head and the rows', () => {
    const { wb, ss } = history(500);
    const near = readSheetThrough(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 5, 7);
    if (!near) throw new Error('no Log');
    expect(near.open).toBe(true);
    expect(heldRows(near, 5, 7)?.table.rows).toEqual([
      ['e-3', 'Done'],
      ['e-4', 'Done'],
      ['e-5', 'Done'],
    ]);
    expect(wb.calls.log.map((c) => `${c.method} ${c.a1 ?? ''}`)).toEqual([
      'getSheetByName ',
      'getSheetValues A1:B7',
    ]);
    wb.calls.reset();
    const far = readSheetThrough(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 300, 301);
    if (!far) throw new Error('no Log');
    expect(far.headerIndex).toBe(1);
    expect(heldRows(far, 300, 301)?.table.rows).toEqual([
      ['e-298', 'Done'],
      ['e-299', 'Done'],
    ]);
    // Rows it did not read are not held: they are read when asked (readRowsOf).
    expect(heldRows(far, 299, 301)).toBeNull();
    expect(heldRows(far, 300, 302)).toBeNull();
    expect(wb.calls.log.map((c) => `${c.method} ${c.a1 ?? ''}`)).toEqual([
      'getSheetByName ',
      'getSheetValues A1:B10',
      'getSheetValues A300:B301',
    ]);
    // Rows past the sheet's end: Google refuses them, and the caller reads the sheet as usual.
    expect(readSheetThrough(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 990, 1001)).toBeUndefined();
  });

  it('reads rows it skipped when asked, with one getValues', () => {
    const { wb, ss } = history(500);
    const t = readSheetEnd(ss, 'Log', 'Log', 'Log!A1:B', ['Entry', 'State'], 0);
    if (!t) throw new Error('no Log');
    wb.calls.reset();
    const some = readRowsOf(t, 12, 14);
    expect(some.table.rows).toEqual([
      ['e-10', 'Done'],
      ['e-11', 'Done'],
      ['e-12', 'Done'],
    ]);
    expect(sheetRowOf(some, 0)).toBe(12);
    expect(wb.calls.byMethod).toEqual({ getRange: 1, getValues: 1 });
  });
});

describe('a header missing from a campaign sheet', () => {
  it('is named with its sheet, its header row and the fix, not a range nobody typed', () => {
    expect(missingHeaders('Units', ['Role', 'Hits'], 2)).toBe(
      'The Units sheet has no "Role", "Hits" headers in its header row (row 2): type them back above their columns. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.',
    );
    expect(missingHeaders('Battles', ['Side'], 1)).toBe(
      'The Battles sheet has no "Side" header in its header row (row 1): type it back above its column. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.',
    );
  });

  it('refuses a sidebar call with that message (a load never says "Nothing was written")', () => {
    const { lw } = unitsBelowTitle();
    lw.workbook.put('Units', cellOf('Units', 'Type', 3), [['']]);
    for (const fn of ['sidebarLoad', 'sidebarNewRound']) {
      const answer = lw.run<{ ok: boolean; message?: string }>(fn, { id: 'no-role' });
      expect(answer.ok).toBe(false);
      expect(answer.message).toBe(
        // The table has no Status column either, which the sidebar needs as much.
        'The Units sheet has no "Role", "Status" headers in its header row (row 3): type them back above their columns. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.',
      );
    }
  });
});

describe('asText: text stays text', () => {
  // Strings Sheets would read as something else when a script writes them, and what the emulation makes of them.
  const year = new Date().getFullYear();
  const FORMS: [text: string, bare: unknown][] = [
    ['Jan 5', new Date(Date.UTC(year, 0, 5))],
    ['5 January 2024', new Date(Date.UTC(2024, 0, 5))],
    ['Mar 2026', new Date(Date.UTC(2026, 2, 1))],
    ['3/4', new Date(Date.UTC(year, 2, 4))],
    ['4/2/1', new Date(Date.UTC(2001, 3, 2))],
    ['$5', 5],
    ['$1,200.50', 1200.5],
    ['1,200', 1200],
    ['(5)', -5],
    ['10%', 0.1],
    ['1e3', 1000],
    ['-2', -2],
    ['TRUE', true],
    ['#N/A', '#N/A'], // an error: getValues gives its text, the engine an error
    ['=1+1', 2],
    ["'quoted", 'quoted'],
    ['Elinvaire Host', 'Elinvaire Host'],
  ];

  const written = (texts: readonly unknown[]) => {
    const wb = new Workbook({ timeZone: 'UTC' });
    const model = wb.addSheet('Log', { rows: FORMS.length, columns: 1 });
    new EmulatedSpreadsheet(wb)
      .getSheetByName('Log')
      ?.getRange(1, 1, texts.length, 1)
      .setValues(texts.map((t) => [t]));
    const box = { row: 1, col: 1, numRows: texts.length, numCols: 1 };
    const types = texts.map((_, r) => wb.hf.getCellValueDetailedType({ sheet: model.hfId, row: r, col: 0 }));
    return { values: wb.values(model, box).map((r) => r[0]), types };
  };

  it('each form written bare becomes what Sheets makes of it (the emulation re-reads it)', () => {
    const { values, types } = written(FORMS.map(([t]) => t));
    expect(values).toEqual(FORMS.map(([, bare]) => bare));
    expect(types[FORMS.findIndex(([t]) => t === '#N/A')]).toBe('ERROR');
  });

  it('each form written through asText reads back exactly as written, as text', () => {
    const { values, types } = written(FORMS.map(([t]) => asText(t)));
    expect(values).toEqual(FORMS.map(([t]) => t));
    expect(new Set(types)).toEqual(new Set(['STRING']));
    expect([asText(''), asText(5), asText(false)]).toEqual(['', 5, false]);
  });
});
