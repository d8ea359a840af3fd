// The sealed plans and logged rolls a load shows: each listing's seals as the viewer may see them (their own side's
// plan only), with Logged dice the battle's logged pairs, and a Sealed cell no kept seal matches as a problem.
import { type BattleListing, type SideSeal, sideLabel } from '../../../contract/campaign';
import { messageOf } from '../../../contract/cells';
import type { Seal } from '../../../contract/seal';
import { madeByLink } from '../link-actor';
import type { Viewer } from '../viewer';
import { keptRoll, keptSeal, readKept, ownsSeal, sealOfSide } from '../seals';
import type { Kept } from '../seals';

/** A side's seal as a listing sends it: never the plan (withOwnPlans adds it for the side's own players). */
export function sideSeal(planSealed: boolean, seal: Seal | undefined): SideSeal | null {
  if (!seal) return planSealed ? { by: '', when: '', commitment: '', sealed: true } : null;
  return {
    by: seal.by,
    when: seal.when,
    commitment: seal.commitment,
    sealed: planSealed,
    ...(seal.revealed && !planSealed ? { salt: seal.revealed.salt } : {}),
  };
}

/**
 * The listings as this viewer may see them: each sealed side's plan added for its own players only (by the kept
 * record and the Players sheet), and with Logged dice each battle's logged pairs; a Sealed cell whose commitment
 * is no kept seal of its side is a problem. The properties are read once, and only when a side is sealed or Logged
 * dice need them.
 */
export function withKept(
  listings: BattleListing[],
  viewer: Viewer,
  logged: boolean,
  problems: string[],
): BattleListing[] {
  const sealed = (b: BattleListing, i: 0 | 1): boolean => {
    const s = b.seals[i];
    return !!s?.sealed && s.commitment !== '';
  };
  const needed =
    listings.some((b) => sealed(b, 0) || sealed(b, 1)) || (logged && listings.some((b) => !b.appliedBy));
  if (!needed) return listings;
  let kept: Kept;
  try {
    kept = readKept();
  } catch (e) {
    // The answer still stands (a write's is sent after it was written): it says what it lacks instead.
    problems.unshift(
      `Your sealed plans and the logged rolls could not be read just now (${messageOf(e)}), so they are not shown.`,
    );
    return listings;
  }
  return listings.map((b) => {
    const seals = b.seals.map((s, n) => {
      const i = n as 0 | 1;
      if (!s || !sealed(b, i)) return s;
      const k = keptSeal(s.commitment, kept);
      // Sealed by link and kept where only the web app reads: sealed, its plan not this person's to see.
      if (!k && madeByLink(s.by)) return s;
      if (!k || !sealOfSide(k, b.setup.name, b.setup.sides[i].armies)) {
        problems.push(unmatchedSeal(b, i, s.commitment));
        return s;
      }
      return ownsSeal(viewer, k) ? { ...s, plan: k.plan } : s;
    }) as [SideSeal | null, SideSeal | null];
    const roll = logged && !b.appliedBy ? keptRoll(b.setup.name, kept) : null;
    return { ...b, seals, ...(roll ? { logged: roll.pairs } : {}) };
  });
}

/** The problem of a Sealed cell whose commitment is no seal kept for its side. */
const unmatchedSeal = (b: BattleListing, i: 0 | 1, commitment: string): string =>
  `Battles row ${b.rows[i]}: the Sealed cell of ${sideLabel(b.setup, i)} in battle "${b.setup.name}" holds commitment #${commitment}, which is no plan sealed for that side (typed or copied, or its armies changed since it was sealed): its players seal the plan again.`;
