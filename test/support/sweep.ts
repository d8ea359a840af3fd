// The fault sweep shared by the writes' tests: each Google call a clean run makes is made to fail in turn, once and
// then from then on; the campaign must end exactly before or exactly after, the message must say which, and trying
// again must end after.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../dev/gas';
import type { Response, Written } from '../../src/contract/api';
import { defined } from '../../src/rules';
import { ok } from './emulation';

export interface SweepCase {
  readonly name: string;
  /** A workbook in the state before, and the operation to run on it (the same request every time). */
  readonly prepare: () => {
    lw: LoadedWorkbook;
    /** Runs it; a retry gets the failed answer, as the sidebar would (which shows the campaign it carries). */
    run: (lw: LoadedWorkbook, failed?: Response<Written>) => Response<Written>;
  };
}

export interface SweepOptions {
  /** The workbook as compared (and whatever else the write keeps), one string. */
  readonly seen: (lw: LoadedWorkbook) => string;
  /** What a half-written result would be called in a failure's message ("the campaign", "the battle"). */
  readonly what: string;
  /** Calls a clean run must make among others (document properties), named in the first test. */
  readonly among?: { readonly name: string; readonly method: RegExp };
}

/** One describe per case, three tests each: a clean run changes something; one fault; a fault from then on. */
export function faultSweep(cases: readonly SweepCase[], { seen, what, among }: SweepOptions): void {
  describe.each(cases)('fault sweep: $name', ({ prepare }) => {
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

    it(`changes something in a clean run, over several calls${among ? `, ${among.name} among them` : ''}`, () => {
      expect(after).not.toBe(before);
      expect(calls.length).toBeGreaterThan(5);
      if (among) expect(calls.some((c) => among.method.test(c.method))).toBe(true);
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
          expect(now, `call ${k} (${method} on ${sheet}) left ${what} half-written`).toBe(after);
          expect(answer.ok, `call ${k} (${method}): ${answer.message}`).toBe(true);
        }
        ok(run(lw));
        expect(seen(lw), `retry after call ${k} (${method} on ${sheet})`).toBe(after);
      }
      expect(outcomes.before + outcomes.after).toBe(calls.length);
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
        const retry = run(lw, answer);
        expect(retry.ok, `retry after call ${k} (${method} on ${sheet}): ${retry.message}`).toBe(true);
        expect(seen(lw), `retry after call ${k} (${method} on ${sheet})`).toBe(after);
      }
    });
  });
}
