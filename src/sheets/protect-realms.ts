// Warcard → Protect realms (SHEETS.md): Google enforces on hand edits what the rights enforce on the sidebar's
// writes. Never less protected at any moment: the GM-only sheets first, then each roster sheet's realms' runs of rows
// (protect-sheet.ts: made in order, marked as they go, the sheet leaving the runs to them only once all stand, old
// protections removed last). A run counts its calls and stops itself before Google's six minutes, saying how far it
// got; the next run goes on from the marks, and a run after everything is done reads only the marks.
import { messageOf } from '../contract/cells';
import { TableError } from '../contract/errors';
import { isGM, type Person, type PlayerRecord, personOf } from '../contract/rights';
import { nameKey } from '../rules';
import { type ProtectionApi, type SheetApi, type SpreadsheetApi, spreadsheetApp } from './gas';
import { PLAYER_HEADERS, readPlayers } from './players';
import {
  Budget,
  type Context,
  type Done,
  type Existing,
  giveTo,
  type Limits,
  lower,
  make,
  ours,
  PROTECT_BUDGET,
  readRanges,
  settle,
} from './protect-context';
import { mixedness, offerGrouping } from './protect-group';
import { armyPlan, battlePlan, type Realm, type SheetPlan } from './protect-plan';
import { stoppedReport } from './protect-report';
import { closeForSort, goesOn, protectSheet, type SheetOutcome } from './protect-sheet';
import { WARCARD_PREFIX } from './server/protections';
import { activeEmail } from './server/viewer';
import { EXAMPLES, SHEET_NAMES } from './sheet-names';
import { readSheetTable, sheetRowOf } from './sheet-table';
import { columnLetter } from './table';
import { nothingChanged } from '../contract/refusals';

/** The calls a sheet needs before it can make a protection: its marks read and written, its sheet protection. */
const FOR_A_SHEET = 30;

export { PROTECT_BUDGET } from './protect-context';

/** The protection wanted at a range: a found one kept or repaired, else a new one. */
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
  } else {
    const range = sheet.getRange(wanted.a1);
    ctx.budget.spend();
    make(range, wanted.description, wanted.editors, ctx);
  }
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
  return protectWithin(PROTECT_BUDGET);
}

/** Protect realms within `limits` (Google's, or a test's smaller ones), with its report. */
export function protectWithin(limits: Limits): string[] {
  const app = spreadsheetApp();
  let lines: string[];
  try {
    lines = protect(app.getActiveSpreadsheet(), limits);
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

/** Who runs it and the GMs, or the refusal when they are not a GM. */
function peopleOf(ss: SpreadsheetApi) {
  const playersTable = readSheetTable(ss, SHEET_NAMES.players, 'Players', EXAMPLES.players, PLAYER_HEADERS);
  const players = playersTable
    ? readPlayers(playersTable.values.slice(playersTable.headerIndex), playersTable.headerIndex + 1)
    : null;
  const owner = lower(ss.getOwner()?.getEmail() ?? '');
  const person = personOf(activeEmail(), players?.records ?? null, owner);
  const refused = gmOnly(person, players?.records ?? null);
  const gms = [...new Set([...person.gms.map(lower), ...(owner ? [owner] : [])])];
  return { refused, records: players?.records ?? [], problems: players?.problems ?? [], owner, gms };
}

function protect(ss: SpreadsheetApi, limits: Limits): string[] {
  const { refused, records, problems, owner, gms } = peopleOf(ss);
  if (refused) return [refused];
  let planned = planAll(ss, records);
  const done: Done = {
    ...{ made: 0, kept: 0, repaired: 0, removed: 0, stopped: false },
    ...{ gmSheets: [], warned: [], problems: [...problems], findings: [] },
  };
  const ctx: Context = { ss, gms, owner, budget: new Budget(limits), done, domain: null };
  for (const name of [SHEET_NAMES.players, SHEET_NAMES.settings, SHEET_NAMES.library]) {
    const s = ss.getSheetByName(name);
    if (s) wholeSheet(s, false, ctx);
  }
  for (const name of [SHEET_NAMES.log, SHEET_NAMES.undo]) {
    const s = ss.getSheetByName(name);
    if (s) wholeSheet(s, true, ctx);
  }
  // Rows too mixed for one run: offered a sort by army, unless a build of these rows is under way already.
  if (
    mixedness(planned.armies, limits.calls) !== 'fits' &&
    !planned.armies.some((plan) => goesOn(plan, ctx))
  ) {
    const grouped = offerGrouping(planned.armies, planned.columns, limits.calls, (plan) =>
      closeForSort(plan, ctx),
    );
    if (grouped) {
      done.findings.unshift(grouped);
      planned = planAll(ss, records);
    }
  }
  const outcomes: SheetOutcome[] = [];
  for (const plan of planned.plans) {
    if (done.stopped || !ctx.budget.allows(FOR_A_SHEET)) {
      done.stopped = true;
      outcomes.push({ plan, stood: 0, phase: 'not reached', rest: 'kept', toSweep: 0 });
    } else outcomes.push(protectSheet(plan, ctx));
  }
  if (done.stopped) return stoppedReport(done, outcomes, gms, ctx.budget.spent);
  removeOldSheets(ss, ctx);
  return report(done, planned, records, gms, ctx.budget.spent);
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
    `Protect realms: ${all.length} ${all.length === 1 ? 'realm' : 'realms'} protected: ${done.made} protections made, ${done.kept} kept as they were, ${done.repaired} put right, ${done.removed} of Warcard's old ones removed (every other protection left alone; ${calls} calls).`,
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
  if (sheets)
    lines.push(
      `${players.length} ${players.length === 1 ? 'person' : 'people'} on the Players sheet. Rows added later to ${sheets} are the GMs' until the next run gives them to their realm.`,
    );
  return lines;
}
