// A player page's server (SHEETS.md "Player pages"): doGet, the page with the person's data inside (one
// execution), and each action the page makes (one call), run as the Players row its link names through the
// sidebar's own handlers: the same rights (people.ts, door.ts) and the same writes, the Log's By saying "(link)".
// A link that is not valid gets the same page with no campaign data, before anything is read.
import { type FailureCode, TableError } from '../../contract/errors';
import { type PageAnswer, type PageData, pageDataOf, withEntries } from '../../contract/page-data';
import { isGM } from '../../contract/rights';
import { upkeep } from '../../rules';
import { type HtmlOutputApi, htmlService } from '../gas';
import { type SheetTable, sheetRowOf } from '../sheet-table';
import { theSpreadsheet } from '../spreadsheet';
import { parseUnit } from '../units';
import { type Book, readBook } from './book';
import { pageLog } from './page-log';
import { pageRealms, type RealmStanding, readTreasuries, seasonEntries } from './treasury-read';
import { actingByLink } from './link-actor';
import { loadReading } from './load';
import { withJsonIn } from './page';
import { playerOfKey } from './link-keys';
import { sidebarServer } from './sidebar-server';

/** The element of Page.html the answer goes in. */
export const PAGE_ANSWER_ELEMENT = '<script type="application/json" id="page-answer">null</script>';

export const PAGE_TITLE = 'Warcard';

/** What a link that is not valid gets: no campaign data, whichever way the key was wrong. */
export const NOT_VALID =
  'This link is not valid: it was never made, or a GM made a new one or removed it. Ask your GM for your link.';

const notValid = (): PageAnswer => ({ ok: false, code: 'refused', message: NOT_VALID, page: null });

/**
 * The page as the person's link shows it now: the campaign read for them, their units' upkeep, their realms'
 * treasury (Realms, Treasury and Settings read) and the Log entries of their battles and seasons (read from the
 * Log's end).
 */
function readPage(): { page: PageData } | { code: FailureCode; message: string } {
  let book: Book | null = null;
  const load = loadReading((read) => {
    book = read;
  });
  if (!load.ok) return { code: load.code, message: load.message };
  const you = load.you;
  if (!you || you.why) return { code: 'refused', message: NOT_VALID }; // the row is gone
  const read: Book = book ?? readBook(['units', 'log']);
  const units = read.units;
  const ss = theSpreadsheet();
  const standings = units ? treasuriesOf(ss, units.table, isGM(you) ? 'all' : you.armies) : null;
  const page = pageDataOf(load.campaign, you, upkeepByRow(units), standings && pageRealms(standings));
  const wanted = {
    battles: page.battles.map((b) => b.name),
    seasons: isGM(you) ? ('all' as const) : seasonEntries(standings ?? []),
  };
  const log = pageLog(ss, wanted, read.log);
  return { page: withEntries(page, log) };
}

/** The realms' treasuries; a Realms or Treasury table that cannot be read is one line saying what to fix. */
function treasuriesOf(...args: Parameters<typeof readTreasuries>): RealmStanding[] | null {
  try {
    return readTreasuries(...args);
  } catch (e) {
    if (!(e instanceof TableError)) throw e;
    const coming = { season: '', due: null, next: 0 };
    return [{ realm: 'Treasury', error: e.message, balance: 0, ledger: [], coming, note: '' }];
  }
}

/** Each unit's upkeep by its Units row (a row that cannot be read has none: the sidebar lists it as a problem). */
function upkeepByRow(units: SheetTable | null): Map<number, number> {
  const out = new Map<number, number>();
  units?.table.rows.forEach((row, i) => {
    try {
      out.set(sheetRowOf(units, i), upkeep(parseUnit(units.table, row)));
    } catch {
      // Left out: the page shows no upkeep for it.
    }
  });
  return out;
}

/** Runs an action as the link's person, then answers with the page as it now stands. */
function byLink(key: unknown, act: () => { ok: boolean; message: string; code?: FailureCode }): PageAnswer {
  const player = playerOfKey(key);
  if (player === null) return notValid();
  return actingByLink(player, (): PageAnswer => {
    const done = act();
    const read = readPage();
    if (!('page' in read)) return { ok: false, code: read.code, message: read.message, page: null };
    if (!done.ok) return { ok: false, code: done.code ?? 'failed', message: done.message, page: read.page };
    return { ok: true, page: read.page, message: done.message };
  });
}

/** The key in a doGet's event (`?k=`), or '' when there is none. */
function keyOf(e: unknown): string {
  const parameter = (e as { parameter?: Record<string, unknown> } | null)?.parameter;
  const k = parameter?.k;
  return typeof k === 'string' ? k : '';
}

/** The web app's page: the person's page with their data inside, or the page of a link that is not valid. */
export function doGet(e: unknown): HtmlOutputApi {
  const answer = byLink(keyOf(e), () => ({ ok: true, message: '' }));
  const output = htmlService().createHtmlOutputFromFile('Page');
  return output
    .setContent(withJsonIn(output.getContent(), PAGE_ANSWER_ELEMENT, answer, 'Page.html'))
    .setTitle(PAGE_TITLE)
    .addMetaTag('viewport', 'width=device-width, initial-scale=1');
}

/** The sidebar's writes a page may ask for: each is the sidebar's own handler, its rights the person's. */
export const PAGE_ACTIONS = [
  'sidebarSave',
  'sidebarApply',
  'sidebarUndo',
  'sidebarNewRound',
  'sidebarSeal',
  'sidebarReveal',
  'sidebarRoll',
] as const;

/**
 * A page's action (the page itself offers Seal plan): the sidebar's handler `call`, run as the link's person, so
 * the rights are theirs exactly as in the sidebar (people.ts, door.ts); the answer is the page as it now stands.
 */
export function pageAction(key: unknown, call: unknown, request: unknown): PageAnswer {
  return byLink(key, () => {
    const name = PAGE_ACTIONS.find((a) => a === call);
    if (!name)
      return { ok: false, code: 'invalid', message: `A player page cannot ask for "${String(call)}".` };
    return sidebarServer[name](request as never);
  });
}
