// A Protection as Apps Script gives it to the product (Range.protect, Sheet.protect, getProtections): its
// editors, description, warning-only state, range and removal, as Google documents them. Every call is counted
// and may be made to fail. Where Google is silent the emulation is the stricter: a user who may not edit a
// protection may not change it either (Google documents that getEditors throws for them).
import type { ProtectionApi, RangeApi, UserApi } from '../../src/sheets/gas';
import { boxA1 } from './a1';
import { NO_PERMISSION_MESSAGE, type ProtectionModel } from './people';
import { EmulatedRange } from './range';
import type { Workbook } from './workbook';

/** SpreadsheetApp.ProtectionType: the names, as Google's enum values print. */
export const ProtectionType = Object.freeze({
  RANGE: 'RANGE',
  SHEET: 'SHEET',
}) as unknown as typeof GoogleAppsScript.Spreadsheet.ProtectionType;

/** A User as Session and Protection.getEditors give it. */
export class EmulatedUser implements UserApi {
  constructor(private readonly email: string) {}

  getEmail(): string {
    return this.email;
  }
}

/** An email given as text or as a User. */
function emailOf(wb: Workbook, given: unknown, method: string): string {
  if (typeof given === 'string' && given.trim() !== '') return given.trim().toLowerCase();
  if (given instanceof EmulatedUser) return given.getEmail().toLowerCase();
  throw wb.realm.error(
    `The parameters (${typeof given}) don't match the method signature for Protection.${method}.`,
  );
}

export class EmulatedProtection implements ProtectionApi {
  constructor(
    private readonly wb: Workbook,
    readonly model: ProtectionModel,
  ) {}

  private track(method: string): void {
    const p = this.model;
    this.wb.track(method, p.sheet.name, p.box ? boxA1(p.box) : undefined, 'Protection');
  }

  private get people() {
    return this.wb.people;
  }

  /** Refuses a change by a user who may not edit the protected area, or to a protection removed already. */
  private mayChange(): void {
    if (!this.people.protections.includes(this.model))
      throw this.wb.realm.error('This protection no longer exists.');
    if (!this.people.canEdit(this.model, this.people.active))
      throw this.wb.realm.error(NO_PERMISSION_MESSAGE);
    if (this.wb.inCustomFunction) throw this.wb.realm.error(NO_PERMISSION_MESSAGE);
  }

  /** The first change of editors makes the list explicit: until then it mirrors the spreadsheet's. */
  private explicitEditors(): string[] {
    if (this.model.editors === null) this.model.editors = [...this.people.editors];
    return this.model.editors;
  }

  addEditor(emailAddress: string): ProtectionApi {
    this.track('addEditor');
    this.mayChange();
    const email = emailOf(this.wb, emailAddress, 'addEditor');
    const editors = this.explicitEditors();
    if (!editors.includes(email) && !this.people.isOwner(email)) editors.push(email);
    this.wb.changed();
    return this;
  }

  addEditors(emailAddresses: string[]): ProtectionApi {
    this.track('addEditors');
    this.mayChange();
    if (!Array.isArray(emailAddresses))
      throw this.wb.realm.error("The parameters don't match the method signature for Protection.addEditors.");
    const editors = this.explicitEditors();
    for (const given of emailAddresses) {
      const email = emailOf(this.wb, given, 'addEditors');
      if (!editors.includes(email) && !this.people.isOwner(email)) editors.push(email);
    }
    this.wb.changed();
    return this;
  }

  /** Google: "Neither the owner of the spreadsheet nor the current user can be removed." */
  private drop(emails: string[]): void {
    const editors = this.explicitEditors();
    const keep = (e: string) => this.people.isOwner(e) || e === this.people.active || !emails.includes(e);
    this.model.editors = editors.filter(keep);
    this.wb.changed();
  }

  removeEditor(emailAddress: string): ProtectionApi {
    this.track('removeEditor');
    this.mayChange();
    this.drop([emailOf(this.wb, emailAddress, 'removeEditor')]);
    return this;
  }

  removeEditors(emailAddresses: string[]): ProtectionApi {
    this.track('removeEditors');
    this.mayChange();
    if (!Array.isArray(emailAddresses))
      throw this.wb.realm.error(
        "The parameters don't match the method signature for Protection.removeEditors.",
      );
    this.drop(emailAddresses.map((e) => emailOf(this.wb, e, 'removeEditors')));
    return this;
  }

  canDomainEdit(): boolean {
    this.track('canDomainEdit');
    if (!this.people.canEdit(this.model, this.people.active))
      throw this.wb.realm.error(NO_PERMISSION_MESSAGE);
    return this.people.domain !== null && (this.model.editors === null || this.model.domainEdit);
  }

  canEdit(): boolean {
    this.track('canEdit');
    return this.people.canEdit(this.model, this.people.active);
  }

  getDescription(): string {
    this.track('getDescription');
    return this.model.description;
  }

  /** Google: "Throws an exception if the user does not have permission to edit the protected range or sheet." */
  getEditors(): UserApi[] {
    this.track('getEditors');
    if (!this.people.canEdit(this.model, this.people.active))
      throw this.wb.realm.error(NO_PERMISSION_MESSAGE);
    return this.wb.realm.clone(this.people.editorsOf(this.model).map((e) => new EmulatedUser(e)));
  }

  getProtectionType(): GoogleAppsScript.Spreadsheet.ProtectionType {
    this.track('getProtectionType');
    return this.model.type as unknown as GoogleAppsScript.Spreadsheet.ProtectionType;
  }

  getRange(): RangeApi {
    this.track('getRange');
    const { sheet, box } = this.model;
    return new EmulatedRange(
      this.wb,
      sheet,
      box ?? { row: 1, col: 1, numRows: sheet.maxRows, numCols: sheet.maxColumns },
    );
  }

  getUnprotectedRanges(): RangeApi[] {
    this.track('getUnprotectedRanges');
    return this.wb.realm.clone(
      this.model.unprotected.map((b) => new EmulatedRange(this.wb, this.model.sheet, { ...b })),
    );
  }

  isWarningOnly(): boolean {
    this.track('isWarningOnly');
    return this.model.warningOnly;
  }

  remove(): void {
    this.track('remove');
    this.mayChange();
    this.people.remove(this.model);
    this.wb.changed();
  }

  setDescription(description: string): ProtectionApi {
    this.track('setDescription');
    this.mayChange();
    this.model.description = String(description);
    this.wb.changed();
    return this;
  }

  /**
   * Google: "Throws an exception if the spreadsheet does not belong to a Google Workspace domain": scripts ask
   * canDomainEdit() first, as Google's example does.
   */
  setDomainEdit(editable: boolean): ProtectionApi {
    this.track('setDomainEdit');
    this.mayChange();
    if (this.people.domain === null) {
      throw this.wb.realm.error(
        'Domain edit is only available for spreadsheets owned by a Google Workspace domain.',
      );
    }
    this.explicitEditors();
    this.model.domainEdit = editable === true;
    this.wb.changed();
    return this;
  }

  setUnprotectedRanges(ranges: RangeApi[]): ProtectionApi {
    this.track('setUnprotectedRanges');
    this.mayChange();
    if (this.model.type !== 'SHEET')
      throw this.wb.realm.error('Unprotected ranges can only be set on a protected sheet.');
    this.model.unprotected = ranges.map((r) => {
      if (!(r instanceof EmulatedRange) || r.sheetModel !== this.model.sheet) {
        throw this.wb.realm.error('The range must be on the protected sheet.');
      }
      return { ...r.box };
    });
    this.wb.changed();
    return this;
  }

  setWarningOnly(warningOnly: boolean): ProtectionApi {
    this.track('setWarningOnly');
    this.mayChange();
    this.model.warningOnly = warningOnly === true;
    this.wb.changed();
    return this;
  }
}
