// The Spreadsheet as Apps Script gives it to the product (SpreadsheetApp.getActiveSpreadsheet()): its sheets,
// found by name without regard to case, and toasts. Every call is counted and may be made to fail.
import type { SheetApi, SpreadsheetApi } from '../../src/sheets/gas';
import { EmulatedSheet } from './sheet';
import type { Workbook } from './workbook';

export class EmulatedSpreadsheet implements SpreadsheetApi {
  constructor(private readonly wb: Workbook) {}

  private track(method: string, sheet = ''): void {
    this.wb.track(method, sheet, undefined, 'Spreadsheet');
  }

  getId(): string {
    this.track('getId');
    return this.wb.id;
  }

  getName(): string {
    this.track('getName');
    return this.wb.name;
  }

  getSpreadsheetTimeZone(): string {
    this.track('getSpreadsheetTimeZone');
    return this.wb.timeZone;
  }

  getSheets(): SheetApi[] {
    this.track('getSheets');
    return this.wb.realm.clone(this.wb.sheets.map((m) => new EmulatedSheet(this.wb, m)));
  }

  getSheetByName(name: string): SheetApi | null {
    this.track('getSheetByName', name);
    const model = this.wb.sheet(name);
    return model ? new EmulatedSheet(this.wb, model) : null;
  }

  insertSheet(sheetName: string): SheetApi {
    this.track('insertSheet', sheetName);
    return new EmulatedSheet(this.wb, this.wb.addSheet(sheetName));
  }

  toast(msg: string, title: string, timeoutSeconds?: number): void {
    this.track('toast');
    if (this.wb.inCustomFunction) return;
    this.wb.ui.toasts.push({
      message: String(msg),
      title: title === undefined ? '' : String(title),
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    });
    this.wb.changed();
  }
}
