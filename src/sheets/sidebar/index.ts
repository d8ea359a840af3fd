// The battle sidebar's server: the five calls of contract/api.ts, and the menu's Battle…, Undo last battle and
// New round. Loading is the only read-only call; each of the others is one journaled write.
import type { Response, SidebarApi, Written } from '../../contract/api';
import type { CampaignData } from '../../contract/campaign';
import { htmlService, spreadsheetApp } from '../gas';
import { sidebarApply } from './apply';
import { readBook, serve, withLock } from './book';
import { campaignData } from './campaign';
import { hasUnfinished, recover } from './journal';
import { serverId } from './journal-sheets';
import { newRoundLocked, sidebarNewRound } from './new-round';
import { sidebarSave } from './save';
import { sidebarUndo, undoNewest } from './undo';

export const SIDEBAR_TITLE = 'Warcard battle';

const LOAD_SHEETS = ['units', 'characters', 'settings', 'battles', 'log'] as const;

/** Sidebar, once when it opens: the campaign. A write left unfinished by a failure is put back first. */
export function sidebarLoad(): Response<{ campaign: CampaignData; notice?: string }> {
  return serve(() => {
    const book = readBook(LOAD_SHEETS);
    if (!hasUnfinished(book)) return { ok: true, campaign: campaignData(book) };
    return withLock(() =>
      serve(() => {
        const fresh = readBook([...LOAD_SHEETS, 'undo']);
        const notice = recover(fresh).join(' ');
        return { ok: true, campaign: campaignData(fresh), ...(notice ? { notice } : {}) };
      }),
    );
  });
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

/** Warcard → Battle…: the sidebar. */
export function openBattleSidebar(): void {
  const output = htmlService().createHtmlOutputFromFile('Sidebar').setTitle(SIDEBAR_TITLE);
  spreadsheetApp().getUi().showSidebar(output);
}

/** Tells the user how a menu action went: a toast when it worked, an alert when it did not. */
function report(response: Response<Written>): void {
  if (response.ok) spreadsheetApp().getActiveSpreadsheet().toast(response.message, 'Warcard', 8);
  else spreadsheetApp().getUi().alert(response.message);
}

/** Warcard → Undo last battle. */
export function undoLastBattle(): void {
  report(serve(undoNewest));
}

/** Warcard → New round. */
export function newRound(): void {
  report(serve(() => withLock(() => serve(() => newRoundLocked(serverId('m'))))));
}
