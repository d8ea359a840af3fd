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
export { onOpen, showFormulaReference } from './sheets/menu';
export { setUpCampaign, setUpSampleCampaign } from './sheets/setup';
// The menu's battle items, and the sidebar's calls as one object (sidebarServer), which the sidebar's globals the
// build writes call into.
export { newRound, openBattleSidebar, sidebarServer, undoLastBattle } from './sheets/server/index';
