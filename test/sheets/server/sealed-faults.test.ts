// The fault sweep over seal, reveal and logged roll: each Google call of a clean run (document properties
// included) made to fail in turn, once and then from then on. The campaign, its cells and its kept seals and
// rolls end exactly before or exactly after, never a half-sealed or half-revealed battle, and a retry ends after.
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Response, Written } from '../../../src/contract/api';
import {
  ANA,
  BOB,
  faultSweep,
  GM,
  ok,
  open,
  reveal,
  roll,
  seal,
  sealedSeen as seen,
  seeded,
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
