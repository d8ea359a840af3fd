// Cells that hold a formula: a write that changes one records the formula, and undo or a rollback puts the formula
// back, not the value it showed. Only the cells a call may write are read, each set with one getFormulas.
import { indexOfSheetRow, type SheetTable } from '../sheet-table';

/** Formulas of a table's cells, by `row:header` (sheet row); only cells that hold one. */
export type Formulas = ReadonlyMap<string, string>;

export const formulaKey = (row: number, header: string): string => `${row}:${header}`;

/** Every formula on the table's rows from sheet row `first`, `count` of them (one getFormulas), by row and header. */
function formulasOfRows(t: SheetTable, first: number, count: number): Formulas {
  const out = new Map<string, string>();
  const header = t.values[t.headerIndex] ?? [];
  if (count <= 0 || header.length === 0) return out;
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

/**
 * Every formula on the given rows of the table (one getFormulas over the rows from the first to the last of
 * them: a battle's two rows are side by side), by sheet row and header. Rows past the table hold none.
 */
export function rowFormulas(t: SheetTable, rows: readonly number[]): Formulas {
  const inTable = rows.filter(
    (row) => indexOfSheetRow(t, row) >= 0 && indexOfSheetRow(t, row) < t.table.rows.length,
  );
  if (inTable.length === 0) return new Map();
  const first = Math.min(...inTable);
  return formulasOfRows(t, first, Math.max(...inTable) - first + 1);
}

/** Formulas of one column over the rows first..last (one getFormulas), by sheet row and header. */
export function columnFormulas(t: SheetTable, header: string, rows: readonly number[]): Formulas {
  const out = new Map<string, string>();
  const column = t.table.column(header);
  if (column < 0 || rows.length === 0) return out;
  // A loop, not Math.min(...rows): a spread of tens of thousands of rows overflows the call stack.
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const row of rows) {
    first = Math.min(first, row);
    last = Math.max(last, row);
  }
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
