// Sealed plans and logged dice as the sidebar shows them (SHEETS.md "Sealed plans", Settings `Dice`): each side's
// seal as this person sees it, whether the battle waits for the reveal, and who may seal, reveal or make a logged
// roll (contract/rights.ts, as the load told it). Pure, from the State; the server checks the same at its door.
import type { SideSeal } from '../contract/campaign';
import { commandsSide, whoCan } from '../contract/rights';
import type { Plan } from '../rules';
import { canRoll, isApplied, loggedDice, shownListing, type State, waitsForReveal } from './state';

export { loggedDice, waitsForReveal };

/** Each side's seal, as the battle shown on the Battles sheet has it (none for a new battle). */
export const sealsOf = (s: State): readonly [SideSeal | null, SideSeal | null] =>
  shownListing(s)?.seals ?? [null, null];

/** The sides whose Plan cell reads Sealed, not revealed yet. */
export const sealedSides = (s: State): (0 | 1)[] =>
  isApplied(s) ? [] : ([0, 1] as const).filter((i) => sealsOf(s)[i]?.sealed === true);

/** The sealed sides whose plan this person was not sent: the enemy's (or, to a GM, every side's but theirs). */
export const hiddenSides = (s: State): (0 | 1)[] =>
  sealedSides(s).filter((i) => sealsOf(s)[i]?.plan === undefined);

/**
 * Whether this person may seal side `i`'s plan now: the battle is on the Battles sheet, not rolled, not revealed,
 * not applied, and they command every army of the side (a GM commands all). Not offered otherwise.
 */
export function maySeal(s: State, i: 0 | 1): boolean {
  const listing = shownListing(s);
  if (!listing || isApplied(s) || s.busy === 'load') return false;
  if (listing.rolls.some((r) => r !== null) || listing.seals.some((x) => x?.salt !== undefined)) return false;
  return !s.you || commandsSide(s.you, listing.setup.sides[i].armies);
}

/**
 * Why this person may not reveal the plans or make a logged roll: both write both sides' rows, so they are a
 * GM's or a player's who commands both sides ('' when they may).
 */
export function revealRefusal(s: State): string {
  const listing = shownListing(s);
  const you = s.you;
  if (!you || !listing || listing.setup.sides.every((side) => commandsSide(you, side.armies))) return '';
  const can = whoCan(you);
  return `Not yours: it writes both sides' rows. ${can[0]?.toUpperCase()}${can.slice(1)} can.`;
}

/** The plan a side is sealed with, as this person may see it: their own side's word, else null. */
export const sealedPlan = (s: State, i: 0 | 1): Plan | null => sealsOf(s)[i]?.plan ?? null;

/** Who sealed and when, with the commitment: "bob@example.com, 2026-11-27 18:02 UTC, #1a2b3c4d5e6f". */
export const sealWords = (seal: SideSeal): string =>
  seal.commitment === '' ? 'its Sealed cell is blank' : `${seal.by}, ${seal.when}, #${seal.commitment}`;

/**
 * Whether Roll is the next step: with Sidebar dice when the browser may roll (canRoll); with Logged dice, a battle
 * of the Battles sheet not decided yet (the logged roll reveals sealed plans first), for a person who may roll it.
 */
export function rollOffered(s: State): boolean {
  if (!loggedDice(s)) return canRoll(s);
  const p = s.outcome?.ok ? s.outcome.preview : null;
  if (!p || p.result || isApplied(s)) return false;
  return shownListing(s) !== undefined && revealRefusal(s) === '' && (!p.noBattle || waitsForReveal(s));
}
