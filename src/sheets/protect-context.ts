// What one run of Warcard → Protect realms carries from sheet to sheet: its budget of calls (a run stops itself before
// Google's six minutes), the GMs, what it did for the report, and the two ways it touches a protection (its editors
// made exactly the wanted people, and a new one made from a range).
import { type ProtectionApi, type RangeApi, type SheetApi, type SpreadsheetApi, spreadsheetApp } from './gas';
import { WARCARD_PREFIX } from './server/protections';

/**
 * What one run may spend. Google stops an execution at 6 minutes and publishes no cost per call: the bench prices
 * a call at 100 ms (SHEET_CALL_MS), so a run stops itself after this many calls or this long, whichever is first,
 * leaving a minute for the reads, the report and slower calls.
 */
export const PROTECT_BUDGET = { calls: 2_400, ms: 270_000 } as const;

/** A run's limits: Google's own (PROTECT_BUDGET), or a test's smaller ones. */
export interface Limits {
  readonly calls: number;
  readonly ms: number;
}

/** The calls a run has made, and whether it may make more. */
export class Budget {
  spent = 0;
  private readonly started = Date.now();
  constructor(readonly limits: Limits = PROTECT_BUDGET) {}
  spend(n = 1): void {
    this.spent += n;
  }
  /**
   * The calls still allowed: within the count, and within the time left at the pace of the calls so far (so a
   * hundred protections are not begun when Google is slower than the estimate and the time would run out).
   */
  left(): number {
    const elapsed = Date.now() - this.started;
    if (elapsed >= this.limits.ms) return 0;
    const byCount = Math.max(0, this.limits.calls - this.spent);
    if (this.spent === 0 || elapsed === 0) return byCount;
    return Math.min(byCount, Math.floor(((this.limits.ms - elapsed) * this.spent) / elapsed));
  }
  allows(n: number): boolean {
    return this.left() >= n;
  }
}

/** What the run did, for its report. */
export interface Done {
  made: number;
  kept: number;
  repaired: number;
  removed: number;
  /** The run stopped itself for its budget before everything stood. */
  stopped: boolean;
  gmSheets: string[];
  warned: string[];
  problems: string[];
  /** Protections Warcard did not make that leave a GM-only sheet open, or rows open: said plainly. */
  findings: string[];
}

export interface Context {
  readonly ss: SpreadsheetApi;
  /** The GMs as editors (lower case), the owner among them. */
  readonly gms: readonly string[];
  readonly owner: string;
  readonly budget: Budget;
  readonly done: Done;
  /** Whether a fresh protection lets the Workspace domain edit (asked once). */
  domain: boolean | null;
}

export const lower = (email: string) => email.trim().toLowerCase();

/** A protection Warcard made, or one left unnamed (a failed setDescription leaves one so). */
export const ours = (description: string) => description === '' || description.startsWith(WARCARD_PREFIX);

/** Makes a protection's editors exactly `editors` (and the owner, whom Google keeps): removals first. */
export function giveTo(p: ProtectionApi, editors: readonly string[], ctx: Context, fresh: boolean): boolean {
  const now = p.getEditors().map((u) => lower(u.getEmail()));
  ctx.budget.spend();
  const extra = now.filter((e) => e !== ctx.owner && !editors.includes(e));
  const missing = editors.filter((e) => e !== ctx.owner && !now.includes(e));
  if (extra.length > 0) p.removeEditors(extra);
  if (missing.length > 0) p.addEditors(missing);
  ctx.budget.spend(Number(extra.length > 0) + Number(missing.length > 0));
  if (fresh && ctx.domain === null) {
    ctx.domain = p.canDomainEdit();
    ctx.budget.spend();
  }
  if (fresh && ctx.domain) {
    p.setDomainEdit(false);
    ctx.budget.spend();
  }
  return extra.length + missing.length > 0;
}

/**
 * A new range protection: a fresh one lets every editor edit (never less than before) until its editors are set;
 * it is named last, so one cut short is left unnamed, which a later run takes for an old one of its own.
 */
export function make(range: RangeApi, description: string, editors: readonly string[], ctx: Context): void {
  const p = range.protect();
  ctx.budget.spend();
  giveTo(p, editors, ctx, true);
  p.setDescription(description);
  ctx.budget.spend();
  ctx.done.made++;
}

/** A range protection of Warcard's (or one left unnamed) as read: where, and the protection itself. */
export interface Existing {
  readonly p: ProtectionApi;
  readonly description: string;
  readonly a1: string;
}

/** A sheet's range protections that are Warcard's or unnamed; null when the budget runs out first. */
export function readRanges(sheet: SheetApi, ctx: Context): Existing[] | null {
  const found: Existing[] = [];
  const all = sheet.getProtections(spreadsheetApp().ProtectionType.RANGE);
  ctx.budget.spend();
  for (const p of all) {
    if (!ctx.budget.allows(3)) return null;
    const description = p.getDescription();
    ctx.budget.spend();
    if (!ours(description)) continue;
    const a1 = p.getRange().getA1Notation();
    ctx.budget.spend(2);
    found.push({ p, description, a1 });
  }
  return found;
}

/**
 * Keeps a protection that matches, putting right its editors and warning where they differ and giving it the
 * wanted name: put right when its editors or warning were wrong or it was unnamed, else kept.
 */
export function settle(found: Existing, description: string, editors: readonly string[], ctx: Context): void {
  let changed = giveTo(found.p, editors, ctx, false);
  if (found.p.isWarningOnly()) {
    found.p.setWarningOnly(false);
    ctx.budget.spend();
    changed = true;
  }
  ctx.budget.spend();
  if (found.description !== description) {
    found.p.setDescription(description);
    ctx.budget.spend();
    if (found.description === '') changed = true;
  }
  if (changed) ctx.done.repaired++;
  else ctx.done.kept++;
}
