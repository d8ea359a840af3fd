// Warcard > Set up campaign (and Set up with sample campaign): the campaign's sheets with their header rows,
// formulas, validations and formats. A run adds only what is missing and never changes a cell a user wrote:
// it reads each sheet once and surveys it (survey.ts: its header row, a title may sit above it), then, unless a
// sheet cannot be set up, completes each (complete.ts), writing each block in one call. What set-up makes is in
// schema.ts, what it writes is worked out in additions.ts, the sample war in sample.ts.
import { lockService, type SheetApi, type SpreadsheetAppApi, spreadsheetApp } from '../gas';
import { argumentSeparator } from '../locale';
import { SHEET_NAMES } from '../sheet-names';
import { menuNext } from '../menu';
import { type Cell, messageOf } from '../../contract/cells';
import type { Result } from '../../contract/errors';
import { sampleLeftAlone } from './additions';
import { completeSheet } from './complete';
import { checkWrite } from '../../contract/rights';
import { whoActs } from '../server/people';
import { activeEmail } from '../server/viewer';
import { setupTables, type TableKey, type TableSpec } from './schema';
import { headerRowOf, noHeaderRow, rowsToRead, type SheetSurvey, surveySheet } from './survey';

/** Set-up's end: what it did, or why it changed nothing (a sheet it cannot set up, or a player's set-up). */
type SetUpOutcome = Result<
  { report: string[]; created: string[]; leftAlone: string[]; units: SheetApi },
  { refused: string[] }
>;

/** Warcard > Set up campaign: adds whatever sheet, column, formula, validation or format the campaign lacks. */
export const setUpCampaign = (): string[] => runSetUp({ sample: false });

/** Warcard > Set up with sample campaign: the same, and a sample war in tables that have no records yet. */
export const setUpSampleCampaign = (): string[] => runSetUp({ sample: true });

/** How long a set-up waits for another user's change (a battle applied, another set-up) to finish. */
const SETUP_LOCK_WAIT_MS = 10_000;

/**
 * Sets up (or completes) every sheet of the campaign under the document lock, then says what it added (after
 * releasing the lock: the message waits for the user). Returns the same lines.
 */
function runSetUp({ sample }: { readonly sample: boolean }): string[] {
  const app = spreadsheetApp();
  const lock = lockService().getScriptLock(); // the one the sidebar's and the pages' writes take
  if (lock && !lock.tryLock(SETUP_LOCK_WAIT_MS)) {
    const item = sample ? 'setUpSampleCampaign' : 'setUpCampaign';
    app
      .getUi()
      .alert(
        `Another user is changing the campaign right now. Nothing was set up.${menuNext('locked', item)}`,
      );
    return [];
  }
  let outcome: SetUpOutcome;
  try {
    const gmOnly = setUpRefusal();
    outcome = gmOnly ? { ok: false, refused: [gmOnly] } : setUpSheets(app, sample);
    app.flush();
  } finally {
    lock?.releaseLock();
  }
  if (!outcome.ok) {
    app.getUi().alert(`Warcard set-up changed nothing:\n${outcome.refused.join('\n')}`);
    return [];
  }
  const { report, created, leftAlone, units } = outcome;
  // With the sample: say where it was not added, so an existing campaign is not taken for the sample.
  const kept =
    leftAlone.length > 0
      ? `The sample war was not added to ${leftAlone.join(', ')}: ${leftAlone.length > 1 ? 'they hold' : 'it holds'} records already, left as they are.`
      : '';
  const lines = [...report, ...(kept ? [kept] : [])];
  // The user lands on Units, where a campaign starts: one row per unit.
  units.activate();
  app.getUi().alert(setUpMessage(report, created, sample, kept));
  return lines;
}

/**
 * What set-up tells the game master: the sheets it made, what it completed in sheets there were, and what to do
 * next, in the table's words (the details of columns and checks are on the sheets themselves).
 */
function setUpMessage(report: string[], created: string[], sample: boolean, kept: string): string {
  const completed = report.filter((line) => !created.some((name) => line.startsWith(`${name}: `)));
  const next = sample
    ? 'Next: look over the sample armies on Units and Characters, then Warcard → Battle… opens the prepared battle.'
    : 'Next: type your units on Units, one row each: its name, its army and the figures on its card (Role, Move, Melee, …). Put characters on Characters. Each unit’s Value and each army’s total (the Armies sheet) appear as you type. Then Warcard → Battle… sets up and fights a battle.';
  const lines = [
    report.length > 0
      ? 'Warcard set-up added:'
      : 'Warcard set-up: nothing was missing. Every sheet, header, formula, validation and format is in place.',
    ...(created.length > 0 ? [`New sheets: ${created.join(', ')}.`] : []),
    ...completed,
    ...(kept ? [kept] : []),
  ];
  return report.length > 0 ? [...lines, '', next].join('\n') : lines.join('\n');
}

/** A sheet of the campaign with its survey. */
interface Surveyed {
  readonly sheet: SheetApi;
  readonly survey: SheetSurvey;
}

/**
 * Reads a sheet (a new one: nothing to read) and surveys it: its first rows (with the records under them when
 * the run needs those) in one read, then its header row's formulas. A string says why it cannot be set up.
 */
function readSurvey(
  spec: TableSpec,
  sheet: SheetApi,
  name: string,
  { created }: { readonly created: boolean },
): Surveyed | string {
  const lastColumn = created ? 0 : sheet.getLastColumn();
  const lastRow = created ? 0 : sheet.getLastRow();
  const rows: Cell[][] =
    lastColumn > 0 ? sheet.getRange(1, 1, rowsToRead(spec, lastRow), lastColumn).getValues() : [];
  const headerRow = headerRowOf(spec, rows);
  if (headerRow === undefined) return noHeaderRow(spec);
  const headerFormulas: string[] =
    lastColumn > 0 ? (sheet.getRange(headerRow, 1, 1, lastColumn).getFormulas()[0] ?? []) : [];
  const contents = {
    name,
    created,
    rows,
    headerRow,
    headerFormulas,
    lastColumn,
    maxRows: sheet.getMaxRows(),
    maxColumns: sheet.getMaxColumns(),
  };
  return { sheet, survey: surveySheet(spec, contents) };
}

/** Set-up changes Settings, Players and the Library: a GM's, once the Players sheet names GMs. */
function setUpRefusal(): string | null {
  try {
    return checkWrite(whoActs().person, { deed: 'set up the campaign', realms: [], realmless: true });
  } catch (e) {
    return messageOf(e);
  }
}

/**
 * Reads every sheet of the campaign once and surveys it; then, unless a sheet has no header row to complete
 * (nothing is changed at all), creates the missing sheets and writes: one line per changed sheet.
 */
function setUpSheets(app: SpreadsheetAppApi, sample: boolean): SetUpOutcome {
  const ss = app.getActiveSpreadsheet();
  // Sheets compares sheet names without case: "units" is the Units sheet, and no second one can be added.
  const existing = new Map<string, { sheet: SheetApi; name: string }>();
  for (const sheet of ss.getSheets()) {
    const name = sheet.getName();
    if (!existing.has(name.toLowerCase())) existing.set(name.toLowerCase(), { sheet, name });
  }
  const tables = setupTables();
  const found = new Map<TableKey, Surveyed>();
  const refused: string[] = [];
  for (const spec of tables) {
    const sheet = existing.get(SHEET_NAMES[spec.key].toLowerCase());
    if (!sheet) continue;
    const surveyed = readSurvey(spec, sheet.sheet, sheet.name, { created: false });
    if (typeof surveyed === 'string') refused.push(surveyed);
    else found.set(spec.key, surveyed);
  }
  if (refused.length > 0) return { ok: false, refused };
  // A new spreadsheet's own sheet (Sheet1, in the locale's words), alone and empty: removed once the campaign's
  // sheets are made, so that the spreadsheet does not open on an empty page.
  const [lone, ...others] = [...existing.values()];
  const spare = lone && others.length === 0 && found.size === 0 ? lone.sheet : null;
  const sheets: Surveyed[] = [];
  for (const spec of tables) {
    const name = SHEET_NAMES[spec.key];
    const surveyed = found.get(spec.key) ?? readSurvey(spec, ss.insertSheet(name), name, { created: true });
    // A new sheet is empty: its header row is row 1.
    if (typeof surveyed === 'string') throw new Error(`Set-up: the new ${name} sheet has no header row`);
    sheets.push(surveyed);
  }
  if (spare && spare.getLastRow() === 0 && spare.getLastColumn() === 0) ss.deleteSheet(spare);
  const surveys = new Map(sheets.map(({ survey }) => [survey.spec.key, survey]));
  const sep = argumentSeparator(ss.getSpreadsheetLocale());
  const report: string[] = [];
  for (const { sheet, survey } of sheets) {
    const firstGM = survey.spec.key === 'players' ? activeEmail() : '';
    const added = completeSheet(app, surveys, sheet, survey, sample, sep, firstGM);
    if (added.length > 0) report.push(`${survey.name}: ${added.join(', ')}`);
    if (firstGM !== '' && added.some((a) => a.endsWith('row'))) {
      report.push(
        `You (${firstGM}) are the first GM on the ${survey.name} sheet: add each player's email and armies there (until then only GMs may write), then Warcard → Protect realms.`,
      );
    }
  }
  const leftAlone = sample
    ? sheets.filter(({ survey }) => sampleLeftAlone(survey)).map((s) => s.survey.name)
    : [];
  const created = sheets.filter(({ survey }) => survey.created).map(({ survey }) => survey.name);
  const units = sheets.find(({ survey }) => survey.spec.key === 'units');
  if (!units) throw new Error('Set-up: no Units sheet among the tables');
  return { ok: true, report, created, leftAlone, units: units.sheet };
}
