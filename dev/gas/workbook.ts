// One spreadsheet document over HyperFormula: sheets with values and formulas (recalculated, arrays spilled),
// each sheet's size, frozen rows and per-cell formats, notes and validations, document properties, the
// document lock, the UI a script opened, and a count of every call the product made. The Apps Script objects
// (Spreadsheet, Sheet, Range) in spreadsheet.ts are views over this; tests and the playground use it directly
// (uncounted).
import {
  ArraySize,
  CellError,
  DetailedCellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type RawCellContent,
  type SimpleCellAddress,
  SimpleRangeValue,
} from 'hyperformula';
import { type Box, boxA1, cellA1, fromEngineFormula, parseA1, shiftFormula, toEngineFormula } from './a1';
import { CallCounter } from './calls';
import {
  DEFAULT_NUMBER_FORMAT,
  dateToSerial,
  displayValue,
  isDateFormat,
  isDateLike,
  serialToDate,
} from './format';
import { HOST_REALM, messageOf, type Realm } from './realm';
import type { ConditionalRuleSpec, ValidationSpec } from './validation';

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;

/** What a cell carries besides its content. */
export interface CellMeta {
  numberFormat?: string;
  fontWeight?: string;
  background?: string;
  note?: string;
  validation?: ValidationSpec;
  /** The formula had open ranges (A1:V): translated for the engine, shown open, translated again on growth. */
  open?: boolean;
}

export class SheetModel {
  /** row (0-based) -> col (0-based) -> meta */
  readonly meta = new Map<number, Map<number, CellMeta>>();
  frozenRows = 0;
  readonly columnWidths = new Map<number, number>();
  conditionalRules: ConditionalRuleSpec[] = [];

  constructor(
    readonly hfId: number,
    public name: string,
    readonly sheetId: number,
    public maxRows = DEFAULT_ROWS,
    public maxColumns = DEFAULT_COLUMNS,
  ) {}

  metaAt(row0: number, col0: number): CellMeta | undefined {
    return this.meta.get(row0)?.get(col0);
  }

  /** Changes a cell's meta; an emptied meta is dropped. */
  editMeta(row0: number, col0: number, edit: (m: CellMeta) => void): void {
    let row = this.meta.get(row0);
    const m: CellMeta = { ...row?.get(col0) };
    edit(m);
    for (const k of Object.keys(m) as (keyof CellMeta)[]) if (m[k] === undefined) delete m[k];
    if (Object.keys(m).length === 0) {
      row?.delete(col0);
      if (row?.size === 0) this.meta.delete(row0);
      return;
    }
    if (!row) {
      row = new Map();
      this.meta.set(row0, row);
    }
    row.set(col0, m);
  }

  *metas(): Generator<[number, number, CellMeta]> {
    for (const [r, cols] of this.meta) for (const [c, m] of cols) yield [r, c, m];
  }
}

export interface MenuRecord {
  caption: string;
  items: ({ caption: string; functionName: string } | { separator: true })[];
}

export interface HtmlRecord {
  content: string;
  title: string;
  width?: number;
  height?: number;
}

/** What the scripts showed the user: menus, sidebar, dialog, alerts, toasts (the playground displays them). */
export interface UiState {
  menus: MenuRecord[];
  sidebar: HtmlRecord | null;
  dialog: HtmlRecord | null;
  alerts: string[];
  toasts: { message: string; title: string; timeoutSeconds?: number }[];
  /** Bumped on every change, so a viewer knows when to look again. */
  version: number;
}

/** The custom functions a workbook's engine can call (registered from Code.js's @customfunction JSDoc). */
export interface CustomFunctionHost {
  /** Function names as Sheets sees them (upper case). */
  readonly names: readonly string[];
  /** Calls one with arguments as Sheets passes them; returns its result or throws. */
  call(name: string, args: unknown[]): unknown;
}

// ---- The document lock (LockService.getDocumentLock): one per workbook, shared by every execution.

export class DocumentLock {
  owner: string | null = null;
  /**
   * Called when an execution waits for the lock another holds (tryLock/waitLock with contention), with the
   * waiter and its timeout; a test can release the other holder here to simulate it finishing in time.
   */
  onContention?: (waiter: string, timeoutInMillis: number) => void;

  constructor(private readonly realm: () => Realm) {}

  /** A Lock object as `LockService.getDocumentLock()` returns it to the given execution. */
  forExecution(execution: string) {
    const doc = this;
    return {
      tryLock(timeoutInMillis: number): boolean {
        if (doc.owner === null || doc.owner === execution) {
          doc.owner = execution;
          return true;
        }
        doc.onContention?.(execution, timeoutInMillis);
        if (doc.owner === null) {
          doc.owner = execution;
          return true;
        }
        return false;
      },
      waitLock(timeoutInMillis: number): void {
        if (!this.tryLock(timeoutInMillis)) {
          throw doc.realm().error('Lock timeout: another process was holding the lock for too long.');
        }
      },
      releaseLock(): void {
        if (doc.owner === execution) doc.owner = null;
      },
      hasLock(): boolean {
        return doc.owner === execution;
      },
    };
  }

  /** Apps Script releases an execution's locks when it ends. */
  releaseAll(execution: string): void {
    if (this.owner === execution) this.owner = null;
  }
}

// ---- Values between Sheets' shape and HyperFormula's.

/** Errors as Sheets shows them: HyperFormula's #SPILL! and #CYCLE! are #REF! there. */
const ERROR_TEXT: Record<string, string> = {
  DIV_BY_ZERO: '#DIV/0!',
  NA: '#N/A',
  NAME: '#NAME?',
  NUM: '#NUM!',
  REF: '#REF!',
  VALUE: '#VALUE!',
  CYCLE: '#REF!',
  ERROR: '#ERROR!',
  LIC: '#ERROR!',
  SPILL: '#REF!',
};

export const errorText = (e: { type: string }): string => ERROR_TEXT[e.type] ?? '#ERROR!';

const sameAddress = (a: SimpleCellAddress) => `${a.sheet}:${a.row}:${a.col}`;

/** A value inside the engine (InterpreterValue) as Sheets passes it to a custom function. */
function fromInterpreter(v: unknown): unknown {
  if (v === EmptyValue || v === null || v === undefined) return '';
  if (v instanceof CellError) return errorText(v);
  if (typeof v === 'object' && 'val' in (v as object)) {
    const n = (v as { val: number }).val;
    return /Date|Time/.test((v as object).constructor.name) ? serialToDate(n) : n;
  }
  return v;
}

/** A custom function's result cell as the engine takes it. */
function toInterpreter(v: unknown): unknown {
  if (v === null || v === undefined) return EmptyValue;
  if (typeof v === 'number') return Number.isFinite(v) ? v : new CellError(ErrorType.NUM);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (isDateLike(v)) return dateToSerial(v);
  return new CellError(ErrorType.VALUE, `The function returned an unsupported value: ${String(v)}`);
}

export const SNAPSHOT_FORMAT = 'warcard-gas-workbook/1';

/** A cell in a snapshot: its value as typed (v) or its formula (f), and what it carries. */
export interface CellSnapshot {
  v?: string | number | boolean;
  f?: string;
  numberFormat?: string;
  fontWeight?: string;
  background?: string;
  note?: string;
  validation?: ValidationSpec;
}

export interface SheetSnapshot {
  name: string;
  sheetId: number;
  maxRows: number;
  maxColumns: number;
  frozenRows: number;
  columnWidths: Record<string, number>;
  conditionalRules: ConditionalRuleSpec[];
  /** By A1 address: a cell ("B2"), or a range whose cells are all alike ("D2:D1000"). */
  cells: Record<string, CellSnapshot>;
}

/** A whole workbook as JSON: values, formulas, formats, validations, sizes, document properties. */
export interface WorkbookSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  id: string;
  name: string;
  properties: Record<string, string>;
  sheets: SheetSnapshot[];
}

export interface WorkbookOptions {
  id?: string;
  name?: string;
  customFunctions?: CustomFunctionHost;
  /**
   * Google throws when a range reaches past the sheet's last row or column ("The coordinates of the range are
   * outside the dimensions of the sheet."). By default the emulation grows the sheet instead; set this to
   * hold the product to Google's rule.
   */
  strictBounds?: boolean;
}

export class Workbook {
  readonly hf: HyperFormula;
  id: string;
  name: string;
  readonly sheets: SheetModel[] = [];
  readonly properties = new Map<string, string>();
  readonly calls: CallCounter;
  readonly lock: DocumentLock;
  readonly ui: UiState = { menus: [], sidebar: null, dialog: null, alerts: [], toasts: [], version: 0 };
  strictBounds: boolean;
  /** The realm of the script that calls the services (set by the loader; the host realm otherwise). */
  realm: Realm = HOST_REALM;
  /** The running execution (each `run` is one), for locks. */
  execution = 'main';
  /** True while a custom function runs: writes and UI are refused, as in Sheets. */
  inCustomFunction = false;
  /** The last error message of each formula cell that threw (by "Sheet!A1"). */
  private nextSheetId = 0;
  private readonly sizes = new Map<string, { width: number; height: number }>();
  private readonly resize = new Set<string>();
  private readonly spillBlocked = new Set<string>();
  private readonly functions: CustomFunctionHost | undefined;

  constructor(options: WorkbookOptions = {}) {
    this.id = options.id ?? 'emulated-spreadsheet';
    this.name = options.name ?? 'Warcard campaign';
    this.strictBounds = options.strictBounds ?? false;
    this.functions = options.customFunctions;
    this.calls = new CallCounter(() => this.id);
    this.lock = new DocumentLock(() => this.realm);
    const plugins: unknown[] = [...HyperFormula.getAllFunctionPlugins()];
    if (this.functions && this.functions.names.length > 0)
      plugins.push(this.customFunctionPlugin(this.functions));
    this.hf = HyperFormula.buildEmpty({
      licenseKey: 'gpl-v3',
      functionPlugins: plugins,
      dateFormats: ['MM/DD/YYYY', 'MM/DD/YY', 'YYYY-MM-DD'],
      timeFormats: ['hh:mm', 'hh:mm:ss'],
      maxRows: 200_000,
      undoLimit: 0,
    });
  }

  // ---- Sheets

  sheet(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
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
    const sheetId = size?.sheetId ?? (this.nextSheetId === 0 ? 0 : 100_000_000 + this.nextSheetId * 7919);
    this.nextSheetId++;
    const model = new SheetModel(
      this.hf.getSheetId(hfName)!,
      name,
      sheetId,
      size?.rows ?? DEFAULT_ROWS,
      size?.columns ?? DEFAULT_COLUMNS,
    );
    this.sheets.push(model);
    this.settle(); // formulas that named this sheet before it existed now compute
    this.changed();
    return model;
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

  /** Checks or grows the sheet so the box fits (Google throws; by default the emulation grows). */
  fit(model: SheetModel, box: Box, grow: boolean): void {
    if (box.numRows < 1) throw this.realm.error('The number of rows in the range must be at least 1.');
    if (box.numCols < 1) throw this.realm.error('The number of columns in the range must be at least 1.');
    if (box.row < 1 || box.col < 1) {
      throw this.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
    }
    const lastRow = box.row + box.numRows - 1;
    const lastCol = box.col + box.numCols - 1;
    if (lastRow <= model.maxRows && lastCol <= model.maxColumns) return;
    if (this.strictBounds || !grow) {
      if (this.strictBounds) {
        throw this.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
      }
      return;
    }
    this.reshape(() => {
      model.maxRows = Math.max(model.maxRows, lastRow);
      model.maxColumns = Math.max(model.maxColumns, lastCol);
    });
  }

  /** A range from A1 notation on a sheet, or Google's "Range not found". */
  boxOf(model: SheetModel, a1: string): Box {
    const box = parseA1(a1, model.maxRows, model.maxColumns);
    if (!box || (box.sheet !== undefined && box.sheet !== model.name))
      throw this.realm.error('Range not found');
    return { row: box.row, col: box.col, numRows: box.numRows, numCols: box.numCols };
  }

  // ---- Reading

  private address(model: SheetModel, row0: number, col0: number): SimpleCellAddress {
    return { sheet: model.hfId, row: row0, col: col0 };
  }

  /** The engine's raw values of a box (null for blank). */
  private raw(model: SheetModel, box: Box): unknown[][] {
    return this.hf.getRangeValues({
      start: this.address(model, box.row - 1, box.col - 1),
      end: this.address(model, box.row + box.numRows - 2, box.col + box.numCols - 2),
    });
  }

  /** Whether a cell's number shows as a date: its format says so, or it was typed as one. */
  private isDate(model: SheetModel, row0: number, col0: number): boolean {
    const format = model.metaAt(row0, col0)?.numberFormat;
    if (format) return isDateFormat(format);
    const type = this.hf.getCellValueDetailedType(this.address(model, row0, col0));
    return type === 'NUMBER_DATE' || type === 'NUMBER_DATETIME' || type === 'NUMBER_TIME';
  }

  /** Values as getValues gives them: numbers, booleans, strings ("" blank), Dates, errors as text. */
  values(model: SheetModel, box: Box): unknown[][] {
    const raw = this.raw(model, box);
    return raw.map((row, r) =>
      row.map((v, c) => {
        if (v === null || v === undefined) return '';
        if (v instanceof DetailedCellError) return errorText(v);
        if (typeof v === 'number' && this.isDate(model, box.row - 1 + r, box.col - 1 + c)) {
          return serialToDate(v);
        }
        return v;
      }),
    );
  }

  /** The number format a cell shows with: its own, or the one its typed value implied, or the default. */
  numberFormat(model: SheetModel, row0: number, col0: number): string {
    const own = model.metaAt(row0, col0)?.numberFormat;
    if (own) return own;
    switch (this.hf.getCellValueDetailedType(this.address(model, row0, col0))) {
      case 'NUMBER_PERCENT':
        return '0.00%';
      case 'NUMBER_CURRENCY':
        return '"$"#,##0.00';
      case 'NUMBER_DATE':
        return 'M/d/yyyy';
      case 'NUMBER_DATETIME':
        return 'M/d/yyyy H:mm:ss';
      case 'NUMBER_TIME':
        return 'h:mm:ss am/pm';
      default:
        return DEFAULT_NUMBER_FORMAT;
    }
  }

  numberFormats(model: SheetModel, box: Box): string[][] {
    return this.grid(box, (r, c) => this.numberFormat(model, r, c));
  }

  displayValues(model: SheetModel, box: Box): string[][] {
    const values = this.values(model, box);
    return values.map((row, r) =>
      row.map((v, c) => displayValue(v, this.numberFormat(model, box.row - 1 + r, box.col - 1 + c))),
    );
  }

  /** Formulas as getFormulas gives them ("" for a value or a spilled cell), open ranges shown open. */
  formulas(model: SheetModel, box: Box): string[][] {
    return this.grid(box, (r, c) => this.formulaAt(model, r, c));
  }

  formulaAt(model: SheetModel, row0: number, col0: number): string {
    const addr = this.address(model, row0, col0);
    if (!this.hf.doesCellHaveFormula(addr)) return '';
    const text = this.hf.getCellFormula(addr) ?? '';
    if (!model.metaAt(row0, col0)?.open) return text;
    return fromEngineFormula(text, (sheet, row) => row === this.maxRowsOf(sheet ?? model.name));
  }

  private grid<T>(box: Box, f: (row0: number, col0: number) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < box.numRows; r++) {
      const row: T[] = [];
      for (let c = 0; c < box.numCols; c++) row.push(f(box.row - 1 + r, box.col - 1 + c));
      out.push(row);
    }
    return out;
  }

  /** The last row (1-based) holding content, values or spilled results; 0 for an empty sheet. */
  lastRow(model: SheetModel): number {
    const values = this.hf.getSheetValues(model.hfId);
    for (let r = values.length - 1; r >= 0; r--) {
      if (values[r]!.some((v) => v !== null && v !== undefined)) return r + 1;
    }
    return 0;
  }

  lastColumn(model: SheetModel): number {
    let last = 0;
    for (const row of this.hf.getSheetValues(model.hfId)) {
      for (let c = row.length - 1; c >= last; c--) {
        if (row[c] !== null && row[c] !== undefined) {
          last = c + 1;
          break;
        }
      }
    }
    return last;
  }

  /** The message of the error a cell shows (a custom function's thrown Error), or undefined. */
  errorMessage(model: SheetModel, row0: number, col0: number): string | undefined {
    const v = this.hf.getCellValue(this.address(model, row0, col0));
    if (!(v instanceof DetailedCellError)) return undefined;
    if (v.type === ErrorType.SPILL) {
      return 'Array result was not expanded because it would overwrite data.';
    }
    if (v.type === ErrorType.CYCLE) return 'Circular dependency detected.';
    return v.message || undefined;
  }

  // ---- Writing

  /** What the engine stores for a value written by setValues (or typed): Sheets' parsing of text included. */
  private content(model: SheetModel, row0: number, col0: number, value: unknown): RawCellContent {
    const meta = model.metaAt(row0, col0);
    if (value === null || value === undefined || value === '') {
      return meta?.validation?.criteria === 'CHECKBOX' ? false : null;
    }
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : value;
    if (isDateLike(value)) {
      const d = value;
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
    }
    const text = String(value);
    if (meta?.numberFormat === '@') return `'${text}`;
    if (text.startsWith('=') && text.length > 1) return this.engineFormula(model, row0, col0, text);
    return text;
  }

  /** Translates a formula for the engine and marks the cell when it had open ranges. */
  private engineFormula(model: SheetModel, row0: number, col0: number, formula: string): string {
    const { text, open } = toEngineFormula(formula, (sheet) => this.maxRowsOf(sheet ?? model.name));
    model.editMeta(row0, col0, (m) => {
      m.open = open || undefined;
    });
    return text;
  }

  maxRowsOf(sheetName: string): number {
    return this.sheet(sheetName)?.maxRows ?? DEFAULT_ROWS;
  }

  /** setValues: one value per cell ("=..." text is a formula, as in Sheets). */
  write(model: SheetModel, box: Box, values: unknown[][]): void {
    this.fit(model, box, true);
    // Array.from makes host arrays: the script's arrays are of another realm, which the engine does not take.
    const contents = Array.from(values, (row, r) =>
      Array.from(row, (v, c) => {
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        model.editMeta(row0, col0, (m) => {
          m.open = undefined;
        });
        return this.content(model, row0, col0, v);
      }),
    );
    this.apply(() => this.hf.setCellContents(this.address(model, box.row - 1, box.col - 1), contents));
  }

  /** setFormula on a range: the formula in every cell, its relative references moved as a fill would. */
  writeFormula(model: SheetModel, box: Box, formula: string): void {
    const formulas = this.grid(box, (r, c) => shiftFormula(formula, r - (box.row - 1), c - (box.col - 1)));
    this.writeFormulas(model, box, formulas);
  }

  writeFormulas(model: SheetModel, box: Box, formulas: string[][]): void {
    this.fit(model, box, true);
    const contents = Array.from(formulas, (row, r) =>
      Array.from(row, (f, c) => {
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        model.editMeta(row0, col0, (m) => {
          m.open = undefined;
        });
        if (f === '' || f === null || f === undefined) return this.content(model, row0, col0, '');
        const text = String(f);
        return this.engineFormula(model, row0, col0, text.startsWith('=') ? text : `=${text}`);
      }),
    );
    this.apply(() => this.hf.setCellContents(this.address(model, box.row - 1, box.col - 1), contents));
  }

  /** clearContent: values and formulas go, formats and validations stay (a checkbox is unticked). */
  clear(model: SheetModel, box: Box): void {
    this.write(
      model,
      box,
      this.grid(box, () => ''),
    );
  }

  /** Sets meta on every cell of a box (one value, or one per cell). */
  setMeta<K extends keyof CellMeta>(
    model: SheetModel,
    box: Box,
    key: K,
    value: CellMeta[K] | CellMeta[K][][],
  ): void {
    this.fit(model, box, true);
    const perCell = Array.isArray(value) && Array.isArray(value[0]);
    const checkboxes: [number, number][] = [];
    for (let r = 0; r < box.numRows; r++) {
      for (let c = 0; c < box.numCols; c++) {
        const v = (perCell ? (value as CellMeta[K][][])[r]![c] : value) as CellMeta[K];
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        model.editMeta(row0, col0, (m) => {
          m[key] = v === null ? undefined : v;
        });
        if (key === 'validation' && (v as ValidationSpec | undefined)?.criteria === 'CHECKBOX') {
          checkboxes.push([row0, col0]);
        }
      }
    }
    // A blank cell made a checkbox reads FALSE, as in Sheets. One write per run down a column: the engine's
    // cost is per call.
    const blanks = checkboxes.filter(([r, c]) => this.hf.isCellEmpty(this.address(model, r, c)));
    if (blanks.length > 0) {
      blanks.sort(([r1, c1], [r2, c2]) => c1 - c2 || r1 - r2);
      const runs: [number, number, number][] = [];
      for (const [r, c] of blanks) {
        const last = runs.at(-1);
        if (last && last[1] === c && last[0] + last[2] === r) last[2]++;
        else runs.push([r, c, 1]);
      }
      this.apply(() => {
        for (const [r, c, n] of runs) {
          this.hf.setCellContents(
            this.address(model, r, c),
            Array.from({ length: n }, () => [false]),
          );
        }
      });
    }
    this.changed();
  }

  /** Runs an engine change, then lets arrays take their real size and blocked arrays spill again. */
  private apply(change: () => unknown): void {
    const result = this.hf.batch(change as () => void);
    this.noteSpills(result);
    this.settle();
    this.changed();
  }

  private noteSpills(changes: unknown): void {
    if (!Array.isArray(changes)) return;
    for (const ch of changes) {
      const v = (ch as { newValue?: unknown }).newValue;
      const a = (ch as { address?: SimpleCellAddress }).address;
      if (a && v instanceof DetailedCellError && v.type === ErrorType.SPILL)
        this.spillBlocked.add(sameAddress(a));
    }
  }

  /** Sets again the formulas whose array size changed, and those that could not spill, until all is stable. */
  settle(): void {
    for (let round = 0; round < 8; round++) {
      const again = new Set([...this.resize, ...this.spillBlocked]);
      this.resize.clear();
      this.spillBlocked.clear();
      if (again.size === 0) return;
      const changes = this.hf.batch(() => {
        for (const key of again) {
          const [sheet, row, col] = key.split(':').map(Number) as [number, number, number];
          const addr = { sheet, row, col };
          if (this.hf.getSheetName(sheet) === undefined || !this.hf.doesCellHaveFormula(addr)) continue;
          this.hf.setCellContents(addr, this.hf.getCellFormula(addr)!);
        }
      });
      // Those still blocked wait for the next change.
      const blocked = new Set<string>();
      for (const ch of changes) {
        const v = (ch as { newValue?: unknown }).newValue;
        const a = (ch as { address?: SimpleCellAddress }).address;
        if (a && v instanceof DetailedCellError && v.type === ErrorType.SPILL) blocked.add(sameAddress(a));
      }
      if (this.resize.size === 0) {
        for (const b of blocked) this.spillBlocked.add(b);
        return;
      }
      for (const b of blocked) this.spillBlocked.add(b);
    }
  }

  // ---- Structure

  /**
   * Changes sheet sizes (`change`), then translates open ranges again for the new last rows. A range that ended
   * on a sheet's old or new last row was open.
   */
  private reshape(change: () => void): void {
    const before = new Map(this.sheets.map((s) => [s.name, s.maxRows]));
    change();
    const open: [SheetModel, number, number, string][] = [];
    for (const model of this.sheets) {
      for (const [r, c, m] of model.metas()) {
        if (!m.open) continue;
        const addr = this.address(model, r, c);
        if (!this.hf.doesCellHaveFormula(addr)) continue;
        const text = this.hf.getCellFormula(addr)!;
        const source = fromEngineFormula(text, (sheet, row) => {
          const name = sheet ?? model.name;
          return row === this.maxRowsOf(name) || row === (before.get(name) ?? DEFAULT_ROWS);
        });
        open.push([model, r, c, source]);
      }
    }
    if (open.length === 0) return;
    this.apply(() => {
      for (const [model, r, c, source] of open) {
        const text = this.engineFormula(model, r, c, source);
        const addr = this.address(model, r, c);
        if (text !== this.hf.getCellFormula(addr)) this.hf.setCellContents(addr, text);
      }
    });
  }

  /** insertRowsAfter: rows move down with their formats; formulas follow; the sheet grows. */
  insertRows(model: SheetModel, after: number, howMany: number): void {
    if (howMany < 1) throw this.realm.error('The number of rows must be at least 1.');
    if (after < 0 || after > model.maxRows) {
      throw this.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
    }
    this.reshape(() => {
      if (after < this.hf.getSheetDimensions(model.hfId).height)
        this.hf.addRows(model.hfId, [after, howMany]);
      const moved = [...model.meta.entries()].filter(([r]) => r >= after).sort(([a], [b]) => b - a);
      for (const [r, cols] of moved) {
        model.meta.delete(r);
        model.meta.set(r + howMany, cols);
      }
      model.maxRows += howMany;
    });
    this.refreshArrays();
  }

  insertColumns(model: SheetModel, after: number, howMany: number): void {
    if (howMany < 1) throw this.realm.error('The number of columns must be at least 1.');
    if (after < 0 || after > model.maxColumns) {
      throw this.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
    }
    this.reshape(() => {
      if (after < this.hf.getSheetDimensions(model.hfId).width)
        this.hf.addColumns(model.hfId, [after, howMany]);
      for (const cols of model.meta.values()) {
        const moved = [...cols.entries()].filter(([c]) => c >= after).sort(([a], [b]) => b - a);
        for (const [c, m] of moved) {
          cols.delete(c);
          cols.set(c + howMany, m);
        }
      }
      for (const [c, w] of [...model.columnWidths.entries()]
        .filter(([c]) => c >= after)
        .sort(([a], [b]) => b - a)) {
        model.columnWidths.delete(c);
        model.columnWidths.set(c + howMany, w);
      }
      model.maxColumns += howMany;
    });
    this.refreshArrays();
  }

  /** After rows or columns move, every array formula is set again so its size is worked out afresh. */
  private refreshArrays(): void {
    for (const model of this.sheets) {
      const formulas = this.hf.getSheetFormulas(model.hfId);
      for (const [r, row] of formulas.entries()) {
        for (const [c, f] of row.entries()) {
          if (f !== undefined && this.hf.isCellPartOfArray(this.address(model, r, c))) {
            this.resize.add(sameAddress(this.address(model, r, c)));
          }
        }
      }
    }
    this.settle();
    this.changed();
  }

  // ---- Custom functions

  private customFunctionPlugin(host: CustomFunctionHost) {
    const workbook = this;
    const translations = Object.fromEntries(host.names.map((n) => [n, n]));
    for (const code of HyperFormula.getRegisteredLanguagesCodes()) {
      HyperFormula.getLanguage(code).extendFunctions(translations);
    }
    class CodeJsFunctions extends FunctionPlugin {
      static implementedFunctions = Object.fromEntries(
        host.names.map((n) => [
          n,
          {
            method: 'customFunction',
            sizeOfResultArrayMethod: 'customFunctionSize',
            parameters: [{ argumentType: FunctionArgumentType.ANY, optionalArg: true }],
            repeatLastArgs: 1,
          },
        ]),
      );

      private argumentsOf(ast: any, state: any): unknown[] {
        return (ast.args as any[]).map((arg) => {
          if (arg.type === 'EMPTY') return undefined;
          const v = this.evaluateAst(arg, state);
          if (v instanceof SimpleRangeValue) {
            const data = v.rawData().map((row) => row.map(fromInterpreter));
            return data.length === 1 && data[0]!.length === 1 ? data[0]![0] : data;
          }
          return fromInterpreter(v);
        });
      }

      customFunction(ast: any, state: any): unknown {
        const args = this.argumentsOf(ast, state);
        let result: unknown;
        try {
          result = host.call(ast.procedureName, args);
        } catch (e) {
          return new CellError(ErrorType.ERROR, messageOf(e));
        }
        return workbook.shapeResult(result, ast, state, this.dependencyGraph);
      }

      /**
       * The engine sizes an array before it computes it. The size last seen at this cell, or else the size of
       * a trial run on the arguments as they stand (when they can be read yet); a wrong guess costs one more
       * evaluation (settle).
       */
      customFunctionSize(ast: any, state: any): ArraySize {
        const known = workbook.sizes.get(sameAddress(state.formulaAddress));
        if (known) return new ArraySize(known.width, known.height);
        try {
          const result = host.call(ast.procedureName, this.argumentsOf(ast, state));
          if (Array.isArray(result) && result.length > 0) {
            const width = Math.max(1, ...result.map((row) => (Array.isArray(row) ? row.length : 1)));
            return new ArraySize(width, result.length);
          }
        } catch {
          // Not computable yet (an argument is a formula not computed) or an error: one cell until it runs.
        }
        return ArraySize.scalar();
      }
    }
    return CodeJsFunctions;
  }

  /**
   * Fits a custom function's result to the cells the engine set aside for it. The engine fixes an array's size
   * before it runs the function; when the result is another size, the formula is set again afterwards (settle)
   * with the size now known.
   */
  private shapeResult(result: unknown, ast: unknown, state: any, graph: any): unknown {
    let rows: unknown[][];
    if (Array.isArray(result)) {
      if (result.length === 0) return new CellError(ErrorType.NA, 'Result was not a valid value.');
      rows = result.map((row) => (Array.isArray(row) ? row : [row]));
    } else {
      rows = [[result]];
    }
    const width = Math.max(...rows.map((r) => r.length));
    const data = rows.map((r) => {
      const out = r.map(toInterpreter);
      while (out.length < width) out.push(EmptyValue);
      return out;
    });
    const height = data.length;
    const vertex = graph.getCell?.(state.formulaAddress);
    const topLevel = vertex !== undefined && vertex.formula === ast;
    if (!topLevel) {
      return height === 1 && width === 1 ? data[0]![0] : SimpleRangeValue.onlyValues(data as never);
    }
    const key = sameAddress(state.formulaAddress);
    const given = { width: vertex.width as number, height: vertex.height as number };
    if (given.width !== width || given.height !== height) {
      this.sizes.set(key, { width, height });
      this.resize.add(key);
    }
    const fitted = data.slice(0, given.height).map((r) => r.slice(0, given.width));
    if (given.width === 1 && given.height === 1) return fitted[0]![0];
    return SimpleRangeValue.onlyValues(fitted as never);
  }

  // ---- Snapshots: the whole document as JSON (the playground's file, fixtures for tests)

  snapshot(): WorkbookSnapshot {
    const sheets = this.sheets.map((model): SheetSnapshot => {
      // Per cell, then runs of equal cells down a column become one range key ("D2:D1000").
      const perCell = new Map<number, Map<number, CellSnapshot>>();
      const entry = (r: number, c: number) => {
        let row = perCell.get(r);
        if (!row) {
          row = new Map();
          perCell.set(r, row);
        }
        let e = row.get(c);
        if (!e) {
          e = {};
          row.set(c, e);
        }
        return e;
      };
      const serialized = this.hf.getSheetSerialized(model.hfId);
      for (const [r, row] of serialized.entries()) {
        for (const [c, content] of row.entries()) {
          if (content === null || content === undefined) continue;
          const addr = this.address(model, r, c);
          if (this.hf.doesCellHaveFormula(addr)) entry(r, c).f = this.formulaAt(model, r, c);
          else if (!this.hf.isCellPartOfArray(addr)) entry(r, c).v = content as string | number | boolean;
        }
      }
      for (const [r, c, m] of model.metas()) {
        const e = entry(r, c);
        if (m.numberFormat !== undefined) e.numberFormat = m.numberFormat;
        if (m.fontWeight !== undefined) e.fontWeight = m.fontWeight;
        if (m.background !== undefined) e.background = m.background;
        if (m.note !== undefined) e.note = m.note;
        if (m.validation !== undefined) e.validation = structuredClone(m.validation);
      }
      const byColumn = new Map<number, [number, CellSnapshot, string][]>();
      for (const [r, row] of perCell) {
        for (const [c, e] of row) {
          if (Object.keys(e).length === 0) continue;
          const list = byColumn.get(c) ?? [];
          byColumn.set(c, list);
          list.push([r, e, e.f === undefined ? JSON.stringify(e) : '']);
        }
      }
      const cells: Record<string, CellSnapshot> = {};
      for (const c of [...byColumn.keys()].sort((a, b) => a - b)) {
        const list = byColumn.get(c)!.sort(([a], [b]) => a - b);
        for (let i = 0; i < list.length; ) {
          const [r, e, key] = list[i]!;
          let j = i + 1;
          while (key !== '' && j < list.length && list[j]![0] === r + (j - i) && list[j]![2] === key) j++;
          cells[boxA1({ row: r + 1, col: c + 1, numRows: j - i, numCols: 1 })] = e;
          i = j;
        }
      }
      return {
        name: model.name,
        sheetId: model.sheetId,
        maxRows: model.maxRows,
        maxColumns: model.maxColumns,
        frozenRows: model.frozenRows,
        columnWidths: Object.fromEntries(model.columnWidths),
        conditionalRules: structuredClone(model.conditionalRules),
        cells,
      };
    });
    return {
      format: SNAPSHOT_FORMAT,
      id: this.id,
      name: this.name,
      properties: Object.fromEntries(this.properties),
      sheets,
    };
  }

  /** A workbook from a snapshot. */
  static fromSnapshot(snapshot: WorkbookSnapshot, options: WorkbookOptions = {}): Workbook {
    const wb = new Workbook(options);
    wb.restore(snapshot);
    return wb;
  }

  /** Loads a snapshot into this workbook, which must have no sheet yet. */
  restore(snapshot: WorkbookSnapshot): void {
    if (snapshot?.format !== SNAPSHOT_FORMAT) {
      throw new Error(
        `Not a workbook snapshot (format "${String(snapshot?.format)}", expected "${SNAPSHOT_FORMAT}")`,
      );
    }
    if (this.sheets.length > 0) throw new Error('restore() needs an empty workbook');
    this.id = snapshot.id;
    this.name = snapshot.name;
    for (const [k, v] of Object.entries(snapshot.properties ?? {})) this.properties.set(k, v);
    for (const s of snapshot.sheets) {
      const model = this.addSheet(s.name, { rows: s.maxRows, columns: s.maxColumns, sheetId: s.sheetId });
      model.frozenRows = s.frozenRows ?? 0;
      for (const [c, w] of Object.entries(s.columnWidths ?? {})) model.columnWidths.set(Number(c), w);
      model.conditionalRules = structuredClone(s.conditionalRules ?? []);
      for (const [a1, cell] of Object.entries(s.cells)) {
        const box = parseA1(a1, model.maxRows, model.maxColumns);
        if (!box) throw new Error(`Bad cell "${a1}" in sheet "${s.name}" of the snapshot`);
        if (!cell.numberFormat && !cell.fontWeight && !cell.background && !cell.note && !cell.validation)
          continue;
        for (let r = box.row - 1; r < box.row - 1 + box.numRows; r++) {
          for (let c = box.col - 1; c < box.col - 1 + box.numCols; c++) {
            model.editMeta(r, c, (m) => {
              m.numberFormat = cell.numberFormat;
              m.fontWeight = cell.fontWeight;
              m.background = cell.background;
              m.note = cell.note;
              m.validation = cell.validation && structuredClone(cell.validation);
            });
          }
        }
      }
    }
    // Values once every sheet exists, one sheet-wide write each; then formulas one by one, so each can size its
    // array from computed arguments (see customFunctionSize).
    const formulas: [SheetModel, number, number, string][] = [];
    this.apply(() => {
      for (const s of snapshot.sheets) {
        const model = this.sheet(s.name)!;
        const grid: RawCellContent[][] = [];
        for (const [a1, cell] of Object.entries(s.cells)) {
          if (cell.f === undefined && cell.v === undefined) continue;
          const box = parseA1(a1, model.maxRows, model.maxColumns)!;
          for (let r = box.row - 1; r < box.row - 1 + box.numRows; r++) {
            grid[r] ??= [];
            const row = grid[r];
            for (let c = box.col - 1; c < box.col - 1 + box.numCols; c++) {
              if (cell.f !== undefined) formulas.push([model, r, c, cell.f]);
              else row[c] = cell.v as RawCellContent;
            }
          }
        }
        let width = 0;
        for (let r = 0; r < grid.length; r++) width = Math.max(width, grid[r]?.length ?? 0); // grid is sparse
        const dense = Array.from({ length: grid.length }, (_, r) =>
          Array.from({ length: width }, (_, c) => grid[r]?.[c] ?? null),
        );
        this.hf.setSheetContent(model.hfId, dense);
      }
    });
    for (const [model, r, c, f] of formulas) {
      this.apply(() =>
        this.hf.setCellContents(this.address(model, r, c), this.engineFormula(model, r, c, f)),
      );
    }
  }

  /**
   * Evaluates a formula on a sheet without putting it in a cell, its relative references moved by (rows, cols):
   * a conditional format's custom formula for one cell of its range.
   */
  evaluate(model: SheetModel, formula: string, rows = 0, cols = 0): unknown {
    const source = formula.startsWith('=') ? formula : `=${formula}`;
    const { text } = toEngineFormula(shiftFormula(source, rows, cols), (sheet) =>
      this.maxRowsOf(sheet ?? model.name),
    );
    const v = this.hf.calculateFormula(text, model.hfId);
    const first = Array.isArray(v) ? v[0]?.[0] : v;
    if (first instanceof DetailedCellError) return errorText(first);
    return first ?? '';
  }

  // ---- Convenience for tests and tools (uncounted)

  /** A cell's value, shown text, formula and error message: `workbook.cell('Units', 'W2')`. */
  cell(sheetName: string, a1: string): { value: unknown; display: string; formula: string; error?: string } {
    const model = this.sheetOrThrow(sheetName);
    const box = this.boxOf(model, a1);
    const r = box.row - 1;
    const c = box.col - 1;
    const error = this.errorMessage(model, r, c);
    return {
      value: this.values(model, { ...box, numRows: 1, numCols: 1 })[0]![0],
      display: this.displayValues(model, { ...box, numRows: 1, numCols: 1 })[0]![0]!,
      formula: this.formulaAt(model, r, c),
      ...(error !== undefined ? { error } : {}),
    };
  }

  /** Values of a range in A1 notation on a sheet: `workbook.read('Units', 'W1:W5')`. */
  read(sheetName: string, a1: string): unknown[][] {
    const model = this.sheetOrThrow(sheetName);
    return this.values(model, this.boxOf(model, a1));
  }

  /** Writes values (or "=..." formulas) from a cell: `workbook.put('Units', 'A1', [['Unit', 'Role']])`. */
  put(sheetName: string, a1: string, values: unknown[][]): void {
    const model = this.sheet(sheetName) ?? this.addSheet(sheetName);
    const at = this.boxOf(model, a1);
    const numCols = Math.max(1, ...values.map((r) => r.length));
    const padded = values.map((r) => [...r, ...Array(numCols - r.length).fill('')]);
    this.write(model, { row: at.row, col: at.col, numRows: values.length, numCols }, padded);
  }

  /** The error message of a cell that shows an error (e.g. a custom function threw): for tests. */
  errorAt(sheetName: string, a1: string): string | undefined {
    const model = this.sheetOrThrow(sheetName);
    const box = this.boxOf(model, a1);
    return this.errorMessage(model, box.row - 1, box.col - 1);
  }

  a1(box: Box): string {
    return boxA1(box);
  }

  cellA1(row: number, col: number): string {
    return cellA1(row, col);
  }
}
