// The Log and Undo sheets as the undoSheet reads and writes them, on plain arrays.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../src/rules';
import {
  appliedBattles,
  changesOf,
  entries,
  parseUndoRows,
  readsFarEnough,
  undoRow,
  undoRowsText,
  rowOf,
  sameCell,
  undoable,
} from '../../../src/sheets/server/journal-sheets';
import { fakeTable } from '../../support';

// A Log with its columns in another order than the set-up's, a row without an entry, and a state in odd case.
const LOG = [
  ['Entry', 'Battle', 'Event', 'Result', 'State', 'Notes'],
  ['e-1', 'Ford', 'Battle', 'Avanil won by 71', 'Undone', ''],
  ['', 'a note', '', '', '', 'typed by a player'],
  ['e-2', 'Raid', 'Battle', 'Rjurik won by 5', 'done', ''],
  ['e-3', '', 'New round', '12 units ready', 'Done', ''],
  ['e-4', 'Ford', 'Battle', 'Ghoere won by 3', 'Undoing', ''],
  ['e-5', 'Siege', 'Battle', '', 'Pending', ''],
  ['e-6', 'Skirmish', 'Battle', '', 'Lost?', ''],
];

describe('entries', () => {
  it('reads every row with an Entry id, by header, in sheet order, with its state or null', () => {
    const { t } = fakeTable(LOG, { name: 'Log' });
    expect(entries(t).map((e) => [e.id, e.index, e.row, e.event, e.battle, e.result, e.state])).toEqual([
      ['e-1', 0, 2, 'Battle', 'Ford', 'Avanil won by 71', 'Undone'],
      ['e-2', 2, 4, 'Battle', 'Raid', 'Rjurik won by 5', 'Done'],
      ['e-3', 3, 5, 'New round', '', '12 units ready', 'Done'],
      ['e-4', 4, 6, 'Battle', 'Ford', 'Ghoere won by 3', 'Undoing'],
      ['e-5', 5, 7, 'Battle', 'Siege', '', 'Pending'],
      ['e-6', 6, 8, 'Battle', 'Skirmish', '', null],
    ]);
  });

  it('offers the Done entries to Undo, newest first', () => {
    const { t } = fakeTable(LOG, { name: 'Log' });
    expect(undoable(t).map((e) => e.id)).toEqual(['e-3', 'e-2']);
  });

  it('counts a battle applied while its entry is Done or being undone, by the name key given', () => {
    const { t } = fakeTable(LOG, { name: 'Log' });
    const applied = appliedBattles(t, nameKey);
    expect([...applied].map(([key, e]) => [key, e.id])).toEqual([
      ['raid', 'e-2'],
      ['ford', 'e-4'],
    ]);
  });
});

const UNDO = [
  ['Entry', 'Sheet', 'Row', 'Column', 'Name', 'Army', 'Before', 'After'],
  ['e-2', 'Units', 4, 'Status', 'Anuire Guard', 'Avanil', 'Ready', 'Routed'],
  ['e-1', 'Units', 5, 'Status', 'Levy', 'Ghoere', 'Ready', 'Destroyed'],
  ['e-2', ' battles ', 2, 'Roll', 'Ford', '', null, 90],
  ['e-2', 'Characters', 3, 'Army', 'Lord Aerin', '', 'Avanil', ''],
  ['e-2', 'Units', 'x', 'Status', 'Bad row', '', 'Ready', 'Routed'],
  ['e-2', 'Units', 0, 'Status', 'Row zero', '', 'Ready', 'Routed'],
  ['e-2', 'Units', 2.5, 'Status', 'Half a row', '', 'Ready', 'Routed'],
];

describe('changesOf', () => {
  it('reads the entry’s changes and their Undo rows, leaving out rows of other entries and rows it cannot place', () => {
    const { t } = fakeTable(UNDO, { name: 'Undo' });
    expect(changesOf(t, 'e-2')).toEqual({
      changes: [
        {
          sheet: 'units',
          row: 4,
          header: 'Status',
          name: 'Anuire Guard',
          army: 'Avanil',
          before: 'Ready',
          after: 'Routed',
          key: '',
          beforeFormula: '',
        },
        {
          sheet: 'battles',
          row: 2,
          header: 'Roll',
          name: 'Ford',
          army: '',
          before: '',
          after: 90,
          key: '',
          beforeFormula: '',
        },
      ],
      rows: [2, 4],
    });
    expect(changesOf(t, 'e-9')).toEqual({ changes: [], rows: [] });
  });
});

describe('undoRow and rowOf', () => {
  it('puts a change under the Undo sheet’s own headers, in its column order', () => {
    const { t } = fakeTable([['Sheet', 'Entry', 'Note', 'Row', 'Column', 'Name', 'Army', 'After', 'Before']]);
    const change = {
      sheet: 'units',
      row: 7,
      header: 'Status',
      name: 'Horse',
      army: 'Ghoere',
      before: 'Ready',
      after: 'Captured',
    } as const;
    expect(undoRow(t, 'e-7', change)).toEqual([
      'Units',
      'e-7',
      '',
      7,
      'Status',
      'Horse',
      'Ghoere',
      'Captured',
      'Ready',
    ]);
  });

  it('leaves out a field the table has no column for', () => {
    const { t } = fakeTable([['Entry', 'State']]);
    expect(rowOf(t, { Entry: 'e-1', State: 'Done', Result: 'lost' })).toEqual(['e-1', 'Done']);
  });
});

describe('sameCell', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['text with spaces around', ' Routed ', 'Routed', true],
    ['text in another case', 'routed', 'Routed', false],
    ['a number and its text', 90, '90', false],
    ['equal numbers', 90, 90, true],
    ['blank and null', '', null, true],
    ['blank and undefined', undefined, '', true],
    ['an unticked box and blank', false, '', false],
    ['two unticked boxes', false, false, true],
    ['equal times', new Date(Date.UTC(2026, 0, 2)), new Date(Date.UTC(2026, 0, 2)), true],
    ['other times', new Date(Date.UTC(2026, 0, 2)), new Date(Date.UTC(2026, 0, 3)), false],
  ])('%s: %s', (_, x, y, same) => {
    expect(sameCell(x, y)).toBe(same);
    expect(sameCell(y, x)).toBe(same);
  });

  it('compares Dates of another realm by their time too (the emulation and Apps Script hand over their own)', () => {
    const foreign = (time: number) => runInNewContext(`new Date(${time})`) as unknown;
    const time = Date.UTC(2026, 0, 2);
    expect(sameCell(foreign(time), foreign(time))).toBe(true);
    expect(sameCell(foreign(time), foreign(time + 1000))).toBe(false);
  });
});

describe('Undo Rows', () => {
  it.each([
    ['12-40', { first: 12, last: 40 }],
    ['12', { first: 12, last: 12 }],
    [' 7 - 9 ', { first: 7, last: 9 }],
    [5, { first: 5, last: 5 }],
    ['', null],
    ['40-12', null],
    ['0-3', null],
    ['12-x', null],
    ['1.5', null],
  ])('%o reads as %o', (cell, rows) => {
    expect(parseUndoRows(cell)).toEqual(rows);
  });

  it('writes one row as its number and a span with a dash, and reads them back', () => {
    expect(undoRowsText({ first: 3, last: 3 })).toBe('3');
    expect(undoRowsText({ first: 3, last: 12 })).toBe('3-12');
    expect(parseUndoRows(undoRowsText({ first: 3, last: 12 }))).toEqual({ first: 3, last: 12 });
  });
});

describe('readsFarEnough', () => {
  const log = (states: string[], skipped: number) => {
    const { t } = fakeTable([['Entry', 'State'], ...states.map((s, i) => [`e-${i}`, s])], { name: 'Log' });
    return { ...t, skipped };
  };

  it('holds for a Log read whole, whatever its entries', () => {
    expect(readsFarEnough(log(['Undone', 'Undone'], 0))).toBe(true);
  });

  it('holds for a Log read from its end when the rows hold an entry not undone', () => {
    expect(readsFarEnough(log(['Undone', 'Done', 'Undone'], 400))).toBe(true);
    expect(readsFarEnough(log(['Pending'], 400))).toBe(true);
  });

  it('fails when every entry read is undone and rows before were skipped: an older one may be unfinished', () => {
    expect(readsFarEnough(log(['Undone', 'Undone'], 400))).toBe(false);
    expect(readsFarEnough(log([], 400))).toBe(false);
  });
});
