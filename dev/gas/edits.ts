// A person's edits at the spreadsheet, as a test makes them between two Google calls of a write
// (`calls.editBefore(n, edit)`): rows inserted, deleted or sorted on any sheet, a value typed into a cell, an army
// renamed on its rows. Made through the workbook's own door, as a person's hand edits are: never through the
// product's services, so they are not counted and no fault touches them.
import { columnLetters } from './a1';
import type { SheetModel } from './sheet-model';
import type { Workbook } from './workbook';

type Value = string | number | boolean | Date;

/** A value as a person types it so that it stays what it is: text that looks like a formula stays text. */
const typed = (v: unknown): unknown => (typeof v === 'string' && /^[=+\-@']/.test(v) ? `'${v}` : v);

export interface Edits {
  /** A row inserted at `row` (the rows from it move down), typed with `values` from column A. */
  insertRow(sheet: string, row: number, values?: readonly Value[]): void;
  deleteRow(sheet: string, row: number): void;
  /** The rows from `first` to the sheet's last sorted by `compare` (a stable sort), values and formulas moved. */
  sortRows(
    sheet: string,
    compare: (a: readonly unknown[], b: readonly unknown[]) => number,
    first?: number,
  ): void;
  /** A value typed into one cell. */
  type(sheet: string, a1: string, value: Value): void;
  /** Every cell under `header` (in row 1) that reads `from`, typed as `to`: an army renamed on its rows. */
  rename(sheet: string, header: string, from: string, to: string): number;
  /** The 1-based column of a header in row 1 (0 when absent). */
  columnOf(sheet: string, header: string): number;
}

export function editsOf(wb: Workbook): Edits {
  const model = (sheet: string): SheetModel => wb.sheetOrThrow(sheet);
  const width = (m: SheetModel) => Math.max(1, wb.lastColumn(m));
  const columnOf = (sheet: string, header: string): number =>
    (wb.read(sheet, `A1:${columnLetters(width(model(sheet)))}1`)[0] ?? []).indexOf(header) + 1;
  return {
    insertRow(sheet, row, values = []) {
      wb.insertRows(model(sheet), row - 1, 1);
      if (values.length > 0) wb.put(sheet, `A${row}`, [values.map(typed)]);
    },
    deleteRow(sheet, row) {
      wb.deleteRows(model(sheet), row, 1);
    },
    sortRows(sheet, compare, first = 2) {
      const m = model(sheet);
      const last = wb.lastRow(m);
      if (last <= first) return;
      const cols = width(m);
      const a1 = `A${first}:${columnLetters(cols)}${last}`;
      const values = wb.read(sheet, a1);
      const rows = values.map((line, i) => ({
        line,
        cells: line.map((v, j) => {
          const formula = wb.cell(sheet, `${columnLetters(j + 1)}${first + i}`).formula;
          return formula || typed(v);
        }),
      }));
      const sorted = rows
        .map((r, i) => ({ ...r, i }))
        .sort((x, y) => compare(x.line, y.line) || x.i - y.i)
        .map((r) => r.cells);
      wb.put(sheet, `A${first}`, sorted);
    },
    type(sheet, a1, value) {
      wb.put(sheet, a1, [[typed(value)]]);
    },
    rename(sheet, header, from, to) {
      const c = columnOf(sheet, header);
      if (c === 0) return 0;
      const letter = columnLetters(c);
      const m = model(sheet);
      const column = wb.read(sheet, `${letter}1:${letter}${Math.max(1, wb.lastRow(m))}`);
      let renamed = 0;
      column.forEach(([v], i) => {
        if (i === 0 || v !== from) return;
        wb.put(sheet, `${letter}${i + 1}`, [[typed(to)]]);
        renamed++;
      });
      return renamed;
    },
    columnOf,
  };
}
