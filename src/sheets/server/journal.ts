// Writes that end exactly before or exactly after, whatever single Google call fails. An entry's cells are written
// to the Undo sheet first, then its Log row as Pending, then the changes, then the entry is marked Done. A failure
// puts back what was written, in the same execution; if that fails too, the Pending entry tells the next write
// (or the next load) what to put back. Undo runs the same way with the state Undoing.
import { messageOf, type Cell } from '../../contract/cells';
import { isBlankRow, text } from '../table';
import { rangeInside, readRowsOf, sheetRowOf } from '../sheet-table';
import { cellAt, type SheetTable, sheetColumnOf, valuesIndexOf } from '../sheet-table';
import { spreadsheetApp } from '../gas';
import { theSpreadsheet } from '../spreadsheet';
import { type Book, sheetOf } from './book';
import { Refusal, type Result } from '../../contract/errors';
import { endOf, readLog } from './history';
import { type CellWrite, remembered, writable, writeChanged } from './cell-writes';
import {
  type CellChange,
  type ChangedSheet,
  type Ends,
  type Entry,
  type EntryState,
  EVENT_UNDO,
  entries,
  markIdOf,
  undoRow,
  rowOf,
  type Step,
  undoRowsText,
} from './journal-sheets';
import { rowSteps } from './row-writes';
import { byOf } from './people';
import { activeEmail } from './viewer';
import { isProtectionError } from './protections';
import { putBackWhole } from '../../contract/refusals';

/** How a journaled write ended. `restored`: after a failure, everything written was put back. */
export type WriteOutcome = Result<
  { readonly logRow: number },
  {
    /** stale: a check between the writes found the sheet moved under them (another user's edit). */
    readonly code: 'failed' | 'stale';
    readonly stage: string;
    readonly error: string;
    readonly restored: boolean;
    readonly logRow: number;
    /** The protections that refused the write, by name, when one did. */
    readonly protection?: string;
  }
>;

/**
 * Runs the steps; on a failure puts back the steps done, last first, and says whether that worked. `at`: the entry's
 * Log row, as the steps found it.
 */
export function runSteps(steps: readonly Step[], at: { readonly row: number }): WriteOutcome {
  let done = 0;
  try {
    for (const step of steps) {
      step.write();
      done++;
    }
    return { ok: true, logRow: at.row };
  } catch (e) {
    const stage = steps[done]?.what ?? 'the campaign';
    const error = messageOf(e);
    const code = e instanceof Refusal ? 'stale' : 'failed';
    try {
      // The failing call too, when its undo puts back only what it finds written, or when a protection refused
      // it (it may have written its cells before the refused one: Google does not say it cannot). Its put-back
      // refused by the same protection is no failure to put back: it wrote nothing there.
      const from = steps[done]?.partial || isProtectionError(error) ? done : done - 1;
      for (let i = from; i >= 0; i--) {
        try {
          steps[i]?.undo();
        } catch (again) {
          if (i !== done || !isProtectionError(messageOf(again))) throw again;
        }
      }
    } catch {
      return { ok: false, code, stage, error, restored: false, logRow: at.row };
    }
    try {
      spreadsheetApp().flush();
    } catch {
      // Sheets applies what was written when the execution ends: the writes putting things back stand.
    }
    return { ok: false, code, stage, error, restored: true, logRow: at.row };
  }
}

export const flushStep: Step = {
  what: 'the final save (flush)',
  write: () => spreadsheetApp().flush(),
  undo: () => {},
};

/** The changes per sheet, in the order the sheets first come, each of a column the sheet has. */
export function bySheet(book: Book, changes: readonly CellChange[]): [ChangedSheet, CellChange[]][] {
  const out = new Map<ChangedSheet, CellChange[]>();
  for (const c of changes) {
    if (sheetColumnOf(sheetOf(book, c.sheet), c.header) === 0) continue;
    out.set(c.sheet, [...(out.get(c.sheet) ?? []), c]);
  }
  return [...out];
}

/**
 * Writes an entry's State on its Log row, found again at that moment by its id: a row inserted above it by another
 * user since it was read must not get the state instead. `gone`: what a row deleted by hand means: a refusal
 * (the write cannot finish), or nothing to do (putting back: the row is as the person left it).
 */
export function stateWrite(
  book: Book,
  entry: { readonly row: number; readonly id: string },
  state: EntryState,
  gone: 'refuse' | 'skip' = 'refuse',
): () => void {
  return () => {
    const log = sheetOf(book, 'log');
    const row = logRowNow(log, entry);
    if (row === null && gone === 'refuse') throw deletedRow(entry);
    if (row !== null) writeChanged(log, [{ row, column: sheetColumnOf(log, 'State'), value: state }]);
  };
}

const deletedRow = (entry: { readonly id: string }) =>
  new Refusal(
    'stale',
    `the Log row of entry ${entry.id} was deleted or changed by hand while Warcard was writing`,
  );

/**
 * The Log row of an entry now: the row last known, if it still holds the entry's id, else found again by its id
 * (null when no row holds it: deleted by hand).
 */
export function logRowNow(
  log: SheetTable,
  entry: { readonly row: number; readonly id: string },
): number | null {
  const entryColumn = sheetColumnOf(log, 'Entry');
  if (text(onlyValue(log.sheet.getRange(entry.row, entryColumn).getValues())) === entry.id) return entry.row;
  const now = readLog(theSpreadsheet());
  return (now ? entries(now).find((e) => e.id === entry.id) : undefined)?.row ?? null;
}

const onlyValue = (grid: readonly (readonly Cell[])[]): Cell => grid[0]?.[0] ?? '';

/** Where a step added its rows: the first, once written (the entry's Log row, its first Undo row). */
interface Placed {
  row: number;
  readonly id: string;
}

/**
 * Blank rows added past those a Log or Undo write needs when it reaches the sheet's end, so that the next writes
 * find their rows inside the sheet (asked in one read) rather than its size and last row (two).
 */
export const SPARE_ROWS = 500;

/**
 * A step adding rows where the read placed them, when they are inside the sheet and still blank after a filled
 * row just before the write (one getValues of those rows and the row before); else after the sheet's last row as it is at that moment (never taken from
 * the read: a row another user inserted or deleted since must not make this entry overwrite another), with rows
 * added first when the sheet is too short (Google refuses a range past its last row). Put back, it clears the rows
 * that hold its id, found from where it wrote them, and takes away the rows it added.
 */
function appending(t: SheetTable, what: string, at: Placed, cells: () => Cell[][], count: number): Step {
  let added: [number, number] | null = null;
  let written = false;
  const write = () => {
    const rows = cells();
    const width = rows[0]?.length ?? 0;
    // The rows planned, as read, asked in one getValues just before the write with the row before them: inside the
    // sheet, that row still filled and they still blank (no row typed, inserted or deleted there since), they are
    // written.
    const asked = at.row > 1 ? rangeInside(t.sheet, at.row - 1, 1, rows.length + 1, width) : null;
    const [before, ...planned] = asked?.getValues() ?? [];
    let range =
      before && !isBlankRow(before) && planned.every(isBlankRow)
        ? t.sheet.getRange(at.row, 1, rows.length, width)
        : null;
    if (!range) {
      // Else room first, for the rows as read (a row inserted or deleted by hand moves the last row and the
      // sheet's end alike), then the last row asked just before the write.
      let max = t.sheet.getMaxRows();
      const grow = (last: number) => {
        const more = last - max + SPARE_ROWS;
        t.sheet.insertRowsAfter(max, more);
        added = [added?.[0] ?? max + 1, (added?.[1] ?? 0) + more];
        max += more;
      };
      if (at.row + count - 1 > max) grow(at.row + count - 1);
      at.row = t.sheet.getLastRow() + 1;
      // Rows typed past the end meanwhile: more room, and the last row asked again after that write.
      while (at.row + count - 1 > max) {
        grow(at.row + count - 1);
        at.row = t.sheet.getLastRow() + 1;
      }
      range = t.sheet.getRange(at.row, 1, rows.length, width);
    }
    // From here a protection refusing the call may have written part of it: put back, it is cleared.
    written = true;
    range.setValues(rows.map((r) => r.map(writable)));
    remembered(t, at.row, rows);
  };
  const takeRoomAway = () => {
    if (added) t.sheet.deleteRows(...added);
    added = null;
  };
  return {
    what,
    write: () => {
      added = null;
      written = false;
      try {
        write();
      } catch (e) {
        // Any other failing call wrote nothing: the step puts back its own room here, as it will not be undone.
        if (!isProtectionError(messageOf(e))) {
          try {
            takeRoomAway();
          } catch {
            // Blank rows left at the sheet's end: nothing a person sees changes.
          }
        }
        throw e;
      }
    },
    undo: () => {
      if (written) clearRowsOf(t, at, count);
      takeRoomAway();
    },
  };
}

/**
 * Clears the `count` rows holding `at.id` in their Entry column (only their filled cells): looked for from where they
 * were written, and from the sheet's first row when rows above them were deleted since.
 */
function clearRowsOf(t: SheetTable, at: Placed, count: number): void {
  const last = t.sheet.getLastRow();
  const holding = (first: number) => {
    const now = readRowsOf(t, first, last);
    const rows = now.table.rows.flatMap((_, i) =>
      text(cellAt(now, i, 'Entry')) === at.id ? [sheetRowOf(now, i)] : [],
    );
    return { now, rows };
  };
  let found = holding(Math.min(at.row, last + 1));
  if (found.rows.length < count) found = holding(t.headerIndex + 2);
  writeChanged(found.now, clearing(found.now, found.rows));
}

/**
 * Where the write means to add its rows, as the sheets were read (after any put-back): for the check of the
 * protections before anything is written. The write asks each sheet's last row again just before adding its rows.
 * `undoRows`: whether it adds Undo rows.
 */
export function endsOf(book: Book, undoRows: boolean): Ends {
  return { log: endOf(sheetOf(book, 'log')), undo: undoRows ? endOf(sheetOf(book, 'undo')) : null };
}

/**
 * Writes a new entry and its changes. `fields` fill the Log row's other columns. `ends`: where its rows go, as
 * the check before the write asked them (else asked now). `guards`: the call's own checks, run just before the
 * changes are written (each refusing as stale).
 */
export function commitEntry(
  book: Book,
  id: string,
  fields: Readonly<Record<string, Cell>>,
  changes: readonly CellChange[],
  ends?: Ends,
  guards: readonly Step[] = [],
): WriteOutcome {
  const log = sheetOf(book, 'log');
  const undoSheet = sheetOf(book, 'undo');
  const at = ends?.undo ? ends : endsOf(book, true);
  const logAt: Placed = { row: at.log, id };
  const undoAt: Placed = { row: at.undo ?? endOf(undoSheet), id };
  const undoCells = changes.map((c) => undoRow(undoSheet, id, c));
  // By: the Google account making the entry (SHEETS.md), `unknown` where Google gives none.
  const by = fields.By ?? byOf(activeEmail());
  // The Undo Rows cell names the rows as written, known once they are.
  const logCells = () => {
    const undoRows =
      undoCells.length > 0
        ? undoRowsText({ first: undoAt.row, last: undoAt.row + undoCells.length - 1 })
        : '';
    return [rowOf(log, { ...fields, Entry: id, State: 'Pending', 'Undo Rows': undoRows, By: by })];
  };
  // The Undo rows before the Log row: a Pending entry always has its whole record, so a record found missing
  // later was deleted, and putting back refuses rather than guess.
  const steps: Step[] = [
    ...(undoCells.length > 0
      ? [appending(undoSheet, 'the Undo sheet', undoAt, () => undoCells, undoCells.length)]
      : []),
    appending(log, 'the Log row', logAt, logCells, 1),
  ];
  // The write's own checks of what it planned from (a collection's ledger), just before its cells are written.
  steps.push(...guards);
  for (const [sheet, mine] of bySheet(book, changes)) steps.push(...rowSteps(book, sheet, mine, 'after'));
  steps.push({ what: 'the Log row', write: stateWrite(book, logAt, 'Done'), undo: () => {} }, flushStep);
  return runSteps(steps, logAt);
}

/**
 * Takes an entry back: its cells that still hold what it wrote get their value before it; the undo's mark (Event
 * Undo, `fields`, By the person undoing) is added after the Log's last row; the entry is Undone. A failure left
 * unfinished leaves the entry Undoing, and the put-back clears the mark with it (recover).
 */
export function undoEntry(
  book: Book,
  entry: Entry,
  changes: readonly CellChange[],
  fields: Readonly<Record<string, Cell>>,
  ends?: Ends,
): WriteOutcome {
  const log = sheetOf(book, 'log');
  const markAt: Placed = { row: (ends ?? endsOf(book, false)).log, id: markIdOf(entry.id) };
  const mark = rowOf(log, {
    ...fields,
    Entry: markAt.id,
    Event: EVENT_UNDO,
    State: 'Done',
    By: fields.By ?? byOf(activeEmail()),
  });
  const at: Placed = { row: entry.row, id: entry.id };
  const steps: Step[] = [
    {
      what: 'the Log row',
      write: stateWrite(book, at, 'Undoing'),
      // The entry's row deleted by hand meanwhile: nothing of it to put back.
      undo: stateWrite(book, at, 'Done', 'skip'),
    },
  ];
  for (const [sheet, mine] of bySheet(book, changes)) steps.push(...rowSteps(book, sheet, mine, 'before'));
  steps.push(
    appending(log, 'the Log row of the undo', markAt, () => [mark], 1),
    { what: 'the Log row', write: stateWrite(book, at, 'Undone'), undo: () => {} },
    flushStep,
  );
  return runSteps(steps, at);
}

/** Writes that blank these sheet rows' cells that are not blank already. */
export function clearing(t: SheetTable, rows: readonly number[]): CellWrite[] {
  return rows.flatMap((row) =>
    (t.values[valuesIndexOf(t, row)] ?? []).flatMap((value, i) =>
      value === '' ? [] : [{ row, column: i + 1, value: '' }],
    ),
  );
}

/** The message for a journaled write that failed: what failed, and truthfully whether anything changed. */
export function failureMessage(what: string, o: Extract<WriteOutcome, { ok: false }>): string {
  if (o.code === 'stale' && o.restored) return putBackWhole(`${o.error}.`);
  if (isProtectionError(o.error)) {
    // A protection refused the write midway (changed since the check before writing): trying again cannot help.
    const named = o.protection ? ` (${o.protection})` : '';
    const head = `${what} failed while writing ${o.stage}: a protection${named} keeps you from editing those cells (${o.error})`;
    return o.restored
      ? putBackWhole(
          `${head}.`,
          ' Ask a GM, or whoever made that protection, to do it or to add you to its editors.',
        )
      : `${head}. Putting back what was written failed too, so the campaign is partly changed (Log row ${o.logRow} is marked unfinished): a GM's next write or load puts everything back as it was.`;
  }
  const head = `${what} failed while writing ${o.stage} (${o.error}).`;
  // A cell check that refuses input (made by hand, or by an older set-up) refuses scripts too: set-up makes it warn.
  const fix = /violates the data validation rules/.test(o.error)
    ? ' Warcard → Set up campaign makes cell checks warn instead of refusing.'
    : '';
  return o.restored
    ? putBackWhole(head, fix)
    : `${head} Putting back what was written failed too, so the campaign is partly changed (Log row ${o.logRow} is marked unfinished): the next write or load puts everything back as it was.`;
}
