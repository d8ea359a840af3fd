// The fault sweep over seal, reveal and logged roll: each Google call of a clean run (document properties
// included) made to fail in turn, once and then from then on. The campaign, its cells and its kept seals and
// rolls end exactly before or exactly after, never a half-sealed or half-revealed battle, and a retry ends after.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Response, Written } from '../../../src/contract/api';
import { defined } from '../../../src/rules';
import { ok, open, state } from './helpers';
import { ANA, BOB, GM, reveal, roll, seal, seeded } from './sealing';

/**
 * The workbook and its document properties; the Log's When and a seal's minute stand as one word each. A kept seal
 * no Sealed cell names any more (sealed again, revealed) is left out: forgetting it is a courtesy that may fail, and
 * nothing reads it again.
 */
const seen = (lw: LoadedWorkbook) => {
  const cells = JSON.stringify(state(lw).Battles);
  const kept = [...lw.workbook.properties].filter(
    ([k]) => !k.startsWith('warcard.seal.') || cells.includes(`#${k.slice('warcard.seal.'.length)}"`),
  );
  return JSON.stringify({ cells: state(lw), kept: Object.fromEntries(kept) }, (_, v) =>
    typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)
      ? 'DATE'
      : typeof v === 'string'
        ? v.replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, 'TIME')
        : v,
  );
};

interface Case {
  readonly name: string;
  readonly prepare: () => { lw: LoadedWorkbook; run: (lw: LoadedWorkbook) => Response<Written> };
}

/** The Ford with Dice Logged and, when asked, Avanil's plan sealed. */
function ford(sealed: boolean): LoadedWorkbook {
  const lw = open();
  lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  if (sealed) {
    seeded(lw, 100);
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle', 'sweep-seal-0'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Trap', 'sweep-seal-1'));
  }
  lw.calls.reset();
  return lw;
}

/** Each run draws the same salt and dice, so that every run's "after" is the same. */
const repeatable =
  (call: (lw: LoadedWorkbook) => Response<Written>) =>
  (lw: LoadedWorkbook): Response<Written> => {
    seeded(lw, 7);
    return call(lw);
  };

const CASES: readonly Case[] = [
  {
    name: 'seal',
    prepare: () => {
      const lw = ford(false);
      lw.actAs(ANA);
      return { lw, run: repeatable((w) => seal(w, 0, 'Encircle', 'sweep-seal')) };
    },
  },
  {
    name: 'seal again',
    prepare: () => {
      const lw = ford(true);
      lw.actAs(ANA);
      return { lw, run: repeatable((w) => seal(w, 0, 'Hold', 'sweep-reseal')) };
    },
  },
  {
    name: 'reveal',
    prepare: () => {
      const lw = ford(true);
      lw.actAs(GM);
      return { lw, run: (w) => reveal(w, 'sweep-reveal') };
    },
  },
  {
    name: 'logged roll revealing the plans',
    prepare: () => {
      const lw = ford(true);
      lw.actAs(GM);
      return { lw, run: repeatable((w) => roll(w, 'sweep-roll')) };
    },
  },
];

describe.each(CASES)('fault sweep: $name', ({ prepare }) => {
  const clean = prepare();
  const before = seen(clean.lw);
  clean.lw.calls.reset();
  ok(clean.run(clean.lw));
  const after = seen(clean.lw);
  const calls = clean.lw.calls.log.map((c) => ({ method: c.method, sheet: c.sheet }));
  const faultAt = (k: number) => {
    const { method, sheet } = defined(calls[k], `call ${k}`);
    const nth = calls.slice(0, k + 1).filter((c) => c.method === method && c.sheet === sheet).length;
    return { method, sheet, nth };
  };

  it('changes something in a clean run, over several calls, properties among them', () => {
    expect(after).not.toBe(before);
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.some((c) => /Property|Properties/.test(c.method))).toBe(true);
  });

  it('ends exactly before or after when any one call fails, says which, and a retry ends after', () => {
    for (const [k, { method, sheet }] of calls.entries()) {
      const { lw, run } = prepare();
      lw.calls.failOn(faultAt(k));
      const answer = run(lw);
      const now = seen(lw);
      if (now === before) {
        expect(answer.ok, `call ${k} (${method} on ${sheet})`).toBe(false);
        if (!answer.ok) expect(answer.message).toMatch(/Nothing was (changed|written)/);
      } else {
        expect(now, `call ${k} (${method} on ${sheet}) left the battle half-written`).toBe(after);
        expect(answer.ok, `call ${k} (${method}): ${answer.message}`).toBe(true);
      }
      ok(run(lw));
      expect(seen(lw), `retry after call ${k} (${method} on ${sheet})`).toBe(after);
    }
  });

  it('when every call fails from one on, says so truthfully, and a retry afterwards ends after', () => {
    for (const [k, { method, sheet }] of calls.entries()) {
      const { lw, run } = prepare();
      lw.calls.failOn({ ...faultAt(k), persistent: true });
      const answer = run(lw);
      const now = seen(lw);
      const said = `call ${k} (${method}): ${answer.message}`;
      if (now === after) expect(answer.ok, said).toBe(true);
      else {
        expect(answer.ok, said).toBe(false);
        if (!answer.ok && now === before) expect(answer.message).toMatch(/Nothing was (changed|written)/);
        if (!answer.ok && now !== before) expect(answer.message).toMatch(/partly/);
      }
      lw.calls.clearFaults();
      const retry = run(lw);
      expect(retry.ok, `retry after call ${k} (${method} on ${sheet}): ${retry.message}`).toBe(true);
      expect(seen(lw), `retry after call ${k} (${method} on ${sheet})`).toBe(after);
    }
  });
});
