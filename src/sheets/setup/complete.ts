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

/**
 * The custom formula accepting exactly a number range at one cell, e.g. `=AND(ISNUMBER(F2),F2=INT(F2),F2>=0,
 * F2<=1000)`: Sheets' number rules let fractions through, and each cell names itself (a rule set cell by cell
 * reads its formula at that cell).
 */
function rangeFormula(range: NumberRange, cell: string): string {
  const checks = [
    `ISNUMBER(${cell})`,
    ...(range.whole ? [`${cell}=INT(${cell})`] : []),
    `${cell}>=${range.min}`,
    `${cell}<=${range.max}`,
  ];
  return `=AND(${checks.join(',')})`;
}

/**
 * A column's validation at one cell. Every rule warns (marks the cell) instead of refusing: a script's write
 * into a refusing cell throws, and apply, undo, new round and save must never be refused, whatever a cell
 * held before the rule came.
 */
function buildRule(app: SpreadsheetAppApi, rule: Rule, cell: string): DataValidationApi {
  const builder = app.newDataValidation();
  if (rule.kind === 'checkbox') return builder.requireCheckbox().setAllowInvalid(true).build();
  if (rule.kind === 'list')
    return builder
      .requireValueInList([...rule.values], true)
      .setAllowInvalid(true)
      .build();
  if (rule.kind === 'army')
    return builder
      .requireFormulaSatisfied(`=ISERROR(FIND(",",${cell}))`)
      .setAllowInvalid(true)
      .setHelpText(rule.help)
      .build();
  return builder
    .requireFormulaSatisfied(rangeFormula(rule.range, cell))
    .setAllowInvalid(true)
    .setHelpText(rule.help)
    .build();
}

/**
 * Each ruled column's maker of a cell's rule. A number check or an army check names its own cell, so it is built
 * per cell; a checkbox or a dropdown is the same for every cell, so it is built once and shared down the column.
 */
export function ruleMakers(
  app: SpreadsheetAppApi,
  columns: ReadonlyMap<number, Rule>,
): Map<number, (row: number) => DataValidationApi> {
  return new Map(
    [...columns].map(([column, rule]) => {
      if (rule.kind === 'checkbox' || rule.kind === 'list') {
        let built: DataValidationApi | undefined;
        return [column, () => (built ??= buildRule(app, rule, ''))];
      }
      return [column, (row: number) => buildRule(app, rule, `${columnLetter(column)}${row}`)];
    }),
  );
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
const VALIDATIONS = {
  read: (r: RangeApi) => r.getDataValidations(),
  write: (r: RangeApi, cells: (DataValidationApi | null)[][]) => {
    r.setDataValidations(cells);
  },
};

/** Writes what one surveyed sheet lacks; returns what it added, in words. */
export function completeSheet(
  app: SpreadsheetAppApi,
  surveys: Surveys,
  sheet: SheetApi,
  survey: SheetSurvey,
  sample: boolean,
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
  const rows = recordsToAdd(survey, sample);
  const firstNewRow = survey.lastRecordRow + 1;
  const lastRow = lastPreparedRow(survey, rows.length);
  const { maxRows } = survey;
  if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);

  // Header row: missing headers (one block), formulas (one write per run of adjacent cells), bold new cells.
  if (created) added.push('new sheet');
  const { newHeaders, oldTableEnd } = survey;
  const bold = new Map<number, true>();
  if (newHeaders.length > 0) {
    sheet.getRange(headerRow, oldTableEnd + 1, 1, newHeaders.length).setValues([newHeaders.map(asText)]);
    for (let i = 0; i < newHeaders.length; i++) bold.set(oldTableEnd + 1 + i, true);
    const columns = plural(newHeaders.length, 'column');
    added.push(created ? columns : `${columns} (${newHeaders.join(', ')})`);
  }
  const formulas = headerFormulas(surveys, survey);
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
  const rules = ruleMakers(app, ruleColumns(survey));
  const ruled = completeCells(sheet, created, firstRecordRow, numRows, rules, VALIDATIONS, lacksRule, null);
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
  const filled = fillSettingDropdowns(names, current, (values) => buildRule(app, list(values), ''));
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
