// The fault sweep shared by the writes' tests: each Google call a clean run makes is made to fail in turn, once and
// then from then on; the campaign must end exactly before or exactly after, the message must say which, and trying
// again must end after.
import { afterAll, describe, expect, it } from 'vitest';
import { editsOf, type LoadedWorkbook } from '../../dev/gas';
import type { Response, Written } from '../../src/contract/api';
import { defined } from '../../src/rules';
import { ok, values } from './emulation';

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
  // Each fault case, ended written (after) or refused (before, or partly when every call fails): for the closing note.
  const counts = { cases: 0, written: 0, refused: 0 };
  afterAll(() => {
    console.log(`fault sweep: ${counts.cases} cases, ${counts.written} written, ${counts.refused} refused`);
  });
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
        counts.cases++;
        if (answer.ok) counts.written++;
        else counts.refused++;
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
        counts.cases++;
        if (answer.ok) counts.written++;
        else counts.refused++;
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

/** A write as the edits sweep runs it: a workbook in the state before, and the write (the same request every time). */
export interface EditedWrite {
  readonly name: string;
  readonly prepare: () => { lw: LoadedWorkbook; run: () => { ok: boolean; message?: string } };
}

/** A person's edit, made on a workbook; `context` is what the sweep learnt from the write's clean run. */
export interface PersonEdit<T> {
  readonly name: string;
  readonly make: (lw: LoadedWorkbook, context: T) => void;
}

export interface EditsSweepOptions<T> {
  /** The workbook as compared (and whatever else the write keeps), one string. */
  readonly seen: (lw: LoadedWorkbook) => string;
  /** Runs the clean write (`run`) on its workbook and gives what the edits need of it (the cells it changes). */
  readonly context: (lw: LoadedWorkbook, run: () => void) => T;
  /** Counted as the cases run: each written or refused. */
  readonly counts: SweepCounts;
}

/** The cases a sweep or table of edits ran: each written or refused. */
export interface SweepCounts {
  cases: number;
  written: number;
  refused: number;
}

/**
 * The closing test of a sweep or table of edits (its describe named `title`): it ran `least` cases at least, some
 * written and, unless `refuses` is false, some refused; the counts printed as `name` for the closing note.
 */
export function ranEveryCase(
  title: string,
  name: string,
  counts: SweepCounts,
  least: number,
  { refuses = true }: { readonly refuses?: boolean } = {},
): void {
  describe(title, () => {
    it('ran every case', () => {
      console.log(`${name}: ${counts.cases} cases, ${counts.written} written, ${counts.refused} refused`);
      expect(counts.cases).toBeGreaterThanOrEqual(least);
      if (refuses) expect(counts.refused).toBeGreaterThan(0);
      expect(counts.written).toBeGreaterThan(0);
    });
  });
}

/**
 * Each write × each edit × each moment (between load and write, before the write's first call, just after each of
 * its write calls, so between two writes and before the check that guards the next, and after the last call): every
 * case ends as if the edit and the write ran one after the other, in either order, or refused with everything exactly
 * as the person left it. WARCARD_EVERY_CALL=1 puts the edit before every call instead: a cell typed in the instant
 * between a check and the write it guards is beyond any script (Sheets has no compare-and-set), but every edit that
 * moves or renames rows holds there too.
 */
export function editsSweep<T>(
  writes: readonly EditedWrite[],
  edits: readonly PersonEdit<T>[],
  { seen, context, counts }: EditsSweepOptions<T>,
): void {
  describe.each(writes)('a person edits while Warcard writes: $name', ({ name, prepare }) => {
    const clean = prepare();
    const made = context(clean.lw, () => {
      clean.lw.calls.reset();
      const answer = clean.run();
      expect(answer.ok, answer.message).toBe(true);
    });
    const calls = clean.lw.calls.log;
    const writeCalls = calls.flatMap((c, k) => (c.kind === 'write' ? [k + 1] : []));
    const moments =
      process.env.WARCARD_EVERY_CALL === '1'
        ? Array.from({ length: calls.length + 2 }, (_, k) => k)
        : [...new Set([0, 1, ...writeCalls.map((p) => p + 1), calls.length + 1])];

    it.each(edits)(
      '$name: at every moment, written right or refused with everything as the person left it',
      (edit) => {
        const edited = prepare();
        edit.make(edited.lw, made);
        const refusedState = seen(edited.lw);
        const first = edited.run();
        const editFirst = first.ok ? seen(edited.lw) : null;
        const later = prepare();
        expect(later.run().ok).toBe(true);
        edit.make(later.lw, made);
        const writeFirst = seen(later.lw);
        for (const k of moments) {
          const { lw, run } = prepare();
          let answer: ReturnType<typeof run>;
          if (k === 0) {
            edit.make(lw, made);
            answer = run();
          } else {
            lw.calls.reset();
            const e = lw.calls.editBefore(k, () => edit.make(lw, made));
            answer = run();
            lw.calls.clearEdits();
            if (!e.ran) edit.make(lw, made);
          }
          const now = seen(lw);
          const where = `${name}, ${edit.name}, before call ${k} (${calls[k - 1]?.method ?? '-'} on ${calls[k - 1]?.sheet ?? '-'})`;
          counts.cases++;
          if (answer.ok) {
            counts.written++;
            expect([editFirst, writeFirst], `${where}: ${answer.message ?? ''}`).toContain(now);
          } else {
            counts.refused++;
            expect(answer.message, where).not.toMatch(/partly/);
            expect(now, `${where}: ${answer.message}`).toBe(refusedState);
          }
        }
      },
    );
  });
}

/**
 * A Log row a person adds or takes away while Warcard writes (the Log only warns): a note inserted above the newest
 * entry, so every entry below it moves down a row, and the first entry's row deleted, so every entry moves up.
 */
export const LOG_EDITS: readonly PersonEdit<unknown>[] = [
  {
    name: 'a Log row inserted above the newest entry',
    make: (lw) =>
      editsOf(lw.workbook).insertRow('Log', Math.max(2, values(lw, 'Log').length), ['', '', 'Note']),
  },
  { name: "the Log's first entry row deleted", make: (lw) => editsOf(lw.workbook).deleteRow('Log', 2) },
];

/** Where a clean run's last write call on a sheet began (its range's first cell), '' when it wrote nothing there. */
export function lastWriteOn(lw: LoadedWorkbook, sheet: string): string {
  const mine = lw.calls.log.filter((c) => c.sheet === sheet);
  const k = mine.map((c) => c.kind).lastIndexOf('write');
  const range = mine
    .slice(0, Math.max(0, k))
    .reverse()
    .find((c) => c.a1 !== undefined);
  return (k >= 0 && range?.a1?.split(/[:,]/)[0]) || '';
}

/** The first cell of the last write call on each sheet, of a clean run. */
export interface LastWrites {
  readonly lastWrites: Readonly<Record<string, string>>;
}

/**
 * A cell the write's last call on `sheet` changes, typed by a person (with a value it holds neither before nor
 * after): between two of the write's calls, the check just before that call must find it. Nothing for a write that
 * writes nothing there.
 */
export const lastWriteTyped = (sheet: string): PersonEdit<LastWrites> => ({
  name: `a cell of the last ${sheet} write typed`,
  make: (lw, { lastWrites }) => {
    const a1 = lastWrites[sheet];
    if (a1) editsOf(lw.workbook).type(sheet, a1, 'typed by a player');
  },
});

/** What the sweeps learn of a clean run for `lastWriteTyped`: its last write call on Units and on Battles. */
export const lastWritesOf = (lw: LoadedWorkbook): LastWrites => ({
  lastWrites: { Units: lastWriteOn(lw, 'Units'), Battles: lastWriteOn(lw, 'Battles') },
});
