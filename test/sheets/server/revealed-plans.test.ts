// A revealed plan binds (SHEETS.md "Sealed plans"): once a GM's Reveal or a logged roll has shown the plans, the
// battle is fought on them only. A Plan cell changed since, or an apply request carrying another plan, is refused
// naming the side and both plans; the plans cannot be sealed again; and the report tells the seals as kept.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { BattleSetup, CampaignData } from '../../../src/contract/campaign';
import type { Plan, RollPair } from '../../../src/rules';
import { defined } from '../../../src/rules';
import {
  ANA,
  apply,
  BOB,
  failed,
  FORD,
  GM,
  load,
  ok,
  open,
  requestFor,
  reveal,
  roll,
  seal,
  seeded,
  setupOf,
  state,
  undo,
} from '../../support';
import { cellOf, cellsOf } from '../../support/columns';

/** The Ford with both plans sealed (Ana Encircle, Bob Hold) and revealed by the GM as Log entry `the-reveal`. */
function revealed(dice: 'Sidebar' | 'Logged' = 'Sidebar'): LoadedWorkbook {
  const lw = open();
  seeded(lw);
  if (dice === 'Logged') lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  lw.actAs(ANA);
  ok(seal(lw, 0, 'Encircle'));
  lw.actAs(BOB);
  ok(seal(lw, 1, 'Hold'));
  lw.actAs(GM);
  ok(reveal(lw, 'the-reveal'));
  return lw;
}

/** The setup with side i's plan changed, as a crafted or confused request sends it. */
function withPlan(setup: BattleSetup, i: 0 | 1, plan: Plan): BattleSetup {
  const sides = setup.sides.map((s, n) =>
    n === i ? { ...s, circumstances: { ...s.circumstances, plan } } : s,
  ) as unknown as BattleSetup['sides'];
  return { ...setup, sides };
}

const logged = (data: CampaignData): RollPair[] =>
  defined(data.battles.find((b) => b.setup.name === FORD)?.logged, 'the logged pairs') as RollPair[];

describe('a revealed plan binds', () => {
  it('refuses at Apply a Plan cell changed since the reveal, naming the side and both plans, nothing written', () => {
    const lw = revealed();
    lw.actAs(BOB);
    lw.workbook.put('Battles', cellOf('Battles', 'Plan', 3), [['Withdraw']]);
    lw.actAs(GM);
    const data = load(lw);
    const before = state(lw);
    const refused = failed(apply(lw, requestFor(data, setupOf(data, FORD), [[90, 10]])));
    expect(refused.message).toBe(
      `The Plan cell of Ghoere in battle "${FORD}" holds Withdraw, but Hold was revealed for it (Log entry the-reveal): a revealed plan binds. Nothing was written: put Hold back in the cell.`,
    );
    expect(state(lw)).toEqual(before);
  });

  it('refuses an apply request carrying another plan than the revealed one', () => {
    const lw = revealed();
    const data = load(lw);
    const before = state(lw);
    const setup = withPlan(setupOf(data, FORD), 0, 'Withdraw');
    const refused = failed(apply(lw, requestFor(data, setup, [[90, 10]])));
    expect(refused.message).toBe(
      `The request fights Avanil in battle "${FORD}" with Withdraw, but Encircle was revealed for it (Log entry the-reveal): a revealed plan binds. Nothing was written.`,
    );
    expect(state(lw)).toEqual(before);
  });

  it('refuses a logged roll over a Plan cell changed since the reveal', () => {
    const lw = revealed('Logged');
    lw.workbook.put('Battles', cellOf('Battles', 'Plan', 2), [['Hold']]);
    const before = state(lw);
    expect(failed(roll(lw)).message).toBe(
      `The Plan cell of Avanil in battle "${FORD}" holds Hold, but Encircle was revealed for it (Log entry the-reveal): a revealed plan binds. Nothing was written: put Encircle back in the cell.`,
    );
    expect(state(lw)).toEqual(before);
  });

  it('binds the open plans a logged roll was rolled with', () => {
    const lw = open();
    lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
    const pairs = logged(ok(roll(lw, 'the-roll')).campaign);
    const plan = String(lw.workbook.read('Battles', cellOf('Battles', 'Plan', 3))[0]?.[0]);
    const other = plan === 'Withdraw' ? 'Hold' : 'Withdraw';
    lw.workbook.put('Battles', cellOf('Battles', 'Plan', 3), [[other]]);
    const data = load(lw);
    const before = state(lw);
    expect(failed(apply(lw, requestFor(data, setupOf(data, FORD), pairs))).message).toBe(
      `The Plan cell of Ghoere in battle "${FORD}" holds ${other}, but ${plan} was revealed for it (Log entry the-roll): a revealed plan binds. Nothing was written: put ${plan} back in the cell.`,
    );
    expect(state(lw)).toEqual(before);
  });

  it('refuses to seal again a battle whose cells were cleared after the reveal', () => {
    const lw = revealed();
    // Both sides' Plan and Sealed cells cleared, as anyone who may edit them can.
    lw.workbook.put('Battles', cellsOf('Battles', 'Plan', 2, 3), [[''], ['']]);
    lw.workbook.put('Battles', cellsOf('Battles', 'Sealed', 2, 3), [[''], ['']]);
    lw.actAs(BOB);
    const before = state(lw);
    expect(failed(seal(lw, 1, 'Withdraw')).message).toBe(
      `The plans of battle "${FORD}" were revealed already (Log entry the-reveal): they bind it, and cannot be sealed again. Nothing was written.`,
    );
    expect(state(lw)).toEqual(before);
  });

  it('reports the seals as kept, whatever the Sealed cells were typed to say since, and forgets them once applied', () => {
    const lw = revealed();
    const cell = String(lw.workbook.read('Battles', cellOf('Battles', 'Sealed', 2))[0]?.[0]);
    lw.workbook.put('Battles', cellOf('Battles', 'Sealed', 2), [[cell.replace(ANA, 'mallory@example.com')]]);
    const data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), [[90, 10]])));
    const report = String(applied.campaign.entries[0]?.report);
    expect(report).toMatch(
      /Plan sealed by ana@example\.com, .* \(commitment #[0-9a-f]{12}\), revealed at the roll: Encircle/,
    );
    expect(report).not.toContain('mallory');
    expect([...lw.workbook.properties.keys()].filter((k) => k.startsWith('warcard.plans.'))).toEqual([]);
  });

  it('binds the battle again once its apply is undone, with either dice', () => {
    for (const dice of ['Sidebar', 'Logged'] as const) {
      const lw = revealed(dice);
      const rolls =
        dice === 'Logged' ? logged(ok(roll(lw, 'the-roll')).campaign) : ([[90, 10]] as RollPair[]);
      const data = load(lw);
      const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), rolls)));
      ok(undo(lw, defined(applied.campaign.entries[0], 'the battle entry').id));
      lw.workbook.put('Battles', cellOf('Battles', 'Plan', 3), [['Withdraw']]);
      const again = load(lw);
      const before = state(lw);
      const refused = failed(apply(lw, requestFor(again, setupOf(again, FORD), rolls)));
      expect(refused.message, dice).toContain(
        `The Plan cell of Ghoere in battle "${FORD}" holds Withdraw, but Hold was revealed for it (Log entry ${dice === 'Logged' ? 'the-roll' : 'the-reveal'})`,
      );
      expect(state(lw)).toEqual(before);
    }
  });
});
