// The bundle's exports: what Code.js's globals call as Warcard.* (src/apps-script/globals.js, and the sidebar's
// calls the build writes from src/contract/api.ts).
export { BATTLES } from './sheets/battle-formulas';
export {
  ARMIES,
  ARMYVALUE,
  CHARACTERVALUE,
  MUSTERCOST,
  UNITSTATS,
  UNITVALUE,
  UPKEEP,
} from './sheets/roster-formulas';
export { BATTLEODDS, RESOLVEBATTLE, TACTICS, TROOPRATIO } from './sheets/scalar-formulas';
export { TREASURY } from './sheets/treasury-formula';
export { onOpen, showFormulaReference } from './sheets/menu';
export { showHelp } from './sheets/help';
export { checkSpreadsheet } from './sheets/check';

import { menuAction } from './sheets/authorization';
import * as server from './sheets/server/sidebar-server';
import * as setup from './sheets/setup/set-up';
import * as realms from './sheets/protect-realms';
import * as links from './sheets/player-links';

// The menu's actions that read or write the campaign, each refused with the link to grant them while a permission
// is missing (Help, the formula reference and the check itself need none of the campaign).
export const setUpCampaign = menuAction('setUpCampaign', setup.setUpCampaign);
export const setUpSampleCampaign = menuAction('setUpSampleCampaign', setup.setUpSampleCampaign);
export const openBattleSidebar = menuAction('openBattleSidebar', server.openBattleSidebar);
export const undoLastBattle = menuAction('undoLastBattle', server.undoLastBattle);
export const newRound = menuAction('newRound', server.newRound);
export const fillFromLibrary = menuAction('fillFromLibrary', server.fillFromLibrary);
export const collectSeason = menuAction('collectSeason', server.collectSeason);
export const protectRealms = menuAction('protectRealms', realms.protectRealms);
export const showPlayerLinks = menuAction('showPlayerLinks', links.showPlayerLinks);
// The Player links dialog's calls, and the web app: its page (doGet) and the page's one call per action.
export { playerLinkNew, playerLinkRemove } from './sheets/player-links';
export { doGet, pageAction } from './sheets/server/page-server';
// The sidebar's calls as one object, which the sidebar's globals the build writes call into.
export const sidebarServer = server.sidebarServer;
