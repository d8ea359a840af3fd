// Writes that end exactly before or exactly after, whatever single Google call fails. An entry is written to the
// Log as Pending first, its cells to the Undo sheet, then the changes, then the entry is marked Done. A failure
// puts back what was written, in the same execution; if that fails too, the Pending entry tells the next write
// (or the next load) what to put back. Undo runs the same way with the state Undoing.
import { messageOf, type Cell } from '../../contract/cells';
import { text } from '../table';
import {
  cellAt,
  ensureRows,
  indexOfSheetRow,
  type SheetTable,
  sheetColumnOf,
  valuesIndexOf,
} from '../sheet-table';
import { spreadsheetApp } from '../gas';
import { type Book, Refusal, sheetOf } from './book';
import { entryChanges, readLog } from './history';
import { type CellWrite, perform, writeCalls, writeChanged, writeRows } from './cells';
import {
  type CellChange,
  type ChangedSheet,
  type Entry,
  type EntryState,
  entries,
  undoRow,
  rowOf,
  type Step,
  sameCell,
  undoRowsText,
} from './journal-sheets';
import { unitSteps } from './unit-writes';

/** How a journaled write ended. `restored`: after a failure, everything written was put back. */
export type Outcome =
  | { readonly ok: true; readonly logRow: number }
  | {
      readonly ok: false;
      /** stale: a check between the writes found the sheet moved under them (another user's edit). */
      readonly code: 'failed' | 'stale';
      readonly stage: string;
      readonly error: string;
      readonly restored: boolean;
      readonly logRow: number;
    };

/** Runs the steps; on a failure puts back the steps done, last first, and says whether that worked. */
function runSteps(steps: readonly Step[], logRow: number): Outcome {
  let done = 0;
  try {
    for (const step of steps) {
      step.write();
      done++;
    }
    return { ok: true, logRow };
  } catch (e) {
    const stage = steps[done]?.what ?? 'the campaign';
    const error = messageOf(e);
    const code = e instanceof Refusal ? 'stale' : 'failed';
    try {
      for (let i = done - 1; i >= 0; i--) steps[i]?.undo();
    } catch {
      return { ok: false, code, stage, error, restored: false, logRow };
    }
    try {
      spreadsheetApp().flush();
    } catch {
      // Sheets applies what was written when the execution ends: the writes putting things back stand.
    }
    return { ok: false, code, stage, error, restored: true, logRow };
  }
}

/** A step per Google call of the changed cells, each put back by writing the same cells' befores. */
export function cellSteps(
  t: SheetTable,
  what: string,
  writes: readonly CellWrite[],
  backs: readonly CellWrite[],
): Step[] {
  const back = new Map(backs.map((w) => [`${w.row}:${w.column}`, w]));
  return writeCalls(writes).map((call) => {
    const undo = call.cells.flatMap((c) => back.get(`${c.row}:${c.column}`) ?? []);
    const last = call.cells.reduce((m, c) => Math.max(m, c.row), 0);
    const write = () => {
      if (last > t.values.length + (t.skipped ?? 0)) ensureRows(t, last);
      perform(t, call);
    };
    return { what, write, undo: () => writeChanged(t, undo) };
  });
}

export const flushStep: Step = {
  what: 'the final save (flush)',
  write: () => spreadsheetApp().flush(),
  undo: () => {},
};

const tableOf = (book: Book, sheet: ChangedSheet): SheetTable => sheetOf(book, sheet);
/** The changes to Units cells of a column the sheet has. */
const unitsOf = (book: Book, changes: readonly CellChange[]): CellChange[] =>
  changes.filter((c) => c.sheet === 'units' && sheetColumnOf(tableOf(book, 'units'), c.header) > 0);
const whatOf = (sheet: ChangedSheet): string =>
  sheet === 'units' ? 'the unit statuses' : 'the Battles rows';

/** The writes that set each change's cell to `before` or `after`, per sheet. */
function writesOf(
  book: Book,
  changes: readonly CellChange[],
  to: 'before' | 'after',
): Map<ChangedSheet, CellWrite[]> {
  const out = new Map<ChangedSheet, CellWrite[]>();
  for (const c of changes) {
    const column = sheetColumnOf(tableOf(book, c.sheet), c.header);
    if (column === 0) continue;
    const list = out.get(c.sheet) ?? [];
    const formula = to === 'before' ? c.beforeFormula : undefined;
    list.push({ row: c.row, column, value: c[to], ...(formula ? { formula } : {}) });
    out.set(c.sheet, list);
  }
  return out;
}

/**
 * Writes an entry's State on its Log row, found again at that moment by its id: a row inserted above it by another
 * user since it was read must not get the state instead.
 */
function stateWrite(
  book: Book,
  entry: { readonly row: number; readonly id: string },
  state: EntryState,
): () => void {
  return () => {
    const log = sheetOf(book, 'log');
    const entryColumn = sheetColumnOf(log, 'Entry');
    let row = entry.row;
    if (text(onlyValue(log.sheet.getRange(row, entryColumn).getValues())) !== entry.id) {
      const now = readLog(spreadsheetApp().getActiveSpreadsheet());
      const found = now ? entries(now).find((e) => e.id === entry.id) : undefined;
      if (!found) throw new Error(`the Log row of this entry (${entry.id}) was deleted or changed by hand`);
      row = found.row;
    }
    writeChanged(log, [{ row, column: sheetColumnOf(log, 'State'), value: state }]);
  };
}

const onlyValue = (grid: readonly (readonly Cell[])[]): Cell => grid[0]?.[0] ?? '';

/** Rows added at the end of a sheet that is too short for `last`, taken away again when the write is put back. */
function room(t: SheetTable, last: number): Step {
  let added: [number, number] | null = null;
  return {
    what: `room on the ${t.table.name} sheet`,
    write: () => {
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

/** Writes a new entry and its changes. `fields` fill the Log row's other columns. */
export function commitEntry(
  book: Book,
  id: string,
  fields: Readonly<Record<string, Cell>>,
  changes: readonly CellChange[],
): Outcome {
  const log = sheetOf(book, 'log');
  const undoSheet = sheetOf(book, 'undo');
  // Asked of the sheets, not of what was read: a recovery just before may have cleared their last rows, and
  // another user may have added rows since.
  const logRow = log.sheet.getLastRow() + 1;
  const undoStart = undoSheet.sheet.getLastRow() + 1;
  const undoCells = changes.map((c) => undoRow(undoSheet, id, c));
  const undoRows =
    undoCells.length > 0 ? undoRowsText({ first: undoStart, last: undoStart + undoCells.length - 1 }) : '';
  const logCells = rowOf(log, { ...fields, Entry: id, State: 'Pending', 'Undo Rows': undoRows });
  const blank = (cells: readonly Cell[][]) => cells.map((r) => r.map(() => ''));
  const steps: Step[] = [
    room(log, logRow),
    room(undoSheet, undoStart + undoCells.length - 1),
    {
      what: 'the Log row',
      write: () => writeRows(log, logRow, [logCells]),
      undo: () => writeRows(log, logRow, blank([logCells])),
    },
    {
      what: 'the Undo sheet',
      write: () => writeRows(undoSheet, undoStart, undoCells),
      undo: () => writeRows(undoSheet, undoStart, blank(undoCells)),
    },
  ];
  const afters = writesOf(book, changes, 'after');
  const befores = writesOf(book, changes, 'before');
  for (const [sheet, writes] of afters) {
    if (sheet === 'units') steps.push(...unitSteps(book, unitsOf(book, changes), 'after'));
    else steps.push(...cellSteps(tableOf(book, sheet), whatOf(sheet), writes, befores.get(sheet) ?? []));
  }
  steps.push(
    { what: 'the Log row', write: stateWrite(book, { row: logRow, id }, 'Done'), undo: () => {} },
    flushStep,
  );
  return runSteps(steps, logRow);
}

/** Takes an entry back: its cells that still hold what it wrote get their value before it; the entry is Undone. */
export function undoEntry(book: Book, entry: Entry, changes: readonly CellChange[]): Outcome {
  const befores = writesOf(book, changes, 'before');
  const afters = writesOf(book, changes, 'after');
  const steps: Step[] = [
    {
      what: 'the Log row',
      write: stateWrite(book, entry, 'Undoing'),
      undo: stateWrite(book, entry, 'Done'),
    },
  ];
  for (const [sheet, writes] of befores) {
    if (sheet === 'units') steps.push(...unitSteps(book, unitsOf(book, changes), 'before'));
    else steps.push(...cellSteps(tableOf(book, sheet), whatOf(sheet), writes, afters.get(sheet) ?? []));
  }
  steps.push({ what: 'the Log row', write: stateWrite(book, entry, 'Undone'), undo: () => {} }, flushStep);
  return runSteps(steps, entry.row);
}

/** The current value of a change's cell ('' when the row or column is gone). */
export function currentOf(book: Book, c: CellChange): Cell {
  const t = tableOf(book, c.sheet);
  return cellAt(t, indexOfSheetRow(t, c.row), c.header);
}

/**
 * Finishes what a failed write left: a Pending entry is put back (cells that hold its value get their value
 * before; its Log and Undo rows are cleared), an Undoing one is put back to Done. Returns what it did, or
 * refuses truthfully when a write fails (the entries stay for the next try).
 */
export function recover(book: Book): string[] {
  try {
    return putBackUnfinished(book);
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal(
      'failed',
      `Putting back a write that an earlier failure left unfinished failed too (${messageOf(e)}), so the campaign may be partly put back; nothing else was written. Open the sidebar again or try again: Warcard tries again first.`,
    );
  }
}

function putBackUnfinished(book: Book): string[] {
  const log = book.log;
  const undoSheet = book.undo;
  if (!log || !undoSheet) return [];
  const done: string[] = [];
  for (const entry of entries(log)) {
    if (entry.state !== 'Pending' && entry.state !== 'Undoing') continue;
    const { changes, rows, table } = entryChanges(undoSheet, entry);
    if (entry.state === 'Pending') {
      const back = changes.filter((c) => sameCell(currentOf(book, c), c.after));
      for (const [sheet, writes] of writesOf(book, back, 'before'))
        writeChanged(tableOf(book, sheet), writes);
      // The entry's own Log and Undo rows are cleared: only their cells that hold something, in few rectangles.
      writeChanged(table, clearing(table, rows));
      writeChanged(log, clearing(log, [entry.row]));
      done.push(
        `A ${entry.event.toLowerCase()} left unfinished by a failure (Log row ${entry.row}) was put back.`,
      );
    } else {
      const again = changes.filter((c) => sameCell(currentOf(book, c), c.before));
      for (const [sheet, writes] of writesOf(book, again, 'after'))
        writeChanged(tableOf(book, sheet), writes);
      stateWrite(book, entry, 'Done')();
      done.push(
        `An undo left unfinished by a failure (Log row ${entry.row}) was put back: the entry stands.`,
      );
    }
  }
  if (done.length > 0) spreadsheetApp().flush();
  return done;
}

/** Writes that blank these sheet rows' cells that are not blank already. */
function clearing(t: SheetTable, rows: readonly number[]): CellWrite[] {
  return rows.flatMap((row) =>
    (t.values[valuesIndexOf(t, row)] ?? []).flatMap((value, i) =>
      value === '' ? [] : [{ row, column: i + 1, value: '' }],
    ),
  );
}

/** Whether any entry waits to be put back. */
export const hasUnfinished = (book: Book): boolean =>
  book.log !== null && entries(book.log).some((e) => e.state === 'Pending' || e.state === 'Undoing');

/** The message for a journaled write that failed: what failed, and truthfully whether anything changed. */
export function failureMessage(what: string, o: Extract<Outcome, { ok: false }>): string {
  if (o.code === 'stale' && o.restored)
    return `${o.error}. Nothing was changed: the campaign is exactly as it was, and the sidebar shows it as it now stands. Check the battle and try again.`;
  const head = `${what} failed while writing ${o.stage} (${o.error}).`;
  // A cell check that refuses input (made by hand, or by an older set-up) refuses scripts too: set-up makes it warn.
  const retry = /violates the data validation rules/.test(o.error)
    ? 'Run Warcard → Set up campaign (it makes cell checks warn instead of refusing), then try again.'
    : 'Try again.';
  return o.restored
    ? `${head} Nothing was changed: the campaign is exactly as it was. ${retry}`
    : `${head} Putting back what was written failed too, so the campaign is partly changed (Log row ${o.logRow} is marked unfinished). Open the sidebar again or try again: Warcard first puts everything back as it was.`;
}
