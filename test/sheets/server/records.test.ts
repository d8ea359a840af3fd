// The record entries (SHEETS.md "Log"): a Seal, a Reveal and a Roll say what happened and are never undone; asked
// to undo one, Undo says so, not that another entry is the newest. Every logged roll of a battle is kept by the
// server (each pair, by whom, when) and told in the battle's report; the Log's Roll rows are its readable copy, and
// one deleted or changed is named.
import { describe, expect, it } from 'vitest';
import { failed, GM, ok, open, reveal, roll, seal, seeded, state, undo, values } from '../../support';
import { ANA, apply, BOB, FORD, load, requestFor, setupOf } from '../../support';
import { columnLetters, editsOf } from '../../../dev/gas';
import type { RollPair } from '../../../src/rules';
import { defined } from '../../../src/rules';

/** The Ford with Logged dice, rolled twice by the GM (entries `first` and `second`); the second roll's pairs. */
function rolledTwice() {
  const lw = open();
  seeded(lw);
  lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  lw.workbook.people.owner = GM;
  lw.actAs(GM);
  ok(roll(lw, 'first-roll'));
  const second = ok(roll(lw, 'second-roll'));
  const pairs = defined(
    second.campaign.battles.find((b) => b.setup.name === FORD)?.logged,
    'pairs',
  ) as RollPair[];
  return { lw, pairs };
}

/** A Log row's cells by header. */
function logCells(lw: ReturnType<typeof open>, id: string): Record<string, unknown> {
  const [head = [], ...rows] = values(lw, 'Log');
  const row = defined(
    rows.find((r) => r[head.indexOf('Entry')] === id),
    id,
  );
  return Object.fromEntries(head.map((h, i) => [String(h), row[i]]));
}

const text = (pairs: readonly (readonly number[])[]) => pairs.map((p) => p.join('-')).join(', ');

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

describe('every logged roll kept', () => {
  it('tells each roll of the battle in its report, by whom and when, and names a deleted Roll row', () => {
    const { lw, pairs } = rolledTwice();
    const first = logCells(lw, 'first-roll');
    const firstPairs = String(first['Rolls A'])
      .split(', ')
      .map((a, i) => [Number(a), Number(String(first['Rolls B']).split(', ')[i])]);
    editsOf(lw.workbook).deleteRow('Log', rowOf(lw, 'first-roll'));
    const data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
    expect(applied.message).toContain(
      `The Roll row of Log entry first-roll (${text(firstPairs)}, by ${GM}, `,
    );
    expect(applied.message).toContain(
      ') was deleted on the Log: the kept roll stands, and the report tells it.',
    );
    expect(applied.message).not.toContain('Log entry second-roll (');
    const report = String(applied.campaign.entries[0]?.report);
    expect(report).toMatch(
      new RegExp(
        `Log entry first-roll, by gm@example\\.com, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: ${text(firstPairs)}; its Log row was deleted`,
      ),
    );
    expect(report).toMatch(
      new RegExp(
        `Log entry second-roll, by gm@example\\.com, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: ${text(pairs)}\n`,
      ),
    );
  });

  it('names a Roll row whose dice were changed by hand, and fights with the kept roll', () => {
    const { lw, pairs } = rolledTwice();
    const [head = []] = values(lw, 'Log');
    const column = columnLetters(head.indexOf('Rolls A') + 1);
    const last = defined(pairs.at(-1), 'the deciding pair');
    lw.workbook.put('Log', `${column}${rowOf(lw, 'second-roll')}`, [[last[0] === 100 ? 99 : last[0] + 1]]);
    const data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
    expect(applied.message).toContain(`The Roll row of Log entry second-roll (${text(pairs)}, by ${GM}, `);
    expect(applied.message).toContain(') was changed on the Log: the kept roll stands');
    expect(String(applied.campaign.entries[0]?.report)).toContain(
      `: ${text(pairs)}; its Log row was changed since`,
    );
  });
});
