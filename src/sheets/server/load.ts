// Sidebar → Reload, and Battle… before it opens the sidebar: the campaign as the sidebar needs it. The only call
// that reads without writing, except to put back a write an earlier failure left unfinished.
import type { LoadAnswer } from '../../contract/api';
import { messageOf } from '../../contract/cells';
import { type Book, readBook } from './book';
import { fail } from './serve';
import { withLock } from './lock';
import { Refusal } from '../../contract/errors';
import { campaignData } from './campaign-read';
import type { You } from '../../contract/rights';
import { whoActs } from './people';
import { viewerOf } from './viewer';
import { hasUnfinished, recover } from './put-back';

const LOAD_SHEETS = ['units', 'characters', 'settings', 'battles', 'log'] as const;

/**
 * An entry is unfinished and another user holds the lock: most likely their write is going out right now, not a
 * failure. The load waited for the lock as long as a write does; it says so, never that nothing was written.
 */
const LOAD_LOCKED =
  'Another user is writing to the campaign right now (a battle, an undo, a new round or a save): their change is not shown until it is done.';

/** Who uses the sidebar, for it to show and to offer only what they may do; nothing when Players is unreadable. */
function yourself(): { you?: You } {
  try {
    const { person, problems } = whoActs();
    return { you: { ...person, problems } };
  } catch {
    return {};
  }
}

/**
 * The campaign, as Battle… puts it in the page and Reload asks for it. A write left unfinished by a failure is
 * put back first (under the lock). Never throws: a failure is a message naming what to fix.
 */
export const sidebarLoad = (): LoadAnswer => loadReading();

/** sidebarLoad, with `read` given the sheets as first read (a player page's, never a request's). */
export function loadReading(read?: (book: Book) => void): LoadAnswer {
  try {
    const you = yourself();
    const viewer = you.you ? viewerOf(you.you) : undefined;
    const book = readBook(LOAD_SHEETS, viewer);
    read?.(book); // a player page reads the same sheets for its upkeep and Log entries: once
    if (!hasUnfinished(book)) return { ok: true, campaign: campaignData(book), ...you };
    // A failure in here is thrown on to the catch below: a read's words, never the refusal of a write.
    const answer = withLock((): LoadAnswer => {
      const fresh = readBook([...LOAD_SHEETS, 'undo'], viewer);
      const notice = recover(fresh).join(' ');
      return { ok: true, campaign: campaignData(fresh), ...you, ...(notice ? { notice } : {}) };
    });
    return !answer.ok && answer.code === 'locked' ? fail('locked', LOAD_LOCKED) : answer;
  } catch (e) {
    if (e instanceof Refusal) return fail(e.code, e.message);
    return fail('failed', `Warcard could not read the campaign (${messageOf(e)}).`);
  }
}
