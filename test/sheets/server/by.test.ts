// Every write's Log row says who made it (SHEETS.md Log `By`): the Google account as Google gives it to the
// script, `unknown` where it gives none. An undo leaves its entry's By as it was (who made it) and adds its own
// mark, Event Undo, By who undid; a put-back leaves the Log exactly as before the write it puts back.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import type { BattleSetup } from '../../../src/contract/campaign';
import { defined } from '../../../src/rules';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import {
  ANA,
  apply,
  BOB,
  call,
  FORD,
  FORD_ROLLS,
  failed,
  GM,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  reveal,
  roll,
  seal,
  seatTable,
  seeded,
  setupOf,
  state,
  undo,
  values,
} from '../../support';
import { cellOf, rowOf } from '../../support/columns';

/** A second GM, who undoes what the first applied. */
const GM2 = 'gm2@example.com';

const column = (header: (typeof LOG_HEADERS)[number]) => LOG_HEADERS.indexOf(header);
/** Each Log row as [Event, State, By]. */
const logged = (lw: LoadedWorkbook) =>
  values(lw, 'Log')
    .slice(1)
    .map((row) => [row[column('Event')], row[column('State')], row[column('By')] ?? '']);

/** The fixture's campaign at a table: two GMs, Avanil's player and Ghoere's. */
function table(dice: 'Sidebar' | 'Logged' = 'Sidebar'): LoadedWorkbook {
  const lw = open();
  seeded(lw);
  return seatTable(
    lw,
    [
      [GM, 'GM', ''],
      [GM2, 'GM', ''],
      [ANA, 'Player', 'Avanil'],
      [BOB, 'Player', 'Ghoere'],
    ],
    { dice },
  );
}

/** The Ford saved with Higher Ground changed on one side. */
function saveFord(lw: LoadedWorkbook, side: 0 | 1) {
  const listing = defined(
    load(lw).battles.find((b) => b.setup.name === FORD),
    FORD,
  );
  const setup = structuredClone(listing.setup) as BattleSetup;
  const terrain = (setup.sides[side].circumstances as unknown as Record<string, Record<string, boolean>>)
    .terrain;
  if (!terrain) throw new Error('no terrain circumstances');
  terrain.higherGround = !terrain.higherGround;
  return call<Written>(lw, 'sidebarSave', { setup, battle: listing.fingerprint });
}

describe('Log By', () => {
  it('records the person acting on every write: save, apply, undo (its mark), new round', () => {
    const lw = table();
    lw.actAs(ANA);
    ok(saveFord(lw, 0));
    lw.actAs(GM);
    let data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    const battle = newestEntry(applied.campaign);
    lw.actAs(GM2);
    ok(undo(lw, battle.id));
    // The fixture's only routed unit is Ghoere's: its player may start the new round, and undo it.
    lw.actAs(BOB);
    const round = newestEntry(ok(newRound(lw)).campaign);
    ok(undo(lw, round.id));
    expect(logged(lw)).toEqual([
      ['Save', 'Done', ANA],
      ['Battle', 'Undone', GM], // who applied it, whoever undid it
      ['Undo', 'Done', GM2],
      ['New round', 'Undone', BOB],
      ['Undo', 'Done', BOB],
    ]);
    // The mark names the entry it took back, and is no entry Undo takes back in turn.
    const rows = values(lw, 'Log');
    expect(rows[3]?.[column('Entry')]).toBe(`undo-${battle.id}`);
    expect(rows[3]?.[column('Battle')]).toBe(FORD);
    expect(String(rows[3]?.[column('Result')])).toMatch(
      new RegExp(`^Undid battle "${FORD}" \\(Log row 3, entry ${battle.id}\\): \\d+ units put back$`),
    );
    data = load(lw);
    expect(data.entries).toEqual([]);
  });

  it('records the person acting on seal, reveal and logged roll', () => {
    const lw = table('Logged');
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Hold'));
    lw.actAs(GM2);
    ok(reveal(lw));
    lw.actAs(GM);
    ok(roll(lw));
    expect(logged(lw)).toEqual([
      ['Seal', 'Done', ANA],
      ['Seal', 'Done', BOB],
      ['Reveal', 'Done', GM2],
      ['Roll', 'Done', GM],
    ]);
  });

  it('writes unknown where Google gives no email, on every write', () => {
    const lw = open(); // no Players sheet: everyone who may edit acts as a GM
    lw.actAs('someone@example.com', { emailHidden: true });
    ok(saveFord(lw, 0));
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    ok(undo(lw, newestEntry(load(lw)).id));
    ok(newRound(lw));
    expect(logged(lw)).toEqual([
      ['Save', 'Done', 'unknown'],
      ['Battle', 'Undone', 'unknown'],
      ['Undo', 'Done', 'unknown'],
      ['New round', 'Done', 'unknown'],
    ]);
    const sealed = table('Logged');
    sealed.actAs('someone@example.com', { emailHidden: true });
    sealed.workbook.put('Players', 'A2', [['', '', '']]); // no GM row left: everyone acts as a GM
    sealed.workbook.put('Players', 'A3', [['', '', '']]);
    ok(seal(sealed, 0, 'Encircle'));
    ok(reveal(sealed));
    ok(roll(sealed));
    expect(logged(sealed).map((r) => r[2])).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('an undo cut short twice is put back with its mark by the next person: the Log as before the undo', () => {
    /** The Log writes of a clean undo of the Ford: the entry's Undoing, the mark's row, the entry's Undone. */
    const clean = table();
    let data = load(clean);
    const entry = newestEntry(ok(apply(clean, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign);
    clean.calls.reset();
    ok(undo(clean, entry.id));
    const logWrites = clean.calls.log.filter((c) => c.kind === 'write' && c.sheet === 'Log');
    const mark = cellOf('Log', 'State', 2);
    expect(logWrites.map((c) => c.a1)).toEqual([mark, rowOf('Log', 3), mark]);

    const lw = table();
    data = load(lw);
    const applied = newestEntry(ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign);
    const before = state(lw);
    // Every Log write of the method of the Undone write fails from it on, and every clearing of cells (the mark
    // found again by its id, its filled cells blanked): the mark's row cannot be cleared.
    const { method } = defined(logWrites[2], 'the Undone write');
    const nth = logWrites.filter((c) => c.method === method).length;
    const fault = lw.calls.failOn({ method, sheet: 'Log', nth, persistent: true });
    const clearing = lw.calls.failOn({ method: 'setValue', sheet: 'Log', nth: 1, persistent: true });
    lw.actAs(GM2);
    expect(failed(undo(lw, applied.id)).message).toMatch(/partly changed/);
    expect(logged(lw)).toEqual([
      ['Battle', 'Undoing', GM],
      ['Undo', 'Done', GM2],
    ]);
    // Google answers again; Avanil's player opens the sidebar: the undo is put back, its mark with it.
    fault.remove();
    clearing.remove();
    lw.actAs(ANA);
    expect(load(lw).entries.map((e) => e.id)).toEqual([applied.id]);
    expect(state(lw)).toEqual(before);
  });
});
