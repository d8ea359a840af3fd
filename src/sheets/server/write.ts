// The one template of a journaled call (save, apply, undo, new round, seal, reveal, logged roll, Library fill,
// Collect the season): the request parsed, the door, the lock, one read of every sheet, the id check, the put-back
// of a write an earlier failure left unfinished, then what is the call's own (the changes), the commit, and the
// answer. A call supplies only its own part (journaledCall).
import type { Response, Written } from '../../contract/api';
import type { BattleSetup } from '../../contract/campaign';
import type { Parsed } from '../../contract/errors';
import { nameKey } from '../../rules';
import { type Book, readBook, sheetOf } from './book';
import { fail, serve } from './serve';
import { withLock } from './lock';
import { Refusal, type Result } from '../../contract/errors';
import { campaignData } from './campaign-read';
import { endsOf, failureMessage, type WriteOutcome } from './journal';
import { type CellChange, type Ends, type Entry, entries, reportNote, reusedId } from './journal-sheets';
import type { Person } from '../../contract/rights';
import { isProtectionError, protectedChanges, protectionsRefusing } from './protections';
import { atTheDoor, DEED_WORDS, type Deed, refusedChanges, type Touched } from './door';
import { viewerOf } from './viewer';
import type { SheetTable } from '../sheet-table';
import { hasUnfinished, recover } from './put-back';

/** What a call writes, once its checks passed: the commit, and its answer once written. */
export interface Planned {
  /**
   * Writes the entry (commitEntry or undoEntry): before or after, whatever single call fails. `ends`: where its
   * rows go, as read (the commit asks each sheet's last row again just before adding them).
   */
  readonly commit: (ends: Ends) => WriteOutcome;
  /** The entry an undo takes back: its Log row is written (its State) and the undo's mark added, no Undo row. */
  readonly undoes?: Entry;
  /** The answer's words once written, the entry on `logRow`. */
  readonly done: (logRow: number) => string;
  /** The write as a failure names it, when the call's `what` needs the entry ("Undoing battle X"). */
  readonly what?: string;
  /** The cells it will change: held to the person's realms and asked of the protections before any is written. */
  readonly changes?: readonly CellChange[];
}

/**
 * A call's own part, told apart by `ok` like every Result: a write to make, or (`ok: false`) nothing to write and
 * the answer at once (nothing to do, stale, refused).
 */
export type WritePlan = Result<Planned, { readonly answer: Response<Written> }>;

/** Nothing to write: the call answers at once (a WritePlan's failure, or a step's on the way to one). */
export const answerNow = (
  answer: Response<Written>,
): { readonly ok: false; readonly answer: Response<Written> } => ({
  ok: false,
  answer,
});

export interface JournaledWrite {
  /** The write as the failure message names it: "Applying the battle". */
  readonly what: string;
  /** The request's id (apply and new round carry one), so that sending it twice writes once. */
  readonly id?: {
    readonly value: string;
    /** Whether the entry already under this id is this request (not something else's id reused). */
    readonly same: (e: Entry) => boolean;
    /** The answer when it was written already. */
    readonly already: (e: Entry) => string;
  };
  /** Whether the answer notes a Log without its Report column (the writes that tell their entry). */
  readonly tells?: boolean;
  readonly plan: (book: Book) => WritePlan;
  /** Who acts and what they do, as the door found them (door.ts): the planned changes are held to them. */
  readonly acting?: { readonly person: Person; readonly deed: Deed };
  /** An undo's entry, found on the Log as read: its Undo rows are read with the Undo sheet (readBook). */
  readonly undoing?: (log: SheetTable) => Entry | undefined;
}

/** A sidebar call that writes: every refusal or error answered, the work done holding the document lock. */
const serveLocked = (fn: () => Response<Written>): Response<Written> =>
  serve(() => withLock(() => serve(fn)));

/** A journaled call as its handler declares it: its own parts, the shell around them journaledCall's. */
export interface JournaledCall<R> {
  /** What the person does, as the door and the rights name it. */
  readonly deed: Deed;
  /** The request: a sidebar call's parsed from what was sent, before anything is read; a menu's made (`made`). */
  readonly request: () => Parsed<R>;
  /**
   * What the door holds the person to before the lock: the battle set up (save, apply), or the realms the write
   * would touch, read for a player only (undo, new round). A seal's, reveal's or roll's are known once planned.
   */
  readonly door?: (request: R) => { readonly setup?: BattleSetup; readonly touches?: () => Touched | null };
  /** The write, by the person the door let in. */
  readonly write: (request: R, person: Person) => Omit<JournaledWrite, 'acting'>;
}

/**
 * Every journaled call's shell: the request parsed (a bad one answered before anything is read), the door, then the
 * write holding the lock; every refusal or error answered, never thrown.
 */
export function journaledCall<R>(call: JournaledCall<R>): Response<Written> {
  return serve(() => {
    const parsed = call.request();
    if (!parsed.ok) return fail(parsed.error.code, parsed.error.message);
    const request = parsed.value;
    const at = call.door?.(request);
    const { person } = atTheDoor(call.deed, at?.setup, at?.touches);
    return serveLocked(() =>
      journaled({ ...call.write(request, person), acting: { person, deed: call.deed } }),
    );
  });
}

/** A request the menu made (an id of its own): nothing to parse. */
export const made = <R>(value: R): Parsed<R> => ({ ok: true, value });

/**
 * The id of a call on one battle: an entry of one of these events on that battle under the id is this request
 * (sent twice, written once); under another battle it is an id reused.
 */
export const battleCallId = (
  id: string,
  battle: string,
  events: readonly string[],
  already: (e: Entry) => string,
): NonNullable<JournaledWrite['id']> => ({
  value: id,
  same: (e) => events.includes(e.event) && nameKey(e.battle) === nameKey(battle),
  already,
});

/** Runs a journaled write inside the lock (the caller holds it: journaledCall). */
function journaled(w: JournaledWrite): Response<Written> {
  const viewer = w.acting ? viewerOf(w.acting.person) : undefined;
  const read = () =>
    readBook(['units', 'characters', 'settings', 'battles', 'log', 'undo'], viewer, w.undoing);
  let book = read();
  let log = sheetOf(book, 'log');
  if (w.id) {
    const { value, same, already } = w.id;
    const done = entries(log).find((e) => e.id === value);
    if (done && !same(done)) throw new Refusal('invalid', reusedId(done));
    if (done?.state === 'Done' || done?.state === 'Undone') {
      return { ok: true, message: already(done), campaign: campaignData(book) };
    }
  }
  // A write left unfinished by a failure is put back first; the answer says so, whatever comes next.
  const recovered = hasUnfinished(book) ? recover(book) : [];
  const prefix = recovered.length ? `${recovered.join(' ')} ` : '';
  if (recovered.length > 0) {
    // The call plans on the campaign as the put-back left it: its Log and Undo rows, its cells, are read again.
    book = read();
    log = sheetOf(book, 'log');
  }
  let plan: WritePlan;
  try {
    plan = w.plan(book);
  } catch (e) {
    if (e instanceof Refusal && prefix) throw new Refusal(e.code, `${prefix}${e.message}`);
    throw e;
  }
  if (!plan.ok) {
    const { answer } = plan;
    return prefix ? { ...answer, message: `${prefix}${answer.message}` } : answer;
  }
  // Where its rows go, as the sheets were read (the write asks each sheet's last row again just before adding its
  // rows). Before anything is written: the changes held to the person's realms, then to Google's protections.
  const ends = endsOf(book, !plan.undoes);
  if (w.acting && plan.changes) {
    const { person, deed } = w.acting;
    const refused =
      refusedChanges(book, person, deed, plan.changes) ??
      protectedChanges(book, plan.changes, person, DEED_WORDS[deed], ends, plan.undoes?.row);
    if (refused) return fail('refused', `${prefix}${refused}`, campaignData(book));
  }
  const committed = plan.commit(ends);
  const outcome =
    !committed.ok && isProtectionError(committed.error)
      ? { ...committed, protection: protectionsRefusing(book) }
      : committed;
  if (!outcome.ok) {
    return fail(
      isProtectionError(outcome.error) ? 'refused' : outcome.code,
      failureMessage(plan.what ?? w.what, outcome),
      outcome.restored ? campaignData(book) : null,
    );
  }
  const note = w.tells ? reportNote(log) : '';
  return { ok: true, message: `${prefix}${plan.done(outcome.logRow)}${note}`, campaign: campaignData(book) };
}
