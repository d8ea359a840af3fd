// The Realms and Treasury tables (SHEETS.md "Realms and Treasury") read into each realm's treasury: its ledger,
// its balance, and what the next collection takes (rules/treasury.ts). One reading for the TREASURY formula,
// Collect the season and player pages, on tables as a formula is given them or as the server reads them.
import {
  balanceAfter,
  didYouMean,
  type LedgerFigures,
  ledgerBalance,
  nameKey,
  type PaidArmy,
  type PaidUnit,
  type SeasonDue,
  sameSeason,
  seasonDue,
  shortfallNote,
  type Unit,
} from '../rules';
import { REALM_COLUMNS, TREASURY_COLUMNS } from '../contract/columns';
import type { Cell } from '../contract/cells';
import { RowError, TableError } from '../contract/errors';
import { numberCell } from '../contract/numbers';
import { unitRoster } from './rosters';
import { EXAMPLES } from './sheet-names';
import {
  armyList,
  cellOf,
  isBlankRow,
  type RangeRow,
  rangeRowOf,
  readTable,
  type Table,
  text,
} from './table';

/** The headers a Realms table cannot do without; the others read as their blanks. */
export const REALM_REQUIRED = ['Realm', 'Armies'] as const;
/** The headers a Treasury table cannot do without. */
export const TREASURY_REQUIRED = ['Season', 'Realm'] as const;

export const readRealms = (range: unknown): Table =>
  readTable(range, 'realms', EXAMPLES.realms, REALM_REQUIRED);
export const readLedger = (range: unknown): Table =>
  readTable(range, 'treasury', EXAMPLES.treasury, TREASURY_REQUIRED);

/** A Realms row. */
export interface Realm {
  readonly name: string;
  readonly armies: readonly string[];
  readonly income: number;
  readonly start: number;
}

/** A Treasury row: its figures, and who wrote it ('' for a row typed by hand). */
export interface LedgerRow extends LedgerFigures {
  /** Its row in the range given (the header is row 1). */
  readonly row: RangeRow;
  readonly season: string;
  readonly realm: string;
  readonly note: string;
  readonly entry: string;
  readonly by: string;
}

const gb = (t: Table, row: readonly Cell[], header: 'Income' | 'Start', columns = REALM_COLUMNS) =>
  numberCell(cellOf(t, row, header), header, columns[header].range, 0);

/** A Realms row in the rules' terms; throws RowError naming the column on bad input. */
export function parseRealm(t: Table, row: readonly Cell[]): Realm {
  return {
    name: text(cellOf(t, row, 'Realm')),
    armies: armyList(cellOf(t, row, 'Armies')),
    income: gb(t, row, 'Income'),
    start: gb(t, row, 'Start'),
  };
}

type LedgerNumber = 'Income' | 'Upkeep' | 'Muster' | 'Other';
const ledgerNumber = (t: Table, row: readonly Cell[], header: LedgerNumber) =>
  numberCell(cellOf(t, row, header), header, TREASURY_COLUMNS[header].range, 0);

/** A Treasury row; throws RowError naming the column on bad input. */
export function parseLedgerRow(t: Table, row: readonly Cell[], at: RangeRow): LedgerRow {
  const season = text(cellOf(t, row, 'Season'));
  if (season === '') throw new RowError('Season is required: the season’s label, e.g. Spring 1522');
  return {
    row: at,
    season,
    realm: text(cellOf(t, row, 'Realm')),
    income: ledgerNumber(t, row, 'Income'),
    upkeep: ledgerNumber(t, row, 'Upkeep'),
    muster: ledgerNumber(t, row, 'Muster'),
    other: ledgerNumber(t, row, 'Other'),
    note: text(cellOf(t, row, 'Note')),
    entry: text(cellOf(t, row, 'Entry')),
    by: text(cellOf(t, row, 'By')),
  };
}

/** A realm's treasury as it stands, and what the collection of the season takes. */
export interface RealmTreasury {
  readonly realm: Realm;
  /** Its Realms row in the range given. */
  readonly row: RangeRow;
  readonly ledger: readonly LedgerRow[];
  /** Start + the ledger's rows. */
  readonly balance: number;
  /** The collection of the season as it would be made now (nothing mustered when the season is collected). */
  readonly due: SeasonDue;
  /** Balance + income − upkeep − muster due. */
  readonly next: number;
  /** The ledger row of the season, when it is collected already. */
  readonly collected?: LedgerRow;
  /** The armies it names that no unit carries. */
  readonly emptyArmies: readonly string[];
  /** Each of them in words, with the closest army's name: `army "X" carries no unit; did you mean …`. */
  readonly armyNotes: readonly string[];
  /** Shortfall, empty armies, a season already collected: '' when nothing to say. */
  readonly note: string;
}

/** One per Realms row: the realm's treasury, its error, or undefined for a blank row. */
export type RealmLine = RealmTreasury | { readonly name: string; readonly error: RowError } | undefined;

/** The treasury of every realm, one line per Realms row. `season`: Settings' Season ('' when blank). */
export function realmTreasuries(realms: Table, ledger: Table, units: Table, season: string): RealmLine[] {
  const armies = armiesOf(units);
  const rows = ledgerByRealm(realms, ledger);
  const seenRealm = new Map<string, RangeRow>();
  const payer = new Map<string, string>();
  return realms.rows.map((raw, index): RealmLine => {
    if (isBlankRow(raw)) return undefined;
    const row = rangeRowOf(index);
    const name = text(cellOf(realms, raw, 'Realm'));
    try {
      if (name === '') throw new RowError('Realm is required: the realm’s name');
      const realm = parseRealm(realms, raw);
      const first = seenRealm.get(nameKey(name));
      if (first !== undefined) throw new RowError(`realm "${name}" is on realms row ${first} already`);
      seenRealm.set(nameKey(name), row);
      for (const army of realm.armies) {
        const other = payer.get(nameKey(army));
        if (other !== undefined) throw new RowError(`army "${army}" is paid for by realm "${other}" already`);
        payer.set(nameKey(army), name);
      }
      return treasuryOf(realm, row, rows.get(nameKey(name)) ?? [], armies, season);
    } catch (e) {
      if (e instanceof RowError) return { name, error: e };
      throw e;
    }
  });
}

interface ArmyUnits {
  readonly name: string;
  readonly units: PaidUnit[];
  error?: RowError;
}

/** The units by army (nameKey), each with its Mustered season; an army's first bad row kept. */
function armiesOf(units: Table): Map<string, ArmyUnits> {
  const armies = new Map<string, ArmyUnits>();
  for (const r of unitRoster(units).records) {
    const key = nameKey(r.army);
    let army = armies.get(key);
    if (!army) {
      army = { name: r.army, units: [] };
      armies.set(key, army);
    }
    if (r.error) {
      army.error ??= new RowError(`units row ${r.row}${r.label ? ` (${r.label})` : ''}: ${r.error.message}`);
    } else {
      const unit: Unit = r.value;
      army.units.push({ unit, mustered: text(cellOf(units, units.rows[r.index] ?? [], 'Mustered')) });
    }
  }
  return armies;
}

/**
 * The ledger's rows by realm (nameKey). A row with a bad cell is kept as its error under its realm; a row naming
 * no realm of the Realms table is an error naming the closest one, or throws when none is close.
 */
function ledgerByRealm(realms: Table, ledger: Table): Map<string, (LedgerRow | RowError)[]> {
  const names = realms.rows.map((r) => text(cellOf(realms, r, 'Realm'))).filter((n) => n !== '');
  const known = new Map(names.map((n) => [nameKey(n), n]));
  const byRealm = new Map<string, (LedgerRow | RowError)[]>();
  const add = (key: string, x: LedgerRow | RowError) => {
    const rows = byRealm.get(key);
    if (rows) rows.push(x);
    else byRealm.set(key, [x]);
  };
  ledger.rows.forEach((raw, index) => {
    if (isBlankRow(raw)) return;
    const row = rangeRowOf(index);
    const realm = text(cellOf(ledger, raw, 'Realm'));
    const where = `treasury row ${row}`;
    if (!known.has(nameKey(realm))) {
      const unknown = `${where}: ${realm === '' ? 'Realm is blank' : `realm "${realm}" is not on Realms`}`;
      const close = didYouMean(realm, names);
      const meant = names.find((n) => close.includes(`"${n}"`));
      if (realm === '' || meant === undefined) {
        throw new TableError(`${unknown}: name a realm of the Realms table, or add the realm there`);
      }
      add(nameKey(meant), new RowError(`${unknown}${close}`));
      return;
    }
    try {
      add(nameKey(realm), parseLedgerRow(ledger, raw, row));
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      add(nameKey(realm), new RowError(`${where}: ${e.message}`));
    }
  });
  return byRealm;
}

function treasuryOf(
  realm: Realm,
  row: RangeRow,
  rows: readonly (LedgerRow | RowError)[],
  armies: ReadonlyMap<string, ArmyUnits>,
  season: string,
): RealmTreasury {
  const ledger: LedgerRow[] = [];
  for (const r of rows) {
    if (r instanceof RowError) throw r;
    ledger.push(r);
  }
  const paid: PaidArmy[] = [];
  const emptyArmies: string[] = [];
  const known = [...armies.values()].filter((a) => a.units.length > 0 || a.error).map((a) => a.name);
  for (const name of realm.armies) {
    const army = armies.get(nameKey(name));
    if (army?.error) throw army.error;
    if (!army || army.units.length === 0) emptyArmies.push(name);
    paid.push({ name: army?.name || name, units: army?.units ?? [] });
  }
  const collected = ledger.find((r) => sameSeason(r.season, season) && r.entry !== '');
  const balance = ledgerBalance(realm.start, ledger);
  // Once the season is collected its muster is paid: the next collection takes upkeep only.
  const due = seasonDue(realm.income, paid, collected ? '' : season);
  const next = balanceAfter(balance, due);
  const armyNotes = emptyArmies.map((a) => `army "${a}" carries no unit${didYouMean(a, known)}`);
  const note = [
    shortfallNote(next, due),
    ...armyNotes,
    collected ? `${collected.season} is collected (treasury row ${collected.row})` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
  return { realm, row, ledger, balance, due, next, collected, emptyArmies, armyNotes, note };
}
