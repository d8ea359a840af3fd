// Undo: takes back the Log entry the user asked for, which must be the newest one not undone, cell for cell.
import type { Response, Written } from '../../contract/api';
import { parseUndoRequest } from '../../contract/request-parsers';
import { text } from '../table';
import { type Book, readBook, sheetOf } from './book';
import { fail } from './serve';
import { type Parsed, Refusal, type Result } from '../../contract/errors';
import { campaignData } from './campaign-read';
import { undoEntry } from './journal';
import { answerNow, journaledCall, made, type WritePlan } from './write';
import { recordedRealms, type Touched } from './door';
import { entryChanges } from './history';
import type { SheetTable } from '../sheet-table';
import {
  clipChanges,
  EVENT_BATTLE,
  EVENT_FILL,
  EVENT_NEW_ROUND,
  EVENT_REVEAL,
  EVENT_ROLL,
  EVENT_SAVE,
  EVENT_SEAL,
  EVENT_SEASON,
  EVENT_UNDO,
  type Entry,
  entries,
  RECORDS,
  undoable,
  undoRowsText,
} from './journal-sheets';
import { keepPlans, type KeptPlans, keepRoll, type LoggedRoll } from './seals';
import { pairBattles } from '../battles';
import { nameKey } from '../../rules';
import { messageOf } from '../../contract/cells';
import { boundPlans } from './sealed/reveal-check';
import { rollToKeepAgain } from './sealed/roll-entries';
import { foundRows } from './put-back';
import { nothingChanged, nothingChangedAfter } from '../../contract/refusals';

/** Sidebar → Undo last battle: one entry, the one named. The request is parsed before anything is read. */
export const sidebarUndo = (raw: unknown): Response<Written> =>
  undoCall(() => {
    const parsed = parseUndoRequest(raw);
    return parsed.ok ? made(parsed.value.entry) : parsed;
  });

/** Undo of the newest entry, for the menu. */
export const undoNewest = (): Response<Written> => undoCall(() => made(null));

/** Undoes the entry of this id, or (null, from the menu) the newest one. */
const undoCall = (entry: () => Parsed<string | null>): Response<Written> =>
  journaledCall({
    deed: 'undo',
    request: entry,
    door: (id) => ({ touches: undoTouches(id) }),
    write: (id) => ({ what: 'Undoing the entry', undoing: entryOf(id), plan: (book) => undoPlan(book, id) }),
  });

/**
 * What undoing the entry of this id (null: the newest) would change, as its Undo rows record it: the door reads
 * them for a player only (the Log's end, the Undo sheet's header and the entry's rows). Null when the entry is not
 * one to undo: the write says why.
 */
const undoTouches = (id: string | null) => (): Touched | null => {
  const book = readBook(['log', 'undo'], undefined, entryOf(id));
  const entry = entryOf(id)(sheetOf(book, 'log'));
  if (entry?.state !== 'Done' || !book.undo) return null;
  return recordedRealms(entryChanges(book.undo, entry).changes);
};

/** The entry of this id on the Log as read, or (null) the newest one not undone. */
const entryOf =
  (id: string | null) =>
  (log: SheetTable): Entry | undefined =>
    id === null ? undoable(log)[0] : entries(log).find((e) => e.id === id);

/**
 * With Logged dice, an undone battle is applied again with the roll it was applied with: the roll as its Roll entry
 * logged it, kept again once the undo is written (apply forgot it). Undefined: no battle, or not Logged dice.
 */
function loggedRollAgain(book: Book, asked: Entry): LoggedRoll | null | undefined {
  if (asked.event !== EVENT_BATTLE || book.settings.dice !== 'Logged') return undefined;
  return rollToKeepAgain(sheetOf(book, 'log'), asked);
}

/**
 * The plans an undone battle was bound to, bound again: the plans its Battles rows hold (Apply held them to the
 * revealed ones), when a Reveal or Roll of it comes before its entry among the Log rows read. Null otherwise.
 */
function plansAgain(book: Book, asked: Entry): KeptPlans | null {
  if (asked.event !== EVENT_BATTLE || !book.battles) return null;
  const key = nameKey(asked.battle);
  const revealed = entries(sheetOf(book, 'log')).filter(
    (e) =>
      (e.event === EVENT_REVEAL || e.event === EVENT_ROLL) &&
      e.state === 'Done' &&
      e.row < asked.row &&
      nameKey(e.battle) === key,
  );
  const by = revealed[revealed.length - 1];
  const paired = pairBattles(book.battles.table).find(
    (r) => r.kind === 'side' && nameKey(r.battle.name) === key,
  );
  if (!by || paired?.kind !== 'side') return null;
  const { sides } = paired.battle;
  const sealed = [
    sides[0].seal?.revealed ? sides[0].seal : null,
    sides[1].seal?.revealed ? sides[1].seal : null,
  ] as const;
  return boundPlans(paired.battle, [sides[0].circumstances.plan, sides[1].circumstances.plan], sealed, by.id);
}

/** Keeps the revealed plans again (Sidebar dice); what the answer adds when it could not (the undo stands). */
function bindAgain(battle: string, plans: KeptPlans | null): string {
  if (!plans) return '';
  try {
    keepPlans(battle, plans);
    return '';
  } catch (e) {
    return ` Its revealed plans could not be kept again (${messageOf(e)}): battle "${battle}" is no longer held to them.`;
  }
}

/** Keeps the roll again; what the answer adds when it could not (the undo stands). */
function keepAgain(battle: string, roll: LoggedRoll | null): string {
  const lost = ` Its logged roll was not found on the Log rows read: battle "${battle}" needs a new logged roll before it is applied again.`;
  if (!roll) return lost;
  try {
    keepRoll(battle, roll);
    return ` Its logged roll (Log entry ${roll.entry}) stands for applying it again.`;
  } catch (e) {
    return ` Its logged roll could not be kept again (${messageOf(e)}): battle "${battle}" needs a new logged roll before it is applied again.`;
  }
}

/** Why a record entry (a seal, a reveal, a logged roll, a save, an undo's mark) is not undone. */
function notUndone(e: Entry): string {
  const why: Record<string, string> = {
    [EVENT_SEAL]: 'a sealed plan stays sealed until the reveal (its side may seal again before it)',
    [EVENT_REVEAL]: 'revealed plans bind the battle until it is applied',
    [EVENT_ROLL]:
      'a logged roll stands (the battle is applied with it, or rolled again as a new logged roll)',
    [EVENT_SAVE]: 'a saved battle is changed on the Battles sheet, or saved again',
    [EVENT_UNDO]: 'an undo is a mark of the entry it took back',
  };
  return nothingChanged(
    `Log row ${e.row} is a ${e.event} entry, a record: records are not undone, as ${why[e.event] ?? 'they record what happened'}.`,
  );
}

/**
 * The entry an undo takes back, when it is still the newest one not undone: the one asked for (the sidebar's), or
 * the newest (the menu's). Otherwise the answer at once, as a plan's (nothing to undo, undone already, not newest).
 */
function entryToUndo(
  book: Book,
  id: string | null,
): Result<{ readonly asked: Entry }, { readonly answer: Response<Written> }> {
  const log = sheetOf(book, 'log');
  // The undoable entries, newest first, read once: the newest is the only one Undo may take back.
  const newest = undoable(log)[0];
  if (id === null && !newest) {
    return answerNow({
      ok: true,
      unchanged: true,
      message: 'There is nothing to undo: every Log entry is undone already.',
      campaign: campaignData(book),
    });
  }
  const asked = id === null ? newest : entries(log).find((e) => e.id === id);
  if (!asked && (log.skipped ?? 0) > 0) {
    // Older than the Log rows read: every entry after it is newer and not all undone, so it is not the newest.
    return answerNow(
      fail(
        'stale',
        nothingChanged(
          `Undo takes back the newest entry first, and that is now ${newest ? `Log row ${newest.row}` : 'another entry'}.`,
        ),
        campaignData(book),
      ),
    );
  }
  if (!asked) throw new Refusal('invalid', nothingChanged('That Log entry is no longer on the Log sheet.'));
  if (asked.state === 'Undone') {
    return answerNow({
      ok: true,
      unchanged: true,
      message: nothingChangedAfter(
        `Log row ${asked.row} was undone already (from the menu, or by another user)`,
      ),
      campaign: campaignData(book),
    });
  }
  if (RECORDS.includes(asked.event)) throw new Refusal('invalid', notUndone(asked));
  if (!newest || newest.id !== asked.id) {
    const which = newest
      ? `Log row ${newest.row} (${newest.event}${newest.battle ? ` "${newest.battle}"` : ''})`
      : 'none';
    return answerNow(
      fail(
        'stale',
        nothingChanged(
          `Undo takes back the newest entry first, and that is now ${which}, not Log row ${asked.row}.`,
        ),
        campaignData(book),
      ),
    );
  }
  return { ok: true, asked };
}

/** The entry found, checked to be the newest, and each cell it changed found where it is now. */
function undoPlan(book: Book, id: string | null): WritePlan {
  const found = entryToUndo(book, id);
  if (!found.ok) return found;
  const { asked } = found;
  const what =
    asked.event === EVENT_NEW_ROUND
      ? 'the new round'
      : asked.event === EVENT_FILL
        ? 'the fill from the Library'
        : asked.event === EVENT_SEASON
          ? `the season collected (${asked.result})`
          : `battle "${asked.battle}"`;
  const recordedChanges = entryChanges(sheetOf(book, 'undo'), asked);
  if (recordedChanges.missing > 0) {
    const span = asked.undoRows ? ` (Undo rows ${undoRowsText(asked.undoRows)})` : '';
    return answerNow(
      fail(
        'unsafe',
        nothingChanged(
          `Undoing ${what} (Log row ${asked.row}) needs the record of every cell it changed, and ${recordedChanges.missing} of its rows on the Undo sheet${span} were deleted or changed by hand.`,
          '. Put the Undo rows back (Edit → Undo in Sheets, or version history), or put the units back by hand.',
        ),
        campaignData(book),
      ),
    );
  }
  // Each cell's row where it is now, by identity: still as the entry left it (to put back), already as it was
  // before, or changed since (a unit's refuses: undo would overwrite it; a Battles cell is left as it is).
  const { back, gone, changed } = foundRows(book, recordedChanges.changes, 'after');
  // A unit's cell or a ledger row changed since refuses; a Battles cell is left as it is.
  const problems = [
    ...gone.filter((g) => g.sheet !== 'battles').map((g) => g.what),
    ...changed
      .filter(({ c }) => c.sheet !== 'battles')
      .map(({ c, now }) =>
        c.sheet === 'units'
          ? `"${c.name}" (was Units row ${c.row}) has ${c.header} ${text(now) || 'blank'} now, not ${text(c.after)}`
          : `the ${c.name} row of realm "${c.army}" (was Treasury row ${c.row}) has ${c.header} ${text(now) || 'blank'} now, not ${text(c.after)}`,
      ),
  ];
  const edited =
    changed.filter(({ c }) => c.sheet === 'battles').length +
    gone.filter((g) => g.sheet === 'battles').length;
  if (problems.length > 0) {
    const more = problems.length > 8 ? `; and ${problems.length - 8} more` : '';
    return answerNow(
      fail(
        'unsafe',
        nothingChanged(
          `Undoing ${what} (Log row ${asked.row}) would overwrite later changes: ${problems.slice(0, 8).join('; ')}${more}.`,
          `: once those ${asked.event === EVENT_SEASON ? 'rows' : 'units'} are put back by hand, it can be undone.`,
        ),
        campaignData(book),
      ),
    );
  }
  const note =
    edited > 0
      ? ` ${edited} Battles ${edited === 1 ? 'cell' : 'cells'} edited or deleted since ${edited === 1 ? 'was' : 'were'} left as ${edited === 1 ? 'it is' : 'they are'}.`
      : '';
  // Units, not cells: a fill put back several cells of one unit.
  const putBack = new Set(back.filter((c) => c.sheet === 'units').map((c) => c.row)).size;
  const ledgerRows = new Set(back.filter((c) => c.sheet === 'treasury').map((c) => c.row)).size;
  const units =
    asked.event === EVENT_SEASON
      ? `${ledgerRows} Treasury ${ledgerRows === 1 ? 'row' : 'rows'} taken away`
      : `${putBack} ${putBack === 1 ? 'unit' : 'units'} put back`;
  // The undo's mark on the Log: who undid which entry (Log row and Entry id), in the undo's own write.
  const mark = {
    When: new Date(),
    Battle: asked.battle,
    Result: `Undid ${what} (Log row ${asked.row}, entry ${asked.id}): ${units}`,
    Changes: clipChanges(
      back
        .filter((c) => c.sheet === 'units')
        .map((c) => c.name || '(no name)')
        .join(', '),
    ),
  };
  const plans = plansAgain(book, asked);
  const kept = loggedRollAgain(book, asked);
  const roll = kept && plans ? { ...kept, plans } : kept;
  let rollNote = '';
  return {
    ok: true,
    what: `Undoing ${what}`,
    changes: back,
    undoes: asked,
    commit: (ends) => {
      const outcome = undoEntry(book, asked, back, mark, ends);
      if (outcome.ok && roll !== undefined) rollNote = keepAgain(asked.battle, roll);
      else if (outcome.ok) rollNote = bindAgain(asked.battle, plans);
      return outcome;
    },
    done: () => `Undid ${what} (Log row ${asked.row}): ${units}.${note}${rollNote}`,
  };
}
