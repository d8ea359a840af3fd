// Custom functions as Sheets runs them: "Loading..." until the workbook recalculates, arguments as Sheets passes
// them (a range as a 2D array, a cell as its value, errors in a range as their text), a single error argument is
// the result without a call, a thrown Error shows #ERROR! with its message, volatile arguments are refused.
import { describe, expect, it } from 'vitest';
import { type CustomFunctionHost, Workbook } from '../../../dev/gas';
import { VOLATILE_MESSAGE } from '../../../dev/gas/custom-functions';

/** A workbook whose custom functions record every call they get. */
function workbookWith(functions: Record<string, (...args: unknown[]) => unknown>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const host: CustomFunctionHost = {
    names: Object.keys(functions),
    call(name, args) {
      calls.push({ name, args });
      const fn = functions[name];
      if (!fn) throw new Error(`No function ${name} in this test`);
      return fn(...args);
    },
  };
  return { wb: new Workbook({ customFunctions: host }), calls };
}

/**
 * The arguments every call got (the engine may try a function once more to size its result: the same
 * arguments each time); throws when the calls differ or there was none.
 */
function argumentsOf(calls: { args: unknown[] }[]): unknown[] {
  const [first, ...rest] = calls;
  if (!first) throw new Error('the function was never called');
  for (const c of rest) expect(c.args).toEqual(first.args);
  return first.args;
}

const echo = () =>
  workbookWith({
    ECHO: (...args) => JSON.stringify(args),
    TWICE: (x) => Number(x) * 2,
    FAIL: (why) => {
      throw new Error(`No army named ${String(why)}`);
    },
  });

describe('custom functions run as Sheets runs them', () => {
  it('show Loading... until the workbook recalculates, then their result; recalculate counts the cells', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [[21, '=TWICE(A1)', '=TWICE(A1)']]);
    expect(wb.read('S', 'B1:C1')).toEqual([['Loading...', 'Loading...']]);
    expect(wb.loading).toBe(true);
    expect(calls).toEqual([]);
    expect(wb.recalculate()).toBe(2);
    expect(wb.read('S', 'B1:C1')).toEqual([[42, 42]]);
    expect(wb.loading).toBe(false);
    expect(wb.recalculate()).toBe(0);
    expect(argumentsOf(calls)).toEqual([21]);
  });

  it('a change to what they read makes them wait again', () => {
    const { wb } = echo();
    wb.put('S', 'A1', [[1, '=TWICE(A1)']]);
    wb.recalculate();
    wb.put('S', 'A1', [[5]]);
    expect(wb.read('S', 'B1')).toEqual([['Loading...']]);
    expect(wb.recalculate()).toBe(1);
    expect(wb.read('S', 'B1')).toEqual([[10]]);
  });

  it('a name is matched without case, as Sheets does', () => {
    const { wb } = echo();
    wb.put('S', 'A1', [[4, '=twice(A1)']]);
    wb.recalculate();
    expect(wb.read('S', 'B1')).toEqual([[8]]);
  });
});

describe('arguments as Sheets passes them', () => {
  it('a range is a 2D array ("" for blanks, booleans as booleans); a cell is its value', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [
      ['Guard', 2],
      [true, ''],
    ]);
    wb.put('S', 'D1', [['=ECHO(A1:B2, A1, B1)']]);
    wb.recalculate();
    expect(argumentsOf(calls)).toEqual([
      [
        ['Guard', 2],
        [true, ''],
      ],
      'Guard',
      2,
    ]);
  });

  it('an omitted argument arrives as undefined, a literal as itself', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [['=ECHO(1,,"x")']]);
    wb.recalculate();
    expect(argumentsOf(calls)).toEqual([1, undefined, 'x']);
  });

  it('a one-cell range is a plain value, not a 1x1 array', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [[7, '=ECHO(A1:A1)']]);
    wb.recalculate();
    expect(argumentsOf(calls)).toEqual([7]);
  });

  it('a date arrives as a Date at midnight in the spreadsheet time zone', () => {
    const host: CustomFunctionHost = {
      names: ['ISO'],
      call: (_, [d]) => (d instanceof Date ? d.toISOString() : `not a Date: ${String(d)}`),
    };
    const wb = new Workbook({ customFunctions: host, timeZone: 'Europe/Paris' });
    wb.put('S', 'A1', [['2024-01-15', '=ISO(A1)']]);
    wb.recalculate();
    expect(wb.read('S', 'B1')).toEqual([['2024-01-14T23:00:00.000Z']]);
  });
});

describe('errors', () => {
  it('a thrown Error shows #ERROR! with its message', () => {
    const { wb } = echo();
    wb.put('S', 'A1', [['Avanil', '=FAIL(A1)']]);
    wb.recalculate();
    expect(wb.cell('S', 'B1')).toEqual({
      value: '#ERROR!',
      display: '#ERROR!',
      formula: '=FAIL(A1)',
      error: 'No army named Avanil',
    });
  });

  it('a single error argument is the result, with no call', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [['=1/0', '=TWICE(A1)', '=TWICE(NA())']]);
    wb.recalculate();
    expect(wb.read('S', 'A1:C1')).toEqual([['#DIV/0!', '#DIV/0!', '#N/A']]);
    expect(calls).toEqual([]);
  });

  it('an error inside a range arrives as its text, and the function is called', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [[1], ['=1/0'], ['=TWICE(A1:A2)']]);
    wb.put('S', 'B1', [['=ECHO(A1:A2)']]);
    wb.recalculate();
    expect(argumentsOf(calls.filter((c) => c.name === 'ECHO'))).toEqual([[[1], ['#DIV/0!']]]);
    expect(wb.read('S', 'B1')).toEqual([['[[[1],["#DIV/0!"]]]']]);
  });

  it.each([
    ['a volatile call as argument', '=TWICE(RAND())'],
    ['a volatile call inside an argument', '=TWICE(1+NOW())'],
    ['a cell that calls a volatile function', '=TWICE(A1)'],
    ['a range holding one', '=ECHO(A1:A3)'],
  ])('refuses %s with Google message and no call', (_, formula) => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [[1], ['=TODAY()'], [3]]);
    wb.put('S', 'A2', [['=TODAY()']]);
    wb.put('S', 'A1', [['=RANDBETWEEN(1,6)']]);
    wb.put('S', 'C1', [[formula]]);
    wb.recalculate();
    expect(wb.cell('S', 'C1')).toEqual({
      value: '#ERROR!',
      display: '#ERROR!',
      formula,
      error: VOLATILE_MESSAGE,
    });
    expect(calls).toEqual([]);
  });

  it('a range that holds no volatile cell is read as usual', () => {
    const { wb, calls } = echo();
    wb.put('S', 'A1', [['=NOW()'], [2], [3]]);
    wb.put('S', 'C1', [['=ECHO(A2:A3)']]);
    wb.recalculate();
    expect(argumentsOf(calls)).toEqual([[[2], [3]]]);
  });
});
