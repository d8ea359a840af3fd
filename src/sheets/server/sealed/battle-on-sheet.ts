// The battle a seal, a reveal or a logged roll is for, found on the Battles sheet as it is now (by name, never by
// the row read earlier), and its cells: the lookups the sealed plans' calls share.
import { nameKey } from '../../../rules';
import { type PairedBattle, pairBattles } from '../../battles';
import { cellAt, indexOfSheetRow, type SheetTable, sheetRowOf } from '../../sheet-table';
import { type Book, sheetOf } from '../book';
import { Refusal } from '../../../contract/errors';
import { appliedBattles, battleCellChange, type CellChange } from '../journal-sheets';
import type { Cell } from '../../../contract/cells';
import { noSealedColumn, nothingWritten } from '../../../contract/refusals';

/** A battle's two rows as the Battles sheet holds them now. */
export interface SheetBattle {
  readonly battle: PairedBattle;
  /** Sheet rows, in sheet order. */
  readonly rows: readonly [number, number];
}

/**
 * The battle of this name on the Battles sheet, read and paired: refused when it is not there, cannot be read, or
 * was applied already (a sealed plan, a reveal, a logged roll are for a battle still to fight).
 */
export function battleOnSheet(book: Book, name: string): SheetBattle {
  const t = sheetOf(book, 'battles');
  const key = nameKey(name);
  const results = pairBattles(t.table);
  let problem: string | null = null;
  for (const [i, r] of results.entries()) {
    if (r.kind === 'side' && nameKey(r.battle.name) === key) {
      const battle = r.battle;
      if (battle.sides.some((s) => s.fought) || (book.log && appliedBattles(book.log, nameKey).has(key))) {
        throw new Refusal('invalid', `Battle "${battle.name}" was applied already: it is fought.`);
      }
      return { battle, rows: [sheetRowOf(t, battle.rows[0]), sheetRowOf(t, battle.rows[1])] };
    }
    if (r.kind === 'error' && nameKey(String(t.table.rows[i]?.[t.table.column('Battle')] ?? '')) === key) {
      problem ??= `Battles row ${sheetRowOf(t, i)}: ${r.error.message}`;
    }
  }
  throw new Refusal(
    'invalid',
    nothingWritten(
      problem
        ? `Battle "${name.slice(0, 60)}" cannot be read. ${problem}: fix the row.`
        : `Battle "${name.slice(0, 60)}" is not on the Battles sheet: it is saved there first.`,
    ),
  );
}

/** A cell of a sheet row, for the changes' befores. */
export const cellOfRow =
  (t: SheetTable) =>
  (row: number, header: string): unknown =>
    cellAt(t, indexOfSheetRow(t, row), header);

/** The Battles sheet needs its Sealed column to hold a seal. */
export function needSealedColumn(book: Book): void {
  if (!sheetOf(book, 'battles').table.has('Sealed')) {
    throw new Refusal('setup', noSealedColumn());
  }
}

/**
 * The change of a cell of one side's row (a seal's, a reveal's, a logged roll's): `cell` reads the row's cells as
 * the Battles sheet was read, the change's before.
 */
export const sideCellChange =
  (
    battle: PairedBattle,
    rows: readonly [number, number],
    i: 0 | 1,
    cell: (row: number, header: string) => Cell,
  ) =>
  (header: string, after: Cell): CellChange =>
    battleCellChange(
      { row: rows[i], battle: battle.name, armies: battle.sides[i].armies },
      header,
      cell(rows[i], header),
      after,
    );
