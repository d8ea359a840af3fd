// SHEETS.md, after the Units table: Status decides which units fight, so the functions that count units by Status
// and the battle sidebar stop naming it when the Units range has none; the card functions value without it.
import { beforeAll, describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook, loadWorkbook } from '../../dev/gas';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { tableOf } from '../support/columns';

const STATUS = `${columnLetters(UNIT_HEADERS.indexOf('Status') + 1)}1`;

describe('the sample campaign with the Units Status header cleared', () => {
  let lw: LoadedWorkbook;
  beforeAll(() => {
    lw = loadWorkbook();
    lw.run('setUpSampleCampaign');
    lw.workbook.put('Units', STATUS, [['']]);
    lw.workbook.put('Checks', 'A1', [[`=ARMYVALUE("Elinvaire Host", ${tableOf('Units')})`]]);
    lw.workbook.recalculate();
  });

  /** The first formula cell in a sheet's first row, and what it shows. */
  const shown = (sheet: string) => {
    const model = lw.workbook.sheetOrThrow(sheet);
    const row =
      lw.workbook.formulas(model, { row: 1, col: 1, numRows: 1, numCols: model.maxColumns })[0] ?? [];
    const col = row.findIndex((f) => f !== '');
    const a1 = `${columnLetters(col + 1)}1`;
    return {
      formula: row[col],
      value: lw.workbook.read(sheet, a1)[0]?.[0],
      error: lw.workbook.errorAt(sheet, a1),
    };
  };

  it.each([
    ['Armies', 'ARMIES'],
    ['Battles', 'BATTLES'],
    ['Characters', 'CHARACTERVALUE'],
    ['Checks', 'ARMYVALUE'],
  ])('%s: %s stops, naming Status and the fix', (sheet, fn) => {
    const cell = shown(sheet);
    expect(cell.formula).toMatch(new RegExp(`^=${fn}\\(`));
    expect(cell.value).toBe('#ERROR!');
    expect(cell.error).toBe(
      `units has no "Status" column: include it in the range, headed in its first row, e.g. ${tableOf('Units')} (Warcard → Set up campaign adds missing columns)`,
    );
  });

  it('the cards still value: UNITSTATS', () => {
    const cell = shown('Units');
    expect(cell.formula).toMatch(/^=UNITSTATS\(/);
    expect([cell.value, cell.error]).toEqual(['Value', undefined]);
  });

  it('the sidebar refuses to load, naming Status and Set up campaign', () => {
    const answer = lw.run<{ ok: boolean; code?: string; message?: string }>('sidebarLoad');
    expect(answer).toMatchObject({
      ok: false,
      code: 'setup',
      message:
        'The Units sheet has no "Status" header in its header row (row 1): type it back above its column. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.',
    });
  });
});
