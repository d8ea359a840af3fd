// Formulas in the spreadsheet's locale: the product's separator table against the CLDR data the emulation reads
// (Node's Intl), and set-up on a German spreadsheet, where the emulation refuses "," between arguments.
import { describe, expect, it } from 'vitest';
import { columnIndex, loadWorkbook } from '../../dev/gas';
import { decimalComma } from '../../dev/gas/locale';
import { ownValidation } from '../../dev/gas/snapshot';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { argumentSeparator } from '../../src/sheets/locale';
import { SHEET_NAMES } from '../../src/sheets/sheet-names';
import { cellsOf, tableOf } from '../support/columns';

const LOCALES =
  'af_ZA az_AZ be_BY bg_BG bs_BA ca_ES cs_CZ da_DK de_AT de_CH de_DE de_LI el_GR en_AU en_CA en_GB en_IE en_IN ' +
  'en_NZ en_US en_ZA es_AR es_CL es_CO es_ES es_MX es_PE es_US et_EE eu_ES fi_FI fil_PH fr_BE fr_CA fr_CH fr_FR ' +
  'gl_ES hr_HR hu_HU hy_AM id_ID is_IS it_CH it_IT iw_IL ja_JP ka_GE kk_KZ ko_KR lt_LT lv_LV mk_MK ms_MY nb_NO ' +
  'nl_BE nl_NL pl_PL pt_BR pt_PT ro_RO ru_RU sk_SK sl_SI sq_AL sr_RS sv_SE th_TH tr_TR uk_UA vi_VN zh_CN zh_TW de fr en';

describe('the argument separator of a locale', () => {
  it.each(LOCALES.split(' '))('%s: ";" exactly where decimals take a comma (CLDR)', (locale) => {
    expect(argumentSeparator(locale)).toBe(decimalComma(locale) ? ';' : ',');
  });
});

describe('the emulation in a decimal-comma locale (de_DE)', () => {
  it('reads ";" between arguments and 1,5 as a decimal, gives formulas back so, and fails ","', () => {
    const { workbook } = loadWorkbook({ locale: 'de_DE' });
    workbook.put('S', 'A1', [['=SUM(1;2)', '=SUM(1,5;1)', '=SUM(1, 2)', '=IF(1>0;"a,b";"c")']]);
    expect(workbook.read('S', 'A1:D1')).toEqual([[3, 2.5, '#ERROR!', 'a,b']]);
    expect(workbook.cell('S', 'A1').formula).toBe('=SUM(1;2)');
    expect(workbook.cell('S', 'B1').formula).toBe('=SUM(1,5;1)');
    expect(workbook.cell('S', 'C1').formula).toBe('=SUM(1, 2)');
  });

  it('refuses a rule whose custom formula separates arguments with ","', () => {
    const { workbook, context } = loadWorkbook({ locale: 'de_DE' });
    workbook.put('S', 'A1', [['x']]);
    const app = context.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
    const range = app.getActiveSpreadsheet().getSheetByName('S')?.getRange('A1');
    const rule = (f: string) => app.newDataValidation().requireFormulaSatisfied(f).build();
    expect(() => range?.setDataValidation(rule('=AND(A1>0,A1<3)'))).toThrow(
      /not valid in this spreadsheet's locale/,
    );
    expect(() => range?.setDataValidation(rule('=AND(A1>0;A1<3)'))).not.toThrow();
  });
});

describe('set-up on a de_DE spreadsheet', () => {
  const lw = loadWorkbook({ locale: 'de_DE' });
  lw.run('setUpSampleCampaign');
  lw.workbook.recalculate();
  const wb = lw.workbook;

  it('writes its formulas with ";" and they compute', () => {
    expect(wb.cell('Armies', 'A1').formula).toBe(
      `=ARMIES(${tableOf('Units')}; ${tableOf('Characters')}; ${tableOf('Settings')})`,
    );
    expect(wb.read('Units', cellsOf('Units', 'Value', 1, 2))).toEqual([['Value'], [expect.any(Number)]]);
    expect(wb.read('Armies', 'A2:A4').flat()).toEqual([
      'Elinvaire Host',
      'Marcher Levies',
      'Ghorvant Legion',
    ]);
    for (const sheet of Object.values(SHEET_NAMES)) {
      const snap = wb.snapshot().sheets.find((s) => s.name === sheet);
      for (const [a1, cell] of Object.entries(snap?.cells ?? {})) {
        if (cell.f !== undefined)
          expect(wb.cell(sheet, a1.split(':')[0] ?? a1).error, `${sheet}!${a1}`).toBeUndefined();
      }
    }
  });

  it('its number checks pass a good value and mark a bad one, down the column', () => {
    const units = wb.sheetOrThrow('Units');
    const morale = columnIndex('K') - 1;
    expect(UNIT_HEADERS[morale]).toBe('Morale');
    const rule = units.metaAt(40, morale)?.validation;
    expect(rule && ownValidation(rule).values[0]).toBe('=AND(ISNUMBER(K41);K41=INT(K41);K41>=1;K41<=1000)');
    expect(wb.passesRule(units, 40, morale, 3)).toBe(true);
    expect(wb.passesRule(units, 40, morale, 2.5)).toBe(false);
    expect(wb.passesRule(units, 40, morale, 0)).toBe(false);
    const army = wb.passesRule(units, 40, UNIT_HEADERS.indexOf('Army'), 'Host, Levies');
    expect(army).toBe(false);
  });

  it('a second run finds nothing missing (its formulas read back as it writes them)', () => {
    lw.run('setUpCampaign');
    expect(wb.ui.alerts.at(-1)).toMatch(/nothing was missing/);
  });
});
