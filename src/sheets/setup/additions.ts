// What completion writes into a surveyed sheet, worked out on plain arrays: the header row's formulas, the
// records laid out in the sheet's columns, the rows prepared, the cells that lack a format or a validation, the
// settings' dropdowns and the Status tints. complete.ts makes the calls.
import { settingRows } from '../settings';
import { SHEET_NAMES } from '../sheet-names';
import { columnLetter, headerKey } from '../table';
import type { Cell } from '../../contract/cells';
import {
  SAMPLE_SEASON,
  sampleBattles,
  sampleCharacters,
  sampleLedger,
  sampleRealms,
  sampleUnits,
  unitLibrary,
} from './sample';
import {
  type ComputedColumns,
  ROWS_PAST_LAST_RECORD,
  type Rule,
  STATUS_TINTS,
  type SetupRow,
  type TableKey,
} from './schema';
import { columnOf, type SheetSurvey } from './survey';

/** Every sheet's survey, by table. */
export type Surveys = ReadonlyMap<TableKey, SheetSurvey>;

/** What getNumberFormat answers for a cell nobody formatted; set-up writes it where it sets no other format. */
export const DEFAULT_NUMBER_FORMAT = '0.###############';
/** Cell formats a sheet shows by default: no format of the user's to keep (a list, so loading builds nothing). */
const DEFAULT_FORMATS: readonly string[] = ['', 'general', DEFAULT_NUMBER_FORMAT];
export const isDefaultFormat = (format: string): boolean =>
  DEFAULT_FORMATS.includes(String(format ?? '').toLowerCase());

/** A sheet name as a formula writes it: quoted unless it is a plain word. */
export const quoteSheet = (name: string): string =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;

/** Column letters of a 1-based column number: 1 → A, 27 → AA. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A table's survey; every table set-up makes is surveyed before any is completed. */
export function surveyOf(surveys: Surveys, table: TableKey): SheetSurvey {
  const survey = surveys.get(table);
  if (!survey) throw new Error(`Set-up: the ${SHEET_NAMES[table]} sheet was not surveyed`);
  return survey;
}

/** A table's range as a formula argument, from its header row: A1:V on its own sheet, Units!A3:V from another. */
export function tableRange(surveys: Surveys, table: TableKey, from: TableKey): string {
  const survey = surveyOf(surveys, table);
  const range = `A${survey.headerRow}:${columnLetter(survey.tableEnd)}`;
  return table === from ? range : `${quoteSheet(survey.name)}!${range}`;
}

/** The formula of computed columns placed in the `from` table's sheet. */
const formulaOf = (surveys: Surveys, c: ComputedColumns, from: TableKey, sep: string): string =>
  `=${c.fn}(${c.reads.map((t) => tableRange(surveys, t, from)).join(`${sep} `)})`;

/** This run adds columns to the table: formulas reading it need their ranges widened. */
const widened = (survey: SheetSurvey): boolean => survey.tableEnd !== survey.oldTableEnd;

/** The header row's formulas a run writes, and the words for them. */
export interface HeaderFormulas {
  /** Formula text by column. */
  readonly formulas: ReadonlyMap<number, string>;
  /** Columns of new formulas' results, bold as headers (an updated formula's are bold already). */
  readonly bold: readonly number[];
  /** `formula in cell` of each formula placed, then of each whose ranges were updated. */
  readonly placed: readonly string[];
  readonly updated: readonly string[];
}

/**
 * The formulas a sheet lacks, and those to rewrite: a formula a user wrote stays unless it shows #REF! or reads
 * a table this run widens (then it reads the whole table again).
 */
export function headerFormulas(surveys: Surveys, survey: SheetSurvey, sep = ','): HeaderFormulas {
  const formulas = new Map<number, string>();
  const bold: number[] = [];
  const placed: string[] = [];
  const updated: string[] = [];
  for (const { columns, column, formula: now } of survey.computed) {
    const formula = formulaOf(surveys, columns, survey.spec.key, sep);
    const stale =
      now !== '' &&
      now !== formula &&
      (now.includes('#REF!') || columns.reads.some((t) => widened(surveyOf(surveys, t))));
    if (now !== '' && !stale) continue;
    formulas.set(column, formula);
    if (!stale) for (let i = 0; i < columns.width; i++) bold.push(column + i);
    (stale ? updated : placed).push(`${formula} in ${columnLetter(column)}${survey.headerRow}`);
  }
  return { formulas, bold, placed, updated };
}

/** Runs of adjacent columns, left to right: each its first column and the values of its columns in order. */
export function runsOf<T>(cells: ReadonlyMap<number, T>): { first: number; values: T[] }[] {
  const out: { first: number; values: T[] }[] = [];
  for (const [column, value] of [...cells].sort(([x], [y]) => x - y)) {
    const last = out[out.length - 1];
    if (last && last.first + last.values.length === column) last.values.push(value);
    else out.push({ first: column, values: [value] });
  }
  return out;
}

/**
 * The records this run adds to a table: the Library's units, missing settings, the sample's rows, and on an empty
 * Players sheet the person running set-up as its first GM (`firstGM`, '' when Google gives no email).
 */
export function recordsToAdd(survey: SheetSurvey, sample: boolean, firstGM = ''): readonly SetupRow[] {
  const key = survey.spec.key;
  if (key === 'settings') {
    const column = columnOf(survey, 'Setting') - 1;
    const have = new Set(survey.records.map((row) => headerKey(row[column])));
    const missing: SetupRow[] = settingRows()
      .filter((s) => !have.has(headerKey(s.name)))
      .map((s) => ({
        Setting: s.name,
        Value: s.default,
      }));
    // The sample campaign is being played in a season (SHEETS.md Settings `Season`): Collect the season needs one.
    if (sample && !have.has('season')) missing.push({ Setting: 'Season', Value: SAMPLE_SEASON });
    return missing;
  }
  if (survey.lastRecordRow > survey.headerRow) return [];
  if (key === 'library') return unitLibrary();
  if (key === 'players') return firstGM === '' ? [] : [{ Player: firstGM, Role: 'GM' }];
  if (!sample) return [];
  if (key === 'units') return sampleUnits();
  if (key === 'characters') return sampleCharacters();
  if (key === 'battles') return sampleBattles();
  if (key === 'realms') return sampleRealms();
  if (key === 'treasury') return sampleLedger();
  return [];
}

/**
 * Whether a column of the table is one set-up formats as plain text: there an apostrophe would be kept as part of
 * the text, and none is needed (Sheets reads nothing into a plain-text cell).
 */
export function isPlainTextColumn(survey: SheetSurvey, index: number): boolean {
  const key = survey.keys[index];
  const header = survey.spec.headers.find((h) => headerKey(h) === key);
  return header !== undefined && survey.spec.formats[header] === '@';
}

/** A sheet that would take sample records but holds records already: the sample leaves it alone. */
export const sampleLeftAlone = (survey: SheetSurvey): boolean =>
  ['units', 'characters', 'battles'].includes(survey.spec.key) && survey.lastRecordRow > survey.headerRow;

/**
 * Records laid out in the sheet's column order from firstRow on, keeping whatever the rows held in columns the
 * records leave out; a checkbox column left out is unticked.
 */
export function layRecords(survey: SheetSurvey, rows: readonly SetupRow[], firstRow: number): Cell[][] {
  const byKey = rows.map((row) => new Map(Object.entries(row).map(([h, v]) => [headerKey(h), v])));
  return byKey.map((row, i) => {
    const old = survey.records[firstRow - survey.headerRow - 1 + i] ?? [];
    return survey.keys.map((key, c) => {
      if (row.has(key)) return row.get(key);
      if (c < old.length && old[c] !== '') return old[c];
      const header = survey.spec.headers.find((h) => headerKey(h) === key);
      return header !== undefined && survey.spec.rules[header]?.kind === 'checkbox' ? false : '';
    });
  });
}

/**
 * The last row validations and formats reach once `added` records follow the last one: at least rowsAhead data
 * rows, and ROWS_PAST_LAST_RECORD past the last record; a table with no rows ahead, its last record.
 */
export function lastPreparedRow(survey: SheetSurvey, added: number): number {
  const lastRecordRow = survey.lastRecordRow + added;
  return survey.spec.rowsAhead > 0
    ? Math.max(survey.headerRow + survey.spec.rowsAhead, lastRecordRow + ROWS_PAST_LAST_RECORD)
    : lastRecordRow;
}

/** The number format of each formatted column: the table's columns, and the computed results'. */
export function formatColumns(survey: SheetSurvey): Map<number, string> {
  const formats = new Map<number, string>();
  for (const [header, format] of Object.entries(survey.spec.formats)) {
    if (format !== undefined) formats.set(columnOf(survey, header), format);
  }
  for (const { columns, column } of survey.computed) {
    for (const [offset, format] of columns.formats) formats.set(column + offset, format);
  }
  return formats;
}

/** The rule of each ruled table column. */
export function ruleColumns(survey: SheetSurvey): Map<number, Rule> {
  const rules = new Map<number, Rule>();
  for (const [header, rule] of Object.entries(survey.spec.rules)) {
    if (rule !== undefined) rules.set(columnOf(survey, header), rule);
  }
  return rules;
}

/**
 * Fills, in cells read from column `first` on, the cells of the given columns that lack a value (a format, a
 * validation), each made for its sheet row (`rowOf` the index in `cells`); other cells stay. Returns how many
 * columns it filled.
 */
export function fillMissing<T>(
  cells: T[][],
  first: number,
  columns: ReadonlyMap<number, (row: number) => T>,
  isMissing: (value: T) => boolean,
  rowOf: (index: number) => number = (index) => index + 1,
): number {
  const filled = new Set<number>();
  cells.forEach((row, r) => {
    for (const [column, make] of columns) {
      const c = column - first;
      const cell = row[c];
      if (cell === undefined)
        throw new Error(`Set-up: row ${r + 1} of the cells read has no column ${column}`);
      if (!isMissing(cell)) continue;
      row[c] = make(rowOf(r));
      filled.add(column);
    }
  });
  return filled.size;
}

/** The setting names down the Settings table after this run: the records', then those added. */
export function settingNames(survey: SheetSurvey, added: readonly SetupRow[]): Cell[] {
  const column = columnOf(survey, 'Setting') - 1;
  return [
    ...survey.records.slice(0, survey.lastRecordRow - survey.headerRow).map((row) => row[column]),
    ...added.map((row) => row.Setting),
  ];
}

/**
 * Gives the Value cell of each row naming a known setting a dropdown of its values where it has no validation
 * (`current`, one cell a row, null for none). Returns how many it gave.
 */
export function fillSettingDropdowns<V>(
  names: readonly Cell[],
  current: (V | null)[][],
  dropdown: (values: readonly string[]) => V,
): number {
  let filled = 0;
  const settings = settingRows();
  names.forEach((name, i) => {
    const setting = settings.find((s) => headerKey(s.name) === headerKey(name));
    const row = current[i];
    if (!row) throw new Error(`Set-up: no validation read for setting row ${i + 1}`);
    if (!setting || row[0] !== null) return;
    row[0] = dropdown(setting.values);
    filled++;
  });
  return filled;
}

/**
 * The Status tints a Units sheet lacks, each with its colour, given the criteria of the sheet's conditional
 * format rules: a rule naming the status (`"routed"`, any case) counts as its tint.
 */
export function missingTints(criteria: readonly (readonly unknown[])[]): [status: string, colour: string][] {
  const conditions = criteria.map((values) => values.join(' ').toLowerCase());
  return Object.entries(STATUS_TINTS).filter(
    ([status]) => !conditions.some((c) => c.includes(`"${status.toLowerCase()}"`)),
  );
}

/** The condition of a Status tint: the row's Status cell, from the first record row down. */
export const tintFormula = (survey: SheetSurvey, status: string): string =>
  `=$${columnLetter(columnOf(survey, 'Status'))}${survey.headerRow + 1}="${status}"`;
