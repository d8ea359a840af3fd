// The sealed plans' calls as the sidebar makes them, the fixture's players, and the server's random draws made
// repeatable, for the tests of seal, reveal and logged roll.
import { createHash } from 'node:crypto';
import type { LoadedWorkbook } from '../../dev/gas';
import type { Written } from '../../src/contract/api';
import { call, FORD, newId } from './emulation';

/** The players of the fixture's Ford of Avanil, and the GM. */
export const ANA = 'ana@example.com'; // Avanil, side A (row 2)
export const BOB = 'bob@example.com'; // Ghoere, side B (row 3)
export const GM = 'gm@example.com';

/** Makes the server's random draws repeat from `seed` (salts and dice), as a test needs to compare two runs. */
export function seeded(lw: LoadedWorkbook, seed = 1): void {
  let n = seed;
  const utilities = lw.services.Utilities as { getUuid: () => string };
  utilities.getUuid = () => {
    const h = createHash('sha256').update(String(n++)).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

export const seal = (lw: LoadedWorkbook, side: 0 | 1, plan: string, id = newId(), battle = FORD) =>
  call<Written>(lw, 'sidebarSeal', { id, battle, side, plan });
/** A seal as the sidebar sends it: with the side's armies as loaded, by which the server finds the side. */
export const sealArmies = (
  lw: LoadedWorkbook,
  side: 0 | 1,
  armies: readonly string[],
  plan: string,
  id = newId(),
  battle = FORD,
) => call<Written>(lw, 'sidebarSeal', { id, battle, side, armies, plan });
export const reveal = (lw: LoadedWorkbook, id = newId(), battle = FORD) =>
  call<Written>(lw, 'sidebarReveal', { id, battle });
export const roll = (lw: LoadedWorkbook, id = newId(), battle = FORD) =>
  call<Written>(lw, 'sidebarRoll', { id, battle });
