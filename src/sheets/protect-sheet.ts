// One roster sheet (Units, Characters, Battles) protected by Protect realms over as many runs as it takes. A build
// makes its runs' range protections in the plan's order, a hundred at a time, marking on the sheet protection how
// far it got before each hundred (protect-stamp.ts); only once every run's protection stands does the sheet
// protection leave those runs to them (setUnprotectedRanges), and only then are old protections removed. Every step
// before that only adds protections, so a run stopped for its budget, or failing at any call, leaves each row at
// least as protected as before, and the next run goes on from the mark.
import { type ProtectionApi, spreadsheetApp } from './gas';
import { type Context, type Existing, giveTo, make, ours, settle } from './protect-context';
import { CALLS_PER_PROTECTION } from './protect-group';
import { runA1, type SheetPlan } from './protect-plan';
import {
  newTag,
  type Phase,
  prefixDigest,
  type Rest,
  readStamp,
  runDescription,
  runLines,
  runOf,
  type Stamp,
  stampedDescription,
} from './protect-stamp';
import { WARCARD_PREFIX } from './server/protections';

/** Runs made between two marks: a run failing mid-way leaves at most this many to make again. */
const CHUNK = 100;
/** Calls a run keeps back on a sheet for its mark and the sheet's opening. */
const RESERVE = 12;

/** Where a roster sheet stands after a run, for the report. */
export interface SheetOutcome {
  readonly plan: SheetPlan;
  /** Runs whose protections stand. */
  stood: number;
  phase: Phase | 'foreign' | 'not reached';
  rest: Rest;
  /** The sheet's range protections the sweep has still to look at. */
  toSweep: number;
}

/** A build under way on a sheet. */
interface Build {
  readonly plan: SheetPlan;
  readonly p: ProtectionApi;
  readonly lines: string[];
  tag: string;
  phase: Phase;
  stood: number;
  at: number;
  rest: Rest;
}

const sheetBase = (name: string) => `${WARCARD_PREFIX} ${name}, GMs only but the realms' rows`;
const editorsOf = (plan: SheetPlan, i: number, ctx: Context) => [
  ...new Set([...ctx.gms, ...(plan.runs[i]?.editors ?? [])]),
];
/**
 * Google documents no length limit for a protection's description, nor what it does past one. A run's labels
 * (a realm's armies, a battle's sides) could run long, and the run's mark sits at the end: cut, it would leave the
 * protection unmarked, which the sweep takes for an old one and removes. So the labels stop short of LABELS_CHARS.
 */
export const LABELS_CHARS = 80;
export function labelsText(labels: readonly string[]): string {
  const all = labels.join(', ');
  if (all.length <= LABELS_CHARS) return all;
  let kept = 0;
  let length = 0;
  for (const label of labels) {
    const next = length + (kept > 0 ? 2 : 0) + label.length;
    if (next > LABELS_CHARS - 16) break;
    length = next;
    kept++;
  }
  const shown = kept > 0 ? labels.slice(0, kept).join(', ') : `${labels[0]?.slice(0, LABELS_CHARS - 16)}…`;
  const more = labels.length - Math.max(kept, 1);
  return more > 0 ? `${shown} and ${more} more` : shown;
}
const describe = (b: Build, i: number) =>
  runDescription(`${WARCARD_PREFIX} ${b.plan.title} ${labelsText(b.plan.runs[i]?.labels ?? [])}`, b.tag, i);
const RANGE = () => spreadsheetApp().ProtectionType.RANGE;

/** Writes the mark: the first `stood` runs stand, those up to `upTo` may. */
function mark(b: Build, upTo: number, ctx: Context): void {
  const digest = prefixDigest(b.plan.name, ctx.gms, b.lines, upTo);
  b.p.setDescription(
    stampedDescription(sheetBase(b.plan.name), {
      tag: b.tag,
      phase: b.phase,
      stood: b.stood,
      upTo,
      digest,
      at: b.at,
      rest: b.rest,
    }),
  );
  ctx.budget.spend(2);
}

/**
 * Warcard's sheet protection on the sheet, made (the GMs', its whole area left as open as before) or put right
 * (a player among its editors, or warning-only: then its mark is not trusted); null when someone else's is there.
 */
function holderOf(
  plan: SheetPlan,
  ctx: Context,
): { p: ProtectionApi; stamp: Stamp | null; rest: Rest } | null {
  const sheet = plan.sheet;
  const found = sheet.getProtections(spreadsheetApp().ProtectionType.SHEET)[0];
  ctx.budget.spend();
  if (!found) {
    const p = sheet.protect();
    ctx.budget.spend();
    ctx.done.made++;
    giveTo(p, ctx.gms, ctx, true);
    p.setUnprotectedRanges([sheet.getRange(1, 1, sheet.getMaxRows(), sheet.getMaxColumns())]);
    ctx.budget.spend(4);
    return { p, stamp: null, rest: 'open' };
  }
  const description = found.getDescription();
  ctx.budget.spend();
  if (!ours(description)) {
    ctx.done.findings.push(
      `${plan.name}: a sheet protection Warcard did not make ("${description}") is on it, so Warcard left its rows as they are. To have each realm's rows given to its players, remove "${description}" (Data → Protected sheets and ranges) and run Protect realms again.`,
    );
    return null;
  }
  const warning = found.isWarningOnly();
  if (warning) found.setWarningOnly(false);
  const changed = giveTo(found, ctx.gms, ctx, false);
  ctx.budget.spend(warning ? 2 : 1);
  if (warning || changed) ctx.done.repaired++;
  else ctx.done.kept++;
  const stamp = warning || changed ? null : readStamp(description);
  return { p: found, stamp, rest: stamp?.phase === 'build' ? stamp.rest : 'kept' };
}

/** The sheet's build as its mark leaves it: kept, gone on with, or begun again when the plan's first runs changed. */
function startOf(plan: SheetPlan, holder: NonNullable<ReturnType<typeof holderOf>>, ctx: Context): Build {
  const lines = runLines(plan);
  const n = lines.length;
  const s = holder.stamp;
  const b: Build = { plan, p: holder.p, lines, tag: '', phase: 'build', stood: 0, at: 0, rest: holder.rest };
  if (s) ctx.budget.spend();
  if (s && s.upTo <= n && s.stood <= s.upTo && prefixDigest(plan.name, ctx.gms, lines, s.upTo) === s.digest) {
    const finished = s.phase !== 'build' && s.stood === n;
    const count = finished && s.phase === 'done' ? stillThere(plan, s, ctx) : null;
    if (!finished || s.phase === 'sweep' || count !== null) {
      ctx.done.kept += s.stood;
      const kept = { ...b, tag: s.tag, stood: s.stood, ...(finished ? { phase: s.phase, at: s.at } : {}) };
      // More range protections than when it was done (someone else's since): counted, so a removal is seen.
      if (count !== null && count > s.at) mark(Object.assign(kept, { at: count }), n, ctx);
      return kept;
    }
  }
  ctx.budget.spend();
  return { ...b, tag: newTag(plan.name, s?.tag ?? '') };
}

/**
 * A done sheet's range protections, when they still number at least its runs and at least as many as when it was
 * done (its mark's AT): else someone removed some, said, and null (the sheet is built again). Another's protection
 * on the sheet would hide a removal of one of Warcard's from a count of runs alone.
 */
function stillThere(plan: SheetPlan, s: Stamp, ctx: Context): number | null {
  const count = plan.sheet.getProtections(RANGE()).length;
  ctx.budget.spend();
  if (count >= s.stood && count >= s.at) return count;
  const gone = count < s.stood ? s.stood - count : s.at - count;
  const were = gone === 1 ? 'was' : 'were';
  ctx.done.findings.push(
    count < s.stood
      ? `${plan.name}: ${gone} of Warcard's protections of its realms' rows ${were} removed since the last run, so Protect realms made its realms' protections again.`
      : `${plan.name}: ${gone} of its range protections ${were} removed since the last run (Warcard's or another's: it does not read each), so Protect realms made its realms' protections again.`,
  );
  return null;
}

/** Warcard's protections on the sheet not already counted as standing, by range, when reading them is cheap. */
function existingOf(b: Build, ctx: Context): Map<string, Existing[]> {
  const found = new Map<string, Existing[]>();
  const all = b.plan.sheet.getProtections(RANGE());
  ctx.budget.spend();
  if (all.length * 3 > (ctx.budget.left() - RESERVE) / 4) return found;
  for (const p of all) {
    const description = p.getDescription();
    ctx.budget.spend();
    const run = runOf(description, b.tag);
    if (!ours(description) || (run !== null && run < b.stood)) continue;
    const a1 = p.getRange().getA1Notation();
    ctx.budget.spend(2);
    found.set(a1, [...(found.get(a1) ?? []), { p, description, a1 }]);
  }
  return found;
}

/** A run's protection found already at its range: kept or put right. False when there is none to keep. */
function reuse(b: Build, existing: Map<string, Existing[]>, i: number, ctx: Context): boolean {
  const run = b.plan.runs[i];
  const found = run ? existing.get(runA1(run, b.plan.columns))?.shift() : undefined;
  if (!found) return false;
  ctx.budget.spend();
  if (!found.p.canEdit()) {
    ctx.done.problems.push(
      `${found.description || 'an unnamed protection'} at ${b.plan.name}!${found.a1}: you may not edit it`,
    );
    return false;
  }
  settle(found, describe(b, i), editorsOf(b.plan, i, ctx), ctx);
  return true;
}

/** Makes the runs' protections a hundred at a time, marking each hundred first. True once every one stands. */
function buildRuns(b: Build, ctx: Context): boolean {
  const n = b.lines.length;
  const existing = b.stood < n ? existingOf(b, ctx) : new Map<string, Existing[]>();
  while (b.stood < n) {
    const fits = Math.floor((ctx.budget.left() - RESERVE) / CALLS_PER_PROTECTION);
    const count = Math.min(CHUNK, n - b.stood, fits);
    if (count <= 0) return false;
    mark(b, b.stood + count, ctx);
    const fresh: number[] = [];
    for (let i = b.stood; i < b.stood + count; i++) if (!reuse(b, existing, i, ctx)) fresh.push(i);
    if (fresh.length > 0) {
      const a1s = fresh.map((i) => runA1(b.plan.runs[i] ?? { first: 1, rows: 1 }, b.plan.columns));
      const ranges = b.plan.sheet.getRangeList(a1s).getRanges();
      ctx.budget.spend(2);
      fresh.forEach((i, j) => {
        const range = ranges[j];
        if (range) make(range, describe(b, i), editorsOf(b.plan, i, ctx), ctx);
      });
    }
    b.stood += count;
  }
  return true;
}

/**
 * Every run stands: the sheet leaves the runs to their protections, then old ones are looked for. Fewer range
 * protections than runs means someone removed some since they were made: the sheet is not opened, and is built
 * again from its first run (said).
 */
function openSheet(b: Build, ctx: Context): void {
  const n = b.lines.length;
  const count = b.plan.sheet.getProtections(RANGE()).length;
  ctx.budget.spend();
  if (count < n) {
    ctx.done.findings.push(
      `${b.plan.name}: ${n - count} of the protections this build made ${n - count === 1 ? 'was' : 'were'} removed before it finished, so it begins again (its rows keep their protections meanwhile).`,
    );
    Object.assign(b, { tag: newTag(b.plan.name, b.tag), stood: 0 });
    ctx.budget.spend();
    mark(b, 0, ctx);
    return;
  }
  const a1s = b.plan.runs.map((r) => runA1(r, b.plan.columns));
  b.p.setUnprotectedRanges(n > 0 ? b.plan.sheet.getRangeList(a1s).getRanges() : []);
  ctx.budget.spend(n > 0 ? 3 : 1);
  Object.assign(b, { phase: count > n ? 'sweep' : 'done', at: count > n ? 0 : count, rest: 'kept' });
  mark(b, n, ctx);
}

/**
 * Removes the sheet's old protections (another build's, unnamed, or a second of one run), reading on from where the
 * last run stopped. Each only keeps rows more protected than the plan, so any of them may go in any order.
 */
function sweep(b: Build, ctx: Context): number {
  const all = b.plan.sheet.getProtections(RANGE());
  ctx.budget.spend();
  const seen = new Set<number>();
  let i = b.at;
  let removed = 0;
  for (; i < all.length && ctx.budget.allows(RESERVE); i++) {
    const p = all[i];
    const description = p?.getDescription() ?? '';
    ctx.budget.spend();
    if (!p || !ours(description)) continue;
    const run = runOf(description, b.tag);
    if (run !== null && run < b.lines.length && !seen.has(run)) {
      seen.add(run);
      continue;
    }
    ctx.budget.spend();
    if (!p.canEdit()) {
      ctx.done.problems.push(
        `${description || 'an unnamed protection'} on ${b.plan.name}: you may not edit it`,
      );
      continue;
    }
    p.remove();
    ctx.budget.spend();
    removed++;
    ctx.done.removed++;
  }
  b.at = i - removed;
  if (i >= all.length) Object.assign(b, { phase: 'done', at: all.length - removed });
  mark(b, b.lines.length, ctx);
  return all.length - i;
}

/** A roster sheet protected as far as the run's budget allows; the outcome says how far. */
export function protectSheet(plan: SheetPlan, ctx: Context): SheetOutcome {
  const outcome: SheetOutcome = { plan, stood: 0, phase: 'foreign', rest: 'kept', toSweep: 0 };
  const holder = holderOf(plan, ctx);
  if (!holder) return outcome;
  const b = startOf(plan, holder, ctx);
  if (b.phase === 'build') {
    if (buildRuns(b, ctx)) openSheet(b, ctx);
    else mark(b, b.stood, ctx);
  }
  if (b.phase === 'sweep') outcome.toSweep = sweep(b, ctx);
  if (b.phase !== 'done') ctx.done.stopped = true;
  return Object.assign(outcome, { stood: b.stood, phase: b.phase, rest: b.rest });
}

/** Whether the sheet's mark vouches for its plan's first runs (a run goes on, rather than offering to sort). */
export function goesOn(plan: SheetPlan, ctx: Context): boolean {
  const found = plan.sheet.getProtections(spreadsheetApp().ProtectionType.SHEET)[0];
  const s = found ? readStamp(found.getDescription()) : null;
  ctx.budget.spend(found ? 2 : 1);
  if (!s) return false;
  const lines = runLines(plan);
  ctx.budget.spend();
  return s.upTo <= lines.length && prefixDigest(plan.name, ctx.gms, lines, s.upTo) === s.digest;
}

/** The sheet made the GMs' alone before a sort moves rows under protections that stay (false: it could not be). */
export function closeForSort(plan: SheetPlan, ctx: Context): boolean {
  const holder = holderOf(plan, ctx);
  if (!holder) return false;
  holder.p.setUnprotectedRanges([]);
  holder.p.setDescription(sheetBase(plan.name));
  ctx.budget.spend(2);
  return true;
}
