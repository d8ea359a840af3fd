// A campaign with a treasury for the tests of Collect the season: the test campaign's units, two realms paying for
// Avanil and Ghoere (and a third for the filler armies, when there are filler units), a ledger row typed by hand,
// and Settings' Season.
import type { LoadedWorkbook } from '../../dev/gas';
import { REALM_HEADERS, TREASURY_HEADERS } from '../../src/contract/columns';
import type { Response, Written } from '../../src/contract/api';
import { collectSeasonAs } from '../../src/sheets/server/collect';
import { campaign } from './campaign-sheets';

type Row = (string | number | boolean)[];
import { inProcess, open, values } from './emulation';

export const SEASON = 'Summer 1522';

/** The Realms rows: Avanil and Ghoere, and the filler armies' realm when the roster has them. */
export function realmRows(filler: number): Row[] {
  const fillerArmies = Array.from({ length: Math.min(filler, 25) }, (_, i) => `Filler army ${i}`);
  return [
    [...REALM_HEADERS],
    ['Avanil', 'Avanil', 30, 50],
    ['Ghoere', 'Ghoere', 25, 10],
    ...(filler > 0 ? [['Filler March', fillerArmies.join(', '), 100, 0]] : []),
  ];
}

/** The campaign with its treasury; `filler` units more, in 25 armies. */
export function treasuryCampaign(filler = 0): LoadedWorkbook {
  const tables = campaign(filler);
  return open(filler, {
    ...tables,
    Settings: [...(tables.Settings ?? []), ['Season', SEASON]],
    Realms: realmRows(filler),
    Treasury: [[...TREASURY_HEADERS], ['Spring 1522', 'Avanil', 30, 20, 0, -5, 'A bridge', '', '']],
  });
}

/** Collect the season as the menu runs it, under a fixed id (the answer, not the alert). */
export const collect = (lw: LoadedWorkbook, id = 'collect-1'): Response<Written> =>
  inProcess(lw, () => collectSeasonAs(id));

/** The sheets a collection reads or writes, as compared before and after. */
export const treasuryState = (lw: LoadedWorkbook) =>
  Object.fromEntries(
    ['Units', 'Battles', 'Settings', 'Log', 'Undo', 'Realms', 'Treasury'].map((s) => [s, values(lw, s)]),
  );
