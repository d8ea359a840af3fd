// The sidebar's load (server/load.ts and campaign-read.ts) on the emulation: one call, the campaign in rules terms.
import { describe, expect, it } from 'vitest';
import { sidebarFunctions } from '../../../src/contract/api';
import { decodeUnits } from '../../../src/contract/campaign';
import {
  apply,
  call,
  FORD,
  FORD_ROLLS,
  load,
  ok,
  open,
  requestFor,
  roster,
  setupOf,
  unitRow,
} from '../../support';
import { cellOf } from '../../support/columns';

describe('load: likely typos among the armies', () => {
  it('lists a one-unit army a swap away from a bigger one first among the problems, refusing nothing', () => {
    const lw = open();
    const last = lw.workbook.lastRow(lw.workbook.sheetOrThrow('Units'));
    lw.workbook.put('Units', `A${last + 1}`, [
      unitRow('Stray Levy', 'Avanli', 'Levy', 'Melee', [1, 1, 0, 1, 0, 1, 1]),
    ]);
    const data = load(lw);
    // Named where to fix it: the sheet, the row of the army's first unit and the column.
    expect(data.problems[0]).toBe(
      `Units row ${last + 1}, Army: army "Avanli" may be a typo of "Avanil" (an army with more units).`,
    );
    expect(data.armies.map((a) => [a.name, a.units, a.problem])).toEqual([
      ['Avanil', 5, null],
      ['Ghoere', 5, null],
      ['Avanli', 1, null],
    ]);
  });
});

describe('load: one call, the campaign in the rules terms', () => {
  it('reads each sheet once, writes nothing, and sends armies, units, battles and fingerprints', () => {
    const lw = open();
    const data = load(lw);
    expect(lw.calls.writes).toBe(0);
    // Each sheet read once: the Log from its end (getValues), the others whole (getSheetValues).
    expect([lw.calls.byMethod.getSheetValues, lw.calls.byMethod.getValues]).toEqual([4, 1]);
    expect(data.armies.map((a) => [a.name, a.units, a.ready, a.problem])).toEqual([
      ['Avanil', 5, 5, null],
      ['Ghoere', 5, 4, null],
    ]);
    const units = decodeUnits(data.units, data.armies);
    expect(units.map((u) => [u.row, u.name, u.army, u.status])).toContainEqual([
      8,
      'Ghoere Levy 2',
      'Ghoere',
      'Routed',
    ]);
    expect(units.find((u) => u.name === 'Knights of Avanil')).toMatchObject({
      row: 2,
      role: 'Mounted',
      type: 'Knights',
    });
    expect(data.battles.map((b) => [b.setup.name, b.rows, b.rolls, b.appliedBy])).toEqual([
      [FORD, [2, 3], [null, null], null],
      ['Filler skirmish', [4, 5], [null, null], null],
    ]);
    expect(data.entries).toEqual([]);
    expect(data.settingsFingerprint).toMatch(/^[0-9a-f]{14}$/);
  });

  it('names every contract call as a global function of Code.js', () => {
    const lw = open();
    for (const name of sidebarFunctions()) expect(lw.has(name)).toBe(true);
  });

  it('lists a bad unit row as a problem and keeps its army from being valued', () => {
    const lw = open();
    lw.workbook.put('Units', cellOf('Units', 'Hits', 3), [['x']]); // Hits of Avanil Bowmen
    const data = load(lw);
    const avanil = data.armies.find((a) => a.name === 'Avanil');
    expect(avanil?.problem).toBe(
      'Units row 3 (Avanil Bowmen): Hits must be a whole number from 1 to 1,000 (got "x")',
    );
    expect(data.problems).toContain(avanil?.problem);
  });

  it('puts back a write an earlier failure left unfinished, and says so', () => {
    const lw = open();
    const start = roster(lw);
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'cut-short-1')));
    // As a failure between the Units writes and the State write leaves it.
    lw.workbook.put('Log', cellOf('Log', 'State', 2), [['Pending']]);
    const answer = ok(call<{ notice?: string }>(lw, 'sidebarLoad'));
    expect(answer.notice).toBe('A battle left unfinished by a failure (Log row 2) was put back.');
    expect(roster(lw)).toEqual(start);
    expect(ok(call<{ notice?: string }>(lw, 'sidebarLoad')).notice).toBeUndefined();
  });
});
