// Array results of custom functions: fitted to their real size, #REF! past the sheet, blocked by a value until
// the way is clear, and a call inside a larger formula giving its value as it is.
import { describe, expect, it } from 'vitest';
import { type CustomFunctionHost, Workbook } from '../../../dev/gas';

/** A workbook whose custom functions are these (names in upper case, as Sheets sees them). */
function workbookWith(functions: Record<string, (...args: unknown[]) => unknown>): Workbook {
  const host: CustomFunctionHost = {
    names: Object.keys(functions),
    call(name, args) {
      const fn = functions[name];
      if (!fn) throw new Error(`No function ${name} in this test`);
      return fn(...args);
    },
  };
  return new Workbook({ customFunctions: host });
}

const wb = workbookWith({
  ROWS: (n) => Array.from({ length: Number(n) }, (_, i) => [i + 1]),
  RAGGED: () => [[1], [2, 3]],
  NOTHING: () => [],
  WIDE: (n) => [Array.from({ length: Number(n) }, (_, i) => i + 1)],
  ODD: (kind) => (kind === 'object' ? { army: 'Avanil' } : kind === 'inf' ? Number.POSITIVE_INFINITY : null),
});

describe('spills', () => {
  it('a result spills down and across, ragged rows padded with blanks', () => {
    wb.put('S', 'A1', [['=RAGGED()']]);
    wb.recalculate();
    expect(wb.read('S', 'A1:B2')).toEqual([
      [1, ''],
      [2, 3],
    ]);
    expect(wb.formulas(wb.sheetOrThrow('S'), { row: 1, col: 1, numRows: 2, numCols: 2 })).toEqual([
      ['=RAGGED()', ''],
      ['', ''],
    ]);
  });

  it('a result that shrinks leaves its old cells blank; one that grows takes more', () => {
    wb.put('T', 'A1', [[3], ['=ROWS(A1)']]);
    wb.recalculate();
    expect(wb.read('T', 'A2:A5')).toEqual([[1], [2], [3], ['']]);
    wb.put('T', 'A1', [[1]]);
    wb.recalculate();
    expect(wb.read('T', 'A2:A5')).toEqual([[1], [''], [''], ['']]);
    wb.put('T', 'A1', [[4]]);
    wb.recalculate();
    expect(wb.read('T', 'A2:A5')).toEqual([[1], [2], [3], [4]]);
  });

  it('past the last column is #REF!, saying how many columns to insert', () => {
    wb.put('U', 'Y1', [['=WIDE(3)']]);
    wb.recalculate();
    expect(wb.read('U', 'Y1')).toEqual([['#REF!']]);
    expect(wb.errorAt('U', 'Y1')).toBe(
      'Result was not automatically expanded, please insert more columns (1).',
    );
  });

  it('inside a larger formula, the result is a value there and spills nothing', () => {
    wb.put('V', 'A1', [['=SUM(ROWS(4))', '=ROWS(1)']]);
    wb.recalculate();
    expect(wb.read('V', 'A1:B2')).toEqual([
      [10, 1],
      ['', ''],
    ]);
  });

  it.each([
    ['=NOTHING()', '#N/A', 'Result was not a valid value.'],
    ['=ODD("object")', '#VALUE!', 'The function returned an unsupported value: [object Object]'],
    ['=ODD("inf")', '#NUM!', undefined],
  ])('%s shows %s', (formula, shown, message) => {
    wb.put('W', 'A1', [[formula]]);
    wb.recalculate();
    expect(wb.read('W', 'A1')).toEqual([[shown]]);
    expect(wb.errorAt('W', 'A1')).toBe(message);
  });

  it('a null result is a blank cell', () => {
    wb.put('X', 'A1', [['=ODD("none")']]);
    wb.recalculate();
    expect(wb.cell('X', 'A1')).toEqual({ value: '', display: '', formula: '=ODD("none")' });
  });
});
