// The Spreadsheet as Apps Script gives it to the product (SpreadsheetApp.getActiveSpreadsheet()): its sheets,
// found by name without regard to case, and toasts. Every call is counted and may be made to fail.
import type { ProtectionApi, SheetApi, SpreadsheetApi, UserApi } from '../../src/sheets/gas';
import { EmulatedProtection, EmulatedUser } from './protection';
import { EmulatedSheet } from './sheet';
import type { SheetModel } from './sheet-model';
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

  /** Google: "the owner of the document, or null for a document in a shared drive". */
  getOwner(): UserApi | null {
    this.track('getOwner');
    return this.wb.people.owner === '' ? null : new EmulatedUser(this.wb.people.owner);
  }

  getSpreadsheetTimeZone(): string {
    this.track('getSpreadsheetTimeZone');
    return this.wb.timeZone;
  }

  getSpreadsheetLocale(): string {
    this.track('getSpreadsheetLocale');
    return this.wb.locale;
  }

  getActiveSheet(): SheetApi {
    this.track('getActiveSheet');
    const model = this.wb.activeSheet ?? this.wb.sheets[0];
    if (!model) throw this.wb.realm.error('The spreadsheet has no sheet.');
    return new EmulatedSheet(this.wb, model);
  }

  setActiveSheet(sheet: SheetApi): SheetApi {
    this.track('setActiveSheet');
    const model = this.modelOf(sheet, 'setActiveSheet');
    this.wb.activeSheet = model;
    this.wb.ui.activated = model.name;
    return sheet;
  }

  /** Removes a sheet; a spreadsheet keeps at least one, as Sheets does. */
  deleteSheet(sheet: SheetApi): void {
    const model = this.modelOf(sheet, 'deleteSheet');
    this.track('deleteSheet', model.name);
    if (this.wb.sheets.length < 2) {
      throw this.wb.realm.error("You can't remove all the sheets in a document.");
    }
    this.wb.removeSheet(model);
  }

  private modelOf(sheet: SheetApi, method: string): SheetModel {
    const model = sheet instanceof EmulatedSheet ? sheet.model : undefined;
    if (!model || !this.wb.sheets.includes(model)) {
      throw this.wb.realm.error(
        `The parameters (Sheet) don't match the method signature for Spreadsheet.${method}.`,
      );
    }
    return model;
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
    // Google: "The new sheet becomes the active sheet."
    const model = this.wb.addSheet(sheetName);
    this.wb.activeSheet = model;
    return new EmulatedSheet(this.wb, model);
  }

  /** Every protection of one type (RANGE or SHEET) in the spreadsheet, sheet by sheet, oldest first. */
  getProtections(type: GoogleAppsScript.Spreadsheet.ProtectionType): ProtectionApi[] {
    this.track('getProtections');
    const kind = String(type);
    if (kind !== 'RANGE' && kind !== 'SHEET') {
      throw this.wb.realm.error(
        "The parameters don't match the method signature for SpreadsheetApp.Spreadsheet.getProtections.",
      );
    }
    const order = (m: unknown) => this.wb.sheets.indexOf(m as never);
    const found = this.wb.people.protections
      .filter((p) => p.type === kind)
      .sort((a, b) => order(a.sheet) - order(b.sheet));
    return this.wb.realm.clone(found.map((p) => new EmulatedProtection(this.wb, p)));
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
