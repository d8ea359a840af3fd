// The fault sweep of Collect the season and of its undo: each Google call of a clean run is made to fail in turn,
// once and then from then on. The campaign (the Treasury rows and the Log with them) must end exactly before or
// exactly after, the message must say which, and trying again must end in one clean result.
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import {
  call,
  collect,
  comparable,
  faultSweep,
  newestEntry,
  ok,
  type SweepCase,
  treasuryCampaign,
  treasuryState,
} from '../../support';

/** The workbook as compared: the Log's When stands as one word (each run has its own). */
const seen = (lw: LoadedWorkbook) => comparable(treasuryState(lw));

const CASES: readonly SweepCase[] = [
  {
    name: 'collect the season',
    prepare: () => {
      const lw = treasuryCampaign();
      return { lw, run: (w) => collect(w, 'sweep-collect-1') };
    },
  },
  {
    name: 'undo of a season collected',
    prepare: () => {
      const lw = treasuryCampaign();
      const entry = newestEntry(ok(collect(lw, 'sweep-collect-2')).campaign).id;
      return { lw, run: (w) => call<Written>(w, 'sidebarUndo', { entry }) };
    },
  },
];

faultSweep(CASES, { seen, what: 'the campaign' });
