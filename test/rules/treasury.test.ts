// src/rules/treasury.ts: a realm's balance from its ledger, and what a season's collection takes (RULES 4 costs,
// SHEETS.md "Realms and Treasury"). Figures worked out by hand from RULES 4.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  ledgerBalance,
  sameSeason,
  seasonDue,
  shortfallNote,
  upkeepDue,
} from '../../src/rules';
import { worth } from '../support/rules';

// Upkeep (D-9): value under 9 is 1 GB; mounted or mercenary 2; flying or elite (9+) 3. Muster: 2 GB per 3 value.
const foot = (name: string, over = {}) => worth(4, { name, army: 'Host', ...over }); // upkeep 1, muster 4
const knights = worth(6, { name: 'Knights', army: 'Host', role: 'Mounted' }); // upkeep 2, muster 4
const elite = worth(9, { name: 'Guard', army: 'Guard' }); // upkeep 3, muster 6

describe('the ledger', () => {
  it('adds income and other, takes upkeep and muster: 100 + (30 − 7 − 4 + 0) + (30 − 5 − 0 − 12) = 132', () => {
    expect(
      ledgerBalance(100, [
        { income: 30, upkeep: 7, muster: 4, other: 0 },
        { income: 30, upkeep: 5, muster: 0, other: -12 },
      ]),
    ).toBe(132);
  });

  it('is Start alone with no rows', () => expect(ledgerBalance(-5, [])).toBe(-5));

  it('balance = start + the sum of each row’s Income − Upkeep − Muster + Other (property)', () => {
    const gb = fc.integer({ min: 0, max: 1_000_000 });
    const row = fc.record({ income: gb, upkeep: gb, muster: gb, other: fc.integer({ min: -1e6, max: 1e6 }) });
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.array(row, { maxLength: 60 }), (start, rows) => {
        let expected = start;
        for (const r of rows) expected += r.income + r.other - r.upkeep - r.muster;
        expect(ledgerBalance(start, rows)).toBe(expected);
      }),
    );
  });
});

describe('a season’s collection', () => {
  const host = {
    name: 'Host',
    units: [
      { unit: foot('Pikes'), mustered: '' },
      { unit: knights, mustered: 'Spring 1522' },
      { unit: foot('Routed archers', { status: 'Routed' }), mustered: '' },
      { unit: foot('Dead', { status: 'Destroyed' }), mustered: 'spring  1522 ' },
      { unit: foot('Taken', { status: 'Captured' }), mustered: 'Winter 1521' },
    ],
  };
  const guard = { name: 'Guard', units: [{ unit: elite, mustered: 'Spring 1522' }] };

  it('takes the upkeep of Ready and Routed units by army, and the muster of those mustered this season', () => {
    const due = seasonDue(20, [host, guard], 'Spring 1522');
    expect(due.upkeepByArmy).toEqual([
      { army: 'Host', upkeep: 1 + 2 + 1, units: 3 },
      { army: 'Guard', upkeep: 3, units: 1 },
    ]);
    expect(due.upkeep).toBe(7);
    // Knights (6 → 4 GB), Dead (4 → 4 GB: mustered, then destroyed, still paid for), Guard (9 → 6 GB).
    expect(due.musterByUnit).toEqual([
      { unit: 'Knights', army: 'Host', gb: 4 },
      { unit: 'Dead', army: 'Host', gb: 4 },
      { unit: 'Guard', army: 'Guard', gb: 6 },
    ]);
    expect(due.muster).toBe(14);
    expect(due.income).toBe(20);
    expect(balanceAfter(10, due)).toBe(10 + 20 - 7 - 14);
  });

  it('upkeepDue agrees with the sum by army', () => {
    expect(upkeepDue(host.units.map((p) => p.unit))).toBe(4);
  });

  it('musters nothing with a blank season', () => {
    expect(seasonDue(0, [host, guard], '').muster).toBe(0);
    expect(sameSeason('', '')).toBe(false);
    expect(sameSeason(' Spring  1522', 'spring 1522')).toBe(true);
  });

  it('names a shortfall by how much and the units that cost the most upkeep', () => {
    const due = seasonDue(0, [host, guard], 'Summer 1522');
    expect(shortfallNote(balanceAfter(2, due), due)).toBe(
      'short by 5 GB; most upkeep: Guard of Guard (3 GB), Knights of Host (2 GB), Pikes of Host (1 GB)',
    );
    expect(shortfallNote(0, due)).toBe('');
  });

  it('an army no unit carries costs nothing', () => {
    const due = seasonDue(5, [{ name: 'Ghost', units: [] }], 'Spring');
    expect(due.upkeepByArmy).toEqual([{ army: 'Ghost', upkeep: 0, units: 0 }]);
    expect(shortfallNote(balanceAfter(-10, due), due)).toBe('short by 5 GB');
  });
});
