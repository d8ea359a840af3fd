// What a battle costs in Google calls: write calls the same at 100 and 10,000 units (a dozen at most, grouped by
// value), and reads that do not grow with the history of battles fought (the Log and Undo read from their end).
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { BATTLE_HEADERS } from '../../../src/contract/columns';
import {
  apply,
  call,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  roll,
  setupOf,
  undo,
  withHistory,
} from '../../support';

const SKIRMISH = 'Filler skirmish';

/** Write calls of apply, undo and new round on a roster of `filler` more units. */
function writesAt(filler: number) {
  const lw = open(filler);
  const data = load(lw);
  const request = requestFor(data, setupOf(data, SKIRMISH), [[80, 20]]);
  const lost = request.losses.flatMap((l) => [...l.destroyed, ...l.routed]).length;
  const inserts = { apply: 0, undo: 0, newRound: 0 };
  const count = (what: keyof typeof inserts, run: () => void) => {
    lw.calls.reset();
    run();
    inserts[what] = lw.calls.byMethod.insertRowsAfter ?? 0;
    return lw.calls.writes;
  };
  let entry = '';
  const applyWrites = count('apply', () => {
    entry = newestEntry(ok(apply(lw, request)).campaign).id;
  });
  const undoWrites = count('undo', () => ok(undo(lw, entry)));
  let round = '';
  const roundWrites = count('newRound', () => {
    round = ok(newRound(lw)).message;
  });
  return { lost, apply: applyWrites, undo: undoWrites, newRound: roundWrites, round, inserts };
}

describe('write calls do not grow with the roster', () => {
  it('apply, undo and new round make the same few writes at 100 and at 10,000 units', () => {
    const small = writesAt(100);
    const large = writesAt(10_000);
    // The large battle loses far more units (and its new round readies hundreds), in the same calls.
    expect(large.lost).toBeGreaterThan(20 * small.lost);
    expect(large.round).toMatch(/1430 routed units are Ready again/);
    // Equal, but for one insertRowsAfter when the new round's 1,430 Undo rows pass the Undo sheet's end.
    expect(large.inserts).toEqual({ apply: 0, undo: 0, newRound: 1 });
    expect(small.inserts).toEqual({ apply: 0, undo: 0, newRound: 0 });
    expect({ apply: large.apply, undo: large.undo, newRound: large.newRound - 1 }).toEqual({
      apply: small.apply,
      undo: small.undo,
      newRound: small.newRound,
    });
    for (const n of [large.apply, large.undo, large.newRound]) expect(n).toBeLessThanOrEqual(12);
  }, 120_000);
});

/** Cells read by getValues (or another read) on each sheet. */
function cellsRead(lw: LoadedWorkbook, method = 'getValues'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of lw.calls.log) {
    if (c.method !== method || !c.a1) continue;
    const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(c.a1);
    if (!m) continue;
    const col = (s: string) => [...s].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    const rows = m[4] ? Number(m[4]) - Number(m[2]) + 1 : 1;
    const cols = m[3] ? col(m[3]) - col(m[1] ?? 'A') + 1 : 1;
    out[c.sheet] = (out[c.sheet] ?? 0) + rows * cols;
  }
  return out;
}

describe('history does not tax the present', () => {
  it('load, apply and undo read the same calls and the same Log and Undo cells after 500 battles as after none', () => {
    const measure = (battles: number) => {
      const lw = open(0, withHistory(battles, 1000));
      const data = load(lw);
      const loadReads = lw.calls.reads;
      const loadCells = cellsRead(lw);
      const bytes = JSON.stringify(data).length;
      lw.calls.reset();
      const applied = ok(apply(lw, requestFor(data, setupOf(data, SKIRMISH), [[80, 20]])));
      const applyReads = lw.calls.reads;
      const applyCells = cellsRead(lw);
      const applyFormulaCells = cellsRead(lw, 'getFormulas').Battles ?? 0;
      lw.calls.reset();
      ok(undo(lw, newestEntry(applied.campaign).id));
      const undoReads = lw.calls.reads;
      const undoCells = cellsRead(lw);
      const battleRows = lw.workbook.lastRow(lw.workbook.sheetOrThrow('Battles')) - 1;
      return {
        data,
        bytes,
        loadReads,
        applyReads,
        undoReads,
        loadCells,
        applyCells,
        undoCells,
        applyFormulaCells,
        battleRows,
      };
    };
    const none = measure(0);
    const some = measure(100);
    const many = measure(500);
    const reads = (m: typeof none) => [m.loadReads, m.applyReads, m.undoReads];
    expect(reads(many)).toEqual(reads(some));
    // A short Log is read in one getValues; a long one as its header rows and its end: one read more, once. So is
    // an undo's long Undo sheet (its header rows, then its entry's rows). Apply finds this history's Undo sheet full
    // to its last row, so asks its size and last row (not only the rows it writes) and adds its rows with room for
    // the next writes: one read more, once per 500 rows.
    expect(reads(many)).toEqual([none.loadReads + 1, none.applyReads + 2, none.undoReads + 2]);
    for (const sheet of ['Log', 'Undo']) {
      // The first Log window (10 header rows and 60 more of its columns), the Undo sheet's first rows and an
      // entry's own, and a State cell checked before each State write: the same whatever came before.
      const most = LOG_HEADERS.length * 70 + 2;
      expect(many.loadCells[sheet] ?? 0).toBeLessThanOrEqual(most);
      expect(many.applyCells[sheet] ?? 0).toBeLessThanOrEqual(most);
      expect(many.undoCells[sheet] ?? 0).toBeLessThanOrEqual(most);
    }
    // What is sent (a roster of 1,000 units): the battles not yet fought and the last three fought, and ten
    // undoable entries.
    expect(many.data.battles.map((b) => b.setup.name)).toEqual([
      'Ford of Avanil',
      SKIRMISH,
      'Old battle 497',
      'Old battle 498',
      'Old battle 499',
    ]);
    expect(many.data.battles.slice(2).map((b) => b.appliedBy)).toEqual(['past-497', 'past-498', 'past-499']);
    expect(many.data.entries.map((e) => e.id)).toEqual(
      Array.from({ length: 10 }, (_, k) => `past-${499 - k}`),
    );
    expect(many.bytes).toBeLessThan(1.3 * none.bytes);
    // Formulas are read where a write may change them: the Roll column (a Roll formula is refused) and the two
    // rows of the battle applied, not every cell of a Battles sheet long with fought battles.
    expect(many.battleRows).toBe(1004);
    expect(many.applyFormulaCells).toBe(many.battleRows + 2 * BATTLE_HEADERS.length);
  }, 120_000);

  it('finds an applied battle older than the Log rows read by its Fought cells, and refuses to apply it again', () => {
    const lw = open(0, withHistory(200));
    const data = load(lw);
    expect(data.battles.some((b) => b.setup.name === 'Old battle 3')).toBe(false);
    const setup = {
      name: 'Old battle 3',
      sides: [
        { ...setupOf(data, SKIRMISH).sides[0], armies: ['Filler army 3'] },
        { ...setupOf(data, SKIRMISH).sides[1], armies: ['Filler army 4'] },
      ],
    } as ReturnType<typeof setupOf>;
    const answer = apply(lw, requestFor(data, setup, [[80, 20]]));
    expect(answer.ok).toBe(false);
    if (!answer.ok)
      expect(answer.message).toContain('A battle named "Old battle 3" is now on the Battles sheet');
  });
});

describe('kept logged rolls do not pile up', () => {
  it('with Logged dice, the document properties a load reads are as small after battles applied as before', () => {
    const lw = open(10);
    lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
    const bytes = () => [...lw.workbook.properties].reduce((n, [k, v]) => n + k.length + v.length, 0);
    const before = bytes();
    for (const name of ['Ford of Avanil', SKIRMISH]) {
      const rolled = ok(roll(lw, undefined, name));
      const pairs = [...(rolled.campaign.battles.find((b) => b.setup.name === name)?.logged ?? [])];
      expect(bytes()).toBeGreaterThan(before);
      const data = load(lw);
      lw.calls.reset();
      ok(apply(lw, requestFor(data, setupOf(data, name), pairs)));
      // Applying forgets the kept roll: one call more than with Sidebar dice, whatever was fought before.
      expect(lw.calls.byMethod.deleteProperty).toBe(1);
      expect(bytes()).toBe(before);
    }
    expect([...lw.workbook.properties.keys()].filter((k) => k.startsWith('warcard.roll.'))).toEqual([]);
  });
});

describe('the rights cost the same whatever is protected', () => {
  it('apply, undo and new round make the same calls with Protect realms as without, none of them a write', () => {
    const measure = (protect: boolean) => {
      const lw = open();
      lw.workbook.people.owner = 'gm@example.com';
      lw.actAs('gm@example.com');
      lw.workbook.put('Players', 'A1', [
        ['Player', 'Role', 'Armies'],
        ['gm@example.com', 'GM', ''],
        ['aerin@example.com', 'Player', 'Avanil'],
      ]);
      if (protect) lw.run('protectRealms');
      const data = load(lw);
      lw.calls.reset();
      const applied = ok(apply(lw, requestFor(data, setupOf(data, 'Ford of Avanil'), [[90, 10]])));
      const applyCalls = { ...lw.calls.byMethod };
      lw.calls.reset();
      ok(undo(lw, newestEntry(applied.campaign).id));
      const undoCalls = { ...lw.calls.byMethod };
      lw.calls.reset();
      ok(newRound(lw));
      return [applyCalls, undoCalls, { ...lw.calls.byMethod }];
    };
    const open_ = measure(false);
    expect(measure(true)).toEqual(open_);
    // One canEdit a sheet written (Units, Battles, Log, Undo for apply), and the Players sheet found: no write.
    expect(open_[0]?.canEdit).toBe(4);
    expect(open_[0]?.getProtections).toBeUndefined();
  });
});

describe('what knowing who acts costs', () => {
  it('save, apply, undo and new round: these reads and writes exactly, a Players sheet one read more', () => {
    const measure = (players: boolean) => {
      const lw = open();
      if (players) {
        lw.workbook.put('Players', 'A1', [
          ['Player', 'Role', 'Armies'],
          ['owner@example.com', 'GM', ''],
          ['aerin@example.com', 'Player', 'Avanil'],
        ]);
      }
      const counted = (run: () => void) => {
        lw.calls.reset();
        run();
        return [lw.calls.reads, lw.calls.writes];
      };
      let data = load(lw);
      const listing = data.battles.find((b) => b.setup.name === 'Ford of Avanil');
      const setup = structuredClone(setupOf(data, 'Ford of Avanil')) as ReturnType<typeof setupOf>;
      (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
      const save = counted(() => ok(call(lw, 'sidebarSave', { setup, battle: listing?.fingerprint })));
      data = load(lw);
      let entry = '';
      const applied = counted(() => {
        entry = newestEntry(
          ok(apply(lw, requestFor(data, setupOf(data, 'Ford of Avanil'), [[90, 10]]))).campaign,
        ).id;
      });
      const undone = counted(() => ok(undo(lw, entry)));
      const round = counted(() => ok(newRound(lw)));
      return { save, apply: applied, undo: undone, newRound: round };
    };
    // Before the rights (a sheet read with getDataRange and getValues, the Log and Undo ends, the formulas of the
    // rows written): save 27 reads, apply 30, undo 26, new round 27. The rights add the Players sheet looked for
    // (1 read; 2 when there is one: its values too) and one canEdit a sheet written (Units, Battles, Log, Undo: the
    // Log and Undo rows asked where the write puts them, as read); an undo adds its mark (its row asked just before
    // it is written: 1 read, 1 write) and writes no Undo row, so asks no canEdit there. The rows are checked just
    // before each write call: apply's and undo's Units statuses go out in two calls here, so one check more between
    // them. Paid back with every check kept: a sheet read whole is one getSheetValues, not getDataRange and
    // getValues (Units, Characters, Battles, Settings: 4 a call); the rows where the Log and Undo rows go are asked
    // blank in one getValues just before they are written, not the sheet's size and last row (1 a row appended);
    // an undo reads its entry's Undo rows with the Undo sheet's header in one call, without its data range (2).
    expect(measure(false)).toEqual({
      save: [25, 4],
      apply: [30, 6],
      undo: [26, 6],
      newRound: [25, 4],
    });
    expect(measure(true)).toEqual({
      save: [26, 4],
      apply: [31, 6],
      undo: [27, 6],
      newRound: [26, 4],
    });
  });
});
