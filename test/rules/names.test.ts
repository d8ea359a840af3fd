// The one rule for army and battle names: case and the spaces around and between words do not count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey, sameName, sidesConflict } from '../../src/rules';

describe('nameKey and sameName', () => {
  it.each([
    ['Red Army', 'red army'],
    ['  Red   Army ', 'red army'],
    ['RED\tARMY', 'red army'],
    ['Red\u00a0Army', 'red army'],
    ['', ''],
    ['   ', ''],
  ])('%j has the key %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  it('keeps what is not case or spacing: punctuation, accents and letters differ', () => {
    expect(sameName('Red Army', 'Red-Army')).toBe(false);
    expect(sameName('Rjurik', 'Rjúrik')).toBe(false);
    expect(sameName('Red Army', 'Red Armies')).toBe(false);
    expect(sameName(' red ARMY', 'Red  army')).toBe(true);
  });

  it('property: a name is the same as itself with its case and spacing changed, and the key is stable', () => {
    const word = fc.stringMatching(/^[A-Za-z']{1,8}$/);
    const gap = fc.stringMatching(/^[ \t]{1,3}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), gap, gap, (words, inner, outer) => {
        const plain = words.join(' ');
        const noisy = `${outer}${words.map((w) => w.toUpperCase()).join(inner)}${outer}`;
        expect(sameName(plain, noisy)).toBe(true);
        expect(nameKey(nameKey(noisy))).toBe(nameKey(noisy));
      }),
    );
  });
});

describe('sidesConflict', () => {
  const side = (armies: string[], defender = false) => ({ armies, defender });

  it('is null when the sides share no army and at most one defends', () => {
    expect(sidesConflict('Ford', side(['Avanil']), side(['Ghoere'], true))).toBeNull();
    expect(sidesConflict('Ford', side([]), side([]))).toBeNull();
  });

  it('names the army on both sides, as the first side spells it', () => {
    expect(sidesConflict('Ford', side(['Avanil', ' ghoere ']), side(['Ghoere']))).toBe(
      'army " ghoere " is on both sides of battle "Ford"',
    );
  });

  it('says to tick Defender for one side only when both defend', () => {
    expect(sidesConflict('Ford', side(['Avanil'], true), side(['Ghoere'], true))).toBe(
      'Defender is ticked on both sides of battle "Ford": tick it for one side only',
    );
  });

  it('reports the shared army before the double defender', () => {
    expect(sidesConflict('Ford', side(['Avanil'], true), side(['AVANIL'], true))).toBe(
      'army "Avanil" is on both sides of battle "Ford"',
    );
  });
});
