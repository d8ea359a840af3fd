// Range, Sheet and Spreadsheet as the product calls them: data must match the range's shape, ranges lie inside
// their sheet, and every refusal says what Google says.
import { describe, expect, it } from 'vitest';
import { EmulatedSpreadsheet, Workbook } from '../../../dev/gas';

function units() {
  const wb = new Workbook();
  wb.put('Units', 'A1', [
    ['Unit', 'Morale'],
    ['Guards', 2],
  ]);
  const sheet = new EmulatedSpreadsheet(wb).getSheetByName('units');
  if (!sheet) throw new Error('getSheetByName found no Units sheet');
  return { wb, sheet };
}

describe('Range', () => {
  it('reads and writes values, counting each call', () => {
    const { wb, sheet } = units();
    const range = sheet.getRange(2, 1, 1, 2);
    expect(range.getValues()).toEqual([['Guards', 2]]);
    range.setValues([['Knights', 3]]);
    expect(wb.read('Units', 'A2:B2')).toEqual([['Knights', 3]]);
    expect(range.getA1Notation()).toBe('A2:B2');
    expect(wb.calls.byMethod).toEqual({
      getSheetByName: 1,
      getRange: 1,
      getValues: 1,
      setValues: 1,
      getA1Notation: 1,
    });
  });

  it.each([
    [
      [['x']],
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
    ],
    [
      [['x'], ['y', 'z']],
      'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
    ],
    ['x', "The parameters (number[][]) don't match the method signature."],
  ])('refuses data of another shape: %j', (data, message) => {
    const { sheet } = units();
    expect(() => sheet.getRange('A1:B2').setValues(data as unknown[][])).toThrow(message);
  });

  it('refuses a range outside the sheet, or of no rows', () => {
    const { sheet } = units();
    expect(() => sheet.getRange(1001, 1)).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(() => sheet.getRange(1, 27)).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(() => sheet.getRange(1, 1, 0, 1)).toThrow('The number of rows in the range must be at least 1.');
    expect(() => sheet.getRange('Units!A1:B')).not.toThrow();
    expect(() => sheet.getRange('Armies!A1')).toThrow('Range not found');
    expect(() => sheet.getRange('nonsense')).toThrow('Range not found');
  });

  it('keeps formats and validations per cell, and a blank made a checkbox reads FALSE', () => {
    const { wb, sheet } = units();
    // A plain object where a script should pass a built rule.
    expect(() => sheet.getRange('C2').setDataValidation({} as never)).toThrow(
      "The parameters (Object) don't match the method signature for Range.setDataValidation.",
    );
    sheet.getRange('B2').setNumberFormat('0.0');
    expect(sheet.getRange('A2:B2').getNumberFormats()).toEqual([['0.###############', '0.0']]);
    expect(() => sheet.getRange('B2').setNumberFormat(' ')).toThrow('Invalid number format pattern " "');
    expect(wb.cell('Units', 'B2').display).toBe('2.0');
  });
});

describe('notes, as Google documents them', () => {
  it('sets one note over a range or a grid of its shape, reads the first cell’s or every cell’s, and clears', () => {
    const { wb, sheet } = units();
    sheet.getRange('A1:B1').setNotes([['The unit’s name', null]]);
    expect(sheet.getRange('A1').getNote()).toBe('The unit’s name');
    expect(sheet.getRange('B1:B2').getNote()).toBe('');
    expect(sheet.getRange('A1:B2').getNotes()).toEqual([
      ['The unit’s name', ''],
      ['', ''],
    ]);
    sheet.getRange('A2:B2').setNote('Both');
    expect(sheet.getRange('A2:B2').getNotes()).toEqual([['Both', 'Both']]);
    sheet.getRange('A1:B2').setNote('');
    expect(sheet.getRange('A1:B2').getNotes()).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(wb.calls.byMethod.setNotes).toBe(1);
    expect(wb.calls.byMethod.getNotes).toBe(3);
    // Reads: getSheetByName, two getNote, three getNotes.
    expect([wb.calls.writes, wb.calls.reads]).toEqual([3, 6]);
  });

  it('refuses a grid of another shape, and a note that is not text, writing nothing', () => {
    const { sheet } = units();
    expect(() => sheet.getRange('A1:B1').setNotes([['Only one']])).toThrow(
      'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
    );
    expect(() => sheet.getRange('A1').setNotes([[3 as unknown as string]])).toThrow(
      /don't match the method signature for SpreadsheetApp\.Range\.setNotes/,
    );
    expect(() => sheet.getRange('A1').setNote(3 as unknown as string)).toThrow(
      /don't match the method signature for SpreadsheetApp\.Range\.setNote/,
    );
    expect(sheet.getRange('A1:B1').getNotes()).toEqual([['', '']]);
  });
});

describe('Sheet and Spreadsheet', () => {
  it('report size and last row and column with content', () => {
    const { sheet } = units();
    expect([sheet.getLastRow(), sheet.getLastColumn(), sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([
      2, 2, 1000, 26,
    ]);
    expect(sheet.getDataRange().getA1Notation()).toBe('A1:B2');
  });

  it('give the values to the last row and column with data for -1 rows or columns (getSheetValues), one read each', () => {
    const { wb, sheet } = units();
    wb.put('Units', 'D4', [['note']]);
    const whole = sheet.getDataRange().getValues();
    expect(whole).toHaveLength(4);
    wb.calls.reset();
    expect(sheet.getSheetValues(1, 1, -1, -1)).toEqual(whole);
    expect(sheet.getSheetValues(2, 1, -1, 2)).toEqual([
      ['Guards', 2],
      ['', ''],
      ['', ''],
    ]);
    expect(sheet.getSheetValues(1, 2, 2, -1)).toEqual([
      ['Morale', '', ''],
      [2, '', ''],
    ]);
    expect(wb.calls.log.map((c) => [c.method, c.kind, c.a1])).toEqual([
      ['getSheetValues', 'read', 'A1:D4'],
      ['getSheetValues', 'read', 'A2:B4'],
      ['getSheetValues', 'read', 'B1:D2'],
    ]);
    // Where Google is silent, the stricter: a -1 start, or no row with data to reach (an empty sheet), is refused
    // as getRange refuses it.
    expect(() => sheet.getSheetValues(-1, 1, 1, 1)).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    const empty = new EmulatedSpreadsheet(wb).insertSheet('Empty');
    expect(() => empty.getSheetValues(1, 1, -1, -1)).toThrow(
      'The number of rows in the range must be at least 1.',
    );
    expect(() => sheet.getSheetValues(1, 1, 1001, 1)).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
  });

  it('insert rows after a position, moving content down', () => {
    const { wb, sheet } = units();
    sheet.insertRowsAfter(1, 2);
    expect(wb.read('Units', 'A1:A4')).toEqual([['Unit'], [''], [''], ['Guards']]);
    expect(sheet.getMaxRows()).toBe(1002);
    expect(() => sheet.insertRowsAfter(1, 0)).toThrow('The number of rows must be at least 1.');
  });

  it('refuse frozen rows past the sheet, and a second sheet of the same name in any case', () => {
    const { wb, sheet } = units();
    expect(() => sheet.setFrozenRows(1001)).toThrow('Invalid number of frozen rows.');
    sheet.setFrozenRows(1);
    expect(sheet.getFrozenRows()).toBe(1);
    expect(() => new EmulatedSpreadsheet(wb).insertSheet('UNITS')).toThrow(
      'A sheet with the name "UNITS" already exists. Please enter another name.',
    );
  });
});
