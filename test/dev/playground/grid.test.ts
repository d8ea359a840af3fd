// A sheet as the playground's page shows it: each cell's text, formula, kind, checkbox or dropdown, formats,
// conditional colours and errors.
import { describe, expect, it } from 'vitest';
import { type CustomFunctionHost, Workbook } from '../../../dev/gas';
import { gridView } from '../../../dev/playground/grid';

const host: CustomFunctionHost = {
  names: ['PAIR', 'FAIL'],
  call(name) {
    if (name === 'PAIR') return [[1], [2]];
    throw new Error('units is empty');
  },
};

function battles(): Workbook {
  // A made-up sheet of a few columns, not the campaign's Battles.
  const wb = new Workbook({ customFunctions: host });
  wb.put('Grid', 'A1', [
    ['Battle', 'Home', 'Plan', 'Value', 'Odds'],
    ['Ford', '', 'Trap', 0.25, '=PAIR()'],
    ['Hill', true, 'Charge', 3, '=FAIL()'],
  ]);
  const sheet = wb.sheetOrThrow('Grid');
  const box = (row: number, col: number, numRows = 1) => ({ row, col, numRows, numCols: 1 });
  wb.setMeta(sheet, box(2, 2, 2), 'validation', {
    criteria: 'CHECKBOX',
    values: [],
    allowInvalid: false,
    helpText: null,
  });
  wb.setMeta(sheet, box(2, 3, 2), 'validation', {
    criteria: 'VALUE_IN_LIST',
    values: [['Hold', 'Trap'], true],
    allowInvalid: true,
    helpText: null,
  });
  wb.setMeta(sheet, box(2, 4), 'numberFormat', '0%');
  wb.setMeta(sheet, { row: 1, col: 1, numRows: 1, numCols: 5 }, 'fontWeight', 'bold');
  wb.setMeta(sheet, box(3, 1), 'note', 'fought');
  sheet.conditionalRules = [{ formula: '=$D2>1', background: '#fce8e6', fontColor: null, ranges: ['A2:A3'] }];
  sheet.columnWidths.set(1, 140);
  sheet.frozenRows = 1;
  wb.recalculate();
  return wb;
}

describe('gridView', () => {
  it('shows each cell as the page draws it', () => {
    const wb = battles();
    const view = gridView(wb, wb.sheetOrThrow('Grid'), 4);
    expect({ ...view, cells: undefined }).toEqual({
      name: 'Grid',
      maxRows: 1000,
      maxColumns: 26,
      frozenRows: 1,
      rows: 4,
      lastRow: 3,
      columnWidths: { 1: 140 },
      cells: undefined,
    });
    expect(view.cells).toEqual({
      '1,1': { d: 'Battle', f: 'Battle', bold: 1 },
      '1,2': { d: 'Home', f: 'Home', bold: 1 },
      '1,3': { d: 'Plan', f: 'Plan', bold: 1 },
      '1,4': { d: 'Value', f: 'Value', bold: 1 },
      '1,5': { d: 'Odds', f: 'Odds', bold: 1 },
      '2,1': { d: 'Ford', f: 'Ford' },
      '2,2': { d: 'FALSE', f: 'FALSE', t: 'b', cb: false },
      '2,3': { d: 'Trap', f: 'Trap', ls: ['Hold', 'Trap'] },
      '2,4': { d: '25%', f: '25%', t: 'n' },
      // PAIR's second row would overwrite E3: blocked, as in Sheets.
      '2,5': {
        d: '#REF!',
        f: '=PAIR()',
        t: 'e',
        err: 'Array result was not expanded because it would overwrite data.',
      },
      '3,1': { d: 'Hill', f: 'Hill', note: 'fought', bg: '#fce8e6' },
      '3,2': { d: 'TRUE', f: 'TRUE', t: 'b', cb: true },
      '3,3': { d: 'Charge', f: 'Charge', ls: ['Hold', 'Trap'], bad: 1 },
      '3,4': { d: '3', f: '3', t: 'n' },
      '3,5': { d: '#ERROR!', f: '=FAIL()', t: 'e', err: 'units is empty' },
    });
  });

  it('marks a spilled cell, and sends at most the sheet’s rows', () => {
    const wb = battles();
    wb.put('Grid', 'F5', [['=PAIR()']]);
    wb.recalculate();
    const view = gridView(wb, wb.sheetOrThrow('Grid'), 2000);
    expect(view.rows).toBe(1000);
    expect([view.cells['5,6'], view.cells['6,6']]).toEqual([
      { d: '1', f: '=PAIR()', t: 'n' },
      { d: '2', f: '2', t: 'n', sp: 1 },
    ]);
    expect(gridView(wb, wb.sheetOrThrow('Grid'), 0).rows).toBe(1);
  });
});
