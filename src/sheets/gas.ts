// The part of Google's services the product uses, as interfaces. The accessors at the bottom assign Google's
// own objects (typed by @types/google-apps-script) to these interfaces, so the type check proves every
// signature here matches Google's; the dev emulation (dev/gas) implements the same interfaces, so a wrong
// signature there fails the type check too. Add a method here before using it anywhere.

export interface RangeApi {
  getValues(): unknown[][];
  setValues(values: unknown[][]): RangeApi;
  getDisplayValues(): string[][];
  getFormulas(): string[][];
  setFormula(formula: string): RangeApi;
  setFormulas(formulas: string[][]): RangeApi;
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
  getA1Notation(): string;
  getSheet(): SheetApi;
  getDataValidations(): (DataValidationApi | null)[][];
  setDataValidation(rule: DataValidationApi | null): RangeApi;
  setDataValidations(rules: (DataValidationApi | null)[][]): RangeApi;
  getNumberFormats(): string[][];
  setNumberFormat(numberFormat: string): RangeApi;
  setNumberFormats(numberFormats: string[][]): RangeApi;
  setFontWeight(fontWeight: string | null): RangeApi;
  setBackground(color: string | null): RangeApi;
  setNote(note: string | null): RangeApi;
  /** One note a cell (an empty string or null: none), the range's shape exactly. */
  setNotes(notes: (string | null)[][]): RangeApi;
  /** The note of the range's first cell ('' when it has none). */
  getNote(): string;
  getNotes(): string[][];
  clearContent(): RangeApi;
  /** Whether the active user may edit every cell of the range (the owner always may). */
  canEdit(): boolean;
  protect(): ProtectionApi;
  /** Sorts the range's rows by a column (its number in the sheet), values and formulas moving with their rows. */
  sort(sortSpecObj: { column: number; ascending: boolean }): RangeApi;
}

/** Several ranges of one sheet written by one call (a battle's scattered losses with the same value). */
export interface RangeListApi {
  getRanges(): RangeApi[];
  setValue(value: unknown): RangeListApi;
}

export interface SheetApi {
  getName(): string;
  getSheetId(): number;
  getRange(a1Notation: string): RangeApi;
  getRange(row: number, column: number, numRows?: number, numColumns?: number): RangeApi;
  getDataRange(): RangeApi;
  getSheetValues(startRow: number, startColumn: number, numRows: number, numColumns: number): unknown[][];
  getRangeList(a1Notations: string[]): RangeListApi;
  getLastRow(): number;
  getLastColumn(): number;
  getMaxRows(): number;
  getMaxColumns(): number;
  insertRowsAfter(afterPosition: number, howMany: number): SheetApi;
  deleteRows(rowPosition: number, howMany: number): void;
  insertColumnsAfter(afterPosition: number, howMany: number): SheetApi;
  getFrozenRows(): number;
  setFrozenRows(rows: number): void;
  activate(): SheetApi;
  getConditionalFormatRules(): ConditionalFormatRuleApi[];
  setConditionalFormatRules(rules: ConditionalFormatRuleApi[]): void;
  setColumnWidth(columnPosition: number, width: number): SheetApi;
  protect(): ProtectionApi;
  getProtections(type: GoogleAppsScript.Spreadsheet.ProtectionType): ProtectionApi[];
}

export interface SpreadsheetApi {
  getId(): string;
  getName(): string;
  getSpreadsheetTimeZone(): string;
  getSpreadsheetLocale(): string;
  getSheets(): SheetApi[];
  getSheetByName(name: string): SheetApi | null;
  insertSheet(sheetName: string): SheetApi;
  deleteSheet(sheet: SheetApi): void;
  getActiveSheet(): SheetApi;
  setActiveSheet(sheet: SheetApi): SheetApi;
  toast(msg: string, title: string, timeoutSeconds?: number): void;
  getProtections(type: GoogleAppsScript.Spreadsheet.ProtectionType): ProtectionApi[];
  /** The file's owner (Google: null for a file in a shared drive). */
  getOwner(): UserApi | null;
}

/** A person as Session gives them: the email is "" where Google does not give it to the script. */
export interface UserApi {
  getEmail(): string;
}

/** A protected range or sheet (Range.protect, Sheet.protect, getProtections). */
export interface ProtectionApi {
  addEditor(emailAddress: string): ProtectionApi;
  addEditors(emailAddresses: string[]): ProtectionApi;
  removeEditor(emailAddress: string): ProtectionApi;
  removeEditors(emailAddresses: string[]): ProtectionApi;
  canDomainEdit(): boolean;
  canEdit(): boolean;
  getDescription(): string;
  getEditors(): UserApi[];
  getProtectionType(): GoogleAppsScript.Spreadsheet.ProtectionType;
  getRange(): RangeApi;
  getUnprotectedRanges(): RangeApi[];
  isWarningOnly(): boolean;
  remove(): void;
  setDescription(description: string): ProtectionApi;
  setDomainEdit(editable: boolean): ProtectionApi;
  setUnprotectedRanges(ranges: RangeApi[]): ProtectionApi;
  setWarningOnly(warningOnly: boolean): ProtectionApi;
}

export interface DataValidationApi {
  getCriteriaType(): GoogleAppsScript.Spreadsheet.DataValidationCriteria;
  getCriteriaValues(): unknown[];
  getHelpText(): string | null;
  getAllowInvalid(): boolean;
}

export interface DataValidationBuilderApi {
  requireCheckbox(): DataValidationBuilderApi;
  requireValueInList(values: string[], showDropdown?: boolean): DataValidationBuilderApi;
  requireNumberBetween(start: number, end: number): DataValidationBuilderApi;
  requireNumberGreaterThanOrEqualTo(number: number): DataValidationBuilderApi;
  requireFormulaSatisfied(formula: string): DataValidationBuilderApi;
  setAllowInvalid(allowInvalidData: boolean): DataValidationBuilderApi;
  setHelpText(helpText: string): DataValidationBuilderApi;
  build(): DataValidationApi;
}

export interface BooleanConditionApi {
  getCriteriaType(): GoogleAppsScript.Spreadsheet.BooleanCriteria;
  getCriteriaValues(): unknown[];
}

export interface ConditionalFormatRuleApi {
  getRanges(): RangeApi[];
  getBooleanCondition(): BooleanConditionApi | null;
}

export interface ConditionalFormatRuleBuilderApi {
  whenFormulaSatisfied(formula: string): ConditionalFormatRuleBuilderApi;
  setBackground(color: string | null): ConditionalFormatRuleBuilderApi;
  setFontColor(color: string | null): ConditionalFormatRuleBuilderApi;
  setRanges(ranges: RangeApi[]): ConditionalFormatRuleBuilderApi;
  build(): ConditionalFormatRuleApi;
}

export interface MenuApi {
  addItem(caption: string, functionName: string): MenuApi;
  addSeparator(): MenuApi;
  addToUi(): void;
}

export interface HtmlOutputApi {
  getContent(): string;
  setContent(content: string): HtmlOutputApi;
  setTitle(title: string): HtmlOutputApi;
  setWidth(width: number): HtmlOutputApi;
  setHeight(height: number): HtmlOutputApi;
  /** A web app's page: Google serves it in its own frame, so its viewport is set here, not in its content. */
  addMetaTag(name: string, content: string): HtmlOutputApi;
}

export interface UiApi {
  createMenu(caption: string): MenuApi;
  showSidebar(userInterface: HtmlOutputApi): void;
  showModalDialog(userInterface: HtmlOutputApi, title: string): void;
  alert(prompt: string): GoogleAppsScript.Base.Button;
  alert(
    title: string,
    prompt: string,
    buttons: GoogleAppsScript.Base.ButtonSet,
  ): GoogleAppsScript.Base.Button;
  readonly Button: typeof GoogleAppsScript.Base.Button;
  readonly ButtonSet: typeof GoogleAppsScript.Base.ButtonSet;
}

export interface SpreadsheetAppApi {
  getActiveSpreadsheet(): SpreadsheetApi;
  /** Needs the full `spreadsheets` scope: a web app, which has no active spreadsheet, opens its own by id. */
  openById(id: string): SpreadsheetApi;
  getUi(): UiApi;
  newDataValidation(): DataValidationBuilderApi;
  newConditionalFormatRule(): ConditionalFormatRuleBuilderApi;
  flush(): void;
  DataValidationCriteria: typeof GoogleAppsScript.Spreadsheet.DataValidationCriteria;
  ProtectionType: typeof GoogleAppsScript.Spreadsheet.ProtectionType;
}

export interface HtmlServiceApi {
  createHtmlOutput(html?: string): HtmlOutputApi;
  createHtmlOutputFromFile(filename: string): HtmlOutputApi;
}

export interface LockApi {
  tryLock(timeoutInMillis: number): boolean;
  waitLock(timeoutInMillis: number): void;
  releaseLock(): void;
  hasLock(): boolean;
}

export interface LockServiceApi {
  getDocumentLock(): LockApi | null;
  /** One lock for every execution of the script: a web app's too, which has no document lock. */
  getScriptLock(): LockApi;
}

export interface PropertiesApi {
  getProperty(key: string): string | null;
  getProperties(): Record<string, string>;
  setProperty(key: string, value: string): PropertiesApi;
  deleteProperty(key: string): PropertiesApi;
}

export interface UtilitiesApi {
  formatDate(date: Date, timeZone: string, format: string): string;
  /** Signed bytes (-128 to 127), as Java gives them. */
  computeDigest(
    algorithm: GoogleAppsScript.Utilities.DigestAlgorithm,
    value: string,
    charset: GoogleAppsScript.Utilities.Charset,
  ): number[];
  /** A random UUID: the server's source of random bits (salts, logged dice). */
  getUuid(): string;
  readonly DigestAlgorithm: typeof GoogleAppsScript.Utilities.DigestAlgorithm;
  readonly Charset: typeof GoogleAppsScript.Utilities.Charset;
}

export interface SessionApi {
  /** The person who clicked; getEmail() may be "" (Google gives no email in some settings). */
  getActiveUser(): UserApi;
  getEffectiveUser(): UserApi;
  getScriptTimeZone(): string;
}

export interface AuthorizationInfoApi {
  getAuthorizationStatus(): GoogleAppsScript.Script.AuthorizationStatus;
  getAuthorizationUrl(): string | null;
}

export interface ScriptAppApi {
  AuthMode: typeof GoogleAppsScript.Script.AuthMode;
  AuthorizationStatus: typeof GoogleAppsScript.Script.AuthorizationStatus;
  getAuthorizationInfo(authMode: GoogleAppsScript.Script.AuthMode): AuthorizationInfoApi;
  requireAllScopes(authMode: GoogleAppsScript.Script.AuthMode): void;
  /** The web app: its URL once deployed (null before). */
  getService(): { getUrl(): string | null; isEnabled(): boolean };
}

export interface PropertiesServiceApi {
  getDocumentProperties(): PropertiesApi;
  /** The store of the user the execution runs as (a web app executing as its deployer: the deployer's). */
  getUserProperties(): PropertiesApi;
}

// The accessors: Google's objects, checked against the interfaces above by the assignment.
export const spreadsheetApp = (): SpreadsheetAppApi => SpreadsheetApp;
export const htmlService = (): HtmlServiceApi => HtmlService;
export const lockService = (): LockServiceApi => LockService;
export const propertiesService = (): PropertiesServiceApi => PropertiesService;
export const utilities = (): UtilitiesApi => Utilities;
export const session = (): SessionApi => Session;
export const scriptApp = (): ScriptAppApi => ScriptApp;
