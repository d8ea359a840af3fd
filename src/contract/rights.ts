// Who may do what at a table (SHEETS.md "Players"): who is a GM, which armies (realms) and Battles sides a person
// commands, whether a write may touch the realms it would change, and the refusal that names those realms and
// the GMs who can. Pure and shared: the server checks at its door, the sidebar offers only what is allowed.
import { nameKey, sameName } from '../rules';
import { notYours } from './refusals';

export const ROLES = ['GM', 'Player'] as const;
export type Role = (typeof ROLES)[number];

/** A Players row: the person's Google account email, their role, the armies they command. */
export interface PlayerRecord {
  readonly email: string;
  readonly role: Role;
  readonly armies: readonly string[];
}

/** The person acting, as the rights see them. */
export interface Person {
  /** Their email as Google gives it to the script ('' when it gives none). */
  readonly email: string;
  readonly role: Role;
  /** The armies they command (a GM commands all: empty here). */
  readonly armies: readonly string[];
  /** The GMs listed on Players (empty when there is no GM row: then everyone acts as a GM). */
  readonly gms: readonly string[];
  /**
   * Why this person has no rights although Players lists GMs: Google gave no email, or they are not listed;
   * '' otherwise.
   */
  readonly why: string;
}

/** The emails compare without case and spaces around. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** Without a Players sheet, or with no GM on it, everyone who can edit the spreadsheet acts as a GM. */
export function personOf(email: string, players: readonly PlayerRecord[] | null, owner = ''): Person {
  email = email.trim();
  const gms = (players ?? []).filter((p) => p.role === 'GM').map((p) => p.email);
  if (gms.length === 0) return { email, role: 'GM', armies: [], gms: [], why: '' };
  // The file's owner edits every protected range whatever Players says, so acts as a GM: a copy works for its owner.
  if (emailKey(owner) !== '' && !gms.some((g) => emailKey(g) === emailKey(owner))) gms.push(owner.trim());
  if (emailKey(owner) !== '' && emailKey(email) === emailKey(owner))
    return { email, role: 'GM', armies: [], gms, why: '' };
  if (emailKey(email) === '') {
    return {
      email,
      role: 'Player',
      armies: [],
      gms,
      why: 'Google does not give Warcard your email address here, so Warcard cannot tell who you are: you may preview, not write',
    };
  }
  const mine = (players ?? []).filter((p) => emailKey(p.email) === emailKey(email));
  if (mine.length === 0) {
    return {
      email,
      role: 'Player',
      armies: [],
      gms,
      why: `${email} is not on the Players sheet: you may preview, not write`,
    };
  }
  if (mine.some((p) => p.role === 'GM')) return { email, role: 'GM', armies: [], gms, why: '' };
  const armies: string[] = [];
  for (const p of mine) for (const a of p.armies) if (!armies.some((x) => sameName(x, a))) armies.push(a);
  return { email, role: 'Player', armies, gms, why: '' };
}

export const isGM = (p: Person): boolean => p.role === 'GM';

/** Whether the person commands this army (a GM commands every army). */
export const commands = (p: Person, army: string): boolean =>
  isGM(p) || p.armies.some((a) => sameName(a, army));

/**
 * Whether the person commands a Battles side: every one of its armies (a side with no army is nobody's but the
 * GMs').
 */
export const commandsSide = (p: Person, armies: readonly string[]): boolean =>
  isGM(p) || (armies.length > 0 && armies.every((a) => commands(p, a)));

/** The realms of a write the person does not command, each once, in the order given. */
export function foreignRealms(p: Person, realms: readonly string[]): string[] {
  if (isGM(p)) return [];
  const out: string[] = [];
  for (const r of realms) {
    if (!commands(p, r) && !out.some((x) => nameKey(x) === nameKey(r))) out.push(r);
  }
  return out;
}

/** What the person is, in words: "elin@example.com, Player: Elinvaire Host, Marcher Levies". */
export function describePerson(p: Person): string {
  const who = p.email || 'you (Google gives no email)';
  if (isGM(p)) return p.gms.length === 0 ? `${who}, GM (no Players sheet names a GM)` : `${who}, GM`;
  return `${who}, Player: ${p.armies.length > 0 ? p.armies.join(', ') : 'no armies'}`;
}

const listed = (names: readonly string[]): string => {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
};

/** Who can do it instead: the GMs by email. */
export const whoCan = (p: Person): string => (p.gms.length === 0 ? 'a GM' : `a GM (${p.gms.join(', ')})`);

/**
 * The refusal of a write that would touch realms the person does not command: it names those realms, the
 * person as the rights see them, and the GMs who can do it. `what` is the write: "apply this battle".
 * `realmless` counts changes on rows of no army (a GM's alone).
 */
export function refusal(p: Person, what: string, realms: readonly string[], realmless = false): string {
  const foreign = foreignRealms(p, realms);
  const parts: string[] = [];
  if (foreign.length > 0) parts.push(`${foreign.length === 1 ? 'realm' : 'realms'} ${listed(foreign)}`);
  if (realmless) parts.push('rows of no army');
  const touched = parts.length > 0 ? parts.join(' and ') : 'the campaign';
  const why = p.why ? ` (${p.why})` : '';
  return notYours(
    what,
    `it would change ${touched}, and you are ${describePerson(p)}${why}`,
    `Ask ${whoCan(p)} to do it, or to give you those armies on the Players sheet.`,
  );
}

/** A write as a refusal names it: what it does, in the words after "may not", and the realms it changes. */
export interface WriteAsked {
  readonly deed: string;
  readonly realms: readonly string[];
  /** It changes rows of no army (a new round, set-up): only a GM may. */
  readonly realmless?: boolean;
}

/**
 * Whether the person may make a write that changes rows of these realms (and, with `realmless`, rows of no
 * army): null when they may, else the refusal.
 */
export function checkWrite(p: Person, write: WriteAsked): string | null {
  const { deed: what, realms, realmless = false } = write;
  if (isGM(p)) return null;
  if (realmless || foreignRealms(p, realms).length > 0 || p.armies.length === 0) {
    return refusal(p, what, realms, realmless);
  }
  return null;
}

/** The person as the load tells the sidebar: the rights, and the Players rows that could not be read. */
export interface You extends Person {
  readonly problems: readonly string[];
}

/** Why the person may not apply (or undo) a battle of these sides: null when they may. */
export const applyRefusal = (p: Person, sides: readonly (readonly string[])[]): string | null =>
  checkWrite(p, { deed: 'apply this battle', realms: sides.flat() });

/** Why the person may not save a battle of these sides (they must command one side wholly): null when they may. */
export const saveRefusal = (p: Person, sides: readonly (readonly string[])[]): string | null =>
  isGM(p) || sides.some((armies) => commandsSide(p, armies))
    ? null
    : refusal(p, 'save this battle', sides.flat());

/** The writes the sidebar offers, as the rights decide them for a person before a battle is chosen. */
export interface Allowed {
  /** New round and undo of any entry change every realm's units: a GM's (or a player's who commands all). */
  readonly everything: boolean;
  /** Whether they may save or apply anything at all (a player with armies, or a GM). */
  readonly anything: boolean;
}

export const allowedOf = (p: Person): Allowed => ({
  everything: isGM(p),
  anything: isGM(p) || p.armies.length > 0,
});
