// Undo: takes back the Log entry the user asked for, which must be the newest one not undone, cell for cell.
import type { Response, Written } from '../../contract/api';
import { parseUndoRequest } from '../../contract/requests';
import { nameKey } from '../../rules';
import { text } from '../table';
import { cellAt, indexOfSheetRow, type SheetTable, sheetRowOf } from '../sheet-table';
import { type Book, fail, Refusal, readBook, serve, sheetOf, withLock } from './book';
import { campaignData } from './campaign';
import { currentOf, failureMessage, hasUnfinished, recover, undoEntry } from './journal';
import { type CellChange, changesOf, EVENT_NEW_ROUND, entries, sameCell, undoable } from './journal-sheets';

/** A unit's identity on a Units row: its name and army. */
const identityAt = (units: SheetTable, index: number): string =>
  `${text(cellAt(units, index, 'Unit'))}\u0000${nameKey(text(cellAt(units, index, 'Army')))}`;

/**
 * The change at the row where its unit (or battle) is now: where it was when its name still stands there, else
 * the one row that carries that name; null when the unit is gone or several carry its name.
 */
function locate(book: Book, c: CellChange, byIdentity: () => Map<string, number[]>): CellChange | null {
  const t = sheetOf(book, c.sheet);
  const index = indexOfSheetRow(t, c.row);
  if (c.sheet === 'battles') {
    return nameKey(text(cellAt(t, index, 'Battle'))) === nameKey(c.name) ? c : null;
  }
  const key = `${c.name}\u0000${nameKey(c.army)}`;
  if (index >= 0 && index < t.table.rows.length && identityAt(t, index) === key) return c;
  const [only, ...more] = byIdentity().get(key) ?? [];
  return only !== undefined && more.length === 0 ? { ...c, row: sheetRowOf(t, only) } : null;
}

/** Sidebar → Undo last battle: one entry, the one named. The request is parsed before anything is read. */
export function sidebarUndo(raw: unknown): Response<Written> {
  return serve(() => {
    const parsed = parseUndoRequest(raw);
    if (!parsed.ok) return fail('invalid', parsed.message);
    return withLock(() => serve(() => undoLocked(parsed.value.entry)));
  });
}

/** Undo of the newest entry, for the menu. */
export function undoNewest(): Response<Written> {
  return withLock(() => serve(() => undoLocked(null)));
}

/** Undoes the entry of this id, or (null, from the menu) the newest one; reads each sheet once. */
function undoLocked(id: string | null): Response<Written> {
  const book = readBook(['units', 'characters', 'settings', 'battles', 'log', 'undo']);
  const log = sheetOf(book, 'log');
  if (id === null && undoable(log).length === 0) {
    throw new Refusal('invalid', 'There is nothing to undo: every Log entry is undone already.');
  }
  const asked = id === null ? undoable(log)[0] : entries(log).find((e) => e.id === id);
  if (!asked)
    throw new Refusal('invalid', 'That Log entry is no longer on the Log sheet: reload the sidebar.');
  if (asked.state === 'Undone') {
    return { ok: true, message: `Log row ${asked.row} was undone already.`, campaign: campaignData(book) };
  }
  const recovered = hasUnfinished(book) ? recover(book) : [];
  const newest = undoable(log)[0];
  if (!newest || newest.id !== asked.id) {
    const which = newest
      ? `Log row ${newest.row} (${newest.event}${newest.battle ? ` "${newest.battle}"` : ''})`
      : 'none';
    return fail(
      'stale',
      `Undo takes back the newest entry first, and that is now ${which}, not Log row ${asked.row}. Nothing was changed: the sidebar shows the Log as it stands.`,
      campaignData(book),
    );
  }
  const what = asked.event === EVENT_NEW_ROUND ? 'the new round' : `battle "${asked.battle}"`;
  const units = sheetOf(book, 'units');
  let identities: Map<string, number[]> | undefined;
  const byIdentity = () => {
    if (!identities) {
      const map = new Map<string, number[]>();
      units.table.rows.forEach((_, i) => {
        const key = identityAt(units, i);
        map.set(key, [...(map.get(key) ?? []), i]);
      });
      identities = map;
    }
    return identities;
  };
  const problems: string[] = [];
  const back: CellChange[] = [];
  let edited = 0;
  for (const recorded of changesOf(sheetOf(book, 'undo'), asked.id).changes) {
    const c = locate(book, recorded, byIdentity);
    const who =
      recorded.sheet === 'units'
        ? `"${recorded.name}" (was Units row ${recorded.row})`
        : `Battles row ${recorded.row}`;
    if (!c) {
      if (recorded.sheet === 'units')
        problems.push(`${who} is no longer on Units, or several units carry its name`);
      else edited++;
      continue;
    }
    const now = currentOf(book, c);
    if (sameCell(now, c.before)) continue;
    if (!sameCell(now, c.after)) {
      if (c.sheet === 'units')
        problems.push(`${who} has ${c.header} ${text(now) || 'blank'} now, not ${text(c.after)}`);
      else edited++;
      continue;
    }
    back.push(c);
  }
  if (problems.length > 0) {
    const more = problems.length > 8 ? `; and ${problems.length - 8} more` : '';
    return fail(
      'unsafe',
      `Undoing ${what} (Log row ${asked.row}) would overwrite later changes: ${problems.slice(0, 8).join('; ')}${more}. Nothing was changed. Put those units back by hand, then undo again.`,
      campaignData(book),
    );
  }
  const outcome = undoEntry(book, asked, back);
  if (!outcome.ok)
    return fail(
      'failed',
      failureMessage(`Undoing ${what}`, outcome),
      outcome.restored ? campaignData(book) : null,
    );
  const note = edited > 0 ? ` ${edited} Battles cells edited since were left as they are.` : '';
  const prefix = recovered.length ? `${recovered.join(' ')} ` : '';
  return {
    ok: true,
    message: `${prefix}Undid ${what} (Log row ${asked.row}): ${back.filter((c) => c.sheet === 'units').length} units put back.${note}`,
    campaign: campaignData(book),
  };
}
