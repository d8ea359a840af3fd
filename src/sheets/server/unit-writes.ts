// The Status writes of an entry, made safe against another user moving rows while they go out: the Units rows are
// checked just before (a move since the read is refused, nothing written to Units) and just after (a move during the
// writes is refused too), and putting back finds each unit by its identity, so that a status that landed on the
// wrong unit is taken off it again.
import { nameKey } from '../../rules';
import { text } from '../table';
import type { Cell } from '../../contract/cells';
import { cellAt, readRowsOf, type SheetTable, sheetColumnOf, sheetRowOf } from '../sheet-table';
import { type Book, Refusal, sheetOf } from './book';
import { type CellWrite, perform, writeCalls, writeChanged } from './cells';
import { type CellChange, sameCell, type Step } from './journal-sheets';
import { findUnits, nameArmyAt, unitKeyAt } from './unit-identity';

type Side = 'before' | 'after';

/** The rows first..last of Units as they are now, read with one getValues. */
function rowsNow(t: SheetTable, first: number, last: number): Cell[][] {
  const width = t.values[t.headerIndex]?.length ?? 0;
  return t.sheet.getRange(first, 1, last - first + 1, width).getValues();
}

const span = (changes: readonly CellChange[]) => ({
  first: Math.min(...changes.map((c) => c.row)),
  last: Math.max(...changes.map((c) => c.row)),
});

/** Whether a row as read now holds the change's unit (by name and army), and what its cell holds. */
function holds(t: SheetTable, line: readonly Cell[], c: CellChange): boolean {
  const at = (h: string) => line[t.table.column(h)];
  return text(at('Unit')) === c.name && nameKey(text(at('Army'))) === nameKey(c.army);
}

const moved = (c: CellChange, line: readonly Cell[], t: SheetTable) =>
  new Refusal(
    'stale',
    `Units row ${c.row} no longer holds ${c.name || '(no name)'} of ${c.army} (it holds ${text(line[t.table.column('Unit')]) || 'no unit'} now): rows of Units were inserted, deleted or sorted while Warcard was writing`,
  );

/** The write that sets a change's cell to one side: the formula it held, when putting back a formula cell. */
const writeOf = (c: CellChange, column: number, row: number, side: Side): CellWrite =>
  side === 'before' && c.beforeFormula
    ? { row, column, value: c.before, formula: c.beforeFormula }
    : { row, column, value: c[side] };

/** The steps that set each unit's cell to `to`: a check, one step per Google call, a check again. */
export function unitSteps(book: Book, changes: readonly CellChange[], to: Side): Step[] {
  if (changes.length === 0) return [];
  const t = sheetOf(book, 'units');
  const from: Side = to === 'after' ? 'before' : 'after';
  const { first, last } = span(changes);
  // Each unit's cells as they were before any of these writes, by identity: what putting back restores.
  const initial = new Map<string, { row: number; values: Cell[] }[]>();
  t.table.rows.forEach((row, i) => {
    const key = `${nameArmyAt(t, i)}\u0000${unitKeyAt(t, i)}`;
    initial.set(key, [...(initial.get(key) ?? []), { row: sheetRowOf(t, i), values: [...row] }]);
  });
  const check = (side: Side) => () => {
    const now = rowsNow(t, first, last);
    for (const c of changes) {
      const line = now[c.row - first] ?? [];
      if (!holds(t, line, c)) throw moved(c, line, t);
      const formula = to === 'before' && c.beforeFormula;
      if (side === to && !formula && !sameCell(line[t.table.column(c.header)] ?? '', c[to]))
        throw moved(c, line, t);
    }
  };
  const cellOf = new Map(changes.map((c) => [`${c.row}:${sheetColumnOf(t, c.header)}`, c]));
  const writes: CellWrite[] = changes.map((c) => writeOf(c, sheetColumnOf(t, c.header), c.row, to));
  const steps: Step[] = writeCalls(writes).map((call) => ({
    what: 'the unit statuses',
    write: () => perform(t, call),
    undo: () =>
      putBack(
        t,
        call.cells.flatMap((w) => cellOf.get(`${w.row}:${w.column}`) ?? []),
        from,
        initial,
      ),
  }));
  return [
    { what: 'a check of the Units rows', write: check(from), undo: () => {} },
    ...steps,
    { what: 'a check of the Units rows', write: check(to), undo: () => {} },
  ];
}

/**
 * Puts back the cells these changes wrote, each to `side`, wherever the rows are now: each unit that still holds
 * what was written gets `side`, found by its identity; a unit that moved onto a written cell gets its own value from
 * before the writes back.
 */
function putBack(
  t: SheetTable,
  changes: readonly CellChange[],
  side: Side,
  initial: ReadonlyMap<string, { row: number; values: Cell[] }[]>,
): void {
  if (changes.length === 0) return;
  const written: Side = side === 'before' ? 'after' : 'before';
  const now = readRowsOf(t, t.headerIndex + 2, Math.max(t.headerIndex + 2, t.sheet.getLastRow()));
  const index = (row: number) => row - (t.headerIndex + 2);
  const found = findUnits(
    now,
    changes.map((c) => ({ ...c, key: c.key ?? '' })),
    (i, c) => sameCell(cellAt(now, i, c.header), c[written]),
  );
  const writes = new Map<string, CellWrite>();
  const put = (row: number, header: string, value: Cell) => {
    const column = sheetColumnOf(now, header);
    if (!sameCell(cellAt(now, index(row), header), value))
      writes.set(`${row}:${column}`, { row, column, value });
  };
  changes.forEach((c, n) => {
    const i = found[n];
    if (i !== null && i !== undefined) {
      const row = sheetRowOf(now, i);
      const w = writeOf(c, sheetColumnOf(now, c.header), row, side);
      if (w.formula) writes.set(`${row}:${w.column}`, w);
      else put(row, c.header, c[side]);
    }
    if (i === index(c.row)) return;
    // Another unit sits on the cell written: if it holds what was written, its own value from before.
    const k = index(c.row);
    if (!sameCell(cellAt(now, k, c.header), c[written])) return;
    const key = `${nameArmyAt(now, k)}\u0000${unitKeyAt(now, k)}`;
    const was = [...(initial.get(key) ?? [])].sort(
      (x, y) => Math.abs(x.row - c.row) - Math.abs(y.row - c.row),
    )[0];
    if (was) put(c.row, c.header, was.values[t.table.column(c.header)] ?? '');
  });
  writeChanged(t, [...writes.values()]);
}
