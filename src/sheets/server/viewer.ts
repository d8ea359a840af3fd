// Who asks, as far as secrets go: a sealed plan leaves the server only in an answer to one of its side's own
// players (SHEETS.md "Sealed plans"), whoever else asks, a GM included.
import { nameKey } from '../../rules';
import type { Person } from '../../contract/rights';
import { session } from '../gas';
import { linkPlayer } from './link-actor';

/** The person a call answers: their account and the armies they command (name keys). */
export interface Viewer {
  /** As Google gives it to the script; '' when it gives none (then no sealed plan is theirs). */
  readonly email: string;
  readonly armies: readonly string[];
}

/** Nobody's own: the answer carries no sealed plan. */
export const NOBODY: Viewer = { email: '', armies: [] };

/** Whether a viewer may see a side's sealed plan: they command an army of the side, or sealed it themselves. */
export function ownsSide(viewer: Viewer, armies: readonly string[], seal: { readonly by: string }): boolean {
  if (viewer.email === '') return false;
  if (seal.by.toLowerCase() === viewer.email.toLowerCase()) return true;
  return armies.some((a) => viewer.armies.includes(nameKey(a)));
}

/** The active user's email ('' where Google gives none: a consumer account of another domain, a trigger). */
export function activeEmail(): string {
  const link = linkPlayer(); // a player page: the Player cell its link names (Google gives no email there)
  if (link !== null) return link;
  try {
    return String(session().getActiveUser().getEmail() ?? '').trim();
  } catch {
    return '';
  }
}

/** The person who clicked, as Session gives them (the armies they command come from the Players sheet). */
export const activeViewer = (): Viewer => ({ email: activeEmail(), armies: [] });

/** The person as the Players sheet ranks them: a player sees the sealed plans of the sides of their armies; a GM
 * commands no army here, so a GM sees none but the ones they sealed. */
export const viewerOf = (p: Person): Viewer => ({
  email: p.email,
  armies: p.role === 'GM' ? [] : p.armies.map(nameKey),
});
