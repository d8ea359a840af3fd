// What Warcard → Protect realms means to leave on each sheet (SHEETS.md "Players"), from the rows and the Players
// sheet alone: Units, Characters and Battles are the GMs' (a sheet protection), but for each run of rows whose
// players are the same people (consecutive rows of one realm), which the sheet protection leaves unprotected and
// a range protection gives to those players and the GMs. Rows no player commands, headers and rows added later
// stay the GMs'.
import { commandsSide, type PlayerRecord, personOf } from '../contract/rights';
import { nameKey } from '../rules';
import type { SheetApi } from './gas';
import type { SheetTable } from './sheet-table';
import { sheetRowOf } from './sheet-table';
import { armyList, columnLetter, isBlankRow, text } from './table';

/** Consecutive rows edited by the same players: one range protection, one unprotected range. */
export interface Run {
  readonly first: number;
  rows: number;
  /** The players besides the GMs, lower case, sorted. */
  readonly editors: readonly string[];
  /** The armies (Units, Characters) or sides (Battles) its rows hold, as first written. */
  readonly labels: string[];
}

/** A roster sheet's plan: its runs, and its width (the header row's). */
export interface SheetPlan {
  readonly sheet: SheetApi;
  readonly name: string;
  /** How its range protections' descriptions name their rows ("Units of", "Battles,"). */
  readonly title: string;
  readonly columns: number;
  readonly runs: readonly Run[];
  /** Rows (or sides) no player commands: the GMs' only. */
  readonly gmsOnly: number;
  /** Rows (or sides) given to players. */
  readonly given: number;
}

/** A realm's rows on Units and Characters, for the report. */
export interface Realm {
  readonly name: string;
  rows: number;
  runs: number;
  readonly players: readonly string[];
}

/** The A1 notation of a run's rows across the sheet's columns. */
export const runA1 = (run: Pick<Run, 'first' | 'rows'>, columns: number): string =>
  `A${run.first}:${columnLetter(columns)}${run.first + run.rows - 1}`;

/** The players (not GMs) who command an army. */
export const playersOf = (players: readonly PlayerRecord[], army: string): string[] =>
  players
    .filter((p) => p.role !== 'GM' && p.armies.some((a) => nameKey(a) === nameKey(army)))
    .map((p) => p.email.trim().toLowerCase());

const editorsKey = (editors: readonly string[]) => editors.join(' ');

/** Rows with their players merged into runs of consecutive rows with the same players (none: not a run). */
function runsOf(rows: readonly { row: number; editors: string[]; label: string }[]): Run[] {
  const runs: Run[] = [];
  for (const { row, editors, label } of rows) {
    if (editors.length === 0) continue;
    const last = runs[runs.length - 1];
    if (last && last.first + last.rows === row && editorsKey(last.editors) === editorsKey(editors)) {
      last.rows++;
      if (!last.labels.some((l) => nameKey(l) === nameKey(label))) last.labels.push(label);
    } else runs.push({ first: row, rows: 1, editors, labels: [label] });
  }
  return runs;
}

const sorted = (emails: readonly string[]) => [...new Set(emails)].sort();

/** Units or Characters: each row to its army's players; the realms counted for the report. */
export function armyPlan(
  t: SheetTable,
  players: readonly PlayerRecord[],
  realms: Map<string, Realm>,
): SheetPlan {
  const rows: { row: number; editors: string[]; label: string }[] = [];
  let gmsOnly = 0;
  t.table.rows.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const army = text(cells[t.table.column('Army')] ?? '');
    if (army === '') {
      gmsOnly++;
      return;
    }
    const editors = sorted(playersOf(players, army));
    const realm = realms.get(nameKey(army)) ?? { name: army, rows: 0, runs: 0, players: editors };
    realm.rows++;
    realms.set(nameKey(army), realm);
    if (editors.length === 0) gmsOnly++;
    rows.push({ row: sheetRowOf(t, i), editors, label: army });
  });
  const runs = runsOf(rows);
  for (const run of runs)
    for (const label of run.labels) {
      const realm = realms.get(nameKey(label));
      if (realm) realm.runs++;
    }
  return planOf(t, runs, gmsOnly, `${t.table.name} of`);
}

/** Battles: each side's row to the players who command all its armies. */
export function battlePlan(t: SheetTable, players: readonly PlayerRecord[]): SheetPlan {
  const rows: { row: number; editors: string[]; label: string }[] = [];
  let gmsOnly = 0;
  t.table.rows.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const armies = armyList(cells[t.table.column('Armies')] ?? '');
    const editors = sorted(
      players
        .filter((p) => p.role !== 'GM' && commandsSide(personOf(p.email, players), armies))
        .map((p) => p.email.trim().toLowerCase()),
    );
    if (editors.length === 0) gmsOnly++;
    const side = text(cells[t.table.column('Side')] ?? '') || armies.join(', ');
    rows.push({
      row: sheetRowOf(t, i),
      editors,
      label: `${text(cells[t.table.column('Battle')] ?? '')}: ${side}`,
    });
  });
  return planOf(t, runsOf(rows), gmsOnly, `${t.table.name},`);
}

function planOf(t: SheetTable, runs: Run[], gmsOnly: number, title: string): SheetPlan {
  return {
    sheet: t.sheet,
    name: t.table.name,
    title,
    columns: t.values[t.headerIndex]?.length ?? 1,
    runs,
    gmsOnly,
    given: runs.reduce((n, r) => n + r.rows, 0),
  };
}
