// A sheet as the playground's page shows it: computed values, formulas, checkboxes, dropdowns, formats,
// conditional colours and errors, for its first rows.
import { displayValue, listOptions, type SheetModel, type Workbook } from '../gas';
import type { CellView, GridView, GuardView } from './protocol';

/** The first `wanted` rows of a sheet (at least 1, at most its rows). */
export function gridView(wb: Workbook, model: SheetModel, wanted: number): GridView {
  const lastRow = wb.lastRow(model);
  const rows = Math.max(1, Math.min(model.maxRows, wanted));
  const box = { row: 1, col: 1, numRows: rows, numCols: model.maxColumns };
  const cells: Record<string, CellView> = {};
  for (const [r, row] of wb.values(model, box).entries()) {
    for (const [c, v] of row.entries()) {
      const meta = model.metaAt(r, c);
      const formula = wb.formulaAt(model, r, c);
      if (v === '' && !meta && !formula) continue;
      const format = wb.numberFormat(model, r, c);
      const cell: CellView = {};
      const shown = displayValue(v, format);
      if (shown !== '') cell.d = shown;
      cell.f = formula || (typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : shown);
      if (cell.f === '') delete cell.f;
      if (typeof v === 'number' || Object.prototype.toString.call(v) === '[object Date]') cell.t = 'n';
      else if (typeof v === 'boolean') cell.t = 'b';
      const err = typeof v === 'string' && v.startsWith('#') ? wb.errorMessage(model, r, c) : undefined;
      if (
        err !== undefined ||
        (typeof v === 'string' && /^#(ERROR!|REF!|N\/A|NAME\?|VALUE!|DIV\/0!|NUM!)$/.test(v))
      ) {
        cell.t = 'e';
        if (err) cell.err = err;
      }
      if (!formula && wb.hf.isCellPartOfArray({ sheet: model.hfId, row: r, col: c })) cell.sp = 1;
      if (meta?.validation) {
        const rule = meta.validation;
        if (rule.criteria === 'CHECKBOX') cell.cb = v === true;
        else if (rule.criteria === 'VALUE_IN_LIST') cell.ls = listOptions(rule);
        if (!wb.passesRule(model, r, c, v)) cell.bad = 1;
      }
      if (meta?.fontWeight === 'bold') cell.bold = 1;
      if (meta?.background) cell.bg = meta.background;
      if (meta?.note) cell.note = meta.note;
      if (Object.keys(cell).length > 0) cells[`${r + 1},${c + 1}`] = cell;
    }
  }
  applyConditionalFormats(wb, model, rows, cells);
  const guards = guardsOf(wb, model);
  return {
    name: model.name,
    maxRows: model.maxRows,
    maxColumns: model.maxColumns,
    frozenRows: model.frozenRows,
    rows,
    lastRow,
    columnWidths: Object.fromEntries(model.columnWidths),
    cells,
    ...(guards.length > 0 ? { guards } : {}),
  };
}

type BoxLike = { row: number; col: number; numRows: number; numCols: number };
const boxView = (b: BoxLike): GuardView['box'] => [b.row, b.col, b.numRows, b.numCols];

/**
 * The areas of a sheet that refuse the person acting a hand edit (a protection they may not edit; the whole sheet
 * for someone it is not shared with) or warn them first (a warning-only protection warns everyone, the owner too).
 */
export function guardsOf(wb: Workbook, model: SheetModel): GuardView[] {
  const people = wb.people;
  const user = people.active;
  const whole = { row: 1, col: 1, numRows: model.maxRows, numCols: model.maxColumns };
  if (!people.mayEditSpreadsheet(user)) return [{ box: boxView(whole) }];
  const guards: GuardView[] = [];
  for (const p of people.protections) {
    if (p.sheet !== model || !(p.warningOnly || !people.canEdit(p, user))) continue;
    const guard: GuardView = { box: boxView(p.box ?? whole) };
    if (!p.box && p.unprotected.length > 0) guard.except = p.unprotected.map(boxView);
    if (p.warningOnly) guard.warn = 1;
    guards.push(guard);
  }
  return guards;
}

/** Conditional formats (custom formula rules): the formula moved to each cell, true colours it. */
function applyConditionalFormats(
  wb: Workbook,
  model: SheetModel,
  rows: number,
  cells: Record<string, CellView>,
): void {
  for (const rule of model.conditionalRules) {
    if (!rule.formula || (!rule.background && !rule.fontColor)) continue;
    const boxes = rule.ranges.map((a1) => wb.boxOf(model, a1));
    const anchor = boxes[0];
    if (!anchor) continue;
    for (const box of boxes) {
      const last = Math.min(rows, box.row + box.numRows - 1);
      for (let r = box.row; r <= last; r++) {
        for (let c = box.col; c < box.col + box.numCols; c++) {
          if (!conditionHolds(wb, model, rule.formula, r - anchor.row, c - anchor.col)) continue;
          const key = `${r},${c}`;
          const cell = cells[key] ?? {};
          cells[key] = cell;
          if (rule.background) cell.bg = rule.background;
          if (rule.fontColor) cell.fg = rule.fontColor;
        }
      }
    }
  }
}

function conditionHolds(wb: Workbook, model: SheetModel, formula: string, dr: number, dc: number): boolean {
  try {
    const v = wb.evaluate(model, formula, dr, dc);
    return v === true || (typeof v === 'number' && v !== 0);
  } catch {
    return false;
  }
}
