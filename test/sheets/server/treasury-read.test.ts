// src/sheets/server/treasury-read.ts: a realm's treasury as a player page shows it, read from the sample
// campaign's sheets: the realms paying for a person's armies, their ledger and the coming season.
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../../dev/gas';
import { readBook } from '../../../src/sheets/server/book';
import { readStandings } from '../../../src/sheets/server/treasury-read';
import { spreadsheetApp } from '../../../src/sheets/gas';
import { inProcess } from '../../support';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import { blockOf, cellOf, columnPast } from '../../support/columns';

const sample = () => {
  const lw = loadWorkbook();
  lw.run('setUpSampleCampaign');
  return lw;
};

const standings = (lw: ReturnType<typeof loadWorkbook>, armies: readonly string[] | 'all') =>
  inProcess(lw, () => {
    const units = readBook(['units']).units;
    if (!units) throw new Error('no Units');
    return readStandings(spreadsheetApp().getActiveSpreadsheet(), units.table, armies);
  });

describe('a realm’s treasury for a player page', () => {
  it('gives the realm paying for the person’s armies: balance, ledger, the coming season and what it takes', () => {
    const lw = sample();
    const [elinvaire, ...more] = standings(lw, ['marcher levies']);
    expect(more).toEqual([]);
    expect(elinvaire?.realm).toBe('Elinvaire');
    expect(elinvaire?.error).toBe('');
    // 60 + (44 − 34) + (44 − 34 − 6) + (44 − 36 − 10): as TREASURY shows it on the Realms sheet.
    expect(elinvaire?.balance).toBe(72);
    expect(elinvaire?.ledger.map((r) => [r.season, r.income, r.upkeep, r.muster, r.other, r.note])).toEqual([
      ['Autumn 1521', 44, 34, 0, 0, ''],
      ['Winter 1521', 44, 34, 6, 0, 'Mustered: Griffon Riders'],
      ['Spring 1522', 44, 36, 0, -10, 'Repairs to the Tower'],
    ]);
    lw.workbook.recalculate();
    const shown = lw.workbook.read('Realms', blockOf('Realms', 2))[0] ?? [];
    expect(elinvaire?.coming.season).toBe('Summer 1522');
    expect([
      elinvaire?.balance,
      elinvaire?.coming.due?.upkeep,
      elinvaire?.coming.due?.muster,
      elinvaire?.coming.next,
    ]).toEqual(shown.slice(1, 5));
    expect(elinvaire?.coming.due?.upkeepByArmy.map((a) => a.army)).toEqual([
      'Elinvaire Host',
      'Marcher Levies',
    ]);
  });

  it('reads the Realms rows beside the TREASURY block set-up puts there, whose header row begins with Realm too', () => {
    const lw = sample();
    lw.workbook.recalculate();
    expect(lw.workbook.read('Realms', blockOf('Realms', 1, 1, { width: 2 }))).toEqual([['Realm', 'Balance']]);
    expect(standings(lw, 'all').map((s) => [s.realm, s.balance])).toEqual([
      ['Elinvaire', 72],
      ['Ghorvant', lw.workbook.read('Realms', cellOf('Realms', 'Balance', 3))[0]?.[0]],
    ]);
  });

  it('reads Units’ Mustered column, wherever it is: a unit mustered this season is paid for', () => {
    const lw = sample();
    lw.workbook.put('Units', `${columnPast('Units')}1`, [['Mustered'], ['summer 1522']]); // Knights of the Silver Oath: value 7
    const [elinvaire] = standings(lw, ['Elinvaire Host']);
    expect(elinvaire?.coming.due?.musterByUnit).toEqual([
      { unit: 'Knights of the Silver Oath', army: 'Elinvaire Host', gb: 6 },
    ]);
  });

  it('gives a GM every realm, a person of no realm nothing, and nothing without a Realms sheet', () => {
    const lw = sample();
    expect(standings(lw, 'all').map((s) => s.realm)).toEqual(['Elinvaire', 'Ghorvant']);
    expect(standings(lw, ['Free Company'])).toEqual([]);
    const none = loadWorkbook();
    none.workbook.put('Units', 'A1', [[...UNIT_HEADERS]]);
    expect(standings(none, 'all')).toEqual([]);
    const bare = loadWorkbook();
    bare.run('setUpCampaign');
    bare.workbook.put('Realms', 'A2', [['Avanil', 'Avanil Host', 'x', '']]);
    expect(standings(bare, 'all')).toEqual([
      {
        realm: 'Avanil',
        error: 'Income must be a whole number from 0 to 1,000,000 (got "x")',
        balance: 0,
        ledger: [],
        coming: { season: '', due: null, next: 0 },
        note: '',
      },
    ]);
  });
});
