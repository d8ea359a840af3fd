// The server's reading of a campaign sheet (src/sheets/sheet-table.ts) against the emulation's strict Sheets:
// only the table's own columns are read, so a computed column that shows "Loading..." or #REF! while Sheets
// recomputes it never stops the sidebar, undo or a new round.
import { describe, expect, it } from 'vitest';
import { EmulatedSpreadsheet, loadWorkbook } from '../../dev/gas';
import { readSheetTable } from '../../src/sheets/sheet-table';
import { EXAMPLES, SHEET_NAMES } from '../../src/sheets/sheet-names';
import { UNIT_HEADERS, UNIT_REQUIRED_WITH_ARMY } from '../../src/sheets/units';

const GUARD = ['Guard', 'Host', 'Infantry', 'Melee', '', 1, 3, 0, 3, 0, 2, 2];

/** A Units sheet with the three older formulas beside it, just edited: they show "Loading...". */
function unitsLoading() {
  const lw = loadWorkbook();
  lw.run('setUpCampaign');
  lw.workbook.put('Units', 'A1', [
    [...UNIT_HEADERS, '=UNITVALUE(A1:V)', '=MUSTERCOST(A1:V)', '=UPKEEP(A1:V)'],
    GUARD,
  ]);
  lw.workbook.recalculate();
  lw.workbook.put('Units', 'L2', [[3]]);
  expect(lw.workbook.read('Units', 'W1:Y1')).toEqual([['Loading...', 'Loading...', 'Loading...']]);
  return lw;
}

describe('readSheetTable', () => {
  it('reads a table whose computed columns show "Loading..." (their headers are not the table’s)', () => {
    const lw = unitsLoading();
    const t = readSheetTable(
      new EmulatedSpreadsheet(lw.workbook),
      SHEET_NAMES.units,
      'Units',
      EXAMPLES.units,
      UNIT_REQUIRED_WITH_ARMY,
    );
    if (!t) throw new Error('no Units sheet');
    expect(t.table.column('Hits')).toBe(UNIT_HEADERS.indexOf('Hits'));
    expect(t.table.rows[0]?.[UNIT_HEADERS.indexOf('Hits')]).toBe(3);
    expect(t.table.has('Loading...')).toBe(false);
  });

  it('lets the sidebar load while Sheets recomputes, where it refused with “two columns are headed”', () => {
    const lw = unitsLoading();
    lw.workbook.put('Units', 'Z1', [['#REF!', '#REF!']]); // two more columns whose headers are errors
    const load = lw.run<{ ok: boolean; message?: string }>('sidebarLoad');
    expect(load.message).toBeUndefined();
    expect(load.ok).toBe(true);
  });
});
