// Warcard → Fill units from the Library (server/library-fill.ts): each unit's blank card cells from the Library row
// of its Type, one journaled entry that Undo takes back exactly; typed cells kept and named; a typo'd Type gets
// did-you-mean; a player fills only their own realms' rows; the same few calls at 100 and 2,000 units.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { CARD_HEADERS, UNIT_HEADERS } from '../../../src/contract/columns';
import { defined } from '../../../src/rules';
import {
  AVANIL,
  blankCard,
  failed,
  faultSweep,
  fill,
  GHOERE,
  LIBRARY,
  libraryCampaign,
  load,
  newestEntry,
  ok,
  open,
  roster,
  seatTable,
  state,
  undo,
  values,
} from '../../support';

const col = (h: string) => UNIT_HEADERS.indexOf(h as (typeof UNIT_HEADERS)[number]);
const unitAt = (lw: LoadedWorkbook, name: string) =>
  defined(
    values(lw, 'Units').find((r) => r[0] === name),
    name,
  );
const cardOf = (row: readonly unknown[]) => CARD_HEADERS.map((h) => row[col(h)] ?? '');
const SCOUTS = defined(LIBRARY[1], 'Scouts');

/** The test campaign with a Library, a newcomer's hand-typed Scouts and a few units of blank cards. */
function evening(): LoadedWorkbook {
  const tables = libraryCampaign();
  const units = defined(tables.Units, 'Units');
  const typed = blankCard('Hand Scouts', 'Ghoere', 'scouts');
  // Typed by hand from memory: Move 4 (the Library says 3), no Override (the Library says 2).
  for (const [h, v] of [
    ['Role', 'Missile'],
    ['Move', 4],
    ['Melee', 2],
    ['Missile', '3'],
    ['Defense', 2],
    ['Morale', 2],
    ['Hits', 2],
  ] as const)
    typed[col(h)] = v;
  units.push(
    blankCard('Scout Patrol', 'Avanil', 'Scouts'),
    typed,
    blankCard('Border Riders', 'Avanil', 'Knights'),
    blankCard('Scout Typo', 'Avanil', 'Scout'),
    blankCard('Household', 'Avanil', 'Household Guard'),
  );
  return open(0, tables);
}

describe('Warcard → Fill units from the Library', () => {
  it("fills exactly the Library's card into blank cells, keeps and names typed ones, and says did-you-mean", () => {
    const lw = evening();
    const before = state(lw);
    const answer = ok(fill(lw));
    expect(cardOf(unitAt(lw, 'Scout Patrol'))).toEqual(cardOf(SCOUTS));
    expect(cardOf(unitAt(lw, 'Border Riders'))).toEqual(cardOf(defined(LIBRARY[2], 'Knights')));
    // The typed cells stay as typed; the blank Override (and Charge, 0 in the Library, blank on the row) filled.
    const hand = unitAt(lw, 'Hand Scouts');
    expect([hand[col('Move')], hand[col('Missile')], hand[col('Override')], hand[col('Charge')]]).toEqual([
      4, 3, 2, 0,
    ]);
    for (const name of ['Scout Typo', 'Household'])
      expect(unitAt(lw, name)).toEqual(before.Units?.find((r) => r[0] === name));
    // Every other cell as it was: the card cells filled are the only ones changed on Units.
    const changed = values(lw, 'Units').flatMap((r, i) =>
      r.flatMap((v, c) => (v === before.Units?.[i]?.[c] ? [] : [`${r[0]}:${UNIT_HEADERS[c]}`])),
    );
    expect(changed).toEqual([
      ...['Role', 'Move', 'Melee', 'Missile', 'Defense', 'Charge', 'Morale', 'Hits', 'Override'].map(
        (h) => `Scout Patrol:${h}`,
      ),
      'Hand Scouts:Charge',
      'Hand Scouts:Override',
      ...['Role', 'Move', 'Melee', 'Missile', 'Defense', 'Charge', 'Morale', 'Hits'].map(
        (h) => `Border Riders:${h}`,
      ),
    ]);
    expect(answer.message).toBe(
      '19 card cells of 3 units filled from the Library (Log row 2). Cells already typed were kept, not overwritten, where they differ from the Library: Hand Scouts of Ghoere (Units row 13): Move 4 (Library 3). Clear a cell and fill again to take the Library\'s. Not filled: Scout Typo of Avanil (Units row 15): Type "Scout" is on no Library row: did you mean "Scouts"?',
    );
    const log = defined(values(lw, 'Log')[1], 'the Log row');
    expect([log[2], log[12]]).toEqual(['Fill', 'Done']);
    const report = log[values(lw, 'Log')[0]?.indexOf('Report') ?? -1];
    expect(report).toBe(
      [
        'Fill from the Library',
        '',
        'Card cells filled: 19, on 3 units',
        '  - Scout Patrol of Avanil: Role Missile, Move 3, Melee 2, Missile 3, Defense 2, Charge 0, Morale 2, Hits 2, Override 2',
        '  - Hand Scouts of Ghoere: Charge 0, Override 2',
        '  - Border Riders of Avanil: Role Mounted, Move 2, Melee 4, Missile 0, Defense 4, Charge 6, Morale 3, Hits 3',
      ].join('\n'),
    );
    expect(values(lw, 'Undo').length).toBe(1 + 19);
  });

  it('is undone exactly, from the menu as from the sidebar, and a second fill finds nothing to do', () => {
    const lw = evening();
    const before = state(lw);
    ok(fill(lw));
    const again = ok(fill(lw, 'fill-again'));
    expect(again.message).toMatch(
      /^No blank card cell of a unit whose Type is a Library Type: nothing to fill\./,
    );
    const entry = newestEntry(load(lw)).id;
    ok(undo(lw, entry));
    const after = state(lw);
    expect(after.Units).toEqual(before.Units);
    expect(after.Battles).toEqual(before.Battles);
    expect(values(lw, 'Log')[1]?.[12]).toBe('Undone');
  });

  it('finds twins (one name, one army) after it changed their cards, and undoes them exactly', () => {
    const tables = libraryCampaign();
    const units = defined(tables.Units, 'Units');
    const twin = blankCard('Scouts', 'Avanil', 'Scouts');
    const other = blankCard('Scouts', 'Avanil', 'Knights');
    units.push(twin, other, [...twin]);
    const lw = open(0, tables);
    const before = state(lw);
    ok(fill(lw));
    const rows = values(lw, 'Units').filter((r) => r[0] === 'Scouts');
    expect(rows.map(cardOf)).toEqual([
      cardOf(SCOUTS),
      cardOf(defined(LIBRARY[2], 'Knights')),
      cardOf(SCOUTS),
    ]);
    lw.run('undoLastBattle');
    expect(lw.workbook.ui.toasts.map((t) => t.message)).toEqual([
      'Undid the fill from the Library (Log row 2): 3 units put back.',
    ]);
    expect(state(lw).Units).toEqual(before.Units);
  });

  it("refuses a player's fill of another realm's rows, naming the realm and the GM who can", () => {
    const tables = libraryCampaign();
    defined(tables.Units, 'Units').push(blankCard('Scout Patrol', 'Ghoere', 'Scouts'));
    const lw = seatTable(open(0, tables), [
      ['gm@example.com', 'GM', ''],
      [AVANIL, 'Player', 'Avanil'],
      [GHOERE, 'Player', 'Ghoere'],
    ]);
    const before = state(lw);
    lw.actAs(AVANIL);
    const refused = failed(fill(lw));
    expect(refused.code).toBe('refused');
    expect(refused.message).toBe(
      `You may not fill these units from the Library: it would change realm "Ghoere", and you are ${AVANIL}, Player: Avanil. Nothing was written. Ask a GM (gm@example.com) to do it, or to give you those armies on the Players sheet.`,
    );
    expect(state(lw)).toEqual(before);
    // Ghoere's player fills their own row.
    lw.actAs(GHOERE);
    expect(ok(fill(lw, 'fill-ghoere')).message).toMatch(
      /^9 card cells of 1 unit filled from the Library \(Log row 2\)\.$/,
    );
    expect(cardOf(unitAt(lw, 'Scout Patrol'))).toEqual(cardOf(SCOUTS));
  });

  it("fills a player's own rows and leaves the others', saying who can fill them", () => {
    const tables = libraryCampaign();
    defined(tables.Units, 'Units').push(
      blankCard('Scout Patrol', 'Ghoere', 'Scouts'),
      blankCard('Avanil Scouts', 'Avanil', 'Scouts'),
    );
    const lw = seatTable(open(0, tables), [
      ['gm@example.com', 'GM', ''],
      [AVANIL, 'Player', 'Avanil'],
    ]);
    lw.actAs(AVANIL);
    expect(ok(fill(lw)).message).toBe(
      '9 card cells of 1 unit filled from the Library (Log row 2). Rows of Ghoere were left: a GM (gm@example.com) can fill them.',
    );
    expect(cardOf(unitAt(lw, 'Scout Patrol'))).toEqual(cardOf(blankCard('', '', '')));
  });

  it('says so when there is no Library sheet, and two Library rows of one Type', () => {
    const lw = open(0);
    expect(failed(fill(lw)).message).toMatch(
      /^There is no Library sheet to fill units from: Warcard → Set up campaign makes one/,
    );
    const tables = libraryCampaign();
    defined(tables.Library, 'Library').push([...SCOUTS]);
    defined(tables.Units, 'Units').push(blankCard('Scout Patrol', 'Avanil', 'Scouts'));
    expect(failed(fill(open(0, tables))).message).toBe(
      'Library rows 2 and 5 both give the Type "Scouts": keep one of them, so that a unit of that Type has one card.',
    );
  });

  it('answers from the menu in a toast', () => {
    const tables = libraryCampaign();
    defined(tables.Units, 'Units').push(blankCard('Scout Patrol', 'Avanil', 'Scouts'));
    const lw = open(0, tables);
    lw.run('fillFromLibrary');
    expect(lw.workbook.ui.toasts).toEqual([
      {
        message: '9 card cells of 1 unit filled from the Library (Log row 2).',
        title: 'Warcard',
        timeoutSeconds: -1,
      },
    ]);
  });
});

describe('the fill makes the same few calls whatever the roster', () => {
  const measure = (scouts: number) => {
    const lw = open(0, libraryCampaign(scouts));
    lw.calls.reset();
    const answer = ok(fill(lw));
    const filled = {
      reads: lw.calls.reads,
      writes: lw.calls.writes,
      inserts: lw.calls.byMethod.insertRowsAfter ?? 0,
      units: Object.keys(lw.calls.bySheet.Units ?? {}).sort(),
    };
    const entry = newestEntry(load(lw)).id;
    lw.calls.reset();
    ok(undo(lw, entry));
    const undone = { reads: lw.calls.reads, writes: lw.calls.writes };
    return { answer: answer.message, filled, undone };
  };

  it('fills 100 and 2,000 units in the same calls', () => {
    const small = measure(100);
    const large = measure(2_000);
    console.log(`fill calls: ${JSON.stringify({ small, large })}`);
    expect(small.answer).toBe('900 card cells of 100 units filled from the Library (Log row 2).');
    expect(large.answer).toBe('18000 card cells of 2000 units filled from the Library (Log row 2).');
    // The same calls, but for one insertRowsAfter when the 18,000 Undo rows pass the Undo sheet's end (and one read
    // more: the rows planned lie past the end, so the sheet's size and last row are asked instead of those rows).
    expect(small.filled).toEqual({ reads: 29, writes: 6, inserts: 0, units: large.filled.units });
    expect(large.filled).toEqual({ reads: 30, writes: 7, inserts: 1, units: small.filled.units });
    expect(large.undone).toEqual(small.undone);
    expect(small.undone).toEqual({ reads: 22, writes: 4 });
  }, 120_000);
});

/** A campaign with four units of blank cards (twins among them) and a hand-typed one: the sweep's workbook. */
function sweepCampaign(): LoadedWorkbook {
  const tables = libraryCampaign();
  defined(tables.Units, 'Units').push(
    blankCard('Scout Patrol', 'Avanil', 'Scouts'),
    blankCard('Riders', 'Ghoere', 'Knights'),
    blankCard('Riders', 'Ghoere', 'Knights'),
    blankCard('Skirmishers', 'Ghoere', 'Irregulars'),
  );
  return open(0, tables);
}

faultSweep(
  [
    {
      name: 'fill from the Library',
      prepare: () => ({ lw: sweepCampaign(), run: (lw) => fill(lw, 'sweep-fill') }),
    },
    {
      name: 'undo of a fill',
      prepare: () => {
        const lw = sweepCampaign();
        ok(fill(lw, 'sweep-fill'));
        const entry = newestEntry(load(lw)).id;
        return { lw, run: (w) => undo(w, entry) };
      },
    },
  ],
  {
    what: 'the campaign',
    seen: (lw) =>
      JSON.stringify({
        ...roster(lw),
        log: values(lw, 'Log')
          .slice(1)
          .map((r) => [r[1], r[2], r[12]]),
        undo: values(lw, 'Undo').length,
      }),
  },
);
