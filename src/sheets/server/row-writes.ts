// The cell writes of an entry on Units and Battles, made safe against another user editing while they go out: the
// rows are read again just before (each row must still be the unit or battle side the write planned for, and each
// cell must still hold the value the write planned from) and just after (each cell holds what was written, on the
// right row). A difference refuses as stale, and putting back finds each row by its identity, so that a value that
// landed on the wrong row is taken off it again.
import type { Cell } from '../../contract/cells';
import { columnLetter, text } from '../table';
import {
  cellAt,
  indexOfSheetRow,
  readRowsOf,
  type SheetTable,
  sheetColumnOf,
  sheetRowOf,
} from '../sheet-table';
import { type Book, sheetOf } from './book';
import { Refusal } from '../../contract/errors';
import { type CellWrite, perform, writeCalls, writeChanged } from './cell-writes';
import { type CellChange, type ChangedSheet, SHEET_LABELS, sameCell, type Step } from './journal-sheets';
import {
  findUnits,
  IDENTITIES,
  isRowOf,
  keyKindOf,
  nameArmyAt,
  nameArmyOf,
  unitKeyLike,
  whoOn,
} from './row-identity';

type Side = 'before' | 'after';

/** A sheet's writes as a failure names them. */
const WRITES_OF: Record<ChangedSheet, string> = {
  units: 'the unit statuses',
  battles: 'the Battles rows',
  treasury: 'the Treasury rows',
};

/** The rows first..last of a sheet as they are now, read with one getValues. */
function rowsNow(t: SheetTable, first: number, last: number): Cell[][] {
  const width = t.values[t.headerIndex]?.length ?? 0;
  return t.sheet.getRange(first, 1, last - first + 1, width).getValues();
}

const span = (changes: readonly CellChange[]) => ({
  first: Math.min(...changes.map((c) => c.row)),
  last: Math.max(...changes.map((c) => c.row)),
});

const whoOf = (sheet: ChangedSheet, c: CellChange): string =>
  sheet === 'units'
    ? `${c.name || '(no name)'} of ${c.army}`
    : sheet === 'treasury'
      ? `the ${c.name} row of realm "${c.army}"`
      : `battle "${c.name}"`;

const NAME_HEADER: Record<ChangedSheet, string> = { units: 'Unit', battles: 'Battle', treasury: 'Realm' };
const nameAt = (t: SheetTable, sheet: ChangedSheet, line: readonly Cell[]): string =>
  text(line[t.table.column(NAME_HEADER[sheet])]) || 'nothing';

const moved = (t: SheetTable, sheet: ChangedSheet, c: CellChange, line: readonly Cell[]) =>
  new Refusal(
    'stale',
    `${SHEET_LABELS[sheet]} row ${c.row} no longer holds ${whoOf(sheet, c)} (it holds ${nameAt(t, sheet, line)} now): rows were inserted, deleted, sorted or renamed while Warcard was writing`,
  );

const edited = (t: SheetTable, sheet: ChangedSheet, c: CellChange, now: Cell, wanted: Cell) =>
  new Refusal(
    'stale',
    `${SHEET_LABELS[sheet]} cell ${columnLetter(sheetColumnOf(t, c.header))}${c.row} (${c.header} of ${whoOf(sheet, c)}) holds ${text(now) || 'blank'} now, not ${text(wanted) || 'blank'}: another user changed it while Warcard was writing`,
  );

/** The write that sets a change's cell to one side: the formula it held, when putting back a formula cell. */
const writeOf = (c: CellChange, column: number, row: number, side: Side): CellWrite =>
  side === 'before' && c.beforeFormula
    ? { row, column, value: c.before, formula: c.beforeFormula }
    : { row, column, value: c[side] };

/** A change's key kind: the one it recorded (a fill's leaves out the card it writes), else the current kind. */
const kindOf = (c: CellChange): string => (c.key && keyKindOf(c.key) ? c.key : 'k2');

/** A row as read now, as a table of one row (to take its key). */
const lineTable = (t: SheetTable, line: readonly Cell[]): SheetTable => ({
  ...t,
  table: { ...t.table, rows: [line] },
});

/**
 * The steps that set each change's cell to `to`, on one sheet: a check, one step per Google call, a check again.
 * The sheet's rows as read (`t`) are what the write planned from.
 */
export function rowSteps(book: Book, sheet: ChangedSheet, changes: readonly CellChange[], to: Side): Step[] {
  if (changes.length === 0) return [];
  const t = sheetOf(book, sheet);
  const from: Side = to === 'after' ? 'before' : 'after';
  const { first, last } = span(changes);
  // Each row's cells as they were before any of these writes (the table's copy follows the writes).
  const planned = new Map(changes.map((c) => [`${c.row}:${t.table.column(c.header)}`, c]));
  const initialOf = (index: number): Cell[] => {
    const row = sheetRowOf(t, index);
    return (t.table.rows[index] ?? []).map((v, col) => {
      const c = planned.get(`${row}:${col}`);
      return c ? c[from] : v;
    });
  };
  // Names and armies more than one unit of the sheet as read shares: only those need their key checked.
  let shared: Set<string> | null = null;
  const twins = (): Set<string> => {
    if (!shared) {
      const seen = new Set<string>();
      const more = new Set<string>();
      t.table.rows.forEach((_, i) => {
        const k = nameArmyAt(t, i);
        if (seen.has(k)) more.add(k);
        seen.add(k);
      });
      shared = more;
    }
    return shared;
  };
  const keys = new Map<string, string>();
  const readKey = (row: number, recorded: string) => {
    const at = `${row}:${keyKindOf(recorded)}`;
    let k = keys.get(at);
    if (k === undefined) {
      k = unitKeyLike(t, indexOfSheetRow(t, row), recorded);
      keys.set(at, k);
    }
    return k;
  };
  // The rows read again: each still the unit or side planned for, each cell holding what the write planned from, or
  // what it wrote once its call is made (`written`).
  const check = (written: ReadonlySet<CellChange>) => () => {
    const now = rowsNow(t, first, last);
    for (const c of changes) {
      const side = written.has(c) ? to : from;
      const line = now[c.row - first] ?? [];
      // Between two calls, a row whose name the write changes (a battle saved anew) is either.
      const between = written.size > 0 && written.size < changes.length;
      const isIt = (s: Side) => isRowOf(t, c, line, whoOn(changes, c, s));
      if (!isIt(side) && !(between && isIt(side === to ? from : to))) throw moved(t, sheet, c, line);
      // A unit's whole row as this write read it: a twin that took its place differs in its key (its card, the
      // players' columns).
      if (
        sheet === 'units' &&
        twins().has(nameArmyOf(c.name, c.army)) &&
        unitKeyLike(lineTable(t, line), 0, kindOf(c)) !== readKey(c.row, kindOf(c))
      )
        throw moved(t, sheet, c, line);
      if (side === to && to === 'before' && c.beforeFormula) continue;
      const cell = line[t.table.column(c.header)] ?? '';
      if (!sameCell(cell, c[side])) throw edited(t, sheet, c, cell, c[side]);
    }
  };
  const cellOf = new Map(changes.map((c) => [`${c.row}:${sheetColumnOf(t, c.header)}`, c]));
  const writes: CellWrite[] = changes.map((c) => writeOf(c, sheetColumnOf(t, c.header), c.row, to));
  const what = WRITES_OF[sheet];
  const checking = `a check of the ${SHEET_LABELS[sheet]} rows`;
  // A check just before each call and after the last: a cell typed between two calls is found before the next
  // call writes over it.
  const steps: Step[] = last > t.values.length + (t.skipped ?? 0) ? [room(t, last)] : [];
  const written = new Set<CellChange>();
  for (const call of writeCalls(writes)) {
    const mine = call.cells.flatMap((w) => cellOf.get(`${w.row}:${w.column}`) ?? []);
    steps.push(
      { what: checking, write: check(new Set(written)), undo: () => {} },
      {
        what,
        partial: true,
        write: () => perform(t, call),
        undo: () => putBack(t, sheet, mine, changes, from, initialOf),
      },
    );
    for (const c of mine) written.add(c);
  }
  steps.push({ what: checking, write: check(written), undo: () => {} });
  return steps;
}

/**
 * Rows added at the sheet's end when a write goes past the rows read (a battle saved anew) and past the sheet's
 * last row (Google refuses a range beyond it), taken away again when the write is put back.
 */
function room(t: SheetTable, last: number): Step {
  let added: [number, number] | null = null;
  return {
    what: `room on the ${t.table.name} sheet`,
    write: () => {
      added = null;
      const max = t.sheet.getMaxRows();
      if (last <= max) return;
      t.sheet.insertRowsAfter(max, last - max);
      added = [max + 1, last - max];
    },
    undo: () => {
      if (added) t.sheet.deleteRows(...added);
    },
  };
}

/**
 * Puts back the cells these changes wrote, each to `side`, wherever the rows are now: each row that still holds
 * what was written gets `side`, found by its identity; a row that moved onto a written cell gets its own value from
 * before the writes back; a row nobody read gets `side` if it is the row written, renamed since (an army renamed on
 * it), or else blank (a row inserted while the writes went out).
 */
function putBack(
  t: SheetTable,
  sheet: ChangedSheet,
  changes: readonly CellChange[],
  all: readonly CellChange[],
  side: Side,
  initialOf: (index: number) => Cell[],
): void {
  if (changes.length === 0) return;
  const written: Side = side === 'before' ? 'after' : 'before';
  const identity = IDENTITIES[sheet];
  const now = readRowsOf(t, t.headerIndex + 2, Math.max(t.headerIndex + 2, t.sheet.getLastRow()));
  const index = (row: number) => row - (t.headerIndex + 2);
  const found = findUnits(
    now,
    changes.map((c) => ({ ...c, key: c.key ?? '', who: whoOn(all, c, written) })),
    (i, c) => sameCell(cellAt(now, i, c.header), c[written]),
    identity,
  );
  // The rows as read before the writes, by identity (and key, of the kind the change recorded: a fill's leaves out
  // the card it wrote), built only when a row moved onto a written cell.
  const initial = new Map<string, Map<string, { row: number; values: Cell[] }[]>>();
  const whoAt = (s: SheetTable, i: number, recorded: string) =>
    `${identity.at(s, i)}\u0000${identity.key(s, i, recorded)}`;
  const initialRows = (recorded: string) => {
    let map = initial.get(keyKindOf(recorded));
    if (!map) {
      const rows = new Map<string, { row: number; values: Cell[] }[]>();
      t.table.rows.forEach((_, i) => {
        const values = initialOf(i);
        const k = whoAt(lineTable(t, values), 0, recorded);
        rows.set(k, [...(rows.get(k) ?? []), { row: sheetRowOf(t, i), values }]);
      });
      map = rows;
      initial.set(keyKindOf(recorded), map);
    }
    return map;
  };
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
    // Another row sits on the cell written: if it holds what was written, its own value from before.
    const k = index(c.row);
    if (!sameCell(cellAt(now, k, c.header), c[written])) return;
    const was = [...(initialRows(kindOf(c)).get(whoAt(now, k, kindOf(c))) ?? [])].sort(
      (x, y) => Math.abs(x.row - c.row) - Math.abs(y.row - c.row),
    )[0];
    // A ledger row is its season and realm: one of the same, still in its own place, is not the row on this cell
    // (a person typed the written row's season and realm over), which gets its written cells blank again.
    const stayed =
      sheet === 'treasury' &&
      was &&
      was.row !== c.row &&
      whoAt(now, index(was.row), kindOf(c)) === whoAt(now, k, kindOf(c));
    if (was && !stayed) put(c.row, c.header, was.values[t.table.column(c.header)] ?? '');
    else if (stayed) put(c.row, c.header, '');
    else if (
      i === null &&
      isRenamed(
        now.table.rows[k] ?? [],
        initialOf(indexOfSheetRow(t, c.row)),
        all.filter((x) => x.row === c.row).map((x) => t.table.column(x.header)),
      )
    ) {
      // The row written, renamed since (an army renamed on its rows): it gets its value back.
      const w = writeOf(c, sheetColumnOf(now, c.header), c.row, side);
      if (w.formula) writes.set(`${c.row}:${w.column}`, w);
      else put(c.row, c.header, c[side]);
    } else {
      // A row nobody read: inserted while the write went out, and the value landed on it. It was blank there.
      put(c.row, c.header, '');
    }
  });
  writeChanged(t, [...writes.values()]);
}

/**
 * Whether a row now is the row read, renamed: it differs from it in at most two cells (name, army) but the
 * `written` columns (every cell the write changes in the row: a reveal's Plan and Sealed, a roll's Roll too).
 */
function isRenamed(now: readonly Cell[], read: readonly Cell[], written: readonly number[]): boolean {
  let differ = 0;
  const width = Math.max(now.length, read.length);
  for (let c = 0; c < width; c++) {
    if (written.includes(c)) continue;
    if (!sameCell(now[c] ?? '', read[c] ?? '')) differ++;
  }
  return differ <= 2 && read.some((v) => v !== '' && v !== false);
}
