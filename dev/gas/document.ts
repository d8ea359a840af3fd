// The document under every Apps Script call: its sheets (names compare without case, as in Sheets) over the
// formula engine, the custom functions in it, its size limits (a range must lie inside its sheet), and the count
// of every call the product made. Reading and writing cells build on it (reading.ts, writing.ts).
import { HyperFormula, type SimpleCellAddress } from 'hyperformula';
import { type Box, parseA1 } from './a1';
import { CallCounter } from './calls';
import { type CustomFunctionHost, CustomFunctions } from './custom-functions';
import { decimalComma } from './locale';
import { DocumentLock } from './lock';
import { People } from './people';
import { HOST_REALM, type Realm } from './realm';
import { DEFAULT_COLUMNS, DEFAULT_ROWS, SheetModel, type UiState } from './sheet-model';
import { Spills } from './spills';

export interface WorkbookOptions {
  id?: string;
  name?: string;
  customFunctions?: CustomFunctionHost;
  /** The spreadsheet's time zone (File > Settings): dates are midnight there. Etc/UTC by default. */
  timeZone?: string;
  /** The spreadsheet's locale (File > Settings), e.g. de_DE: formulas take its separators. en_US by default. */
  locale?: string;
}

/**
 * Where Google's documentation is silent the emulation takes the stricter reading; a test sets these to make it
 * behave the other way, as Warcard → Check this spreadsheet may find the real one does.
 */
export interface GoogleBehaviour {
  /** getValues gives back the apostrophe a script wrote before text in an Automatic cell. */
  keepsApostrophe?: boolean;
  /** A script's formulas take en_US separators whatever the locale (the locale's ";" is then a parse error). */
  englishFormulas?: boolean;
  /** RangeList.setValue refused by a protection writes nothing (the stricter reading writes up to the refusal). */
  rangeListAllOrNothing?: boolean;
  /** A script's write into a warning-only protected range is refused (the emulation lets it through). */
  warningStopsScripts?: boolean;
  /** getSheetValues' -1 reaches the sheet's last row, not the last row with data, as getDataRange does. */
  sheetValuesToMaxRows?: boolean;
}

export class SheetDocument {
  readonly hf: HyperFormula;
  id: string;
  name: string;
  timeZone: string;
  private localeName = 'en_US';
  private localeComma = false;
  /** Google's undocumented behaviour, where a test makes it differ from the stricter reading. */
  behaviour: GoogleBehaviour = {};
  /**
   * The manifest's scopes this user has not granted (granular consent): ScriptApp.getAuthorizationInfo says
   * REQUIRED with `url`, and requireAllScopes ends the execution with Google's prompt (counted in `prompts`).
   */
  readonly authorization = { missing: [] as string[], url: 'https://authorize.invalid/warcard', prompts: 0 };
  /** The sheet the user looks at (insertSheet makes the new one active); the first when unset. */
  activeSheet: SheetModel | undefined;
  readonly sheets: SheetModel[] = [];
  readonly properties = new Map<string, string>();
  /**
   * PropertiesService.getUserProperties(): one store per user of the script (by lower-case email), which only that
   * user's executions read ("only the current user can access, and only within this script"; a web app executing
   * as its deployer runs as the deployer, its effective user).
   */
  readonly userProperties = new Map<string, Map<string, string>>();
  readonly calls: CallCounter;
  readonly lock: DocumentLock;
  /** The owner, the people it is shared with, the active user and the protections (people.ts). */
  readonly people = new People();
  readonly ui: UiState = { menus: [], sidebar: null, dialog: null, alerts: [], toasts: [], version: 0 };
  readonly spills: Spills;
  /** The script's custom functions in the engine (absent without a script). */
  readonly custom: CustomFunctions | undefined;
  /** Matches a formula that calls one of the script's custom functions. */
  readonly customFunctionCall: RegExp | undefined;
  /** The realm of the script that calls the services (set by the loader; the host realm otherwise). */
  realm: Realm = HOST_REALM;
  /** The running execution (each `run` is one), for locks. */
  execution = 'main';
  /** True while a custom function runs: writes and UI are refused, as in Sheets. */
  inCustomFunction = false;
  /**
   * The script's web app (dev/gas/web-app.ts): its URL once a GM deployed it (null: not deployed), and whether
   * the running execution is one of its (doGet, or a page's google.script.run), executing as the owner.
   */
  readonly webApp = { url: null as string | null, running: false };
  private nextSheetId = 0;

  get locale(): string {
    return this.localeName;
  }

  set locale(locale: string) {
    this.localeName = locale;
    this.localeComma = decimalComma(locale);
  }

  /** Whether a script's formulas separate arguments with ";" (and write 1,5): a decimal-comma locale's. */
  get decimalComma(): boolean {
    return this.localeComma && !this.behaviour.englishFormulas;
  }

  constructor(options: WorkbookOptions = {}) {
    this.id = options.id ?? 'emulated-spreadsheet';
    this.name = options.name ?? 'Warcard campaign';
    this.timeZone = options.timeZone ?? 'Etc/UTC';
    this.locale = options.locale ?? 'en_US';
    this.calls = new CallCounter(() => this.id);
    this.lock = new DocumentLock(() => this.realm);
    this.spills = new Spills(
      () => this.hf,
      (id) => this.sheets.find((s) => s.hfId === id),
    );
    const plugins: unknown[] = [...HyperFormula.getAllFunctionPlugins()];
    const host = options.customFunctions;
    if (host && host.names.length > 0) {
      this.custom = new CustomFunctions(this, host);
      this.customFunctionCall = new RegExp(`\\b(${host.names.join('|')})\\s*\\(`, 'i');
      plugins.push(this.custom.plugin());
    }
    this.hf = HyperFormula.buildEmpty({
      licenseKey: 'gpl-v3',
      functionPlugins: plugins,
      dateFormats: ['MM/DD/YYYY', 'MM/DD/YY', 'YYYY-MM-DD'],
      timeFormats: ['hh:mm', 'hh:mm:ss'],
      maxRows: 200_000,
      undoLimit: 0,
    });
  }

  // ---- Sheets: names compare without case, as in Sheets.

  sheet(name: string): SheetModel | undefined {
    const key = String(name).toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === key);
  }

  sheetIds(): number[] {
    return this.sheets.map((s) => s.hfId);
  }

  /** The sheet, or an error naming the sheets there are (for tests and tools). */
  sheetOrThrow(name: string): SheetModel {
    const s = this.sheet(name);
    if (!s)
      throw new Error(`No sheet "${name}" (sheets: ${this.sheets.map((x) => x.name).join(', ') || 'none'})`);
    return s;
  }

  addSheet(name: string, size?: { rows?: number; columns?: number; sheetId?: number }): SheetModel {
    if (this.sheet(name)) {
      throw this.realm.error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    const hfName = this.hf.addSheet(name);
    const hfId = this.hf.getSheetId(hfName);
    if (hfId === undefined) throw new Error(`The formula engine lost the sheet "${hfName}" it just added`);
    const sheetId = size?.sheetId ?? (this.nextSheetId === 0 ? 0 : 100_000_000 + this.nextSheetId * 7919);
    this.nextSheetId++;
    const model = new SheetModel(
      hfId,
      name,
      sheetId,
      size?.rows ?? DEFAULT_ROWS,
      size?.columns ?? DEFAULT_COLUMNS,
    );
    this.sheets.push(model);
    this.spills.settle(); // formulas that named this sheet before it existed now compute
    this.changed();
    return model;
  }

  /** Removes a sheet: formulas that named it show #REF!. */
  removeSheet(model: SheetModel): void {
    this.hf.removeSheet(model.hfId);
    this.sheets.splice(this.sheets.indexOf(model), 1);
    if (this.activeSheet === model) this.activeSheet = undefined;
    this.spills.settle();
    this.changed();
  }

  /** Bumps the UI version (the playground reloads on change). */
  changed(): void {
    this.ui.version++;
  }

  // ---- Counting and faults: every Apps Script call goes through here.

  /** Counts a call the product made; throws an injected fault, or Sheets' refusal inside a custom function. */
  track(method: string, sheet: string, a1?: string, className = 'Range'): void {
    const fault = this.calls.record(method, sheet, a1);
    if (this.inCustomFunction && this.calls.log.at(-1)?.kind === 'write') {
      throw this.realm.error(
        `You do not have permission to call ${className}.${method}. Custom functions may only read.`,
      );
    }
    if (fault !== undefined) throw this.realm.error(fault);
  }

  // ---- Bounds

  /** Checks that the box lies inside the sheet, as Google does for every range a script makes or writes. */
  fit(model: SheetModel, box: Box): void {
    if (box.numRows < 1) throw this.realm.error('The number of rows in the range must be at least 1.');
    if (box.numCols < 1) throw this.realm.error('The number of columns in the range must be at least 1.');
    if (box.row < 1 || box.col < 1) {
      throw this.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
    }
    const lastRow = box.row + box.numRows - 1;
    const lastCol = box.col + box.numCols - 1;
    if (lastRow <= model.maxRows && lastCol <= model.maxColumns) return;
    throw this.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
  }

  /** A range from A1 notation on a sheet, or Google's "Range not found". */
  boxOf(model: SheetModel, a1: string): Box {
    const box = parseA1(a1, model.maxRows, model.maxColumns);
    if (!box || (box.sheet !== undefined && box.sheet.toLowerCase() !== model.name.toLowerCase()))
      throw this.realm.error('Range not found');
    return { row: box.row, col: box.col, numRows: box.numRows, numCols: box.numCols };
  }

  address(model: SheetModel, row0: number, col0: number): SimpleCellAddress {
    return { sheet: model.hfId, row: row0, col: col0 };
  }

  maxRowsOf(sheetName: string): number {
    return this.sheet(sheetName)?.maxRows ?? DEFAULT_ROWS;
  }

  /** Runs an engine change, then lets arrays take their real size and blocked arrays spill again. */
  apply(change: () => unknown): void {
    const result = this.hf.batch(change);
    this.spills.noteBlocked(result);
    this.spills.settle();
    this.changed();
  }

  protected grid<T>(box: Box, f: (row0: number, col0: number) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < box.numRows; r++) {
      const row: T[] = [];
      for (let c = 0; c < box.numCols; c++) row.push(f(box.row - 1 + r, box.col - 1 + c));
      out.push(row);
    }
    return out;
  }
}
