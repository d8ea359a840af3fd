// The whole workbook as JSON (the playground's file, fixtures for tests): values as typed, formulas, formats,
// validations, sizes, the spreadsheet's time zone and document properties. Runs of equal cells down a column
// are one entry ("D2:D1000"); so are runs of custom-formula validations that differ only by their row, as set-up
// makes them (each cell's formula names the cell): the run keeps its first cell's formula, moved down per row.
import type { RawCellContent } from 'hyperformula';
import { boxA1, parseA1, shiftFormula } from './a1';
import type { PeopleSnapshot, ProtectionSnapshot } from './people';
import type { SheetModel } from './sheet-model';
import type { ConditionalRuleSpec, ValidationSpec } from './validation';
import type { Workbook } from './workbook';

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
  /** The spreadsheet's time zone (absent: Etc/UTC). */
  timeZone?: string;
  /** The spreadsheet's locale (absent: en_US): formulas are kept as it writes them. */
  locale?: string;
  properties: Record<string, string>;
  /** Each user's properties of the script, by lower-case email (absent: none). */
  userProperties?: Record<string, Record<string, string>>;
  sheets: SheetSnapshot[];
  /** The owner and the people it is shared with (absent: the emulation's owner alone). */
  people?: PeopleSnapshot;
  /** Protected ranges and sheets (absent: none). */
  protections?: ProtectionSnapshot[];
}

/** A cell's rule with a custom formula as it reads at the cell itself (a range's rule moved to the cell). */
export function ownValidation(v: ValidationSpec): ValidationSpec {
  const { offset, ...spec } = structuredClone(v);
  if (spec.criteria !== 'CUSTOM_FORMULA' || offset === undefined) return spec;
  return { ...spec, values: [shiftFormula(String(spec.values[0]), offset[0], offset[1])] };
}

/** What makes cells down a column one run: equal entries, a custom formula compared as moved to row 0. */
function runKey(e: CellSnapshot, row0: number): string {
  const v = e.validation;
  if (v?.criteria !== 'CUSTOM_FORMULA') return JSON.stringify(e);
  return JSON.stringify({
    ...e,
    validation: { ...v, values: [shiftFormula(String(v.values[0]), -row0, 0)] },
  });
}

function sheetSnapshot(wb: Workbook, model: SheetModel): SheetSnapshot {
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
  const serialized = wb.hf.getSheetSerialized(model.hfId);
  for (const [r, row] of serialized.entries()) {
    for (const [c, content] of row.entries()) {
      if (content === null || content === undefined) continue;
      const addr = { sheet: model.hfId, row: r, col: c };
      if (wb.hf.doesCellHaveFormula(addr)) entry(r, c).f = wb.formulaAt(model, r, c);
      else if (!wb.hf.isCellPartOfArray(addr)) entry(r, c).v = content as string | number | boolean;
    }
  }
  for (const [r, c, m] of model.metas()) {
    const e = entry(r, c);
    if (m.numberFormat !== undefined) e.numberFormat = m.numberFormat;
    if (m.fontWeight !== undefined) e.fontWeight = m.fontWeight;
    if (m.background !== undefined) e.background = m.background;
    if (m.note !== undefined) e.note = m.note;
    if (m.validation !== undefined) e.validation = ownValidation(m.validation);
  }
  const byColumn = new Map<number, [number, CellSnapshot, string][]>();
  for (const [r, row] of perCell) {
    for (const [c, e] of row) {
      if (Object.keys(e).length === 0) continue;
      const list = byColumn.get(c) ?? [];
      byColumn.set(c, list);
      list.push([r, e, e.f === undefined ? runKey(e, r) : '']);
    }
  }
  const cells: Record<string, CellSnapshot> = {};
  for (const [c, list] of [...byColumn].sort(([a], [b]) => a - b)) {
    list.sort(([a], [b]) => a - b);
    let run: { row: number; entry: CellSnapshot; key: string; length: number } | undefined;
    const close = () => {
      if (run) cells[boxA1({ row: run.row + 1, col: c + 1, numRows: run.length, numCols: 1 })] = run.entry;
    };
    for (const [r, entry, key] of list) {
      if (run && key !== '' && key === run.key && r === run.row + run.length) {
        run.length++;
        continue;
      }
      close();
      run = { row: r, entry, key, length: 1 };
    }
    close();
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
}

export function snapshotOf(wb: Workbook): WorkbookSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    id: wb.id,
    name: wb.name,
    ...(wb.timeZone !== 'Etc/UTC' ? { timeZone: wb.timeZone } : {}),
    ...(wb.locale !== 'en_US' ? { locale: wb.locale } : {}),
    properties: Object.fromEntries(wb.properties),
    ...userPropertiesOf(wb),
    sheets: wb.sheets.map((model) => sheetSnapshot(wb, model)),
    ...peopleSnapshot(wb),
  };
}

/** The users' properties, kept only when some user has one. */
function userPropertiesOf(wb: Workbook): Pick<WorkbookSnapshot, 'userProperties'> {
  const users = [...wb.userProperties].filter(([, store]) => store.size > 0);
  return users.length === 0
    ? {}
    : { userProperties: Object.fromEntries(users.map(([u, store]) => [u, Object.fromEntries(store)])) };
}

/** The people and protections, kept only when there is something besides the default owner. */
function peopleSnapshot(wb: Workbook): Pick<WorkbookSnapshot, 'people' | 'protections'> {
  const { people, protections } = wb.people.snapshot();
  const plain = people.editors.length === 0 && people.domain === null && people.owner === 'owner@example.com';
  return { ...(plain ? {} : { people }), ...(protections.length > 0 ? { protections } : {}) };
}

/** A run's rule at a cell `rows` below its first: a custom formula moved down with it. */
function movedDown(v: ValidationSpec, rows: number): ValidationSpec {
  const spec = structuredClone(v);
  if (spec.criteria !== 'CUSTOM_FORMULA') return spec;
  return { ...spec, values: [shiftFormula(String(spec.values[0]), rows, 0)] };
}

/**
 * Loads a snapshot into an empty workbook. A saved document opens with its formulas computed, so the custom
 * functions run once at the end.
 */
export function restoreSnapshot(wb: Workbook, snapshot: WorkbookSnapshot): void {
  if (snapshot?.format !== SNAPSHOT_FORMAT) {
    throw new Error(
      `Not a workbook snapshot (format "${String(snapshot?.format)}", expected "${SNAPSHOT_FORMAT}")`,
    );
  }
  if (wb.sheets.length > 0) throw new Error('restore() needs an empty workbook');
  wb.id = snapshot.id;
  wb.name = snapshot.name;
  wb.timeZone = snapshot.timeZone ?? 'Etc/UTC';
  wb.locale = snapshot.locale ?? 'en_US';
  for (const [k, v] of Object.entries(snapshot.properties ?? {})) wb.properties.set(k, v);
  for (const [user, store] of Object.entries(snapshot.userProperties ?? {}))
    wb.userProperties.set(user, new Map(Object.entries(store)));
  // Every cell's box, checked before anything of the sheet is written.
  const sheets = snapshot.sheets.map((s) => {
    const model = wb.addSheet(s.name, { rows: s.maxRows, columns: s.maxColumns, sheetId: s.sheetId });
    const cells = Object.entries(s.cells).map(([a1, cell]) => {
      const box = parseA1(a1, model.maxRows, model.maxColumns);
      if (!box) throw new Error(`Bad cell "${a1}" in sheet "${s.name}" of the snapshot`);
      return { box, cell };
    });
    return { s, model, cells };
  });
  for (const { s, model, cells } of sheets) {
    model.frozenRows = s.frozenRows ?? 0;
    for (const [c, w] of Object.entries(s.columnWidths ?? {})) model.columnWidths.set(Number(c), w);
    model.conditionalRules = structuredClone(s.conditionalRules ?? []);
    for (const { box, cell } of cells) {
      if (!cell.numberFormat && !cell.fontWeight && !cell.background && !cell.note && !cell.validation)
        continue;
      for (let r = box.row - 1; r < box.row - 1 + box.numRows; r++) {
        for (let c = box.col - 1; c < box.col - 1 + box.numCols; c++) {
          model.editMeta(r, c, (m) => {
            m.numberFormat = cell.numberFormat;
            m.fontWeight = cell.fontWeight;
            m.background = cell.background;
            m.note = cell.note;
            m.validation = cell.validation && movedDown(cell.validation, r - (box.row - 1));
          });
        }
      }
    }
  }
  // Values once every sheet exists, one sheet-wide write each; then the formulas in one change.
  const formulas: [SheetModel, number, number, string][] = [];
  wb.apply(() => {
    for (const { model, cells } of sheets) {
      const grid: RawCellContent[][] = [];
      for (const { box, cell } of cells) {
        if (cell.f === undefined && cell.v === undefined) continue;
        for (let r = box.row - 1; r < box.row - 1 + box.numRows; r++) {
          const row = grid[r] ?? [];
          grid[r] = row;
          for (let c = box.col - 1; c < box.col - 1 + box.numCols; c++) {
            if (cell.f !== undefined) formulas.push([model, r, c, cell.f]);
            else row[c] = cell.v;
          }
        }
      }
      let width = 0;
      for (let r = 0; r < grid.length; r++) width = Math.max(width, grid[r]?.length ?? 0); // grid is sparse
      const dense = Array.from({ length: grid.length }, (_, r) =>
        Array.from({ length: width }, (_, c) => grid[r]?.[c] ?? null),
      );
      wb.hf.setSheetContent(model.hfId, dense);
    }
  });
  wb.apply(() => {
    for (const [model, r, c, f] of formulas) {
      wb.hf.setCellContents({ sheet: model.hfId, row: r, col: c }, wb.engineFormula(model, r, c, f));
    }
  });
  wb.people.restore(snapshot.people, snapshot.protections, (name) => wb.sheetOrThrow(name));
  wb.recalculate();
}
