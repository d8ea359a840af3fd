// The Log entries a player page lists (SHEETS.md "Player pages"): those of the person's battles, records included
// (Seal, Reveal, Roll), and the season entries of their realms, with By and When. Read as history.ts reads the
// Log, from its end and back in steps, and never past PAGE_LOG_ROWS rows: history does not tax the page.
import { type Cell, isDate } from '../../contract/cells';
import { type PageEntry, SEASON_EVENT } from '../../contract/page-data';
import { nameKey } from '../../rules';
import { type SpreadsheetApi, utilities } from '../gas';
import { SHEET_NAMES } from '../sheet-names';
import { cellAt, readSheetEnd, type SheetTable } from '../sheet-table';
import { text } from '../table';
import { entries, LOG_REQUIRED } from './journal-sheets';

/** The newest entries a page lists. */
export const PAGE_ENTRIES = 30;
/** The most Log rows a page reads back from the end. */
export const PAGE_LOG_ROWS = 880;
/** Log rows read back from the end, step by step after the load's read (its 55 rows, then four times as many). */
const STEPS = [220, PAGE_LOG_ROWS] as const;
/** Characters of reports a page carries beyond the newest entry's (as the sidebar's load). */
export const PAGE_REPORTS = 100_000;

/** Which entries a page lists: its battles' (by name) and its realms' seasons (by entry id), or every season. */
export interface PageLogWanted {
  readonly battles: readonly string[];
  /** The ids of the season entries of the person's realms (from their Treasury rows); 'all' for a GM. */
  readonly seasons: ReadonlySet<string> | 'all';
}

/** The entries wanted among the rows read, newest first, each told as the page shows it. */
function listed(log: SheetTable, wanted: PageLogWanted, zone: string): PageEntry[] {
  const battles = new Set(wanted.battles.map(nameKey));
  const when = (cell: Cell): string =>
    isDate(cell) ? utilities().formatDate(cell, zone, 'yyyy-MM-dd HH:mm') : text(cell);
  let sent = 0;
  return entries(log)
    .filter((e) =>
      e.event === SEASON_EVENT
        ? wanted.seasons === 'all' || wanted.seasons.has(e.id)
        : e.battle !== '' && battles.has(nameKey(e.battle)),
    )
    .reverse()
    .slice(0, PAGE_ENTRIES)
    .map((e, i) => {
      // A season's words tell every realm's figures: a player sees their realm's in the treasury instead.
      const own = e.event !== SEASON_EVENT || wanted.seasons === 'all';
      sent += own ? e.report.length : 0;
      return {
        id: e.id,
        row: e.row,
        event: e.event,
        battle: e.battle,
        result: own ? e.result : '',
        report: own && (i === 0 || sent <= PAGE_REPORTS) ? e.report : null,
        by: text(cellAt(log, e.index, 'By')),
        when: when(cellAt(log, e.index, 'When')),
      };
    });
}

/**
 * The Log entries a page lists, newest first: from the Log's end as the load read it (`read`, null: no Log), then
 * back four times as far each step until PAGE_ENTRIES are found, the whole Log is read, or PAGE_LOG_ROWS rows are.
 * None without a Log or anything wanted.
 */
export function pageLog(ss: SpreadsheetApi, wanted: PageLogWanted, read: SheetTable | null): PageEntry[] {
  if (!read || (wanted.battles.length === 0 && wanted.seasons !== 'all' && wanted.seasons.size === 0))
    return [];
  const zone = ss.getSpreadsheetTimeZone();
  let log = read;
  let asked = log.table.rows.length; // at most what the load asked for
  for (;;) {
    const found = listed(log, wanted, zone);
    const next = STEPS.find((rows) => rows > asked);
    if (found.length >= PAGE_ENTRIES || (log.skipped ?? 0) === 0 || next === undefined) return found;
    const more = readSheetEnd(ss, SHEET_NAMES.log, 'Log', 'Log!A1:P', LOG_REQUIRED, next);
    if (!more) return found;
    log = more;
    asked = next;
  }
}
