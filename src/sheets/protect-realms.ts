// Warcard → Protect realms (SHEETS.md): Google enforces on hand edits what the rights enforce on the sidebar's
// writes. Each army's Units and Characters rows go to its players and the GMs (a protection per run of rows),
// each Battles side's row to the players of all its armies and the GMs, Settings, Players and Library to the GMs,
// and Log and Undo get a warning-only protection (every sidebar writes them). Re-runnable: it replaces only the
// protections it made (their descriptions begin "Warcard:") and leaves every other one alone.
import { messageOf } from '../contract/cells';
import { TableError } from '../contract/errors';
import { commandsSide, isGM, type Person, type PlayerRecord, personOf } from '../contract/rights';
import { nameKey } from '../rules';
import { type ProtectionApi, type SheetApi, type SpreadsheetApi, spreadsheetApp } from './gas';
import { PLAYER_HEADERS, readPlayers } from './players';
import { activeEmail } from './server/viewer';
import { WARCARD_PREFIX } from './server/protections';
import { EXAMPLES, SHEET_NAMES } from './sheet-names';
import { readSheetTable, type SheetTable, sheetRowOf } from './sheet-table';
import { armyList, isBlankRow, text } from './table';

/** A protection to make: where, its description, who edits besides the GMs. */
interface Planned {
  readonly sheet: SheetApi;
  readonly first: number;
  readonly rows: number;
  readonly columns: number;
  readonly description: string;
  readonly editors: readonly string[];
}

/** Runs of consecutive sheet rows: [first, count]. */
export function runsOfRows(rows: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const row of [...rows].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === row) last[1]++;
    else out.push([row, 1]);
  }
  return out;
}

/** What the run did, for its report. */
interface Done {
  realms: Map<string, { name: string; rows: number; protections: number; players: string[] }>;
  protections: number;
  removed: number;
  problems: string[];
}

const readTableOf = (
  ss: SpreadsheetApi,
  key: 'units' | 'characters' | 'battles',
  required: readonly string[],
) => readSheetTable(ss, SHEET_NAMES[key], SHEET_NAMES[key], EXAMPLES[key], required);

/** The players who command an army. */
const playersOf = (players: readonly PlayerRecord[], army: string): string[] =>
  players
    .filter((p) => p.role !== 'GM' && p.armies.some((a) => nameKey(a) === nameKey(army)))
    .map((p) => p.email);

/** Each army's rows of a table (Units, Characters), planned as a protection per run of rows. */
function armyRows(t: SheetTable, players: readonly PlayerRecord[], done: Done, plans: Planned[]): void {
  const byArmy = new Map<string, { name: string; rows: number[] }>();
  t.table.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const army = text(row[t.table.column('Army')] ?? '');
    if (army === '') return; // a row of no army stays open: the next run takes it into its realm
    const entry = byArmy.get(nameKey(army)) ?? { name: army, rows: [] };
    entry.rows.push(sheetRowOf(t, i));
    byArmy.set(nameKey(army), entry);
  });
  const width = t.values[t.headerIndex]?.length ?? 1;
  for (const [key, { name, rows }] of byArmy) {
    const editors = playersOf(players, name);
    const realm = done.realms.get(key) ?? { name, rows: 0, protections: 0, players: editors };
    for (const [first, count] of runsOfRows(rows)) {
      plans.push({
        sheet: t.sheet,
        first,
        rows: count,
        columns: width,
        description: `${WARCARD_PREFIX} ${t.table.name} of ${name}`,
        editors,
      });
      realm.protections++;
    }
    realm.rows += rows.length;
    done.realms.set(key, realm);
  }
}

/** Each Battles side's row, to the players who command all its armies. */
function battleRows(t: SheetTable, players: readonly PlayerRecord[], plans: Planned[]): void {
  const width = t.values[t.headerIndex]?.length ?? 1;
  t.table.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const armies = armyList(row[t.table.column('Armies')] ?? '');
    const editors = players
      .filter((p) => p.role !== 'GM' && commandsSide(personOf(p.email, players), armies))
      .map((p) => p.email);
    const side = text(row[t.table.column('Side')] ?? '') || armies.join(', ');
    const battle = text(row[t.table.column('Battle')] ?? '');
    plans.push({
      sheet: t.sheet,
      first: sheetRowOf(t, i),
      rows: 1,
      columns: width,
      description: `${WARCARD_PREFIX} Battles, ${battle}: ${side}`,
      editors,
    });
  });
}

/** The editors of a protection: the GMs and those given (the person running it stays: Google keeps them). */
function giveTo(p: ProtectionApi, editors: readonly string[]): void {
  p.removeEditors(p.getEditors().map((u) => u.getEmail()));
  if (editors.length > 0) p.addEditors([...editors]);
  if (p.canDomainEdit()) p.setDomainEdit(false);
}

/** Removes the protections Warcard made on a sheet; counts them, and names those it may not remove. */
function removeOurs(sheet: SheetApi, done: Done): void {
  for (const type of [spreadsheetApp().ProtectionType.RANGE, spreadsheetApp().ProtectionType.SHEET]) {
    for (const p of sheet.getProtections(type)) {
      if (!p.getDescription().startsWith(WARCARD_PREFIX)) continue;
      if (!p.canEdit()) {
        done.problems.push(`${p.getDescription()}: you may not edit it, so it was left as it is`);
        continue;
      }
      p.remove();
      done.removed++;
    }
  }
}

/** A whole sheet to the GMs (or warning-only): unless the sheet has a protection of someone else's. */
function protectSheet(
  sheet: SheetApi | null,
  gms: readonly string[],
  { warningOnly }: { readonly warningOnly: boolean },
  done: Done,
): string | null {
  if (!sheet) return null;
  const name = sheet.getName();
  const theirs = sheet.getProtections(spreadsheetApp().ProtectionType.SHEET)[0];
  if (theirs) {
    done.problems.push(`${name} already has a sheet protection of its own: left as it is`);
    return null;
  }
  const p = sheet
    .protect()
    .setDescription(`${WARCARD_PREFIX} ${name}${warningOnly ? ', warning only' : ', GMs only'}`);
  if (warningOnly) p.setWarningOnly(true);
  else giveTo(p, gms);
  done.protections++;
  return name;
}

/** The person running it must be a GM of a Players sheet that names GMs: the realms' editors come from it. */
function gmOnly(person: Person, players: readonly PlayerRecord[] | null): string | null {
  if (!players || person.gms.length === 0) {
    return 'Protect realms gives each realm to the players the Players sheet names, and there is no Players sheet naming a GM: run Warcard → Set up campaign (it adds one with you as its first GM), list each player with their armies, then run Protect realms again. Nothing was changed.';
  }
  if (!isGM(person)) {
    return `Protect realms is a GM's (${person.gms.join(', ')}): you are ${person.email || 'not known to Warcard (Google gives no email)'}. Nothing was changed.`;
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
      `Protect realms stopped: ${why}. The protections it made before stopping stay; run it again once fixed.`,
    ];
  }
  app.getUi().alert(lines.join('\n'));
  return lines;
}

function protect(ss: SpreadsheetApi): string[] {
  const playersTable = readSheetTable(ss, SHEET_NAMES.players, 'Players', EXAMPLES.players, PLAYER_HEADERS);
  const players = playersTable
    ? readPlayers(playersTable.values.slice(playersTable.headerIndex), playersTable.headerIndex + 1)
    : null;
  const person = personOf(activeEmail(), players?.records ?? null);
  const refused = gmOnly(person, players?.records ?? null);
  if (refused) return [refused];
  const records = players?.records ?? [];
  const gms = person.gms;
  const units = readTableOf(ss, 'units', ['Army']);
  const characters = readTableOf(ss, 'characters', ['Army']);
  const battles = readTableOf(ss, 'battles', ['Battle', 'Side', 'Armies']);
  const done: Done = {
    realms: new Map(),
    protections: 0,
    removed: 0,
    problems: [...(players?.problems ?? [])],
  };
  const plans: Planned[] = [];
  for (const t of [units, characters]) if (t) armyRows(t, records, done, plans);
  if (battles) battleRows(battles, records, plans);
  // Header rows: the GMs' (a renamed header would stop every formula).
  for (const t of [units, characters, battles]) {
    if (!t) continue;
    plans.push({
      sheet: t.sheet,
      first: 1,
      rows: t.headerIndex + 1,
      columns: t.values[t.headerIndex]?.length ?? 1,
      description: `${WARCARD_PREFIX} ${t.table.name} header`,
      editors: [],
    });
  }
  const sheet = (name: string) => ss.getSheetByName(name);
  const touched = [units, characters, battles].flatMap((t) => (t ? [t.sheet] : []));
  const whole = [
    SHEET_NAMES.settings,
    SHEET_NAMES.players,
    SHEET_NAMES.library,
    SHEET_NAMES.log,
    SHEET_NAMES.undo,
  ];
  for (const s of [...touched, ...whole.flatMap((n) => sheet(n) ?? [])]) removeOurs(s, done);
  for (const plan of plans) {
    const p = plan.sheet
      .getRange(plan.first, 1, plan.rows, plan.columns)
      .protect()
      .setDescription(plan.description);
    giveTo(p, [...gms, ...plan.editors]);
    done.protections++;
  }
  const gmSheets = [SHEET_NAMES.settings, SHEET_NAMES.players, SHEET_NAMES.library].flatMap(
    (n) => protectSheet(sheet(n), gms, { warningOnly: false }, done) ?? [],
  );
  const warned = [SHEET_NAMES.log, SHEET_NAMES.undo].flatMap(
    (n) => protectSheet(sheet(n), gms, { warningOnly: true }, done) ?? [],
  );
  return report(done, gmSheets, warned, records, gms);
}

function report(
  done: Done,
  gmSheets: readonly string[],
  warned: readonly string[],
  players: readonly PlayerRecord[],
  gms: readonly string[],
): string[] {
  const realms = [...done.realms.values()];
  const lines = [
    `Protect realms: ${realms.length} ${realms.length === 1 ? 'realm' : 'realms'} protected, ${done.protections} protections made (${done.removed} of Warcard's own replaced; every other protection left alone).`,
  ];
  for (const r of realms) {
    const who = r.players.length > 0 ? `${r.players.join(', ')} and the GMs` : 'the GMs only';
    const runs = r.protections > 1 ? ` in ${r.protections} runs of rows` : '';
    lines.push(`${r.name}: ${r.rows} ${r.rows === 1 ? 'row' : 'rows'}${runs}, edited by ${who}.`);
  }
  if (gmSheets.length > 0) lines.push(`GMs only: ${gmSheets.join(', ')} (GMs: ${gms.join(', ')}).`);
  if (warned.length > 0) lines.push(`Warning only (every sidebar writes them): ${warned.join(', ')}.`);
  const noPlayer = realms.filter((r) => r.players.length === 0).map((r) => r.name);
  if (noPlayer.length > 0)
    lines.push(`No player commands ${noPlayer.join(', ')}: add them to the Players sheet and run it again.`);
  const unknown = players
    .filter((p) => p.role !== 'GM')
    .flatMap((p) => p.armies.filter((a) => !done.realms.has(nameKey(a))));
  if (unknown.length > 0)
    lines.push(`No rows carry the armies ${unknown.join(', ')} of the Players sheet (typos?).`);
  for (const problem of done.problems) lines.push(`Could not: ${problem}.`);
  lines.push(
    `${players.length} ${players.length === 1 ? 'person' : 'people'} on the Players sheet. Rows added later join their realm at the next run.`,
  );
  return lines;
}
