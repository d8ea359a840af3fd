// Warcard → Collect the season (SHEETS.md "Realms and Treasury"): one journaled, undoable write of a Treasury row per
// realm for Settings' Season (its income, its armies' upkeep, the muster of its units raised this season), with a
// Log entry of Event Season telling it. GMs only; nothing is disbanded.
import type { Response, Written } from '../../contract/api';
import type { Cell } from '../../contract/cells';
import { Refusal, TableError } from '../../contract/errors';
import { plainReport } from '../../contract/battle-report';
import { type RealmCollection, seasonReport } from '../../contract/season-report';
import { TREASURY_HEADERS } from '../../contract/columns';
import { shortfallNote } from '../../rules';
import { type RealmTreasury, realmTreasuries } from '../realm-treasury';
import { SHEET_NAMES } from '../sheet-names';
import { type Book, sheetOf } from './book';
import { endOf } from './history';
import { commitEntry } from './journal';
import { type CellChange, clipChanges, EVENT_SEASON, sameCell, type Step } from './journal-sheets';
import { readRowsOf, type SheetTable } from '../sheet-table';
import { byOf } from './people';
import { activeEmail } from './viewer';
import { journaledCall, made, type WritePlan } from './write';
import { missingColumns, nothingWritten } from '../../contract/refusals';

/** The Treasury columns a collection writes: without one of them its figures would be lost. */
const WRITTEN = ['Season', 'Realm', 'Income', 'Upkeep', 'Muster', 'Note', 'Entry', 'By'] as const;

/**
 * The collection under this id: the door (GMs only) before anything is read for writing, then one journaled write.
 * The id written already answers that it was (a retry after a failure that ended written).
 */
export const collectSeasonAs = (id: string): Response<Written> =>
  journaledCall({
    deed: 'collect',
    request: () => made(id),
    write: () => ({
      what: 'Collecting the season',
      id: {
        value: id,
        same: (e) => e.event === EVENT_SEASON,
        already: (e) => `This season was collected already (Log row ${e.row}): ${e.result}.`,
      },
      tells: true,
      plan: (book) => collectPlan(book, id),
    }),
  });

const gb = (n: number): string => `${n < 0 ? '−' : ''}${Math.abs(n)} GB`;

/** Every realm's treasury as it stands, each checked: a bad Realms row, army or ledger row refuses, named. */
function realmsToCollect(book: Book, season: string): RealmTreasury[] {
  const realms = sheetOf(book, 'realms');
  const ledger = sheetOf(book, 'treasury');
  const missing = WRITTEN.filter((h) => !ledger.table.has(h));
  if (missing.length > 0) {
    throw new Refusal('setup', missingColumns('Treasury', missing));
  }
  let lines: ReturnType<typeof realmTreasuries>;
  try {
    lines = realmTreasuries(realms.table, ledger.table, sheetOf(book, 'units').table, season);
  } catch (e) {
    if (e instanceof TableError) throw new Refusal('setup', nothingWritten(`${e.message}.`));
    throw e;
  }
  const out: RealmTreasury[] = [];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    if (line === undefined) return;
    const where = `Realms row ${i + realms.headerIndex + 2}`;
    if ('error' in line) {
      problems.push(`${where}${line.name ? ` (${line.name})` : ''}: ${line.error.message}`);
      return;
    }
    for (const note of line.armyNotes) problems.push(`${where} (${line.realm.name}): ${note}`);
    if (line.collected) {
      problems.push(
        `${line.realm.name} has ${line.collected.season} collected already (Treasury row ${line.collected.row + ledger.headerIndex})`,
      );
    }
    out.push(line);
  });
  if (problems.length > 0) {
    const more = problems.length > 8 ? `; and ${problems.length - 8} more` : '';
    const said = `${problems.slice(0, 8).join('; ')}${more}`;
    throw new Refusal('setup', nothingWritten(`${said}${said.endsWith('?') ? '' : '.'}`));
  }
  if (out.length === 0) {
    throw new Refusal(
      'setup',
      nothingWritten(
        `The ${SHEET_NAMES.realms} sheet has no realm: add a row per realm (Realm, Armies, Income, Start).`,
      ),
    );
  }
  return out;
}

/** The ledger row of a realm's collection, as the cells it changes on a row blank before it. */
function ledgerChanges(
  row: number,
  season: string,
  c: RealmCollection,
  entry: string,
  by: string,
): CellChange[] {
  const fields: Record<(typeof WRITTEN)[number], Cell> = {
    Season: season,
    Realm: c.realm,
    Income: c.due.income,
    Upkeep: c.due.upkeep,
    Muster: c.due.muster,
    Note: c.note,
    Entry: entry,
    By: by,
  };
  return TREASURY_HEADERS.flatMap((header): CellChange[] => {
    const after = header in fields ? fields[header as (typeof WRITTEN)[number]] : '';
    if (after === '') return [];
    return [{ sheet: 'treasury', row, header, name: season, army: c.realm, before: '', after }];
  });
}

/**
 * The ledger read again just before the collection's rows are written: every row above them must hold what the
 * balances were worked out from (a row typed, deleted or sorted meanwhile refuses as stale, nothing written).
 */
function ledgerCheck(ledger: SheetTable, first: number): Step {
  return {
    what: 'a check of the Treasury rows',
    undo: () => {},
    write: () => {
      const top = ledger.headerIndex + 2;
      const now = readRowsOf(ledger, top, first - 1).values.slice(ledger.headerIndex + 1);
      const read = ledger.values.slice(ledger.headerIndex + 1, ledger.headerIndex + 1 + (first - top));
      const moved = read.findIndex((row, i) => row.some((v, c) => !sameCell(now[i]?.[c] ?? '', v)));
      if (moved >= 0 || now.length !== read.length)
        throw new Refusal(
          'stale',
          `Treasury row ${top + Math.max(0, moved)} changed while Warcard was collecting the season, so the balances it worked out no longer hold`,
        );
    },
  };
}

/** The collection of Settings' Season: a Treasury row per realm after the ledger's last, and its Log entry. */
function collectPlan(book: Book, id: string): WritePlan {
  const season = book.settings.season;
  if (season === '') {
    throw new Refusal(
      'setup',
      nothingWritten(
        'Settings has no Season: type the season being played on the Settings sheet (a row with Setting Season and a Value such as Summer 1522).',
      ),
    );
  }
  const ledger = sheetOf(book, 'treasury');
  const collected: RealmCollection[] = realmsToCollect(book, season).map((t) => ({
    realm: t.realm.name,
    opening: t.balance,
    due: t.due,
    closing: t.next,
    note: shortfallNote(t.next, t.due),
  }));
  const by = byOf(activeEmail());
  const first = endOf(ledger);
  const changes = collected.flatMap((c, n) => ledgerChanges(first + n, season, c, id, by));
  const realms = `${collected.length} ${collected.length === 1 ? 'realm' : 'realms'}`;
  const fields = {
    When: new Date(),
    Event: EVENT_SEASON,
    Battle: '',
    Result: `${season} collected for ${realms}`,
    Changes: clipChanges(collected.map((c) => c.realm).join(', ')),
    Report: plainReport(seasonReport(season, collected)),
    By: by,
  };
  const last = first + collected.length - 1;
  const rows = first === last ? `row ${first}` : `rows ${first}-${last}`;
  const balances = collected
    .map((c) => `${c.realm} ${gb(c.closing)}${c.note ? ` (${c.note}; nothing is disbanded)` : ''}`)
    .join('; ');
  return {
    ok: true,
    what: `Collecting ${season}`,
    changes,
    commit: (ends) => commitEntry(book, id, fields, changes, ends, [ledgerCheck(ledger, first)]),
    done: (logRow) =>
      `Collected ${season} for ${realms} (Log row ${logRow}; Treasury ${rows}). Closing balances: ${balances}.`,
  };
}
