// RangeList as the product calls it: several ranges of one sheet written by one counted call, refused whole when
// any range is outside the sheet or the call fails, so a failed call writes nothing.
import { describe, expect, it } from 'vitest';
import { EmulatedSpreadsheet, Workbook } from '../../../dev/gas';

function statuses() {
  const wb = new Workbook();
  wb.put('Units', 'A1', [
    ['Unit', 'Status'],
    ['Knights', 'Ready'],
    ['Levy', 'Ready'],
    ['Horse', 'Ready'],
    ['Bows', 'Ready'],
  ]);
  const sheet = new EmulatedSpreadsheet(wb).getSheetByName('Units');
  if (!sheet) throw new Error('getSheetByName found no Units sheet');
  wb.calls.reset();
  return { wb, sheet };
}

describe('RangeList', () => {
  it('writes one value into every cell of several ranges with one counted write', () => {
    const { wb, sheet } = statuses();
    sheet.getRangeList(['B2', 'B4:B5']).setValue('Destroyed');
    expect(wb.read('Units', 'B2:B5')).toEqual([['Destroyed'], ['Ready'], ['Destroyed'], ['Destroyed']]);
    expect(wb.calls.writes).toBe(1);
    expect(wb.calls.byMethod).toEqual({ getRangeList: 1, setValue: 1 });
    expect(wb.calls.log.at(-1)).toEqual({
      method: 'setValue',
      kind: 'write',
      sheet: 'Units',
      a1: 'B2,B4:B5',
    });
  });

  it('reads text as Sheets reads a typed value: "=" makes a formula, an apostrophe keeps text', () => {
    const { wb, sheet } = statuses();
    sheet.getRangeList(['B2', 'B3']).setValue("'=1+1");
    expect(wb.read('Units', 'B2:B3')).toEqual([['=1+1'], ['=1+1']]);
  });

  it('gives its ranges back', () => {
    const { sheet } = statuses();
    expect(
      sheet
        .getRangeList(['B2', 'A4:B5'])
        .getRanges()
        .map((r) => r.getA1Notation()),
    ).toEqual(['B2', 'A4:B5']);
  });

  it('refuses a range outside the sheet before writing any', () => {
    const { wb, sheet } = statuses();
    expect(() => sheet.getRangeList(['B2', `B${sheet.getMaxRows() + 1}`])).toThrow(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(() => sheet.getRangeList(['B2', 'nonsense!!'])).toThrow('Range not found');
    expect(wb.read('Units', 'B2')).toEqual([['Ready']]);
  });

  it('writes nothing when its call fails', () => {
    const { wb, sheet } = statuses();
    wb.calls.failOn({ method: 'setValue', sheet: 'Units' });
    const list = sheet.getRangeList(['B2', 'B3']);
    expect(() => list.setValue('Routed')).toThrow(/Service Spreadsheets failed/);
    expect(wb.read('Units', 'B2:B3')).toEqual([['Ready'], ['Ready']]);
  });

  it('may not be written from a custom function', () => {
    const { wb, sheet } = statuses();
    wb.inCustomFunction = true;
    expect(() => sheet.getRangeList(['B2']).setValue('Routed')).toThrow(
      'You do not have permission to call RangeList.setValue. Custom functions may only read.',
    );
    wb.inCustomFunction = false;
  });
});
