// A seal belongs to its battle and side, not to a cell (SHEETS.md "Sealed plans"): the kept record names the
// battle, the side's armies and who sealed it, and who sees the plan is decided by that record and the Players
// sheet. A commitment copied into another side's Sealed cell, a `by` typed over, an army added to the Armies cell:
// none shows the plan to anyone else, and a Sealed cell whose commitment is no seal of its side is a problem.
import { describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook } from '../../../dev/gas';
import type { CampaignData } from '../../../src/contract/campaign';
import { defined } from '../../../src/rules';
import {
  ANA,
  BOB,
  call,
  failed,
  FORD,
  GM,
  ok,
  open,
  page,
  reveal,
  seal,
  seatTable,
  seeded,
  state,
  values,
} from '../../support';

const SECRET = 'Encircle';

/** The Ford at a seated table: Ana plays Avanil (row 2), Bob Ghoere and Roesone (row 3); Ana's plan sealed. */
function sealedFord(): LoadedWorkbook {
  const lw = open();
  seeded(lw);
  seatTable(lw, [
    [GM, 'GM', ''],
    [ANA, 'Player', 'Avanil'],
    [BOB, 'Player', 'Ghoere, Roesone'],
  ]);
  lw.actAs(ANA);
  ok(seal(lw, 0, SECRET));
  return lw;
}

/** A Battles cell's A1 address, by header. */
function cellOf(lw: LoadedWorkbook, header: string, row: number): string {
  const [head = []] = values(lw, 'Battles');
  return `${columnLetters(head.indexOf(header) + 1)}${row}`;
}

const read = (lw: LoadedWorkbook, a1: string) => lw.workbook.read('Battles', a1)[0]?.[0];

const loaded = (lw: LoadedWorkbook) => ok(call<{ campaign: CampaignData }>(lw, 'sidebarLoad')).campaign;

/** What each of these people is sent: the load's answer and the page Battle… builds. */
function answersTo(lw: LoadedWorkbook, who: string): string {
  lw.actAs(who);
  return `${JSON.stringify(call(lw, 'sidebarLoad'))}\n${page(lw)}`;
}

describe('a seal belongs to its battle and side', () => {
  it('keeps with the plan the battle, the side’s armies and who sealed it', () => {
    const lw = sealedFord();
    const kept = [...lw.workbook.properties].filter(([k]) => k.startsWith('warcard.seal.'));
    expect(kept).toHaveLength(1);
    const [, json = ''] = kept[0] ?? [];
    expect(JSON.parse(json)).toEqual({
      battle: 'ford of avanil',
      side: 'avanil',
      by: ANA,
      plan: SECRET,
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('shows nobody the plan through a commitment copied into their own Sealed cell, and names the cell as a problem', () => {
    const lw = sealedFord();
    const sealedCell = read(lw, cellOf(lw, 'Sealed', 2));
    const commitment = String(sealedCell).slice(-12);
    // Bob, in his own row: Sealed in his Plan cell, Ana's commitment in his Sealed cell.
    lw.actAs(BOB);
    lw.workbook.put('Battles', cellOf(lw, 'Plan', 3), [['Sealed']]);
    lw.workbook.put('Battles', cellOf(lw, 'Sealed', 3), [[sealedCell]]);
    expect(answersTo(lw, BOB)).not.toContain(SECRET);
    expect(loaded(lw).problems).toContain(
      `Battles row 3: the Sealed cell of Ghoere in battle "${FORD}" holds commitment #${commitment}, which is no plan sealed for that side (typed or copied, or its armies changed since it was sealed): its players seal the plan again.`,
    );
    // Ana still sees her own.
    lw.actAs(ANA);
    expect(
      defined(
        loaded(lw).battles.find((b) => b.setup.name === FORD),
        FORD,
      ).seals[0]?.plan,
    ).toBe(SECRET);
  });

  it('shows nobody the plan through a `by` typed over in the Sealed cell', () => {
    for (const who of [BOB, GM]) {
      const lw = sealedFord();
      const at = cellOf(lw, 'Sealed', 2);
      lw.actAs(GM);
      lw.workbook.put('Battles', at, [[String(read(lw, at)).replace(ANA, who)]]);
      expect(answersTo(lw, who), who).not.toContain(SECRET);
      // The seal is still its side's: Ana sees it, and no problem is made of it.
      lw.actAs(ANA);
      const data = loaded(lw);
      expect(
        defined(
          data.battles.find((b) => b.setup.name === FORD),
          FORD,
        ).seals[0]?.plan,
      ).toBe(SECRET);
      expect(data.problems.filter((p) => p.includes('Sealed cell'))).toEqual([]);
    }
  });

  it('shows nobody the plan through an army added to the side’s Armies cell, and the reveal refuses the changed side', () => {
    const lw = sealedFord();
    lw.actAs(GM);
    lw.workbook.put('Battles', cellOf(lw, 'Armies', 2), [['Avanil, Roesone']]);
    expect(answersTo(lw, BOB)).not.toContain(SECRET);
    const problems = loaded(lw).problems;
    expect(problems.filter((p) => p.startsWith('Battles row 2: the Sealed cell of Avanil'))).toHaveLength(1);
    lw.actAs(GM);
    const before = state(lw);
    const refused = failed(reveal(lw));
    expect(refused.message).toContain(
      "was sealed for another side, or the side's armies changed since. Nothing was revealed",
    );
    expect(state(lw)).toEqual(before);
  });
});
