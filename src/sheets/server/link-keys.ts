// The player links' keys (SHEETS.md "Player pages"): a key of 244 random bits per Players row, of which only its
// SHA-256 is kept, in the document's properties. A key is in no cell, Log row, report or answer: only the GM's
// Player links dialog shows it, once, as the link made. A key is found by comparing its digest with every kept
// one, so neither the answer nor the time taken depends on how close a wrong key was.
import { hexOf } from '../../contract/seal';
import { nameKey } from '../../rules';
import { propertiesService, utilities } from '../gas';
import { digest } from './seals';

/** The document property holding the links: by the Player cell's name key, its Player cell and key's digest. */
export const LINKS_KEY = 'warcard.links';

/** A link as kept: never its key. */
export interface KeptLink {
  readonly player: string;
  /** SHA-256 of the key, in hex. */
  readonly hash: string;
  /** When it was made (yyyy-MM-dd HH:mm, UTC). */
  readonly made: string;
}

/** The longest key looked up: anything longer is cut (a key is 64 characters). */
const MAX_KEY = 128;

/** The kept links by the Player cell's name key (none when the property is missing or unreadable). */
export function readLinks(): Record<string, KeptLink> {
  const raw = propertiesService().getDocumentProperties().getProperty(LINKS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, KeptLink>) : {};
  } catch {
    return {};
  }
}

function writeLinks(links: Record<string, KeptLink>): void {
  propertiesService().getDocumentProperties().setProperty(LINKS_KEY, JSON.stringify(links));
}

/** SHA-256 of a key, in hex. */
export const keyHash = (key: string): string => hexOf(digest(key));

/** A new key: the hex digits of two random UUIDs (2 × 122 random bits, Google's SecureRandom). */
const newKey = (): string => `${utilities().getUuid()}${utilities().getUuid()}`.replace(/-/g, '');

/** Makes the Players row's link anew (the old one, if any, ends at once) and gives its key, to show once. */
export function makeLink(player: string, now: Date): string {
  const key = newKey();
  const links = readLinks();
  links[nameKey(player)] = {
    player,
    hash: keyHash(key),
    made: now.toISOString().slice(0, 16).replace('T', ' '),
  };
  writeLinks(links);
  return key;
}

/** Ends the Players row's link; false when it had none. */
export function removeLink(player: string): boolean {
  const links = readLinks();
  if (!links[nameKey(player)]) return false;
  delete links[nameKey(player)];
  writeLinks(links);
  return true;
}

/**
 * The Player cell a key opens, or null. Every key, valid or not, is hashed once and its digest compared with every
 * kept one: a near miss takes the same steps as a far one, and their digests share nothing.
 */
export function playerOfKey(key: unknown): string | null {
  const hash = keyHash(typeof key === 'string' ? key.slice(0, MAX_KEY) : '');
  let found: string | null = null;
  for (const link of Object.values(readLinks())) if (link.hash === hash) found = link.player;
  return found;
}

/** A link: the web app's URL with the key as its `k` parameter. */
export const linkOf = (url: string, key: string): string => `${url}${url.includes('?') ? '&' : '?'}k=${key}`;
