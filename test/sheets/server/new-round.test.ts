// New round (sidebar/new-round.ts): Routed units Ready again, as one entry Undo takes back.
import { statusOf } from '../../../src/sheets/server/new-round';
import { describe, expect, it } from 'vitest';
import { newestEntry, newRound, ok, open, roster, undo, values } from './helpers';

describe('new round: one call, undone exactly', () => {
  it('runs a new round of 10,000 routed units and undoes it exactly: no cell holds the undo data', () => {
    const lw = open(10_000);
    const units = values(lw, 'Units');
    for (const row of units.slice(11, 10_011)) row[21] = 'Routed';
    lw.workbook.put('Units', 'A1', units as never);
    const before = roster(lw);
    const data = ok(newRound(lw)).campaign;
    expect(
      values(lw, 'Units')
        .slice(11, 10_011)
        .map((r) => r[21]),
    ).toEqual(Array.from({ length: 10_000 }, () => 'Ready'));
    expect(values(lw, 'Undo').length).toBe(1 + 10_001);
    ok(undo(lw, newestEntry(data).id));
    expect(roster(lw)).toEqual(before);
  }, 60_000);
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
