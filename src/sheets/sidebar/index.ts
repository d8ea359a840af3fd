// The battle sidebar's server: the five calls of contract/api.ts, and the menu's Battle…, Undo last battle and
// New round. Loading is the only read-only call; each of the others is one journaled write.
import type { LoadAnswer, Response, SidebarApi, Written } from '../../contract/api';
import { htmlService, spreadsheetApp } from '../gas';
import { sidebarApply } from './apply';
import { messageOf } from '../../contract/cells';
import { fail, Refusal, readBook, withLock } from './book';
import { campaignData } from './campaign';
import { hasUnfinished, recover } from './journal';
import { serverId } from './journal-sheets';
import { newRoundLocked, sidebarNewRound } from './new-round';
import { withLoadAnswer } from './page';
import { sidebarSave } from './save';
import { sidebarUndo, undoNewest } from './undo';
import { serveLocked } from './write';

export const SIDEBAR_TITLE = 'Warcard battle';

const LOAD_SHEETS = ['units', 'characters', 'settings', 'battles', 'log'] as const;

/** The lock was needed to put back a write left unfinished: a read says so, not "Nothing was written". */
const LOAD_LOCKED =
  'A write that a failure left unfinished must be put back before the campaign can be read, and another user is changing the campaign right now: press Retry in a moment.';

/**
 * The campaign, as Battle… puts it in the page and Reload asks for it. A write left unfinished by a failure is
 * put back first (under the lock). Never throws: a failure is a message naming what to fix.
 */
export function sidebarLoad(): LoadAnswer {
  try {
    const book = readBook(LOAD_SHEETS);
    if (!hasUnfinished(book)) return { ok: true, campaign: campaignData(book) };
    // A failure in here is thrown on to the catch below: a read's words, never "Nothing was written".
    const answer = withLock((): LoadAnswer => {
      const fresh = readBook([...LOAD_SHEETS, 'undo']);
      const notice = recover(fresh).join(' ');
      return { ok: true, campaign: campaignData(fresh), ...(notice ? { notice } : {}) };
    });
    return !answer.ok && answer.code === 'locked' ? fail('locked', LOAD_LOCKED) : answer;
  } catch (e) {
    if (e instanceof Refusal) return fail(e.code, e.message);
    return fail('failed', `Warcard could not read the campaign (${messageOf(e)}). Press Retry.`);
  }
}

export { sidebarApply, sidebarNewRound, sidebarSave, sidebarUndo };

/** What google.script.run may call, checked against the contract. */
export const sidebarServer = {
  sidebarLoad,
  sidebarSave,
  sidebarApply,
  sidebarUndo,
  sidebarNewRound,
} satisfies SidebarApi;

/**
 * Warcard → Battle…: the sidebar, with the campaign already in its page (read here, in the menu's execution),
 * so that a battle costs two executions: this one and Apply. A campaign that cannot be read still opens the
 * sidebar, showing why and a Retry.
 */
export function openBattleSidebar(): void {
  const answer = sidebarLoad();
  const output = htmlService().createHtmlOutputFromFile('Sidebar');
  output.setContent(withLoadAnswer(output.getContent(), answer)).setTitle(SIDEBAR_TITLE);
  spreadsheetApp().getUi().showSidebar(output);
}

/** Tells the user how a menu action went: a toast when it worked, an alert when it did not. */
function report(response: Response<Written>): void {
  if (response.ok) spreadsheetApp().getActiveSpreadsheet().toast(response.message, 'Warcard', 8);
  else spreadsheetApp().getUi().alert(response.message);
}

/** Warcard → Undo last battle. */
export function undoLastBattle(): void {
  report(undoNewest());
}

/** Warcard → New round. */
export function newRound(): void {
  report(serveLocked(() => newRoundLocked(serverId('m'))));
}
