// TREASURY (SHEETS.md "Realms and Treasury"): every realm's balance and the next collection from one call, the
// realms read once, the ledger and the units grouped once, so its work grows with the rows, never rows times realms.
import { readSettings } from './settings';
import { isGiven, type Spill } from './table';
import { readLedger, readRealms, realmTreasuries } from './realm-treasury';
import { ERR_PREFIX } from '../contract/errors';
import { readUnits } from './units';

export const TREASURY_HEADER = ['Realm', 'Balance', 'Upkeep', 'Muster Due', 'Next Balance', 'Note'] as const;

/**
 * One row per Realms row ("" for a blank one): Balance = Start + the ledger's Income − Upkeep − Muster + Other;
 * Upkeep and Muster Due as the next collection of Settings' Season would take them now; Next Balance after it;
 * Note on a shortfall, an army no unit carries, or a season collected. A bad row says why in place of its figures.
 */
export function TREASURY(realms: unknown, treasury: unknown, units: unknown, settings?: unknown): Spill {
  const { season } = readSettings(isGiven(settings) ? settings : undefined);
  const lines = realmTreasuries(
    readRealms(realms),
    readLedger(treasury),
    readUnits(units, { withArmy: true }),
    season,
  );
  const out: Spill = [[...TREASURY_HEADER]];
  for (const line of lines) {
    if (line === undefined) out.push(TREASURY_HEADER.map(() => ''));
    else if ('error' in line) out.push([line.name, ERR_PREFIX + line.error.message, '', '', '', '']);
    else out.push([line.realm.name, line.balance, line.due.upkeep, line.due.muster, line.next, line.note]);
  }
  return out;
}
