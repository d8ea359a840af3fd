// The Log sheet: one row per applied battle or new round, with the state before it as JSON ("Undo Data"), so
// that the last entry can be taken back exactly. Units are named by row and by name and army together.
import { LOG_HEADERS } from './records';
import { type Cell, headerKey, isBlankCell, isDate, text } from './table';
import { type CellWrite, cellAt, hash, type SheetTable, sheetColumnOf, sheetRowOf } from './workbook';

export type LogHeader = (typeof LOG_HEADERS)[number];
export const LOG_REQUIRED: readonly LogHeader[] = ['Event', 'Battle', 'Undo Data', 'Undone'];

export const EVENT_BATTLE = 'Battle';
export const EVENT_NEW_ROUND = 'New round';

/** A cell value as JSON keeps it: Dates are tagged so that undo puts back a Date, not its text. */
type Stored = string | number | boolean | { readonly d: string };
const store = (cell: Cell): Stored => {
  if (isDate(cell)) return { d: cell.toISOString() };
  if (typeof cell === 'number' || typeof cell === 'boolean' || typeof cell === 'string') return cell;
  return cell === null || cell === undefined ? '' : String(cell);
};
const unstore = (s: Stored): Cell => (typeof s === 'object' && s !== null ? new Date(s.d) : s);

/** A unit whose Status the entry changed: where it was, who it is, the Status cell before and after. */
export interface UnitChange {
  readonly row: number;
  readonly name: string;
  readonly army: string;
  readonly before: Cell;
  readonly after: Cell;
}

/** A Battles cell the entry changed. */
export interface BattleCellChange {
  readonly row: number;
  readonly header: string;
  readonly before: Cell;
  readonly after: Cell;
}

export interface UndoRecord {
  readonly kind: 'battle' | 'round';
  /** The battle's name, to find its rows again if they moved. */
  readonly battle: string;
  readonly units: readonly UnitChange[];
  readonly battleCells: readonly BattleCellChange[];
}

/** Sheets holds at most 50,000 characters in a cell; keep well under it. */
export const MAX_UNDO_CHARS = 45_000;
const VERSION = 1;

/** The check kept for a unit: its name and army, or their hash when the entry would not fit otherwise. */
const identity = (name: string, army: string, hashed: boolean): string[] =>
  hashed ? [`#${hash(`${name}\u0000${army}`)}`] : [name, army];

/**
 * The Undo Data text. Compact: units as [row, name, army, before, after]; when a very large change would not fit
 * in a cell, names and army give way to a hash of them (the check stays as strict). Throws when even that does not fit.
 */
export function encodeUndo(record: UndoRecord): string {
  for (const hashed of [false, true]) {
    const json = JSON.stringify({
      v: VERSION,
      k: record.kind,
      b: record.battle,
      h: hashed ? 1 : 0,
      u: record.units.map((u) => [
        u.row,
        ...identity(u.name, u.army, hashed),
        store(u.before),
        store(u.after),
      ]),
      c: record.battleCells.map((c) => [c.row, c.header, store(c.before), store(c.after)]),
    });
    if (json.length <= MAX_UNDO_CHARS) return json;
  }
  throw new Error(
    `This change touches ${record.units.length} units: too many to record for undo in one Log cell. Change fewer at a time.`,
  );
}

export interface DecodedUndo extends UndoRecord {
  /** Units carry a hash of name and army instead of them. */
  readonly hashed: boolean;
}

/** Reads Undo Data back; throws an Error saying the entry cannot be read. */
export function decodeUndo(textValue: string): DecodedUndo {
  let data: any;
  try {
    data = JSON.parse(textValue);
  } catch {
    throw new Error('its Undo Data is not valid JSON (was the cell edited?)');
  }
  if (!data || data.v !== VERSION || !Array.isArray(data.u) || !Array.isArray(data.c)) {
    throw new Error('its Undo Data is not in the form Warcard writes (was the cell edited?)');
  }
  const hashed = data.h === 1;
  const units: UnitChange[] = data.u.map((u: any[]) =>
    hashed
      ? { row: u[0], name: u[1], army: '', before: unstore(u[2]), after: unstore(u[3]) }
      : { row: u[0], name: u[1], army: u[2], before: unstore(u[3]), after: unstore(u[4]) },
  );
  const battleCells: BattleCellChange[] = data.c.map((c: any[]) => ({
    row: c[0],
    header: c[1],
    before: unstore(c[2]),
    after: unstore(c[3]),
  }));
  return {
    kind: data.k === 'round' ? 'round' : 'battle',
    battle: String(data.b ?? ''),
    units,
    battleCells,
    hashed,
  };
}

/** Whether a unit at a roster row is the one an entry recorded. */
export function sameUnit(change: UnitChange, hashed: boolean, name: string, army: string): boolean {
  if (hashed) return change.name === identity(name, army, true)[0];
  return text(change.name) === name && headerKey(change.army) === headerKey(army);
}

/** An Undone cell: a ticked checkbox or any word but no/false. */
export function isUndone(cell: Cell): boolean {
  if (isBlankCell(cell)) return false;
  if (typeof cell === 'string') return !/^(false|no|n)$/i.test(cell.trim());
  return true;
}

export interface LogEntry {
  /** Table row index and sheet row. */
  readonly index: number;
  readonly row: number;
  readonly event: string;
  readonly battle: string;
  readonly result: string;
  readonly undoData: string;
}

/** The latest entry that carries Undo Data and is not undone: what undo takes back. */
export function lastLiveEntry(log: SheetTable): LogEntry | null {
  for (let i = log.table.rows.length - 1; i >= 0; i--) {
    const undoData = cellAt(log, i, 'Undo Data');
    if (isBlankCell(undoData) || isUndone(cellAt(log, i, 'Undone'))) continue;
    return {
      index: i,
      row: sheetRowOf(log, i),
      event: text(cellAt(log, i, 'Event')),
      battle: text(cellAt(log, i, 'Battle')),
      result: text(cellAt(log, i, 'Result')),
      undoData: String(undoData),
    };
  }
  return null;
}

/** Live battle entries by battle name (header-style key): a battle applied and not undone. */
export function appliedBattles(log: SheetTable | null): Map<string, number> {
  const applied = new Map<string, number>();
  if (!log) return applied;
  log.table.rows.forEach((_, i) => {
    if (headerKey(cellAt(log, i, 'Event')) !== headerKey(EVENT_BATTLE)) return;
    if (isUndone(cellAt(log, i, 'Undone'))) return;
    const battle = headerKey(cellAt(log, i, 'Battle'));
    if (battle) applied.set(battle, sheetRowOf(log, i));
  });
  return applied;
}

/** The writes of a new Log row: the Log's columns that the sheet has. */
export function logRowWrites(
  log: SheetTable,
  row: number,
  fields: Partial<Record<LogHeader, Cell>>,
): CellWrite[] {
  const writes: CellWrite[] = [];
  for (const header of LOG_HEADERS) {
    const column = sheetColumnOf(log, header);
    if (column > 0 && header in fields) writes.push({ row, column, value: fields[header] });
  }
  return writes;
}

/** Long text for a Log cell, cut to a size a cell holds. */
export function clip(s: string, max = 20_000): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (cut: ${s.length - max} more characters)`;
}
