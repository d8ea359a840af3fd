// Protect realms over a roster too mixed for one run: it offers to group the rows by army (sorting Units by Army,
// the sheet made the GMs' alone first); told no, it protects what it can and says plainly which rows it left.
import { describe, expect, it } from 'vitest';
import { type LoadedWorkbook, PROTECTED_MESSAGE } from '../../dev/gas';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { AVANIL, GHOERE, GM } from '../support';
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

  it('told no, protects the GMs’ sheets and leaves rows too mixed for any run as they were, saying so', () => {
    const lw = mixed(700);
    lw.workbook.ui.answers = ['NO'];
    const report = run(lw);
    expect(report).toMatch(
      /^Protect realms protected Players, Settings for the GMs, but not the realms' rows: Units, Characters, Battles hold 70\d runs of rows .* Every row is as protected as it was\. Run it again and answer Yes to group Units and Characters by army/,
    );
    expect(lw.workbook.people.protections.filter((p) => p.sheet.name === 'Units')).toEqual([]);
    expect(armyOf(lw, 3)).toBe('Ghoere');
  });
});
