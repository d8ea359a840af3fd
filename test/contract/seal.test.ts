// Sealed plans' words and checks (contract/seal.ts), pure: the commitment is the first 12 hex digits of SHA-256 of
// PLAN:SALT, a Sealed cell's text reads back as the seal it was written from, and a revealed plan matches its
// commitment only with its own salt.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMITMENT_DIGITS,
  commitmentOf,
  type Digest,
  hexOf,
  matchesCommitment,
  parseSeal,
  type Seal,
  sealText,
  sealTime,
} from '../../src/contract/seal';
import { PLANS } from '../../src/rules';

/** SHA-256 as Utilities.computeDigest gives it: signed bytes. */
const sha256: Digest = (text) => [...new Int8Array(createHash('sha256').update(text, 'utf8').digest())];
const salt = fc.stringMatching(/^[A-Za-z0-9]{16,64}$/);
const plan = fc.constantFrom(...PLANS);

describe('the commitment', () => {
  it('is the first 12 hex digits of SHA-256 of PLAN:SALT', () => {
    const want = createHash('sha256').update('Encircle:abcdefghijklmnop').digest('hex').slice(0, 12);
    expect(commitmentOf('Encircle', 'abcdefghijklmnop', sha256)).toBe(want);
    expect(COMMITMENT_DIGITS).toBe(12);
  });

  it('reads signed and unsigned bytes as the same hex', () => {
    expect(hexOf([-1, 0, 15, 16, 127, -128])).toBe('ff000f107f80');
    expect(hexOf([255, 0, 15, 16, 127, 128])).toBe('ff000f107f80');
  });

  it('matches its own plan and salt, and no other plan (property)', () => {
    fc.assert(
      fc.property(plan, plan, salt, (sealed, other, s) => {
        const c = commitmentOf(sealed, s, sha256);
        expect(matchesCommitment(c, sealed, s, sha256)).toBe(true);
        if (other !== sealed) expect(matchesCommitment(c, other, s, sha256)).toBe(false);
      }),
    );
  });

  it('refuses a salt that is not 16 to 64 letters and digits, even one that would match', () => {
    for (const bad of ['short', 'a'.repeat(65), 'abcdefghijklmno-', 'abcdefghijklmnop ']) {
      expect(matchesCommitment(commitmentOf('Hold', bad, sha256), 'Hold', bad, sha256)).toBe(false);
    }
  });
});

describe('the Sealed cell', () => {
  it('writes a moment in UTC to the minute, whatever the machine’s time zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Chatham';
    try {
      expect(sealTime(new Date(Date.UTC(2026, 0, 5, 23, 3, 59)))).toBe('2026-01-05 23:03 UTC');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes and reads a seal, before and after the reveal', () => {
    const sealed: Seal = { by: 'ana@example.com', when: '2026-05-01 18:00 UTC', commitment: '1a2b3c4d5e6f' };
    expect(sealText(sealed)).toBe('Sealed by ana@example.com, 2026-05-01 18:00 UTC #1a2b3c4d5e6f');
    const revealed = { ...sealed, revealed: { plan: 'Full charge' as const, salt: 'abcdefghijklmnop' } };
    expect(sealText(revealed)).toBe(
      'Sealed by ana@example.com, 2026-05-01 18:00 UTC #1a2b3c4d5e6f; revealed Full charge:abcdefghijklmnop',
    );
    expect(parseSeal(sealText(revealed))).toEqual(revealed);
    expect(parseSeal(`  ${sealText(sealed)} `)).toEqual(sealed);
    expect(parseSeal('')).toBeNull();
    expect(parseSeal('   ')).toBeNull();
  });

  it('reads back every seal it writes (property)', () => {
    const seal = fc.record({
      by: fc.stringMatching(/^[a-z]{1,8}@[a-z]{1,8}\.com$/),
      when: fc
        .date({
          min: new Date(Date.UTC(2000, 0, 1)),
          max: new Date(Date.UTC(2099, 11, 31)),
          noInvalidDate: true,
        })
        .map(sealTime),
      commitment: fc.stringMatching(/^[0-9a-f]{12}$/),
      revealed: fc.option(fc.record({ plan, salt }), { nil: undefined }),
    });
    fc.assert(
      fc.property(seal, (s) => {
        const { revealed, ...rest } = s;
        const written: Seal = revealed ? s : rest;
        expect(parseSeal(sealText(written))).toEqual(written);
      }),
    );
  });

  it('refuses anything else, naming the column and showing an example', () => {
    const message = (cell: string | number) =>
      `Sealed must be blank or as the sidebar wrote it, e.g. "Sealed by ana@example.com, 2026-05-01 18:00 UTC #1a2b3c4d5e6f" (got ${cell})`;
    expect(() => parseSeal(42)).toThrow(message(42));
    const head = 'Sealed by ana@example.com, 2026-05-01 18:00 UTC #1a2b3c4d5e6f';
    for (const bad of [
      'sealed',
      `${head}; revealed Charge:abcdefghijklmnop`,
      `${head}; revealed Hold:short`,
      'Sealed by ana@example.com, 2026-05-01 18:00 UTC #1A2B3C4D5E6F',
    ])
      expect(() => parseSeal(bad), bad).toThrow(/^Sealed must be blank or as the sidebar wrote it/);
  });
});
