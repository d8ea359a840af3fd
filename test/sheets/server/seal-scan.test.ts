// No answer to anyone but a side's own players carries its sealed plan, whatever any cell holds (SHEETS.md "Sealed
// plans"): at a table with Protect realms on, the other side's player types every cell they can reach (their own
// Plan, Roll, Sealed and Armies cells, Log rows, a battle of their own, the Players sheet where it lets them), alone
// and all at once, and every answer to them, to the GM and to a stranger is scanned for the plan.
import { describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook } from '../../../dev/gas';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import {
  ANA,
  apply,
  BOB,
  call,
  FORD,
  GM,
  load,
  ok,
  open,
  page,
  requestFor,
  seal,
  seatTable,
  seeded,
  setupOf,
  STRANGER,
  undo,
  values,
} from '../../support';
import { cellOf } from '../../support/columns';

/** Ana's plan: no cell of the fixture holds it, and no edit below types it. */
const SECRET = 'Encircle';

/** The Ford at a protected table, Ana's plan sealed: Ana plays Avanil (Battles row 2), Bob Ghoere (row 3). */
function table(): LoadedWorkbook {
  const lw = open();
  seeded(lw);
  seatTable(
    lw,
    [
      [GM, 'GM', ''],
      [ANA, 'Player', 'Avanil'],
      [BOB, 'Player', 'Ghoere'],
    ],
    { strangers: [STRANGER] },
  );
  lw.run('protectRealms');
  lw.actAs(ANA);
  ok(seal(lw, 0, SECRET));
  return lw;
}

const at = (lw: LoadedWorkbook, sheet: string, header: string, row: number): string => {
  const [head = []] = values(lw, sheet);
  return `${columnLetters(head.indexOf(header) + 1)}${row}`;
};
const cell = (lw: LoadedWorkbook, a1: string) => String(lw.workbook.read('Battles', a1)[0]?.[0] ?? '');

/** One thing Bob may try: the cells he types, each as a1 → value on a sheet. */
type Edit = (lw: LoadedWorkbook) => readonly (readonly [sheet: string, a1: string, value: unknown])[];

const anaSealed = (lw: LoadedWorkbook) => cell(lw, at(lw, 'Battles', 'Sealed', 2));
const EDITS: Record<string, Edit> = {
  'his Plan Sealed and Ana’s commitment in his Sealed cell': (lw) => [
    ['Battles', at(lw, 'Battles', 'Plan', 3), 'Sealed'],
    ['Battles', at(lw, 'Battles', 'Sealed', 3), anaSealed(lw)],
  ],
  'Ana’s commitment by him in his Sealed cell': (lw) => [
    ['Battles', at(lw, 'Battles', 'Plan', 3), 'Sealed'],
    ['Battles', at(lw, 'Battles', 'Sealed', 3), anaSealed(lw).replace(ANA, BOB)],
  ],
  'Ana’s Sealed cell by him': (lw) => [
    ['Battles', at(lw, 'Battles', 'Sealed', 2), anaSealed(lw).replace(ANA, BOB)],
  ],
  'Avanil added to his Armies cell': (lw) => [['Battles', at(lw, 'Battles', 'Armies', 3), 'Ghoere, Avanil']],
  'Ghoere added to Ana’s Armies cell': (lw) => [
    ['Battles', at(lw, 'Battles', 'Armies', 2), 'Avanil, Ghoere'],
  ],
  'his Roll cell': (lw) => [['Battles', at(lw, 'Battles', 'Roll', 3), 50]],
  'a battle of his own on Ana’s seal': (lw) => {
    const row = values(lw, 'Battles').length + 1;
    return [
      ['Battles', `A${row}`, 'Bob’s trap'],
      ['Battles', at(lw, 'Battles', 'Armies', row), 'Avanil'],
      ['Battles', at(lw, 'Battles', 'Plan', row), 'Sealed'],
      ['Battles', at(lw, 'Battles', 'Sealed', row), anaSealed(lw).replace(ANA, BOB)],
      ['Battles', `A${row + 1}`, 'Bob’s trap'],
      ['Battles', at(lw, 'Battles', 'Armies', row + 1), 'Ghoere'],
    ];
  },
  'a Log row sealing for him': (lw) => {
    const row = values(lw, 'Log').length + 1;
    const fields: Record<string, unknown> = {
      When: 'now',
      Entry: 'bobs-seal-1',
      Event: 'Seal',
      Battle: FORD,
      'Side B': 'Ghoere',
      Result: `Ghoere sealed its plan (#${anaSealed(lw).slice(-12)})`,
      State: 'Done',
      By: BOB,
    };
    return LOG_HEADERS.flatMap((h, i) =>
      h in fields ? [['Log', `${columnLetters(i + 1)}${row}`, fields[h]] as const] : [],
    );
  },
  'the Players sheet giving him Avanil': () => [
    ['Players', cellOf('Players', 'Armies', 4), 'Ghoere, Avanil'],
    ['Players', 'A5', BOB],
    ['Players', cellOf('Players', 'Role', 5), 'Player'],
    ['Players', cellOf('Players', 'Armies', 5), 'Avanil'],
  ],
};

/** Types the edit's cells as Bob, each refused cell left as it was; how many he could type. */
function typeAs(lw: LoadedWorkbook, edit: Edit): number {
  lw.actAs(BOB);
  let typed = 0;
  for (const [sheet, a1, value] of edit(lw)) {
    try {
      lw.workbook.put(sheet, a1, [[value]]);
      typed++;
    } catch (e) {
      expect(String(e)).toContain('You are trying to edit a protected cell');
    }
  }
  return typed;
}

/** An apply's answer, as the sidebar sends it; where the sidebar cannot build one, what it shows instead. */
function applyAnswer(lw: LoadedWorkbook): string {
  try {
    return JSON.stringify(apply(lw, requestFor(load(lw), setupOf(load(lw), FORD), [[90, 10]])));
  } catch (e) {
    return String(e);
  }
}

/** Every answer this person is given: the load, the page, a save, a seal, an apply and an undo. */
function answersTo(lw: LoadedWorkbook, who: string): string[] {
  lw.actAs(who);
  const data = load(lw);
  const ford = setupOf(data, FORD);
  const fingerprint = data.battles.find((b) => b.setup.name === FORD)?.fingerprint ?? null;
  return [
    JSON.stringify(data),
    JSON.stringify(call(lw, 'sidebarLoad')),
    page(lw),
    JSON.stringify(call(lw, 'sidebarSave', { setup: ford, battle: fingerprint })),
    JSON.stringify(seal(lw, 1, 'Hold')),
    applyAnswer(lw),
    JSON.stringify(undo(lw, data.entries[0]?.id ?? 'no-entry-here')),
  ];
}

describe('a sealed plan reaches only its side’s players, whatever the other side types', () => {
  for (const [name, edit] of Object.entries(EDITS)) {
    it(`after ${name}`, () => {
      const lw = table();
      typeAs(lw, edit);
      for (const who of [BOB, GM, STRANGER]) {
        for (const answer of answersTo(lw, who))
          expect(answer, `${who}: ${answer.slice(0, 300)}`).not.toContain(SECRET);
      }
    });
  }

  it('after all of them at once, the ones his rights let through typed', () => {
    const lw = table();
    let typed = 0;
    for (const edit of Object.values(EDITS)) typed += typeAs(lw, edit);
    // His own row, a battle of his own and the Log are his to type: the scan is of a table he did change.
    expect(typed).toBeGreaterThanOrEqual(14);
    for (const who of [BOB, GM, STRANGER]) {
      for (const answer of answersTo(lw, who)) expect(answer, who).not.toContain(SECRET);
    }
    lw.actAs(ANA);
    expect(JSON.stringify(load(lw))).toContain(SECRET);
  });
});
