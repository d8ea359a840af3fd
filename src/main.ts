// The bundle's exports: what src/apps-script/globals.js calls as Warcard.*.
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
export {
  newRound,
  openBattleSidebar,
  sidebarApply,
  sidebarLoad,
  sidebarNewRound,
  sidebarSave,
  sidebarUndo,
  undoLastBattle,
} from './sheets/sidebar/index';
