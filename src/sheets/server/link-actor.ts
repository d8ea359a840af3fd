// The person a player page acts as, for the one execution of its call: the Player cell of the Players row its
// link names. Session gives a web app no visitor's email, so the link stands for it: the rights (people.ts) rank
// that Player cell as they rank an email, and the Log's By says it came by link.

import { throughPageDoor } from '../spreadsheet';

let linked: string | null = null;

/** The Player cell the running execution acts for by link; null outside a player page's execution. */
export const linkPlayer = (): string | null => linked;

/** Runs fn as the Players row `player` acting through its link (and as nobody's link after). */
export function actingByLink<T>(player: string, fn: () => T): T {
  const before = linked;
  linked = player;
  try {
    return throughPageDoor(fn);
  } finally {
    linked = before;
  }
}

/** The Log's By of a write made from a player page: the Player cell and " (link)". */
export const linkBy = (player: string): string => `${player} (link)`;

/** Whether a By (a Log row's, a Sealed cell's) says the write was made from a player page. */
export const madeByLink = (by: string): boolean => by.endsWith(' (link)');
