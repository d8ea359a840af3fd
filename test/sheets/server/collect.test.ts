// src/sheets/server/collect.ts: Warcard → Collect the season: a Treasury row per realm for Settings' Season, the
// Log's Season entry with its report, the refusals (nothing written), GMs only, and its undo taking it back exactly.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import { TREASURY_HEADER } from '../../../src/sheets/treasury-formula';
import { call, collect, load, ok, SEASON, treasuryCampaign, treasuryState, values } from '../../support';
import { cellOf, columnAfterTable, tableOf } from '../../support/columns';

/** Where the test's TREASURY stands: a column right of the Realms table's own one. */
const AT = columnAfterTable('Realms', 2);
/** TREASURY's block beside the Realms rows, as a GM sees it. */
const shown = (lw: LoadedWorkbook) => {
  lw.workbook.put('Realms', `${AT}1`, [
    [
      `=TREASURY(${tableOf('Realms')}, ${tableOf('Treasury')}, ${tableOf('Units', { extra: 1 })}, ${tableOf('Settings')})`,
    ],
  ]);
  lw.workbook.recalculate();
  return lw.workbook.read('Realms', `${AT}2:${columnAfterTable('Realms', 1 + TREASURY_HEADER.length)}3`);
};

describe('Warcard → Collect the season', () => {
  it('writes each realm’s row with TREASURY’s figures, one Season entry, and says each closing balance', () => {
    const lw = treasuryCampaign();
    const due = shown(lw);
    lw.workbook.put('Realms', `${AT}1`, [['']]);
    const answer = ok(collect(lw));
    const [avanil, ghoere] = due;
    expect(answer.message).toBe(
      `Collected Summer 1522 for 2 realms (Log row 2; Treasury rows 3-4). Closing balances: Avanil ${avanil?.[4]} GB; Ghoere ${ghoere?.[4]} GB.`,
    );
    // Income, Upkeep and Muster as TREASURY said the next collection would take them; Entry and By.
    expect(values(lw, 'Treasury').slice(2)).toEqual([
      [SEASON, 'Avanil', 30, avanil?.[2], avanil?.[3], '', '', 'collect-1', 'owner@example.com'],
      [SEASON, 'Ghoere', 25, ghoere?.[2], ghoere?.[3], '', '', 'collect-1', 'owner@example.com'],
    ]);
    expect([avanil?.[2], ghoere?.[2]]).toEqual([6, 6]);
    const log = values(lw, 'Log');
    const [header = [], entry = []] = log;
    const at = (h: string) => entry[header.indexOf(h)];
    expect([at('Entry'), at('Event'), at('State'), at('Result'), at('Changes'), at('By')]).toEqual([
      'collect-1',
      'Season',
      'Done',
      'Summer 1522 collected for 2 realms',
      'Avanil, Ghoere',
      'owner@example.com',
    ]);
    expect(avanil?.[4]).toBe(55 + 30 - 6);
    expect(String(at('Report')).split('\n').slice(0, 9)).toEqual([
      'Season collected: Summer 1522',
      '',
      'Avanil',
      // 50 + 30 − 20 − 0 − 5: Start and the hand-typed Spring row.
      '  Opening balance: 55 GB',
      '  Income: 30 GB',
      '  Upkeep: 6 GB',
      '  - Avanil: 6 GB (5 units)',
      '  Muster: 0 GB',
      `  Closing balance: ${avanil?.[4]} GB`,
    ]);
    // The balances moved by exactly the collection; TREASURY now says the season is collected.
    const after = shown(lw);
    expect(after.map((r) => r[1])).toEqual([avanil?.[4], ghoere?.[4]]);
    expect(after[0]?.[5]).toBe('Summer 1522 is collected (treasury row 3)');
  });

  it('charges the muster of units whose Mustered is this season, and notes a realm left below 0 GB', () => {
    const lw = treasuryCampaign();
    const statuses = values(lw, 'Units').map((r) => r[21] ?? '');
    lw.workbook.put('Units', `${columnAfterTable('Units')}1`, [['Mustered'], ['summer 1522']]); // Knights of Avanil
    lw.workbook.put('Realms', cellOf('Realms', 'Start', 2), [[-100]]);
    const due = shown(lw);
    lw.workbook.put('Realms', `${AT}1`, [['']]);
    const answer = ok(collect(lw));
    const [avanil] = due;
    const row = values(lw, 'Treasury')[2] ?? [];
    expect(row.slice(0, 5)).toEqual([SEASON, 'Avanil', 30, avanil?.[2], avanil?.[3]]);
    expect(avanil?.[3]).toBeGreaterThan(0);
    const short = -Number(avanil?.[4]);
    expect(row[6]).toMatch(
      new RegExp(`^short by ${short} GB; most upkeep: Knights of Avanil of Avanil \\(\\d GB\\)`),
    );
    expect(answer.message).toContain(`Avanil −${short} GB (short by ${short} GB; most upkeep:`);
    expect(answer.message).toContain('nothing is disbanded');
    // Nothing disbanded: every Status as it was.
    expect(values(lw, 'Units').map((r) => r[21] ?? '')).toEqual(statuses);
  });

  it('refuses, writing nothing and saying what to fix: a blank Season, a season collected, a bad realm or army', () => {
    const refused = (prepare: (lw: LoadedWorkbook) => void, message: string | RegExp) => {
      const lw = treasuryCampaign();
      prepare(lw);
      const before = treasuryState(lw);
      const answer = collect(lw, 'collect-2');
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.message).toMatch(message);
      expect(treasuryState(lw)).toEqual(before);
    };
    refused(
      (lw) => lw.workbook.put('Settings', cellOf('Settings', 'Value', 4), [['']]),
      'Settings has no Season: type the season being played on the Settings sheet (a row with Setting Season and a Value such as Summer 1522). Nothing was written.',
    );
    refused(
      (lw) => ok(collect(lw)),
      'Avanil has Summer 1522 collected already (Treasury row 3); Ghoere has Summer 1522 collected already (Treasury row 4). Nothing was written.',
    );
    refused(
      (lw) => lw.workbook.put('Realms', cellOf('Realms', 'Income', 3), [['lots']]),
      /^Realms row 3 \(Ghoere\): Income must be .*\(got "lots"\)\. Nothing was written\.$/,
    );
    refused(
      (lw) => lw.workbook.put('Realms', cellOf('Realms', 'Armies', 3), [['Ghore']]),
      'Realms row 3 (Ghoere): army "Ghore" carries no unit: did you mean "Ghoere"? Nothing was written.',
    );
    refused(
      (lw) => lw.workbook.put('Treasury', 'A3', [['Spring 1522', 'Avanill', 1]]),
      'Realms row 2 (Avanil): treasury row 3: realm "Avanill" is not on Realms: did you mean "Avanil"? Nothing was written.',
    );
  });

  it('is a GM’s: a player is refused before anything is read for writing, the GMs named', () => {
    const lw = treasuryCampaign();
    lw.workbook.put('Players', 'A1', [
      ['Player', 'Role', 'Armies'],
      ['owner@example.com', 'GM', ''],
      ['ana@example.com', 'Player', 'Avanil'],
    ]);
    lw.actAs('ana@example.com');
    const before = treasuryState(lw);
    const answer = collect(lw);
    expect(answer.ok).toBe(false);
    if (!answer.ok)
      expect(answer.message).toBe(
        "You may not collect the season: it is a GM's, and you are ana@example.com, Player: Avanil. Nothing was written. Ask a GM (owner@example.com) to do it.",
      );
    expect(treasuryState(lw)).toEqual(before);
  });

  it('shows what it wrote in an alert from the menu, and Undo last battle takes it back exactly', () => {
    const lw = treasuryCampaign();
    const before = treasuryState(lw);
    lw.run('collectSeason');
    expect(lw.workbook.ui.alerts).toEqual([
      expect.stringMatching(
        /^Collected Summer 1522 for 2 realms \(Log row 2; Treasury rows 3-4\)\. Closing balances: Avanil \d+ GB; Ghoere \d+ GB\.$/,
      ),
    ]);
    lw.run('undoLastBattle');
    expect(lw.workbook.ui.toasts.map((t) => t.message)).toEqual([
      'Undid the season collected (Summer 1522 collected for 2 realms) (Log row 2): 2 Treasury rows taken away.',
    ]);
    const now = treasuryState(lw);
    const [header = [], entry = [], mark = []] = (now.Log ?? []) as unknown[][];
    expect([
      entry[header.indexOf('Event')],
      entry[header.indexOf('State')],
      mark[header.indexOf('Event')],
    ]).toEqual(['Season', 'Undone', 'Undo']);
    expect(now.Treasury).toEqual(before.Treasury);
    expect(now.Units).toEqual(before.Units);
  });

  it('is listed in the sidebar’s log like the others, and the sidebar’s undo of it takes it back', () => {
    const lw = treasuryCampaign();
    const before = treasuryState(lw);
    ok(collect(lw));
    const data = load(lw);
    const [season] = data.entries;
    expect([
      season?.event,
      season?.result,
      season?.report?.startsWith('Season collected: Summer 1522'),
    ]).toEqual(['Season', 'Summer 1522 collected for 2 realms', true]);
    ok(call<Written>(lw, 'sidebarUndo', { entry: season?.id }));
    expect(treasuryState(lw).Treasury).toEqual(before.Treasury);
  });
});

describe('the calls of a collection', () => {
  /** The calls of a clean collection, by kind and by method and sheet, on a roster of `filler` more units. */
  const callsAt = (filler: number) => {
    const lw = treasuryCampaign(filler);
    lw.calls.reset();
    const answer = ok(collect(lw));
    expect(answer.message).toMatch(/^Collected Summer 1522 for 3 realms/);
    const each = lw.calls.log.map((c) => `${c.kind} ${c.method} ${c.sheet ?? ''}`);
    return { reads: lw.calls.reads, writes: lw.calls.writes, each };
  };

  it('makes a handful of reads and writes, exactly as many with 100 units as with 2,000', () => {
    const small = callsAt(90);
    const large = callsAt(1990);
    expect(large).toEqual(small);
    // Every sheet read once (Realms and Treasury too), the ledger and the rows checked again; writes: the Undo rows, the Log row, the
    // Treasury rows in a call per rectangle of cells (Other and a blank Note left out), the Log's State.
    expect([small.reads, small.writes]).toEqual([32, 6]);
    expect(small.each.filter((c) => c.startsWith('write'))).toEqual([
      'write setValues Undo',
      'write setValues Log',
      'write setValues Treasury',
      'write setValues Treasury',
      'write setValues Treasury',
      'write setValues Log',
    ]);
  });
});
