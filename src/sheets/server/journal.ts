// Writes that end exactly before or exactly after, whatever single Google call fails. An entry's cells are written
// to the Undo sheet first, then its Log row as Pending, then the changes, then the entry is marked Done. A failure
// puts back what was written, in the same execution; if that fails too, the Pending entry tells the next write
// (or the next load) what to put back. Undo runs the same way with the state Undoing.
import { messageOf, type Cell } from '../../contract/cells';
import { isBlankRow, text } from '../table';
import { nameKey } from '../../rules';
import { missingSheet, rangeInside, readRowsOf, sheetRowOf } from '../sheet-table';
import { SHEET_NAMES } from '../sheet-names';
import { cellAt, indexOfSheetRow, type SheetTable, sheetColumnOf, valuesIndexOf } from '../sheet-table';
import { spreadsheetApp } from '../gas';
import { theSpreadsheet } from '../spreadsheet';
import { type Book, sheetOf } from './book';
import { Refusal, type Result } from '../../contract/errors';
import { endOf, entryChanges, readLog } from './history';
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
  markOf,
  undoRow,
  rowOf,
  type Step,
  sameCell,
  undoRowsText,
} from './journal-sheets';
import { rowSteps } from './row-writes';
import { findUnits, IDENTITIES, isOlderBattle, whoOn } from './row-identity';
import { byOf } from './people';
import { activeEmail } from './viewer';
import { isProtectionError } from './protections';

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
function runSteps(steps: readonly Step[], at: { readonly row: number }): WriteOutcome {
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
function bySheet(book: Book, changes: readonly CellChange[]): [ChangedSheet, CellChange[]][] {
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
function stateWrite(
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
function logRowNow(log: SheetTable, entry: { readonly row: number; readonly id: string }): number | null {
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

/**
 * Finishes what a failed write left: a Pending entry is put back (cells that hold its value get their value
 * before; its Log and Undo rows are cleared), an Undoing one is put back to Done. Each row is found by its
 * identity, as undo finds it, and checked just before and after, as every write is. Returns what it did, or refuses
 * truthfully (the entry stays marked for the next try): when a row or the entry's Undo record is missing, or a
 * write fails.
 */
export function recover(book: Book): string[] {
  try {
    return putBackUnfinished(book);
  } catch (e) {
    if (e instanceof Refusal) throw e;
    throw new Refusal(
      'failed',
      `Putting back a write that an earlier failure left unfinished failed too (${messageOf(e)}), so the campaign may be partly put back; nothing else was written. The next write or load tries again first.`,
    );
  }
}

function putBackUnfinished(book: Book): string[] {
  const log = book.log;
  if (!log) return [];
  const done: string[] = [];
  for (const entry of entries(log)) {
    if (entry.state !== 'Pending' && entry.state !== 'Undoing') continue;
    const what = `The ${entry.state === 'Pending' ? entry.event.toLowerCase() : 'undo'} left unfinished by a failure (Log row ${entry.row})`;
    const undoSheet = book.undo;
    if (!undoSheet)
      throw new Refusal('unsafe', `${what} cannot be put back: ${missingSheet(SHEET_NAMES.undo)}`);
    const { changes, rows, table, missing } = entryChanges(undoSheet, entry);
    if (missing > 0) {
      const span = entry.undoRows ? ` (Undo rows ${undoRowsText(entry.undoRows)})` : '';
      throw new Refusal(
        'unsafe',
        `${what} cannot be put back: ${missing} of the rows of its record on the Undo sheet${span} were deleted or changed by hand, so Warcard cannot tell which cells it wrote. Nothing was written, and Log row ${entry.row} stays marked ${entry.state}. Put the Undo rows back (Edit → Undo in Sheets, or version history).`,
      );
    }
    const to = entry.state === 'Pending' ? 'before' : 'after';
    const { back, gone } = foundRows(book, changes, to === 'before' ? 'after' : 'before');
    if (gone.length > 0) {
      const more = gone.length > 8 ? `; and ${gone.length - 8} more` : '';
      throw new Refusal(
        'unsafe',
        `${what} cannot be put back: ${gone.slice(0, 8).join('; ')}${more}. Nothing was written, and Log row ${entry.row} stays marked ${entry.state}. Put those rows back (Edit → Undo in Sheets, or version history).`,
      );
    }
    const steps: Step[] = [];
    for (const [sheet, mine] of bySheet(book, back)) steps.push(...rowSteps(book, sheet, mine, to));
    if (entry.state === 'Pending') {
      // The entry's own Undo and Log rows are cleared: only their cells that hold something.
      steps.push(
        { what: 'the Undo sheet', write: () => writeChanged(table, clearing(table, rows)), undo: () => {} },
        { what: 'the Log row', write: clearLogRow(book, entry), undo: () => {} },
      );
    } else {
      // The undo's mark, when its write got that far, goes with it: the entry stands.
      const mark = markOf(log, entry);
      if (mark)
        steps.push({ what: 'the Log row of the undo', write: clearLogRow(book, mark), undo: () => {} });
      steps.push({ what: 'the Log row', write: stateWrite(book, entry, 'Done', 'skip'), undo: () => {} });
    }
    steps.push(flushStep);
    const outcome = runSteps(steps, entry);
    if (!outcome.ok) {
      if (outcome.code === 'stale' && outcome.restored)
        throw new Refusal('stale', `${what} was not put back: ${outcome.error}. Nothing was written.`);
      throw new Error(`${outcome.stage}: ${outcome.error}`);
    }
    done.push(
      entry.state === 'Pending'
        ? `A ${entry.event.toLowerCase()} left unfinished by a failure (Log row ${entry.row}) was put back.`
        : `An undo left unfinished by a failure (Log row ${entry.row}) was put back: the entry stands.`,
    );
  }
  return done;
}

/**
 * Clears an entry's Log row, found again by its id at that moment (rows may have been inserted above it); a row
 * deleted by hand meanwhile is gone already.
 */
function clearLogRow(book: Book, entry: Entry): () => void {
  return () => {
    const log = sheetOf(book, 'log');
    const row = logRowNow(log, entry);
    if (row === null) return;
    const now = readRowsOf(log, row, row);
    writeChanged(now, clearing(now, [row]));
  };
}

/**
 * Each change's row as it is now, found by identity among the rows whose cell holds `written` (what the entry
 * wrote there, or would have): the changes to write, on the rows found. A change whose cell holds the other side
 * already needs nothing; one whose row is no longer there at all is `gone`, named.
 */
export function foundRows(
  book: Book,
  changes: readonly CellChange[],
  written: 'before' | 'after',
): { back: CellChange[]; gone: string[]; changed: { c: CellChange; now: Cell }[] } {
  const back: CellChange[] = [];
  const gone: string[] = [];
  const changed: { c: CellChange; now: Cell }[] = [];
  const other = written === 'after' ? 'before' : 'after';
  for (const sheet of ['battles', 'units', 'treasury'] as const) {
    const mine = changes.filter((c) => c.sheet === sheet);
    if (mine.length === 0) continue;
    const t = sheetOf(book, sheet);
    const identity = IDENTITIES[sheet];
    const holds = (side: 'before' | 'after') => (i: number, c: CellChange) =>
      sameCell(cellAt(t, i, c.header), c[side]);
    // An older Battles record names no armies: its row is the one it names, if that still holds the battle.
    for (const c of mine.filter(isOlderBattle)) {
      const i = indexOfSheetRow(t, c.row);
      if (nameKey(text(cellAt(t, i, 'Battle'))) !== nameKey(c.name))
        gone.push(`Battles row ${c.row} no longer holds battle "${c.name}"`);
      else if (holds(written)(i, c)) back.push(c);
      else if (!holds(other)(i, c)) changed.push({ c, now: cellAt(t, i, c.header) });
    }
    const current = mine.filter((c) => !isOlderBattle(c));
    const sought = (side: 'before' | 'after') => (c: CellChange) => ({
      ...c,
      key: c.key ?? '',
      who: whoOn(mine, c, side),
    });
    const asWritten = findUnits(t, current.map(sought(written)), holds(written), identity);
    const rest = current.filter((_, n) => asWritten[n] === null);
    const asOther = findUnits(t, rest.map(sought(other)), holds(other), identity);
    current.forEach((c, n) => {
      const i = asWritten[n];
      if (i !== null && i !== undefined) back.push({ ...c, row: sheetRowOf(t, i) });
    });
    rest.forEach((c, n) => {
      if (asOther[n] !== null) return;
      const whos = new Set([whoOn(mine, c, 'before'), whoOn(mine, c, 'after')]);
      const rows = t.table.rows.flatMap((_, i) => (whos.has(identity.at(t, i)) ? [i] : []));
      const [first] = rows;
      // A ledger row the entry added, blank now (past the sheet's data too): its cells hold what they held before.
      if (
        sheet === 'treasury' &&
        first === undefined &&
        isBlankRow(t.table.rows[indexOfSheetRow(t, c.row)] ?? [])
      ) {
        if (written === 'before') back.push(c);
        return;
      }
      if (first !== undefined) {
        const there = rows.find((i) => sheetRowOf(t, i) === c.row) ?? first;
        changed.push({ c, now: cellAt(t, there, c.header) });
        return;
      }
      gone.push(
        sheet === 'units'
          ? `"${c.name}" (was Units row ${c.row}) is no longer on Units`
          : sheet === 'treasury'
            ? `the ${c.name} row of realm "${c.army}" (was Treasury row ${c.row}) is no longer on Treasury`
            : `the row of battle "${c.name}" for ${c.army} (was Battles row ${c.row}) is no longer on Battles`,
      );
    });
  }
  return { back, gone: [...new Set(gone)], changed };
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
export function failureMessage(what: string, o: Extract<WriteOutcome, { ok: false }>): string {
  if (o.code === 'stale' && o.restored)
    return `${o.error}. Nothing was changed: the campaign is exactly as it was.`;
  if (isProtectionError(o.error)) {
    // A protection refused the write midway (changed since the check before writing): trying again cannot help.
    const named = o.protection ? ` (${o.protection})` : '';
    const head = `${what} failed while writing ${o.stage}: a protection${named} keeps you from editing those cells (${o.error})`;
    return o.restored
      ? `${head}. Nothing was changed: the campaign is exactly as it was. Ask a GM, or whoever made that protection, to do it or to add you to its editors.`
      : `${head}. Putting back what was written failed too, so the campaign is partly changed (Log row ${o.logRow} is marked unfinished): a GM's next write or load puts everything back as it was.`;
  }
  const head = `${what} failed while writing ${o.stage} (${o.error}).`;
  // A cell check that refuses input (made by hand, or by an older set-up) refuses scripts too: set-up makes it warn.
  const fix = /violates the data validation rules/.test(o.error)
    ? ' Warcard → Set up campaign makes cell checks warn instead of refusing.'
    : '';
  return o.restored
    ? `${head} Nothing was changed: the campaign is exactly as it was.${fix}`
    : `${head} Putting back what was written failed too, so the campaign is partly changed (Log row ${o.logRow} is marked unfinished): the next write or load puts everything back as it was.`;
}
