// Cells as Apps Script reads them: values (Dates in the spreadsheet's time zone, errors as their text), shown
// text under number formats, formulas with open ranges shown open, the used size, an error's message.
import { DetailedCellError, ErrorType } from 'hyperformula';
import type { Box } from './a1';
import { fromEngineFormula } from './a1';
import { fromEngineLocale } from './locale';
import { SheetDocument } from './document';
import { errorText } from './engine-values';
import { DEFAULT_NUMBER_FORMAT, displayValue, isDateFormat, serialToDate, serialToZonedDate } from './format';
import type { SheetModel } from './sheet-model';

export class ReadableDocument extends SheetDocument {
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
    return this.raw(model, box).map((row, r) =>
      row.map((v, c) => {
        if (v === null || v === undefined) return '';
        if (v instanceof DetailedCellError) return errorText(v);
        if (typeof v === 'number' && this.isDate(model, box.row - 1 + r, box.col - 1 + c)) {
          return serialToZonedDate(v, this.timeZone);
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

  /** Shown text: a date's wall clock is its serial read as UTC (the spreadsheet's time zone is in the serial). */
  displayValues(model: SheetModel, box: Box): string[][] {
    return this.raw(model, box).map((row, r) =>
      row.map((v, c) => {
        const format = this.numberFormat(model, box.row - 1 + r, box.col - 1 + c);
        if (v instanceof DetailedCellError) return errorText(v);
        if (typeof v === 'number' && this.isDate(model, box.row - 1 + r, box.col - 1 + c)) {
          return displayValue(serialToDate(v), format);
        }
        return displayValue(v ?? '', format);
      }),
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
    const shown = model.metaAt(row0, col0)?.open
      ? fromEngineFormula(text, (sheet, row) => row === this.maxRowsOf(sheet ?? model.name))
      : text;
    return fromEngineLocale(shown, this.decimalComma);
  }

  /** Whether a cell holds anything: a value, a formula's result or a spilled one. */
  private filled(model: SheetModel, row0: number, col0: number): boolean {
    const v = this.hf.getCellValue(this.address(model, row0, col0));
    return v !== null && v !== undefined;
  }

  /**
   * The last row (1-based) holding content, values or spilled results; 0 for an empty sheet. Scanned up from the
   * engine's used size (which can run past the last filled cell), not over every cell: Google answers this in
   * constant time, and a bench timing a call must not count the emulation's walk over a long history sheet.
   */
  lastRow(model: SheetModel): number {
    const { width, height } = this.hf.getSheetDimensions(model.hfId);
    for (let r = height - 1; r >= 0; r--)
      for (let c = 0; c < width; c++) if (this.filled(model, r, c)) return r + 1;
    return 0;
  }

  /** The last column (1-based) holding content, values or spilled results; 0 for an empty sheet. */
  lastColumn(model: SheetModel): number {
    const { width, height } = this.hf.getSheetDimensions(model.hfId);
    for (let c = width - 1; c >= 0; c--)
      for (let r = 0; r < height; r++) if (this.filled(model, r, c)) return c + 1;
    return 0;
  }

  /** The message of the error a cell shows (a custom function's thrown Error), or undefined. */
  errorMessage(model: SheetModel, row0: number, col0: number): string | undefined {
    const v = this.hf.getCellValue(this.address(model, row0, col0));
    if (!(v instanceof DetailedCellError)) return undefined;
    if (v.type === ErrorType.SPILL) return 'Array result was not expanded because it would overwrite data.';
    if (v.type === ErrorType.CYCLE) return 'Circular dependency detected.';
    return v.message || undefined;
  }
}
