// A realm's treasury as a player page shows it (SHEETS.md "Player pages": their realm's treasury when there is
// one): the balance, the ledger and the coming season's figures of the realms that pay for the person's armies,
// read from the Realms, Treasury and Settings sheets of the spreadsheet given (a web app has no active one).
import { PAGE_LEDGER_ROWS, type PageRealm } from '../../contract/page-data';
import { nameKey, type SeasonDue } from '../../rules';
import type { SpreadsheetApi } from '../gas';
import { readSettings, SETTING_HEADERS } from '../settings';
import { EXAMPLES, SHEET_NAMES } from '../sheet-names';
import { readSheetTable } from '../sheet-table';
import type { Table } from '../table';
import { type LedgerRow, REALM_REQUIRED, realmTreasuries, TREASURY_REQUIRED } from '../realm-treasury';

/** One realm's treasury, plain data (it travels in a page's answer). */
export interface RealmStanding {
  readonly realm: string;
  /** What is wrong with the realm's rows, when its figures cannot be worked out ('' when they can). */
  readonly error: string;
  readonly balance: number;
  /** Its Treasury rows, oldest first. */
  readonly ledger: readonly LedgerRow[];
  /** The coming season: Settings' Season ('' when blank), what its collection takes now, the balance after it. */
  readonly coming: { readonly season: string; readonly due: SeasonDue | null; readonly next: number };
  readonly note: string;
}

/**
 * The treasuries of the realms paying for any of `armies` (a Players row's armies), from the tables as read;
 * every realm when `armies` is 'all' (a GM). Empty without a Realms table.
 */
export function standingsFor(
  armies: readonly string[] | 'all',
  tables: {
    readonly realms: Table;
    readonly ledger: Table | null;
    readonly units: Table;
    readonly season: string;
  },
): RealmStanding[] {
  const ledger = tables.ledger ?? { name: 'treasury', rows: [], column: () => -1, has: () => false };
  const wanted = armies === 'all' ? null : new Set(armies.map(nameKey));
  const out: RealmStanding[] = [];
  for (const line of realmTreasuries(tables.realms, ledger, tables.units, tables.season)) {
    if (line === undefined) continue;
    if ('error' in line) {
      if (wanted === null)
        out.push({
          realm: line.name,
          error: line.error.message,
          balance: 0,
          ledger: [],
          coming: { season: tables.season, due: null, next: 0 },
          note: '',
        });
      continue;
    }
    if (wanted !== null && !line.realm.armies.some((a) => wanted.has(nameKey(a)))) continue;
    out.push({
      realm: line.realm.name,
      error: '',
      balance: line.balance,
      ledger: line.ledger,
      coming: { season: tables.season, due: line.due, next: line.next },
      note: line.note,
    });
  }
  return out;
}

/**
 * The standings of the realms paying for `armies`, read from `spreadsheet` (three reads: Realms, Treasury,
 * Settings); `units` is the Units table the caller read already. Empty when there is no Realms sheet.
 */
export const readStandings = (
  spreadsheet: SpreadsheetApi,
  units: Table,
  armies: readonly string[] | 'all',
): RealmStanding[] => readTreasuries(spreadsheet, units, armies) ?? [];

/** As readStandings, but null when there is no Realms sheet (the page then has no treasury section). */
export function readTreasuries(
  spreadsheet: SpreadsheetApi,
  units: Table,
  armies: readonly string[] | 'all',
): RealmStanding[] | null {
  const read = (name: string, what: string, example: string, required: readonly string[]) =>
    readSheetTable(spreadsheet, name, what, example, required);
  const realms = read(SHEET_NAMES.realms, 'Realms', EXAMPLES.realms, REALM_REQUIRED)?.table ?? null;
  if (!realms) return null;
  const ledger = read(SHEET_NAMES.treasury, 'Treasury', EXAMPLES.treasury, TREASURY_REQUIRED);
  const settings = read(SHEET_NAMES.settings, 'Settings', EXAMPLES.settings, SETTING_HEADERS);
  const season = settings ? readSettings(settings.values.slice(settings.headerIndex)).season : '';
  return standingsFor(armies, { realms, ledger: ledger?.table ?? null, units, season });
}

/** The standings as a page carries them: each realm's newest ledger rows only (the balance sums them all). */
export const pageRealms = (standings: readonly RealmStanding[]): PageRealm[] =>
  standings.map((s) => ({
    realm: s.realm,
    error: s.error,
    balance: s.balance,
    ledger: s.ledger
      .slice(-PAGE_LEDGER_ROWS)
      .reverse()
      .map((r) => ({
        season: r.season,
        income: r.income,
        upkeep: r.upkeep,
        muster: r.muster,
        other: r.other,
        note: r.note,
      })),
    ledgerRows: s.ledger.length,
    coming:
      s.coming.due === null
        ? null
        : {
            season: s.coming.season,
            income: s.coming.due.income,
            upkeep: s.coming.due.upkeep,
            muster: s.coming.due.muster,
            next: s.coming.next,
          },
    note: s.note,
  }));

/** The ids of the Log entries that wrote the realms' Treasury rows (their seasons collected). */
export const seasonEntries = (standings: readonly RealmStanding[]): Set<string> =>
  new Set(standings.flatMap((s) => s.ledger.map((r) => r.entry).filter((id) => id !== '')));
