// The fingerprint hash (src/sheets/fingerprint.ts): cyrb53 as 14 hex digits, the same on every run.
import { describe, expect, it } from 'vitest';
import { hash } from '../../src/sheets/fingerprint';

describe('hash', () => {
  it('gives 14 hex digits that change with any character', () => {
    const values = ['', 'a', 'b', 'Avanil', 'avanil', '[["Guard",3]]'].map(hash);
    for (const h of values) expect(h).toMatch(/^[0-9a-f]{14}$/);
    expect(new Set(values).size).toBe(values.length);
    expect(hash('Avanil')).toBe(hash('Avanil'));
  });

  it('is cyrb53 with its published seeds', () => {
    // cyrb53("a") with seed 0 is 7929297801672961 (0x1c2bb5d2e5b341).
    expect(hash('a')).toBe((7929297801672961).toString(16).padStart(14, '0'));
  });
});
