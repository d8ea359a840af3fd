import { describe, expect, it } from 'vitest';
import { defined, lastOf } from '../../src/rules';

describe('defined', () => {
  it('gives the value back, falsy ones too', () => {
    expect(defined(0, 'a count')).toBe(0);
    expect(defined('', 'a name')).toBe('');
    expect(defined(null, 'a cell')).toBe(null);
  });

  it('names what is missing', () => {
    expect(() => defined(undefined, 'the unit at row 7')).toThrow(
      'Warcard fault: the unit at row 7 is missing',
    );
  });
});

describe('lastOf', () => {
  it('is the last item', () => {
    expect(lastOf([3, 1, 2], 'roll')).toBe(2);
  });

  it('names the list when it is empty', () => {
    expect(() => lastOf([], 'roll')).toThrow('Warcard fault: the last roll is missing');
  });
});
