// Warcard → Check this spreadsheet: tries, on the user's own spreadsheet, what the emulation (dev/gas) assumes of
// Google where its documentation is silent or the limits bite, and reports each as expected, different or could
// not check, with what Warcard does about it. The cell tries happen on a scratch sheet removed after (even when a
// try fails), the sheet the user was on is made active again, and nothing else is written: the spreadsheet is
// left as found. A few dozen calls, well inside one execution.
import {
  scriptApp,
  type SheetApi,
  type SpreadsheetApi,
  spreadsheetApp,
  htmlService,
  propertiesService,
} from './gas';
import { SPREADSHEET_ID_KEY } from './spreadsheet';
import { BATTLES } from './battle-formulas';
import { argumentSeparator } from './locale';
import { dialogPage, escapeHtml } from './menu';
import { ARMIES, UNITSTATS } from './roster-formulas';
import { SHEET_NAMES } from './sheet-names';
import { messageOf } from '../contract/cells';
import { whoYouAre } from './check-who';
import { emptySheetRead, wholeSheetRead } from './check-reads';
import { attempt, type CheckResult, result } from './check-result';

export type { CheckResult, Verdict } from './check-result';

/** Google's limit on a spreadsheet's cells, all sheets together. */
export const CELL_LIMIT = 10_000_000;
/** A custom function is stopped after 30 s; past a third of that the check warns. */
const CUSTOM_FUNCTION_LIMIT_MS = 30_000;

function authorization(): CheckResult {
  return attempt('Every permission granted', () => {
    const app = scriptApp();
    const info = app.getAuthorizationInfo(app.AuthMode.FULL);
    if (info.getAuthorizationStatus() !== app.AuthorizationStatus.REQUIRED)
      return result('Every permission granted', 'expected', 'All granted.', 'Nothing to do.');
    return result(
      'Every permission granted',
      'different',
      `Not all granted. Grant them here: ${info.getAuthorizationUrl() ?? ''}`,
      'Warcard refuses its menu actions and sidebar calls, with this link, until they are granted.',
    );
  });
}

/** Text written with a leading apostrophe into an Automatic cell, and without into a Plain text one. */
function apostrophes(scratch: SheetApi): CheckResult {
  const check = 'Text keeps no apostrophe';
  return attempt(check, () => {
    const range = scratch.getRange(1, 1, 1, 3);
    range.setNumberFormats([['General', '@', '@']]);
    range.setValues([["'4/2/1", '4/2/1', "'x"]]);
    const [auto, plain, kept] = range.getValues()[0] ?? [];
    const found = `Automatic cell: ${JSON.stringify(auto)}; Plain text cell: ${JSON.stringify(plain)}, and with an apostrophe ${JSON.stringify(kept)}.`;
    if (auto === '4/2/1' && plain === '4/2/1' && kept === "'x")
      return result(check, 'expected', found, 'Nothing to do.');
    return result(
      check,
      'different',
      `${found} Expected "4/2/1", "4/2/1" and "'x".`,
      'Warcard writes names and statuses with an apostrophe (so that 3/4 stays text): here they would not read back as written. Apply no battle, and send this report.',
    );
  });
}

/** A formula with several arguments, in the separator Warcard writes for this locale. */
function separators(ss: SpreadsheetApi, scratch: SheetApi): CheckResult {
  const check = 'Formulas take the locale’s separator';
  return attempt(check, () => {
    const locale = ss.getSpreadsheetLocale();
    const sep = argumentSeparator(locale);
    const formula = `=SUM(1${sep}2${sep}3)`;
    const cell = scratch.getRange(2, 1);
    cell.setFormula(formula);
    const value = cell.getValues()[0]?.[0];
    const found = `Locale ${locale}: ${formula} gives ${JSON.stringify(value)}.`;
    if (value === 6) return result(check, 'expected', found, 'Nothing to do.');
    return result(
      check,
      'different',
      `${found} Expected 6.`,
      'Set-up’s formulas and cell checks would not work here. Send this report; until it is mended, set the locale (File → Settings) to one whose decimals take a point, such as en_US, before Set up.',
    );
  });
}

/**
 * A script's write into a range under a warning-only protection (what Protect realms gives the Log and Undo, so
 * that every person's sidebar writes its Log row): Google documents that every user may edit such a range after a
 * warning, not what a script's write does with no one there to confirm. Tried on the scratch sheet, as the person
 * running the check.
 */
function warningOnlyWrite(scratch: SheetApi): CheckResult {
  const check = 'A script writes through a warning-only protection';
  return attempt(check, () => {
    const range = scratch.getRange(2, 1);
    const protection = range.protect().setDescription('Warcard: check').setWarningOnly(true);
    let refused: string | null = null;
    try {
      range.setValues([['x']]);
    } catch (e) {
      refused = messageOf(e);
    } finally {
      protection.remove();
    }
    const written = range.getValues()[0]?.[0] === 'x';
    if (refused === null && written)
      return result(check, 'expected', 'Written, with no warning to confirm.', 'Nothing to do.');
    return result(
      check,
      'different',
      refused === null ? 'Not refused, yet the cell was not written.' : `Refused: ${refused}`,
      'A player’s Save, Seal or Apply would be refused at the Log or Undo sheet once Protect realms has run: remove the protections of Log and Undo (Data → Protect sheets and ranges), and send this report.',
    );
  });
}

/**
 * The range protections asked whether they keep the user out: Protect realms makes one per run of a realm's rows, up
 * to one per unit on a mixed roster, and a GM may edit them all; a player of a mixed roster meets another realm's
 * among the first few.
 */
const PROTECTIONS_ASKED = 50;

/**
 * RangeList.setValue over a cell the user may edit and a blank cell a protection keeps them out of, in that
 * order: whether Google writes the first before refusing (what the emulation assumes, the stricter reading) or
 * writes nothing. The editable cell is a blank one right of the sheet's used columns, written and blanked again;
 * the protected cell stays blank whatever Google does. A user who may edit every cell cannot try it.
 */
function rangeListUnderProtection(ss: SpreadsheetApi): CheckResult {
  const check = 'RangeList.setValue under a protection';
  return attempt(check, () => {
    const app = spreadsheetApp();
    const locked = ss
      .getProtections(app.ProtectionType.RANGE)
      .slice(0, PROTECTIONS_ASKED)
      .find((p) => !p.canEdit());
    const notHere = (why: string) =>
      result(
        check,
        'could not check',
        why,
        'Nothing: run the check as a player kept out of another realm’s rows.',
      );
    if (!locked) return notHere('No range here is protected against you.');
    const range = locked.getRange();
    const sheet = range.getSheet();
    const first = range.getValues()[0] ?? [];
    const blank = first.indexOf('');
    const column = sheet.getLastColumn() + 1;
    if (blank < 0 || column > sheet.getMaxColumns())
      return notHere('No blank protected cell and free cell side by side.');
    const target = sheet.getRange(range.getRow(), range.getColumn() + blank);
    const free = sheet.getRange(1, column);
    free.setValues([['x']]);
    let refused = false;
    let left: unknown;
    try {
      sheet.getRangeList([free.getA1Notation(), target.getA1Notation()]).setValue('');
    } catch {
      refused = true;
    } finally {
      left = free.getValues()[0]?.[0];
      free.setValues([['']]);
    }
    const found = `${refused ? 'Refused' : 'Not refused'}; the editable cell ${left === '' ? 'was written' : 'was not written'}.`;
    if (refused && left === '')
      return result(
        check,
        'expected',
        `${found} (written up to the protected cell)`,
        'Nothing to do: Warcard checks rights before it writes, and puts back what a refused write left.',
      );
    if (refused)
      return result(
        check,
        'different',
        `${found} Google wrote nothing of the refused call.`,
        'Nothing to do: kinder than Warcard assumes. Send this report, so that the emulation can say so.',
      );
    return result(
      check,
      'different',
      `${found} Google let the write through a protection.`,
      'Send this report: protections may not keep realms apart here.',
    );
  });
}

/** The custom functions' time on the roster as it stands (what each formula cell does), against 30 s. */
function formulaTime(ss: SpreadsheetApi): CheckResult {
  const check = 'Formulas well inside 30 s';
  return attempt(check, () => {
    const table = (name: string): unknown[][] | undefined =>
      ss.getSheetByName(name)?.getDataRange().getValues();
    const units = table(SHEET_NAMES.units);
    if (!units) return result(check, 'could not check', 'No Units sheet.', 'Run Warcard → Set up campaign.');
    const characters = table(SHEET_NAMES.characters);
    const settings = table(SHEET_NAMES.settings);
    const battles = table(SHEET_NAMES.battles);
    const timed = (name: string, run: () => unknown): [string, number] => {
      const start = Date.now();
      run();
      return [name, Date.now() - start];
    };
    const times = [
      timed('UNITSTATS', () => UNITSTATS(units)),
      timed('ARMIES', () => ARMIES(units, characters, settings)),
      ...(battles ? [timed('BATTLES', () => BATTLES(battles, units, characters, settings))] : []),
    ];
    const [slowest = '', ms = 0] = times.reduce((a, b) => (b[1] > a[1] ? b : a));
    const found = `${slowest}, the slowest on Units' ${units.length - 1} rows: ${(ms / 1000).toFixed(2)} s (${times.map(([n, t]) => `${n} ${(t / 1000).toFixed(2)} s`).join(', ')}).`;
    if (ms < CUSTOM_FUNCTION_LIMIT_MS / 3) return result(check, 'expected', found, 'Nothing to do.');
    return result(
      check,
      'different',
      `${found} Google stops a formula at 30 s.`,
      'A formula may show an error on a busy day. Send this report; keep fewer rows in the tables a formula reads.',
    );
  });
}

/** The spreadsheet's cells, all sheets together, against Google's limit. */
function cellCount(ss: SpreadsheetApi): CheckResult {
  const check = 'Room under Google’s cell limit';
  return attempt(check, () => {
    const cells = ss.getSheets().reduce((n, s) => n + s.getMaxRows() * s.getMaxColumns(), 0);
    const found = `${cells.toLocaleString('en-US')} cells of ${CELL_LIMIT.toLocaleString('en-US')}.`;
    if (cells < CELL_LIMIT * 0.8) return result(check, 'expected', found, 'Nothing to do.');
    return result(
      check,
      'different',
      found,
      'Every battle adds Log and Undo rows: delete empty rows and columns, or copy old Log and Undo rows to another file.',
    );
  });
}

/** Runs every check; the scratch sheet is removed and the user's sheet made active again, whatever fails. */
export function runChecks(): CheckResult[] {
  const ss = spreadsheetApp().getActiveSpreadsheet();
  const results = [authorization()];
  let scratch: SheetApi | null = null;
  let active: SheetApi | null = null;
  try {
    active = ss.getActiveSheet();
    scratch = ss.insertSheet(`Warcard check ${Date.now()}`);
    const sheet = scratch;
    const empty = emptySheetRead(sheet);
    results.push(
      apostrophes(sheet),
      separators(ss, sheet),
      warningOnlyWrite(sheet),
      wholeSheetRead(sheet, empty),
    );
  } catch (e) {
    results.push(
      result('A scratch sheet', 'could not check', messageOf(e), 'Nothing: the cell checks were skipped.'),
    );
  } finally {
    if (scratch) {
      const name = scratch.getName();
      try {
        ss.deleteSheet(scratch);
      } catch (e) {
        results.push(
          result(
            'Scratch sheet removed',
            'could not check',
            messageOf(e),
            `Delete the sheet "${name}" by hand.`,
          ),
        );
      }
    }
    if (active) {
      try {
        ss.setActiveSheet(active);
      } catch {
        // The user's sheet is only where they were looking: nothing to report.
      }
    }
  }
  results.push(rangeListUnderProtection(ss), formulaTime(ss), cellCount(ss), whoYouAre(ss));
  results.push(...playerPages(ss));
  return results;
}

/**
 * Player pages (the web app): whether it is deployed, and whether this spreadsheet opens by its id as the pages open
 * it (they have no active spreadsheet: SpreadsheetApp.openById, with the spreadsheets scope), from the id Player
 * links… kept. What a web app execution itself sees cannot be tried from a menu.
 */
function playerPages(ss: SpreadsheetApi): CheckResult[] {
  const deployed = attempt('Player pages: the web app', () => {
    const url = scriptApp().getService().getUrl();
    return url
      ? result('Player pages: the web app', 'expected', `Deployed: ${url.split('?')[0]}`, 'Nothing to do.')
      : result(
          'Player pages: the web app',
          'could not check',
          'No web app is deployed for this script.',
          'Player pages need one only if your table plays by link: Player links… says how to deploy it.',
        );
  });
  const opened = attempt('Player pages: this spreadsheet by its id', () => {
    const id = ss.getId();
    const kept = propertiesService().getDocumentProperties().getProperty(SPREADSHEET_ID_KEY);
    if (spreadsheetApp().openById(id).getId() !== id)
      return result(
        'Player pages: this spreadsheet by its id',
        'different',
        'Another spreadsheet opened.',
        'Player pages would show another campaign: do not play by link.',
      );
    return kept === id
      ? result(
          'Player pages: this spreadsheet by its id',
          'expected',
          'It opens by its id, the one Player links… kept.',
          'Nothing to do.',
        )
      : result(
          'Player pages: this spreadsheet by its id',
          'could not check',
          kept
            ? 'Player links… kept the id of another spreadsheet (a copy?).'
            : 'Player links… has not been opened here yet.',
          'Player links… keeps this spreadsheet’s id when a GM opens it.',
        );
  });
  return [deployed, opened];
}

export function checkHtml(results: readonly CheckResult[]): string {
  const rows = results
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.check)}</td><td class="${r.verdict === 'expected' ? 'ok' : 'no'}">${r.verdict}</td>` +
        `<td>${escapeHtml(r.found)}</td><td>${escapeHtml(r.action)}</td></tr>`,
    )
    .join('');
  const summary = results.some((r) => r.verdict === 'different')
    ? 'Something is not as Warcard expects: copy this report and send it to the Warcard project (README, “Check this spreadsheet”).'
    : results.some((r) => r.verdict === 'could not check')
      ? `${results.filter((r) => r.verdict === 'expected').length} of ${results.length} checks are as Warcard expects; ${results.filter((r) => r.verdict === 'could not check').length} could not be checked here, so whether Google does what Warcard assumes there is not known (why, and what to do, below).`
      : 'Everything is as Warcard expects.';
  return dialogPage(
    'Warcard: check this spreadsheet',
    `<p>${summary} The spreadsheet is as it was.</p>` +
      '<table><thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Found</th>' +
      `<th scope="col">Warcard does</th></tr></thead><tbody>${rows}</tbody></table>`,
    'table{border-collapse:collapse}th{text-align:left;color:#5f6368;font-weight:500}td,th{padding:4px 6px;' +
      'border-bottom:1px solid #dadce0;vertical-align:top}.ok{color:#188038}.no{color:#c5221f;font-weight:500}',
  );
}

/** Warcard → Check this spreadsheet; returns the results (shown in a dialog). */
export function checkSpreadsheet(): CheckResult[] {
  const results = runChecks();
  const output = htmlService().createHtmlOutput(checkHtml(results)).setWidth(760).setHeight(520);
  spreadsheetApp().getUi().showModalDialog(output, 'Warcard: check this spreadsheet');
  return results;
}
