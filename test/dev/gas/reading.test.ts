// Cells as Apps Script reads them: values ("" for blanks, errors as text, Dates in the spreadsheet's time
// zone), shown text under number formats, formulas ("" for values and spilled cells, open ranges shown open),
// the used size, and an error's message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnLetters, onlyCell, Workbook } from '../../../dev/gas';

const box = (row: number, col: number, numRows = 1, numCols = 1) => ({ row, col, numRows, numCols });

function units() {
  const wb = new Workbook();
  wb.put('Units', 'A1', [
    ['Unit', 'Morale', 'Veteran'],
    ['Guards', 2, true],
    ['Knights', '', false],
    ['=A2&"!"', '=B2*3', '=1/0'],
  ]);
  return { wb, model: wb.sheetOrThrow('Units') };
}

describe('values', () => {
  it('numbers, text, booleans, blanks as "", formulas computed, errors as their text', () => {
    const { wb, model } = units();
    expect(wb.values(model, box(1, 1, 4, 3))).toEqual([
      ['Unit', 'Morale', 'Veteran'],
      ['Guards', 2, true],
      ['Knights', '', false],
      ['Guards!', 6, '#DIV/0!'],
    ]);
  });

  it('a date reads as a Date at midnight in the spreadsheet time zone', () => {
    const wb = new Workbook({ timeZone: 'America/New_York' });
    wb.put('S', 'A1', [['2024-03-01']]);
    const d = onlyCell(wb.read('S', 'A1'));
    expect(d instanceof Date ? d.toISOString() : d).toBe('2024-03-01T05:00:00.000Z');
  });

  it('a number under a date format reads as a Date', () => {
    const wb = new Workbook();
    const model = wb.addSheet('S');
    wb.put('S', 'A1', [[45352]]);
    wb.setMeta(model, box(1, 1), 'numberFormat', 'yyyy-mm-dd');
    const d = onlyCell(wb.read('S', 'A1'));
    expect(d instanceof Date ? d.toISOString() : d).toBe('2024-03-01T00:00:00.000Z');
  });
});

describe('shown text and number formats', () => {
  it.each([
    [0.25, '0.00%', '25.00%'],
    [1234.5, '#,##0.00', '1,234.50'],
    [3, '0', '3'],
  ])('%s under %s shows %s', (value, format, shown) => {
    const wb = new Workbook();
    const model = wb.addSheet('S');
    wb.put('S', 'A1', [[value]]);
    wb.setMeta(model, box(1, 1), 'numberFormat', format);
    expect(wb.displayValues(model, box(1, 1))).toEqual([[shown]]);
    expect(wb.numberFormats(model, box(1, 1))).toEqual([[format]]);
  });

  it('a typed percent or date implies its format', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [['25%', '2024-03-01', 7]]);
    const model = wb.sheetOrThrow('S');
    expect(wb.numberFormats(model, box(1, 1, 1, 3))).toEqual([['0.00%', 'M/d/yyyy', '0.###############']]);
    expect(wb.displayValues(model, box(1, 1, 1, 3))).toEqual([['25.00%', '3/1/2024', '7']]);
    expect(wb.read('S', 'A1')).toEqual([[0.25]]);
  });

  it('booleans, errors and blanks show as Sheets shows them', () => {
    const { wb, model } = units();
    expect(wb.displayValues(model, box(3, 2, 2, 2))).toEqual([
      ['', 'FALSE'],
      ['6', '#DIV/0!'],
    ]);
  });
});

describe('formulas', () => {
  it('"" for a value, the formula for a formula cell', () => {
    const { wb, model } = units();
    expect(wb.formulas(model, box(3, 1, 2, 3))).toEqual([
      ['', '', ''],
      ['=A2&"!"', '=B2*3', '=1/0'],
    ]);
  });

  it('an open range is shown open, and runs to the last row', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [[1], [2], [3]]);
    wb.put('S', 'B1', [['=SUM(A1:A)']]);
    const model = wb.sheetOrThrow('S');
    expect(wb.formulaAt(model, 0, 1)).toBe('=SUM(A1:A)');
    wb.put('S', 'A1000', [[10]]);
    expect(wb.read('S', 'B1')).toEqual([[16]]);
  });

  it('a spilled cell has no formula', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [['={1;2}']]);
    const model = wb.sheetOrThrow('S');
    expect(wb.formulas(model, box(1, 1, 2, 1))).toEqual([['={1;2}'], ['']]);
    expect(wb.read('S', 'A1:A2')).toEqual([[1], [2]]);
  });
});

describe('the used size', () => {
  it('the last row and column holding content; 0 for an empty sheet', () => {
    const wb = new Workbook();
    const empty = wb.addSheet('Empty');
    expect([wb.lastRow(empty), wb.lastColumn(empty)]).toEqual([0, 0]);
    wb.put('S', 'B3', [['x']]);
    wb.put('S', 'D2', [[1]]);
    const model = wb.sheetOrThrow('S');
    expect([wb.lastRow(model), wb.lastColumn(model)]).toEqual([3, 4]);
  });

  it('spilled results count; a cell written back to blank does not', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [['={1;2;3}']]);
    wb.put('S', 'E9', [['gone']]);
    wb.put('S', 'E9', [['']]);
    const model = wb.sheetOrThrow('S');
    expect([wb.lastRow(model), wb.lastColumn(model)]).toEqual([3, 1]);
  });

  it('an array formula set blank stays gone when rows below it are deleted (the engine kept a ghost of it)', () => {
    const wb = new Workbook();
    const model = wb.addSheet('S');
    wb.put('S', 'C7', [['={1;2}']]);
    wb.put('S', 'C7', [['']]);
    wb.deleteRows(model, 8, 1);
    expect(
      wb
        .formulas(model, box(1, 1, 8, 3))
        .flat()
        .filter((f) => f !== ''),
    ).toEqual([]);
    expect([wb.lastRow(model), wb.lastColumn(model)]).toEqual([0, 0]);
  });

  it('agrees with a walk over every cell, whatever was written, cleared, spilled, inserted or deleted', () => {
    type Step =
      | { kind: 'put'; row: number; col: number; value: string | number }
      | { kind: 'clear'; row: number; col: number }
      | { kind: 'spill'; row: number; col: number; size: number }
      | { kind: 'insert'; after: number; count: number }
      | { kind: 'delete'; row: number; count: number };
    const at = { row: fc.integer({ min: 1, max: 12 }), col: fc.integer({ min: 1, max: 6 }) };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), ...at, value: fc.oneof(fc.string(), fc.integer()) }),
      fc.record({ kind: fc.constant('clear' as const), ...at }),
      fc.record({ kind: fc.constant('spill' as const), ...at, size: fc.integer({ min: 1, max: 4 }) }),
      fc.record({
        kind: fc.constant('insert' as const),
        after: fc.integer({ min: 1, max: 12 }),
        count: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('delete' as const),
        row: fc.integer({ min: 1, max: 12 }),
        count: fc.integer({ min: 1, max: 3 }),
      }),
    );
    /** The used size as a walk over the engine's every value finds it. */
    const walked = (wb: Workbook, model: ReturnType<Workbook['sheetOrThrow']>) => {
      const values = wb.hf.getSheetValues(model.hfId);
      let lastRow = 0;
      let lastColumn = 0;
      for (const [r, line] of values.entries())
        for (const [c, v] of line.entries()) {
          if (v === null || v === undefined) continue;
          lastRow = Math.max(lastRow, r + 1);
          lastColumn = Math.max(lastColumn, c + 1);
        }
      return [lastRow, lastColumn];
    };
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const wb = new Workbook();
        const model = wb.addSheet('S');
        for (const s of steps) {
          const a1 = 'row' in s && 'col' in s ? `${columnLetters(s.col)}${s.row}` : '';
          if (s.kind === 'put') wb.put('S', a1, [[s.value]]);
          else if (s.kind === 'clear') wb.put('S', a1, [['']]);
          else if (s.kind === 'spill')
            wb.put('S', a1, [[`={${Array.from({ length: s.size }, (_, i) => i + 1).join(';')}}`]]);
          else if (s.kind === 'insert') wb.insertRows(model, Math.min(s.after, model.maxRows), s.count);
          else if (s.row + s.count - 1 <= model.maxRows && model.maxRows > s.count)
            wb.deleteRows(model, s.row, s.count);
        }
        expect([wb.lastRow(model), wb.lastColumn(model)]).toEqual(walked(wb, model));
      }),
      { numRuns: 300 },
    );
  });
});

describe('error messages', () => {
  it('none for a value; the engine message for an error; Sheets wording for a blocked array', () => {
    const wb = new Workbook();
    wb.put('S', 'A1', [
      [1, '={1;2}', '=C1+1'],
      [null, 'in the way'],
    ]);
    const model = wb.sheetOrThrow('S');
    expect(wb.errorMessage(model, 0, 0)).toBeUndefined();
    expect(wb.errorMessage(model, 0, 1)).toBe(
      'Array result was not expanded because it would overwrite data.',
    );
    expect(wb.errorMessage(model, 0, 2)).toBe('Circular dependency detected.');
    expect(wb.read('S', 'B1:C1')).toEqual([['#REF!', '#REF!']]);
  });
});
