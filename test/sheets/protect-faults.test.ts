// Warcard → Protect realms never leaves a cell less protected than before it ran: a re-run cut short at any one
// of its calls (and at every call from one on) leaves each person able to edit only cells they could edit before
// the run or can edit after a clean one, and running it again ends as the clean run does. The same holds for a
// rebuild that stops itself for its budget (here a small one) and for the run that goes on from it.
import { describe, expect, it } from 'vitest';
import { type LoadedWorkbook, loadWorkbook } from '../../dev/gas';
import { defined } from '../../src/rules';
import { cellOf, rowOf } from '../support/columns';
import { AVANIL, GHOERE, GM, STRANGER } from '../support';
import { inProcess, open } from '../support/emulation';
import { protectWithin } from '../../src/sheets/protect-realms';

const PEOPLE = [GM, AVANIL, GHOERE, STRANGER];
const SHEETS = ['Players', 'Settings', 'Library', 'Units', 'Characters', 'Battles'];

/** The table after a first run, then changed: Ghoere's player gives up Ghore, a unit added, an old protection. */
function prepare(): LoadedWorkbook {
  const lw = open();
  lw.workbook.people.owner = GM;
  lw.actAs(GM);
  lw.workbook.put('Players', 'A1', [
    ['Player', 'Role', 'Armies'],
    [GM, 'GM', ''],
    [AVANIL, 'Player', 'Avanil'],
    [GHOERE, 'Player', 'Ghoere, Ghore'],
  ]);
  for (const sheet of ['Library', 'Settings'])
    if (!lw.workbook.sheet(sheet)) lw.workbook.put(sheet, 'A1', [['x']]);
  for (const who of [AVANIL, GHOERE, STRANGER]) lw.workbook.people.editors.add(who);
  lw.workbook.put('Units', 'A12', lw.workbook.read('Units', rowOf('Units', 2, true)));
  lw.run('protectRealms');
  // What an earlier version of Warcard left: a header protection of its own.
  const units = lw.services.SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units');
  const old = units?.getRange('A1:V1').protect().setDescription('Warcard: Units header');
  old?.removeEditors(old.getEditors().map((u) => u.getEmail()));
  lw.workbook.put('Players', cellOf('Players', 'Armies', 4), [['Ghoere']]);
  lw.workbook.put('Units', 'A13', lw.workbook.read('Units', rowOf('Units', 7, true)));
  lw.workbook.put('Units', 'A14', lw.workbook.read('Units', rowOf('Units', 3, true)));
  lw.calls.reset();
  return lw;
}

/** For each person, the cells of the campaign's sheets they may edit (rows 1 to `rows`, columns A-AD). */
function editable(lw: LoadedWorkbook, rows = 16): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const person of PEOPLE) {
    const cells = new Set<string>();
    for (const name of SHEETS) {
      const model = defined(lw.workbook.sheet(name), name);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < 30; c++)
          if (!lw.workbook.people.refuses(model, r, c, person)) cells.add(`${name}!${r + 1}:${c + 1}`);
    }
    out.set(person, cells);
  }
  return out;
}

/** The cells someone may edit now that they could edit neither before the run nor after a clean one. */
function opened(
  now: Map<string, Set<string>>,
  before: Map<string, Set<string>>,
  after: Map<string, Set<string>>,
): string[] {
  const out: string[] = [];
  for (const [person, cells] of now)
    for (const cell of cells)
      if (!before.get(person)?.has(cell) && !after.get(person)?.has(cell)) out.push(`${person} ${cell}`);
  return out;
}

const run = (lw: LoadedWorkbook) => {
  lw.run('protectRealms');
  return lw.workbook.ui.alerts.at(-1) ?? '';
};

describe('Protect realms, a re-run cut short at any call', () => {
  const clean = prepare();
  const before = editable(clean);
  const report = run(clean);
  const after = editable(clean);
  const calls = clean.calls.log.map((c) => ({ method: c.method, sheet: c.sheet }));
  // The report's own alert is the last call: failing, it leaves the run done.
  const cases = [...calls.keys()].filter((k) => calls[k]?.method !== 'alert');
  const faultAt = (k: number) => {
    const { method, sheet } = defined(calls[k], `call ${k}`);
    return {
      method,
      sheet,
      nth: calls.slice(0, k + 1).filter((c) => c.method === method && c.sheet === sheet).length,
    };
  };

  it('changes the protections in a clean re-run: makes, keeps and removes', () => {
    expect(report).toMatch(
      /protections made, \d+ kept as they were, \d+ put right, 1 of Warcard's old ones removed/,
    );
    expect(after).not.toEqual(before);
    expect(calls.length).toBeGreaterThan(40);
    expect(after.get(GHOERE)?.has('Units!13:1')).toBe(true);
  });

  it.each([false, true])(
    'leaves no cell less protected than before when one call fails (from then on: %s)',
    (persistent) => {
      for (const k of cases) {
        const lw = prepare();
        const fault = lw.calls.failOn({ ...faultAt(k), persistent });
        const said = run(lw);
        const { method, sheet } = defined(calls[k], `call ${k}`);
        expect(opened(editable(lw), before, after), `call ${k} (${method} on ${sheet}): ${said}`).toEqual([]);
        expect(said, `call ${k} (${method} on ${sheet})`).toMatch(
          /^Protect realms stopped: .*Every row is at least as protected as before it ran|^Google failed before Warcard read anything/,
        );
        fault.remove();
        run(lw);
        expect(editable(lw), `retry after call ${k} (${method} on ${sheet})`).toEqual(after);
      }
    },
  );
});

/**
 * 20 units taking turns between Avanil and Ghoere, protected; then the GM gives each unit to the other army and adds
 * 10 more below (the GMs' until a run gives them to their realm).
 */
function swapped(): LoadedWorkbook {
  const lw = prepare();
  const units = Array.from({ length: 20 }, (_, i) => [`Levy ${i}`, i % 2 === 0 ? 'Avanil' : 'Ghoere']);
  lw.workbook.put('Units', 'A2', units);
  lw.run('protectRealms');
  lw.workbook.put(
    'Units',
    'B2',
    units.map(([, army]) => [army === 'Avanil' ? 'Ghoere' : 'Avanil']),
  );
  lw.workbook.put('Units', 'A22', units.slice(0, 10));
  lw.calls.reset();
  return lw;
}

/** The swapped table, made once and loaded afresh from its snapshot for each case. */
const SWAPPED = swapped().workbook.snapshot();
function fromSwapped(): LoadedWorkbook {
  const lw = loadWorkbook({ snapshot: SWAPPED });
  lw.actAs(GM);
  lw.calls.reset();
  return lw;
}

/** Small enough that the rebuild of 20 runs takes several runs (Google's own budget is 2,400 calls a run). */
const LIMITS = { calls: 110, ms: 1e9 };
const ROWS = 34;
/** Runs until done: 29 runs of rows at about 9 a run, then the old protections swept. */
const RUNS = 6;
const runWithin = (lw: LoadedWorkbook) => inProcess(lw, () => protectWithin(LIMITS)).join('\n');
const untilDone = (lw: LoadedWorkbook) => {
  for (let n = 0; n < 12; n++) if (runWithin(lw).startsWith('Protect realms: ')) return n + 1;
  throw new Error('Protect realms did not finish in 12 runs');
};

describe('Protect realms stopped for its budget and resumed, cut short at any call of either run', () => {
  const clean = fromSwapped();
  const before = editable(clean, ROWS);
  const first = runWithin(clean);
  const firstCalls = clean.calls.log.map((c) => ({ method: c.method, sheet: c.sheet }));
  const mid = editable(clean, ROWS);
  clean.calls.reset();
  const second = runWithin(clean);
  const secondCalls = clean.calls.log.map((c) => ({ method: c.method, sheet: c.sheet }));
  const runs = 2 + untilDone(clean);
  const after = editable(clean, ROWS);
  const faultAt = (log: typeof firstCalls, k: number) => {
    const { method, sheet } = defined(log[k], `call ${k}`);
    const nth = log.slice(0, k + 1).filter((c) => c.method === method && c.sheet === sheet).length;
    return { method, sheet, nth };
  };
  const cases = (log: typeof firstCalls) => [...log.keys()].filter((k) => log[k]?.method !== 'alert');

  it('stops itself twice before it is done, and ends as a clean run does', () => {
    expect(first).toMatch(/^Protect realms stopped itself after \d+ calls/);
    expect(first.split('\n').slice(3)).toEqual([
      "Units: 8 of 29 runs of rows protected for their realms' players and the GMs (rows 2 to 9); the other 21 (rows 10 to 31) stay as the last finished run left them until a run protects them.",
      'Characters: not reached yet: its rows are as they were before this run.',
      'Battles: not reached yet: its rows are as they were before this run.',
    ]);
    expect(second).toContain('\nUnits: 17 of 29 runs of rows protected');
    expect(runs).toBe(RUNS);
    expect(opened(mid, before, after)).toEqual([]);
    expect(after.get(GHOERE)?.has('Units!2:1')).toBe(true);
    expect(after.get(AVANIL)?.has('Units!2:1')).toBe(false);
  });

  it.each([false, true])(
    'leaves no cell less protected than before when a call of the run that stops for its budget fails (from then on: %s)',
    (persistent) => {
      for (const k of cases(firstCalls)) {
        const lw = fromSwapped();
        const fault = lw.calls.failOn({ ...faultAt(firstCalls, k), persistent });
        const said = runWithin(lw);
        expect(opened(editable(lw, ROWS), before, after), `call ${k}: ${said}`).toEqual([]);
        fault.remove();
        untilDone(lw);
        expect(editable(lw, ROWS), `retry after call ${k}`).toEqual(after);
      }
    },
  );

  it.each([false, true])(
    'leaves no cell less protected than before when a call of the run that goes on fails (from then on: %s)',
    (persistent) => {
      for (const k of cases(secondCalls)) {
        const lw = fromSwapped();
        runWithin(lw);
        lw.calls.reset();
        const fault = lw.calls.failOn({ ...faultAt(secondCalls, k), persistent });
        const said = runWithin(lw);
        expect(said, `call ${k}`).toMatch(/^Protect realms stopped/);
        expect(opened(editable(lw, ROWS), mid, after), `call ${k}: ${said}`).toEqual([]);
        fault.remove();
        untilDone(lw);
        expect(editable(lw, ROWS), `retry after call ${k}`).toEqual(after);
      }
    },
  );
});
