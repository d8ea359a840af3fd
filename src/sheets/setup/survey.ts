// The survey of one sheet before set-up writes anything: its header row (a title may sit above it), the headers
// and formulas it has, where the missing ones go, and its records. Plain arrays in, plain data out: set-up.ts
// reads the sheet.
import { SHEET_NAMES } from '../sheet-names';
import { findHeaderRow, HEADER_SEARCH_ROWS, headerKey, isBlankRow } from '../table';
import type { Cell } from '../../contract/cells';
import type { ComputedColumns, TableSpec } from './schema';

/** A sheet's header row; a sheet of formulas only (Armies) has none to find: its formula sits in row 1. */
export const headerRowOf = (spec: TableSpec, rows: readonly (readonly Cell[])[]): number | undefined =>
  spec.headers.length === 0 ? 1 : findHeaderRow(rows, spec.headers);

/**
 * How many rows to read from row 1 of a sheet whose content ends at lastRow: the header search, and the records
 * under it when the run needs them (to prepare rows past them, or to find the settings missing). At least one.
 */
export function rowsToRead(spec: TableSpec, lastRow: number): number {
  const needsRecords = spec.rowsAhead > 0 || spec.key === 'settings';
  return Math.max(needsRecords ? lastRow : Math.min(lastRow, HEADER_SEARCH_ROWS), 1);
}

/** Why a sheet cannot be set up: no header row to complete, and a row 1 the headers would have to share. */
export const noHeaderRow = (spec: TableSpec): string =>
  `${SHEET_NAMES[spec.key]}: none of the first ${HEADER_SEARCH_ROWS} rows holds its headers ` +
  `(${spec.headers.slice(0, 4).join(', ')}${spec.headers.length > 4 ? ', …' : ''}) and row 1 is not empty. ` +
  'Type the headers in one row above the table (a title may stay above them), or rename the sheet to keep it ' +
  'as it is, then run the set-up again.';

/** What set-up reads of a sheet (a new one: nothing), the header row found in it. */
export interface SheetContents {
  /** The sheet's name as the spreadsheet spells it (names match without case, as in Sheets). */
  readonly name: string;
  readonly created: boolean;
  /** Rows 1..rowsToRead over columns 1..lastColumn as read; none when the sheet is empty. */
  readonly rows: readonly (readonly Cell[])[];
  readonly headerRow: number;
  /** The header row's formulas over columns 1..lastColumn ('' where a cell holds none). */
  readonly headerFormulas: readonly string[];
  readonly lastColumn: number;
  readonly maxRows: number;
  readonly maxColumns: number;
}

/** Computed columns where they sit after this run, and the formula in their header cell now ('' for none). */
export interface ComputedPlacement {
  readonly columns: ComputedColumns;
  readonly column: number;
  readonly formula: string;
}

/** One sheet surveyed: what is there, and what this run adds where. */
export interface SheetSurvey {
  readonly spec: TableSpec;
  readonly name: string;
  readonly created: boolean;
  /** The table's header row (1-based): formulas go there, records, rules and formats below it. */
  readonly headerRow: number;
  readonly maxRows: number;
  readonly maxColumns: number;
  /** The table's last column before and after this run: the table is A..tableEnd, computed columns after it. */
  readonly oldTableEnd: number;
  readonly tableEnd: number;
  /** Header keys of columns 1..tableEnd after this run. */
  readonly keys: readonly string[];
  /** Headers this run adds at oldTableEnd + 1 (inserting columns when computed columns sit there). */
  readonly newHeaders: readonly string[];
  readonly insertColumns: boolean;
  /** The computed columns this sheet has or gets (the spec's, or those they replace where the sheet has them). */
  readonly computed: readonly ComputedPlacement[];
  /** Last column any content or computed result reaches after this run. */
  readonly usedEnd: number;
  /** Rows headerRow+1..rowsToRead over columns 1..oldTableEnd as they were. */
  readonly records: readonly (readonly Cell[])[];
  /** Last row holding a record (headerRow when none). */
  readonly lastRecordRow: number;
}

const FORMULA_CALL = /^=\s*([A-Za-z][\w.]*)\s*\(/;

/** The custom function a formula calls first, upper-cased: `=unitstats(A1:V)` → UNITSTATS. */
export const calledFunction = (formula: string): string | undefined =>
  FORMULA_CALL.exec(String(formula ?? ''))?.[1]?.toUpperCase();

/** A formula found in the header row: its column and its text. */
interface FoundFormula {
  readonly column: number;
  readonly formula: string;
}

/**
 * The spec's formulas (or those they replace) already in the header row, by function, the first of each: from
 * column B on, as a table needs a column left of them; from A on a sheet that holds only formulas.
 */
function formulasFound(spec: TableSpec, headerFormulas: readonly string[]): Map<string, FoundFormula> {
  const known = new Set(spec.computed.flatMap((c) => [c.fn, ...(c.replaces ?? [])]));
  const found = new Map<string, FoundFormula>();
  headerFormulas.forEach((formula, i) => {
    const fn = calledFunction(formula);
    if ((i > 0 || spec.headers.length === 0) && fn && known.has(fn) && !found.has(fn)) {
      found.set(fn, { column: i + 1, formula });
    }
  });
  return found;
}

/** A sheet's survey from what was read of it. */
export function surveySheet(spec: TableSpec, sheet: SheetContents): SheetSurvey {
  const { headerRow, lastColumn } = sheet;
  const values: readonly Cell[] = sheet.rows[headerRow - 1] ?? [];
  const found = formulasFound(spec, sheet.headerFormulas);
  // A sheet keeps older formulas that did the work of the spec's (one column each) while it lacks the spec's own.
  const computed = spec.computed.flatMap((c): ComputedColumns[] => {
    const older = (c.replaces ?? []).filter((fn) => found.has(fn));
    if (found.has(c.fn) || older.length === 0) return [c];
    return older.map((fn) => ({ fn, width: 1, reads: c.reads, formats: [] }));
  });
  const kept = [...found].filter(([fn]) => computed.some((c) => c.fn === fn)).map(([, f]) => f);
  const oldTableEnd = kept.length > 0 ? Math.min(...kept.map((f) => f.column)) - 1 : lastColumn;
  const present = values.slice(0, oldTableEnd).map(headerKey);
  const newHeaders = spec.headers.filter((h) => !present.includes(headerKey(h)));
  const added = newHeaders.length;
  const insertColumns = added > 0 && kept.length > 0;

  // Computed columns right of the table move with an insert; missing ones go after everything used.
  let usedEnd = lastColumn + added;
  const shift = insertColumns ? added : 0;
  for (const c of computed) {
    const at = found.get(c.fn);
    if (at) usedEnd = Math.max(usedEnd, at.column + shift + c.width - 1);
  }
  const placements = computed.map((c): ComputedPlacement => {
    const at = found.get(c.fn);
    if (at) return { columns: c, column: at.column + shift, formula: at.formula };
    usedEnd += c.width;
    return { columns: c, column: usedEnd - c.width + 1, formula: '' };
  });

  const records = sheet.rows.slice(headerRow).map((row) => row.slice(0, oldTableEnd));
  let lastRecordRow = headerRow;
  records.forEach((row, i) => {
    if (!isBlankRow(row)) lastRecordRow = headerRow + 1 + i;
  });
  return {
    spec,
    name: sheet.name,
    created: sheet.created,
    headerRow,
    maxRows: sheet.maxRows,
    maxColumns: sheet.maxColumns,
    oldTableEnd,
    tableEnd: oldTableEnd + added,
    keys: [...present, ...newHeaders.map(headerKey)],
    newHeaders,
    insertColumns,
    computed: placements,
    usedEnd,
    records,
    lastRecordRow,
  };
}

/** The 1-based column of a header of the surveyed table (after this run). */
export function columnOf(survey: SheetSurvey, header: string): number {
  const i = survey.keys.indexOf(headerKey(header));
  if (i < 0) throw new Error(`Set-up: ${survey.name} has no column ${header} after its survey`);
  return i + 1;
}
