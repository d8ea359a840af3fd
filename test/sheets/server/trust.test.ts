// Trusted by a table of players: units are found by identity, not by row or name, when rows move between a battle
// and its undo, and when another user inserts a row while a battle is being written.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { defined } from '../../../src/rules';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import {
  apply,
  asTyped,
  campaign,
  failed,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  ok,
  open,
  requestFor,
  setupOf,
  state,
  undo,
  unitRow,
  values,
} from '../../support';
import { cellOf } from '../../support/columns';

/** The sample campaign with Ghoere's five units all named "Levy" (their cards still tell them apart). */
function levies(): LoadedWorkbook {
  const tables = campaign(20);
  const units = defined(tables.Units, 'Units');
  const nameAt = UNIT_HEADERS.indexOf('Unit');
  const armyAt = UNIT_HEADERS.indexOf('Army');
  for (const row of units.slice(1)) if (row[armyAt] === 'Ghoere') row[nameAt] = 'Levy';
  return open(0, tables);
}

/** Applies the sample battle with the suggested losses; the Units values before, and the rows that changed. */
function applied(lw: LoadedWorkbook) {
  const before = values(lw, 'Units');
  const data = load(lw);
  const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
  const answer = ok(apply(lw, request));
  const changed = request.losses.flatMap((l) => [...l.destroyed, ...l.routed]).map((u) => u.row);
  return { before, entry: newestEntry(answer.campaign).id, changed };
}

const width = UNIT_HEADERS.length;
/** Rewrites Units from the header down as these rows (a user's sort or deleted row), blanking what is left. */
function rewrite(lw: LoadedWorkbook, rows: unknown[][]): void {
  const old = values(lw, 'Units').length;
  const padded = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  while (padded.length < old) padded.push(Array.from({ length: width }, () => ''));
  lw.workbook.put('Units', 'A1', asTyped(padded as (string | number | boolean)[][]));
}

/** A unit like Ghoere's second Levy, Ready: a twin by name and army. */
const twin = () => unitRow('Levy', 'Ghoere', 'Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2], 'Ready');

describe('undo finds units by identity, wherever their rows went', () => {
  it('puts back the right units after a row is inserted at the top, twins by name included', () => {
    const lw = levies();
    const { before, entry, changed } = applied(lw);
    expect(changed.filter((r) => r >= 7 && r <= 11).length).toBeGreaterThan(1); // several Levy units lost
    const model = defined(lw.workbook.sheet('Units'), 'Units');
    lw.workbook.insertRows(model, 1, 1);
    lw.workbook.put('Units', 'A2', asTyped([twin()]));
    const answer = ok(undo(lw, entry));
    expect(answer.message).toContain(`${changed.length} units put back`);
    const after = values(lw, 'Units');
    expect(after.slice(2)).toEqual(before.slice(1));
  });

  it('puts back the right units after the rows are sorted the other way round', () => {
    const lw = levies();
    const { before, entry } = applied(lw);
    const [header, ...rows] = values(lw, 'Units');
    rewrite(lw, [defined(header, 'header'), ...rows.reverse()]);
    ok(undo(lw, entry));
    const [, ...back] = values(lw, 'Units');
    expect(back).toEqual(before.slice(1).reverse());
  });

  it('puts back the right units after a row above them is deleted', () => {
    const lw = levies();
    const { before, entry, changed } = applied(lw);
    const gone = [2, 3, 4, 5, 6].find((r) => !changed.includes(r));
    if (gone === undefined) throw new Error('every Avanil unit was lost');
    const rows = values(lw, 'Units');
    rewrite(
      lw,
      rows.filter((_, i) => i !== gone - 1),
    );
    ok(undo(lw, entry));
    expect(values(lw, 'Units')).toEqual(before.filter((_, i) => i !== gone - 1));
  });

  it('refuses, naming the unit, when a lost unit was deleted since; nothing changes', () => {
    const lw = levies();
    const { entry, changed } = applied(lw);
    const lost = defined(changed[0], 'a lost unit');
    const rows = values(lw, 'Units');
    const name = String(rows[lost - 1]?.[0]);
    rewrite(
      lw,
      rows.filter((_, i) => i !== lost - 1),
    );
    const now = values(lw, 'Units');
    const answer = undo(lw, entry);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.code).toBe('unsafe');
      expect(answer.message).toContain(`"${name}" (was Units row ${lost}) is no longer on Units`);
      expect(answer.message).toContain('Nothing was changed');
    }
    expect(values(lw, 'Units')).toEqual(now);
  });
});

describe('a row inserted while a battle is written', () => {
  it('ends with the statuses on the right units, or refused with everything as it was: never shifted', () => {
    // The clean run's write calls, then one run per write call with a row inserted at the top of Units just before it.
    const clean = levies();
    const data = load(clean);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'insert-sweep-1');
    const start = values(clean, 'Units');
    clean.calls.reset();
    ok(apply(clean, request));
    const writes = clean.calls.log.filter((c) => c.kind === 'write').length;
    const end = values(clean, 'Units');
    const outcomes = { applied: 0, refused: 0 };
    for (let k = 1; k <= writes; k++) {
      const lw = levies();
      load(lw);
      let seen = 0;
      lw.calls.beforeCall = (c) => {
        if (c.kind !== 'write' || ++seen !== k) return;
        lw.workbook.insertRows(defined(lw.workbook.sheet('Units'), 'Units'), 1, 1);
        lw.workbook.put('Units', 'A2', asTyped([twin()]));
      };
      const answer = apply(lw, request);
      lw.calls.beforeCall = undefined;
      const units = values(lw, 'Units');
      units.splice(1, 1); // the inserted row
      if (answer.ok) {
        outcomes.applied++;
        expect(units, `insert before write ${k}`).toEqual(end);
        expect(values(lw, 'Log')[1]?.[12], `insert before write ${k}`).toBe('Done');
      } else {
        outcomes.refused++;
        expect(answer.code, `insert before write ${k}: ${answer.message}`).toBe('stale');
        expect(answer.message).toContain('Nothing was changed');
        expect(units, `insert before write ${k}`).toEqual(start);
      }
    }
    expect(outcomes.applied + outcomes.refused).toBe(writes);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('marks its own Log row Done when a row is inserted at the top of the Log while it writes', () => {
    const lw = levies();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'log-insert-1');
    let done = false;
    lw.calls.beforeCall = (c) => {
      if (done || c.kind !== 'write' || c.sheet !== 'Units') return;
      done = true;
      lw.workbook.insertRows(defined(lw.workbook.sheet('Log'), 'Log'), 1, 1);
      lw.workbook.put('Log', 'A2', [['a note typed by a player']]);
    };
    ok(apply(lw, request));
    lw.calls.beforeCall = undefined;
    const log = values(lw, 'Log');
    expect(log[1]).toEqual(['a note typed by a player']);
    expect(log[2]?.[1]).toBe('log-insert-1');
    expect(log[2]?.[12]).toBe('Done');
    expect(load(lw).entries.map((e) => e.id)).toEqual(['log-insert-1']);
  });

  it('takes away the rows it added to a full Log and Undo sheet when a later call fails', () => {
    const lw = levies();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'full-sheets-1');
    const size = (name: string) => {
      const model = defined(lw.workbook.sheet(name), name);
      return { rows: model.maxRows, last: lw.workbook.lastRow(model), model };
    };
    // No spare rows: the apply must insert rows for its Log row and its Undo rows.
    for (const name of ['Log', 'Undo']) {
      const { rows, last, model } = size(name);
      if (rows > last) lw.workbook.deleteRows(model, last + 1, rows - last);
    }
    const before = { log: size('Log').rows, undo: size('Undo').rows, state: state(lw) };
    lw.calls.reset();
    lw.calls.failOn({ method: 'setValues', sheet: 'Units', nth: 1 });
    const answer = failed(apply(lw, request));
    expect(answer.message).toContain('Nothing was changed');
    expect(lw.calls.log.filter((c) => c.method === 'insertRowsAfter').map((c) => c.sheet)).toEqual([
      'Undo',
      'Log',
    ]);
    expect({ log: size('Log').rows, undo: size('Undo').rows, state: state(lw) }).toEqual(before);
  });
});

describe('formulas survive', () => {
  const READY = '=IF(1=1,"Ready","")';
  const HOLD = '=IF(1=1,"Hold","")';
  /** The sample battle with a formula in the Status of a unit it loses and in Ghoere's Plan, which it changes. */
  function withFormulas() {
    const lw = levies();
    let data = load(lw);
    const lost = defined(
      requestFor(data, setupOf(data, FORD), FORD_ROLLS).losses[0].destroyed[0],
      'a loss',
    ).row;
    lw.workbook.put('Units', `V${lost}`, [[READY]]);
    lw.workbook.put('Battles', cellOf('Battles', 'Plan', 3), [[HOLD]]);
    data = load(lw);
    const setup = structuredClone(setupOf(data, FORD));
    (setup.sides[1].circumstances as { plan: string }).plan = 'Normal attack';
    const request = requestFor(data, setup, FORD_ROLLS);
    const formulas = () => [
      lw.workbook.cell('Units', `V${lost}`).formula,
      lw.workbook.cell('Battles', cellOf('Battles', 'Plan', 3)).formula,
    ];
    return { lw, request, formulas };
  }

  it('puts back a Status formula and a Plan formula that apply changed, when undone', () => {
    const { lw, request, formulas } = withFormulas();
    expect(formulas()).toEqual([READY, HOLD]);
    const answer = ok(apply(lw, request));
    expect(formulas()).toEqual(['', '']);
    ok(undo(lw, newestEntry(answer.campaign).id));
    expect(formulas()).toEqual([READY, HOLD]);
  });

  it('puts them back when any one call of the apply fails, and says nothing changed only then', () => {
    const clean = withFormulas();
    clean.lw.calls.reset();
    ok(apply(clean.lw, clean.request));
    const calls = clean.lw.calls.log.map((c) => ({ method: c.method, sheet: c.sheet }));
    let rolledBack = 0;
    for (const [k, { method, sheet }] of calls.entries()) {
      const { lw, request, formulas } = withFormulas();
      const nth = calls.slice(0, k + 1).filter((c) => c.method === method && c.sheet === sheet).length;
      lw.calls.failOn({ method, sheet, nth });
      const answer = apply(lw, request);
      if (answer.ok) expect(formulas(), `call ${k} (${method} on ${sheet})`).toEqual(['', '']);
      else {
        rolledBack++;
        expect(answer.message).toContain('Nothing was');
        expect(formulas(), `call ${k} (${method} on ${sheet})`).toEqual([READY, HOLD]);
      }
    }
    expect(rolledBack).toBeGreaterThan(5);
  });
});
