// Sealed plans (SHEETS.md "Sealed plans"): the commitment a side's Sealed cell holds, its text read back, and
// the check of a revealed plan against it. Pure, the digest given by the caller (Utilities.computeDigest on the
// server), so both sides and the tests word and check a seal the same way.
import { nameKey, PLANS, type Plan } from '../rules';
import { type Cell, showCell } from './cells';
import { RowError } from './errors';

/** The word a sealed side's Plan cell reads. */
export const SEALED = 'Sealed';
/** The Plan column's words: the plans, and the word of a sealed one (written out: loading a script builds nothing). */
export const PLAN_WORDS = [
  'Full charge',
  'Normal attack',
  'Encircle',
  'Trap',
  'Hold',
  'Withdraw',
  'No plan',
  'Sealed',
] as const satisfies readonly (Plan | typeof SEALED)[];

/** Hex digits of the digest the Sealed cell shows. */
export const COMMITMENT_DIGITS = 12;
/** A salt: letters and digits, at least this many (drawn on the server). */
export const MIN_SALT = 16;
export const SALT = /^[A-Za-z0-9]{16,64}$/;

/** SHA-256 of a text as signed bytes (Utilities.computeDigest's shape). */
export type Digest = (text: string) => readonly number[];

/** The text a commitment is the digest of: the plan word, a colon, the salt. */
export const commitmentText = (plan: Plan, salt: string): string => `${plan}:${salt}`;

/** Bytes (signed or not) as lower-case hex. */
export const hexOf = (bytes: readonly number[]): string =>
  bytes.map((b) => (b & 0xff).toString(16).padStart(2, '0')).join('');

/** The commitment: the first 12 hex digits of SHA-256 of `PLAN:SALT`. */
export const commitmentOf = (plan: Plan, salt: string, digest: Digest): string =>
  hexOf(digest(commitmentText(plan, salt))).slice(0, COMMITMENT_DIGITS);

/** A side's seal as its Sealed cell tells it. */
export interface Seal {
  /** Who sealed it, as Google gave the account ('unknown' when it gave none). */
  readonly by: string;
  /** When, as written: `2026-11-27 17:02 UTC`. */
  readonly when: string;
  /** The 12 hex digits. */
  readonly commitment: string;
  /** After the reveal: the plan and the salt, so anyone can check them. */
  readonly revealed?: { readonly plan: Plan; readonly salt: string } | undefined;
}

/** A moment as the Sealed cell writes it, in UTC (every reader sees the same words). */
export function sealTime(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** The Sealed cell's text: `Sealed by WHO, WHEN #COMMITMENT`, then `; revealed PLAN:SALT` after the reveal. */
export function sealText(s: Seal): string {
  const head = `Sealed by ${s.by}, ${s.when} #${s.commitment}`;
  return s.revealed ? `${head}; revealed ${commitmentText(s.revealed.plan, s.revealed.salt)}` : head;
}

const SEAL_CELL =
  /^Sealed by (.+), (\d{4}-\d\d-\d\d \d\d:\d\d UTC) #([0-9a-f]{12})(?:; revealed (.+):([A-Za-z0-9]+))?$/;

/** A Sealed cell: blank (no seal), or as the sidebar wrote it; anything else is bad input for the row. */
export function parseSeal(cell: Cell): Seal | null {
  const t = typeof cell === 'string' ? cell.trim() : cell;
  if (t === '' || t === null || t === undefined) return null;
  const m = typeof t === 'string' ? SEAL_CELL.exec(t) : null;
  const plan = m?.[4] === undefined ? undefined : PLANS.find((p) => nameKey(p) === nameKey(m[4] ?? ''));
  if (!m || (m[4] !== undefined && (plan === undefined || !SALT.test(m[5] ?? '')))) {
    throw new RowError(
      `Sealed must be blank or as the sidebar wrote it, e.g. "Sealed by ana@example.com, 2026-05-01 18:00 UTC #1a2b3c4d5e6f" (got ${showCell(cell)})`,
    );
  }
  const [, by = '', when = '', commitment = ''] = m;
  return plan ? { by, when, commitment, revealed: { plan, salt: m[5] ?? '' } } : { by, when, commitment };
}

/** Whether a plan and salt are what the commitment was made of. */
export const matchesCommitment = (commitment: string, plan: Plan, salt: string, digest: Digest): boolean =>
  SALT.test(salt) && commitmentOf(plan, salt, digest) === commitment;
