// A protected cell is never a mystery: before a write, every range it will change is asked of Google with
// Range.canEdit() (one read a sheet when nothing is protected from the person; more only to name what refuses);
// after a write failed on a protection anyway (one changed mid-write), the protection is named.
import { type Person, whoCan } from '../../contract/rights';
import { type ProtectionApi, type RangeApi, type SheetApi, spreadsheetApp } from '../gas';
import { rangeInside, type SheetTable, sheetColumnOf } from '../sheet-table';
import { type Book, sheetOf } from './book';
import type { CellChange, Ends } from './journal-sheets';
import { realmsOf } from './door';
import { notYours } from '../../contract/refusals';

/** Google's words when a protection refuses a write (a script's or a hand's). */
export const isProtectionError = (message: string): boolean => /protected cell or object/i.test(message);

/** Warcard's own protections say so in their description (Warcard → Protect realms). */
export const WARCARD_PREFIX = 'Warcard:';

interface Span {
  readonly t: SheetTable;
  readonly first: number;
  readonly last: number;
  readonly left: number;
  readonly right: number;
}

/** The range of a span, or null when it lies past the sheet's end (rows a write adds first: nothing protects them). */
const rangeOf = (s: Span): RangeApi | null =>
  rangeInside(s.t.sheet, s.first, s.left, s.last - s.first + 1, s.right - s.left + 1);

/** The changes' cells on one sheet, as the rows they span and the columns between the first and last. */
function spanOf(t: SheetTable, changes: readonly CellChange[]): Span | null {
  const columns = changes.map((c) => sheetColumnOf(t, c.header)).filter((c) => c > 0);
  if (columns.length === 0) return null;
  return {
    t,
    first: Math.min(...changes.map((c) => c.row)),
    last: Math.max(...changes.map((c) => c.row)),
    left: Math.min(...columns),
    right: Math.max(...columns),
  };
}

/**
 * The rows a journaled write writes on a history sheet (Log, Undo): the rows it adds after the last (where, as
 * `ends` asked the sheet: it is read from its ends only) and, for an undo, the entry's own Log row from `first`.
 * Rows past the sheet's end, which the write inserts, are protected only by a sheet protection: the first row
 * (or the header row) stands for them.
 */
function historySpan(t: SheetTable | null, first: number, last: number): Span | null {
  if (!t) return null;
  const width = t.values[t.headerIndex]?.length ?? 0;
  if (width === 0) return null;
  const span = { t, first, last, left: 1, right: width };
  if (rangeOf(span)) return span;
  const top = { ...span, last: first };
  return rangeOf(top) ? top : { ...span, first: t.headerIndex + 1, last: t.headerIndex + 1 };
}

/**
 * How many protections of a sheet a refusal looks through to name the one refusing: each costs five calls, and
 * Protect realms on a roster mixed across armies makes one a run of rows (10,000 on a 10,000-unit roster), so
 * looking through them all would outlast the execution. Past it the refusal still names the rows and realms.
 */
export const NAMING_LIMIT = 40;

/** The protections of a sheet over rows first..last that keep the person out (the first NAMING_LIMIT looked at). */
export function refusingProtections(sheet: SheetApi, first: number, last: number): ProtectionApi[] {
  const out: ProtectionApi[] = [];
  let looked = 0;
  for (const type of [spreadsheetApp().ProtectionType.SHEET, spreadsheetApp().ProtectionType.RANGE]) {
    for (const p of sheet.getProtections(type)) {
      if (++looked > NAMING_LIMIT) return out;
      if (p.isWarningOnly() || p.canEdit()) continue;
      const r = p.getRange();
      const top = r.getRow();
      if (top <= last && top + r.getNumRows() - 1 >= first) out.push(p);
    }
  }
  return out;
}

/** A protection as a message names it: its description, or where it is. */
const nameOf = (p: ProtectionApi): string => {
  const d = p.getDescription();
  return d ? `"${d}"` : `on ${p.getRange().getA1Notation()}`;
};

/**
 * Before anything is written: the ranges the write changes on Units, Battles and Treasury, and the rows it writes on the Log
 * and Undo (`ends`: the rows it adds; `entryRow`: an undo's entry, whose State it writes), each sheet asked once
 * with canEdit(). Null when all may be written; else the refusal naming the sheet, the realms, the protection and
 * who can.
 */
export function protectedChanges(
  book: Book,
  changes: readonly CellChange[],
  p: Person,
  deed: string,
  ends: Ends,
  entryRow?: number,
): string | null {
  const spans: { span: Span; changes: readonly CellChange[] }[] = [];
  for (const sheet of ['units', 'battles', 'treasury'] as const) {
    const mine = changes.filter((c) => c.sheet === sheet);
    // Treasury is read only by the writes that change it.
    const t = sheet === 'treasury' ? (mine.length > 0 ? sheetOf(book, sheet) : null) : book[sheet];
    const span = t && mine.length > 0 ? spanOf(t, mine) : null;
    if (span) spans.push({ span, changes: mine });
  }
  const history = [
    historySpan(book.log, entryRow ?? ends.log, ends.log),
    ends.undo === null
      ? null
      : historySpan(book.undo, ends.undo, ends.undo + Math.max(1, changes.length) - 1),
  ];
  for (const span of history) if (span) spans.push({ span, changes: [] });
  for (const { span, changes: theirs } of spans) {
    const range = rangeOf(span);
    if (!range || range.canEdit()) continue;
    return refusalFor(book, span, theirs, p, deed);
  }
  return null;
}

/** The refusal of a write a protection keeps from the person: the rows refused, their realms, the protection. */
function refusalFor(book: Book, span: Span, changes: readonly CellChange[], p: Person, deed: string): string {
  // Row by row (only here, on the way to a refusal) to name the rows and realms refused.
  const rows = [...new Set(changes.map((c) => c.row))].sort((a, b) => a - b);
  const refusedRows =
    rows.length === 0
      ? [span.first]
      : rows.filter((row) => rangeOf({ ...span, first: row, last: row })?.canEdit() === false);
  const refused = changes.filter((c) => refusedRows.includes(c.row));
  const { realms } = realmsOf(book, refused);
  const first = refusedRows[0] ?? span.first;
  const last = refusedRows[refusedRows.length - 1] ?? span.last;
  const protections = refusingProtections(span.t.sheet, first, last);
  const ours =
    protections.length > 0 && protections.every((x) => x.getDescription().startsWith(WARCARD_PREFIX));
  const realmText =
    realms.length > 0
      ? `${realms.length === 1 ? 'realm' : 'realms'} ${realms.map((r) => `"${r}"`).join(', ')}`
      : '';
  const detail = [refusedRows.length > 0 ? rowsText(refusedRows) : '', realmText].filter(Boolean).join('; ');
  const where = `the ${span.t.table.name} sheet${detail ? ` (${detail})` : ''}`;
  const named = protections.length > 0 ? ` by ${protections.map(nameOf).join(', ')}` : '';
  const ask = ours
    ? `Ask ${whoCan(p)} to do it (Warcard → Protect realms gives each realm's rows to its players and the GMs).`
    : `Ask ${whoCan(p)}, or whoever made that protection, to do it or to add you to its editors.`;
  return notYours(deed, `${where} is protected${named}, and Google refuses your edits there`, ask);
}

function rowsText(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  const shown = rows.slice(0, 8).join(', ');
  return `rows ${shown}${rows.length > 8 ? ` and ${rows.length - 8} more` : ''}`;
}

/**
 * After a write failed on a protection: the protections on the campaign's sheets that keep the person out, by
 * name ('' when none is found: it was changed back meanwhile).
 */
export function protectionsRefusing(book: Book): string {
  const names: string[] = [];
  for (const t of [book.units, book.battles, book.log, book.undo]) {
    if (!t) continue;
    try {
      for (const p of refusingProtections(t.sheet, 1, t.sheet.getMaxRows()))
        names.push(`${nameOf(p)} on ${t.table.name}`);
    } catch {
      // Naming is a courtesy: the failure is told anyway.
    }
  }
  return names.join(', ');
}
