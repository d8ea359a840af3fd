// A write a player may not make is refused at the server's door, before anything is read for writing (SHEETS.md
// "Players"): an undo and a new round as an apply or a save, with the reads the check needs and nothing more: no
// lock, no write, the Log and the campaign untouched, the message naming the realms and the GM.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import {
  apply,
  AVANIL,
  failed,
  FORD,
  FORD_ROLLS,
  GHOERE,
  GM,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  seatTable,
  setupOf,
  state,
  STRANGER,
  undo,
} from '../../support';

function table(): LoadedWorkbook {
  const seats = [
    [GM, 'GM', ''],
    [AVANIL, 'Player', 'Avanil'],
    [GHOERE, 'Player', 'Ghoere'],
  ] as const;
  return seatTable(open(), seats, { strangers: [STRANGER] });
}

/** The calls of a refused write: reads by method, and whether it took the lock or wrote. */
function refusedCalls(lw: LoadedWorkbook, run: () => ReturnType<typeof undo>) {
  const before = state(lw);
  lw.calls.reset();
  const answer = failed(run());
  const { getAuthorizationInfo, ...calls } = lw.calls.byMethod;
  return {
    answer,
    reads: lw.calls.reads,
    writes: lw.calls.writes,
    locked: Object.keys(calls).some((m) => /lock/i.test(m)),
    unchanged: JSON.stringify(state(lw)) === JSON.stringify(before),
  };
}

describe('refused at the door', () => {
  it("a player's undo of a battle with the enemy's realm: the entry's Undo rows read, nothing else", () => {
    const lw = table();
    const data = load(lw);
    const entry = newestEntry(ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign);
    for (const [who, realm] of [
      [AVANIL, 'Ghoere'],
      [GHOERE, 'Avanil'],
      [STRANGER, 'Ghoere'],
    ] as const) {
      lw.actAs(who);
      const r = refusedCalls(lw, () => undo(lw, entry.id));
      expect(r.answer.code).toBe('refused');
      expect(r.answer.message).toContain(`"${realm}"`);
      expect(r.answer.message).toContain(GM);
      expect(r.answer.message).toMatch(/^You may not undo this entry: it would change realm/);
      // The Players sheet (2), the file's owner (1: Players makes them no GM), the Log's end (3), and the Undo
      // sheet's header with the entry's Undo rows (2: found, one getSheetValues).
      expect([r.reads, r.writes, r.locked, r.unchanged]).toEqual([8, 0, false, true]);
    }
    // The menu's Undo last battle asks the same door.
    lw.actAs(AVANIL);
    lw.calls.reset();
    lw.run('undoLastBattle');
    expect(lw.calls.writes).toBe(0);
  });

  it("a player's new round that readies another realm's units: the Units sheet read, nothing else", () => {
    const lw = table();
    for (const [who, realm] of [
      [AVANIL, 'Ghoere'],
      [STRANGER, 'Ghoere'],
    ] as const) {
      lw.actAs(who);
      const r = refusedCalls(lw, () => newRound(lw));
      expect(r.answer.code).toBe('refused');
      expect(r.answer.message).toContain(`"${realm}"`);
      expect(r.answer.message).toContain(GM);
      // The Players sheet (2), the file's owner (1: Players makes them no GM) and the Units sheet (2).
      expect([r.reads, r.writes, r.locked, r.unchanged]).toEqual([5, 0, false, true]);
    }
    // Ghoere's player readies Ghoere's own routed unit: the door's read, then the write as the GM's.
    lw.actAs(GHOERE);
    expect(ok(newRound(lw)).message).toMatch(/^New round: 1 routed unit is Ready again/);
  });
});
