// The emulation is as strict as Google wherever Google's documentation says how Sheets behaves, so that no
// defect hides behind a kinder imitation: custom functions recompute after a change ("Loading..." until then),
// a spill past the sheet is #REF!, volatile arguments are refused, sheet names match without case, writes
// outside a sheet fail, the lock can be refused, error cells arrive as Google sends them, dates are in the
// spreadsheet's time zone, and the script can be loaded afresh for every call.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkbook, onlyCell, Workbook } from '../../dev/gas';

const SCRIPT = `
/**
 * Describes each argument as it arrived.
 * @customfunction
 */
function ARGS(a, b) {
  function kind(v) {
    if (v === undefined) return 'undefined';
    if (Array.isArray(v)) return v.map(function (r) { return r.map(kind).join(',') }).join(';');
    if (v instanceof Date) return 'date ' + v.toISOString();
    return typeof v + ' ' + String(v);
  }
  return [[kind(a), kind(b)]];
}

/**
 * Doubles a column.
 * @customfunction
 */
function DOUBLE(range) {
  return range.map(function (row) { return [row[0] === '' ? '' : row[0] * 2]; });
}

/**
 * Counts its own calls in a global: 1 every time when the script loads for every call.
 * @customfunction
 */
function CALLS() {
  calls = (typeof calls === 'number' ? calls : 0) + 1;
  return calls;
}

function writeAt(row) {
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('data').getRange(row, 1).setValues([['x']]);
}

function formats(format) {
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Data').getRange('A1:B1').setNumberFormats([[format, '0.0']]);
}

function lockState() {
  var lock = LockService.getDocumentLock();
  return lock === null ? 'no lock' : lock.tryLock(5000);
}

function zone() {
  return SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
}

function sheetNamed(name) {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(name);
  return sheet === null ? null : sheet.getName();
}

function addSheet(name) {
  SpreadsheetApp.getActiveSpreadsheet().insertSheet(name);
}
`;

const load = (options: { timeZone?: string; freshScript?: boolean } = {}) =>
  loadWorkbook({
    code: SCRIPT,
    codePath: join(mkdtempSync(join(tmpdir(), 'gas-strict-')), 'Code.js'),
    ...options,
  });

describe('custom functions recompute after a change, as in Sheets', () => {
  it('show "Loading..." until the workbook recalculates, and again after their input changes', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [[1], [2]]);
    workbook.put('Data', 'C1', [['=DOUBLE(A1:A2)']]);
    expect(workbook.loading).toBe(true);
    expect(workbook.read('Data', 'C1:C2')).toEqual([['Loading...'], ['']]);
    expect(workbook.recalculate()).toBe(1);
    expect(workbook.read('Data', 'C1:C2')).toEqual([[2], [4]]);
    workbook.put('Data', 'A2', [[5]]);
    expect(workbook.read('Data', 'C1:C2')).toEqual([['Loading...'], ['']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'C1:C2')).toEqual([[2], [10]]);
    workbook.put('Data', 'E1', [['unrelated']]);
    expect(workbook.loading).toBe(false);
  });

  it('a script that writes and reads at once sees "Loading..." in the computed cells', () => {
    const { workbook, run } = load();
    workbook.put('Data', 'A1', [[1], [2]]);
    workbook.put('Data', 'C1', [['=DOUBLE(A1:A2)']]);
    workbook.recalculate();
    run('writeAt', 2);
    expect(workbook.read('Data', 'C1')).toEqual([['Loading...']]);
  });
});

describe('spills', () => {
  it('a result that runs past the sheet’s last row is #REF!, and spills once the rows are there', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [[1], [2], [3]]);
    const data = workbook.sheetOrThrow('Data');
    workbook.put('Data', 'B999', [['=DOUBLE(A1:A3)']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'B999')).toEqual([['#REF!']]);
    expect(workbook.errorAt('Data', 'B999')).toBe(
      'Result was not automatically expanded, please insert more rows (1).',
    );
    workbook.insertRows(data, 1000, 5);
    workbook.recalculate();
    expect(workbook.read('Data', 'B999:B1001')).toEqual([[2], [4], [6]]);
  });
});

describe('volatile functions', () => {
  it('are refused as a custom function’s argument, directly or in a cell it reads', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [['=RAND()'], [3]]);
    workbook.put('Data', 'C1', [['=ARGS(A1:A2)'], ['=ARGS(RANDBETWEEN(1, 100))'], ['=ARGS(A2)']]);
    workbook.recalculate();
    const message = 'This function is not allowed to reference a cell with NOW(), RAND(), or RANDBETWEEN().';
    expect(workbook.read('Data', 'C1:C2')).toEqual([['#ERROR!'], ['#ERROR!']]);
    expect([workbook.errorAt('Data', 'C1'), workbook.errorAt('Data', 'C2')]).toEqual([message, message]);
    expect(workbook.read('Data', 'C3:D3')).toEqual([['number 3', 'undefined']]);
  });

  it('roll again on every edit anywhere, as a Roll typed =RANDBETWEEN(1,100) does in Sheets', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [['=RANDBETWEEN(1, 1000000000)']]);
    const seen = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      workbook.put('Data', 'Z9', [[i]]);
      seen.add(onlyCell(workbook.read('Data', 'A1')));
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('arguments as Google sends them', () => {
  it('an error in a single-cell argument is the result, without a call; in a range it arrives as its text', () => {
    const { workbook } = load();
    workbook.put('Data', 'A1', [['=NA()'], [2]]);
    workbook.put('Data', 'C1', [['=ARGS(A1)'], ['=ARGS(A1:A2, A2)']]);
    workbook.recalculate();
    expect(workbook.read('Data', 'C1')).toEqual([['#N/A']]);
    expect(workbook.read('Data', 'C2:D2')).toEqual([['string #N/A;number 2', 'number 2']]);
  });

  it('a date arrives as its midnight in the spreadsheet’s time zone, as getValues gives it', () => {
    const { workbook, run } = load({ timeZone: 'Asia/Tokyo' });
    workbook.put('Data', 'A1', [['2024-01-05']]);
    workbook.put('Data', 'C1', [['=ARGS(A1)']]);
    workbook.recalculate();
    const midnight = '2024-01-04T15:00:00.000Z';
    expect(workbook.read('Data', 'C1')).toEqual([[`date ${midnight}`]]);
    expect(workbook.read('Data', 'A1')).toEqual([[new Date(midnight)]]);
    expect(workbook.cell('Data', 'A1').display).toBe('1/5/2024');
    expect(run('zone')).toBe('Asia/Tokyo');
    expect(workbook.snapshot().timeZone).toBe('Asia/Tokyo');
  });
});

describe('sheets and ranges', () => {
  it('sheet names match without case, and a second sheet differing only in case is refused', () => {
    const { workbook, run } = load();
    workbook.put('Data', 'A1', [[1], [2]]);
    expect(run('sheetNamed', 'DATA')).toBe('Data');
    expect(run('sheetNamed', 'Other')).toBeNull();
    expect(() => run('addSheet', 'data')).toThrow(
      'A sheet with the name "data" already exists. Please enter another name.',
    );
    workbook.put('data', 'C1', [['=DOUBLE(data!A1:A2)']]);
    workbook.recalculate();
    expect(workbook.read('DATA', 'C1:C2')).toEqual([[2], [4]]);
  });

  it('a script’s range outside the sheet fails, as Google’s does; the sheet keeps its size', () => {
    const { workbook, run } = load();
    workbook.put('Data', 'A1', [[1]]);
    expect(() => run('writeAt', 1001)).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(workbook.sheetOrThrow('Data').maxRows).toBe(1000);
    run('writeAt', 1000);
    expect(workbook.read('Data', 'A1000')).toEqual([['x']]);
  });

  it('refuses an empty number format, which Google does not document', () => {
    const { workbook, run } = load();
    workbook.put('Data', 'A1', [[1]]);
    expect(() => run('formats', '')).toThrow(/Invalid number format pattern ""/);
    run('formats', '0%');
    expect(workbook.cell('Data', 'A1').display).toBe('100%');
  });
});

describe('the document lock', () => {
  it('may be no lock at all, or time out while another user holds it', () => {
    const { workbook, run, lockAs } = load();
    workbook.lock.available = false;
    expect(run('lockState')).toBe('no lock');
    workbook.lock.available = true;
    lockAs('another user').tryLock(0);
    expect(run('lockState')).toBe(false);
    expect(workbook.lock.waits).toEqual([{ waiter: 'execution-2', timeoutInMillis: 5000 }]);
  });
});

describe('loading the script', () => {
  it('afresh for every call (freshScript), as Apps Script does: no global survives a call', () => {
    const once = load();
    const fresh = load({ freshScript: true });
    for (const { workbook } of [once, fresh]) {
      workbook.put('Data', 'A1', [['=CALLS()'], ['=CALLS()'], ['=CALLS()']]);
      workbook.recalculate();
    }
    expect(fresh.workbook.read('Data', 'A1:A3')).toEqual([[1], [1], [1]]);
    expect(onlyCell(once.workbook.read('Data', 'A3'))).toBeGreaterThan(1);
  });
});

describe('a workbook without a script', () => {
  it('computes built-in formulas at once (only custom functions wait)', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [[2, '=A1*3']]);
    expect(wb.read('S', 'B1')).toEqual([[6]]);
  });
});
