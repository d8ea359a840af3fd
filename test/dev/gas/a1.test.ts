// A1 notation as Sheets reads it, and the references inside formulas (open ranges, fills).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boxA1,
  cellA1,
  columnIndex,
  columnLetters,
  fromEngineFormula,
  isSingle,
  onlyCell,
  parseA1,
  quoteSheet,
  shiftFormula,
  toEngineFormula,
} from '../../../dev/gas/a1';

describe('column letters', () => {
  it.each([
    [1, 'A'],
    [26, 'Z'],
    [27, 'AA'],
    [52, 'AZ'],
    [53, 'BA'],
    [702, 'ZZ'],
    [703, 'AAA'],
    [18278, 'ZZZ'],
  ])('column %i is %s, and back', (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
    expect(columnIndex(letters)).toBe(index);
    expect(columnIndex(letters.toLowerCase())).toBe(index);
  });

  it('letters and index are inverse for every column up to ZZZ', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 18278 }), (n) => columnIndex(columnLetters(n)) === n));
  });

  it('names cells and boxes', () => {
    expect(cellA1(3, 28)).toBe('AB3');
    expect(boxA1({ row: 2, col: 1, numRows: 1, numCols: 1 })).toBe('A2');
    expect(boxA1({ row: 2, col: 4, numRows: 999, numCols: 1 })).toBe('D2:D1000');
  });
});

describe('parseA1 against a sheet of 1000 rows and 26 columns', () => {
  it.each([
    ['A1', { row: 1, col: 1, numRows: 1, numCols: 1 }],
    ['b2', { row: 2, col: 2, numRows: 1, numCols: 1 }],
    ['$C$3', { row: 3, col: 3, numRows: 1, numCols: 1 }],
    ['A1:B2', { row: 1, col: 1, numRows: 2, numCols: 2 }],
    ['B2:A1', { row: 1, col: 1, numRows: 2, numCols: 2 }],
    ['A2:V', { row: 2, col: 1, numRows: 999, numCols: 22 }],
    ['A:V', { row: 1, col: 1, numRows: 1000, numCols: 22 }],
    ['C:C', { row: 1, col: 3, numRows: 1000, numCols: 1 }],
    ['2:5', { row: 2, col: 1, numRows: 4, numCols: 26 }],
    [' A1 ', { row: 1, col: 1, numRows: 1, numCols: 1 }],
  ])('%s', (text, box) => {
    expect(parseA1(text, 1000, 26)).toEqual({ ...box, sheet: undefined });
  });

  it.each([
    ['Units!A1:B2', 'Units'],
    ["'My army'!C3", 'My army'],
    ["'Ann''s'!A1", "Ann's"],
  ])('%s names sheet %s', (text, sheet) => {
    expect(parseA1(text, 1000, 26)?.sheet).toBe(sheet);
  });

  it.each(['', 'A', '1', 'A0', '1A', 'A1:5', 'A1:B2:C3', 'AAAA1', 'A1:', 'A-1'])(
    '%j is no range (Sheets: "Range not found")',
    (text) => {
      expect(parseA1(text, 1000, 26)).toBeUndefined();
    },
  );

  it('quotes a sheet name that is not a plain word', () => {
    expect([quoteSheet('Units'), quoteSheet('My army'), quoteSheet("Ann's")]).toEqual([
      'Units',
      "'My army'",
      "'Ann''s'",
    ]);
  });
});

describe('open ranges in formulas', () => {
  const rows = (sheet: string | undefined) => (sheet === 'Armies' ? 50 : 1000);

  it('end on the last row of their own sheet for the engine, and say they were open', () => {
    expect(toEngineFormula('=UNITVALUE(A1:V)', rows)).toEqual({ text: '=UNITVALUE(A1:V1000)', open: true });
    expect(toEngineFormula("=ARMIES(Armies!A2:$C, 'x'!B1:B)", rows)).toEqual({
      text: "=ARMIES(Armies!A2:$C50, 'x'!B1:B1000)",
      open: true,
    });
    expect(toEngineFormula('=SUM(A1:B2)+"A1:V"', rows)).toEqual({ text: '=SUM(A1:B2)+"A1:V"', open: false });
  });

  it('are shown open again when they end on their sheet’s last row', () => {
    const isLast = (sheet: string | undefined, row: number) => row === rows(sheet);
    expect(fromEngineFormula('=UNITVALUE(A1:V1000)', isLast)).toBe('=UNITVALUE(A1:V)');
    expect(fromEngineFormula('=ARMIES(Armies!A2:C50)', isLast)).toBe('=ARMIES(Armies!A2:C)');
    // Not the last row, an absolute end, or a string: left as they are.
    expect(fromEngineFormula('=SUM(A1:V999)+SUM(A1:V$1000)&"A1:V1000"', isLast)).toBe(
      '=SUM(A1:V999)+SUM(A1:V$1000)&"A1:V1000"',
    );
  });
});

describe('shiftFormula, as Sheets fills a formula', () => {
  it.each([
    ['=A1*$A$1+SUM(A1:A)', 2, 0, '=A3*$A$1+SUM(A3:A)'],
    ['=B2+$B2+B$2', 1, 1, '=C3+$B3+C$2'],
    ['=Units!A2:V', 3, 0, '=Units!A5:V'],
    ['=CONCAT("A1", A1)', 1, 0, '=CONCAT("A1", A2)'],
    ['=TRUE()+A1', 0, 0, '=TRUE()+A1'],
  ])('%s moved by (%i, %i) is %s', (formula, rows, cols, moved) => {
    expect(shiftFormula(formula, rows, cols)).toBe(moved);
  });
});

describe('one cell of a grid', () => {
  it('is its value; any other shape is an Error naming the shape', () => {
    expect(onlyCell([['x']])).toBe('x');
    expect(onlyCell([['']])).toBe('');
    expect(() => onlyCell([])).toThrow('Expected one cell, got rows of nothing');
    expect(() => onlyCell([['a', 'b']])).toThrow('Expected one cell, got rows of 2');
    expect(() => onlyCell([['a'], ['b']])).toThrow('Expected one cell, got rows of 1, 1');
    expect([isSingle([1]), isSingle([]), isSingle([1, 2])]).toEqual([true, false, false]);
  });
});
