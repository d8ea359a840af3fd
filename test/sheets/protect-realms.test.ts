// Warcard → Protect realms on the emulation: Google's protections made from the Players sheet, re-runnable,
// leaving others' protections alone, and enforced on a player's hand edits.
import { describe, expect, it } from 'vitest';
import { cellOf, rowOf } from '../support/columns';
import { type LoadedWorkbook, PROTECTED_MESSAGE } from '../../dev/gas';
import { BATTLE_HEADERS } from '../../src/contract/columns';
import { columnLetter } from '../../src/sheets/table';
import { LABELS_CHARS, labelsText } from '../../src/sheets/protect-sheet';
import { open } from '../support/emulation';
import { AVANIL, GHOERE, GM, protectionLines } from '../support';

/** The Battles sheet's last column: a side's protection spans the declared headers. */
const LAST = columnLetter(BATTLE_HEADERS.length);

function table(
  players: unknown[][] = [
    ['Player', 'Role', 'Armies'],
    [GM, 'GM', ''],
    [AVANIL, 'Player', 'Avanil'],
    [GHOERE, 'Player', 'Ghoere, Ghore'],
  ],
): LoadedWorkbook {
  const lw = open();
  lw.workbook.people.owner = GM;
  lw.actAs(GM);
  lw.workbook.put('Players', 'A1', players);
  for (const sheet of ['Library', 'Settings'])
    if (!lw.workbook.sheet(sheet)) lw.workbook.put(sheet, 'A1', [['x']]);
  for (const who of [AVANIL, GHOERE]) lw.workbook.people.editors.add(who);
  // One more Avanil unit below Ghoere's: Avanil's rows are two runs.
  lw.workbook.put('Units', 'A12', lw.workbook.read('Units', rowOf('Units', 2, true)));
  return lw;
}

/** A protection a GM made by hand (not Warcard's). */
function handProtect(lw: LoadedWorkbook): void {
  const units = lw.services.SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units');
  const p = units?.getRange('D2:D3').protect().setDescription('Fog of war');
  p?.removeEditors(p.getEditors().map((u) => u.getEmail()));
}

const protections = protectionLines;

const run = (lw: LoadedWorkbook) => {
  lw.run('protectRealms');
  return lw.workbook.ui.alerts.at(-1) ?? '';
};

describe('Warcard → Protect realms', () => {
  it('gives each realm its rows, each side its Battles row, GMs the rest, and Log and Undo warnings', () => {
    const lw = table();
    const report = run(lw);
    expect(protections(lw)).toEqual(
      expect.arrayContaining([
        `Units | A2:V6 | Warcard: Units of Avanil [#0] | ${GM} ${AVANIL}`,
        `Units | A12:V12 | Warcard: Units of Avanil [#2] | ${GM} ${AVANIL}`,
        `Units | A7:V11 | Warcard: Units of Ghoere [#1] | ${GM} ${GHOERE}`,
        `Characters | A2:Q2 | Warcard: Characters of Avanil [#0] | ${GM} ${AVANIL}`,
        `Battles | A2:${LAST}2 | Warcard: Battles, Ford of Avanil: Avanil [#0] | ${GM} ${AVANIL}`,
        `Battles | A3:${LAST}3 | Warcard: Battles, Ford of Avanil: Ghoere [#1] | ${GM} ${GHOERE}`,
        `Units | sheet | Warcard: Units, GMs only but the realms' rows [done 3 3 3 kept] | ${GM}`,
        `Characters | sheet | Warcard: Characters, GMs only but the realms' rows [done 1 1 1 kept] | ${GM}`,
        `Battles | sheet | Warcard: Battles, GMs only but the realms' rows [done 2 2 2 kept] | ${GM}`,
        `Players | sheet | Warcard: Players, GMs only | ${GM}`,
        `Settings | sheet | Warcard: Settings, GMs only | ${GM}`,
        'Log | sheet | Warcard: Log, warning only | warning',
        'Undo | sheet | Warcard: Undo, warning only | warning',
      ]),
    );
    expect(report).toContain('2 realms protected');
    expect(report).toContain(`Avanil: 7 rows in 3 runs of rows, edited by ${AVANIL} and the GMs.`);
    expect(report).toContain('No rows carry the armies Ghore of the Players sheet');
    expect(report).toContain('Warning only (every sidebar writes them): Log, Undo.');
  });

  it('gives the same protections when run twice, and leaves a protection made by hand alone', () => {
    const lw = table();
    lw.run('protectRealms');
    const first = protections(lw);
    handProtect(lw);
    const withHand = protections(lw);
    expect(withHand).toContain(`Units | D2:D3 | Fog of war | ${GM}`);
    lw.run('protectRealms');
    // The one change: Units' mark counts the sheet's range protections, the hand's now among them.
    const counted = (lines: string[]) =>
      lines.map((p) => p.replace('[done 3 3 3 kept]', '[done 3 3 4 kept]'));
    expect(protections(lw).sort()).toEqual(counted(withHand).sort());
    expect(
      protections(lw)
        .filter((p) => !p.includes('Fog of war'))
        .sort(),
    ).toEqual(counted(first).sort());
  });

  it("has Google refuse a player's hand edit into the enemy's rows and take one into their own", () => {
    const lw = table();
    run(lw);
    lw.actAs(AVANIL);
    expect(() => lw.workbook.put('Units', cellOf('Units', 'Status', 7), [['Destroyed']])).toThrow(
      PROTECTED_MESSAGE,
    );
    lw.workbook.put('Units', cellOf('Units', 'Status', 2), [['Routed']]);
    expect(lw.workbook.read('Units', cellOf('Units', 'Status', 2))).toEqual([['Routed']]);
    expect(() => lw.workbook.put('Settings', cellOf('Settings', 'Value', 2), [['Value']])).toThrow(
      PROTECTED_MESSAGE,
    );
    lw.workbook.put('Log', 'A5', [['a note']]); // warning only: the hand goes on
  });

  it('is a GM’s: a player running it changes nothing', () => {
    const lw = table();
    lw.actAs(AVANIL);
    expect(run(lw)).toContain("Protect realms is a GM's");
    expect(lw.workbook.people.protections).toEqual([]);
  });

  it('needs a Players sheet naming a GM', () => {
    const lw = table([['Player', 'Role', 'Armies']]);
    expect(run(lw)).toContain('no Players sheet naming a GM');
    expect(lw.workbook.people.protections).toEqual([]);
  });
});

describe('Protect realms keeps, repairs and reports', () => {
  it('says what it did to the Battles rows, and a second run keeps every protection as it was', () => {
    const lw = table();
    const first = run(lw);
    expect(first).toContain(
      "Battles: 4 sides, 2 of them edited by their side's players and the GMs (2 protections), 2 by the GMs only (no player commands all their armies).",
    );
    const made = protections(lw);
    lw.calls.reset();
    const second = run(lw);
    expect(second).toMatch(
      /^Protect realms: 2 realms protected: 0 protections made, 14 kept as they were, 0 put right, 0 of Warcard's old ones removed/,
    );
    expect(protections(lw)).toEqual(made);
    expect(lw.calls.byMethod.protect).toBeUndefined();
    expect(lw.calls.byMethod.remove).toBeUndefined();
  });

  it('keeps the rows added after it for the GMs until the next run gives them to their realm', () => {
    const lw = table();
    expect(run(lw)).toContain(
      "Rows added later to Units, Characters, Battles are the GMs' until the next run",
    );
    lw.actAs(AVANIL);
    expect(() => lw.workbook.put('Units', 'A13', [['Sneaky levy', 'Avanil']])).toThrow(PROTECTED_MESSAGE);
    expect(() => lw.workbook.put('Battles', 'A4', [['Raid', 'A', 'Avanil']])).toThrow(PROTECTED_MESSAGE);
    lw.actAs(GM);
    lw.workbook.put('Units', 'A13', lw.workbook.read('Units', rowOf('Units', 2, true)));
    run(lw);
    lw.actAs(AVANIL);
    lw.workbook.put('Units', cellOf('Units', 'Status', 13), [['Routed']]);
    expect(lw.workbook.read('Units', cellOf('Units', 'Status', 13))).toEqual([['Routed']]);
  });

  it('sees a realm’s protection its player removed since it finished, says so and makes it again; its mark is the GMs’', () => {
    const lw = table();
    run(lw);
    const units = () => lw.services.SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units');
    const { RANGE, SHEET } = lw.services.SpreadsheetApp.ProtectionType;
    lw.actAs(AVANIL);
    const mark = units()?.getProtections(SHEET)[0];
    expect(() => mark?.setDescription("Warcard: Units, GMs only but the realms' rows")).toThrow(/permission/);
    const own = units()
      ?.getProtections(RANGE)
      .find((p) => p.getDescription().startsWith('Warcard: Units of Avanil'));
    own?.remove(); // a player may edit their own realm's protection
    lw.actAs(GM);
    const made = protections(lw);
    lw.calls.reset();
    const report = run(lw);
    expect(report).toContain(
      "Units: 1 of Warcard's protections of its realms' rows was removed since the last run, so Protect realms made its realms' protections again.",
    );
    expect(report).toMatch(
      /^Protect realms: 2 realms protected: 1 protections made, 13 kept as they were, 0 put right/,
    );
    expect(
      protections(lw)
        .filter((p) => p.startsWith('Units'))
        .sort(),
    ).toEqual(
      [
        ...made.filter((p) => p.startsWith('Units')),
        `Units | A2:V6 | Warcard: Units of Avanil [#0] | ${GM} ${AVANIL}`,
      ].sort(),
    );
    lw.actAs(GHOERE);
    expect(() => lw.workbook.put('Units', 'V2', [['Routed']])).toThrow(PROTECTED_MESSAGE);
  });

  it('sees a realm’s protection removed since it finished when a protection not Warcard’s is on the sheet too', () => {
    const lw = table();
    handProtect(lw); // a GM's own: the sheet has one range protection more than runs
    run(lw);
    const { RANGE } = lw.services.SpreadsheetApp.ProtectionType;
    lw.actAs(AVANIL);
    lw.services.SpreadsheetApp.getActiveSpreadsheet()
      .getSheetByName('Units')
      ?.getProtections(RANGE)
      .find((p) => p.getDescription().startsWith('Warcard: Units of Avanil'))
      ?.remove();
    lw.actAs(GM);
    const report = run(lw);
    expect(report).toContain(
      "Units: 1 of its range protections was removed since the last run (Warcard's or another's: it does not read each), so Protect realms made its realms' protections again.",
    );
    lw.actAs(GHOERE);
    expect(() => lw.workbook.put('Units', 'V2', [['Routed']])).toThrow(PROTECTED_MESSAGE);
    expect(protections(lw)).toContain(`Units | D2:D3 | Fog of war | ${GM}`);
  });

  it('names and closes a protection of its own that a failed setDescription left unnamed', () => {
    const lw = table();
    lw.calls.failOn({ method: 'setDescription', sheet: 'Players' });
    expect(run(lw)).toMatch(/^Protect realms stopped: .*Every row is at least as protected as before it ran/);
    const players = () => protections(lw).filter((p) => p.startsWith('Players'));
    expect(players()).toEqual([`Players | sheet |  | ${GM} ${AVANIL} ${GHOERE}`]);
    run(lw);
    expect(players()).toEqual([`Players | sheet | Warcard: Players, GMs only | ${GM}`]);
    lw.actAs(AVANIL);
    expect(() => lw.workbook.put('Players', cellOf('Players', 'Role', 2), [['GM']])).toThrow(
      PROTECTED_MESSAGE,
    );
  });

  it('reports plainly a sheet protection a player made on Players, and keeps Players the GMs’ beside it', () => {
    const lw = table();
    lw.actAs(AVANIL);
    lw.services.SpreadsheetApp.getActiveSpreadsheet()
      .getSheetByName('Players')
      ?.protect()
      .setDescription('mine');
    lw.actAs(GM);
    const report = run(lw);
    expect(report).toContain(
      `Players: its sheet protection "mine" was not made by Warcard and lets ${AVANIL}, ${GHOERE} edit it, so Warcard protected Players!A1:Z1000 for the GMs beside it (rows added below later are open until the next run). To have Warcard's own protection instead, remove "mine" (Data → Protected sheets and ranges) and run Protect realms again.`,
    );
    expect(report).not.toMatch(/GMs only: Players/);
    lw.actAs(AVANIL);
    expect(() => lw.workbook.put('Players', cellOf('Players', 'Role', 3), [['GM']])).toThrow(
      PROTECTED_MESSAGE,
    );
    // The choice taken: theirs removed, the next run makes Warcard's own and removes the one beside it.
    lw.actAs(GM);
    const players = lw.services.SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Players');
    players?.getProtections(lw.services.SpreadsheetApp.ProtectionType.SHEET)[0]?.remove();
    expect(run(lw)).toContain('GMs only: Players, Settings, Library');
    expect(protections(lw).filter((p) => p.startsWith('Players'))).toEqual([
      `Players | sheet | Warcard: Players, GMs only | ${GM}`,
    ]);
  });

  it('is run by the file’s owner though Players lists them as a Player (a copy’s new owner)', () => {
    const lw = table([
      ['Player', 'Role', 'Armies'],
      [GM, 'GM', ''],
      [AVANIL, 'Player', 'Avanil'],
      ['copier@example.com', 'Player', ''],
    ]);
    lw.workbook.people.owner = 'copier@example.com';
    lw.actAs('copier@example.com');
    const report = run(lw);
    expect(report).toMatch(/^Protect realms: 2 realms protected/);
    expect(report).toContain(`GMs only: Players, Settings, Library (GMs: ${GM}, copier@example.com).`);
  });
});

describe("a run's labels in its protection's description", () => {
  it('stop short of LABELS_CHARS, so the mark at the end is never what a length limit cuts', () => {
    expect(labelsText(['Avanil', 'Ghoere'])).toBe('Avanil, Ghoere');
    const many = Array.from({ length: 30 }, (_, i) => `Army of the North ${i}`);
    const cut = labelsText(many);
    expect(cut.length).toBeLessThanOrEqual(LABELS_CHARS);
    expect(cut).toBe('Army of the North 0, Army of the North 1, Army of the North 2 and 27 more');
    const one = labelsText(['x'.repeat(200)]);
    expect(one.length).toBeLessThanOrEqual(LABELS_CHARS);
    expect(one).toBe(`${'x'.repeat(LABELS_CHARS - 16)}…`);
  });
});
