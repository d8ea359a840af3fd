// How far Protect realms got on a roster sheet, kept where no player can bend it: at the end of the description of
// Warcard's sheet protection there, whose only editors are the GMs (a player can neither change nor remove it; a run
// trusts the mark only while that holds). The mark names the build (a tag each of its range protections carries with
// its run's number), the phase, and the digest of the plan's first runs it vouches for, so a roster or Players sheet
// changed between runs is noticed: the runs it vouches for must still be the plan's first ones, row for row and
// player for player.
import { hexOf } from '../contract/seal';
import { runA1, type SheetPlan } from './protect-plan';
import { digest } from './server/seals';

/** Where a sheet's build is: making its runs' protections, removing old ones, or done. */
export type Phase = 'build' | 'sweep' | 'done';

/** What the rows not yet given to their realm are like while a build goes on. */
export type Rest = 'open' | 'kept';

export interface Stamp {
  /** The build's tag: 8 hex digits, on each of its range protections. */
  readonly tag: string;
  readonly phase: Phase;
  /** The plan's first `stood` runs have their protections. */
  readonly stood: number;
  /** The runs `stood` to `upTo` may have theirs too (the run was making them when it stopped or failed). */
  readonly upTo: number;
  /** The digest of the plan's first `upTo` runs. */
  readonly digest: string;
  /**
   * Where the sweep of old protections goes on (their index among the sheet's range protections); once done, how
   * many range protections the sheet had (fewer at a later run: some were removed).
   */
  readonly at: number;
  readonly rest: Rest;
}

const MARK = / \[([0-9a-f]{8}) (build|sweep|done) (\d+) (\d+) ([0-9a-f]{16}) (\d+) (open|kept)\]$/;
const RUN_MARK = / \[([0-9a-f]{8}) #(\d+)\]$/;

/** The sheet protection's description: what it is, then the mark. */
export const stampedDescription = (base: string, s: Stamp): string =>
  `${base} [${s.tag} ${s.phase} ${s.stood} ${s.upTo} ${s.digest} ${s.at} ${s.rest}]`;

/** The mark at the end of a description, or null (none, or not Warcard's shape). */
export function readStamp(description: string): Stamp | null {
  const m = MARK.exec(description);
  if (!m) return null;
  const [, tag = '', phase, stood = '0', upTo = '0', digest = '', at = '0', rest] = m;
  return {
    tag,
    phase: phase as Phase,
    stood: Number(stood),
    upTo: Number(upTo),
    digest,
    at: Number(at),
    rest: rest as Rest,
  };
}

/** A run's range protection's description: its rows' armies or sides, the build's tag and the run's number. */
export const runDescription = (base: string, tag: string, index: number): string =>
  `${base} [${tag} #${index}]`;

/** The run number a range protection of the build `tag` carries, or null (another build's, or none). */
export function runOf(description: string, tag: string): number | null {
  const m = RUN_MARK.exec(description);
  return m && m[1] === tag ? Number(m[2]) : null;
}

/** A plan's runs as text, one line each: rows, players and labels, what a digest vouches for. */
export const runLines = (plan: SheetPlan): string[] =>
  plan.runs.map((r) => `${runA1(r, plan.columns)} ${r.editors.join(',')} ${r.labels.join(',')}`);

/** The digest (16 hex digits of SHA-256) of a sheet's first `count` runs, with the GMs every run gives it to. */
export const prefixDigest = (
  name: string,
  gms: readonly string[],
  lines: readonly string[],
  count: number,
): string => hexOf(digest([name, gms.join(','), ...lines.slice(0, count)].join('\n'))).slice(0, 16);

/** A new build's tag, from the plan's digest and the one before it (so a rebuild never takes the old for its own). */
export const newTag = (planDigest: string, before: string): string =>
  hexOf(digest(`${planDigest} ${before} ${Date.now()}`)).slice(0, 8);
