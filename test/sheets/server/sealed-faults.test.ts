// The fault sweep over seal, reveal and logged roll: each Google call of a clean run (document properties
// included) made to fail in turn, once and then from then on. The campaign, its cells and its kept seals and
// rolls end exactly before or exactly after, never a half-sealed or half-revealed battle, and a retry ends after.
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Response, Written } from '../../../src/contract/api';
import type { RollPair } from '../../../src/rules';
import {
  ANA,
  apply,
  BOB,
  type EditedWrite,
  editsSweep,
  FORD,
  faultSweep,
  GM,
  LOG_EDITS,
  lastWritesOf,
  lastWriteTyped,
  load,
  ok,
  open,
  ranEveryCase,
  requestFor,
  reveal,
  roll,
  seal,
  sealedSeen as seen,
  seeded,
  setupOf,
  type SweepCase,
} from '../../support';

/** The Ford with Dice Logged and, when asked, Avanil's plan sealed. */
function ford(sealed: boolean): LoadedWorkbook {
  const lw = open();
  lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  if (sealed) {
    seeded(lw, 100);
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle', 'sweep-seal-0'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Trap', 'sweep-seal-1'));
  }
  lw.calls.reset();
  return lw;
}

/** Each run draws the same salt and dice, so that every run's "after" is the same. */
const repeatable =
  (call: (lw: LoadedWorkbook) => Response<Written>) =>
  (lw: LoadedWorkbook): Response<Written> => {
    seeded(lw, 7);
    return call(lw);
  };

const CASES: readonly SweepCase[] = [
  {
    name: 'seal',
    prepare: () => {
      const lw = ford(false);
      lw.actAs(ANA);
      return { lw, run: repeatable((w) => seal(w, 0, 'Encircle', 'sweep-seal')) };
    },
  },
  {
    name: 'seal again',
    prepare: () => {
      const lw = ford(true);
      lw.actAs(ANA);
      return { lw, run: repeatable((w) => seal(w, 0, 'Hold', 'sweep-reseal')) };
    },
  },
  {
    name: 'reveal',
    prepare: () => {
      const lw = ford(true);
      lw.actAs(GM);
      return { lw, run: (w) => reveal(w, 'sweep-reveal') };
    },
  },
  {
    name: 'logged roll revealing the plans',
    prepare: () => {
      const lw = ford(true);
      lw.actAs(GM);
      return { lw, run: repeatable((w) => roll(w, 'sweep-roll')) };
    },
  },
];

faultSweep(CASES, { seen, what: 'the battle', among: { name: 'properties', method: /Property|Properties/ } });

/** The Ford sealed and rolled on the server, and the apply of its logged roll as the GM's sidebar sends it. */
function applyAfterRoll(): { lw: LoadedWorkbook; run: (lw: LoadedWorkbook) => Response<Written> } {
  const lw = ford(true);
  lw.actAs(GM);
  seeded(lw, 7);
  ok(roll(lw, 'sweep-roll'));
  const data = load(lw);
  const pairs = data.battles.find((b) => b.setup.name === FORD)?.logged as RollPair[];
  const request = requestFor(data, setupOf(data, FORD), pairs, 'sweep-apply');
  lw.calls.reset();
  return { lw, run: (w) => apply(w, request) };
}

/** The same writes, and the apply of a logged roll, as the edits sweep runs them. */
const EDITED: readonly EditedWrite[] = [
  ...CASES.map(({ name, prepare }) => ({
    name,
    prepare: () => {
      const { lw, run } = prepare();
      return { lw, run: () => run(lw) };
    },
  })),
  {
    name: 'apply of a logged roll',
    prepare: () => {
      const { lw, run } = applyAfterRoll();
      return { lw, run: () => run(lw) };
    },
  },
];

const counts = { cases: 0, written: 0, refused: 0 };

editsSweep(EDITED, [...LOG_EDITS, lastWriteTyped('Battles')], {
  seen,
  counts,
  context: (lw, run) => {
    run();
    return lastWritesOf(lw);
  },
});

// 5 writes × 3 edits × their moments.
ranEveryCase('the sealed edits sweep', 'sealed edits sweep', counts, 5 * 3 * 5);
