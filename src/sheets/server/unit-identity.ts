// Which Units row is which unit, wherever it has moved: rows are inserted, deleted and sorted between a battle and
// its undo, and several units may share a name. A unit is known by its name and army; among units that share
// them, by the key of everything Warcard reads of it but its Status (its card, type, roles...).
import { nameKey } from '../../rules';
import { hash } from '../fingerprint';
import { text } from '../table';
import { cellAt, type SheetTable, sheetRowOf } from '../sheet-table';
import { UNIT_HEADERS } from '../../contract/columns';

/** A unit's name and army, as undo finds its rows. */
export const nameArmyAt = (units: SheetTable, index: number): string =>
  `${text(cellAt(units, index, 'Unit'))}\u0000${nameKey(text(cellAt(units, index, 'Army')))}`;

export const nameArmyOf = (name: string, army: string): string => `${name}\u0000${nameKey(army)}`;

/** The key of a unit's row: every column Warcard reads but Status, so that two units alike in name differ. */
export const unitKeyAt = (units: SheetTable, index: number): string =>
  hash(JSON.stringify(UNIT_HEADERS.flatMap((h) => (h === 'Status' ? [] : [text(cellAt(units, index, h))]))));

/** A change to find: its unit's name, army and key as recorded, the row it was on, and the value it wrote. */
export interface Sought {
  readonly row: number;
  readonly name: string;
  readonly army: string;
  /** Empty for a change recorded before units had keys. */
  readonly key: string;
}

/**
 * The Units row of each sought unit (null when it cannot be told), each row given once: among the rows of its name
 * and army that `fits` (still hold what the entry wrote), the row it was on if it kept its key, else the nearest
 * with its key, else the only one of its name and army.
 */
export function findUnits<S extends Sought>(
  units: SheetTable,
  sought: readonly S[],
  fits: (index: number, s: S) => boolean,
): (number | null)[] {
  const byNameArmy = new Map<string, number[]>();
  units.table.rows.forEach((_, i) => {
    const k = nameArmyAt(units, i);
    byNameArmy.set(k, [...(byNameArmy.get(k) ?? []), i]);
  });
  const taken = new Set<number>();
  const keyOf = new Map<number, string>();
  const key = (i: number) => {
    let k = keyOf.get(i);
    if (k === undefined) {
      k = unitKeyAt(units, i);
      keyOf.set(i, k);
    }
    return k;
  };
  const found: (number | null)[] = sought.map(() => null);
  // First every unit still on its row with its key, so that a moved twin does not take its place.
  const pass = (pick: (s: S, rows: number[]) => number | undefined) => {
    sought.forEach((s, n) => {
      if (found[n] !== null) return;
      const rows = (byNameArmy.get(nameArmyOf(s.name, s.army)) ?? []).filter(
        (i) => !taken.has(i) && fits(i, s),
      );
      const i = pick(s, rows);
      if (i === undefined) return;
      taken.add(i);
      found[n] = i;
    });
  };
  pass((s, rows) => rows.find((i) => sheetRowOf(units, i) === s.row && (!s.key || key(i) === s.key)));
  pass((s, rows) => {
    if (!s.key) return undefined;
    const same = rows.filter((i) => key(i) === s.key);
    return same.sort(
      (x, y) => Math.abs(sheetRowOf(units, x) - s.row) - Math.abs(sheetRowOf(units, y) - s.row),
    )[0];
  });
  pass((s) => {
    const all = (byNameArmy.get(nameArmyOf(s.name, s.army)) ?? []).filter((i) => fits(i, s));
    const [only, ...more] = all;
    return only !== undefined && more.length === 0 && !taken.has(only) ? only : undefined;
  });
  return found;
}
