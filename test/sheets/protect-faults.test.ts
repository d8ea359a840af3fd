// Warcard → Protect realms never leaves a cell less protected than before it ran: a re-run cut short at any one
// of its calls (and at every call from one on) leaves each person able to edit only cells they could edit before
// the run or can edit after a clean one, and running it again ends as the clean run does.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../dev/gas';
import { defined } from '../../src/rules';
import { cellOf, rowOf } from '../support/columns';
import { AVANIL, GHOERE, GM, STRANGER } from '../support';
import { open } from '../support/emulation';

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

/** For each person, the cells of the campaign's sheets they may edit (rows 1-16, columns A-AD). */
function editable(lw: LoadedWorkbook): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const person of PEOPLE) {
    const cells = new Set<string>();
    for (const name of SHEETS) {
      const model = defined(lw.workbook.sheet(name), name);
      for (let r = 0; r < 16; r++)
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
