// Surveys of made-up sheets for the set-up's unit tests: a table spec by key, and a sheet surveyed from rows.
import type { Cell } from '../../../src/contract/cells';
import { setupTables, type TableKey, type TableSpec } from '../../../src/sheets/setup/schema';
import { headerRowOf, type SheetSurvey, surveySheet } from '../../../src/sheets/setup/survey';
import type { Surveys } from '../../../src/sheets/setup/additions';
import { SHEET_NAMES } from '../../../src/sheets/sheet-names';

export function specOf(key: TableKey): TableSpec {
  const spec = setupTables().find((t) => t.key === key);
  if (!spec) throw new Error(`no table ${key} in setupTables()`);
  return spec;
}

/** What a test says of a sheet: its cells from A1 (none for a new sheet) and its header row's formulas. */
export interface Sheet {
  readonly rows?: readonly (readonly Cell[])[];
  readonly formulas?: readonly string[];
  readonly name?: string;
  readonly maxRows?: number;
  readonly maxColumns?: number;
}

/** A sheet surveyed as set-up would: new when it has no rows; its header row found in them. */
export function surveyed(key: TableKey, sheet: Sheet = {}): SheetSurvey {
  const spec = specOf(key);
  const rows = sheet.rows ?? [];
  const lastColumn = Math.max(0, ...rows.map((r) => r.length));
  const headerRow = headerRowOf(spec, rows);
  if (headerRow === undefined) throw new Error(`no header row in the ${key} rows given`);
  return surveySheet(spec, {
    name: sheet.name ?? SHEET_NAMES[key],
    created: rows.length === 0,
    rows: rows.map((r) => [...r, ...Array.from({ length: lastColumn - r.length }, () => '')]),
    headerRow,
    headerFormulas: sheet.formulas ?? [],
    lastColumn,
    maxRows: sheet.maxRows ?? 1000,
    maxColumns: sheet.maxColumns ?? 26,
  });
}

/** Every table's survey: new sheets, but those given. */
export function surveysOf(sheets: Partial<Record<TableKey, Sheet>> = {}): Surveys {
  return new Map(setupTables().map((spec) => [spec.key, surveyed(spec.key, sheets[spec.key])]));
}
