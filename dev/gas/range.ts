// A Range as Apps Script gives it to the product: a box of cells on one sheet of a Workbook. Every call is
// counted (Workbook.track) and may be made to fail (CallCounter.failOn); data written must match the box's
// shape, as Google requires; arrays returned are made in the script's realm.
import type { DataValidationApi, ProtectionApi, RangeApi, SheetApi } from '../../src/sheets/gas';
import { type Box, boxA1 } from './a1';
import { EmulatedProtection } from './protection';
import { localeRefusal } from './locale';
import { EmulatedSheet } from './sheet';
import { DataValidation, type ValidationSpec } from './validation';
import type { SheetModel, Workbook } from './workbook';

function checkShape(wb: Workbook, box: Box, data: unknown, what: string): asserts data is unknown[][] {
  if (!Array.isArray(data) || !data.every(Array.isArray)) {
    throw wb.realm.error(`The parameters (${what}) don't match the method signature.`);
  }
  if (data.length !== box.numRows) {
    throw wb.realm.error(
      `The number of rows in the data does not match the number of rows in the range. The data has ${data.length} but the range has ${box.numRows}.`,
    );
  }
  for (const row of data as unknown[][]) {
    if (row.length !== box.numCols) {
      throw wb.realm.error(
        `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${box.numCols}.`,
      );
    }
  }
}

export class EmulatedRange implements RangeApi {
  constructor(
    private readonly wb: Workbook,
    private readonly model: SheetModel,
    readonly box: Box,
  ) {}

  private track(method: string): void {
    this.wb.track(method, this.model.name, boxA1(this.box));
  }

  /** The sheet the range is on (for the emulation's own use). */
  get sheetModel(): SheetModel {
    return this.model;
  }

  /** A write as the active user: refused where a protection keeps the cells from them (whole, no part written). */
  private guard(): void {
    this.wb.refuseProtected(this.model, this.box);
  }

  /** The A1 notation without counting a call (for the emulation's own use). */
  uncountedA1(): string {
    return boxA1(this.box);
  }

  getValues(): unknown[][] {
    this.track('getValues');
    return this.wb.realm.clone(this.wb.values(this.model, this.box));
  }

  setValues(values: unknown[][]): RangeApi {
    this.track('setValues');
    checkShape(this.wb, this.box, values, 'number[][]');
    this.wb.refuseInvalid(this.model, this.box, (r, c) => values[r]?.[c]);
    this.wb.refuseProtected(this.model, this.box, (part, r0) =>
      this.wb.write(
        this.model,
        part,
        values.slice(r0, r0 + part.numRows).map((row) => row.slice(0, part.numCols)),
      ),
    );
    this.wb.write(this.model, this.box, values);
    return this;
  }

  getDisplayValues(): string[][] {
    this.track('getDisplayValues');
    return this.wb.realm.clone(this.wb.displayValues(this.model, this.box));
  }

  getFormulas(): string[][] {
    this.track('getFormulas');
    return this.wb.realm.clone(this.wb.formulas(this.model, this.box));
  }

  setFormula(formula: string): RangeApi {
    this.track('setFormula');
    this.guard();
    this.wb.writeFormula(this.model, this.box, String(formula));
    return this;
  }

  setFormulas(formulas: string[][]): RangeApi {
    this.track('setFormulas');
    checkShape(this.wb, this.box, formulas, 'String[][]');
    this.wb.refuseProtected(this.model, this.box, (part, r0) =>
      this.wb.writeFormulas(
        this.model,
        part,
        formulas.slice(r0, r0 + part.numRows).map((row) => row.slice(0, part.numCols)),
      ),
    );
    this.wb.writeFormulas(this.model, this.box, formulas);
    return this;
  }

  getRow(): number {
    this.track('getRow');
    return this.box.row;
  }

  getColumn(): number {
    this.track('getColumn');
    return this.box.col;
  }

  getNumRows(): number {
    this.track('getNumRows');
    return this.box.numRows;
  }

  getNumColumns(): number {
    this.track('getNumColumns');
    return this.box.numCols;
  }

  getA1Notation(): string {
    this.track('getA1Notation');
    return boxA1(this.box);
  }

  getSheet(): SheetApi {
    this.track('getSheet');
    return new EmulatedSheet(this.wb, this.model);
  }

  getDataValidations(): (DataValidationApi | null)[][] {
    this.track('getDataValidations');
    const rules = this.cells((r, c) => {
      const v = this.model.metaAt(r, c)?.validation;
      return v ? new DataValidation(structuredClone(v)) : null;
    });
    return this.wb.realm.clone(rules);
  }

  setDataValidation(rule: DataValidationApi | null): RangeApi {
    this.track('setDataValidation');
    this.guard();
    const spec = specOf(this.wb, rule);
    if (spec?.criteria === 'CUSTOM_FORMULA') {
      // Each cell reads the formula moved from the range's first cell (Sheets' relative references).
      const { numRows, numCols } = this.box;
      const specs = Array.from({ length: numRows }, (_, r) =>
        Array.from({ length: numCols }, (_, c): ValidationSpec => ({ ...spec, offset: [r, c] })),
      );
      this.wb.setMeta(this.model, this.box, 'validation', specs);
    } else this.wb.setMeta(this.model, this.box, 'validation', spec);
    return this;
  }

  setDataValidations(rules: (DataValidationApi | null)[][]): RangeApi {
    this.track('setDataValidations');
    this.guard();
    checkShape(this.wb, this.box, rules, 'DataValidation[][]');
    this.wb.setMeta(
      this.model,
      this.box,
      'validation',
      rules.map((row) => row.map((r) => specOf(this.wb, r))),
    );
    return this;
  }

  getNumberFormats(): string[][] {
    this.track('getNumberFormats');
    return this.wb.realm.clone(this.wb.numberFormats(this.model, this.box));
  }

  setNumberFormat(numberFormat: string): RangeApi {
    this.track('setNumberFormat');
    this.guard();
    this.wb.setMeta(this.model, this.box, 'numberFormat', numberFormatOf(this.wb, numberFormat));
    return this;
  }

  setNumberFormats(numberFormats: string[][]): RangeApi {
    this.track('setNumberFormats');
    this.guard();
    checkShape(this.wb, this.box, numberFormats, 'String[][]');
    this.wb.setMeta(
      this.model,
      this.box,
      'numberFormat',
      numberFormats.map((row) => row.map((f) => numberFormatOf(this.wb, f))),
    );
    return this;
  }

  setFontWeight(fontWeight: string | null): RangeApi {
    this.track('setFontWeight');
    this.guard();
    this.wb.setMeta(
      this.model,
      this.box,
      'fontWeight',
      fontWeight === 'normal' ? undefined : (fontWeight ?? undefined),
    );
    return this;
  }

  setBackground(color: string | null): RangeApi {
    this.track('setBackground');
    this.guard();
    this.wb.setMeta(this.model, this.box, 'background', color || undefined);
    return this;
  }

  setNote(note: string | null): RangeApi {
    this.track('setNote');
    if (note !== null && typeof note !== 'string') {
      throw this.wb.realm.error(
        `The parameters (${typeof note}) don't match the method signature for SpreadsheetApp.Range.setNote.`,
      );
    }
    this.guard();
    this.wb.setMeta(this.model, this.box, 'note', note || undefined);
    return this;
  }

  /** Google: "Sets a rectangular grid of notes (must match dimensions of this range)"; each a string or null. */
  setNotes(notes: (string | null)[][]): RangeApi {
    this.track('setNotes');
    checkShape(this.wb, this.box, notes, 'String[][]');
    if (!notes.every((row) => row.every((n) => n === null || typeof n === 'string'))) {
      throw this.wb.realm.error(
        "The parameters (Object[][]) don't match the method signature for SpreadsheetApp.Range.setNotes.",
      );
    }
    this.guard();
    this.wb.setMeta(
      this.model,
      this.box,
      'note',
      notes.map((row) => row.map((n) => n || undefined)),
    );
    return this;
  }

  /** Google: "the note associated with the given range" (its top-left cell), an empty string when none. */
  getNote(): string {
    this.track('getNote');
    return this.model.metaAt(this.box.row - 1, this.box.col - 1)?.note ?? '';
  }

  getNotes(): string[][] {
    this.track('getNotes');
    return this.wb.realm.clone(this.cells((r, c) => this.model.metaAt(r, c)?.note ?? ''));
  }

  clearContent(): RangeApi {
    this.track('clearContent');
    this.guard();
    this.wb.clear(this.model, this.box);
    return this;
  }

  canEdit(): boolean {
    this.track('canEdit');
    return this.wb.people.firstRefused(this.model, this.box, this.wb.people.active) === undefined;
  }

  /**
   * A new protection of the range. Google: until the script changes its editors, "the permissions mirror those
   * of the spreadsheet itself"; an already protected range gets a second, overlapping protection.
   */
  /**
   * Google: "Sorts the cells in the given range, by column and order specified." It does not say whether rows that
   * tie keep their order, nor where blanks go: the emulation keeps ties in order and puts blanks last, and the
   * product never relies on either (rows are found by identity). Values and formulas move with their rows; a
   * protection keeps its cells, as in Sheets.
   */
  sort(sortSpecObj: { column: number; ascending: boolean }): RangeApi {
    this.track('sort');
    const at = sortSpecObj.column - this.box.col;
    if (!Number.isInteger(at) || at < 0 || at >= this.box.numCols)
      throw this.wb.realm.error('The column to sort by must be inside the range.');
    this.guard();
    const values = this.wb.values(this.model, this.box);
    const formulas = this.wb.formulas(this.model, this.box);
    const rows = values.map((line, i) => ({ line, formulas: formulas[i] ?? [], i }));
    const key = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
    const blank = (v: unknown) => v === '' || v === null || v === undefined;
    rows.sort((x, y) => {
      const a = x.line[at];
      const b = y.line[at];
      if (blank(a) || blank(b)) return Number(blank(a)) - Number(blank(b)) || x.i - y.i;
      const [ka, kb] = [key(a), key(b)];
      const order = ka === kb ? 0 : String(ka).localeCompare(String(kb), 'en', { numeric: true });
      return (sortSpecObj.ascending === false ? -order : order) || x.i - y.i;
    });
    this.wb.write(
      this.model,
      this.box,
      rows.map((r) => r.line),
    );
    rows.forEach((r, i) => {
      r.formulas.forEach((f, j) => {
        if (f !== '')
          this.wb.writeFormula(
            this.model,
            { row: this.box.row + i, col: this.box.col + j, numRows: 1, numCols: 1 },
            f,
          );
      });
    });
    this.wb.changed();
    return this;
  }

  protect(): ProtectionApi {
    this.track('protect');
    this.guard();
    return new EmulatedProtection(this.wb, this.wb.people.add('RANGE', this.model, this.box));
  }

  private cells<T>(f: (row0: number, col0: number) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < this.box.numRows; r++) {
      const row: T[] = [];
      for (let c = 0; c < this.box.numCols; c++) row.push(f(this.box.row - 1 + r, this.box.col - 1 + c));
      out.push(row);
    }
    return out;
  }
}

/**
 * A number format as a script may set it: a pattern Google documents ("0.00", "@", "M/d/yyyy"...). Google says
 * nothing of an empty one, so the emulation refuses it rather than guess.
 */
function numberFormatOf(wb: Workbook, format: unknown): string | undefined {
  if (typeof format !== 'string' || format.trim() === '') {
    throw wb.realm.error(
      `Invalid number format pattern ${JSON.stringify(format)}: give a pattern such as "0.00", "@" or "M/d/yyyy".`,
    );
  }
  return format;
}

function specOf(wb: Workbook, rule: DataValidationApi | null): ValidationSpec | undefined {
  if (rule === null || rule === undefined) return undefined;
  if (!(rule instanceof DataValidation)) {
    throw wb.realm.error(
      "The parameters (Object) don't match the method signature for Range.setDataValidation.",
    );
  }
  const spec = structuredClone(rule.spec);
  if (spec.criteria === 'CUSTOM_FORMULA') {
    const refusal = localeRefusal(String(spec.values[0]), wb.decimalComma, wb.locale);
    if (refusal) throw wb.realm.error(refusal);
  }
  return spec;
}
