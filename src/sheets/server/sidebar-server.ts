// The battle sidebar's server: the object google.script.run calls into (one handler per call of
// contract/api.ts, each in its own file), and the menu's Battle…, Undo last battle, New round and Collect the
// season. Loading is the only read-only call; each of the others is one journaled write.
import type { Response, SidebarApi, Written } from '../../contract/api';
import { messageOf } from '../../contract/cells';
import { authorized } from '../authorization';
import { menuNext } from '../menu';
import { htmlService, spreadsheetApp } from '../gas';
import { sidebarApply } from './apply';
import { serverId } from './journal-sheets';
import { sidebarLoad } from './load';
import { newRoundCall, sidebarNewRound } from './new-round';
import { fillUnits } from './library-fill';
import { withLoadAnswer } from './page';
import { sidebarReveal } from './sealed/reveal';
import { sidebarRoll } from './sealed/logged-roll';
import { sidebarSave } from './save';
import { sidebarSeal } from './sealed/seal-plan';
import { sidebarUndo, undoNewest } from './undo';
import { made } from './write';
import { collectSeasonAs } from './collect';

export const SIDEBAR_TITLE = 'Warcard battle';

/**
 * What google.script.run may call: a handler for each call of the contract's list, no more, no fewer (the checker
 * holds it to SidebarApi). Code.js's top-level sidebar functions, written by the build from the same list, call
 * into it as Warcard.sidebarServer. Each is `authorized`: while the user has not granted every permission it
 * answers with the link that grants them (and the sidebar offers no Retry) before reading anything.
 */
export const sidebarServer = {
  sidebarLoad: authorized(sidebarLoad),
  sidebarSave: authorized(sidebarSave),
  sidebarApply: authorized(sidebarApply),
  sidebarUndo: authorized(sidebarUndo),
  sidebarNewRound: authorized(sidebarNewRound),
  sidebarSeal: authorized(sidebarSeal),
  sidebarReveal: authorized(sidebarReveal),
  sidebarRoll: authorized(sidebarRoll),
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
  try {
    spreadsheetApp().getUi().showSidebar(output);
  } catch (e) {
    // A put-back done in this execution is told even when the sidebar that would tell it cannot be shown.
    if (!answer.ok || !answer.notice) throw e;
    spreadsheetApp()
      .getUi()
      .alert(
        `${answer.notice} The sidebar could not be shown (${messageOf(e)}): open Warcard → Battle… again.`,
      );
  }
}

/**
 * Tells the user how a menu action went: a toast when it worked, kept until dismissed (Google: a negative timeout)
 * so that its Log row can be read; an alert when it found nothing to do, or failed (then with the menu's next step).
 */
function report(functionName: string, response: Response<Written>): void {
  if (response.ok && !response.unchanged)
    spreadsheetApp().getActiveSpreadsheet().toast(response.message, 'Warcard', -1);
  else if (response.ok) spreadsheetApp().getUi().alert(response.message);
  else
    spreadsheetApp()
      .getUi()
      .alert(`${response.message}${menuNext(response.code, functionName)}`);
}

/** Warcard → Undo last battle. */
export function undoLastBattle(): void {
  report('undoLastBattle', undoNewest());
}

/** Warcard → New round. */
export function newRound(): void {
  report(
    'newRound',
    newRoundCall(() => made(serverId('m'))),
  );
}

/** Warcard → Fill units from the Library. */
export function fillFromLibrary(): void {
  report('fillFromLibrary', fillUnits(serverId('f')));
}

/**
 * Warcard → Collect the season: what was written and each realm's closing balance, or why nothing was, in an alert
 * (a GM reads the balances before going on).
 */
export function collectSeason(): void {
  const response = collectSeasonAs(serverId('c'));
  spreadsheetApp()
    .getUi()
    .alert(response.ok ? response.message : `${response.message}${menuNext(response.code, 'collectSeason')}`);
}
