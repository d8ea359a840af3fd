// A battle's logged roll as Apply takes it: the logged pairs only, each kept roll held to its Roll entry on the Log
// (a row deleted or changed is said, never trusted), and the answer's words for Roll cells typed over it.
import type { RollPair } from '../../../rules';
import type { LoggedRollLine, LoggedRolls } from '../../../contract/battle-report';
import { cellAt } from '../../sheet-table';
import type { Book } from '../book';
import { Refusal } from '../../../contract/errors';
import { EVENT_ROLL, entries } from '../journal-sheets';
import { type Kept, keptRoll, type LoggedRoll } from '../seals';
import { pairsOnLog } from './roll-entries';
import { nothingWritten } from '../../../contract/refusals';

const pairsText = (pairs: readonly RollPair[]): string => pairs.map((p) => `${p[0]}-${p[1]}`).join(', ');

/**
 * With Logged dice Apply takes the logged rolls only: the pairs the server drew for the battle's newest roll. Roll
 * cells typed over it neither void nor replace it: the battle is fought with the kept roll (its write puts the
 * logged pair back in them), and what the cells held is said.
 */
export function checkLogged(name: string, rolls: readonly RollPair[], kept: Kept): LoggedRoll {
  const logged = keptRoll(name, kept);
  if (!logged) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `The Settings say Dice: Logged, and battle "${name}" has no logged roll: the server rolls and logs the dice before a battle is applied.`,
      ),
    );
  }
  if (pairsText(logged.pairs) !== pairsText(rolls)) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `Apply takes the logged rolls only: battle "${name}" was rolled ${pairsText(logged.pairs)} (Log entry ${logged.entry}), not ${pairsText(rolls)}.`,
      ),
    );
  }
  return logged;
}

/** What the Roll cells held against the logged roll, said when they no longer hold it ('' when they do). */
export function typedOver(logged: LoggedRoll, cells: readonly [number | null, number | null] | null): string {
  const last = logged.pairs[logged.pairs.length - 1];
  if (!last || (cells && cells[0] === last[0] && cells[1] === last[1])) return '';
  const typed = (cells ?? [null, null]).map((c) => (c === null ? 'blank' : String(c))).join('-');
  return ` The Roll cells held ${typed}, not the logged roll ${pairsText([last])} (Log entry ${logged.entry}): the logged roll stands, and the cells hold it again.`;
}

/** A moment as kept (`2026-11-27 17:02 UTC`) as a Date; null when it does not read. */
const keptTime = (when: string): Date | null => {
  const d = new Date(`${when.replace(' UTC', ':00Z').replace(' ', 'T')}`);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * The battle's kept rolls, each held to its Log row among the rows read: a row gone while older rows are read was
 * deleted, one whose pairs no longer read as kept was changed. The kept rolls stand either way; the Log is their copy.
 */
export function rollsOnLog(book: Book, logged: LoggedRoll): LoggedRolls {
  const log = book.log;
  const found = log ? entries(log) : [];
  const oldest = log && found[0] ? cellAt(log, found[0].index, 'When') : null;
  // A roll kept before rolls were recorded, or kept again by an undo: who rolled as its Log row says.
  const own = found.find((x) => x.id === logged.entry);
  const by = log && own ? String(cellAt(log, own.index, 'By') ?? '') : '';
  const made = logged.made ?? [{ entry: logged.entry, by, when: '', pairs: logged.pairs }];
  const rolls = made.map((r): LoggedRollLine => {
    const e = found.find((x) => x.id === r.entry);
    const base = { entry: r.entry, by: r.by, when: r.when, pairs: r.pairs };
    if (log && e) {
      const same = e.event === EVENT_ROLL && pairsText(pairsOnLog(log, e) ?? []) === pairsText(r.pairs);
      return { ...base, log: same ? 'listed' : 'changed' };
    }
    const at = keptTime(r.when);
    const readFrom = oldest instanceof Date ? oldest : null;
    const deleted =
      !!log && ((log.skipped ?? 0) === 0 || (!!at && !!readFrom && readFrom.getTime() < at.getTime()));
    return { ...base, log: deleted ? 'deleted' : 'unread' };
  });
  return { rolls, earlier: logged.earlier ?? 0 };
}

/** The answer's words for kept rolls whose Log rows were deleted or changed. */
export function logNote(logged: LoggedRolls): string {
  const named = logged.rolls
    .filter((r) => r.log === 'deleted' || r.log === 'changed')
    .map(
      (r) =>
        ` The Roll row of Log entry ${r.entry} (${pairsText(r.pairs)}, by ${r.by || 'unknown'}, ${r.when || 'time not kept'}) was ${r.log} on the Log: the kept roll stands, and the report tells it.`,
    );
  return named.join('');
}
