// Protect realms over a roster too mixed for one run: it offers to group the rows by army (sorting Units by Army,
// the sheet made the GMs' alone first); told no, it protects as much as one execution can, says how far it got,
// and the next run goes on from there until done; a run after that reads only its marks.
import { describe, expect, it } from 'vitest';
import { type LoadedWorkbook, PROTECTED_MESSAGE } from '../../dev/gas';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { PROTECT_BUDGET } from '../../src/sheets/protect-realms';
import { defined } from '../../src/rules';
import { AVANIL, GHOERE, GM, protectionLines } from '../support';
import { open } from '../support/emulation';
import { cellOf, cellsOf } from '../support/columns';

/** `units` more units, Avanil's and Ghoere's rows taking turns, each army its player's. */
function mixed(units: number): LoadedWorkbook {
  const lw = open();
  lw.workbook.people.owner = GM;
  lw.actAs(GM);
  for (const who of [AVANIL, GHOERE]) lw.workbook.people.editors.add(who);
  const rows = Array.from({ length: units }, (_, i) =>
    UNIT_HEADERS.map((h) =>
      h === 'Unit'
        ? `Levy ${i}`
        : h === 'Army'
          ? i % 2 === 0
            ? 'Avanil'
            : 'Ghoere'
          : h === 'Status'
            ? 'Ready'
            : '',
    ),
  );
  lw.workbook.put('Units', 'A2', rows);
  lw.workbook.put('Players', 'A1', [
    ['Player', 'Role', 'Armies'],
    [GM, 'GM', ''],
    [AVANIL, 'Player', 'Avanil'],
    [GHOERE, 'Player', 'Ghoere'],
  ]);
  return lw;
}

const run = (lw: LoadedWorkbook) => {
  lw.calls.reset();
  lw.run('protectRealms');
  return lw.workbook.ui.alerts.at(-1) ?? '';
};

const armyOf = (lw: LoadedWorkbook, row: number) => lw.workbook.read('Units', `B${row}`)[0]?.[0];

const comparable = (lw: LoadedWorkbook) => protectionLines(lw).sort();

/** Who of the GM and the two players may edit a Units row's first cell. */
function mayEdit(lw: LoadedWorkbook, row: number): string[] {
  const units = defined(lw.workbook.sheet('Units'), 'Units');
  return [GM, AVANIL, GHOERE].filter((who) => !lw.workbook.people.refuses(units, row - 1, 0, who));
}

describe('Protect realms over a mixed roster', () => {
  it('offers to group the rows by army and, told yes, sorts them and gives each realm its one run', () => {
    const lw = mixed(700);
    lw.workbook.ui.answers = ['YES'];
    const report = run(lw);
    expect(lw.workbook.ui.alerts.at(-2)).toMatch(
      /^Group rows by army\?\nUnits and Characters hold 70\d runs of rows/,
    );
    expect(report).toMatch(/^Protect realms: 2 realms protected/);
    expect(report).toContain('Rows grouped by army on Units and Characters.');
    expect(report).toContain(`Avanil: 351 rows in 2 runs of rows, edited by ${AVANIL} and the GMs.`);
    expect(lw.calls.total).toBeLessThan(400);
    expect(lw.workbook.read('Units', cellsOf('Units', 'Unit', 2, 2, 'Army'))).toEqual([['Levy 0', 'Avanil']]);
    expect(lw.workbook.read('Units', cellsOf('Units', 'Unit', 3, 3, 'Army'))).toEqual([['Levy 2', 'Avanil']]);
    const firstGhoere = 2 + 700 / 2 + 1; // the fixture's own Avanil rows sort in among Avanil's
    expect(armyOf(lw, firstGhoere + 5)).toBe('Ghoere');
    lw.actAs(AVANIL);
    lw.workbook.put('Units', cellOf('Units', 'Status', 2), [['Routed']]);
    expect(() => lw.workbook.put('Units', `V${firstGhoere + 5}`, [['Routed']])).toThrow(PROTECTED_MESSAGE);
  });

  it('told no, stops itself within its budget, says how far it got, and the next run goes on and finishes', () => {
    const lw = mixed(700);
    lw.workbook.ui.answers = ['NO'];
    const first = run(lw);
    expect(lw.calls.total).toBe(2400);
    expect(first).toBe(
      [
        "Protect realms stopped itself after 2391 calls, to finish within Google's six minutes: 581 protections made, 0 kept, 0 put right, 0 old ones removed. Run it again to go on from here; each run goes on where the last one stopped, until every row is protected. No row is less protected than before: a sheet leaves each realm's rows to their protections only once all of them stand, and Warcard's old protections go last.",
        `GMs only: Players, Settings (GMs: ${GM}).`,
        'Warning only (every sidebar writes them): Log, Undo.',
        "Units: 576 of 700 runs of rows protected for their realms' players and the GMs (rows 2 to 577); the other 124 (rows 578 to 701) stay open to every editor until a run protects them.",
        'Characters: not reached yet: its rows are as they were before this run.',
        'Battles: not reached yet: its rows are as they were before this run.',
      ].join('\n'),
    );
    // Half way: the rows made are their realm's, the rest as open as before the run.
    expect(mayEdit(lw, 3)).toEqual([GM, GHOERE]);
    expect(mayEdit(lw, 600)).toEqual([GM, AVANIL, GHOERE]);
    const alerts = lw.workbook.ui.alerts.length;
    const second = run(lw);
    expect(lw.workbook.ui.alerts.length).toBe(alerts + 1); // no second offer: it goes on
    expect(lw.calls.total).toBe(613);
    expect(second.split('\n')[0]).toBe(
      "Protect realms: 2 realms protected: 129 protections made, 581 kept as they were, 0 put right, 0 of Warcard's old ones removed (every other protection left alone; 608 calls).",
    );
    for (const row of [2, 3, 577, 578, 701])
      expect(mayEdit(lw, row)).toEqual([GM, row % 2 === 0 ? AVANIL : GHOERE]);
    expect(mayEdit(lw, 702)).toEqual([GM]);
    // Everything done: a run reads the marks, not the 700 protections.
    const third = run(lw);
    expect(lw.calls.total).toBe(62);
    expect(lw.calls.byMethod.getDescription).toBe(8); // each protected sheet's, and Units' again to see its build goes on
    expect(third.split('\n')[0]).toBe(
      "Protect realms: 2 realms protected: 0 protections made, 710 kept as they were, 0 put right, 0 of Warcard's old ones removed (every other protection left alone; 57 calls).",
    );
  });

  it('goes on correctly when the roster and the Players sheet change between its runs, ending as a clean run does', () => {
    const edit = (lw: LoadedWorkbook) => {
      lw.services.SpreadsheetApp.getActiveSpreadsheet()
        .getSheetByName('Units')
        ?.getRange('A2:V701')
        .sort({ column: 1, ascending: false });
      lw.workbook.put('Players', 'C4', [['Ghoere, Avanil']]);
    };
    const lw = mixed(700);
    lw.workbook.ui.answers = ['NO', 'NO'];
    run(lw);
    edit(lw);
    const calls: number[] = [];
    for (let said = ''; !said.startsWith('Protect realms: ') && calls.length < 8; calls.push(lw.calls.total))
      said = run(lw);
    const clean = mixed(700);
    edit(clean);
    clean.workbook.ui.answers = ['NO'];
    for (let said = ''; !said.startsWith('Protect realms: '); ) said = run(clean);
    expect(calls.length).toBe(3);
    for (const n of calls) expect(n).toBeLessThanOrEqual(PROTECT_BUDGET.calls + 20);
    expect(comparable(lw)).toEqual(comparable(clean));
    expect(mayEdit(lw, 2)).toEqual([GM, GHOERE]);
    expect(armyOf(lw, 2)).toBe('Ghoere');
  });

  it('gives a unit added after it finished its run at once, keeping the others unread', () => {
    const lw = mixed(700);
    lw.workbook.ui.answers = ['NO'];
    run(lw);
    run(lw);
    lw.workbook.put('Units', 'A702', [['Levy 700', 'Avanil']]);
    const said = run(lw);
    expect(said.split('\n')[0]).toBe(
      "Protect realms: 2 realms protected: 1 protections made, 710 kept as they were, 0 put right, 0 of Warcard's old ones removed (every other protection left alone; 72 calls).",
    );
    expect(lw.calls.total).toBe(77);
    expect(mayEdit(lw, 702)).toEqual([GM, AVANIL]);
  });

  it('begins again when a protection it made is removed before it finished, and ends as a clean run does', () => {
    const lw = mixed(700);
    lw.workbook.ui.answers = ['NO'];
    run(lw);
    lw.actAs(AVANIL);
    lw.services.SpreadsheetApp.getActiveSpreadsheet()
      .getSheetByName('Units')
      ?.getProtections(lw.services.SpreadsheetApp.ProtectionType.RANGE)
      .find((p) => p.getRange().getA1Notation() === 'A2:V2')
      ?.remove();
    lw.actAs(GM);
    const said = run(lw);
    expect(said).toContain(
      '\nUnits: 1 of the protections this build made was removed before it finished, so it begins again (its rows keep their protections meanwhile).',
    );
    expect(said).toContain(
      '\nUnits: none of its 700 runs of rows protected yet (rows 2 to 701): they stay open to every editor until a run protects them.',
    );
    const calls = [lw.calls.total];
    for (let again = ''; !again.startsWith('Protect realms: '); calls.push(lw.calls.total)) again = run(lw);
    expect(calls.length).toBe(4); // this run, then 700 runs of rows made anew and the 699 old ones removed
    for (const n of calls) expect(n).toBeLessThanOrEqual(PROTECT_BUDGET.calls + 20);
    const clean = mixed(700);
    clean.workbook.ui.answers = ['NO'];
    for (let again = ''; !again.startsWith('Protect realms: '); ) again = run(clean);
    expect(comparable(lw)).toEqual(comparable(clean));
  });
});
