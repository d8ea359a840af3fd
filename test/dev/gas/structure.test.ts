// Rows and columns inserted: cells, formats, widths and formulas move with them, the sheet grows, open ranges
// still run to the (new) last row, arrays take their size again; Google's refusals for a bad position or count.
import { describe, expect, it } from 'vitest';
import { type CustomFunctionHost, Workbook } from '../../../dev/gas';

const box = (row: number, col: number, numRows = 1, numCols = 1) => ({ row, col, numRows, numCols });

function units() {
  const wb = new Workbook();
  wb.put('Units', 'A1', [
    ['Unit', 'Morale'],
    ['Guards', 2],
    ['Knights', 3],
  ]);
  wb.put('Units', 'D1', [['=SUM(B2:B3)', '=COUNTA(A2:A)']]);
  return { wb, model: wb.sheetOrThrow('Units') };
}

describe('insertRows', () => {
  it('rows after the position move down with their formats; formulas follow; the sheet grows', () => {
    const { wb, model } = units();
    wb.setMeta(model, box(3, 1), 'fontWeight', 'bold');
    wb.insertRows(model, 1, 2);
    expect(model.maxRows).toBe(1002);
    expect(wb.read('Units', 'A1:B5')).toEqual([
      ['Unit', 'Morale'],
      ['', ''],
      ['', ''],
      ['Guards', 2],
      ['Knights', 3],
    ]);
    expect(model.metaAt(4, 0)).toEqual({ fontWeight: 'bold' });
    expect(model.metaAt(2, 0)).toBeUndefined();
    expect(wb.formulaAt(model, 0, 3)).toBe('=SUM(B4:B5)');
    expect(wb.read('Units', 'D1')).toEqual([[5]]);
  });

  it('an open range stays open and runs to the new last row', () => {
    const { wb, model } = units();
    wb.insertRows(model, 3, 5);
    expect(wb.formulaAt(model, 0, 4)).toBe('=COUNTA(A2:A)');
    wb.put('Units', 'A1005', [['Archers']]);
    expect(wb.read('Units', 'E1')).toEqual([[3]]);
  });

  it('an open range on another sheet follows that sheet growing', () => {
    const { wb, model } = units();
    wb.put('Armies', 'A1', [['=COUNTA(Units!A2:A)']]);
    wb.insertRows(model, 1000, 10);
    wb.put('Units', 'A1010', [['Archers']]);
    expect(wb.read('Armies', 'A1')).toEqual([[3]]);
    expect(wb.formulaAt(wb.sheetOrThrow('Armies'), 0, 0)).toBe('=COUNTA(Units!A2:A)');
  });

  it('after the last row: the sheet grows and nothing moves', () => {
    const { wb, model } = units();
    wb.insertRows(model, 1000, 1);
    expect(model.maxRows).toBe(1001);
    expect(wb.read('Units', 'A2:B3')).toEqual([
      ['Guards', 2],
      ['Knights', 3],
    ]);
  });

  it.each([
    [1, 0, 'The number of rows must be at least 1.'],
    [-1, 1, 'The coordinates of the range are outside the dimensions of the sheet.'],
    [1001, 1, 'The coordinates of the range are outside the dimensions of the sheet.'],
  ])('after %i, %i rows: %s, nothing changed', (after, howMany, message) => {
    const { wb, model } = units();
    expect(() => wb.insertRows(model, after, howMany)).toThrow(message);
    expect(model.maxRows).toBe(1000);
    expect(wb.read('Units', 'A2')).toEqual([['Guards']]);
  });

  it('an array formula takes its size again once rows move under it', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [['={1;2;3}']]);
    const model = wb.sheetOrThrow('S');
    wb.insertRows(model, 1, 1);
    expect(wb.read('S', 'A1:A4')).toEqual([[1], [2], [3], ['']]);
  });

  it('a custom function result that did not fit its sheet spills once the sheet grows', () => {
    const host: CustomFunctionHost = { names: ['THREE'], call: () => [[1], [2], [3]] };
    const wb = new Workbook({ customFunctions: host });
    const model = wb.addSheet('S', { rows: 2, columns: 2 });
    wb.put('S', 'A1', [['=THREE()']]);
    wb.recalculate();
    expect(wb.read('S', 'A1')).toEqual([['#REF!']]);
    wb.insertRows(model, 2, 1);
    wb.recalculate();
    expect(wb.read('S', 'A1:A3')).toEqual([[1], [2], [3]]);
  });
});

describe('insertColumns', () => {
  it('columns after the position move right with their formats and widths; formulas follow', () => {
    const { wb, model } = units();
    wb.setMeta(model, box(2, 2), 'background', '#ffcc00');
    model.columnWidths.set(1, 150);
    model.columnWidths.set(0, 90);
    wb.insertColumns(model, 1, 2);
    expect(model.maxColumns).toBe(28);
    expect(wb.read('Units', 'A2:D2')).toEqual([['Guards', '', '', 2]]);
    expect(model.metaAt(1, 3)).toEqual({ background: '#ffcc00' });
    expect(model.metaAt(1, 1)).toBeUndefined();
    expect([...model.columnWidths.entries()].sort(([a], [b]) => a - b)).toEqual([
      [0, 90],
      [3, 150],
    ]);
    expect(wb.formulaAt(model, 0, 5)).toBe('=SUM(D2:D3)');
    expect(wb.read('Units', 'F1:G1')).toEqual([[5, 2]]);
  });

  it.each([
    [1, 0, 'The number of columns must be at least 1.'],
    [27, 1, 'The coordinates of the range are outside the dimensions of the sheet.'],
  ])('after %i, %i columns: %s, nothing changed', (after, howMany, message) => {
    const { wb, model } = units();
    expect(() => wb.insertColumns(model, after, howMany)).toThrow(message);
    expect(model.maxColumns).toBe(26);
    expect(wb.read('Units', 'B2')).toEqual([[2]]);
  });
});
