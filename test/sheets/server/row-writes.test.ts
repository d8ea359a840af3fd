// The Units and Battles writes of an entry (server/row-writes.ts), called in this process on the emulation: a
// check, one step per Google call, a check again; a row no longer the unit or side planned for, or a cell no longer
// holding what the write planned from, refuses as stale naming it; and each write's undo puts back its cells
// wherever the rows are now, a value that landed on a row nobody read taken off it.
import { describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook } from '../../../dev/gas';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import { defined } from '../../../src/rules';
import { readBook } from '../../../src/sheets/server/book';
import type { CellChange, Step } from '../../../src/sheets/server/journal-sheets';
import { rowSteps } from '../../../src/sheets/server/row-writes';
import { asTyped, inProcess, open, unitRow } from '../../support';
import { rowOf } from '../../support/columns';

const STATUS = columnLetters(UNIT_HEADERS.indexOf('Status') + 1);
const CHECK = 'a check of the Units rows';

const status = (row: number, name: string, army: string, before: string, after: string): CellChange => ({
  sheet: 'units',
  row,
  header: 'Status',
  name,
  army,
  before,
  after,
});
/** Knights of Avanil (Units row 2) and Ghoere Levy 1 (row 7) fall. */
const FALL = [
  status(2, 'Knights of Avanil', 'Avanil', '', 'Routed'),
  status(7, 'Ghoere Levy 1', 'Ghoere', '', 'Destroyed'),
];

/** The steps of `changes` planned on the sheets as they are now. */
const plan = (lw: LoadedWorkbook, changes: readonly CellChange[], to: 'before' | 'after' = 'after') =>
  inProcess(lw, () => rowSteps(readBook(['units', 'battles']), changes[0]?.sheet ?? 'units', changes, to));
const run = (lw: LoadedWorkbook, steps: readonly Step[], which: (s: Step) => void = (s) => s.write()) =>
  inProcess(lw, () => steps.forEach(which));
const statusAt = (lw: LoadedWorkbook, row: number) => lw.workbook.read('Units', `${STATUS}${row}`)[0]?.[0];
/** Every Units cell up to Status, blanks kept. */
const unitsGrid = (lw: LoadedWorkbook) =>
  lw.workbook.read(
    'Units',
    `A1:${STATUS}${lw.workbook.lastRow(defined(lw.workbook.sheet('Units'), 'Units'))}`,
  );
/** Refused as stale, with this message (what run threw). */
const refusal = (lw: LoadedWorkbook, step: Step | undefined): unknown => {
  try {
    run(lw, [defined(step, 'a step')]);
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  throw new Error('the step did not refuse');
};
const insertUnitAt = (lw: LoadedWorkbook, row: number, name: string) => {
  lw.workbook.insertRows(defined(lw.workbook.sheet('Units'), 'Units'), row - 1, 1);
  lw.workbook.put(
    'Units',
    `A${row}`,
    asTyped([unitRow(name, 'Avanil', 'Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2])]),
  );
};

describe('rowSteps: the writes of an entry, checked before and after', () => {
  it('writes the planned cells in steps, a check just before each and after the last, one Google call a step, and nothing else', () => {
    const lw = open();
    const before = unitsGrid(lw);
    const steps = plan(lw, FALL);
    const writes = steps.filter((s) => s.what !== CHECK).length;
    expect(writes).toBe(2);
    expect(steps.map((s) => s.what)).toEqual([CHECK, 'the unit statuses', CHECK, 'the unit statuses', CHECK]);
    lw.calls.reset();
    run(lw, steps);
    expect(lw.calls.writes).toBe(writes);
    expect(lw.calls.byMethod.getValues).toBe(writes + 1);
    const want = before.map((r) => [...r]);
    defined(want[1], 'row 2')[UNIT_HEADERS.indexOf('Status')] = 'Routed';
    defined(want[6], 'row 7')[UNIT_HEADERS.indexOf('Status')] = 'Destroyed';
    expect(unitsGrid(lw)).toEqual(want);
  });

  it('plans nothing for no changes', () => {
    expect(plan(open(), [])).toEqual([]);
  });

  it('refuses as stale before writing when a row is no longer the unit planned for, naming the row and who is there', () => {
    const lw = open();
    const steps = plan(lw, FALL);
    insertUnitAt(lw, 2, 'New levy');
    expect(refusal(lw, steps[0])).toEqual({
      code: 'stale',
      message:
        'Units row 2 no longer holds Knights of Avanil of Avanil (it holds New levy now): rows were inserted, deleted, sorted or renamed while Warcard was writing',
    });
  });

  it('refuses as stale before writing when a cell no longer holds what the write planned from, naming it', () => {
    const lw = open();
    const steps = plan(lw, FALL);
    lw.workbook.put('Units', `${STATUS}7`, [['Routed']]);
    expect(refusal(lw, steps[0])).toEqual({
      code: 'stale',
      message: `Units cell ${STATUS}7 (Status of Ghoere Levy 1 of Ghoere) holds Routed now, not blank: another user changed it while Warcard was writing`,
    });
  });

  it('refuses as stale after writing when a written cell was changed since', () => {
    const lw = open();
    const steps = plan(lw, FALL);
    run(lw, steps.slice(0, -1));
    lw.workbook.put('Units', `${STATUS}2`, [['Ready']]);
    expect(refusal(lw, steps.at(-1))).toEqual({
      code: 'stale',
      message: `Units cell ${STATUS}2 (Status of Knights of Avanil of Avanil) holds Ready now, not Routed: another user changed it while Warcard was writing`,
    });
  });

  it('refuses a twin (same name and army, another card) that took the planned unit’s row', () => {
    const lw = open();
    // Ghoere Horse (row 9) renamed: a second Ghoere Levy 1, with a horse's card.
    lw.workbook.put('Units', 'A9', [['Ghoere Levy 1']]);
    const steps = plan(lw, FALL);
    const [levy, horse] = [
      lw.workbook.read('Units', rowOf('Units', 7, true)),
      lw.workbook.read('Units', rowOf('Units', 9, true)),
    ];
    lw.workbook.put('Units', 'A7', horse);
    lw.workbook.put('Units', 'A9', levy);
    expect(refusal(lw, steps[0])).toEqual({
      code: 'stale',
      message:
        'Units row 7 no longer holds Ghoere Levy 1 of Ghoere (it holds Ghoere Levy 1 now): rows were inserted, deleted, sorted or renamed while Warcard was writing',
    });
  });

  it('refuses a Battles side whose row now holds the other side', () => {
    const lw = open();
    const roll: CellChange = {
      sheet: 'battles',
      row: 2,
      header: 'Roll',
      name: 'Ford of Avanil',
      army: 'Avanil',
      before: '',
      after: 90,
    };
    const steps = plan(lw, [roll]);
    expect(steps.map((s) => s.what)).toEqual([
      'a check of the Battles rows',
      'the Battles rows',
      'a check of the Battles rows',
    ]);
    const [a, b] = [
      lw.workbook.read('Battles', rowOf('Battles', 2, true)),
      lw.workbook.read('Battles', rowOf('Battles', 3, true)),
    ];
    lw.workbook.put('Battles', 'A2', b);
    lw.workbook.put('Battles', 'A3', a);
    expect(refusal(lw, steps[0])).toEqual({
      code: 'stale',
      message:
        'Battles row 2 no longer holds battle "Ford of Avanil" (it holds Ford of Avanil now): rows were inserted, deleted, sorted or renamed while Warcard was writing',
    });
  });
});

describe('rowSteps: putting back a write', () => {
  it('puts back each written cell on the row its unit is on now, after rows were inserted above it', () => {
    const lw = open();
    const steps = plan(lw, FALL);
    run(lw, steps);
    insertUnitAt(lw, 2, 'New levy');
    const moved = unitsGrid(lw);
    run(lw, steps, (s) => s.undo());
    expect(statusAt(lw, 3)).toBe('');
    expect(statusAt(lw, 8)).toBe('');
    const want = moved.map((r) => [...r]);
    for (const row of [3, 8]) defined(want[row - 1], `row ${row}`)[UNIT_HEADERS.indexOf('Status')] = '';
    expect(unitsGrid(lw)).toEqual(want);
  });

  it('takes a value off a row inserted while the writes went out (it was blank there), the unit untouched', () => {
    const lw = open();
    const steps = plan(lw, FALL);
    run(lw, steps.slice(0, 1));
    insertUnitAt(lw, 2, 'New levy');
    const inserted = unitsGrid(lw);
    // The writes alone, as when the row is inserted in the instant after the check before each.
    const writes = steps.filter((s) => s.what !== CHECK);
    run(lw, writes);
    // The write went to sheet row 2: the new levy's row now.
    expect(statusAt(lw, 2)).toBe('Routed');
    run(lw, writes, (s) => s.undo());
    expect(unitsGrid(lw)).toEqual(inserted);
  });

  it('puts a formula back where the cell held one (an undo: to before)', () => {
    const lw = open();
    const formula = '="Rea"&"dy"';
    lw.workbook.put('Units', `${STATUS}2`, [['Routed']]);
    const undo = { ...status(2, 'Knights of Avanil', 'Avanil', 'Ready', 'Routed'), beforeFormula: formula };
    const steps = plan(lw, [undo], 'before');
    run(lw, steps);
    expect(lw.workbook.cell('Units', `${STATUS}2`).formula).toBe(formula);
    expect(statusAt(lw, 2)).toBe('Ready');
  });
});
