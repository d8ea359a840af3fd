// How the sidebar's state takes a new campaign from a write's answer: the user's setup and dice stay unless
// the battle shown changed on the sheet; a battle applied here stays as fought until its entry is undone.
import { describe, expect, it } from 'vitest';
import type { CampaignData } from '../../src/contract/campaign';
import { withDefender, withSide } from '../../src/sidebar/battle-setup';
import {
  adopt,
  applyProblem,
  initialState,
  isApplied,
  loaded,
  pick,
  recompute,
  withFieldProblem,
  withRolls,
} from '../../src/sidebar/state';
import { fixtureCampaign, fordOf } from '../support/campaign-data';

const base = fixtureCampaign();
const start = () => loaded(initialState(), base);
const withFord = (data: CampaignData, change: Partial<CampaignData['battles'][number]>): CampaignData => ({
  ...data,
  battles: data.battles.map((b, i) => (i === 0 ? { ...b, ...change } : b)),
});

describe('the state after a write', () => {
  it('opens the first battle not applied yet, from the sheet', () => {
    const s = start();
    expect([s.picked, s.rolls, s.picks]).toEqual(['Ford of Avanil', [], 1]);
    expect(s.outcome).toMatchObject({ ok: true });
  });

  it('keeps the user’s setup and dice when the battle did not change on the sheet', () => {
    const edited = {
      ...start(),
      setup: withSide(start().setup, 0, (x) => {
        x.label = 'Mine';
      }),
      rolls: [[90, 10]] as const,
    };
    const s = adopt(edited, fixtureCampaign(0, 2), false);
    expect([s.setup.sides[0].label, s.rolls]).toEqual(['Mine', [[90, 10]]]);
  });

  it('shows the battle as the sheet now holds it when it changed there', () => {
    const edited = { ...start(), rolls: [[90, 10]] as const };
    const sheet = withFord(base, {
      fingerprint: 'battle-ford-2',
      setup: withSide(fordOf(base).setup, 1, (x) => {
        x.circumstances.plan = 'Trap';
      }),
    });
    const s = adopt(edited, sheet, false);
    expect([s.setup.sides[1].circumstances.plan, s.rolls]).toEqual(['Trap', [[90, 10]]]);
    expect(s.outcome).toMatchObject({ ok: true, preview: { result: { winner: 0 } } });
    // Dice the sheet now holds are the battle's own: they replace those rolled here.
    const rolledThere = withFord(sheet, { fingerprint: 'battle-ford-3', rolls: [40, 32] });
    expect(adopt(edited, rolledThere, false).rolls).toEqual([[40, 32]]);
    // Save's own answer changes the fingerprint too: what the user set stays.
    const saved = adopt(edited, sheet, true);
    expect([saved.setup.sides[1].circumstances.plan, saved.rolls]).toEqual(['Hold', [[90, 10]]]);
  });

  it('takes a new battle onto the sheet once saved, and back off when it is gone', () => {
    const fresh = pick(start(), null);
    const named = { ...fresh, setup: { ...fordOf(base).setup, name: 'Skirmish' } };
    const listed: CampaignData = {
      ...base,
      battles: [...base.battles, { ...fordOf(base), setup: named.setup, fingerprint: 'x' }],
    };
    const s = adopt(named, listed, true);
    expect(s.picked).toBe('Skirmish');
    expect(adopt(s, base, false).picked).toBeNull();
  });

  it('keeps a battle applied here as fought until its entry is undone', () => {
    const s0 = start();
    const applied = { ...s0, rolls: [[90, 10]] as const, appliedHere: { message: 'Applied.' } };
    const stillApplied = adopt(applied, withFord(base, { appliedBy: 'e-ford', fingerprint: 'f2' }), false);
    expect(isApplied(stillApplied)).toBe(true);
    expect(stillApplied.outcome).toBe(s0.outcome);
    const undone = adopt(stillApplied, withFord(base, { appliedBy: null, fingerprint: 'f3' }), false);
    expect(isApplied(undone)).toBe(false);
    expect(undone.picked).toBe('Ford of Avanil');
    // Undone, the battle opens as the sheet holds it: the dice it was fought with went with the undo.
    expect(undone.rolls).toEqual([]);
  });

  it('refuses to apply a battle whose Roll cell holds a formula, before any call', () => {
    const s = loaded(initialState(), withFord(base, { rollFormula: true }));
    expect(applyProblem(s)).toBe(
      'A Roll cell of battle "Ford of Avanil" holds a formula: it rolls again on every edit of the sheet. Clear it on the Battles sheet, then Reload.',
    );
    expect(applyProblem(start())).toBeNull();
  });

  it('says a tie and a result where the user looks', () => {
    expect(withRolls(start(), [[41, 32]]).message).toMatchObject({
      spot: 'roll',
      text: 'Tie — roll again (Avanil and Ghoere both 64).',
    });
    expect(
      withRolls(start(), [
        [41, 32],
        [90, 10],
      ]).message,
    ).toMatchObject({
      spot: 'result',
      kind: 'ok',
      text: 'Avanil wins by 71 after 1 tie (Avanil 113, Ghoere 42). Casualties are suggested below.',
    });
  });
});

describe('a field holding what its cell would refuse', () => {
  it('marks the preview not worked out (never valued as if blank) until it is fixed, and a new pick forgets it', () => {
    const rolled = withRolls(start(), [[90, 10]]);
    const refused = withFieldProblem(
      rolled,
      'castle-1',
      'Ghoere’s castle level: a whole number from 0 to 100 (got $1)',
    );
    expect([refused.outcome, refused.selection]).toEqual([
      {
        ok: false,
        problem:
          'Not worked out until this is fixed: Ghoere’s castle level: a whole number from 0 to 100 (got $1)',
      },
      null,
    ]);
    const fixed = withFieldProblem(refused, 'castle-1', null);
    expect(fixed.outcome).toEqual(rolled.outcome);
    expect(fixed.fieldProblems).toEqual({});
    expect(withFieldProblem(fixed, 'castle-1', null)).toBe(fixed);
    expect(pick(refused, 'Ford of Avanil').fieldProblems).toEqual({});
  });

  it('counts a castle level only while its side defends: untick Defender and the preview is worked out', () => {
    const refused = withFieldProblem(start(), 'castle-1', 'Ghoere’s castle level: a whole number (got $1)');
    expect(refused.outcome?.ok).toBe(false);
    // Ghoere defends in the Ford; with nobody defending, its castle is ignored (RULES), and so is the field.
    const open = recompute({ ...refused, setup: withDefender(refused.setup, null) });
    expect(open.outcome).toEqual(recompute({ ...start(), setup: withDefender(start().setup, null) }).outcome);
    expect(open.outcome?.ok).toBe(true);
    // Defending again, the field's text is still refused: the preview waits for it again.
    expect(recompute({ ...open, setup: withDefender(open.setup, 1) }).outcome?.ok).toBe(false);
  });
});
