// Cells as Apps Script writes them: typed text parsed as Sheets parses it, formulas filled with their relative
// references moved, formats, notes and validations (a blank cell made a checkbox reads FALSE), and Google's
// refusals for a range outside its sheet.
import { describe, expect, it } from 'vitest';
import { Workbook } from '../../../dev/gas';
import type { ValidationSpec } from '../../../dev/gas';

const box = (row: number, col: number, numRows = 1, numCols = 1) => ({ row, col, numRows, numCols });
const CHECKBOX: ValidationSpec = { criteria: 'CHECKBOX', values: [], allowInvalid: false, helpText: null };

function sheet(size?: { rows?: number; columns?: number }) {
  const wb = new Workbook();
  return { wb, model: wb.addSheet('S', size) };
}

describe('write (setValues)', () => {
  it.each([
    ['a number', 3, 3],
    ['a boolean', false, false],
    ['text', 'Guards', 'Guards'],
    ['text that is a number', '12', 12],
    ['text that is a percent', '50%', 0.5],
    ['"=..." text: a formula', '=2+3', 5],
    ['NaN', Number.NaN, 'NaN'],
    ['null: blank', null, ''],
    ['undefined: blank', undefined, ''],
  ])('%s: %j reads %j', (_, value, read) => {
    const { wb, model } = sheet();
    wb.write(model, box(1, 1), [[value]]);
    expect(wb.read('S', 'A1')).toEqual([[read]]);
  });

  it('a Date is written as its wall clock in the spreadsheet time zone', () => {
    const wb = new Workbook({ timeZone: 'Asia/Tokyo' });
    const model = wb.addSheet('S');
    wb.write(model, box(1, 1), [[new Date('2024-03-01T15:00:00Z')]]);
    expect(wb.displayValues(model, box(1, 1))).toEqual([['3/2/2024 0:00:00']]);
  });

  it('text in a cell formatted as plain text ("@") stays text, formulas too', () => {
    const { wb, model } = sheet();
    wb.setMeta(model, box(1, 1, 1, 2), 'numberFormat', '@');
    wb.write(model, box(1, 1, 1, 2), [['12', '=1+1']]);
    expect(wb.read('S', 'A1:B1')).toEqual([['12', '=1+1']]);
    expect(wb.formulas(model, box(1, 1, 1, 2))).toEqual([['', '']]);
  });

  it('writes the whole box at once, keeping cells outside it', () => {
    const { wb, model } = sheet();
    wb.write(model, box(1, 1, 2, 2), [
      [1, 2],
      [3, 4],
    ]);
    wb.write(model, box(2, 2), [['x']]);
    expect(wb.read('S', 'A1:B2')).toEqual([
      [1, 2],
      [3, 'x'],
    ]);
  });

  it.each([
    [box(10, 1, 2, 1), 'The coordinates of the range are outside the dimensions of the sheet.'],
    [box(1, 3, 1, 2), 'The coordinates of the range are outside the dimensions of the sheet.'],
    [box(1, 1, 0, 1), 'The number of rows in the range must be at least 1.'],
  ])('refuses %j on a 10 x 3 sheet, writing nothing', (b, message) => {
    const { wb, model } = sheet({ rows: 10, columns: 3 });
    const before = wb.ui.version;
    const values = Array.from({ length: b.numRows }, () => Array(b.numCols).fill('x'));
    expect(() => wb.write(model, b, values)).toThrow(message);
    expect(wb.lastRow(model)).toBe(0);
    expect(wb.ui.version).toBe(before);
  });
});

describe('formulas', () => {
  it('setFormula on a range fills it, relative references moved, absolute ones kept', () => {
    const { wb, model } = sheet();
    wb.write(model, box(1, 1, 3, 1), [[1], [2], [3]]);
    wb.writeFormula(model, box(1, 2, 3, 1), '=A1*$A$1*10');
    expect(wb.formulas(model, box(1, 2, 3, 1))).toEqual([['=A1*$A$1*10'], ['=A2*$A$1*10'], ['=A3*$A$1*10']]);
    expect(wb.read('S', 'B1:B3')).toEqual([[10], [20], [30]]);
  });

  it('setFormulas: "=" added when missing, "" blanks the cell', () => {
    const { wb, model } = sheet();
    wb.write(model, box(1, 1, 1, 3), [[1, 'old', 'old']]);
    wb.writeFormulas(model, box(1, 2, 1, 2), [['A1+1', '']]);
    expect(wb.read('S', 'A1:C1')).toEqual([[1, 2, '']]);
    expect(wb.formulas(model, box(1, 2, 1, 2))).toEqual([['=A1+1', '']]);
  });

  it('an open range is kept open and marked; a value written over it drops the mark', () => {
    const { wb, model } = sheet();
    wb.writeFormula(model, box(1, 2), '=COUNTA(A2:A)');
    expect(model.metaAt(0, 1)).toEqual({ open: true });
    expect(wb.formulaAt(model, 0, 1)).toBe('=COUNTA(A2:A)');
    wb.write(model, box(3, 1), [['Guards']]);
    expect(wb.read('S', 'B1')).toEqual([[1]]);
    wb.write(model, box(1, 2), [[5]]);
    expect(model.metaAt(0, 1)).toBeUndefined();
  });

  it('refuses a formula range outside the sheet', () => {
    const { wb, model } = sheet({ rows: 10, columns: 3 });
    expect(() => wb.writeFormula(model, box(10, 1, 2, 1), '=1')).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(wb.lastRow(model)).toBe(0);
  });
});

describe('clear, formats, notes and validations', () => {
  it('clear empties values and formulas and keeps formats; a checkbox is unticked', () => {
    const { wb, model } = sheet();
    wb.setMeta(model, box(1, 1), 'numberFormat', '0.00');
    wb.setMeta(model, box(1, 2), 'validation', CHECKBOX);
    wb.write(model, box(1, 1, 1, 3), [[1.5, true, '=1+1']]);
    wb.clear(model, box(1, 1, 1, 3));
    expect(wb.read('S', 'A1:C1')).toEqual([['', false, '']]);
    expect(model.metaAt(0, 0)).toEqual({ numberFormat: '0.00' });
    expect(model.metaAt(0, 1)).toEqual({ validation: CHECKBOX });
  });

  it('a blank cell made a checkbox reads FALSE; a filled one keeps its value', () => {
    const { wb, model } = sheet();
    wb.write(model, box(2, 1), [[true]]);
    wb.setMeta(model, box(1, 1, 3, 2), 'validation', CHECKBOX);
    expect(wb.read('S', 'A1:B3')).toEqual([
      [false, false],
      [true, false],
      [false, false],
    ]);
  });

  it('one value per cell, null clears it', () => {
    const { wb, model } = sheet();
    wb.setMeta(model, box(1, 1, 1, 2), 'note', [['first', 'second']]);
    expect([model.metaAt(0, 0), model.metaAt(0, 1)]).toEqual([{ note: 'first' }, { note: 'second' }]);
    wb.setMeta(model, box(1, 1, 1, 2), 'note', [[null as unknown as string, 'kept']]);
    expect([model.metaAt(0, 0), model.metaAt(0, 1)]).toEqual([undefined, { note: 'kept' }]);
  });

  it('per-cell values too few for the range: an error naming the cell', () => {
    const { wb, model } = sheet();
    expect(() => wb.setMeta(model, box(1, 1, 2, 2), 'note', [['a', 'b'], ['c']])).toThrow(
      'setMeta(note): no value for row 2, column 2 of the range',
    );
  });

  it('refuses formats outside the sheet', () => {
    const { wb, model } = sheet({ rows: 10, columns: 3 });
    expect(() => wb.setMeta(model, box(1, 4), 'fontWeight', 'bold')).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect([...model.metas()]).toEqual([]);
  });
});
