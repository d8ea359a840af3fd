// Undo (server/undo.ts) on the emulation: the entry asked for, exactly, several steps back.
import { describe, expect, it } from 'vitest';
import { editsOf } from '../../../dev/gas';
import { defined } from '../../../src/rules';
import {
  apply,
  failed,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  roster,
  setupOf,
  state,
  undo,
  values,
} from '../../support';

describe('undo: one call, exact, several steps back', () => {
  it('takes back two battles in a row, putting every sheet but the history back cell for cell', () => {
    const lw = open(50);
    const start = roster(lw);
    let data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    data = load(lw);
    const second = requestFor(data, setupOf(data, 'Filler skirmish'), [[70, 30]]);
    const afterFirst = roster(lw);
    data = ok(apply(lw, second)).campaign;
    expect(data.entries.map((e) => e.battle)).toEqual(['Filler skirmish', FORD]);
    lw.calls.reset();
    data = ok(undo(lw, newestEntry(data).id)).campaign;
    expect(roster(lw)).toEqual(afterFirst);
    data = ok(undo(lw, newestEntry(data).id)).campaign;
    expect(roster(lw)).toEqual(start);
    expect(data.entries).toEqual([]);
    // Each undo adds its mark (Event Undo, Done, By who undid), naming the entry it took back.
    expect(
      values(lw, 'Log')
        .slice(1)
        .map((r) => [r[2], r[12]]),
    ).toEqual([
      ['Battle', 'Undone'],
      ['Battle', 'Undone'],
      ['Undo', 'Done'],
      ['Undo', 'Done'],
    ]);
  });

  it("finds an entry's Undo rows by its id after rows were inserted and deleted above them by hand", () => {
    const lw = open();
    const before = roster(lw);
    const data = load(lw);
    const entry = newestEntry(ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign).id;
    // Two notes typed above the entry's Undo rows, and one of them deleted again: its rows moved down by one.
    editsOf(lw.workbook).insertRow('Undo', 2, ['a note']);
    editsOf(lw.workbook).insertRow('Undo', 2, ['another note']);
    editsOf(lw.workbook).deleteRow('Undo', 2);
    ok(undo(lw, entry));
    expect(roster(lw)).toEqual(before);
    expect(values(lw, 'Undo')[1]).toEqual(['a note']);
  });

  it('undoes only the entry asked for, and only once', () => {
    const lw = open();
    let data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    data = load(lw);
    const first = newestEntry(data).id;
    data = ok(newRound(lw)).campaign;
    const f = failed(undo(lw, first));
    expect(f.code).toBe('stale');
    const newest = newestEntry(data).id;
    ok(undo(lw, newest));
    const after = state(lw);
    expect(ok(undo(lw, newest)).message).toMatch(/was undone already/);
    expect(state(lw)).toEqual(after);
  });

  it('says so when undo would overwrite a later edit, and changes nothing', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const answer = ok(apply(lw, request));
    const lost = defined(request.losses.flatMap((l) => [...l.destroyed, ...l.routed])[0], 'a unit lost');
    lw.workbook.put('Units', `V${lost.row}`, [['Captured']]);
    const before = state(lw);
    const f = failed(undo(lw, newestEntry(answer.campaign).id));
    expect(f.code).toBe('unsafe');
    expect(f.message).toContain(`"${lost.name}" (was Units row ${lost.row}) has Status Captured now`);
    expect(state(lw)).toEqual(before);
  });
});

describe('Warcard → Undo last battle (the menu)', () => {
  it('takes back the newest entry, reading the Log once (and its row before each State write, and the mark row before it is written), and says so in a toast; with nothing left, an alert', () => {
    const lw = open();
    const start = roster(lw);
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    lw.calls.reset();
    lw.run('undoLastBattle');
    // The Log read once, then the entry's row checked again before each of its two State writes, and the row the
    // undo's mark goes to (still blank) before the mark is written.
    expect(lw.calls.bySheet.Log?.getValues).toBe(4);
    expect(lw.calls.bySheet.Log?.getLastRow).toBeUndefined();
    expect(roster(lw)).toEqual(start);
    expect(lw.workbook.ui.toasts.map((t) => t.message)).toEqual([
      expect.stringMatching(/^Undid battle "Ford of Avanil" \(Log row 2\): \d+ units put back\.$/),
    ]);
    lw.run('undoLastBattle');
    expect(lw.workbook.ui.alerts).toEqual(['There is nothing to undo: every Log entry is undone already.']);
  });
});
