// The put-back of a write a failure left unfinished (a Pending entry taken back, an Undoing one made Done again),
// run first by the next write or load, and each change's row found by identity as undo finds it (foundRows).
import { messageOf, type Cell } from '../../contract/cells';
import { isBlankRow, text } from '../table';
import { nameKey } from '../../rules';
import { readRowsOf, sheetRowOf, cellAt, indexOfSheetRow } from '../sheet-table';
import { SHEET_NAMES } from '../sheet-names';
import { type Book, sheetOf } from './book';
import { Refusal } from '../../contract/errors';
import { entryChanges } from './history';
import { writeChanged } from './cell-writes';
import {
  type CellChange,
  type ChangedSheet,
  type Entry,
  entries,
  markOf,
  type Step,
  sameCell,
  undoRowsText,
} from './journal-sheets';
import { rowSteps } from './row-writes';
import { findUnits, IDENTITIES, isOlderBattle, whoOn } from './row-identity';
import { bySheet, clearing, flushStep, logRowNow, runSteps, stateWrite } from './journal';
import { missingSheet, nothingWritten } from '../../contract/refusals';

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
        nothingWritten(
          `${what} cannot be put back: ${missing} of the rows of its record on the Undo sheet${span} were deleted or changed by hand, so Warcard cannot tell which cells it wrote.`,
          `, and Log row ${entry.row} stays marked ${entry.state}. Put the Undo rows back (Edit → Undo in Sheets, or version history).`,
        ),
      );
    }
    const to = entry.state === 'Pending' ? 'before' : 'after';
    const found = foundRows(book, changes, to === 'before' ? 'after' : 'before');
    const { back } = found;
    const gone = found.gone.map((g) => g.what);
    if (gone.length > 0) {
      const more = gone.length > 8 ? `; and ${gone.length - 8} more` : '';
      throw new Refusal(
        'unsafe',
        nothingWritten(
          `${what} cannot be put back: ${gone.slice(0, 8).join('; ')}${more}.`,
          `, and Log row ${entry.row} stays marked ${entry.state}. Put those rows back (Edit → Undo in Sheets, or version history).`,
        ),
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
        throw new Refusal('stale', nothingWritten(`${what} was not put back: ${outcome.error}.`));
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

/** A change's row no longer there: its sheet, and the row named. */
export interface Gone {
  readonly sheet: ChangedSheet;
  readonly what: string;
}

/**
 * Each change's row as it is now, found by identity among the rows whose cell holds `written` (what the entry
 * wrote there, or would have): the changes to write, on the rows found. A change whose cell holds the other side
 * already needs nothing; one whose row is no longer there at all is `gone`, named, with its sheet (each named once).
 */
export function foundRows(
  book: Book,
  changes: readonly CellChange[],
  written: 'before' | 'after',
): { back: CellChange[]; gone: Gone[]; changed: { c: CellChange; now: Cell }[] } {
  const back: CellChange[] = [];
  const gone = new Map<string, Gone>();
  const isGone = (sheet: ChangedSheet, what: string) => gone.set(what, { sheet, what });
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
        isGone(sheet, `Battles row ${c.row} no longer holds battle "${c.name}"`);
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
      isGone(
        sheet,
        sheet === 'units'
          ? `"${c.name}" (was Units row ${c.row}) is no longer on Units`
          : sheet === 'treasury'
            ? `the ${c.name} row of realm "${c.army}" (was Treasury row ${c.row}) is no longer on Treasury`
            : `the row of battle "${c.name}" for ${c.army} (was Battles row ${c.row}) is no longer on Battles`,
      );
    });
  }
  return { back, gone: [...gone.values()], changed };
}

/** Whether any entry waits to be put back. */
export const hasUnfinished = (book: Book): boolean =>
  book.log !== null && entries(book.log).some((e) => e.state === 'Pending' || e.state === 'Undoing');
