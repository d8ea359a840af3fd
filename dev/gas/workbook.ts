// One spreadsheet document over HyperFormula, as tests, the playground and the services (spreadsheet.ts) see it:
// the sheets (document.ts, reading.ts, writing.ts), custom functions run as Sheets runs them (custom-functions.ts,
// spills.ts), the document lock (lock.ts), the UI a script opened and snapshots (snapshot.ts). Uncounted access
// for tests: put, read, cell, errorAt, recalculate.
import { DetailedCellError } from 'hyperformula';
import { type Box, boxA1, cellA1, onlyCell, shiftFormula, toEngineFormula } from './a1';
import type { WorkbookOptions } from './document';
import { PROTECTED_MESSAGE } from './people';
import { toEngineLocale } from './locale';
import { errorText } from './engine-values';
import type { SheetModel } from './sheet-model';
import { restoreSnapshot, snapshotOf, type WorkbookSnapshot } from './snapshot';
import { deleteRows, insertColumns, insertRows, reshape } from './structure';
import { WritableDocument } from './writing';

export class Workbook extends WritableDocument {
  // ---- Structure

  insertRows(model: SheetModel, after: number, howMany: number): void {
    insertRows(this, model, after, howMany);
    this.people.insertRows(model, after, howMany);
  }

  insertColumns(model: SheetModel, after: number, howMany: number): void {
    insertColumns(this, model, after, howMany);
    this.people.insertColumns(model, after, howMany);
  }

  deleteRows(model: SheetModel, position: number, howMany: number): void {
    deleteRows(this, model, position, howMany);
    this.people.deleteRows(model, position, howMany);
  }

  // ---- Recalculation, snapshots, and uncounted access for tests and tools

  /**
   * Lets Sheets run the custom functions that wait since the last change ("Loading..." until then): a test
   * calls it where a user would wait a moment. Returns how many formula cells ran.
   */
  recalculate(): number {
    const ran = this.custom?.recalculate() ?? 0;
    if (ran > 0) this.changed();
    return ran;
  }

  /** Whether custom functions wait to run. */
  get loading(): boolean {
    return (this.custom?.pending.size ?? 0) > 0;
  }

  snapshot(): WorkbookSnapshot {
    return snapshotOf(this);
  }

  static fromSnapshot(snapshot: WorkbookSnapshot, options: WorkbookOptions = {}): Workbook {
    const wb = new Workbook(options);
    wb.restore(snapshot);
    return wb;
  }

  /** Loads a snapshot into this workbook, which must have no sheet yet; its formulas come computed. */
  restore(snapshot: WorkbookSnapshot): void {
    restoreSnapshot(this, snapshot);
  }

  /**
   * Evaluates a formula on a sheet without putting it in a cell, its relative references moved by (rows, cols):
   * a conditional format's custom formula for one cell of its range.
   */
  evaluate(model: SheetModel, formula: string, rows = 0, cols = 0): unknown {
    const source = formula.startsWith('=') ? formula : `=${formula}`;
    const { text } = toEngineFormula(
      toEngineLocale(shiftFormula(source, rows, cols), this.decimalComma),
      (sheet) => this.maxRowsOf(sheet ?? model.name),
    );
    const v = this.hf.calculateFormula(text, model.hfId);
    const first = Array.isArray(v) ? v[0]?.[0] : v;
    if (first instanceof DetailedCellError) return errorText(first);
    return first ?? '';
  }

  /** A cell's value, shown text, formula and error message: `workbook.cell('Units', 'W2')`. */
  cell(sheetName: string, a1: string): { value: unknown; display: string; formula: string; error?: string } {
    const model = this.sheetOrThrow(sheetName);
    const box = { ...this.boxOf(model, a1), numRows: 1, numCols: 1 };
    const error = this.errorMessage(model, box.row - 1, box.col - 1);
    return {
      value: onlyCell(this.values(model, box)),
      display: onlyCell(this.displayValues(model, box)),
      formula: this.formulaAt(model, box.row - 1, box.col - 1),
      ...(error !== undefined ? { error } : {}),
    };
  }

  /** Values of a range in A1 notation on a sheet: `workbook.read('Units', 'W1:W5')`. */
  read(sheetName: string, a1: string): unknown[][] {
    const model = this.sheetOrThrow(sheetName);
    return this.values(model, this.boxOf(model, a1));
  }

  /**
   * Writes values (or "=..." formulas) from a cell as a user's paste does: the sheet gets the rows and columns
   * it needs, and the sheet is created if missing. `workbook.put('Units', 'A1', [['Unit', 'Role']])`. It is made
   * as the active user (actAs): a paste into cells a protection keeps from them is refused whole, with Google's
   * message; a warning-only protection asks, and the user goes on.
   */
  put(sheetName: string, a1: string, values: unknown[][]): void {
    const model = this.sheet(sheetName) ?? this.addSheet(sheetName);
    const at = this.boxOf(model, a1);
    const numCols = Math.max(1, ...values.map((r) => r.length));
    const padded = values.map((r) => [...r, ...Array(numCols - r.length).fill('')]);
    const box = { row: at.row, col: at.col, numRows: values.length, numCols };
    const inside = {
      ...box,
      numRows: Math.max(0, Math.min(box.numRows, model.maxRows - box.row + 1)),
      numCols: Math.max(0, Math.min(box.numCols, model.maxColumns - box.col + 1)),
    };
    if (
      inside.numRows > 0 &&
      inside.numCols > 0 &&
      this.people.firstRefused(model, inside, this.people.active)
    ) {
      throw new Error(PROTECTED_MESSAGE);
    }
    const [lastRow, lastCol] = [box.row + box.numRows - 1, box.col + box.numCols - 1];
    if (lastRow > model.maxRows || lastCol > model.maxColumns) {
      reshape(this, () => {
        model.maxRows = Math.max(model.maxRows, lastRow);
        model.maxColumns = Math.max(model.maxColumns, lastCol);
      });
    }
    this.write(model, box, padded);
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

export type { CellMeta, HtmlRecord, MenuRecord, UiState } from './sheet-model';
export { SheetModel } from './sheet-model';
export type { CellSnapshot, SheetSnapshot, WorkbookSnapshot } from './snapshot';
export { SNAPSHOT_FORMAT } from './snapshot';
export { DocumentLock } from './lock';
export type { CustomFunctionHost } from './custom-functions';

export type { WorkbookOptions } from './document';
