// The record entries (SHEETS.md "Log"): a Seal, a Reveal and a Roll say what happened and are never undone; asked
// to undo one, Undo says so, not that another entry is the newest.
import { describe, expect, it } from 'vitest';
import { failed, GM, ok, open, reveal, roll, seal, seeded, state, undo, values } from '../../support';
import { ANA, BOB } from '../../support';

/** The Log row of the entry of this id. */
function rowOf(lw: ReturnType<typeof open>, id: string): number {
  const log = values(lw, 'Log');
  const entry = (log[0] ?? []).indexOf('Entry');
  return log.findIndex((r) => r[entry] === id) + 1;
}

describe('undoing a record', () => {
  it('says that records are not undone, for a Seal, a Reveal and a Roll, and changes nothing', () => {
    const lw = open();
    seeded(lw);
    lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle', 'the-seal'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Hold', 'bob-seal'));
    lw.actAs(GM);
    ok(reveal(lw, 'the-reveal'));
    ok(roll(lw, 'the-roll'));
    const why = {
      'the-seal':
        'Seal entry, a record: records are not undone, as a sealed plan stays sealed until the reveal',
      'the-reveal': 'Reveal entry, a record: records are not undone, as revealed plans bind the battle',
      'the-roll': 'Roll entry, a record: records are not undone, as a logged roll stands',
    };
    for (const [id, words] of Object.entries(why)) {
      const before = state(lw);
      const refused = failed(undo(lw, id));
      expect(refused.message, id).toContain(`Log row ${rowOf(lw, id)} is a ${words}`);
      expect(refused.message, id).toMatch(/Nothing was changed\.$/);
      expect(refused.message, id).not.toContain('that is now');
      expect(state(lw)).toEqual(before);
    }
  });
});
