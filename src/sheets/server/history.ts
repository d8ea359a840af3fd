// The Log and Undo sheets as a call reads them: from their end only, so that a battle costs the same after 500
// battles as after none. The Log is read back until it holds the newest entry not undone (everything a write can
// touch lies after it); an entry's Undo rows are read when it is undone or put back, found by its Undo Rows cell.
import type { SpreadsheetApi } from '../gas';
import {
  heldRows,
  readRowsOf,
  readSheetEnd,
  readSheetThrough,
  type SheetTable,
  sheetRowOf,
} from '../sheet-table';
import { SHEET_NAMES } from '../sheet-names';
import {
  type CellChange,
  changesOf,
  type Entry,
  LOG_REQUIRED,
  readsFarEnough,
  UNDO_REQUIRED,
  type UndoRows,
} from './journal-sheets';

/**
 * Log rows read from the end at first: the sidebar lists a few entries, and a write touches the newest. With the
 * Report column, 55 rows (and 10 header rows) of 15 columns read no more cells than 60 rows of 14 did.
 */
const LOG_ROWS = 55;

/** The Log from its end, read back (four times as far each time) until it reaches the newest entry not undone. */
export function readLog(ss: SpreadsheetApi): SheetTable | null {
  for (let rows = LOG_ROWS; ; rows *= 4) {
    const log = readSheetEnd(ss, SHEET_NAMES.log, 'Log', 'Log!A1:O', LOG_REQUIRED, rows);
    if (!log || readsFarEnough(log)) return log;
  }
}

/**
 * The Undo sheet's header only: new rows go after its last row, and an entry's rows are read when needed. For an
 * undo (`wanted`: its entry's rows, as its Log row names them), the header and those rows instead, in one call
 * when they lie near the top (else two), without asking where the sheet ends: an undo adds no Undo row.
 */
export function readUndoEnd(ss: SpreadsheetApi, wanted?: UndoRows | null): SheetTable | null {
  const name = SHEET_NAMES.undo;
  if (wanted && wanted.first <= wanted.last) {
    const t = readSheetThrough(ss, name, 'Undo', 'Undo!A1:H', UNDO_REQUIRED, wanted.first, wanted.last);
    if (t !== undefined) return t;
  }
  return readSheetEnd(ss, name, 'Undo', 'Undo!A1:H', UNDO_REQUIRED, 0);
}

/** The sheet row after the last one of a table read from its end: where new rows go. */
export const endOf = (t: SheetTable): number => sheetRowOf(t, t.table.rows.length);

/**
 * An entry's changes, read from the Undo rows its Log row names (the whole Undo sheet for an entry written before
 * Log rows named them, or whose rows moved since) into `table`, with `missing` the count of its rows no longer there (deleted or overwritten
 * by hand).
 */
export function entryChanges(
  undo: SheetTable,
  entry: Entry,
): { changes: CellChange[]; rows: number[]; table: SheetTable; missing: number } {
  // The sheet's last row, asked only when the read did not reach it (an undo's own rows only).
  let end: number | undefined;
  const lastRow = () => {
    end ??= undo.open ? undo.sheet.getLastRow() : endOf(undo) - 1;
    return end;
  };
  const whole = () => ({ first: undo.headerIndex + 2, last: lastRow() });
  const inSpan = (span: UndoRows) => {
    const held = heldRows(undo, span.first, span.last);
    if (held) return { ...changesOf(held, entry.id), table: held };
    const last = Math.min(span.last, lastRow());
    const read = heldRows(undo, span.first, last) ?? readRowsOf(undo, span.first, last);
    return { ...changesOf(read, entry.id), table: read };
  };
  let found = inSpan(entry.undoRows ?? whole());
  const expected = entry.undoRows ? entry.undoRows.last - entry.undoRows.first + 1 : found.rows.length;
  // Rows inserted or deleted by hand above them moved the entry's rows: found again by its id, wherever they are.
  if (found.rows.length < expected) found = inSpan(whole());
  return { ...found, missing: Math.max(0, expected - found.rows.length) };
}
