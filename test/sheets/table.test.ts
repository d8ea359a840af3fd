// The one number parser (SHEETS.md "Numbers") and the one place #ERR: texts and thrown messages are cut.
import { describe, expect, it } from 'vitest';
import { NUMBER_RANGES, type NumberRange, numberCell } from '../../src/sheets/numbers';
import { errorText, MAX_MESSAGE, quote, RowError, readTable, TableError } from '../../src/sheets/table';

const HITS = NUMBER_RANGES.Hits;
const SIZE: NumberRange = { min: 0, max: 1e12, whole: false };
const long = 'x'.repeat(100_000);
const cutTo60 = `"${'x'.repeat(59)}…"`;

/** The message numberCell throws, or the number it reads. */
function read(cell: unknown, range: NumberRange = HITS, field = 'Hits'): number | string | undefined {
  try {
    return numberCell(cell, field, range);
  } catch (e) {
    if (e instanceof RowError) return e.message;
    throw e;
  }
}

describe('numberCell: what a number cell may hold', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 12 ', 12],
    ['\t7\n', 7],
    ['007', 7],
    ['3.0', 3],
    [1000, 1000],
    [1, 1],
  ])('reads %j as %s', (cell, n) => {
    expect(read(cell)).toBe(n);
  });

  it.each([
    ['-0', 0],
    [-0, 0],
    ['2.5', 2.5],
    ['-0.0', 0],
    ['1000000000000', 1e12],
  ])('a non-whole range reads %j as %s, and -0 as 0', (cell, n) => {
    expect(Object.is(read(cell, SIZE, 'sizeA'), n)).toBe(true);
  });

  it.each([
    ['1e+308', 1e308],
    ['9007199254740992', 2 ** 53],
    ['"9007199254740993"', '9007199254740993'],
    ['"0x10"', '0x10'],
    ['"0b11"', '0b11'],
    ['"0o7"', '0o7'],
    ['"$100"', '$100'],
    ['"12 ft"', '12 ft'],
    ['"1e3"', '1e3'],
    ['"1e3x"', '1e3x'],
    ['"Infinity"', 'Infinity'],
    ['"NaN"', 'NaN'],
    ['"+3"', '+3'],
    ['".5"', '.5'],
    ['"5."', '5.'],
    ['"1,000"', '1,000'],
    ['"1 000"', '1 000'],
    ['"-"', '-'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['TRUE', true],
    ['a date', new Date(2024, 0, 5)],
    ['2.5', 2.5],
    ['"2.5"', '2.5'],
    ['0', 0],
    ['1001', 1001],
    ['-1', -1],
    [cutTo60, long],
  ])('rejects the cell shown as %s, naming the field and the value', (shown, cell) => {
    expect(read(cell)).toBe(`Hits must be a whole number from 1 to 1,000 (got ${shown})`);
  });

  it('a non-whole range still rejects what is not a plain decimal number or out of range', () => {
    expect(read('1e3', SIZE, 'sizeA')).toBe('sizeA must be a number from 0 to 1,000,000,000,000 (got "1e3")');
    expect(read(1e12 + 1, SIZE, 'sizeA')).toBe(
      'sizeA must be a number from 0 to 1,000,000,000,000 (got 1000000000001)',
    );
  });

  it('blank: undefined, the default, or an error when required', () => {
    for (const blank of ['', '   ', null, undefined]) {
      expect(numberCell(blank, 'Hits', HITS)).toBeUndefined();
      expect(numberCell(blank, 'Move', NUMBER_RANGES.Move, 0)).toBe(0);
      expect(() => numberCell(blank, 'Hits', HITS, 'required')).toThrow(
        new RowError('Hits is required: a whole number from 1 to 1,000'),
      );
    }
  });
});

describe('messages: quotes cut to 60 characters, the whole to 300', () => {
  it('a quote keeps short text and cuts long text with an ellipsis', () => {
    expect(quote('Knights')).toBe('"Knights"');
    expect(quote('y'.repeat(60))).toBe(`"${'y'.repeat(60)}"`);
    expect(quote(long)).toBe(cutTo60);
  });

  it('never splits a surrogate pair', () => {
    expect(quote(`${'y'.repeat(57)}😀😀`)).toBe(`"${'y'.repeat(57)}😀…"`);
    expect(quote(`${'y'.repeat(58)}😀😀`)).toBe(`"${'y'.repeat(58)}…"`);
  });

  it('an #ERR: text is at most 300 characters, however long the message', () => {
    const text = errorText(new RowError(`Role must be one of ${long}`));
    expect(text).toHaveLength(MAX_MESSAGE);
    expect(text.startsWith('#ERR: Role must be one of xxx')).toBe(true);
    expect(text.endsWith('x…')).toBe(true);
  });

  it('a thrown structural error is as short', () => {
    expect(new TableError(long).message).toHaveLength(MAX_MESSAGE);
    expect(() => readTable([[long, long]], 'units', 'Units!A1:V')).toThrow(
      `units: two columns are headed ${cutTo60}; rename or remove one`,
    );
  });
});
