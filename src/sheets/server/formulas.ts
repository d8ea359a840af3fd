// Cells that hold a formula: a write that changes one records the formula, and undo or a rollback puts the formula
// back, not the value it showed. Each sheet's formulas are read with one getFormulas.
import { type SheetTable, sheetRowOf } from '../sheet-table';

/** Formulas of a table's cells, by `row:header` (sheet row); only cells that hold one. */
export type Formulas = ReadonlyMap<string, string>;

export const formulaKey = (row: number, header: string): string => `${row}:${header}`;

/** Every formula in the table's rows (one getFormulas over them), by sheet row and header. */
export function tableFormulas(t: SheetTable): Formulas {
  const out = new Map<string, string>();
  const count = t.table.rows.length;
  const header = t.values[t.headerIndex] ?? [];
  if (count === 0 || header.length === 0) return out;
  const first = sheetRowOf(t, 0);
  const grid = t.sheet.getRange(first, 1, count, header.length).getFormulas();
  grid.forEach((line, i) => {
    line.forEach((f, c) => {
      const h = header[c];
      if (f && typeof h === 'string' && h.trim() && t.table.column(h) === c)
        out.set(formulaKey(first + i, h), f);
    });
  });
  return out;
}

/** Formulas of one column over the rows first..last (one getFormulas), by sheet row and header. */
export function columnFormulas(t: SheetTable, header: string, rows: readonly number[]): Formulas {
  const out = new Map<string, string>();
  const column = t.table.column(header);
  if (column < 0 || rows.length === 0) return out;
  const first = Math.min(...rows);
  const last = Math.max(...rows);
  t.sheet
    .getRange(first, column + 1, last - first + 1, 1)
    .getFormulas()
    .forEach((line, i) => {
      if (line[0]) out.set(formulaKey(first + i, header), line[0]);
    });
  return out;
}

/** The beforeFormula of a change to this cell, when it holds one. */
export function withFormula(formulas: Formulas, row: number, header: string): { beforeFormula?: string } {
  const f = formulas.get(formulaKey(row, header));
  return f ? { beforeFormula: f } : {};
}
