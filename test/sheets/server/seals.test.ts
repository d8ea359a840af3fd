// The server's secrets (server/seals.ts), in this process on the emulation: SHA-256 by Utilities, salts and d100s
// from UUIDs (every face equally likely: draws past the last whole hundred of 2^32 are drawn again), and sealed
// plans and logged rolls kept in document properties, read back only when they are as Warcard wrote them.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { SALT } from '../../../src/contract/seal';
import {
  digest,
  drawD100,
  drawSalt,
  dropRoll,
  dropSeal,
  keepRoll,
  keepSeal,
  keptRoll,
  keptSeal,
  readKept,
} from '../../../src/sheets/server/seals';
import { inProcess, open } from '../../support';

/** The emulation's getUuid answering these UUIDs in turn. */
function uuids(lw: LoadedWorkbook, list: readonly string[]): { asked: () => number } {
  let n = 0;
  (lw.services.Utilities as { getUuid: () => string }).getUuid = () => {
    const u = list[n++];
    if (u === undefined) throw new Error('no more UUIDs');
    return u;
  };
  return { asked: () => n };
}
const uuidFrom = (first8: number) => `${first8.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const FAIR_LIMIT = Math.floor(2 ** 32 / 100) * 100;

describe('digest, salt and dice', () => {
  it('digests with SHA-256 over UTF-8, as signed bytes', () => {
    const lw = open();
    const want = [...new Int8Array(createHash('sha256').update('Hold:ünïcode', 'utf8').digest())];
    expect(inProcess(lw, () => digest('Hold:ünïcode'))).toEqual(want);
  });

  it('draws a salt of the 32 hex digits of a UUID, a salt the seal accepts', () => {
    const lw = open();
    uuids(lw, ['0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9']);
    const salt = inProcess(lw, drawSalt);
    expect(salt).toBe('0f1e2d3c4b5a49788695a4b3c2d1e0f9');
    expect(SALT.test(salt)).toBe(true);
  });

  it('draws a d100 from the first 8 hex digits, drawing again past the last whole hundred (property)', () => {
    const lw = open();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 1, maxLength: 4 }),
        (firsts) => {
          const fair = firsts.findIndex((n) => n < FAIR_LIMIT);
          const draws = uuids(lw, firsts.map(uuidFrom));
          if (fair < 0) {
            expect(() => inProcess(lw, drawD100)).toThrow('no more UUIDs');
            return;
          }
          expect(inProcess(lw, drawD100)).toBe(((firsts[fair] ?? 0) % 100) + 1);
          expect(draws.asked()).toBe(fair + 1);
        },
      ),
    );
  });

  it('gives every face from 1 to 100 exactly as often over a whole cycle of hundreds', () => {
    const lw = open();
    const faces = new Map<number, number>();
    const firsts = Array.from({ length: 1_000 }, (_, i) => FAIR_LIMIT - 1_000 + i);
    uuids(lw, firsts.map(uuidFrom));
    inProcess(lw, () => {
      for (let i = 0; i < firsts.length; i++) {
        const d = drawD100();
        faces.set(d, (faces.get(d) ?? 0) + 1);
      }
    });
    expect([...faces.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(faces.values())).toEqual(new Set([10]));
  });
});

describe('kept seals and rolls', () => {
  it('keeps a seal under its commitment and a roll under its battle’s name key, and forgets them', () => {
    const lw = open();
    inProcess(lw, () => {
      keepSeal('1a2b3c4d5e6f', { battle: 'ford of avanil', plan: 'Trap', salt: 'abcdefghijklmnop' });
      keepRoll('Ford of Avanil', {
        entry: 'r-1',
        pairs: [
          [50, 50],
          [90, 10],
        ],
      });
    });
    expect(lw.workbook.properties.get('warcard.seal.1a2b3c4d5e6f')).toBe(
      '{"battle":"ford of avanil","plan":"Trap","salt":"abcdefghijklmnop"}',
    );
    expect(lw.workbook.properties.get('warcard.roll.ford of avanil')).toBe(
      '{"entry":"r-1","pairs":[[50,50],[90,10]]}',
    );
    inProcess(lw, () => {
      const kept = readKept();
      expect(keptSeal('1a2b3c4d5e6f', kept)).toEqual({
        battle: 'ford of avanil',
        plan: 'Trap',
        salt: 'abcdefghijklmnop',
      });
      expect(keptSeal('1a2b3c4d5e6f')).toEqual(keptSeal('1a2b3c4d5e6f', kept));
      expect(keptRoll('  FORD of avanil ', kept)).toEqual({
        entry: 'r-1',
        pairs: [
          [50, 50],
          [90, 10],
        ],
      });
      dropSeal('1a2b3c4d5e6f');
      dropRoll('Ford of Avanil');
      expect(keptSeal('1a2b3c4d5e6f')).toBeNull();
      expect(keptRoll('Ford of Avanil')).toBeNull();
    });
  });

  it('reads back nothing that is not as Warcard wrote it', () => {
    const lw = open();
    const put = (key: string, value: string) => lw.workbook.properties.set(key, value);
    put('warcard.seal.a', '{"battle":"ford","plan":"Charge","salt":"abcdefghijklmnop"}');
    put('warcard.seal.b', '{"battle":1,"plan":"Hold","salt":"abcdefghijklmnop"}');
    put('warcard.seal.c', 'not json');
    put('warcard.roll.a', '{"entry":"r","pairs":[[0,50]]}');
    put('warcard.roll.b', '{"entry":"r","pairs":[]}');
    put('warcard.roll.c', '{"entry":"r","pairs":[[50,50,50]]}');
    put('warcard.roll.d', '{"pairs":[[50,50]]}');
    put('warcard.roll.e', '{"entry":"r","pairs":[[50.5,50]]}');
    inProcess(lw, () => {
      for (const c of ['a', 'b', 'c', 'missing']) expect(keptSeal(c), c).toBeNull();
      for (const b of ['a', 'b', 'c', 'd', 'e', 'missing']) expect(keptRoll(b), b).toBeNull();
    });
  });

  it('forgets a seal even when the properties refuse (a seal no cell names is never read again)', () => {
    const lw = open();
    const fault = lw.calls.failOn({ method: 'deleteProperty', sheet: '', nth: 1 });
    expect(() => inProcess(lw, () => dropSeal('1a2b3c4d5e6f'))).not.toThrow();
    expect(fault.fired).toBe(1);
  });
});
