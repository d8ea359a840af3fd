// The journal (server/journal.ts, and server/put-back.ts), called in this process on the emulation: an entry written
// as Undo rows, a Pending Log row, the changes and Done; any one call failing ends exactly before, saying where; a
// failure that cannot be put back leaves a Pending entry that recover puts back; undo marks Undone; foundRows finds
// each change's row as it is now or names it gone; and the failure messages word by word.
import { describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook } from '../../../dev/gas';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import { defined } from '../../../src/rules';
import { readBook } from '../../../src/sheets/server/book';
import { commitEntry, failureMessage, SPARE_ROWS, undoEntry } from '../../../src/sheets/server/journal';
import { foundRows, hasUnfinished, recover } from '../../../src/sheets/server/put-back';
import { type CellChange, entries } from '../../../src/sheets/server/journal-sheets';
import { entryChanges } from '../../../src/sheets/server/history';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import { asTyped, comparable, inProcess, open, state, unitRow, values } from '../../support';

const STATUS = columnLetters(UNIT_HEADERS.indexOf('Status') + 1);
const change = (row: number, name: string, army: string, after: string): CellChange => ({
  sheet: 'units',
  row,
  header: 'Status',
  name,
  army,
  before: '',
  after,
});
/** Knights of Avanil (Units row 2) and Ghoere Levy 1 (row 7) fall. */
const FALL = [
  change(2, 'Knights of Avanil', 'Avanil', 'Routed'),
  change(7, 'Ghoere Levy 1', 'Ghoere', 'Destroyed'),
];
const FIELDS = { Event: 'Battle', Battle: 'Ford of Avanil', By: 'gm@example.com' };

const book = () => readBook(['units', 'battles', 'log', 'undo']);
/** Reads the sheets, then (calls counted from there, faults set by `before`) commits the fall. */
const commit = (lw: LoadedWorkbook, before: () => void = () => {}) => {
  const read = inProcess(lw, book);
  lw.calls.reset();
  before();
  return inProcess(lw, () => commitEntry(read, 'e-1', FIELDS, FALL));
};

/** The Units write methods of a clean commit, in order. */
function unitsWrites(): string[] {
  const lw = open();
  commit(lw);
  return lw.calls.log.filter((c) => c.kind === 'write' && c.sheet === 'Units').map((c) => c.method);
}

/** The second Units write fails, and every one after: the first is written and cannot be put back. */
function secondUnitsWriteFails(lw: LoadedWorkbook): void {
  const methods = unitsWrites();
  expect(methods).toHaveLength(2);
  const [first, second] = [defined(methods[0], 'a write'), defined(methods[1], 'a write')];
  lw.calls.failOn({ method: second, sheet: 'Units', nth: first === second ? 2 : 1, persistent: true });
  if (first !== second) lw.calls.failOn({ method: first, sheet: 'Units', nth: 2, persistent: true });
}
const logCell = (lw: LoadedWorkbook, row: number, header: string) =>
  values(lw, 'Log')[row - 1]?.[LOG_HEADERS.indexOf(header as (typeof LOG_HEADERS)[number])];
const statusAt = (lw: LoadedWorkbook, row: number) => lw.workbook.read('Units', `${STATUS}${row}`)[0]?.[0];

describe('commitEntry', () => {
  it('writes the Undo rows, the Log row Done with its Undo Rows and By, and the changes', () => {
    const lw = open();
    expect(commit(lw)).toEqual({ ok: true, logRow: 2 });
    expect([statusAt(lw, 2), statusAt(lw, 7)]).toEqual(['Routed', 'Destroyed']);
    expect(['Entry', 'Event', 'Battle', 'State', 'Undo Rows', 'By'].map((h) => logCell(lw, 2, h))).toEqual([
      'e-1',
      'Battle',
      'Ford of Avanil',
      'Done',
      '2-3',
      'gm@example.com',
    ]);
    expect(values(lw, 'Undo').slice(1)).toEqual([
      ['e-1', 'Units', 2, 'Status', 'Knights of Avanil', 'Avanil', '', 'Routed'],
      ['e-1', 'Units', 7, 'Status', 'Ghoere Levy 1', 'Ghoere', '', 'Destroyed'],
    ]);
    expect(inProcess(lw, () => hasUnfinished(book()))).toBe(false);
  });

  it('adds its rows where the read placed them, asking just those rows; after a row typed there meanwhile', () => {
    const lw = open();
    expect(commit(lw)).toEqual({ ok: true, logRow: 2 });
    // The Undo and Log rows asked still blank after the row before them (one getValues each), not each sheet's size
    // and last row.
    const asked = lw.calls.log.filter((c) => (c.sheet === 'Log' || c.sheet === 'Undo') && c.kind === 'read');
    expect(asked.map((c) => `${c.method} ${c.sheet} ${c.a1 ?? ''}`)).toEqual([
      'getValues Undo A1:J3',
      'getValues Log A1:P2',
      'getValues Log B2',
    ]);
    // A row typed on the Log where the entry was to go, once the sheets were read: the entry goes after it.
    const typed = open();
    expect(commit(typed, () => typed.workbook.put('Log', 'A2', [['a note']]))).toEqual({
      ok: true,
      logRow: 3,
    });
    expect(values(typed, 'Log')[1]?.[0]).toBe('a note');
    expect(logCell(typed, 3, 'Entry')).toBe('e-1');
    // A Log row deleted by hand once the sheets were read: the entry goes right after the last row, leaving no gap.
    const deleted = open();
    deleted.workbook.put('Log', 'A2', [['a note']]);
    expect(
      commit(deleted, () => deleted.workbook.deleteRows(deleted.workbook.sheetOrThrow('Log'), 2, 1)),
    ).toEqual({ ok: true, logRow: 2 });
    expect(logCell(deleted, 2, 'Entry')).toBe('e-1');
  });

  it('adds the rows the Undo and Log sheets lack, and takes them away again when the write is put back', () => {
    const short = () => {
      const lw = open();
      for (const name of ['Log', 'Undo'])
        lw.workbook.deleteRows(defined(lw.workbook.sheet(name), name), 2, 999);
      return lw;
    };
    const maxRows = (lw: LoadedWorkbook) =>
      ['Log', 'Undo'].map((n) =>
        lw.services.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(n)?.getMaxRows(),
      );
    const lw = short();
    expect(maxRows(lw)).toEqual([1, 1]);
    expect(commit(lw)).toEqual({ ok: true, logRow: 2 });
    // The rows written, and room for the next writes.
    expect(maxRows(lw)).toEqual([2 + SPARE_ROWS, 3 + SPARE_ROWS]);
    const failing = short();
    const before = comparable(state(failing));
    expect(
      commit(failing, () => failing.calls.failOn({ method: 'getValues', sheet: 'Units', nth: 1 })),
    ).toMatchObject({ ok: false, stage: 'a check of the Units rows', restored: true });
    expect(maxRows(failing)).toEqual([1, 1]);
    expect(comparable(state(failing))).toBe(before);
  });

  it('ends exactly before when any one of its calls fails, naming the stage, and says it put everything back', () => {
    const clean = open();
    const before = comparable(state(clean));
    commit(clean);
    const calls = clean.calls.log.map((c) => ({ method: c.method, sheet: c.sheet }));
    expect(calls.length).toBeGreaterThan(6);
    for (const [k, { method, sheet }] of calls.entries()) {
      const nth = calls.slice(0, k + 1).filter((c) => c.method === method && c.sheet === sheet).length;
      const lw = open();
      const said = `call ${k} (${method} on ${sheet})`;
      let outcome: ReturnType<typeof commit>;
      try {
        outcome = commit(lw, () => lw.calls.failOn({ method, sheet, nth }));
      } catch {
        // A read before the first step (where the rows go) throws to the caller, which answers the failure: nothing
        // is written yet.
        expect(
          clean.calls.log.slice(0, k + 1).every((c) => c.kind === 'read'),
          said,
        ).toBe(true);
        expect(comparable(state(lw)), said).toBe(before);
        continue;
      }
      if (outcome.ok) {
        // Only the last flush may fail unseen: Sheets applies the writes when the execution ends.
        expect(method, said).toBe('flush');
        continue;
      }
      expect(outcome, said).toMatchObject({ ok: false, code: 'failed', restored: true, logRow: 2 });
      expect(outcome.stage, said).toMatch(
        /^(room on the (Undo|Log) sheet|the Undo sheet|the Log row|a check of the Units rows|the unit statuses|the final save \(flush\))$/,
      );
      expect(comparable(state(lw)), said).toBe(before);
    }
  });

  it('leaves the entry Pending when putting back fails too, and recover then puts it back', () => {
    const lw = open();
    const before = comparable(state(lw));
    const outcome = commit(lw, () => secondUnitsWriteFails(lw));
    expect(outcome).toMatchObject({
      ok: false,
      code: 'failed',
      restored: false,
      logRow: 2,
      stage: 'the unit statuses',
    });
    expect(logCell(lw, 2, 'State')).toBe('Pending');
    expect(inProcess(lw, () => hasUnfinished(book()))).toBe(true);
    lw.calls.clearFaults();
    expect(inProcess(lw, () => recover(book()))).toEqual([
      'A battle left unfinished by a failure (Log row 2) was put back.',
    ]);
    expect(comparable(state(lw))).toBe(before);
    expect(inProcess(lw, () => recover(book()))).toEqual([]);
  });

  it('refuses to put back a Pending entry whose Undo rows were deleted, naming them, and writes nothing', () => {
    const lw = open();
    expect(commit(lw, () => secondUnitsWriteFails(lw))).toMatchObject({ restored: false });
    lw.calls.clearFaults();
    lw.workbook.put('Undo', 'A2', [
      ['', '', '', '', '', '', '', ''],
      ['', '', '', '', '', '', '', ''],
    ]);
    const now = comparable(state(lw));
    let refused: { code?: string; message: string } | undefined;
    try {
      inProcess(lw, () => recover(book()));
    } catch (e) {
      refused = { code: (e as { code?: string }).code, message: (e as Error).message };
    }
    expect(refused).toEqual({
      code: 'unsafe',
      message:
        'The battle left unfinished by a failure (Log row 2) cannot be put back: 2 of the rows of its record on the Undo sheet (Undo rows 2-3) were deleted or changed by hand, so Warcard cannot tell which cells it wrote. Nothing was written, and Log row 2 stays marked Pending. Put the Undo rows back (Edit → Undo in Sheets, or version history).',
    });
    expect(comparable(state(lw))).toBe(now);
  });
});

describe('undoEntry', () => {
  it('puts back the entry’s cells, marks it Undone and adds its mark (Event Undo, Done)', () => {
    const lw = open();
    const before = state(lw).Units;
    commit(lw);
    const outcome = inProcess(lw, () => {
      const b = book();
      const entry = defined(
        entries(defined(b.log ?? undefined, 'the Log')).find((e) => e.id === 'e-1'),
        'the entry',
      );
      return undoEntry(b, entry, FALL, { Result: 'Undid the test entry' });
    });
    expect(outcome).toEqual({ ok: true, logRow: 2 });
    expect(state(lw).Units).toEqual(before);
    expect(logCell(lw, 2, 'State')).toBe('Undone');
    expect(['Entry', 'Event', 'State', 'Result'].map((h) => logCell(lw, 3, h))).toEqual([
      'undo-e-1',
      'Undo',
      'Done',
      'Undid the test entry',
    ]);
  });
});

describe('foundRows', () => {
  it('finds each change’s row as the rows are now, and names a unit no longer there', () => {
    const lw = open();
    commit(lw);
    lw.workbook.insertRows(defined(lw.workbook.sheet('Units'), 'Units'), 1, 1);
    lw.workbook.put(
      'Units',
      'A2',
      asTyped([unitRow('New levy', 'Avanil', 'Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2])]),
    );
    const found = inProcess(lw, () => foundRows(book(), FALL, 'after'));
    expect(found).toEqual({
      back: [
        { ...FALL[0], row: 3 },
        { ...FALL[1], row: 8 },
      ],
      gone: [],
      changed: [],
    });
    lw.workbook.deleteRows(defined(lw.workbook.sheet('Units'), 'Units'), 3, 1);
    lw.workbook.put('Units', `${STATUS}7`, [['Ready']]);
    expect(inProcess(lw, () => foundRows(book(), FALL, 'after'))).toEqual({
      back: [],
      gone: [{ sheet: 'units', what: '"Knights of Avanil" (was Units row 2) is no longer on Units' }],
      changed: [{ c: FALL[1], now: 'Ready' }],
    });
  });
});

describe('failureMessage', () => {
  const o = (over: Partial<Parameters<typeof failureMessage>[1]>) =>
    ({
      ok: false,
      code: 'failed',
      stage: 'the Log row',
      error: 'Service error',
      restored: true,
      logRow: 9,
      ...over,
    }) as Parameters<typeof failureMessage>[1];

  it('says nothing changed, or that the campaign is partly changed and what puts it back', () => {
    expect(failureMessage('Apply', o({}))).toBe(
      'Apply failed while writing the Log row (Service error). Nothing was changed: the campaign is exactly as it was.',
    );
    expect(failureMessage('Apply', o({ restored: false }))).toBe(
      'Apply failed while writing the Log row (Service error). Putting back what was written failed too, so the campaign is partly changed (Log row 9 is marked unfinished): the next write or load puts everything back as it was.',
    );
  });

  it('names the fix for a refusing cell check, and says a stale write changed nothing', () => {
    const rule = 'The data you entered in cell F2 violates the data validation rules set on this cell.';
    expect(failureMessage('Save', o({ error: rule }))).toBe(
      `Save failed while writing the Log row (${rule}). Nothing was changed: the campaign is exactly as it was. Warcard → Set up campaign makes cell checks warn instead of refusing.`,
    );
    expect(failureMessage('Save', o({ code: 'stale', error: 'Units row 2 moved' }))).toBe(
      'Units row 2 moved. Nothing was changed: the campaign is exactly as it was.',
    );
  });

  it('names the protection that refused, and who can help', () => {
    const refused =
      'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';
    expect(failureMessage('Undo', o({ error: refused, protection: 'Warcard: Avanil' }))).toBe(
      `Undo failed while writing the Log row: a protection (Warcard: Avanil) keeps you from editing those cells (${refused}). Nothing was changed: the campaign is exactly as it was. Ask a GM, or whoever made that protection, to do it or to add you to its editors.`,
    );
    expect(failureMessage('Undo', o({ error: refused, restored: false }))).toBe(
      `Undo failed while writing the Log row: a protection keeps you from editing those cells (${refused}). Putting back what was written failed too, so the campaign is partly changed (Log row 9 is marked unfinished): a GM's next write or load puts everything back as it was.`,
    );
  });
});

describe('put back exactly', () => {
  /** Status cells typed every way a cell can hold a value, one a unit (Units rows 2-10). */
  const TYPED: readonly [string, unknown][] = [
    ['text "3"', "'3"],
    ['the number 3', 3],
    ['TRUE', true],
    ['text "TRUE"', "'TRUE"],
    ['blank', ''],
    ['0', 0],
    ['a date', new Date(2024, 0, 5)],
    ['text starting with an apostrophe', "''x"],
    ['text with spaces', "' spaced "],
    ['text in a plain-text cell', '3'],
  ];
  /** Each cell as a person sees it and as a script gets it: its value with its type, and its shown text. */
  const cells = (lw: LoadedWorkbook) =>
    TYPED.map((_, i) => {
      const c = lw.workbook.cell('Units', `${STATUS}${i + 2}`);
      return {
        value: c.value instanceof Date ? `date ${c.value.getTime()}` : c.value,
        type: typeof c.value,
        display: c.display,
      };
    });
  const typedCampaign = () => {
    const lw = open();
    // A cell a person formatted as plain text, typed 3: text, that a leading apostrophe would show.
    (lw.services.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp)
      .getActiveSpreadsheet()
      .getSheetByName('Units')
      ?.getRange(`${STATUS}${TYPED.length + 1}`)
      .setNumberFormat('@');
    TYPED.forEach(([, v], i) => {
      lw.workbook.put('Units', `${STATUS}${i + 2}`, [[v]]);
    });
    return lw;
  };
  /** Every typed cell written Routed, from what the write read (the cells as typed). */
  const routing = (lw: LoadedWorkbook): CellChange[] =>
    inProcess(lw, () => {
      const units = defined(book().units ?? undefined, 'Units');
      return TYPED.map((_, i) => ({
        sheet: 'units' as const,
        row: i + 2,
        header: 'Status',
        name: String(units.table.rows[i]?.[0]),
        army: String(units.table.rows[i]?.[1]),
        before: units.table.rows[i]?.[units.table.column('Status')] ?? '',
        after: 'Routed',
      }));
    });

  it('an undo puts back each cell as it was typed: the same text, number, boolean, blank or date', () => {
    const lw = typedCampaign();
    const before = cells(lw);
    const changes = routing(lw);
    expect(inProcess(lw, () => commitEntry(book(), 'e-typed', FIELDS, changes)).ok).toBe(true);
    expect(cells(lw).map((c) => c.value)).toEqual(TYPED.map(() => 'Routed'));
    const outcome = inProcess(lw, () => {
      const b = book();
      const entry = defined(
        entries(defined(b.log ?? undefined, 'the Log')).find((e) => e.id === 'e-typed'),
        'the entry',
      );
      return undoEntry(b, entry, entryChanges(defined(b.undo ?? undefined, 'Undo'), entry).changes, {});
    });
    expect(outcome.ok).toBe(true);
    expect(cells(lw)).toEqual(before);
  });

  it('a write refused at its last call puts back each cell as it was typed', () => {
    const lw = typedCampaign();
    const before = cells(lw);
    const changes = routing(lw);
    const read = inProcess(lw, book);
    lw.calls.reset();
    lw.calls.failOn({ method: 'setValues', sheet: 'Log', nth: 2 });
    const outcome = inProcess(lw, () => commitEntry(read, 'e-typed', FIELDS, changes));
    expect(outcome).toMatchObject({ ok: false, restored: true });
    expect(cells(lw)).toEqual(before);
  });
});
