// Completion: the writes that give one surveyed sheet what it lacks (columns and rows, headers, formulas, number
// formats, validations, records, Status tints, frozen header rows), each block in one call. What to write is
// worked out in additions.ts; this module makes the calls.
import type { DataValidationApi, RangeApi, SheetApi, SpreadsheetAppApi } from '../gas';
import type { NumberRange } from '../../contract/columns';
import { asText } from '../sheet-table';
import { columnLetter } from '../table';
import {
  DEFAULT_NUMBER_FORMAT,
  fillMissing,
  fillSettingDropdowns,
  formatColumns,
  headerFormulas,
  isDefaultFormat,
  isPlainTextColumn,
  lastPreparedRow,
  layRecords,
  missingTints,
  plural,
  recordsToAdd,
  ruleColumns,
  runsOf,
  type Surveys,
  settingNames,
  tintFormula,
} from './additions';
import { list, type Rule, type SetupRow } from './schema';
import { columnOf, type SheetSurvey } from './survey';
import { headerNote } from './header-notes';

/**
 * The custom formula accepting exactly a number range at a cell, e.g. `=AND(ISNUMBER(F2),F2=INT(F2),F2>=0,
 * F2<=1000)` (`;` between arguments in a decimal-comma locale): Sheets' number rules let fractions through. The
 * formula names the first cell of the range it is set on; Google moves its relative references to each other
 * cell, as a fill does.
 */
function rangeFormula(range: NumberRange, cell: string, sep: string): string {
  const checks = [
    `ISNUMBER(${cell})`,
    ...(range.whole ? [`${cell}=INT(${cell})`] : []),
    `${cell}>=${range.min}`,
    `${cell}<=${range.max}`,
  ];
  return `=AND(${checks.join(sep)})`;
}

/**
 * A column's validation at one cell. Every rule warns (marks the cell) instead of refusing: a script's write
 * into a refusing cell throws, and apply, undo, new round and save must never be refused, whatever a cell
 * held before the rule came.
 */
function buildRule(app: SpreadsheetAppApi, rule: Rule, cell: string, sep: string): DataValidationApi {
  const builder = app.newDataValidation();
  if (rule.kind === 'checkbox') return builder.requireCheckbox().setAllowInvalid(true).build();
  if (rule.kind === 'list')
    return builder
      .requireValueInList([...rule.values], true)
      .setAllowInvalid(true)
      .build();
  if (rule.kind === 'army')
    return builder
      .requireFormulaSatisfied(`=ISERROR(FIND(","${sep}${cell}))`)
      .setAllowInvalid(true)
      .setHelpText(rule.help)
      .build();
  return builder
    .requireFormulaSatisfied(rangeFormula(rule.range, cell, sep))
    .setAllowInvalid(true)
    .setHelpText(rule.help)
    .build();
}

/**
 * Each ruled column's maker of the rule for a run of its cells starting at `row`. A number check or an army check
 * names the run's first cell, so it is built per run; a checkbox or a dropdown is the same for every cell, so it
 * is built once and shared.
 */
export function ruleMakers(
  app: SpreadsheetAppApi,
  columns: ReadonlyMap<number, Rule>,
  sep = ',',
): Map<number, (row: number) => DataValidationApi> {
  return new Map(
    [...columns].map(([column, rule]) => {
      if (rule.kind === 'checkbox' || rule.kind === 'list') {
        let built: DataValidationApi | undefined;
        return [column, () => (built ??= buildRule(app, rule, '', sep))];
      }
      return [column, (row: number) => buildRule(app, rule, `${columnLetter(column)}${row}`, sep)];
    }),
  );
}

/** The runs of rows (offset from the first, and length) where a column of read rules lacks set-up's rule. */
export function runsLacking(
  rules: readonly (readonly (DataValidationApi | null)[])[],
  offset: number,
): [number, number][] {
  const runs: [number, number][] = [];
  rules.forEach((row, r) => {
    if (!lacksRule(row[offset] ?? null)) return;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === r) last[1]++;
    else runs.push([r, 1]);
  });
  return runs;
}

/**
 * Gives ruled columns their rule where cells lack one: one read over the columns' span, then one
 * setDataValidation per run of cells lacking it (a new sheet's cells lack it all: one per column), so the builder
 * calls grow with the runs, not the rows. Cells between runs keep the rule they have. Returns the columns completed.
 */
function completeRules(
  sheet: SheetApi,
  created: boolean,
  firstRow: number,
  numRows: number,
  makers: ReadonlyMap<number, (row: number) => DataValidationApi>,
): number {
  if (makers.size === 0 || numRows < 1) return 0;
  const first = Math.min(...makers.keys());
  const width = Math.max(...makers.keys()) - first + 1;
  const current = created ? null : sheet.getRange(firstRow, first, numRows, width).getDataValidations();
  let completed = 0;
  for (const [column, make] of [...makers].sort(([a], [b]) => a - b)) {
    const runs: [number, number][] = current ? runsLacking(current, column - first) : [[0, numRows]];
    if (runs.length > 0) completed++;
    for (const [start, length] of runs) {
      sheet.getRange(firstRow + start, column, length, 1).setDataValidation(make(firstRow + start));
    }
  }
  return completed;
}

/** A cell lacks set-up's rule when it has none, or one that refuses input (an older set-up's number check). */
const lacksRule = (v: DataValidationApi | null): boolean => v === null || !v.getAllowInvalid();

/**
 * Gives cells of some columns a validation or format where they have none, in one read and one write over the
 * columns' span (a new sheet's cells are read as blank): other cells in the span are written back as they were.
 * Returns how many columns it completed.
 */
function completeCells<T>(
  sheet: SheetApi,
  created: boolean,
  firstRow: number,
  numRows: number,
  columns: ReadonlyMap<number, (row: number) => T>,
  cellsOf: { read: (range: RangeApi) => T[][]; write: (range: RangeApi, cells: T[][]) => void },
  isMissing: (cell: T) => boolean,
  blank: T,
): number {
  if (columns.size === 0 || numRows < 1) return 0;
  const first = Math.min(...columns.keys());
  const width = Math.max(...columns.keys()) - first + 1;
  const range = sheet.getRange(firstRow, first, numRows, width);
  const cells: T[][] = created
    ? Array.from({ length: numRows }, () => Array.from({ length: width }, () => blank))
    : cellsOf.read(range);
  const filled = fillMissing(cells, first, columns, isMissing, (r) => firstRow + r);
  if (filled > 0) cellsOf.write(range, cells);
  return filled;
}

const FORMATS = {
  read: (r: RangeApi) => r.getNumberFormats(),
  write: (r: RangeApi, cells: string[][]) => {
    r.setNumberFormats(cells);
  },
};

/** Writes what one surveyed sheet lacks; returns what it added, in words. */
export function completeSheet(
  app: SpreadsheetAppApi,
  surveys: Surveys,
  sheet: SheetApi,
  survey: SheetSurvey,
  sample: boolean,
  sep = ',',
  firstGM = '',
): string[] {
  const { spec, created, headerRow } = survey;
  const firstRecordRow = headerRow + 1;
  const added: string[] = [];

  // Columns: an insert between the table and its computed columns, then room for everything on the right.
  let maxColumns = survey.maxColumns;
  if (survey.insertColumns) {
    sheet.insertColumnsAfter(survey.oldTableEnd, survey.newHeaders.length);
    maxColumns += survey.newHeaders.length;
  }
  if (survey.usedEnd > maxColumns) sheet.insertColumnsAfter(maxColumns, survey.usedEnd - maxColumns);

  // Rows the records, validations and formats reach.
  const rows = recordsToAdd(survey, sample, firstGM);
  const firstNewRow = survey.lastRecordRow + 1;
  const lastRow = lastPreparedRow(survey, rows.length);
  const { maxRows } = survey;
  if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);

  // Header row: missing headers (one block), formulas (one write per run of adjacent cells), bold new cells.
  if (created) added.push('new sheet');
  const { newHeaders, oldTableEnd } = survey;
  const bold = new Map<number, true>();
  if (newHeaders.length > 0) {
    const block = sheet.getRange(headerRow, oldTableEnd + 1, 1, newHeaders.length);
    block.setValues([newHeaders.map(asText)]);
    // What to type, on the header cells a newcomer may not know (one call, only when a new header has a note).
    const notes = newHeaders.map((h) => headerNote(spec.key, h));
    if (notes.some((n) => n !== '')) block.setNotes([notes]);
    for (let i = 0; i < newHeaders.length; i++) bold.set(oldTableEnd + 1 + i, true);
    const columns = plural(newHeaders.length, 'column');
    added.push(created ? columns : `${columns} (${newHeaders.join(', ')})`);
  }
  const formulas = headerFormulas(surveys, survey, sep);
  for (const { first, values } of runsOf(formulas.formulas)) {
    sheet.getRange(headerRow, first, 1, values.length).setFormulas([values]);
  }
  for (const column of formulas.bold) bold.set(column, true);
  for (const { first, values } of runsOf(bold)) {
    sheet.getRange(headerRow, first, 1, values.length).setFontWeight('bold');
  }
  if (formulas.placed.length > 0) {
    added.push(`${plural(formulas.placed.length, 'formula')} (${formulas.placed.join('; ')})`);
  }
  if (formulas.updated.length > 0) added.push(`formula ranges updated (${formulas.updated.join('; ')})`);

  // Number formats: table columns, and result columns of computed formulas.
  const formats = new Map([...formatColumns(survey)].map(([column, format]) => [column, () => format]));
  const numRows = lastRow - headerRow;
  const formatted = completeCells(
    sheet,
    created,
    firstRecordRow,
    numRows,
    formats,
    FORMATS,
    isDefaultFormat,
    DEFAULT_NUMBER_FORMAT,
  );
  if (formatted > 0) added.push(`number formats in ${plural(formatted, 'column')}`);

  // Validations: every ruled column down to lastRow; Settings: the Value cell of each known setting.
  const rules = ruleMakers(app, ruleColumns(survey), sep);
  const ruled = completeRules(sheet, created, firstRecordRow, numRows, rules);
  if (ruled > 0) added.push(`checkboxes, dropdowns and number checks in ${plural(ruled, 'column')}`);
  const dropdowns = spec.key === 'settings' ? settingDropdowns(app, sheet, survey, rows) : 0;
  if (dropdowns > 0) added.push(`${plural(dropdowns, 'dropdown')} of setting values`);

  // Records, after the formats (text typed into a plain-text column stays text: 4/2/1 is no date).
  if (rows.length > 0) {
    sheet
      .getRange(firstNewRow, 1, rows.length, survey.tableEnd)
      .setValues(
        layRecords(survey, rows, firstNewRow).map((row) =>
          row.map((v, c) => (isPlainTextColumn(survey, c) ? v : asText(v))),
        ),
      );
    added.push(plural(rows.length, spec.key === 'settings' ? 'setting' : 'row'));
  }

  if (spec.statusTint) {
    const tints = statusTints(app, sheet, survey, Math.max(lastRow, maxRows));
    if (tints.length > 0) added.push(`row tints for ${tints.join(', ')}`);
  }

  if (created || sheet.getFrozenRows() < headerRow) {
    sheet.setFrozenRows(headerRow);
    if (!created) added.push(headerRow === 1 ? 'header row frozen' : `rows 1-${headerRow} frozen`);
  }
  return added;
}

/** A dropdown of its values on the Value cell of each known setting that has no validation. */
function settingDropdowns(
  app: SpreadsheetAppApi,
  sheet: SheetApi,
  survey: SheetSurvey,
  added: readonly SetupRow[],
): number {
  const names = settingNames(survey, added);
  if (names.length === 0) return 0;
  const valueRange = sheet.getRange(survey.headerRow + 1, columnOf(survey, 'Value'), names.length, 1);
  const current: (DataValidationApi | null)[][] = survey.created
    ? names.map(() => [null])
    : valueRange.getDataValidations();
  const filled = fillSettingDropdowns(names, current, (values) => buildRule(app, list(values), '', ','));
  if (filled > 0) valueRange.setDataValidations(current);
  return filled;
}

/** Adds the Status row tints the Units sheet lacks, over every row down to lastRow; returns their statuses. */
function statusTints(
  app: SpreadsheetAppApi,
  sheet: SheetApi,
  survey: SheetSurvey,
  lastRow: number,
): string[] {
  const rules = survey.created ? [] : sheet.getConditionalFormatRules();
  const missing = missingTints(rules.map((r) => r.getBooleanCondition()?.getCriteriaValues() ?? []));
  if (missing.length === 0) return [];
  const range = sheet.getRange(survey.headerRow + 1, 1, lastRow - survey.headerRow, survey.usedEnd);
  const added = missing.map(([status, colour]) =>
    app
      .newConditionalFormatRule()
      .whenFormulaSatisfied(tintFormula(survey, status))
      .setBackground(colour)
      .setRanges([range])
      .build(),
  );
  sheet.setConditionalFormatRules([...rules, ...added]);
  return missing.map(([status]) => status);
}
