// Sealed plans and logged dice in the sidebar's state and controller, on plain data: each side's seal as each
// person sees it, who is offered Seal plan, Reveal and the logged Roll, the person's own sealed plan in their setup,
// and Seal plan, Reveal plans and the logged Roll each one server call whose answer is shown at once, its id kept
// for a retry and fresh after a success (a second logged roll is a new one).
import { describe, expect, it } from 'vitest';
import type { CampaignData } from '../../src/contract/campaign';
import { defined } from '../../src/rules';
import { listedRolls, withOwnPlans, withSide } from '../../src/sidebar/battle-setup';
import { createController } from '../../src/sidebar/controller';
import {
  hiddenSides,
  loggedDice,
  maySeal,
  revealRefusal,
  rollOffered,
  sealedSides,
  waitsForReveal,
} from '../../src/sidebar/sealing';
import { initialState, loaded, type State, withRolls } from '../../src/sidebar/state';
import { statusText } from '../../src/sidebar/views/action-bar';
import { type Call, fakeServer, fixtureCampaign, fordOf } from '../support/campaign-data';
import { AS_ANA, AS_BOB, AS_GM, sealedFord, sealOf } from '../support/sealed-data';

const [ANA, BOB, GM] = [AS_ANA.email, AS_BOB.email, AS_GM.email];

/** The Ford as this person's sidebar opens it. */
const shown = (data: CampaignData, you: State['you'] = null): State => ({
  ...loaded(initialState(), data),
  you,
});

/** A tie for the Ford's 23 against 32 (73 each), then a pair that decides it. */
const TIE_THEN_DECIDED: [number, number][] = [
  [50, 41],
  [90, 10],
];

describe('the seals as each person sees them', () => {
  it('puts the own side’s sealed plan in its setup, and leaves the enemy’s No plan', () => {
    const toAna = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa', 'Encircle'), sealOf(BOB, 'bbbbbbbbbbbb')]);
    const s = shown(toAna, AS_ANA);
    expect(s.setup.sides.map((x) => x.circumstances.plan)).toEqual(['Encircle', 'No plan']);
    expect(sealedSides(s)).toEqual([0, 1]);
    expect(hiddenSides(s)).toEqual([1]);
    expect(waitsForReveal(s)).toBe(true);
    // The answer itself is left as it came (the listing's fingerprint and seals untouched).
    expect(fordOf(withOwnPlans(toAna)).seals).toEqual(fordOf(toAna).seals);
    expect(fordOf(toAna).setup.sides[0].circumstances.plan).toBe('No plan');
    // No seal: the campaign is the very object that came.
    const open = fixtureCampaign();
    expect(withOwnPlans(open)).toBe(open);
  });

  it('offers Seal plan only for a side the person commands wholly, before the roll and the reveal', () => {
    const none = sealedFord([null, null]);
    expect([maySeal(shown(none, AS_ANA), 0), maySeal(shown(none, AS_ANA), 1)]).toEqual([true, false]);
    expect([maySeal(shown(none, AS_BOB), 0), maySeal(shown(none, AS_BOB), 1)]).toEqual([false, true]);
    expect([maySeal(shown(none, AS_GM), 0), maySeal(shown(none, AS_GM), 1)]).toEqual([true, true]);
    expect(maySeal(shown(none, null), 0)).toBe(true); // not told who: offered, the server decides
    // A sealed side may seal again; a rolled battle, a revealed one, a new one and an applied one may not.
    expect(maySeal(shown(sealedFord([sealOf(ANA, 'aaaaaaaaaaaa', 'Hold'), null]), AS_ANA), 0)).toBe(true);
    const rolled = sealedFord([null, null], { dice: 'Logged', logged: [[90, 10]] });
    expect(maySeal(shown(rolled, AS_GM), 0)).toBe(false);
    const revealed = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa', undefined, true), null], {
      revealed: ['Encircle', 'Hold'],
    });
    expect(maySeal(shown(revealed, AS_GM), 1)).toBe(false);
    expect(maySeal({ ...shown(none, AS_GM), picked: null }, 0)).toBe(false);
    const applied = {
      ...none,
      battles: none.battles.map((b, i) => (i === 0 ? { ...b, appliedBy: 'e' } : b)),
    };
    expect(maySeal(shown(applied, AS_GM), 0)).toBe(false);
  });

  it('offers Reveal and the logged roll to a GM or a player of both sides, naming the GMs to anyone else', () => {
    const data = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa'), sealOf(BOB, 'bbbbbbbbbbbb')]);
    expect(revealRefusal(shown(data, AS_GM))).toBe('');
    expect(revealRefusal(shown(data, { ...AS_ANA, armies: ['Avanil', 'Ghoere'] }))).toBe('');
    expect(revealRefusal(shown(data, AS_ANA))).toBe(
      `Not yours: it writes both sides' rows. A GM (${GM}) can.`,
    );
  });

  it('keeps the Roll of Sidebar dice as it was without seals, and holds it back until the reveal', () => {
    const open = shown(fixtureCampaign(), AS_ANA);
    expect([loggedDice(open), waitsForReveal(open), rollOffered(open)]).toEqual([false, false, true]);
    expect(rollOffered(withRolls(open, [[90, 10]]))).toBe(false); // decided
    const sealed = shown(sealedFord([sealOf(ANA, 'aaaaaaaaaaaa', 'Encircle'), null]), AS_ANA);
    expect(rollOffered(sealed)).toBe(false);
    expect(statusText(sealed)).toEqual({
      text: 'Plans sealed: the result waits for the reveal.',
      off: false,
    });
    expect(statusText(open).text).toBe('Avanil 23 v Ghoere 32 · Avanil wins 41.3%');
  });

  it('offers the logged Roll, which reveals, to who may make it, on a battle of the sheet not decided', () => {
    const sealed = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa'), sealOf(BOB, 'bbbbbbbbbbbb')], { dice: 'Logged' });
    expect(rollOffered(shown(sealed, AS_GM))).toBe(true);
    expect(rollOffered(shown(sealed, AS_ANA))).toBe(false);
    expect(rollOffered({ ...shown(sealed, AS_GM), picked: null })).toBe(false);
    // Every pair the server drew, ties included, is what the battle opens with (and Apply sends).
    const rolled = sealedFord([null, null], { dice: 'Logged', logged: TIE_THEN_DECIDED });
    expect(listedRolls(fordOf(rolled))).toEqual(TIE_THEN_DECIDED);
    const s = shown(rolled, AS_GM);
    expect(s.outcome).toMatchObject({
      ok: true,
      preview: { rolls: TIE_THEN_DECIDED, result: { winner: 0 } },
    });
    expect(rollOffered(s)).toBe(false);
  });
});

/** A controller over a fake server whose answers are `answers`, in turn (then the campaign as it is). */
function table(data: CampaignData, answers: ((call: Call) => unknown)[] = []) {
  let current = data;
  const fake = fakeServer(
    () => current,
    (call) => {
      const next = answers.shift();
      if (!next) return { ok: true, message: 'Done.', campaign: current };
      return next(call) as never;
    },
  );
  let n = 0;
  const controller = createController(fake.server, { id: () => `op-${++n}`, die: () => 50 });
  return {
    ...fake,
    controller,
    set(d: CampaignData) {
      current = d;
    },
  };
}

const lastCall = (calls: readonly Call[]) => defined(calls[calls.length - 1], 'a call');

describe('Seal plan, Reveal plans and the logged Roll', () => {
  it('seals the plan chosen as one call, and shows the answer’s seal with the setup kept', async () => {
    const sealedByAna = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa', 'Encircle'), null]);
    const t = table(fixtureCampaign(), [
      () => ({
        ok: true,
        message: 'Avanil’s plan is sealed (#aaaaaaaaaaaa): Encircle.',
        campaign: sealedByAna,
      }),
    ]);
    const c = t.controller;
    await c.load();
    c.change(
      withSide(c.state.setup, 0, (s) => {
        s.circumstances.plan = 'Encircle';
      }),
    );
    await c.seal(0);
    expect(lastCall(t.calls)).toEqual({
      name: 'sidebarSeal',
      // The side's armies as loaded: the server finds the side by them, should the rows be sorted meanwhile.
      args: [{ id: 'op-1', battle: 'Ford of Avanil', side: 0, armies: ['Avanil'], plan: 'Encircle' }],
    });
    expect(c.state.message).toMatchObject({ spot: 'side-0', kind: 'ok' });
    expect(c.state.message?.text).toBe('Avanil’s plan is sealed (#aaaaaaaaaaaa): Encircle.');
    expect(c.state.setup.sides[0].circumstances.plan).toBe('Encircle');
    expect(c.state.kept).toBe(null);
    expect(sealedSides(c.state)).toEqual([0]);
    // Sidebar dice: nothing is rolled while a plan is sealed.
    c.roll();
    expect(c.state.rolls).toEqual([]);
    expect(t.calls.map((x) => x.name)).toEqual(['sidebarLoad', 'sidebarSeal']);
  });

  it('sends a seal that got no answer again with its id, and a seal after a success with a new one', async () => {
    const t = table(fixtureCampaign(), [
      () => {
        throw new Error('network');
      },
    ]);
    const c = t.controller;
    await c.load();
    await c.seal(1);
    expect(c.state.message).toMatchObject({ spot: 'side-1', kind: 'error' });
    expect(c.state.message?.text).toMatch(/^Sealing the plan got no answer from Google \(network\)\./);
    expect(c.state.message?.text).toMatch(/Press Seal plan again: a plan is never sealed twice\.$/);
    await c.seal(1);
    await c.seal(1);
    expect(t.calls.slice(1).map((x) => (x.args[0] as { id: string }).id)).toEqual(['op-1', 'op-1', 'op-2']);
    expect(t.calls.slice(1).map((x) => (x.args[0] as { plan: string }).plan)).toEqual([
      'Hold',
      'Hold',
      'Hold',
    ]);
  });

  it('reveals as one call and shows the plans revealed, the dice then rolled here', async () => {
    const both = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa'), sealOf(BOB, 'bbbbbbbbbbbb')]);
    const revealed = sealedFord(
      [sealOf(ANA, 'aaaaaaaaaaaa', undefined, true), sealOf(BOB, 'bbbbbbbbbbbb', undefined, true)],
      { revealed: ['Encircle', 'Trap'], fingerprint: 'battle-ford-revealed' },
    );
    const t = table(both, [() => ({ ok: true, message: 'Plans revealed.', campaign: revealed })]);
    const c = t.controller;
    await c.load();
    expect(waitsForReveal(c.state)).toBe(true);
    await c.reveal();
    expect(lastCall(t.calls)).toEqual({
      name: 'sidebarReveal',
      args: [{ id: 'op-1', battle: 'Ford of Avanil' }],
    });
    expect(c.state.setup.sides.map((s) => s.circumstances.plan)).toEqual(['Encircle', 'Trap']);
    expect(c.state.message).toMatchObject({ spot: 'roll', kind: 'ok', text: 'Plans revealed.' });
    expect(waitsForReveal(c.state)).toBe(false);
    c.roll();
    expect(c.state.rolls).toEqual([[50, 50]]);
    expect(t.calls).toHaveLength(2);
  });

  it('rolls with Logged dice on the server, shows every pair it drew, and makes a second roll a new one', async () => {
    const sealed = sealedFord([sealOf(ANA, 'aaaaaaaaaaaa'), sealOf(BOB, 'bbbbbbbbbbbb')], { dice: 'Logged' });
    const rolled = sealedFord(
      [sealOf(ANA, 'aaaaaaaaaaaa', undefined, true), sealOf(BOB, 'bbbbbbbbbbbb', undefined, true)],
      { dice: 'Logged', revealed: ['Normal attack', 'Hold'], logged: TIE_THEN_DECIDED, fingerprint: 'f-2' },
    );
    const again = sealedFord([null, null], { dice: 'Logged', logged: [[5, 95]], fingerprint: 'f-3' });
    const t = table(sealed, [
      () => ({ ok: true, message: 'Plans revealed. Rolled.', campaign: rolled }),
      () => ({ ok: true, message: 'Rolled again.', campaign: again }),
    ]);
    const c = t.controller;
    await c.load();
    c.setRollMode('typed'); // not offered with Logged dice: the server rolls whatever the mode
    await c.roll();
    expect(lastCall(t.calls)).toEqual({
      name: 'sidebarRoll',
      args: [{ id: 'op-1', battle: 'Ford of Avanil' }],
    });
    expect(c.state.rolls).toEqual(TIE_THEN_DECIDED);
    expect(c.state.outcome).toMatchObject({
      ok: true,
      preview: { rolls: TIE_THEN_DECIDED, result: { winner: 0 } },
    });
    await c.roll();
    expect(lastCall(t.calls)).toEqual({
      name: 'sidebarRoll',
      args: [{ id: 'op-2', battle: 'Ford of Avanil' }],
    });
    expect(c.state.rolls).toEqual([[5, 95]]);
    expect(c.state.outcome).toMatchObject({ ok: true, preview: { result: { winner: 1 } } });
  });
});
