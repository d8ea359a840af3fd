// The one rule for army and battle names: case and the spaces around and between words do not count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closestName,
  didYouMean,
  editDistance,
  likelyTypos,
  nameKey,
  sameName,
  sidesConflict,
  typoWarning,
} from '../../src/rules';

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

describe('editDistance, closestName and didYouMean', () => {
  it.each([
    ['legion', 'legion', 0],
    ['legion', 'legoin', 1],
    ['legion', 'legon', 1],
    ['legion', 'leggion', 1],
    ['legion', 'lesion', 1],
    ['legion', 'lgeoin', 2],
    ['host', 'hots', 1],
    ['abc', 'xyz', 3],
    ['', 'ab', 2],
    ['', 'abc', 3],
  ])('%j to %j is %i edits (at most 3 counted)', (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(Math.min(d, 3));
  });

  const known = ['Elinvaire Host', 'Ghorvant Legion', 'Marcher Levies'];

  it.each([
    ['Ghorvant Legoin', 'Ghorvant Legion'],
    ['Elinvaire Hots', 'Elinvaire Host'],
    ['Elinvaire Hst', 'Elinvaire Host'],
    ['Elinvare Hst', 'Elinvaire Host'],
    ['elinvairehost', 'Elinvaire Host'],
    ['MARCHER  LEVEIS', 'Marcher Levies'],
  ])('%j is closest to %j', (typed, meant) => {
    expect(closestName(typed, known)).toBe(meant);
    expect(didYouMean(typed, known)).toBe(`: did you mean "${meant}"?`);
  });

  it('names none past two edits, none for a known name, and the first listed among equally close ones', () => {
    expect(closestName('Elinvre Hst', known)).toBeNull();
    expect(closestName('Ghorvant Legion', known)).toBeNull();
    expect(closestName(' ghorvant  legion', known)).toBeNull();
    expect(didYouMean('Tuornen', known)).toBe('');
    expect(closestName('Red Amy', ['Red Army', 'Red Ama'])).toBe('Red Army');
  });

  it('property: a name with one letter changed is found, and the distance is symmetric', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,12}$/), fc.stringMatching(/^[a-z]{0,12}$/), (a, b) => {
        expect(editDistance(a, b, 2)).toBe(editDistance(b, a, 2));
        const changed = `${a.slice(0, 1)}${a[1] === 'q' ? 'x' : 'q'}${a.slice(2)}`;
        expect(closestName(changed, [a])).toBe(a);
      }),
    );
  });
});

describe('likelyTypos: an army within two edits of one with more units', () => {
  it('lists the smaller army with the closest bigger one, and nothing else', () => {
    expect(
      likelyTypos([
        { name: 'Elinvaire Host', units: 16 },
        { name: 'Elinvaire Hots', units: 1 },
        { name: 'Ghorvant Legion', units: 9 },
        { name: 'ghorvant legoin', units: 9 }, // as big: neither is the typo
        { name: 'Marcher Levies', units: 4 },
        { name: 'Elinvaire', units: 2 }, // five edits away
        { name: 'Elinvaire Hst', units: 0 }, // characters only: not on Units
        { name: 'North', units: 3 },
        { name: 'South', units: 1 }, // two edits from North, but short: one edit only
        { name: 'Nroth', units: 1 },
      ]),
    ).toEqual([
      { name: 'Elinvaire Hots', meant: 'Elinvaire Host' },
      { name: 'Nroth', meant: 'North' },
    ]);
    expect(typoWarning('Elinvaire Hots', 'Elinvaire Host')).toBe(
      'army "Elinvaire Hots" may be a typo of "Elinvaire Host" (an army with more units)',
    );
  });

  it('names the closest of several bigger armies, the biggest among equally close ones', () => {
    expect(
      likelyTypos([
        { name: 'Crimson Ama', units: 3 },
        { name: 'Crimson Army', units: 5 },
        { name: 'Crimson Amy', units: 1 },
      ]),
    ).toEqual([
      { name: 'Crimson Ama', meant: 'Crimson Army' },
      { name: 'Crimson Amy', meant: 'Crimson Army' },
    ]);
  });
});
