// Sheet structure: rows and columns inserted (cells, formats and formulas move with them), and the open
// ranges of formulas (A1:V) translated again for the sheets' new last rows.
import { fromEngineLocale } from './locale';
import { fromEngineFormula } from './a1';
import { DEFAULT_ROWS, type SheetModel } from './sheet-model';
import type { Workbook } from './workbook';

/**
 * Changes sheet sizes (`change`), then translates open ranges again for the new last rows. A range that ended
 * on a sheet's old or new last row was open.
 */
export function reshape(wb: Workbook, change: () => void): void {
  const before = new Map(wb.sheets.map((s) => [s.name.toLowerCase(), s.maxRows]));
  change();
  const open: [SheetModel, number, number, string][] = [];
  for (const model of wb.sheets) {
    for (const [r, c, m] of model.metas()) {
      if (!m.open) continue;
      const text = wb.hf.getCellFormula({ sheet: model.hfId, row: r, col: c });
      if (text === undefined) continue;
      const engine = fromEngineFormula(text, (sheet, row) => {
        const name = sheet ?? model.name;
        return row === wb.maxRowsOf(name) || row === (before.get(name.toLowerCase()) ?? DEFAULT_ROWS);
      });
      // engineFormula takes the locale's form.
      const source = fromEngineLocale(engine, wb.decimalComma);
      open.push([model, r, c, source]);
    }
  }
  if (open.length === 0) return;
  wb.apply(() => {
    for (const [model, r, c, source] of open) {
      const text = wb.engineFormula(model, r, c, source);
      const addr = { sheet: model.hfId, row: r, col: c };
      if (text !== wb.hf.getCellFormula(addr)) wb.hf.setCellContents(addr, text);
    }
  });
}

function checkInsert(wb: Workbook, what: string, after: number, howMany: number, max: number): void {
  if (howMany < 1) throw wb.realm.error(`The number of ${what} must be at least 1.`);
  if (after < 0 || after > max) {
    throw wb.realm.error('The coordinates of the range are outside the dimensions of the sheet.');
  }
}

/** insertRowsAfter: rows move down with their formats; formulas follow; the sheet grows. */
export function insertRows(wb: Workbook, model: SheetModel, after: number, howMany: number): void {
  checkInsert(wb, 'rows', after, howMany, model.maxRows);
  reshape(wb, () => {
    if (after < wb.hf.getSheetDimensions(model.hfId).height) wb.hf.addRows(model.hfId, [after, howMany]);
    const moved = [...model.meta.entries()].filter(([r]) => r >= after).sort(([a], [b]) => b - a);
    for (const [r, cols] of moved) {
      model.meta.delete(r);
      model.meta.set(r + howMany, cols);
    }
    model.maxRows += howMany;
  });
  refreshArrays(wb);
}

/** deleteRows: the rows go, those below move up with their formats; the sheet shrinks. */
export function deleteRows(wb: Workbook, model: SheetModel, position: number, howMany: number): void {
  if (howMany < 1) throw wb.realm.error('The number of rows must be at least 1.');
  if (position < 1 || position + howMany - 1 > model.maxRows) {
    throw wb.realm.error('Those rows are out of bounds.');
  }
  if (howMany >= model.maxRows) throw wb.realm.error("You can't delete all the rows on the sheet.");
  const first = position - 1;
  reshape(wb, () => {
    const height = wb.hf.getSheetDimensions(model.hfId).height;
    if (first < height) wb.hf.removeRows(model.hfId, [first, Math.min(howMany, height - first)]);
    const rows = [...model.meta.entries()].sort(([a], [b]) => a - b);
    for (const [r] of rows) if (r >= first) model.meta.delete(r);
    for (const [r, cols] of rows) if (r >= first + howMany) model.meta.set(r - howMany, cols);
    model.maxRows -= howMany;
  });
  refreshArrays(wb);
}

export function insertColumns(wb: Workbook, model: SheetModel, after: number, howMany: number): void {
  checkInsert(wb, 'columns', after, howMany, model.maxColumns);
  reshape(wb, () => {
    if (after < wb.hf.getSheetDimensions(model.hfId).width) wb.hf.addColumns(model.hfId, [after, howMany]);
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
  refreshArrays(wb);
}

/**
 * After rows or columns move, every array formula, and every custom function that did not fit its sheet, is set
 * again so that its size is worked out afresh.
 */
function refreshArrays(wb: Workbook): void {
  const custom = wb.customFunctionCall;
  for (const model of wb.sheets) {
    const formulas = wb.hf.getSheetFormulas(model.hfId);
    for (const [r, row] of formulas.entries()) {
      for (const [c, f] of (row ?? []).entries()) {
        const addr = { sheet: model.hfId, row: r, col: c };
        if (f !== undefined && (wb.hf.isCellPartOfArray(addr) || custom?.test(f))) wb.spills.again(addr);
      }
    }
  }
  wb.spills.settle();
  wb.changed();
}
