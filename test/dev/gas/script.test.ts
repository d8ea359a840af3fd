// The emulation of Google's services (dev/gas): formulas through Code.js's custom functions, values as Sheets
// gives them, call counts and faults, the document lock, snapshots.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkbook, onlyCell, toTransport, Workbook, type WorkbookSnapshot } from '../../../dev/gas';
import { TIME_LIMIT_MESSAGE, TIME_LIMITS } from '../../../dev/gas/script';

/** A small script as Apps Script would hold it: custom functions and server functions in one scope. */
const SCRIPT = `
/**
 * Describes each argument as it arrived.
 * @param {A1:B2} args Anything.
 * @customfunction
 */
function ARGS(a, b, c) {
  function kind(v) {
    if (v === undefined) return 'undefined';
    if (Array.isArray(v)) return 'array:' + v.map(function (r) { return r.map(kind).join(',') }).join(';');
    if (v instanceof Date) return 'date';
    return typeof v + (v === '' ? ':blank' : '');
  }
  return [[kind(a), kind(b), kind(c)]];
}

/**
 * Doubles a column.
 * @customfunction
 */
function DOUBLE(range) {
  return range.map(function (row) { return [row[0] === '' ? '' : row[0] * 2]; });
}

/**
 * Throws.
 * @customfunction
 */
function FAIL(message) {
  throw new Error(message);
}

/**
 * Tries to write (not allowed in a custom function).
 * @customfunction
 */
function SNEAKY() {
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Data').getRange('A1').setValues([['x']]);
  return 1;
}

/** Not a custom function: no JSDoc tag. */
function copyColumn() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Data');
  var values = sheet.getRange(1, 1, 3, 1).getValues();
  sheet.getRange(1, 2, 3, 1).setValues(values);
  return values instanceof Array && values[0] instanceof Array;
}

function withLock(wait) {
  var lock = LockService.getDocumentLock();
  if (wait) { lock.waitLock(1000); return 'locked'; }
  return lock.tryLock(1000);
}

function holdLock() {
  LockService.getDocumentLock().waitLock(10);
  return LockService.getDocumentLock().hasLock();
}

function checkboxes() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().insertSheet('Boxes');
  var rule = SpreadsheetApp.newDataValidation().requireCheckbox().build();
  sheet.getRange('A1:A3').setDataValidation(rule);
  var list = SpreadsheetApp.newDataValidation().requireValueInList(['Hold', 'Trap']).setAllowInvalid(false).setHelpText('A plan').build();
  sheet.getRange('B1').setDataValidation(list);
  var rules = sheet.getRange('A1:B1').getDataValidations()[0];
  return {
    values: sheet.getRange('A1:A3').getValues(),
    types: rules.map(function (r) { return String(r.getCriteriaType()); }),
    isCheckbox: rules[0].getCriteriaType() === SpreadsheetApp.DataValidationCriteria.CHECKBOX,
    list: rules[1].getCriteriaValues(),
    allowInvalid: rules[1].getAllowInvalid(),
    help: rules[1].getHelpText(),
  };
}

function menu() {
  SpreadsheetApp.getUi().createMenu('Tools').addItem('Copy', 'copyColumn').addSeparator().addItem('Lock', 'withLock').addToUi();
  SpreadsheetApp.getUi().alert('Done');
  SpreadsheetApp.getActiveSpreadsheet().toast('Saved', 'Warcard', 3);
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Panel').setTitle('Panel'));
  PropertiesService.getDocumentProperties().setProperty('seen', 'yes');
  return Utilities.formatDate(new Date(Date.UTC(2024, 0, 5, 13, 4, 5)), Session.getScriptTimeZone(), 'yyyy-MM-dd HH:mm:ss');
}

function dateOut() {
  return new Date(0);
}
`;

const load = (snapshot?: WorkbookSnapshot) => {
  const htmlDir = mkdtempSync(join(tmpdir(), 'gas-html-'));
  writeFileSync(join(htmlDir, 'Panel.html'), '<p>panel</p>');
  return loadWorkbook({ code: SCRIPT, codePath: join(htmlDir, 'Code.js'), htmlDir, snapshot });
};

describe('custom functions from the script', () => {
  it('registers only the @customfunction functions', () => {
    expect(load().customFunctions).toEqual(['ARGS', 'DOUBLE', 'FAIL', 'SNEAKY']);
  });

  it('passes a range as a 2D array with "" blanks and booleans, a cell as its value, an omitted argument as undefined', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [
      ['x', 1],
      ['', true],
    ]);
    workbook.put('Data', 'D1', [['=ARGS(A1:B2, B1, )']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'D1:F1')).toEqual([
      ['array:string,number;string:blank,boolean', 'number', 'undefined'],
    ]);
    workbook.put('Data', 'D2', [['=ARGS(A2)']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'D2:F2')).toEqual([['string:blank', 'undefined', 'undefined']]);
  });

  it('spills an array result, and follows its inputs', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [[1], [''], [3]]);
    workbook.recalculate();
    workbook.put('Data', 'C1', [['=DOUBLE(A1:A3)']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'C1:C3')).toEqual([[2], [''], [6]]);
    workbook.put('Data', 'A2', [[5]]);
    workbook.recalculate();
    expect(workbook.read('Data', 'C1:C3')).toEqual([[2], [10], [6]]);
    expect(workbook.cell('Data', 'C2').formula).toBe('');
  });

  it('shows a thrown Error as #ERROR! and keeps its message', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [['=FAIL("units is empty")']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'A1')).toEqual([['#ERROR!']]);
    expect(workbook.cell('Data', 'A1')).toMatchObject({ display: '#ERROR!', error: 'units is empty' });
    expect(workbook.errorAt('Data', 'A1')).toBe('units is empty');
  });

  it('refuses writes from a custom function, as Sheets does', () => {
    const { workbook } = load();
    workbook.put('Data', 'B1', [['=SNEAKY()']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'B1')).toEqual([['#ERROR!']]);
    expect(workbook.errorAt('Data', 'B1')).toMatch(/permission to call Range\.setValues/);
  });

  it('blocks a spill with #REF! and spills again once the way is clear', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [[1], [2]]);
    workbook.recalculate();
    workbook.put('Data', 'C2', [['in the way']]);
    workbook.recalculate();
    workbook.put('Data', 'C1', [['=DOUBLE(A1:A2)']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'C1')).toEqual([['#REF!']]);
    expect(workbook.errorAt('Data', 'C1')).toMatch(/overwrite data/);
    workbook.put('Data', 'C2', [['']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'C1:C2')).toEqual([[2], [4]]);
  });
});

describe('the product Code.js (dist/)', () => {
  const units = [
    ['Unit', 'Army', 'Role', 'Morale', 'Hits', 'Melee', 'Defense', 'Mercenary'],
    ['Guards', 'Avanil', 'Melee', 2, 2, 2, 2, false],
    ['', '', '', '', '', '', '', false],
    ['Knights', 'Avanil', 'Mounted', 3, 3, 3, 3, true],
  ];

  it('evaluates UNITVALUE over an open range, on the sheet and from another sheet', () => {
    const { workbook } = loadWorkbook();
    workbook.put('Units', 'A1', units);
    workbook.recalculate();
    workbook.put('Units', 'W1', [['=UNITVALUE(A1:V)']]);
    workbook.recalculate();
    expect(workbook.read('Units', 'W1:W5')).toEqual([
      ['Value'],
      [expect.any(Number)],
      [''],
      [expect.any(Number)],
      [''],
    ]);
    expect(workbook.cell('Units', 'W1').formula).toBe('=UNITVALUE(A1:V)');

    workbook.put('Army', 'A1', [['=UNITVALUE(Units!A1:V)']]);

    workbook.recalculate();
    expect(workbook.read('Army', 'A1:A4')).toEqual(workbook.read('Units', 'W1:W4'));
    // The open range follows the Units sheet as it grows.
    const sheet = workbook.sheetOrThrow('Units');
    workbook.insertRows(sheet, 1000, 10);
    workbook.recalculate();
    expect(workbook.cell('Army', 'A1').formula).toBe('=UNITVALUE(Units!A1:V)');
    workbook.put('Units', 'A1005', [['Late', 'Avanil', 'Melee', 2, 2, 2, 2, false]]);
    workbook.recalculate();
    // 1,010 rows do not fit the Army sheet's 1,000: #REF! as in Sheets, until it has the rows.
    expect(workbook.errorAt('Army', 'A1')).toBe(
      'Result was not automatically expanded, please insert more rows (10).',
    );
    workbook.insertRows(workbook.sheetOrThrow('Army'), 1000, 10);
    workbook.recalculate();
    expect(workbook.read('Army', 'A1005')).toEqual([[expect.any(Number)]]);
  });

  it('shows a structural error thrown by a product formula', () => {
    const { workbook } = loadWorkbook();
    workbook.put('Units', 'A1', [['=UNITVALUE(5)']]);
    workbook.recalculate();
    expect(workbook.cell('Units', 'A1').display).toBe('#ERROR!');
    expect(workbook.errorAt('Units', 'A1')).toMatch(/units must be a range with a header row/);
  });

  it('runs the sample campaign set-up when Code.js has it', (ctx) => {
    const env = loadWorkbook();
    if (!env.has('setUpSampleCampaign')) ctx.skip();
    env.run('setUpSampleCampaign');
    env.workbook.recalculate();
    const sheet = env.workbook.sheetOrThrow('Units');
    const [header = []] = env.workbook.read('Units', `A1:${env.workbook.cellA1(1, sheet.maxColumns)}`);
    const col = header.indexOf('Value') + 1;
    expect(col).toBeGreaterThan(0);
    expect(env.workbook.values(sheet, { row: 2, col, numRows: 1, numCols: 1 })).toEqual([
      [expect.any(Number)],
    ]);
  });
});

describe('services', () => {
  it('counts reads and writes per method and per sheet, with a reset', () => {
    const { workbook, calls, run } = load();
    workbook.put('Data', 'A1', [[1], [2], [3]]);
    expect(calls.total).toBe(0); // the test's own access is not counted
    expect(run('copyColumn')).toBe(true); // arrays are the script's own (instanceof Array holds)
    expect(workbook.read('Data', 'B1:B3')).toEqual([[1], [2], [3]]);
    expect(calls.reads).toBe(2); // getSheetByName, getValues
    expect(calls.writes).toBe(1);
    expect(calls.byMethod.getValues).toBe(1);
    expect(calls.bySheet.Data?.setValues).toBe(1);
    expect(calls.writesOn('Data')).toBe(1);
    calls.reset();
    expect([calls.reads, calls.writes, calls.log.length]).toEqual([0, 0, 0]);
  });

  it('makes the nth chosen write fail, and only that one', () => {
    const { workbook, calls, run } = load();
    workbook.put('Data', 'A1', [[1], [2], [3]]);
    const fault = calls.failOn({ method: 'setValues', sheet: 'Data', nth: 2 });
    run('copyColumn');
    expect(() => run('copyColumn')).toThrow(/Service Spreadsheets failed/);
    expect(fault.fired).toBe(1);
    expect(() => run('copyColumn')).not.toThrow();
    calls.failOn({ method: 'setValues', message: 'quota' });
    expect(() => run('copyColumn')).toThrow('quota');
  });

  it('shares one document lock between executions', () => {
    const { run, lockAs, workbook } = load();
    expect(run('withLock', false)).toBe(true);
    expect(workbook.lock.owner).toBeNull(); // released when the execution ended
    const other = lockAs('another user');
    other.waitLock(0);
    expect(run('withLock', false)).toBe(false);
    expect(() => run('withLock', true)).toThrow(/Lock timeout/);
    // The other user finishes while this one waits.
    workbook.lock.onContention = () => other.releaseLock();
    expect(run('withLock', true)).toBe('locked');
    expect(run('holdLock')).toBe(true);
  });

  it('makes blank checkbox cells FALSE and reports validations by their enum names', () => {
    const { run } = load();
    expect(run('checkboxes')).toEqual({
      values: [[false], [false], [false]],
      types: ['CHECKBOX', 'VALUE_IN_LIST'],
      isCheckbox: true,
      list: [['Hold', 'Trap'], true],
      allowInvalid: false,
      help: 'A plan',
    });
  });

  it('records menus, alerts, toasts, the sidebar and document properties', () => {
    const { run, workbook } = load();
    expect(run('menu')).toBe('2024-01-05 13:04:05');
    expect(workbook.ui.menus).toEqual([
      {
        caption: 'Tools',
        items: [
          { caption: 'Copy', functionName: 'copyColumn' },
          { separator: true },
          { caption: 'Lock', functionName: 'withLock' },
        ],
      },
    ]);
    expect(workbook.ui.alerts).toEqual(['Done']);
    expect(workbook.ui.toasts).toEqual([{ message: 'Saved', title: 'Warcard', timeoutSeconds: 3 }]);
    expect(workbook.ui.sidebar).toMatchObject({ content: '<p>panel</p>', title: 'Panel' });
    expect(workbook.properties.get('seen')).toBe('yes');
  });

  it('says clearly when a function is missing', () => {
    expect(() => load().run('nothingHere')).toThrow('Script function not found: nothingHere');
  });
});

describe('values, formats and shapes as Sheets has them', () => {
  it('reads values, display values and formulas', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [[0.256, '3', 'TRUE', '=A1*2', '']]);
    const s = wb.sheetOrThrow('S');
    wb.setMeta(s, { row: 1, col: 1, numRows: 1, numCols: 1 }, 'numberFormat', '0.0%');
    expect(wb.read('S', 'A1:E1')).toEqual([[0.256, 3, true, 0.512, '']]);
    expect(wb.displayValues(s, { row: 1, col: 1, numRows: 1, numCols: 5 })).toEqual([
      ['25.6%', '3', 'TRUE', '0.512', ''],
    ]);
    expect(wb.formulas(s, { row: 1, col: 1, numRows: 1, numCols: 5 })).toEqual([['', '', '', '=A1*2', '']]);
    expect(wb.lastRow(s)).toBe(1);
    expect(wb.lastColumn(s)).toBe(4);
    expect([s.maxRows, s.maxColumns]).toEqual([1000, 26]);
  });

  it('grows a sheet for a paste beyond its size (put), as Sheets adds rows for a user', () => {
    const wb = new Workbook();
    wb.put('S', 'AB1200', [[1]]);
    expect([wb.sheetOrThrow('S').maxRows, wb.sheetOrThrow('S').maxColumns]).toEqual([1200, 28]);
  });

  it('fills a formula down a range with relative references moved', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [[1], [2], [3]]);
    const s = wb.sheetOrThrow('S');
    wb.writeFormula(s, { row: 1, col: 2, numRows: 3, numCols: 1 }, '=A1*$A$1+SUM(A1:A)');
    expect(wb.formulas(s, { row: 1, col: 2, numRows: 3, numCols: 1 })).toEqual([
      ['=A1*$A$1+SUM(A1:A)'],
      ['=A2*$A$1+SUM(A2:A)'],
      ['=A3*$A$1+SUM(A3:A)'],
    ]);
    expect(wb.read('S', 'B1:B3')).toEqual([[7], [7], [6]]);
  });
});

describe('snapshots', () => {
  it('round-trips values, formulas, validations, formats, sizes and properties', () => {
    const env = load();
    env.workbook.put('Data', 'A1', [[1], [''], [3], ['4/2/1']]);
    env.workbook.put('Data', 'C1', [['=DOUBLE(A1:A3)']]);
    env.run('checkboxes');
    env.run('menu');
    const data = env.workbook.sheetOrThrow('Data');
    env.workbook.setMeta(data, { row: 1, col: 3, numRows: 3, numCols: 1 }, 'numberFormat', '0%');
    env.workbook.setMeta(data, { row: 1, col: 1, numRows: 1, numCols: 1 }, 'note', 'first');
    data.frozenRows = 1;
    const boxes = env.workbook.sheetOrThrow('Boxes');
    env.workbook.write(boxes, { row: 2, col: 1, numRows: 1, numCols: 1 }, [[true]]);

    const json = JSON.stringify(env.workbook.snapshot());
    const again = load(JSON.parse(json));
    expect(JSON.stringify(again.workbook.snapshot())).toBe(json);
    expect(again.workbook.read('Data', 'C1:C3')).toEqual([[2], [''], [6]]);
    expect(again.workbook.cell('Data', 'C1').display).toBe('200%');
    expect(again.workbook.read('Boxes', 'A1:A3')).toEqual([[false], [true], [false]]);
    expect(again.workbook.properties.get('seen')).toBe('yes');
    expect(again.workbook.sheetOrThrow('Data').frozenRows).toBe(1);
    expect(onlyCell(again.workbook.read('Data', 'A4'))).toBeInstanceOf(Date); // typed text parsed as Sheets would
    expect(again.run('withLock', false)).toBe(true); // the script runs on the restored workbook
  });
});

describe('values the script returns', () => {
  it('a Date from the script’s realm is a Date to google.script.run’s rules too', () => {
    expect(() => toTransport(load().run('dateOut'))).toThrow(
      'value is a Date: google.script.run carries only',
    );
  });
});

describe('time limits, as Apps Script stops a call', () => {
  const SPINNING = `
/**
 * Never returns.
 * @param {number} n Anything.
 * @customfunction
 */
function SPIN(n) { for (;;) {} }

/**
 * Returns at once.
 * @param {number} n A number.
 * @customfunction
 */
function QUICK(n) { return n + 1; }

function spin() { for (;;) {} }
function quick() { return 'done'; }
`;
  /**
   * A limit short enough to wait out, long enough that the quick call beside the spinning one finishes within it
   * on a busy machine (50 ms did not, once, under two suites at once): the spinning call takes this long.
   */
  const SHORT_MS = 2_000;
  const spinning = (limits: { customFunctionMs?: number; executionMs?: number }) => {
    const htmlDir = mkdtempSync(join(tmpdir(), 'gas-spin-'));
    return loadWorkbook({ code: SPINNING, codePath: join(htmlDir, 'Code.js'), htmlDir, limits });
  };

  it('the limits are Google’s unless a test shortens them: 30 s a custom function, 6 minutes an execution', () => {
    expect(TIME_LIMITS).toEqual({ customFunctionMs: 30_000, executionMs: 360_000 });
  });

  it('a custom function past its limit shows #ERROR! with Google’s message; the others still compute', () => {
    const { workbook } = spinning({ customFunctionMs: SHORT_MS });
    workbook.put('Data', 'A1', [['=SPIN(1)', '=QUICK(1)']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'A1:B1')).toEqual([['#ERROR!', 2]]);
    expect(workbook.errorAt('Data', 'A1')).toBe(TIME_LIMIT_MESSAGE);
  });

  it('an execution past its limit throws Google’s message, and the script runs again afterwards', () => {
    const env = spinning({ executionMs: SHORT_MS });
    expect(() => env.run('spin')).toThrow(TIME_LIMIT_MESSAGE);
    expect(env.run('quick')).toBe('done');
    expect(env.has('__gasTimedCall')).toBe(false);
  });
});
