// The whole workbook as JSON: what each cell holds, runs of equal cells down a column as one key, and a file
// that is no snapshot refused with a message saying why.
import { describe, expect, it } from 'vitest';
import { EmulatedSheet, SNAPSHOT_FORMAT, Workbook, type WorkbookSnapshot } from '../../../dev/gas';
import { DataValidationBuilder } from '../../../dev/gas/validation';

function sample(): Workbook {
  const wb = new Workbook({ name: 'Campaign', timeZone: 'Asia/Tokyo' });
  wb.put('Units', 'A1', [
    ['Unit', 'Morale', 'Note'],
    ['Guards', 2, 'x'],
    ['Knights', 2, 'x'],
    ['Levy', 2, 'y'],
  ]);
  wb.put('Units', 'D1', [['=B2*2'], ['=B2*2'], ['=B3*2']]);
  const units = wb.sheetOrThrow('Units');
  wb.setMeta(units, { row: 1, col: 1, numRows: 1, numCols: 4 }, 'fontWeight', 'bold');
  wb.setMeta(units, { row: 2, col: 2, numRows: 3, numCols: 1 }, 'numberFormat', '0.0');
  units.frozenRows = 1;
  units.columnWidths.set(1, 140);
  wb.properties.set('warcard.version', '1');
  return wb;
}

describe('snapshotOf', () => {
  it('writes each cell once, runs of equal cells down a column as one range, formulas each alone', () => {
    const snapshot = sample().snapshot();
    expect(snapshot).toMatchObject({
      format: SNAPSHOT_FORMAT,
      name: 'Campaign',
      timeZone: 'Asia/Tokyo',
      properties: { 'warcard.version': '1' },
    });
    expect(snapshot.sheets).toHaveLength(1);
    expect(snapshot.sheets[0]).toEqual({
      name: 'Units',
      sheetId: 0,
      maxRows: 1000,
      maxColumns: 26,
      frozenRows: 1,
      columnWidths: { 1: 140 },
      conditionalRules: [],
      cells: {
        A1: { v: 'Unit', fontWeight: 'bold' },
        A2: { v: 'Guards' },
        A3: { v: 'Knights' },
        A4: { v: 'Levy' },
        B1: { v: 'Morale', fontWeight: 'bold' },
        'B2:B4': { v: 2, numberFormat: '0.0' },
        C1: { v: 'Note', fontWeight: 'bold' },
        'C2:C3': { v: 'x' },
        C4: { v: 'y' },
        D1: { f: '=B2*2', fontWeight: 'bold' },
        D2: { f: '=B2*2' },
        D3: { f: '=B3*2' },
      },
    });
  });

  it('leaves out the time zone when it is UTC', () => {
    expect(new Workbook().snapshot()).toEqual({
      format: SNAPSHOT_FORMAT,
      id: 'emulated-spreadsheet',
      name: 'Warcard campaign',
      properties: {},
      sheets: [],
    });
  });
});

describe('restoreSnapshot', () => {
  it('gives back the same workbook, computed', () => {
    const snapshot = sample().snapshot();
    const again = Workbook.fromSnapshot(JSON.parse(JSON.stringify(snapshot)));
    expect(again.snapshot()).toEqual(snapshot);
    expect(again.read('Units', 'B2:D4')).toEqual([
      [2, 'x', 4],
      [2, 'x', 4],
      [2, 'y', ''],
    ]);
    expect(again.cell('Units', 'B3').display).toBe('2.0');
  });

  it.each([
    [
      { format: 'sheets/2' },
      'Not a workbook snapshot (format "sheets/2", expected "warcard-gas-workbook/1")',
    ],
    [null, 'Not a workbook snapshot (format "undefined", expected "warcard-gas-workbook/1")'],
  ])('refuses %j', (snapshot, message) => {
    expect(() => Workbook.fromSnapshot(snapshot as unknown as WorkbookSnapshot)).toThrow(message);
  });

  it('refuses a cell that is no A1 range, naming it and its sheet', () => {
    const snapshot = sample().snapshot();
    const [units] = snapshot.sheets;
    if (units) units.cells.B0 = { v: 1 };
    expect(() => Workbook.fromSnapshot(snapshot)).toThrow('Bad cell "B0" in sheet "Units" of the snapshot');
  });

  it('needs an empty workbook', () => {
    const wb = sample();
    expect(() => wb.restore(wb.snapshot())).toThrow('restore() needs an empty workbook');
  });
});

describe('custom-formula validations in a snapshot', () => {
  it('cells whose formulas name themselves are one run, restored cell by cell; a range’s rule is moved to each cell', () => {
    const wb = new Workbook();
    const model = wb.addSheet('Units', { rows: 40, columns: 4 });
    const sheet = new EmulatedSheet(wb, model);
    const own = (row: number) =>
      new DataValidationBuilder()
        .requireFormulaSatisfied(`=AND(ISNUMBER(B${row}),B${row}<=$A$1)`)
        .setAllowInvalid(true)
        .build();
    sheet.getRange('B2:B31').setDataValidations(Array.from({ length: 30 }, (_, i) => [own(i + 2)]));
    sheet
      .getRange('C2:C5')
      .setDataValidation(new DataValidationBuilder().requireFormulaSatisfied('=C2>0').build());
    wb.put('Units', 'A1', [[10]]);
    const snap = wb.snapshot();
    const units = snap.sheets.find((s) => s.name === 'Units');
    expect(Object.keys(units?.cells ?? {}).sort()).toEqual(['A1', 'B2:B31', 'C2:C5']);
    expect(units?.cells['C2:C5']?.validation?.values).toEqual(['=C2>0']);
    const again = Workbook.fromSnapshot(JSON.parse(JSON.stringify(snap)));
    const restored = again.sheetOrThrow('Units');
    expect(restored.metaAt(30, 1)?.validation?.values).toEqual(['=AND(ISNUMBER(B31),B31<=$A$1)']);
    expect(restored.metaAt(4, 2)?.validation?.values).toEqual(['=C5>0']);
    expect([again.passesRule(restored, 30, 1, 10), again.passesRule(restored, 30, 1, 11)]).toEqual([
      true,
      false,
    ]);
    expect([again.passesRule(restored, 4, 2, 1), again.passesRule(restored, 4, 2, -1)]).toEqual([
      true,
      false,
    ]);
    expect(again.snapshot()).toEqual(snap);
  });
});
