// Values between Sheets' shape and the formula engine's: errors as Sheets shows them, addresses as keys, and
// what a custom function receives and may return.
import { CellError, EmptyValue, ErrorType } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import {
  addressKey,
  addressOfKey,
  errorText,
  fromInterpreter,
  toInterpreter,
} from '../../../dev/gas/engine-values';

describe('errorText', () => {
  it.each([
    ['DIV_BY_ZERO', '#DIV/0!'],
    ['NA', '#N/A'],
    ['NAME', '#NAME?'],
    ['VALUE', '#VALUE!'],
    ['SPILL', '#REF!'],
    ['CYCLE', '#REF!'],
    ['LIC', '#ERROR!'],
    ['SOMETHING_NEW', '#ERROR!'],
  ])('%s shows %s', (type, text) => {
    expect(errorText({ type })).toBe(text);
  });
});

describe('addresses as keys', () => {
  it('round-trip', () => {
    expect(addressKey({ sheet: 2, row: 10, col: 3 })).toBe('2:10:3');
    expect(addressOfKey('2:10:3')).toEqual({ sheet: 2, row: 10, col: 3 });
  });
});

describe('custom function values', () => {
  it('arrive as Sheets passes them: blanks "", errors as text', () => {
    expect(fromInterpreter(EmptyValue, 'Etc/UTC')).toBe('');
    expect(fromInterpreter(new CellError(ErrorType.NA), 'Etc/UTC')).toBe('#N/A');
    expect(fromInterpreter(7, 'Etc/UTC')).toBe(7);
    expect(fromInterpreter('Guards', 'Etc/UTC')).toBe('Guards');
  });

  it('return as the engine takes them: blanks empty, dates as serials, others an error', () => {
    expect(toInterpreter(null, 'Etc/UTC')).toBe(EmptyValue);
    expect(toInterpreter(new Date('2023-03-14T15:00:00Z'), 'Asia/Tokyo')).toBe(45000);
    expect(toInterpreter(Number.NaN, 'Etc/UTC')).toEqual(new CellError(ErrorType.NUM));
    expect(toInterpreter([1], 'Etc/UTC')).toEqual(
      new CellError(ErrorType.VALUE, 'The function returned an unsupported value: 1'),
    );
  });
});
