// The Log and Undo sheets as the undoSheet reads them. A Log row is an entry (a battle applied, a new round) with
// its State; the Undo sheet holds every cell the entry changed, a row each, readable by a person, with no limit
// of size: a new round of 10,000 units is 10,000 rows, not one cell.
import type { LOG_HEADERS, UNDO_HEADERS } from '../log-sheets';
import { headerKey, isBlankCell, text } from '../table';
import { type Cell, isDate } from '../../contract/cells';
import { cellAt, type SheetTable, sheetRowOf } from '../sheet-table';
import { nothingWrittenAfter } from '../../contract/refusals';

export const LOG_REQUIRED = ['Entry', 'Event', 'Battle', 'State'] as const;
/**
 * The Undo headers an older sheet has too (not Unit Key nor Before Formula): such a sheet still serves, its units
 * found by name and army. Named, not counted from the end, so that a header added later is not required by it.
 */
export const UNDO_REQUIRED = [
  'Entry',
  'Sheet',
  'Row',
  'Column',
  'Name',
  'Army',
  'Before',
  'After',
] as const satisfies readonly (typeof UNDO_HEADERS)[number][];

export type LogHeader = (typeof LOG_HEADERS)[number];

export const EVENT_BATTLE = 'Battle';
export const EVENT_NEW_ROUND = 'New round';
/** Units' blank card cells filled from the Library (Warcard → Fill units from the Library): undoable. */
export const EVENT_FILL = 'Fill';
/** A battle saved to the Battles sheet: journaled like the others, but not one Undo takes back. */
export const EVENT_SAVE = 'Save';
/** A side's plan sealed, the sealed plans revealed, dice drawn by the server: records, not undoable. */
export const EVENT_SEAL = 'Seal';
export const EVENT_REVEAL = 'Reveal';
export const EVENT_ROLL = 'Roll';
/**
 * An undo's mark: who took back which entry (its By is the person who undid, the entry's own stays its maker's),
 * written in the undo's own write. Its Entry id is the undone entry's, prefixed (markIdOf).
 */
export const EVENT_UNDO = 'Undo';
/** The entries that record and that Undo never takes back. */
export const RECORDS: readonly string[] = [EVENT_SAVE, EVENT_SEAL, EVENT_REVEAL, EVENT_ROLL, EVENT_UNDO];

/** The Entry id of the mark an undo of this entry writes: one entry is undone once, so one mark. */
export const markIdOf = (id: string): string => `undo-${id}`;

/** The mark of an undo of this entry among the entries read (the mark always comes after the entry). */
export const markOf = (log: SheetTable, entry: Entry): Entry | undefined =>
  entries(log).find((e) => e.event === EVENT_UNDO && e.id === markIdOf(entry.id));

/** An id for a write the server starts (the menu's, a save): the sidebar makes its own for apply and new round. */
export const serverId = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;

/**
 * An entry's life: Pending while it is being written, Done once all of it is, Undoing while undo writes, Undone
 * after. Pending and Undoing are only ever seen after a failure: the next write finishes putting things back.
 */
export const STATES = ['Pending', 'Done', 'Undoing', 'Undone'] as const;
export type EntryState = (typeof STATES)[number];

/** A season collected (Collect the season): its Treasury rows, undoable. */
export const EVENT_SEASON = 'Season';

/** The sheets an entry changes cells of: a Treasury change is a cell of a ledger row the collection added. */
export type ChangedSheet = 'units' | 'battles' | 'treasury';
/** The Sheet column of the Undo sheet: the sheet's name as the set-up creates it. */
export const SHEET_LABELS: Record<ChangedSheet, string> = {
  units: 'Units',
  battles: 'Battles',
  treasury: 'Treasury',
};

/**
 * A cell an entry changed: where, whose (unit and army; the battle and its side's armies; a ledger row's season and
 * realm), and its value before and after.
 */
export interface CellChange {
  readonly sheet: ChangedSheet;
  readonly row: number;
  readonly header: string;
  readonly name: string;
  readonly army: string;
  readonly before: Cell;
  readonly after: Cell;
  /** Of a unit: the key that tells it from others of its name and army ('' when not recorded). */
  readonly key?: string;
  /** The formula the cell held before (its `before` is the value it showed): undo puts the formula back. */
  readonly beforeFormula?: string;
}

/**
 * A change of one cell of a battle side's Battles row by a seal, a reveal or a logged roll: the row found, as a
 * save's or an apply's are, by the battle's name and the side's armies (the two sides share the name), `before` as
 * the cell was read.
 */
export const battleCellChange = (
  side: { readonly row: number; readonly battle: string; readonly armies: readonly string[] },
  header: string,
  before: Cell,
  after: Cell,
): CellChange => ({
  sheet: 'battles',
  row: side.row,
  header,
  name: side.battle,
  army: side.armies.join(', '),
  before,
  after,
});

export interface Entry {
  readonly id: string;
  /** Table row index and sheet row of the Log row. */
  readonly index: number;
  readonly row: number;
  readonly event: string;
  readonly battle: string;
  readonly result: string;
  readonly state: EntryState | null;
  /** The Undo sheet rows that hold its changes, as its Log row names them; null when it names none. */
  readonly undoRows: UndoRows | null;
  /** The entry told in words ('' when its Log row has none). */
  readonly report: string;
}

/**
 * Where a write means to add its rows: the sheet row after the Log's last, and after the Undo sheet's last (null
 * when it adds none there: an undo), as the sheets were read after any put-back: for the check of the protections
 * before the write. The write itself asks each sheet's last row again just before adding its rows.
 */
export interface Ends {
  readonly log: number;
  readonly undo: number | null;
}

/** First and last sheet row of an entry's changes on the Undo sheet. */
export interface UndoRows {
  readonly first: number;
  readonly last: number;
}

/** The Undo Rows cell: `12-40`, or `12` for one row. */
export const undoRowsText = (r: UndoRows): string =>
  r.first === r.last ? `${r.first}` : `${r.first}-${r.last}`;

export function parseUndoRows(cell: Cell): UndoRows | null {
  const m = /^\s*(\d+)(?:\s*-\s*(\d+))?\s*$/.exec(text(cell));
  if (!m) return null;
  const first = Number(m[1]);
  const last = m[2] === undefined ? first : Number(m[2]);
  return first >= 1 && last >= first && Number.isSafeInteger(last) ? { first, last } : null;
}

const stateOf = (cell: Cell): EntryState | null =>
  STATES.find((s) => headerKey(s) === headerKey(cell)) ?? null;

/** Every Log entry with an Entry id, in sheet order. */
export function entries(log: SheetTable): Entry[] {
  const out: Entry[] = [];
  log.table.rows.forEach((_, i) => {
    const id = text(cellAt(log, i, 'Entry'));
    if (!id) return;
    out.push({
      id,
      index: i,
      row: sheetRowOf(log, i),
      event: text(cellAt(log, i, 'Event')),
      battle: text(cellAt(log, i, 'Battle')),
      result: text(cellAt(log, i, 'Result')),
      state: stateOf(cellAt(log, i, 'State')),
      undoRows: parseUndoRows(cellAt(log, i, 'Undo Rows')),
      report: text(cellAt(log, i, 'Report')),
    });
  });
  return out;
}

/** The refusal of a request whose id an entry for something else already has (a crafted or confused request). */
export const reusedId = (e: Entry): string =>
  nothingWrittenAfter(
    `This request's id is already the id of Log row ${e.row} (${e.event}${e.battle ? ` "${e.battle}"` : ''}), another change`,
  );

/** The entries Undo can take back: the Done ones, newest first (Undo takes them back in that order). */
export function undoable(log: SheetTable): Entry[] {
  return entries(log)
    .filter((e) => e.state === 'Done' && !RECORDS.includes(e.event))
    .reverse();
}

/** Battles applied and not undone among the entries read, by the battle's name key. */
export function appliedBattles(log: SheetTable, key: (name: string) => string): Map<string, Entry> {
  const applied = new Map<string, Entry>();
  for (const e of entries(log)) {
    if (e.event === EVENT_BATTLE && (e.state === 'Done' || e.state === 'Undoing'))
      applied.set(key(e.battle), e);
  }
  return applied;
}

/**
 * Whether the Log rows read reach back far enough: every entry after the newest one not Undone is Undone (or an
 * undo's mark, which tells of one), and an unfinished entry (Pending, Undoing) is never older than that one, so
 * rows holding it hold every entry a write can touch.
 */
export const readsFarEnough = (log: SheetTable): boolean =>
  (log.skipped ?? 0) === 0 || entries(log).some((e) => e.state !== 'Undone' && e.event !== EVENT_UNDO);

/** The cells an entry changed, as the Undo sheet holds them, with the sheet rows they sit on there. */
export function changesOf(undoSheet: SheetTable, id: string): { changes: CellChange[]; rows: number[] } {
  const changes: CellChange[] = [];
  const rows: number[] = [];
  const sheets = new Map(Object.entries(SHEET_LABELS).map(([k, v]) => [headerKey(v), k as ChangedSheet]));
  undoSheet.table.rows.forEach((_, i) => {
    if (text(cellAt(undoSheet, i, 'Entry')) !== id) return;
    const sheet = sheets.get(headerKey(cellAt(undoSheet, i, 'Sheet')));
    const row = Number(cellAt(undoSheet, i, 'Row'));
    if (!sheet || !Number.isInteger(row) || row < 1) return;
    rows.push(sheetRowOf(undoSheet, i));
    changes.push({
      sheet,
      row,
      header: text(cellAt(undoSheet, i, 'Column')),
      name: text(cellAt(undoSheet, i, 'Name')),
      army: text(cellAt(undoSheet, i, 'Army')),
      before: blankAsEmpty(cellAt(undoSheet, i, 'Before')),
      after: blankAsEmpty(cellAt(undoSheet, i, 'After')),
      key: text(cellAt(undoSheet, i, 'Unit Key')),
      beforeFormula: formulaText(cellAt(undoSheet, i, 'Before Formula')),
    });
  });
  return { changes, rows };
}

/** A Before Formula cell: a formula's text, or '' (anything else is no formula). */
const formulaText = (cell: Cell): string => {
  const f = text(cell);
  return f.startsWith('=') ? f : '';
};

const blankAsEmpty = (cell: Cell): Cell => (cell === null || cell === undefined ? '' : cell);

/**
 * The most characters of a name the Undo sheet keeps: with the apostrophe that keeps it text, a cell holds at most
 * 50,000. A longer name is clipped with a mark, on the sheet and wherever it is compared, so it is still found.
 */
const NAME_CELL = 49_990;
export const clipName = (name: string): string =>
  name.length <= NAME_CELL ? name : `${name.slice(0, NAME_CELL - 1)}…`;

/** A row of the Undo sheet for a change, in the sheet's own column order. */
export function undoRow(undoSheet: SheetTable, id: string, c: CellChange): Cell[] {
  const fields: Record<(typeof UNDO_HEADERS)[number], Cell> = {
    Entry: id,
    Sheet: SHEET_LABELS[c.sheet],
    Row: c.row,
    Column: c.header,
    Name: clipName(c.name),
    Army: clipName(c.army),
    Before: c.before,
    After: c.after,
    'Unit Key': c.key ?? '',
    'Before Formula': c.beforeFormula ?? '',
  };
  return rowOf(undoSheet, fields);
}

/** A whole row of a table with these fields under their headers and blanks elsewhere. */
export function rowOf(t: SheetTable, fields: Readonly<Record<string, Cell>>): Cell[] {
  const width = t.values[t.headerIndex]?.length ?? 0;
  const row: Cell[] = Array.from({ length: width }, () => '');
  for (const [header, value] of Object.entries(fields)) {
    const c = t.table.column(header);
    if (c >= 0) row[c] = value;
  }
  return row;
}

/** The Log's Changes cell: a list of names, cut well inside a cell's 50,000 characters (the Report has the rest). */
export const clipChanges = (s: string, max = 20_000): string =>
  s.length <= max ? s : `${s.slice(0, max)}… (${s.length - max} more characters)`;

/** What an answer adds when the Log is from before its Report column: the entry is written, but not told. */
export const reportNote = (log: SheetTable): string =>
  log.table.has('Report')
    ? ''
    : ' The Log has no Report column, so this entry is not told there: Warcard → Set up campaign adds it.';

/** Cells equal as Sheets shows them: a Date by its time, text trimmed, blank as blank. */
export function sameCell(x: Cell, y: Cell): boolean {
  if (isDate(x) || isDate(y)) return String(x) === String(y);
  if (typeof x === 'string' && typeof y === 'string') return x.trim() === y.trim();
  if (isBlankCell(x) && isBlankCell(y)) return x === y || (x !== false && y !== false);
  return x === y;
}

/**
 * One Google write (the journal runs them in order): when it fails it wrote nothing, so only the steps
 * before it need putting back.
 */
export interface Step {
  readonly what: string;
  readonly write: () => void;
  /** Puts back what `write` wrote. */
  readonly undo: () => void;
  /**
   * Its undo puts back only cells that hold what it wrote, so it runs for the failing call too: a call that fails
   * may have written part of its cells.
   */
  readonly partial?: boolean;
}
