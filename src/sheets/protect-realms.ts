// Warcard → Protect realms (SHEETS.md): Google enforces on hand edits what the rights enforce on the sidebar's
// writes. Never less protected at any moment: the GM-only sheets first, then each realm's runs of rows (kept where
// a protection already matches, repaired where one of Warcard's is incomplete, made where none is), then the
// roster sheets' protections for the GMs with those runs left to their range protections, and only once all that
// stands are Warcard's old protections removed. A run counts its calls and stops itself before Google's six
// minutes, saying how far it got; the next run keeps what it made and goes on.
import { messageOf } from '../contract/cells';
import { TableError } from '../contract/errors';
import { nameKey } from '../rules';
import { isGM, type Person, type PlayerRecord, personOf } from '../contract/rights';
import { type ProtectionApi, type SheetApi, type SpreadsheetApi, spreadsheetApp } from './gas';
import { PLAYER_HEADERS, readPlayers } from './players';
import { CALLS_PER_PROTECTION, mixedness, offerGrouping } from './protect-group';
import { armyPlan, battlePlan, type Realm, runA1, type SheetPlan } from './protect-plan';
import { WARCARD_PREFIX } from './server/protections';
import { activeEmail } from './server/viewer';
import { EXAMPLES, SHEET_NAMES } from './sheet-names';
import { readSheetTable, sheetRowOf } from './sheet-table';
import { columnLetter } from './table';
import { nothingChanged } from '../contract/refusals';

/**
 * What one run may spend: Google stops an execution at 6 minutes, and a protection's call takes about a tenth of
 * a second (the bench's estimate), so a run stops itself after this many calls or this long, whichever is first.
 */
export const PROTECT_BUDGET = { calls: 2_400, ms: 270_000 } as const;

/** The calls a run has made, and whether it may make more. */
class Budget {
  spent = 0;
  private readonly started = Date.now();
  spend(n = 1): void {
    this.spent += n;
  }
  allows(n: number): boolean {
    return this.spent + n <= PROTECT_BUDGET.calls && Date.now() - this.started < PROTECT_BUDGET.ms;
  }
}

/** A range protection of Warcard's (or one left unnamed) as read: where, and the protection itself. */
interface Existing {
  readonly p: ProtectionApi;
  readonly description: string;
  readonly a1: string;
}

/** What the run did, for its report. */
interface Done {
  made: number;
  kept: number;
  repaired: number;
  removed: number;
  /** Runs of rows planned but not made: the run stopped before them. */
  left: number;
  stopped: boolean;
  gmSheets: string[];
  warned: string[];
  problems: string[];
  /** Protections Warcard did not make that leave a GM-only sheet open, or rows open: said plainly. */
  findings: string[];
}

interface Context {
  readonly ss: SpreadsheetApi;
  /** The GMs as editors (lower case), the owner among them. */
  readonly gms: readonly string[];
  readonly owner: string;
  readonly budget: Budget;
  readonly done: Done;
  /** Whether a fresh protection lets the Workspace domain edit (asked once). */
  domain: boolean | null;
}

const lower = (email: string) => email.trim().toLowerCase();
const ours = (description: string) => description === '' || description.startsWith(WARCARD_PREFIX);

/** Makes a protection's editors exactly `editors` (and the owner, whom Google keeps): removals first. */
function giveTo(p: ProtectionApi, editors: readonly string[], ctx: Context, fresh: boolean): boolean {
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

/** Keeps a protection that matches, putting right its editors, warning and name where they differ. */
function settle(found: Existing, description: string, editors: readonly string[], ctx: Context): void {
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
    changed = true;
  }
  if (changed) ctx.done.repaired++;
  else ctx.done.kept++;
}

/** A new range protection (a fresh one lets every editor edit until its editors are set: never less than before). */
function make(
  sheet: SheetApi,
  a1: string,
  description: string,
  editors: readonly string[],
  ctx: Context,
): void {
  const p = sheet.getRange(a1).protect().setDescription(description);
  ctx.budget.spend(3);
  giveTo(p, editors, ctx, true);
  ctx.done.made++;
}

/** A sheet's range protections that are Warcard's or unnamed (a failed setDescription leaves one so). */
function readRanges(sheet: SheetApi, ctx: Context): Existing[] | null {
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

/** The protection wanted at a range: a found one kept or repaired, else a new one. Returns what stays. */
function ensure(
  sheet: SheetApi,
  wanted: { a1: string; description: string; editors: readonly string[] },
  existing: Existing[],
  ctx: Context,
): void {
  const i = existing.findIndex((e) => e.a1 === wanted.a1);
  const found = existing[i];
  if (found) {
    existing.splice(i, 1);
    if (!found.p.canEdit()) {
      ctx.done.problems.push(
        `${found.description || 'an unnamed protection'} at ${sheet.getName()}!${found.a1}: you may not edit it`,
      );
      return;
    }
    settle(found, wanted.description, wanted.editors, ctx);
  } else make(sheet, wanted.a1, wanted.description, wanted.editors, ctx);
}

/** Who may edit a protection Warcard did not make, when it is not only the GMs; null when only GMs may. */
function openTo(p: ProtectionApi, ctx: Context): string | null {
  if (!p.canEdit()) return 'people Warcard may not see (you may not edit it)';
  if (p.isWarningOnly()) return 'every editor (it is warning-only)';
  const players = p
    .getEditors()
    .map((u) => lower(u.getEmail()))
    .filter((e) => !ctx.gms.includes(e) && e !== ctx.owner);
  if (players.length > 0) return players.join(', ');
  if (p.getUnprotectedRanges().length > 0) return 'every editor, in its unprotected ranges';
  return null;
}

/** Settings, Players, Library to the GMs only; Log and Undo warning-only. A sheet protection not Warcard's is a finding. */
function wholeSheet(sheet: SheetApi, warningOnly: boolean, ctx: Context): void {
  const name = sheet.getName();
  const description = `${WARCARD_PREFIX} ${name}${warningOnly ? ', warning only' : ', GMs only'}`;
  const found = sheet.getProtections(spreadsheetApp().ProtectionType.SHEET)[0];
  ctx.budget.spend(8);
  const theirs = found?.getDescription() ?? '';
  if (found && !ours(theirs)) {
    foreignSheet(sheet, found, theirs, warningOnly, ctx);
    return;
  }
  const p = found ?? sheet.protect();
  if (!found) ctx.done.made++;
  if (theirs !== description) p.setDescription(description);
  if (warningOnly) {
    if (!p.isWarningOnly()) p.setWarningOnly(true);
    if (found) ctx.done.kept++;
    ctx.done.warned.push(name);
    return;
  }
  if (p.isWarningOnly()) p.setWarningOnly(false);
  giveTo(p, ctx.gms, ctx, !found);
  if (p.getUnprotectedRanges().length > 0) p.setUnprotectedRanges([]);
  if (found) ctx.done.kept++;
  ctx.done.gmSheets.push(name);
}

/** A sheet protection someone else made: left alone; where it lets players in, Warcard's range covers the sheet. */
function foreignSheet(
  sheet: SheetApi,
  found: ProtectionApi,
  theirs: string,
  warningOnly: boolean,
  ctx: Context,
): void {
  const name = sheet.getName();
  if (warningOnly) {
    ctx.done.problems.push(`${name} has a sheet protection of its own ("${theirs}"): left as it is`);
    return;
  }
  const open = openTo(found, ctx);
  ctx.budget.spend(5);
  if (open === null) {
    ctx.done.findings.push(
      `${name}: protected by "${theirs}" (not Warcard's), which lets only the GMs edit it: left as it is.`,
    );
    return;
  }
  const a1 = `A1:${columnLetter(sheet.getMaxColumns())}${sheet.getMaxRows()}`;
  ctx.budget.spend(2);
  const existing = readRanges(sheet, ctx) ?? [];
  ensure(sheet, { a1, description: `${WARCARD_PREFIX} ${name}, GMs only`, editors: ctx.gms }, existing, ctx);
  ctx.done.findings.push(
    `${name}: its sheet protection "${theirs}" was not made by Warcard and lets ${open} edit it, so Warcard protected ${name}!${a1} for the GMs beside it (rows added below later are open until the next run). To have Warcard's own protection instead, remove "${theirs}" (Data → Protected sheets and ranges) and run Protect realms again.`,
  );
}

/** A roster sheet's runs: each kept, repaired or made, while the budget lasts. Returns the Warcard ones left over. */
function runsOf(plan: SheetPlan, ctx: Context): Existing[] {
  const existing = readRanges(plan.sheet, ctx);
  if (!existing) {
    ctx.done.stopped = true;
    ctx.done.left += plan.runs.length;
    return [];
  }
  for (const run of plan.runs) {
    if (ctx.done.stopped || !ctx.budget.allows(12)) {
      ctx.done.stopped = true;
      ctx.done.left++;
      continue;
    }
    const description = `${WARCARD_PREFIX} ${plan.title} ${run.labels.join(', ')}`;
    const editors = [...new Set([...ctx.gms, ...run.editors])];
    ensure(plan.sheet, { a1: runA1(run, plan.columns), description, editors }, existing, ctx);
  }
  return existing.filter((e) => e.description !== '');
}

/** The roster sheet to the GMs, its runs left to their range protections; a sheet protection not Warcard's is said. */
function rosterSheet(plan: SheetPlan, ctx: Context): boolean {
  const found = plan.sheet.getProtections(spreadsheetApp().ProtectionType.SHEET)[0];
  const theirs = found?.getDescription() ?? '';
  ctx.budget.spend(2);
  if (found && !ours(theirs)) {
    ctx.done.findings.push(
      `${plan.name}: a sheet protection Warcard did not make ("${theirs}") is on it, so its rows no realm holds and the rows added later are as that protection leaves them, not the GMs' only.`,
    );
    return false;
  }
  const description = `${WARCARD_PREFIX} ${plan.name}, GMs only but the realms' rows`;
  const p = found ?? plan.sheet.protect();
  if (!found) ctx.done.made++;
  if (theirs !== description) p.setDescription(description);
  if (p.isWarningOnly()) p.setWarningOnly(false);
  giveTo(p, ctx.gms, ctx, !found);
  const a1s = plan.runs.map((run) => runA1(run, plan.columns));
  p.setUnprotectedRanges(a1s.length > 0 ? plan.sheet.getRangeList(a1s).getRanges() : []);
  ctx.budget.spend(6);
  if (found) ctx.done.kept++;
  return true;
}

/** The person running it must be a GM of a Players sheet that names GMs: the realms' editors come from it. */
function gmOnly(person: Person, players: readonly PlayerRecord[] | null): string | null {
  if (!players || person.gms.length === 0) {
    return nothingChanged(
      'Protect realms gives each realm to the players the Players sheet names, and there is no Players sheet naming a GM: run Warcard → Set up campaign (it adds one with you as its first GM), list each player with their armies, then run Protect realms again.',
    );
  }
  if (!isGM(person)) {
    return nothingChanged(
      `Protect realms is a GM's (${person.gms.join(', ')}): you are ${person.email || 'not known to Warcard (Google gives no email)'}.`,
    );
  }
  return null;
}

/** Warcard → Protect realms: the protections made again, then a short report. Returns the report's lines. */
export function protectRealms(): string[] {
  const app = spreadsheetApp();
  let lines: string[];
  try {
    lines = protect(app.getActiveSpreadsheet());
  } catch (e) {
    const why = e instanceof TableError ? e.message : messageOf(e);
    lines = [
      `Protect realms stopped: ${why}. Every row is at least as protected as before it ran (Warcard removes its old protections only once the new ones all stand); run it again once fixed, and it goes on from what it made.`,
    ];
  }
  app.getUi().alert(lines.join('\n'));
  return lines;
}

const readTableOf = (
  ss: SpreadsheetApi,
  key: 'units' | 'characters' | 'battles',
  required: readonly string[],
) => readSheetTable(ss, SHEET_NAMES[key], SHEET_NAMES[key], EXAMPLES[key], required);

/** The plans of Units and Characters (with where each one's Army column is) and of Battles, and the realms. */
function planAll(ss: SpreadsheetApi, records: readonly PlayerRecord[]) {
  const realms = new Map<string, Realm>();
  const armies: SheetPlan[] = [];
  const columns = new Map<SheetPlan, { header: number; army: number; last: number }>();
  for (const key of ['units', 'characters'] as const) {
    const t = readTableOf(ss, key, ['Army']);
    if (!t) continue;
    const plan = armyPlan(t, records, realms);
    armies.push(plan);
    const last = t.table.rows.length > 0 ? sheetRowOf(t, t.table.rows.length - 1) : t.headerIndex + 1;
    columns.set(plan, { header: t.headerIndex + 1, army: t.table.column('Army') + 1, last });
  }
  const t = readTableOf(ss, 'battles', ['Battle', 'Side', 'Armies']);
  const battles = t ? battlePlan(t, records) : null;
  return { realms, armies, columns, battles, plans: battles ? [...armies, battles] : armies };
}

function protect(ss: SpreadsheetApi): string[] {
  const playersTable = readSheetTable(ss, SHEET_NAMES.players, 'Players', EXAMPLES.players, PLAYER_HEADERS);
  const players = playersTable
    ? readPlayers(playersTable.values.slice(playersTable.headerIndex), playersTable.headerIndex + 1)
    : null;
  const owner = lower(ss.getOwner()?.getEmail() ?? '');
  const person = personOf(activeEmail(), players?.records ?? null, owner);
  const refused = gmOnly(person, players?.records ?? null);
  if (refused) return [refused];
  const records = players?.records ?? [];
  let planned = planAll(ss, records);
  const done: Done = {
    made: 0,
    kept: 0,
    repaired: 0,
    removed: 0,
    left: 0,
    stopped: false,
    gmSheets: [],
    warned: [],
    problems: [...(players?.problems ?? [])],
    findings: [],
  };
  const gms = [...new Set([...person.gms.map(lower), ...(owner ? [owner] : [])])];
  const ctx: Context = { ss, gms, owner, budget: new Budget(), done, domain: null };
  for (const name of [SHEET_NAMES.players, SHEET_NAMES.settings, SHEET_NAMES.library]) {
    const s = ss.getSheetByName(name);
    if (s) wholeSheet(s, false, ctx);
  }
  for (const name of [SHEET_NAMES.log, SHEET_NAMES.undo]) {
    const s = ss.getSheetByName(name);
    if (s) wholeSheet(s, true, ctx);
  }
  if (mixedness(planned.armies, PROTECT_BUDGET.calls) !== 'fits') {
    const grouped = offerGrouping(planned.armies, planned.columns, (plan) =>
      rosterSheet({ ...plan, runs: [] }, ctx),
    );
    if (grouped) {
      done.findings.unshift(grouped);
      planned = planAll(ss, records);
    }
  }
  // Battles' sides count too: more runs than a run can make and check again is said, never half made.
  if (mixedness(planned.plans, PROTECT_BUDGET.calls) === 'too many') return tooMany(done, planned);
  const leftOver = planned.plans.map((plan) => runsOf(plan, ctx));
  if (!done.stopped) {
    for (const plan of planned.plans) rosterSheet(plan, ctx);
    for (const old of leftOver.flat()) removeOld(old, ctx);
    removeOldSheets(ss, ctx);
  }
  return report(done, planned, records, gms, ctx.budget.spent);
}

/** The report of a run that protected the GM-only sheets but left the realms' rows, too mixed to protect, as they were. */
function tooMany(done: Done, { plans, armies }: ReturnType<typeof planAll>): string[] {
  const runs = plans.reduce((n, p) => n + p.runs.length, 0);
  const sheets = plans.map((p) => p.name).join(', ');
  const rosters = armies.map((p) => p.name).join(' and ');
  return [
    `Protect realms protected ${done.gmSheets.join(', ') || 'no sheet'} for the GMs, but not the realms' rows: ${sheets} hold ${runs} runs of rows (rows of different realms taking turns), each needing a protection of its own, more than one run can make and check again within Google's six minutes (about ${Math.floor(PROTECT_BUDGET.calls / CALLS_PER_PROTECTION)}). Every row is as protected as it was. Run it again and answer Yes to group ${rosters || 'the rosters'} by army (or sort them by Army yourself): each realm's rows then make one run.`,
    ...done.findings,
    ...done.problems.map((p) => `Could not: ${p}.`),
  ];
}

/** Removes one of Warcard's old protections, now that the new ones stand. */
function removeOld(old: Existing, ctx: Context): void {
  if (!old.p.canEdit()) {
    ctx.done.problems.push(`${old.description}: you may not edit it, so it was left as it is`);
    return;
  }
  old.p.remove();
  ctx.budget.spend(2);
  ctx.done.removed++;
}

/** Warcard's range protections of earlier versions on the other sheets (none is wanted there but a finding's). */
function removeOldSheets(ss: SpreadsheetApi, ctx: Context): void {
  for (const name of [SHEET_NAMES.players, SHEET_NAMES.settings, SHEET_NAMES.library]) {
    if (ctx.done.findings.some((f) => f.startsWith(`${name}:`))) continue;
    const s = ss.getSheetByName(name);
    const old = s ? (readRanges(s, ctx) ?? []) : [];
    for (const o of old) if (o.description.startsWith(WARCARD_PREFIX)) removeOld(o, ctx);
  }
}

function report(
  done: Done,
  { realms, plans, battles }: ReturnType<typeof planAll>,
  players: readonly PlayerRecord[],
  gms: readonly string[],
  calls: number,
): string[] {
  const all = [...realms.values()];
  const lines = [
    done.stopped
      ? `Protect realms stopped itself after ${calls} calls, to finish within Google's six minutes: ${done.made} protections made, ${done.kept + done.repaired} kept, ${done.left} runs of rows still to protect. Every row is at least as protected as before (Warcard's old protections stay until the new ones all stand): run it again to go on from here. Grouping the rows by army (Protect realms offers it when they are mixed) makes each realm's rows one run, and far fewer protections.`
      : `Protect realms: ${all.length} ${all.length === 1 ? 'realm' : 'realms'} protected: ${done.made} protections made, ${done.kept} kept as they were, ${done.repaired} put right, ${done.removed} of Warcard's old ones removed (every other protection left alone; ${calls} calls).`,
  ];
  for (const r of all) {
    const who = r.players.length > 0 ? `${r.players.join(', ')} and the GMs` : 'the GMs only';
    const runs = r.runs > 1 ? ` in ${r.runs} runs of rows` : '';
    lines.push(`${r.name}: ${r.rows} ${r.rows === 1 ? 'row' : 'rows'}${runs}, edited by ${who}.`);
  }
  if (battles) {
    const sides = battles.given + battles.gmsOnly;
    lines.push(
      `Battles: ${sides} ${sides === 1 ? 'side' : 'sides'}, ${battles.given} of them edited by their side's players and the GMs (${battles.runs.length} ${battles.runs.length === 1 ? 'protection' : 'protections'}), ${battles.gmsOnly} by the GMs only (no player commands all their armies).`,
    );
  }
  if (done.gmSheets.length > 0) lines.push(`GMs only: ${done.gmSheets.join(', ')} (GMs: ${gms.join(', ')}).`);
  if (done.warned.length > 0)
    lines.push(`Warning only (every sidebar writes them): ${done.warned.join(', ')}.`);
  const noPlayer = all.filter((r) => r.players.length === 0).map((r) => r.name);
  if (noPlayer.length > 0)
    lines.push(`No player commands ${noPlayer.join(', ')}: add them to the Players sheet and run it again.`);
  const unknown = players
    .filter((p) => p.role !== 'GM')
    .flatMap((p) => p.armies.filter((a) => !realms.has(nameKey(a))));
  if (unknown.length > 0)
    lines.push(`No rows carry the armies ${unknown.join(', ')} of the Players sheet (typos?).`);
  lines.push(...done.findings);
  for (const problem of done.problems) lines.push(`Could not: ${problem}.`);
  const sheets = plans.map((p) => p.name).join(', ');
  if (!done.stopped && sheets)
    lines.push(
      `${players.length} ${players.length === 1 ? 'person' : 'people'} on the Players sheet. Rows added later to ${sheets} are the GMs' until the next run gives them to their realm.`,
    );
  return lines;
}
