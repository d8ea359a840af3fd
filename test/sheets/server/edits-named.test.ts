// The cases found by probing the product as a busy table and a hostile editor would, each as its own test: an edit
// that meets a write, twins told apart by the players' own columns, and the smaller ones (a name of 50,000
// characters, an army named __proto__, a load during another user's write, rolls after the deciding pair, the
// put-back notice when the sidebar cannot be shown).
import { describe, expect, it } from 'vitest';
import { columnLetters, editsOf, type LoadedWorkbook } from '../../../dev/gas';
import type { ApplyRequest } from '../../../src/contract/api';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import { defined } from '../../../src/rules';
import {
  apply,
  asTyped,
  call,
  campaign,
  failed,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  ok,
  open,
  requestFor,
  roster,
  setupOf,
  undo,
  values,
} from '../../support';

const STATUS = columnLetters(UNIT_HEADERS.indexOf('Status') + 1);
const lostRows = (r: ApplyRequest) => r.losses.flatMap((l) => [...l.destroyed, ...l.routed]);

/** Runs `edit` just after the nth write call on `sheet` of the next call made. */
function afterWrite(lw: LoadedWorkbook, sheet: string, nth: number, edit: () => void): void {
  let seen = 0;
  let pending = false;
  lw.calls.beforeCall = (c) => {
    if (pending) {
      pending = false;
      edit();
    }
    if (c.kind === 'write' && c.sheet === sheet && ++seen === nth) pending = true;
  };
}

describe('an edit that meets a write', () => {
  it('an army renamed on its rows during the status writes: refused, and the campaign is exactly as the person left it', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    afterWrite(lw, 'Units', 1, () => editsOf(lw.workbook).rename('Units', 'Army', 'Ghoere', 'Ghoere Host'));
    const answer = failed(apply(lw, request));
    lw.calls.beforeCall = undefined;
    expect(answer.code).toBe('stale');
    expect(answer.message).toContain('Nothing was changed');
    const reference = open();
    editsOf(reference.workbook).rename('Units', 'Army', 'Ghoere', 'Ghoere Host');
    expect(roster(lw)).toEqual(roster(reference));
    expect(values(lw, 'Log').slice(1)).toEqual([]);
    expect(values(lw, 'Undo').slice(1)).toEqual([]);
  });

  it('a player’s Status typed during an apply is not overwritten: refused, naming the cell', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const unit = defined(lostRows(request)[0], 'a unit lost');
    afterWrite(lw, 'Battles', 1, () =>
      editsOf(lw.workbook).type('Units', `${STATUS}${unit.row}`, 'Captured'),
    );
    const answer = failed(apply(lw, request));
    lw.calls.beforeCall = undefined;
    expect(answer.code).toBe('stale');
    expect(answer.message).toContain(`Units cell ${STATUS}${unit.row} (Status of ${unit.name} of`);
    expect(answer.message).toContain('holds Captured now');
    expect(lw.workbook.read('Units', `${STATUS}${unit.row}`)).toEqual([['Captured']]);
    expect(values(lw, 'Log').slice(1)).toEqual([]);
  });

  it('a Status typed after an apply is not blanked by its undo: refused, naming the unit', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const entry = newestEntry(ok(apply(lw, request)).campaign).id;
    const unit = defined(lostRows(request)[0], 'a unit lost');
    editsOf(lw.workbook).type('Units', `${STATUS}${unit.row}`, 'Captured');
    const answer = failed(undo(lw, entry));
    expect(answer.code).toBe('unsafe');
    expect(lw.workbook.read('Units', `${STATUS}${unit.row}`)).toEqual([['Captured']]);
  });
});

describe('units alike but for a column of the players’ own', () => {
  /** Ghoere's five units all one Levy, told apart only by the Player column. */
  function twins(): LoadedWorkbook {
    const tables = campaign();
    const units = defined(tables.Units, 'Units');
    const at = (h: string) => UNIT_HEADERS.indexOf(h as (typeof UNIT_HEADERS)[number]);
    const levy = defined(
      units.find((r) => r[at('Unit')] === 'Ghoere Levy 1'),
      'a levy',
    );
    let n = 0;
    for (const [i, row] of units.entries()) {
      if (i === 0) row.push('Player');
      else if (row[at('Army')] === 'Ghoere') {
        const status = row[at('Status')] ?? '';
        units[i] = [...levy.slice(0, UNIT_HEADERS.length)];
        units[i][at('Status')] = status;
        units[i].push(`Player ${++n}`);
      } else row.push('');
    }
    return open(0, tables);
  }

  const cases: readonly { name: string; edit: (lw: LoadedWorkbook) => void }[] = [
    {
      name: 'a row inserted above',
      edit: (lw) => editsOf(lw.workbook).insertRow('Units', 2, asTyped([['Scout', 'Avanil']])[0]),
    },
    {
      name: 'a row deleted above',
      edit: (lw) => editsOf(lw.workbook).deleteRow('Units', 5),
    },
    {
      name: 'the rows sorted by player, the other way round',
      edit: (lw) =>
        editsOf(lw.workbook).sortRows('Units', (a, b) =>
          String(b[UNIT_HEADERS.length]).localeCompare(String(a[UNIT_HEADERS.length])),
        ),
    },
  ];

  it.each(cases)('undo after $name puts back each twin, none mistaken for another', ({ edit }) => {
    const lw = twins();
    const reference = twins();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    expect(lostRows(request).filter((u) => u.name === 'Ghoere Levy 1').length).toBeGreaterThan(0);
    const entry = newestEntry(ok(apply(lw, request)).campaign).id;
    edit(lw);
    edit(reference);
    ok(undo(lw, entry));
    expect(roster(lw)).toEqual(roster(reference));
  });
});

describe('smaller', () => {
  it('a unit named with 50,000 characters can fall, and its undo finds it by its key', () => {
    const tables = campaign();
    const units = defined(tables.Units, 'Units');
    // Every Ghoere unit named with exactly 50,000 characters, differing only at the end.
    const names: string[] = [];
    for (const row of units.slice(1)) {
      if (row[1] !== 'Ghoere') continue;
      const name = `${String(row[0])}`.padStart(50_000, 'L');
      row[0] = name;
      names.push(name);
    }
    const lw = open(0, tables);
    const start = roster(lw);
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    expect(lostRows(request).some((u) => names.includes(u.name))).toBe(true);
    const answer = ok(apply(lw, request));
    const undoNames = values(lw, 'Undo').map((r) => String(r[4] ?? ''));
    expect(Math.max(...undoNames.map((n) => n.length))).toBeLessThan(50_000);
    ok(undo(lw, newestEntry(answer.campaign).id));
    expect(roster(lw)).toEqual(start);
  });

  it('an army named __proto__ can be applied and undone', () => {
    const tables = campaign();
    for (const sheet of ['Units', 'Characters', 'Battles']) {
      const rows = defined(tables[sheet as keyof typeof tables], sheet);
      const army = rows[0]?.indexOf(sheet === 'Battles' ? 'Armies' : 'Army') ?? -1;
      for (const r of rows.slice(1)) if (r[army] === 'Ghoere') r[army] = '__proto__';
    }
    const lw = open(0, tables);
    const start = roster(lw);
    const data = load(lw);
    const answer = ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    expect(answer.message).toMatch(/^Avanil won by/);
    ok(undo(lw, newestEntry(answer.campaign).id));
    expect(roster(lw)).toEqual(start);
  });

  it('a load during another user’s write says so, and calls nothing a failure', () => {
    const lw = open();
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    // Another user's write in flight: it holds the lock, and its Log row is Pending until it is done.
    lw.workbook.put('Log', `${columnLetters(13)}2`, [['Pending']]);
    const other = lw.lockAs('another user');
    expect(other.tryLock(0)).toBe(true);
    const before = roster(lw);
    const got = call(lw, 'sidebarLoad');
    expect(got.ok).toBe(false);
    if (!got.ok) {
      expect(got.code).toBe('locked');
      expect(got.message).toMatch(/^Another user is writing to the campaign right now/);
      expect(got.message).not.toMatch(/fail/i);
    }
    expect(roster(lw)).toEqual(before);
    other.releaseLock();
  });

  it('roll pairs after the deciding pair are refused, naming the field', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const answer = failed(apply(lw, { ...request, rolls: [...FORD_ROLLS, [10, 90]] }));
    expect(answer.code).toBe('invalid');
    expect(answer.message).toMatch(/^rolls\[1\]: pair 1 decided the battle/);
    expect(values(lw, 'Log').slice(1)).toEqual([]);
  });

  it('Battle… keeps its put-back notice when the sidebar cannot be shown: it goes in an alert', () => {
    const lw = open();
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    lw.workbook.put('Log', `${columnLetters(13)}2`, [['Pending']]);
    lw.calls.failOn({ method: 'showSidebar', message: 'Authorisation is required to perform that action.' });
    lw.run('openBattleSidebar');
    expect(lw.workbook.ui.alerts).toEqual([
      'A battle left unfinished by a failure (Log row 2) was put back. The sidebar could not be shown (Authorisation is required to perform that action.): open Warcard → Battle… again.',
    ]);
  });
});
