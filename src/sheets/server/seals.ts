// What is kept out of every sheet: a sealed plan under its commitment (the side's Sealed cell holds it, so the seal
// is found from the row itself wherever the row moves, never by row number), with the battle and side it belongs to
// and who sealed it (no cell decides who sees it), a battle's revealed plans and its logged rolls under its name.
// A plan sealed by link is kept in the user properties of the web app's executions, which run as the GM who
// deployed it: a copy of the spreadsheet runs as whoever copied it and cannot read them. A plan sealed in the
// sidebar, by an editor who can open the script anyway, is kept in the document's properties. Revealed plans and
// logged rolls are kept there too: they are kept only once the plans are in the cells. The server's random draws
// (salts, logged dice) are here too; the reveal's check is sealed/reveal-check.ts.
import { numberCell, rangeOf } from '../../contract/numbers';
import type { Digest, Seal } from '../../contract/seal';
import { nameKey, PLANS, type Plan, type RollPair } from '../../rules';
import { propertiesService, utilities } from '../gas';
import { linkPlayer } from './link-actor';
import { ownsSide, type Viewer } from './viewer';

const SEAL_PREFIX = 'warcard.seal.';
const ROLL_PREFIX = 'warcard.roll.';
const PLANS_PREFIX = 'warcard.plans.';

/** SHA-256 by Google's Utilities, as signed bytes. */
export const digest: Digest = (text) =>
  utilities().computeDigest(utilities().DigestAlgorithm.SHA_256, text, utilities().Charset.UTF_8);

/** A salt of 32 letters and digits: the 32 hex digits of a random UUID (122 random bits, Google's SecureRandom). */
export const drawSalt = (): string => utilities().getUuid().replace(/-/g, '');

/** 2^32 cut to a whole number of hundreds, so that every face of the d100 is equally likely. */
const FAIR_LIMIT = Math.floor(2 ** 32 / 100) * 100;

/** A d100 from the random bits of UUIDs (their first 8 hex digits are random in every version-4 UUID). */
export function drawD100(): number {
  for (;;) {
    const n = Number.parseInt(utilities().getUuid().slice(0, 8), 16);
    if (n < FAIR_LIMIT) return (n % 100) + 1;
  }
}

/** A sealed plan as the properties keep it. */
export interface KeptSeal {
  /** The battle's name key: a commitment copied from another battle's row is refused. */
  readonly battle: string;
  /**
   * The side's armies as sealed (sideKey): a commitment copied to the other side's row, or a side whose Armies cell
   * changed since, is not this seal's. Absent in a seal kept before sides were recorded: shown to nobody.
   */
  readonly side?: string;
  /** Who sealed it, as Google gave their email, lower case ('' when it gave none). */
  readonly by?: string;
  readonly plan: Plan;
  readonly salt: string;
}

/** A side's armies as one text (name keys, each once, sorted): how a kept record names its side. */
export const sideKey = (armies: readonly string[]): string =>
  [...new Set(armies.map((a) => nameKey(a)))].sort().join(',');

/** Whether a kept seal is this battle's and this side's (a seal kept before sides were recorded: the battle's). */
export const sealOfSide = (k: KeptSeal, battle: string, armies: readonly string[]): boolean =>
  k.battle === nameKey(battle) && (k.side === undefined || k.side === sideKey(armies));

/** Whether a viewer may see a kept seal's plan: decided by the record and the Players sheet, never by a cell. */
export const ownsSeal = (viewer: Viewer, k: KeptSeal): boolean =>
  k.side !== undefined && ownsSide(viewer, k.side === '' ? [] : k.side.split(','), { by: k.by ?? '' });

/** The document's properties and the seals kept by link, read once for a call that needs several. */
export type Kept = Readonly<Record<string, string>>;

const documentStore = () => propertiesService().getDocumentProperties();
/** The seals made by link: the properties of the user the execution runs as (a web app: its deployer). */
const linkVault = () => propertiesService().getUserProperties();

/** The commitments this execution read from (or kept in) the link vault: dropSeal forgets them there. */
let vaultKeys: Set<string> | null = null;
/** Made on first use: loading the script builds nothing. */
const inVault = (): Set<string> => {
  if (vaultKeys === null) vaultKeys = new Set();
  return vaultKeys;
};

/** The document's properties, with the seals kept by link that this execution's user may read. */
export function readKept(): Kept {
  const vault = Object.entries(linkVault().getProperties()).filter(([k]) => k.startsWith(SEAL_PREFIX));
  for (const [k] of vault) inVault().add(k);
  return { ...documentStore().getProperties(), ...Object.fromEntries(vault) };
}

/** Keeps a seal: by link in the deploying GM's own properties, in the sidebar in the document's. */
export function keepSeal(commitment: string, seal: KeptSeal): void {
  const key = SEAL_PREFIX + commitment;
  if (linkPlayer() === null) {
    documentStore().setProperty(key, JSON.stringify(seal));
    return;
  }
  linkVault().setProperty(key, JSON.stringify(seal));
  inVault().add(key);
}

/** Forgets a seal no cell names any more (sealed again, or revealed): a failure leaves it, harmlessly. */
export function dropSeal(commitment: string): void {
  const key = SEAL_PREFIX + commitment;
  try {
    (inVault().has(key) ? linkVault() : documentStore()).deleteProperty(key);
    inVault().delete(key);
  } catch {
    // A property no cell names is never read again: it only waits to be cleared by the next reveal.
  }
}

/** The kept seal of a commitment; null when none (or not as Warcard wrote it). */
export function keptSeal(commitment: string, kept?: Kept): KeptSeal | null {
  const raw = kept
    ? (kept[SEAL_PREFIX + commitment] ?? null)
    : (readKept()[SEAL_PREFIX + commitment] ?? null);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const plan = PLANS.find((p) => p === v.plan);
    if (!plan || typeof v.battle !== 'string' || typeof v.salt !== 'string') return null;
    const side = typeof v.side === 'string' ? { side: v.side } : {};
    const by = typeof v.by === 'string' ? { by: v.by } : {};
    return { battle: v.battle, ...side, ...by, plan, salt: v.salt };
  } catch {
    return null;
  }
}

/** A battle's logged roll: the Log entry that drew it and every pair drawn, ties included. */
export interface LoggedRoll {
  readonly entry: string;
  readonly pairs: readonly RollPair[];
  /** The plans it was rolled with, which bind the battle (absent in a roll kept before they were). */
  readonly plans?: KeptPlans;
  /** Every logged roll of the battle, oldest first, the newest ones while they fit (ROLLS_KEPT_PAIRS). */
  readonly made?: readonly RollMade[];
  /** How many older rolls of the battle no longer fit. */
  readonly earlier?: number;
}

/** One logged roll as kept: its Log entry, who rolled, when (UTC), and its pairs. */
export interface RollMade {
  readonly entry: string;
  readonly by: string;
  readonly when: string;
  readonly pairs: readonly RollPair[];
}

/** The pairs a battle's kept rolls may hold together: a property's value stays a few KB however often it is rolled. */
const ROLLS_KEPT_PAIRS = 200;

/**
 * The battle's rolls with this one added (in place of an earlier try of the same entry), the oldest left out (and
 * counted) past ROLLS_KEPT_PAIRS pairs.
 */
export function rollsWith(previous: LoggedRoll | null, roll: RollMade): Pick<LoggedRoll, 'made' | 'earlier'> {
  // A retry of the same request (its first try left unfinished and put back) replaces its own roll.
  const made = [...(previous?.made ?? []).filter((r) => r.entry !== roll.entry), roll];
  let earlier = previous?.earlier ?? 0;
  let pairs = made.reduce((n, r) => n + r.pairs.length, 0);
  while (made.length > 1 && pairs > ROLLS_KEPT_PAIRS) {
    pairs -= made.shift()?.pairs.length ?? 0;
    earlier++;
  }
  return { made, ...(earlier > 0 ? { earlier } : {}) };
}

const isPairs = (v: unknown): v is RollPair[] =>
  Array.isArray(v) &&
  v.every(
    (p) => Array.isArray(p) && p.length === 2 && p.every((d) => typeof d === 'number' && dieOf(d) !== null),
  );

/** The kept rolls as Warcard wrote them; none that do not read back. */
function madeOf(v: unknown): RollMade[] {
  if (!Array.isArray(v)) return [];
  return v.filter((r): r is RollMade => {
    const m = r as Record<string, unknown> | null;
    return (
      typeof m?.entry === 'string' &&
      typeof m.by === 'string' &&
      typeof m.when === 'string' &&
      isPairs(m.pairs)
    );
  });
}

export function keepRoll(battle: string, roll: LoggedRoll): void {
  documentStore().setProperty(ROLL_PREFIX + nameKey(battle), JSON.stringify(roll));
}

export function dropRoll(battle: string): void {
  documentStore().deleteProperty(ROLL_PREFIX + nameKey(battle));
}

/**
 * Forgets an applied battle's logged roll, so that kept rolls never pile up with the battles fought (every load
 * with Logged dice reads them all). Its failure is left alone: the apply is written, and a load shows kept rolls
 * only for battles not applied.
 */
export function forgetRoll(battle: string): void {
  try {
    dropRoll(battle);
  } catch {
    // Kept a while longer: the next apply of a battle of that name forgets it.
  }
}

/** A die as the Roll column's one number rule reads it (contract/numbers.ts), or null when it is none. */
export function dieOf(cell: unknown): number | null {
  if (typeof cell !== 'number' && typeof cell !== 'string') return null;
  try {
    return numberCell(cell, 'Roll', rangeOf('Roll'), 'required');
  } catch {
    return null;
  }
}

export function keptRoll(battle: string, kept?: Kept): LoggedRoll | null {
  const key = ROLL_PREFIX + nameKey(battle);
  const raw = kept ? (kept[key] ?? null) : documentStore().getProperty(key);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as {
      entry?: unknown;
      pairs?: unknown;
      plans?: unknown;
      made?: unknown;
      earlier?: unknown;
    };
    if (typeof v.entry !== 'string' || !isPairs(v.pairs) || v.pairs.length === 0) return null;
    const plans = v.plans === undefined ? null : plansOf(v.plans);
    const made = madeOf(v.made);
    const earlier = typeof v.earlier === 'number' && v.earlier > 0 ? { earlier: v.earlier } : {};
    return {
      entry: v.entry,
      pairs: v.pairs,
      ...(plans ? { plans } : {}),
      ...(made.length > 0 ? { made } : {}),
      ...earlier,
    };
  } catch {
    return null;
  }
}

/**
 * A battle's plans as revealed (by a GM's Reveal or a logged roll), which bind it: kept from the reveal until the
 * battle is applied, each side named by its armies, with its seal as it was revealed.
 */
export interface KeptPlans {
  /** The Log entry that revealed them. */
  readonly entry: string;
  readonly sides: readonly [BoundSide, BoundSide];
}

/** A side's plan as revealed: its armies (sideKey), the plan, and its seal when it was sealed. */
export interface BoundSide {
  readonly side: string;
  readonly plan: Plan;
  readonly sealed?: Seal;
}

export function keepPlans(battle: string, plans: KeptPlans): void {
  documentStore().setProperty(PLANS_PREFIX + nameKey(battle), JSON.stringify(plans));
}

/** Forgets a battle's revealed plans (applied, or a reveal put back); a failure leaves them, for the next apply. */
export function forgetPlans(battle: string): void {
  try {
    documentStore().deleteProperty(PLANS_PREFIX + nameKey(battle));
  } catch {
    // Kept a while longer: the next apply of a battle of that name forgets them.
  }
}

const isSeal = (v: unknown): v is Seal => {
  const s = v as Record<string, unknown> | null;
  return !!s && typeof s.by === 'string' && typeof s.when === 'string' && typeof s.commitment === 'string';
};

/** A battle's revealed plans; null when none are kept (or not as Warcard wrote them). */
export function keptPlans(battle: string, kept?: Kept): KeptPlans | null {
  const key = PLANS_PREFIX + nameKey(battle);
  const raw = kept ? (kept[key] ?? null) : documentStore().getProperty(key);
  if (raw === null) return null;
  try {
    return plansOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Revealed plans as Warcard wrote them, or null. */
function plansOf(raw: unknown): KeptPlans | null {
  const v = raw as { entry?: unknown; sides?: unknown } | null;
  const sides: unknown[] = Array.isArray(v?.sides) ? v.sides : [];
  const good = sides.every((x) => {
    const b = x as Record<string, unknown> | null;
    return (
      typeof b?.side === 'string' &&
      PLANS.includes(b.plan as Plan) &&
      (b.sealed === undefined || isSeal(b.sealed))
    );
  });
  if (typeof v?.entry !== 'string' || sides.length !== 2 || !good) return null;
  return { entry: v.entry, sides: sides as unknown as KeptPlans['sides'] };
}

/** The plans binding a battle: its logged roll's, or a GM's Reveal's; null when none were revealed. */
export const bindingPlans = (battle: string, kept: Kept): KeptPlans | null =>
  keptRoll(battle, kept)?.plans ?? keptPlans(battle, kept);
