// New round (server/new-round.ts): Routed units Ready again, as one entry Undo takes back.
import { statusOf } from '../../../src/sheets/server/new-round';
import { describe, expect, it } from 'vitest';
import { defined } from '../../../src/rules';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import { campaign, newestEntry, newRound, ok, open, roster, undo, values } from '../../support';

describe('new round: one call, undone exactly', () => {
  it('runs a new round of 10,000 routed units and undoes it exactly: no cell holds the undo data', () => {
    // Every filler unit Routed from the start: the roster written once, not written and then rewritten.
    const tables = campaign(10_000);
    const status = UNIT_HEADERS.indexOf('Status');
    for (const row of defined(tables.Units, 'Units').slice(11, 10_011)) row[status] = 'Routed';
    const lw = open(10_000, tables);
    const before = roster(lw);
    const data = ok(newRound(lw)).campaign;
    expect(
      values(lw, 'Units')
        .slice(11, 10_011)
        .map((r) => r[status]),
    ).toEqual(Array.from({ length: 10_000 }, () => 'Ready'));
    expect(values(lw, 'Undo').length).toBe(1 + 10_001);
    ok(undo(lw, newestEntry(data).id));
    expect(roster(lw)).toEqual(before);
  });
});

describe('Warcard → New round (the menu)', () => {
  it('says what it did in a toast that stays until dismissed', () => {
    const tables = campaign();
    const status = UNIT_HEADERS.indexOf('Status');
    const first = defined(defined(tables.Units, 'Units')[1], 'a unit');
    first[status] = 'Routed';
    const lw = open(0, tables);
    lw.run('newRound');
    expect(lw.workbook.ui.toasts).toEqual([
      {
        message: 'New round: 2 routed units are Ready again (Log row 2).',
        title: 'Warcard',
        timeoutSeconds: -1,
      },
    ]);
  });
});

describe('statusOf: a Status cell as the rules read it', () => {
  it('reads blank as Ready, any case and spacing of a status as that status, and keeps other text as typed', () => {
    expect(['', 'routed', ' ROUTED ', 'Captured', 'Fled', false].map(statusOf)).toEqual([
      'Ready',
      'Routed',
      'Routed',
      'Captured',
      'Fled',
      'Ready',
    ]);
  });
});
