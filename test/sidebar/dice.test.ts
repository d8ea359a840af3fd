import { describe, expect, it } from 'vitest';
import { d100From, isDecided, isTie, parseDie, rollUntilDecided } from '../../src/sidebar/dice';
import { defined } from '../../src/rules';

describe('dice', () => {
  it('a d100 is uniform on 1-100: each of 100 residues of the accepted range once', () => {
    const limit = 4294967296 - (4294967296 % 100);
    const faces = Array.from({ length: 100 }, (_, k) => d100From(() => limit - 100 + k));
    expect(faces.sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('draws again past the last whole multiple of 100 (no modulo bias)', () => {
    const draws = [4294967295, 4294967200, 7];
    expect(d100From(() => defined(draws.shift(), 'a draw'))).toBe(8);
    expect(draws).toEqual([]);
  });

  it('rolls again on a tie and keeps every roll', () => {
    const dice = [40, 32, 40, 32, 90, 10, 1, 1];
    const rolls = rollUntilDecided([], 24, 32, () => defined(dice.shift(), 'a die'));
    expect(rolls).toEqual([
      [40, 32],
      [40, 32],
      [90, 10],
    ]);
    expect(isTie([40, 32], 24, 32)).toBe(true);
    expect(isDecided(rolls, 24, 32)).toBe(true);
    expect(isDecided(rolls.slice(0, 2), 24, 32)).toBe(false);
  });

  it('reads typed dice: whole numbers 1-100 only', () => {
    expect(parseDie(' 7 ')).toBe(7);
    expect(parseDie('100')).toBe(100);
    for (const bad of ['0', '101', '4.5', '', 'x', '-3', '1e2']) expect(typeof parseDie(bad)).toBe('string');
    // The sheets' one number rule: no currency, hex, binary or exponent is read as a number.
    expect(parseDie('$100')).toBe('Each die: a whole number from 1 to 100 (got $100)');
    expect(parseDie('0x10', 'Ghorvant’s die')).toBe(
      'Ghorvant’s die: a whole number from 1 to 100 (got 0x10)',
    );
    expect(parseDie('50.5', 'Ghorvant’s die')).toBe(
      'Ghorvant’s die: a whole number from 1 to 100 (got 50.5)',
    );
    // Nothing typed: asked for, never "required" over a value typed.
    expect(parseDie(' ', 'Ghorvant’s die')).toBe('Ghorvant’s die: type a whole number from 1 to 100');
  });
});
