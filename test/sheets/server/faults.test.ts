// The fault sweep: for apply, undo, new round and save, each Google call the clean run makes is made to fail in
// turn, once and then from then on. The campaign must end exactly before or exactly after, the message must say
// which, and trying again must end in one clean result.
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import {
  apply,
  call,
  editedFirstBattle,
  comparable,
  faultSweep,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  setupOf,
  state,
  type SweepCase,
  undo,
} from '../../support';

/**
 * The workbook as compared here: Dates (the Log's When) and ids the server makes (a save's) stand as one word each,
 * since each run has its own.
 */
const seen = (lw: LoadedWorkbook) =>
  comparable(state(lw), (s) => (/^s-[0-9a-z]+-[0-9a-z]+$/.test(s) ? 'ID' : s));

const CASES: readonly SweepCase[] = [
  {
    name: 'apply',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'sweep-apply-1');
      return { lw, run: (w) => apply(w, request) };
    },
  },
  {
    name: 'undo',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const entry = newestEntry(
        ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'sweep-undo-1'))).campaign,
      ).id;
      return { lw, run: (w) => undo(w, entry) };
    },
  },
  {
    name: 'new round',
    prepare: () => {
      const lw = open(30);
      return { lw, run: (w) => newRound(w, 'sweep-round-1') };
    },
  },
  {
    name: 'save',
    prepare: () => {
      const lw = open();
      const { setup, fingerprint } = editedFirstBattle(lw);
      return {
        lw,
        run: (w, last) => {
          const now = last && !last.ok ? last.campaign?.battles[0]?.fingerprint : undefined;
          return call<Written>(w, 'sidebarSave', { setup, battle: now ?? fingerprint });
        },
      };
    },
  },
];

faultSweep(CASES, { seen, what: 'the campaign' });
