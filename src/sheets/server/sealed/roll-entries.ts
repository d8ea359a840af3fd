// A logged roll read back from its Roll entry on the Log: the pairs it drew (Apply holds the kept roll to them) and
// the roll an undone battle keeps again.
import { nameKey, type RollPair } from '../../../rules';
import { EVENT_ROLL, type Entry, entries } from '../journal-sheets';
import { cellAt, type SheetTable } from '../../sheet-table';
import { dieOf, type LoggedRoll } from '../seals';

/** The pairs as the Log's Rolls cells list them. */
export const listed = (pairs: readonly RollPair[], i: 0 | 1): string => pairs.map((p) => p[i]).join(', ');

/** The pairs a Log row's Rolls cells list (a Roll's or a battle's entry); null when they do not read back. */
export function pairsOnLog(log: SheetTable, e: Entry): RollPair[] | null {
  const dice = (header: string) => String(cellAt(log, e.index, header) ?? '').split(',');
  const [a, b] = [dice('Rolls A'), dice('Rolls B')];
  const pairs: RollPair[] = [];
  for (let i = 0; i < a.length; i++) {
    const [da, db] = [dieOf(a[i]), dieOf(b[i])];
    if (da === null || db === null) return null;
    pairs.push([da, db]);
  }
  return a.length === b.length ? pairs : null;
}

/**
 * The logged roll an undone battle is applied with again: its newest Roll entry before the battle's entry, among
 * the Log rows read, when it lists the very pairs the battle was applied with. Null otherwise: the battle then needs
 * a new logged roll, which the undo's answer says.
 */
export function rollToKeepAgain(log: SheetTable, applied: Entry): LoggedRoll | null {
  const used = pairsOnLog(log, applied);
  const rolls = entries(log).filter(
    (e) =>
      e.event === EVENT_ROLL &&
      e.state === 'Done' &&
      e.row < applied.row &&
      nameKey(e.battle) === nameKey(applied.battle),
  );
  const rolled = rolls[rolls.length - 1];
  const pairs = rolled ? pairsOnLog(log, rolled) : null;
  if (!rolled || !pairs || !used || JSON.stringify(pairs) !== JSON.stringify(used)) return null;
  return { entry: rolled.id, pairs };
}
