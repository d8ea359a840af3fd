// The document under every call: sheets by name without case, their ids and sizes, ranges that must lie inside
// their sheet (Google's messages), A1 notation on a sheet, and every call counted (faults injected, writes
// refused inside a custom function).
import { describe, expect, it } from 'vitest';
import { Workbook } from '../../../dev/gas';

describe('sheets by name', () => {
  it('finds a sheet whatever the case of its name', () => {
    const wb = new Workbook();
    const units = wb.addSheet('Units');
    expect(wb.sheet('UNITS')).toBe(units);
    expect(wb.sheet('units')).toBe(units);
    expect(wb.sheetOrThrow('uNiTs')).toBe(units);
    expect(wb.sheet('Armies')).toBeUndefined();
  });

  it('refuses a second sheet of the same name in another case, with Google message', () => {
    const wb = new Workbook();
    wb.addSheet('Units');
    expect(() => wb.addSheet('UNITS')).toThrow(
      'A sheet with the name "UNITS" already exists. Please enter another name.',
    );
    expect(wb.sheets.map((s) => s.name)).toEqual(['Units']);
  });

  it('sheetOrThrow names the sheets there are', () => {
    const wb = new Workbook();
    expect(() => wb.sheetOrThrow('Units')).toThrow('No sheet "Units" (sheets: none)');
    wb.addSheet('Units');
    wb.addSheet('Armies');
    expect(() => wb.sheetOrThrow('Battles')).toThrow('No sheet "Battles" (sheets: Units, Armies)');
  });

  it('the first sheet has id 0, the others distinct ids; sizes default to 1000 x 26', () => {
    const wb = new Workbook();
    const a = wb.addSheet('A');
    const b = wb.addSheet('B');
    const c = wb.addSheet('C', { rows: 5, columns: 3, sheetId: 77 });
    expect([a.sheetId, b.sheetId, c.sheetId]).toEqual([0, 100_007_919, 77]);
    expect([a.maxRows, a.maxColumns, c.maxRows, c.maxColumns]).toEqual([1000, 26, 5, 3]);
    expect(wb.sheetIds()).toEqual([a.hfId, b.hfId, c.hfId]);
    expect(wb.maxRowsOf('c')).toBe(5);
    expect(wb.maxRowsOf('missing')).toBe(1000);
  });

  it('a formula naming a sheet before it exists computes once the sheet is added', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [['=Later!A1*2']]);
    expect(wb.read('S', 'A1')).toEqual([['#REF!']]);
    wb.put('Later', 'A1', [[21]]);
    expect(wb.read('S', 'A1')).toEqual([[42]]);
  });

  it('each change bumps the ui version', () => {
    const wb = new Workbook();
    const v0 = wb.ui.version;
    wb.addSheet('A');
    expect(wb.ui.version).toBe(v0 + 1);
  });

  it('keeps its name, id and time zone', () => {
    expect([new Workbook().id, new Workbook().name, new Workbook().timeZone]).toEqual([
      'emulated-spreadsheet',
      'Warcard campaign',
      'Etc/UTC',
    ]);
    const wb = new Workbook({ id: 'x1', name: 'Anuire', timeZone: 'Europe/Paris' });
    expect([wb.id, wb.name, wb.timeZone]).toEqual(['x1', 'Anuire', 'Europe/Paris']);
  });
});

describe('bounds', () => {
  const outside = 'The coordinates of the range are outside the dimensions of the sheet.';
  it.each([
    [{ row: 1, col: 1, numRows: 10, numCols: 3 }, undefined],
    [{ row: 10, col: 3, numRows: 1, numCols: 1 }, undefined],
    [{ row: 11, col: 1, numRows: 1, numCols: 1 }, outside],
    [{ row: 1, col: 4, numRows: 1, numCols: 1 }, outside],
    [{ row: 9, col: 1, numRows: 3, numCols: 1 }, outside],
    [{ row: 0, col: 1, numRows: 1, numCols: 1 }, outside],
    [{ row: 1, col: 0, numRows: 1, numCols: 1 }, outside],
    [{ row: 1, col: 1, numRows: 0, numCols: 1 }, 'The number of rows in the range must be at least 1.'],
    [{ row: 1, col: 1, numRows: 1, numCols: 0 }, 'The number of columns in the range must be at least 1.'],
  ])('a 10 x 3 sheet: %j -> %s', (box, message) => {
    const wb = new Workbook();
    const model = wb.addSheet('S', { rows: 10, columns: 3 });
    if (message === undefined) expect(() => wb.fit(model, box)).not.toThrow();
    else expect(() => wb.fit(model, box)).toThrow(message);
  });

  it.each([
    ['B2', { row: 2, col: 2, numRows: 1, numCols: 1 }],
    ['A1:C2', { row: 1, col: 1, numRows: 2, numCols: 3 }],
    ['s!A2:B', { row: 2, col: 1, numRows: 9, numCols: 2 }],
    ["'S'!C3", { row: 3, col: 3, numRows: 1, numCols: 1 }],
  ])('A1 %s on sheet S (10 x 3) is %j', (a1, box) => {
    const wb = new Workbook();
    const model = wb.addSheet('S', { rows: 10, columns: 3 });
    expect(wb.boxOf(model, a1)).toEqual(box);
  });

  it.each(['Other!A1', 'nonsense', ''])('A1 %j on sheet S is "Range not found"', (a1) => {
    const wb = new Workbook();
    const model = wb.addSheet('S');
    expect(() => wb.boxOf(model, a1)).toThrow('Range not found');
  });
});

describe('counting calls', () => {
  it('records each call by method and sheet', () => {
    const wb = new Workbook();
    wb.track('getValues', 'Units', 'A1:B2');
    wb.track('getValues', 'Units', 'C1');
    wb.track('setValues', 'Armies', 'A1');
    expect(wb.calls.byMethod).toEqual({ getValues: 2, setValues: 1 });
    expect([wb.calls.reads, wb.calls.writes]).toEqual([2, 1]);
  });

  it('an injected fault throws on the named call, naming the document as Google does', () => {
    const wb = new Workbook({ id: 'doc-7' });
    wb.calls.failOn({ method: 'setValues', sheet: 'Battles', nth: 2 });
    expect(() => wb.track('setValues', 'Battles', 'A1')).not.toThrow();
    expect(() => wb.track('setValues', 'Units', 'A1')).not.toThrow();
    expect(() => wb.track('setValues', 'Battles', 'A2')).toThrow(
      'Service Spreadsheets failed while accessing document with id doc-7.',
    );
    expect(() => wb.track('setValues', 'Battles', 'A3')).not.toThrow();
  });

  it('a write inside a custom function is refused with Google message; a read is not', () => {
    const wb = new Workbook();
    wb.inCustomFunction = true;
    expect(() => wb.track('getValues', 'Units', 'A1')).not.toThrow();
    expect(() => wb.track('setValues', 'Units', 'A1')).toThrow(
      'You do not have permission to call Range.setValues. Custom functions may only read.',
    );
    expect(() => wb.track('insertRowsAfter', 'Units', undefined, 'Sheet')).toThrow(
      'You do not have permission to call Sheet.insertRowsAfter. Custom functions may only read.',
    );
  });
});
