// The bundle's exports: what src/apps-script/globals.js calls as Warcard.*.
export {
  ARMIES,
  ARMYVALUE,
  BATTLEODDS,
  BATTLES,
  CHARACTERVALUE,
  MUSTERCOST,
  RESOLVEBATTLE,
  TACTICS,
  TROOPRATIO,
  UNITSTATS,
  UNITVALUE,
  UPKEEP,
} from './sheets/formulas';
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
