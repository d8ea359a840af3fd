// Which row is which unit or battle side, wherever it has moved: rows are inserted, deleted and sorted between a
// write and its undo (and during a write), and several units may share a name. A unit is known by its name and
// army; among units that share them, by the key of everything else on its row but its Status (its card, type,
// roles and the players' own columns). A battle's side is known by the battle's name and the side's armies (the
// two sides of a battle never share an army).
import { nameKey } from '../../rules';
import type { Cell } from '../../contract/cells';
import { hash } from '../fingerprint';
import { headerKey, text } from '../table';
import { cellAt, type SheetTable, sheetRowOf } from '../sheet-table';
import { CARD_HEADERS, UNIT_HEADERS } from '../../contract/columns';
import { type CellChange, type ChangedSheet, clipName } from './journal-sheets';

/** A unit's name and army, as undo finds its rows. */
export const nameArmyAt = (units: SheetTable, index: number): string =>
  nameArmyOf(text(cellAt(units, index, 'Unit')), text(cellAt(units, index, 'Army')));

export const nameArmyOf = (name: string, army: string): string =>
  `${clipName(name)}\u0000${nameKey(clipName(army))}`;

/**
 * Columns that formulas fill (UNITVALUE, UNITSTATS): their cells, their header too, show "Loading..." (and the
 * columns beside it nothing) while Sheets recomputes, or an error.
 */
const COMPUTED = ['Value', 'Muster', 'Upkeep', 'Loading...'] as const;
const isComputed = (key: string): boolean =>
  key.startsWith('#') || COMPUTED.some((h) => headerKey(h) === key);

/** A key of the current kind: every headed column of the row but Status and computed ones, the players' too. */
const KEY_MARK = 'k2';
/**
 * A key of the kind a Library fill records: as KEY_MARK's, but without the card columns (the Library's), which the
 * fill writes, so that its rows are known by what it does not change, before, between and after its calls.
 */
const FILL_MARK = 'k3';

/**
 * The key of a unit's row: every column with a header but Status and the formulas' results, the players' own
 * columns included, so that two units alike but for a "Player" column differ.
 */
export const unitKeyAt = (units: SheetTable, index: number): string => keyOf(units, index, KEY_MARK);

/** The key a Library fill records for a unit's row: unitKeyAt's columns but the card's. */
export const unitFillKeyAt = (units: SheetTable, index: number): string => keyOf(units, index, FILL_MARK);

function keyOf(units: SheetTable, index: number, mark: string): string {
  const row = units.table.rows[index] ?? [];
  const cells = keyColumns(units.values[units.headerIndex] ?? [], mark === FILL_MARK).map(
    ([c, k]) => `${k}=${text(row[c] ?? '')}`,
  );
  return `${mark}${hash(JSON.stringify(cells))}`;
}

/** The columns a key covers, worked out once per header row read and kind (a key is taken for every row). */
let keyColumnsOf: WeakMap<readonly Cell[], [number, string][][]> | null = null;
function keyColumns(header: readonly Cell[], leaveCard: boolean): [number, string][] {
  keyColumnsOf ??= new WeakMap();
  const kinds = keyColumnsOf.get(header) ?? [];
  let columns = kinds[leaveCard ? 1 : 0];
  if (!columns) {
    const left = new Set([headerKey('Status'), ...(leaveCard ? CARD_HEADERS.map(headerKey) : [])]);
    columns = header.flatMap((h, c): [number, string][] => {
      const k = headerKey(h);
      return k === '' || left.has(k) || isComputed(k) ? [] : [[c, k]];
    });
    kinds[leaveCard ? 1 : 0] = columns;
    keyColumnsOf.set(header, kinds);
  }
  return columns;
}

/** The key an Undo row recorded before keys covered the players' columns: the product's columns only. */
const olderKeyAt = (units: SheetTable, index: number): string =>
  hash(JSON.stringify(UNIT_HEADERS.flatMap((h) => (h === 'Status' ? [] : [text(cellAt(units, index, h))]))));

/** The kind of a recorded key: its mark, or '' for the older kind. */
export const keyKindOf = (recorded: string): string =>
  recorded.startsWith(FILL_MARK) ? FILL_MARK : recorded.startsWith(KEY_MARK) ? KEY_MARK : '';

/** A row's key of the kind `recorded` is (older Undo rows hold the older kind, a fill's the fill's). */
export function unitKeyLike(units: SheetTable, index: number, recorded: string): string {
  const kind = keyKindOf(recorded);
  return kind ? keyOf(units, index, kind) : olderKeyAt(units, index);
}

const armyListKey = (armies: string): string =>
  text(armies)
    .split(',')
    .map((a) => nameKey(a.trim()))
    .filter(Boolean)
    .join(',');

/** A battle side's identity: its battle's name and its armies (as a change records them in its Army field). */
export const battleSideOf = (battle: string, armies: string): string =>
  `${nameKey(battle)}\u0000${armyListKey(armies)}`;

/** A ledger row's identity: its season and its realm (one row per realm per season). */
export const seasonRealmOf = (season: string, realm: string): string =>
  `${nameKey(season)}\u0000${nameKey(realm)}`;

/** How rows of a sheet are told apart. */
export interface RowIdentity {
  /** Who the row at `index` is. */
  readonly at: (t: SheetTable, index: number) => string;
  /** Who a change's row is, as recorded. */
  readonly of: (s: Sought) => string;
  /** Among rows alike, what tells them apart, of the kind `recorded` is ('' when nothing does). */
  readonly key: (t: SheetTable, index: number, recorded: string) => string;
}

export const IDENTITIES: Record<ChangedSheet, RowIdentity> = {
  units: { at: nameArmyAt, of: (s) => nameArmyOf(s.name, s.army), key: unitKeyLike },
  battles: {
    at: (t, i) => battleSideOf(text(cellAt(t, i, 'Battle')), text(cellAt(t, i, 'Armies'))),
    of: (s) => battleSideOf(s.name, s.army),
    key: () => '',
  },
  treasury: {
    at: (t, i) => seasonRealmOf(text(cellAt(t, i, 'Season')), text(cellAt(t, i, 'Realm'))),
    of: (s) => seasonRealmOf(s.name, s.army),
    key: () => '',
  },
};

/**
 * Who a change's row is on one side of its entry: a unit by its name and army; a battle side by the battle's name
 * and its armies as that side holds them (a save may write both, on rows blank before it); a ledger row by its
 * season and realm (a collection writes them on rows blank before it).
 */
export function whoOn(changes: readonly CellChange[], c: CellChange, side: 'before' | 'after'): string {
  if (c.sheet === 'units') return nameArmyOf(c.name, c.army);
  const on = (header: string, otherwise: string) => {
    const x = changes.find((y) => y.sheet === c.sheet && y.row === c.row && y.header === header);
    return x ? text(x[side]) : otherwise;
  };
  if (c.sheet === 'treasury') return seasonRealmOf(on('Season', c.name), on('Realm', c.army));
  return battleSideOf(on('Battle', c.name), on('Armies', c.army));
}

/** A Battles change recorded before changes named the side's armies: its row is found by number and name. */
export const isOlderBattle = (c: { readonly sheet: ChangedSheet; readonly army: string }): boolean =>
  c.sheet === 'battles' && c.army === '';

/** Whether a row as read now (a whole row of the table's columns) is the row of `who` (whoOn). */
export function isRowOf(
  t: SheetTable,
  c: { readonly sheet: ChangedSheet; readonly name: string; readonly army: string },
  line: readonly Cell[],
  who: string,
): boolean {
  const at = (h: string) => text(line[t.table.column(h)] ?? '');
  if (c.sheet === 'units') return nameArmyOf(at('Unit'), at('Army')) === who;
  if (c.sheet === 'treasury') return seasonRealmOf(at('Season'), at('Realm')) === who;
  if (isOlderBattle(c)) return nameKey(at('Battle')) === nameKey(c.name);
  return battleSideOf(at('Battle'), at('Armies')) === who;
}

/** A change to find: its row's identity as recorded, the row it was on. */
export interface Sought {
  readonly row: number;
  readonly name: string;
  readonly army: string;
  /** Empty for a change recorded before units had keys, and for battles. */
  readonly key: string;
  /** Who the row is, when not `identity.of` it (whoOn). */
  readonly who?: string;
  /** The cell's column: a row is given once per column (a battle side's row has several cells changed). */
  readonly header?: string;
}

/**
 * The row of each sought unit or battle side (null when it cannot be told), each row given once: among the rows
 * of its identity that `fits` (still hold what the entry wrote), the row it was on if it kept its key, else the
 * nearest with its key, else the only one of its identity.
 */
export function findUnits<S extends Sought>(
  units: SheetTable,
  sought: readonly S[],
  fits: (index: number, s: S) => boolean,
  identity: RowIdentity = IDENTITIES.units,
): (number | null)[] {
  const byIdentity = new Map<string, number[]>();
  units.table.rows.forEach((_, i) => {
    const k = identity.at(units, i);
    byIdentity.set(k, [...(byIdentity.get(k) ?? []), i]);
  });
  const taken = new Set<string>();
  const cellKey = (i: number, s: S) => `${i}\u0000${s.header ?? ''}`;
  const keyOf = new Map<string, string>();
  const key = (i: number, recorded: string) => {
    const at = `${i}:${keyKindOf(recorded)}`;
    let k = keyOf.get(at);
    if (k === undefined) {
      k = identity.key(units, i, recorded);
      keyOf.set(at, k);
    }
    return k;
  };
  const found: (number | null)[] = sought.map(() => null);
  // First every row still in its place with its key, so that a moved twin does not take its place.
  const pass = (pick: (s: S, rows: number[]) => number | undefined) => {
    sought.forEach((s, n) => {
      if (found[n] !== null) return;
      const rows = (byIdentity.get(s.who ?? identity.of(s)) ?? []).filter(
        (i) => !taken.has(cellKey(i, s)) && fits(i, s),
      );
      const i = pick(s, rows);
      if (i === undefined) return;
      taken.add(cellKey(i, s));
      found[n] = i;
    });
  };
  pass((s, rows) => rows.find((i) => sheetRowOf(units, i) === s.row && (!s.key || key(i, s.key) === s.key)));
  pass((s, rows) => {
    if (!s.key) return undefined;
    const same = rows.filter((i) => key(i, s.key) === s.key);
    return same.sort(
      (x, y) => Math.abs(sheetRowOf(units, x) - s.row) - Math.abs(sheetRowOf(units, y) - s.row),
    )[0];
  });
  pass((s) => {
    const all = (byIdentity.get(s.who ?? identity.of(s)) ?? []).filter((i) => fits(i, s));
    const [only, ...more] = all;
    return only !== undefined && more.length === 0 && !taken.has(cellKey(only, s)) ? only : undefined;
  });
  return found;
}
