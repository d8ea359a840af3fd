// The fault sweep: for apply, undo, new round and save, each Google call the clean run makes is made to fail in
// turn, once and then from then on. The campaign must end exactly before or exactly after, the message must say
// which, and trying again must end in one clean result.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Response, Written } from '../../../src/contract/api';
import { defined } from '../../../src/rules';
import {
  apply,
  call,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  setupOf,
  state,
  undo,
} from './helpers';

/**
 * The workbook as compared here: Dates (the Log's When) and ids the server makes (a save's) stand as one word each,
 * since each run has its own.
 */
const seen = (lw: LoadedWorkbook) =>
  JSON.stringify(state(lw), (_, v) =>
    typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)
      ? 'DATE'
      : typeof v === 'string' && /^s-[0-9a-z]+-[0-9a-z]+$/.test(v)
        ? 'ID'
        : v,
  );

interface Case {
  readonly name: string;
  /** A workbook in the state before, and the operation to run on it (the same request every time). */
  readonly prepare: () => {
    lw: LoadedWorkbook;
    /** Runs it; a retry gets the failed answer, as the sidebar would (which shows the campaign it carries). */
    run: (lw: LoadedWorkbook, failed?: Response<Written>) => Response<Written>;
  };
}

const CASES: readonly Case[] = [
  {
    name: 'apply',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'sweep-apply-1');
      return { lw, run: (w) => apply(w, request) };
    },
  },
  {
    name: 'undo',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const entry = newestEntry(
        ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'sweep-undo-1'))).campaign,
      ).id;
      return { lw, run: (w) => undo(w, entry) };
    },
  },
  {
    name: 'new round',
    prepare: () => {
      const lw = open(30);
      return { lw, run: (w) => newRound(w, 'sweep-round-1') };
    },
  },
  {
    name: 'save',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const listing = defined(data.battles[0], 'the first battle');
      const setup = structuredClone(listing.setup) as typeof listing.setup;
      (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
      (setup.sides[1].circumstances.defense as { narrowPass: boolean }).narrowPass = true;
      return {
        lw,
        run: (w, last) => {
          const now = last && !last.ok ? last.campaign?.battles[0]?.fingerprint : undefined;
          return call<Written>(w, 'sidebarSave', { setup, battle: now ?? listing.fingerprint });
        },
      };
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
  /** The k-th call as a fault: the nth call of its method on its sheet. */
  const faultAt = (k: number) => {
    const { method, sheet } = defined(calls[k], `call ${k}`);
    const nth = calls.slice(0, k + 1).filter((c) => c.method === method && c.sheet === sheet).length;
    return { method, sheet, nth };
  };

  it('changes something in a clean run, over several calls', () => {
    expect(after).not.toBe(before);
    expect(calls.length).toBeGreaterThan(5);
  });

  it('ends exactly before or after when any one call fails, says which, and a retry ends after', () => {
    const outcomes = { before: 0, after: 0 };
    for (const [k, { method, sheet }] of calls.entries()) {
      const { lw, run } = prepare();
      lw.calls.failOn(faultAt(k));
      const answer = run(lw);
      const now = seen(lw);
      if (now === before) {
        outcomes.before++;
        expect(answer.ok, `call ${k} (${method} on ${sheet})`).toBe(false);
        if (!answer.ok) expect(answer.message).toMatch(/Nothing was (changed|written)/);
      } else {
        outcomes.after++;
        expect(now, `call ${k} (${method} on ${sheet}) left the campaign half-written`).toBe(after);
        expect(answer.ok).toBe(true);
      }
      ok(run(lw));
      expect(seen(lw)).toBe(after);
    }
    expect(outcomes.before + outcomes.after).toBe(calls.length);
  });

  it('when every call fails from one on, says so truthfully, and a retry afterwards ends after', () => {
    for (const [k, { method, sheet }] of calls.entries()) {
      const { lw, run } = prepare();
      lw.calls.failOn({ ...faultAt(k), persistent: true });
      const answer = run(lw);
      const now = seen(lw);
      if (now === after) expect(answer.ok).toBe(true);
      else {
        expect(answer.ok).toBe(false);
        if (!answer.ok && now === before) expect(answer.message).toMatch(/Nothing was (changed|written)/);
        if (!answer.ok && now !== before) expect(answer.message).toMatch(/partly/);
      }
      lw.calls.clearFaults();
      ok(run(lw, answer));
      expect(seen(lw), `retry after call ${k} (${method} on ${sheet})`).toBe(after);
    }
  });
});
