// The preview view-model, on plain data: what the sidebar shows is worked out in the browser from the loaded
// campaign, by the same fightBattle the server applies with.
import { describe, expect, it } from 'vitest';
import { fightSetup } from '../../src/contract/fight-setup';
import { openCampaign } from '../../src/contract/campaign';
import type { BattleSetup } from '../../src/contract/campaign';
import { CASUALTY_TABLE, type RollPair } from '../../src/rules';
import { previewOf } from '../../src/sidebar/preview-model';
import { withSide } from '../../src/sidebar/battle-setup';
import { fixtureCampaign, fordOf } from '../support/campaign-data';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;

const preview = (setup: BattleSetup, rolls: readonly RollPair[] = []) => {
  const o = previewOf(campaign, setup, rolls);
  if (!o.ok) throw new Error(o.problem);
  return o.preview;
};

describe('the preview of a battle', () => {
  it('values each side with its modifiers and where they came from', () => {
    const [a, b] = preview(ford).sides;
    expect([a.base, a.unitValue, a.percent, a.points, a.battleValue]).toEqual([20, 16, 15, 0, 23]);
    expect(a.characters).toEqual([{ name: 'Lord Aerin', bonus: 4 }]);
    expect(a.modifiers.map((m) => [m.group, m.label, m.amount, m.measure, m.source])).toEqual([
      ['Morale', 'Home Realm', 5, 'percent', 'ticked'],
      ['Diversity', 'Three or more general types (Role)', 10, 'percent', 'roster'],
    ]);
    // Ghoere: 15 + 10% = 16.5, + 15 points for the river = 31.5, halves up: 32. Hold against Normal attack: Cas −10.
    expect([b.base, b.percent, b.points, b.battleValue, b.planEffect, b.cas]).toEqual([
      15,
      10,
      15,
      32,
      'casualty rate −10%',
      -10,
    ]);
    expect(b.units.map((u) => u.row)).toEqual([6, 8, 9, 10]);
    expect(b.notFighting).toBe(1); // Ghoere Levy 2 is routed
  });

  it('gives the exact odds of fightBattle and the bands with the plans’ Cas in their rates', () => {
    const p = preview(ford);
    const found = fightSetup(campaign, ford, []);
    if (!found.ok) throw new Error(found.problem);
    const odds = found.fight.evaluation.odds;
    if (!odds || !p.odds) throw new Error('the Ford is a battle: it has odds');
    expect(p.odds.winA).toBe(odds.winA);
    expect(p.odds.expected).toEqual([odds.expectedCasualtiesA, odds.expectedCasualtiesB]);
    expect(p.odds.bands.map((b) => b.label)).toEqual(CASUALTY_TABLE.map((b) => b.label));
    // 1-10: the winner loses 70%, the loser 30%; Ghoere's Cas −10 on each of its rates.
    expect(p.odds.bands[0]).toMatchObject({ label: '1-10', ratesIfA: [70, 20], ratesIfB: [30, 60] });
    // 401+: the winner 5%, the loser 100%; Ghoere's −10 makes 90% as loser and 0% (not −5%) as winner.
    expect(p.odds.bands.at(-1)).toMatchObject({ label: '400+', ratesIfA: [5, 90], ratesIfB: [100, 0] });
    // Full charge against Full charge: Cas +20 on both sides, and never above 100%.
    const charge = withSide(
      withSide(ford, 0, (s) => {
        s.circumstances.plan = 'Full charge';
      }),
      1,
      (s) => {
        s.circumstances.plan = 'Full charge';
      },
    );
    expect(preview(charge).odds?.bands.at(-1)).toMatchObject({ ratesIfA: [25, 100], ratesIfB: [100, 25] });
  });

  it('advises on every pair of plans, without the chosen plans’ own effects', () => {
    const p = preview(ford);
    expect(p.advice.plans).toHaveLength(7);
    expect(p.advice.winA.map((r) => r.length)).toEqual([7, 7, 7, 7, 7, 7, 7]);
    // Hold against Hold and Withdraw is no battle.
    expect(p.advice.winA[4]?.[4]).toBeNull();
    expect(p.advice.winA[5]?.[4]).toBeNull();
    // Normal attack against Hold is the battle as set up: the same chance as the odds.
    if (!p.odds) throw new Error('the Ford is a battle: it has odds');
    expect(p.advice.winA[1]?.[4]).toBeCloseTo(p.odds.winA, 12);
  });

  it('resolves the rolls and suggests the casualties by Units row', () => {
    const p = preview(ford, [[90, 10]]);
    // 23 + 90 = 113 against 32 + 10 = 42: Avanil by 71 (71-80: 30% and 50%, Ghoere's −10 makes 40%).
    expect(p.result).toMatchObject({
      winner: 0,
      difference: 71,
      totals: [113, 42],
      rates: [30, 40],
      points: [5, 6],
      destroyedPoints: [3, 3],
      routedPoints: [2, 3],
    });
    // Avanil 6, 4, 3, 3: 3 destroyed is the first 3 (row 4), then 2 routed the nearest, the other 3 (row 5).
    // Ghoere 2, 5, 5, 3 (Levy 2 routed already): 3 destroyed is the Engines (row 10), 3 routed the Levy's 2.
    expect(p.result?.suggested).toEqual([
      { destroyed: [4], routed: [5] },
      { destroyed: [10], routed: [6] },
    ]);
    expect(p.rolls).toEqual([[90, 10]]);
    expect(p.tie).toBe(false);
  });

  it('keeps every tie, and drops pairs after the one that decides', () => {
    // 23 + 41 = 64 = 32 + 32: a tie, rolled again.
    expect(preview(ford, [[41, 32]])).toMatchObject({ tie: true, result: null, rolls: [[41, 32]] });
    const p = preview(ford, [
      [41, 32],
      [50, 50],
      [1, 1],
    ]);
    expect(p.rolls).toEqual([
      [41, 32],
      [50, 50],
    ]);
    expect(p.result?.winner).toBe(1);
  });

  it('shows no odds and no result when the plans rule out a battle', () => {
    const hold = withSide(ford, 0, (s) => {
      s.circumstances.plan = 'Hold';
    });
    const p = preview(hold, [[90, 10]]);
    expect([p.noBattle, p.odds, p.result, p.rolls]).toEqual([true, null, null, []]);
  });

  it('says what keeps a battle from being valued', () => {
    const empty = withSide(ford, 1, (s) => {
      s.armies = [];
    });
    expect(previewOf(campaign, empty, [])).toEqual({
      ok: false,
      problem: 'Choose at least one army for Ghoere.',
    });
    const unknown = withSide(ford, 1, (s) => {
      s.armies = ['Nowhere'];
    });
    expect(previewOf(campaign, unknown, [])).toEqual({
      ok: false,
      problem: 'Army "Nowhere" is not in the roster: no unit or character has that Army.',
    });
  });

  it('notes what the rules do to ticks the lines would not show', () => {
    const notDefending = withSide(ford, 0, (s) => {
      s.circumstances.defense.narrowPass = true;
      s.circumstances.engineering = true;
    });
    expect(preview(notDefending).sides[0].notes).toEqual([
      'Defender modifiers are ticked, but this side does not defend: they do not count.',
      'Engineering and Siegecraft count only when attacking a defender with a castle level.',
    ]);
  });
});
