// Putting back a write a double failure left unfinished finds each row as undo does (by identity, never by the row
// recorded), refuses when its record is gone, and a write that puts back first plans on the campaign as the put-back
// left it.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { defined } from '../../../src/rules';
import {
  apply,
  asTyped,
  call,
  comparable,
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
  state,
  undo,
  unitRow,
  unitsWriteMethods,
  values,
} from '../../support';

const norm = (lw: LoadedWorkbook) => comparable(state(lw));

/** A fault on the second Units write and every one after: the first is written, and cannot be put back. */
function secondUnitsWriteFails(lw: LoadedWorkbook): void {
  const methods = unitsWriteMethods();
  expect(methods.length).toBeGreaterThan(1);
  const method = defined(methods[1], 'the second Units write');
  const nth = methods.slice(0, 2).filter((m) => m === method).length;
  lw.calls.failOn({ method, sheet: 'Units', nth, persistent: true });
  if (method !== methods[0])
    lw.calls.failOn({ method: defined(methods[0], 'a write'), sheet: 'Units', nth: 2, persistent: true });
}

/** A unit typed at the top of Units by another user. */
const insertUnitAtTop = (lw: LoadedWorkbook) => {
  lw.workbook.insertRows(defined(lw.workbook.sheet('Units'), 'Units'), 1, 1);
  lw.workbook.put(
    'Units',
    'A2',
    asTyped([unitRow('New levy', 'Avanil', 'Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2])]),
  );
};

describe('a write that puts back first plans on the campaign as the put-back left it', () => {
  it('a persistent Units write failure, then the fault cleared, then Apply applies (one Log entry, workbook equal to one clean apply)', () => {
    const clean = open();
    const cleanData = load(clean);
    const request = requestFor(cleanData, setupOf(cleanData, FORD), FORD_ROLLS, 'retry-1');
    ok(apply(clean, request));
    const lw = open();
    load(lw);
    secondUnitsWriteFails(lw);
    const first = failed(apply(lw, request));
    expect(first.message).toMatch(/partly/);
    expect(values(lw, 'Log')[1]?.[12]).toBe('Pending');
    lw.calls.clearFaults();
    const answer = ok(apply(lw, request));
    expect(answer.message).toMatch(
      /^A battle left unfinished by a failure \(Log row 2\) was put back\. Avanil won/,
    );
    expect(norm(lw)).toBe(norm(clean));
    expect(
      values(lw, 'Log')
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['retry-1']);
  });
});

describe('putting back finds each row by identity', () => {
  it('an apply left half-written, then a Units row inserted, then the load: statuses and Log entry put back', () => {
    const lw = open();
    const start = roster(lw);
    const data = load(lw);
    secondUnitsWriteFails(lw);
    failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    lw.calls.clearFaults();
    insertUnitAtTop(lw);
    const loaded = ok(call<{ notice?: string }>(lw, 'sidebarLoad'));
    expect(loaded.notice).toMatch(/was put back/);
    const now = roster(lw);
    (now.Units as unknown[][]).splice(1, 1);
    expect(now).toEqual(start);
    expect(values(lw, 'Log').slice(1)).toEqual([]);
    expect(values(lw, 'Undo').slice(1)).toEqual([]);
  });

  it('an undo left unfinished by a double fault, then a Units row inserted, then the load: the entry stands, no other unit touched', () => {
    const lw = open();
    const data = load(lw);
    const entry = newestEntry(ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign).id;
    const applied = roster(lw);
    secondUnitsWriteFails(lw);
    failed(undo(lw, entry));
    lw.calls.clearFaults();
    expect(values(lw, 'Log')[1]?.[12]).toBe('Undoing');
    insertUnitAtTop(lw);
    const loaded = ok(call<{ notice?: string }>(lw, 'sidebarLoad'));
    expect(loaded.notice).toMatch(/An undo left unfinished by a failure \(Log row 2\) was put back/);
    const now = roster(lw);
    expect((now.Units as unknown[][])[1]?.[0]).toBe('New levy');
    expect((now.Units as unknown[][])[1]).not.toContain('Routed');
    (now.Units as unknown[][]).splice(1, 1);
    expect(now).toEqual(applied);
    expect(values(lw, 'Log')[1]?.[12]).toBe('Done');
  });

  it('after the Undo record is gone (its rows deleted, as when the sheet is deleted and set-up run again), refuses, names the missing record, and leaves the entry marked', () => {
    const lw = open();
    const data = load(lw);
    secondUnitsWriteFails(lw);
    failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    lw.calls.clearFaults();
    const undoSheet = lw.workbook.sheetOrThrow('Undo');
    lw.workbook.deleteRows(undoSheet, 2, lw.workbook.lastRow(undoSheet) - 1);
    const before = norm(lw);
    const answer = call(lw, 'sidebarLoad');
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.message).toContain('cannot be put back');
      expect(answer.message).toContain('Undo rows 2-');
      expect(answer.message).not.toMatch(/was put back/);
    }
    expect(values(lw, 'Log')[1]?.[12]).toBe('Pending');
    expect(norm(lw)).toBe(before);
  });
});
