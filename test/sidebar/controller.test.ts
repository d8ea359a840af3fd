// The controller against a fake server on plain data: every preview and roll is local, each write is one call,
// a write on its way blocks a second, and every answer's campaign is shown with no second call.
import { describe, expect, it } from 'vitest';
import type { ApplyRequest, Response, Written } from '../../src/contract/api';
import type { CampaignData } from '../../src/contract/campaign';
import { defined } from '../../src/rules';
import { createController } from '../../src/sidebar/controller';
import { withSide } from '../../src/sidebar/battle-setup';
import { canRoll, isApplied } from '../../src/sidebar/state';
import { type Call, fakeServer, fixtureCampaign } from '../support/campaign-data';

/** Dice that come out as given. */
const dice = (...faces: number[]) => {
  let i = 0;
  return () => defined(faces[i++ % faces.length], 'a face of the dice');
};

/** The campaign after applying the Ford: the battle applied by a new entry, first in the undo list. */
function afterApply(data: CampaignData): CampaignData {
  return {
    ...data,
    battles: data.battles.map((b, i) =>
      i === 0 ? { ...b, appliedBy: 'e-ford', rolls: [90, 10], fingerprint: 'battle-ford-2' } : b,
    ),
    entries: [
      {
        id: 'e-ford',
        row: 4,
        event: 'Battle',
        battle: 'Ford of Avanil',
        result: 'Avanil wins by 71',
        report: 'Battle: Ford of Avanil',
      },
      ...data.entries,
    ],
  };
}

function setUp(answer?: (call: Call) => Response<Written>) {
  let data = fixtureCampaign();
  const fake = fakeServer(() => data, answer);
  let n = 0;
  const controller = createController(fake.server, { die: dice(90, 10), id: () => `op-${++n}` });
  return {
    ...fake,
    controller,
    setData(d: CampaignData) {
      data = d;
    },
  };
}

const names = (calls: readonly Call[]) => calls.map((c) => c.name);

describe('the controller', () => {
  it('goes from opening to applied in two calls, whatever is ticked, typed and rolled between', async () => {
    const t = setUp(() => ({
      ok: true,
      message: 'Applied: Log row 4.',
      campaign: afterApply(fixtureCampaign()),
    }));
    await t.controller.load();
    const c = t.controller;
    expect(c.state.picked).toBe('Ford of Avanil');
    expect(c.state.outcome).toMatchObject({
      ok: true,
      preview: { sides: [{ battleValue: 23 }, { battleValue: 32 }] },
    });
    // Ticks, plans, armies, names and dice: all worked out here.
    const tick = (on: boolean) =>
      c.change(
        withSide(c.state.setup, 0, (s) => {
          s.circumstances.morale.beatenFoe = on;
        }),
      );
    tick(true);
    expect(c.state.outcome).toMatchObject({ ok: true, preview: { sides: [{ battleValue: 24 }, {}] } });
    tick(false);
    c.army(0, 'Rjurik', true);
    c.army(0, 'Rjurik', false);
    c.army(0, 'Ghoere', true); // refused: it fights for the other side
    expect(c.state.message).toMatchObject({ spot: 'side-0', kind: 'error' });
    expect(c.state.setup.sides[1].armies).toEqual(['Ghoere']);
    c.setRollMode('typed');
    c.typedDice('41', '32'); // 23 + 41 = 32 + 32: a tie
    expect(c.state.outcome).toMatchObject({ ok: true, preview: { tie: true } });
    expect(c.state.message).toMatchObject({ spot: 'roll' });
    // A die refused: one message for its field, in its side's name; nothing rolled, no other message.
    c.typedDice('0', '5');
    expect([c.state.message, c.state.typed, c.state.rolls]).toEqual([
      null,
      { texts: ['0', '5'], problems: ['Avanil’s die: a whole number from 1 to 100 (got 0)', null] },
      [[41, 32]],
    ]);
    c.typedDice('7', '$100');
    expect(c.state.typed.problems).toEqual([null, 'Ghoere’s die: a whole number from 1 to 100 (got $100)']);
    c.clearDice();
    expect(c.state.typed).toEqual({ texts: ['', ''], problems: [null, null] });
    c.roll();
    expect(c.state.rolls).toEqual([[90, 10]]);
    expect(c.state.message).toMatchObject({
      spot: 'result',
      text: 'Avanil wins by 71 (Avanil 113, Ghoere 42). Casualties are suggested below.',
    });
    c.toggle(1, 8, 'captured', true);
    expect(names(t.calls)).toEqual(['sidebarLoad']);

    await c.apply();
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarApply']);
    const sent = defined(t.calls[1], 'the apply call').args[0] as ApplyRequest;
    expect(sent.id).toBe('op-1');
    expect(sent.rolls).toEqual([[90, 10]]);
    expect(sent.captured).toEqual([{ row: 8, name: 'Ghoere Horse' }]);
    expect(sent.expect.battle).toBe('battle-ford-1');
    expect(c.state.message).toMatchObject({ spot: 'apply', kind: 'ok', text: 'Applied: Log row 4.' });
    // The result stays as fought; nothing more can be rolled or applied for it.
    expect(isApplied(c.state)).toBe(true);
    expect(c.state.outcome).toMatchObject({ ok: true, preview: { result: { difference: 71 } } });
    c.roll();
    await c.apply();
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarApply']);
    expect(c.state.campaign?.data.entries[0]?.id).toBe('e-ford');
  });

  it('shows the busy state and sends nothing more while a write is on its way', async () => {
    const t = setUp();
    await t.controller.load();
    const c = t.controller;
    c.roll();
    t.hold();
    const applying = c.apply();
    expect(c.state.busy).toBe('apply');
    await c.apply();
    await c.undo();
    await c.newRound();
    await c.save();
    await c.reload();
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarApply']);
    t.release();
    await applying;
    expect(c.state.busy).toBeNull();
  });

  it('shows a refusal’s fresh campaign at once, beside the button, with a Reload that calls only when pressed', async () => {
    // Someone ticked Beaten Foe for Avanil on the sheet meanwhile.
    const fresh = fixtureCampaign(0, 2);
    const changed: CampaignData = {
      ...fresh,
      battles: fresh.battles.map((b, i) =>
        i === 0
          ? {
              ...b,
              fingerprint: 'battle-ford-2',
              setup: withSide(b.setup, 0, (s) => {
                s.circumstances.morale.beatenFoe = true;
              }),
            }
          : b,
      ),
    };
    const message =
      'Battle "Ford of Avanil" changed on the Battles sheet since the sidebar loaded (another user, or an edit on the sheet). Nothing was written.';
    const answers: Response<Written>[] = [{ ok: false, code: 'stale', message, campaign: changed }];
    const t2 = setUp(() => defined(answers.shift(), 'an answer'));
    await t2.controller.load();
    t2.controller.roll();
    await t2.controller.apply();
    const s = t2.controller.state;
    expect(names(t2.calls)).toEqual(['sidebarLoad', 'sidebarApply']);
    expect(s.message).toMatchObject({
      spot: 'apply',
      kind: 'error',
      reload: false,
      text: `${message} The sidebar now shows the campaign as it stands: check the battle and apply again.`,
    });
    expect(s.setup.sides[0].circumstances.morale.beatenFoe).toBe(true);
    expect(s.outcome).toMatchObject({ ok: true, preview: { sides: [{ battleValue: 24 }, {}] } });
    t2.setData(changed);
    await t2.controller.reload();
    expect(names(t2.calls)).toEqual(['sidebarLoad', 'sidebarApply', 'sidebarLoad']);
  });

  it('sends the same id again after a call lost on the way, and a fresh one for the next write', async () => {
    let lost = true;
    const t = setUp((call) => {
      if (call.name === 'sidebarApply' && lost) {
        lost = false;
        throw new Error('Exceeded maximum execution time');
      }
      return {
        ok: true,
        message: 'Done.',
        campaign: call.name === 'sidebarApply' ? afterApply(fixtureCampaign()) : fixtureCampaign(),
      };
    });
    await t.controller.load();
    const c = t.controller;
    c.roll();
    await c.apply();
    expect(c.state.busy).toBeNull();
    expect(c.state.message).toMatchObject({ spot: 'apply', kind: 'error' });
    expect(c.state.message?.text).toBe(
      'Applying got no answer from Google (Exceeded maximum execution time). If you are signed in to more than one Google account, use only one (sign out of the others, or open the spreadsheet in a private window): Apps Script sidebars fail with several. Press Apply to roster again: a battle is never applied twice.',
    );
    await c.apply();
    const ids = t.calls.filter((x) => x.name === 'sidebarApply').map((x) => (x.args[0] as ApplyRequest).id);
    expect(ids).toEqual(['op-1', 'op-1']);
    await c.newRound();
    expect(t.calls.at(-1)?.args[0]).toMatchObject({ id: 'op-2' });
  });

  it('undoes the newest entry first, one call each, showing the new list from the answer', async () => {
    const t = setUp((call) => {
      const d = fixtureCampaign();
      const taken = (call.args[0] as { entry: string }).entry;
      return {
        ok: true,
        message: `Undid ${taken}.`,
        campaign: {
          ...d,
          entries: d.entries.filter((e) => e.id !== taken).slice(taken === 'e-raid' ? 0 : 1),
        },
      };
    });
    await t.controller.load();
    await t.controller.undo();
    expect(t.calls[1]?.args[0]).toEqual({ entry: 'e-raid' });
    expect(t.controller.state.campaign?.data.entries.map((e) => e.id)).toEqual(['e-round']);
    expect(t.controller.state.message).toMatchObject({ spot: 'log', kind: 'ok', text: 'Undid e-raid.' });
    await t.controller.undo();
    expect(t.calls[2]?.args[0]).toEqual({ entry: 'e-round' });
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarUndo', 'sidebarUndo']);
  });

  it('shows a battle undone as it now stands, ready to fight again, unless set-up typed here is not saved', async () => {
    // The Northern raid undone on the sheet: no longer applied, its dice gone, its entry off the undo list.
    const undone = (d: CampaignData): CampaignData => ({
      ...d,
      battles: d.battles.map((b) =>
        b.setup.name === 'Northern raid'
          ? { ...b, appliedBy: null, rolls: [null, null], fingerprint: 'battle-raid-2' }
          : b,
      ),
      entries: d.entries.filter((e) => e.id !== 'e-raid'),
    });
    const answer = (): Response<Written> => ({
      ok: true,
      message: 'Undid battle "Northern raid" (Log row 3).',
      campaign: undone(fixtureCampaign()),
    });
    const t = setUp(answer);
    await t.controller.load();
    expect(t.controller.state.picked).toBe('Ford of Avanil');
    await t.controller.undo();
    expect(t.calls[1]?.args[0]).toEqual({ entry: 'e-raid' });
    const s = t.controller.state;
    expect([s.picked, isApplied(s), canRoll(s), s.rolls]).toEqual(['Northern raid', false, true, []]);
    expect(s.message).toMatchObject({
      spot: 'log',
      kind: 'ok',
      text: 'Undid battle "Northern raid" (Log row 3).',
    });

    // Set-up typed for the Ford and not saved stays shown: picking the raid would lose it.
    const kept = setUp(answer);
    await kept.controller.load();
    const c = kept.controller;
    c.change(
      withSide(c.state.setup, 0, (x) => {
        x.circumstances.morale.beatenFoe = true;
      }),
    );
    await c.undo();
    expect([c.state.picked, c.state.setup.sides[0].circumstances.morale.beatenFoe]).toEqual([
      'Ford of Avanil',
      true,
    ]);
  });

  it('renames a typo’d army to the known one, and refuses when the other side has that army', async () => {
    const t = setUp();
    await t.controller.load();
    const c = t.controller;
    c.change(
      withSide(c.state.setup, 0, (s) => {
        s.armies = ['Avnail'];
      }),
    );
    c.renameArmy(0, 'Avnail', 'Avanil');
    expect(c.state.setup.sides[0].armies).toEqual(['Avanil']);
    c.change(
      withSide(c.state.setup, 1, (s) => {
        s.armies = ['Ghoere', 'Avnail'];
      }),
    );
    c.renameArmy(1, 'Avnail', 'Avanil');
    expect(c.state.setup.sides[1].armies).toEqual(['Ghoere', 'Avnail']);
    expect(c.state.message).toMatchObject({
      spot: 'side-1',
      kind: 'error',
      text: expect.stringMatching(/^Avanil fights for /),
    });
    expect(names(t.calls)).toEqual(['sidebarLoad']);
  });

  it('undoes the battle applied here by its own entry, and not once a new round is newer', async () => {
    const applied = afterApply(fixtureCampaign());
    const rounded: CampaignData = {
      ...applied,
      entries: [
        { id: 'e-round-2', row: 5, event: 'New round', battle: '', result: '', report: '' },
        ...applied.entries,
      ],
    };
    const t = setUp((call) =>
      call.name === 'sidebarNewRound'
        ? { ok: true, message: 'New round.', campaign: rounded }
        : call.name === 'sidebarUndo'
          ? { ok: true, message: 'Undid it.', campaign: fixtureCampaign() }
          : { ok: true, message: 'Applied.', campaign: applied },
    );
    await t.controller.load();
    t.controller.roll();
    await t.controller.apply();
    await t.controller.newRound();
    // The round is the newest entry now: "Undo this battle" would take it back, so it does nothing.
    await t.controller.undoThis();
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarApply', 'sidebarNewRound']);

    const u = setUp(() => ({ ok: true, message: 'Applied.', campaign: applied }));
    await u.controller.load();
    u.controller.roll();
    await u.controller.apply();
    await u.controller.undoThis();
    expect(u.calls.at(-1)).toMatchObject({ name: 'sidebarUndo', args: [{ entry: 'e-ford' }] });
  });

  it('saves in one call, with the battle rows it was loaded with; a new battle needs a free name', async () => {
    const t = setUp();
    await t.controller.load();
    const c = t.controller;
    await c.save();
    expect(t.calls[1]).toEqual({
      name: 'sidebarSave',
      args: [{ setup: c.state.setup, battle: 'battle-ford-1' }],
    });
    c.pick(null);
    c.rename('Ford of avanil');
    await c.save();
    expect(t.calls).toHaveLength(2);
    expect(c.state.message).toMatchObject({ spot: 'battle', kind: 'error' });
    c.rename('Skirmish');
    c.army(0, 'Avanil', true);
    c.army(1, 'Rjurik', true);
    await c.save();
    expect(t.calls[2]?.args[0]).toMatchObject({ setup: { name: 'Skirmish' }, battle: null });
  });

  it('opens a battle of the sheet with both sides shown, and an applied one without dice', async () => {
    const t = setUp();
    await t.controller.load();
    const c = t.controller;
    const picks = c.state.picks;
    c.pick('Northern raid');
    expect(c.state.picks).toBe(picks + 1);
    expect(isApplied(c.state)).toBe(true);
    expect(c.state.rolls).toEqual([]);
    c.roll();
    expect(c.state.rolls).toEqual([]);
  });

  it('opens on the answer the page came with: the first preview with no call, and Reload one sidebarLoad', async () => {
    const t = setUp();
    const c = t.controller;
    c.open({ ok: true, campaign: fixtureCampaign() });
    expect(c.state.picked).toBe('Ford of Avanil');
    expect(c.state.outcome).toMatchObject({ ok: true, preview: { sides: [{ battleValue: 23 }, {}] } });
    expect([c.state.busy, c.state.message]).toEqual([null, null]);
    c.roll();
    await c.apply();
    expect(names(t.calls)).toEqual(['sidebarApply']);
    await c.reload();
    expect(names(t.calls)).toEqual(['sidebarApply', 'sidebarLoad']);
    expect(c.state.message).toMatchObject({
      spot: 'top',
      kind: 'ok',
      text: 'Reloaded: the sidebar shows the campaign as it stands.',
    });
  });

  it('shows the notice of a write put back at the top', () => {
    const t = setUp();
    const notice = 'A battle left unfinished by a failure (Log row 2) was put back.';
    t.controller.open({ ok: true, campaign: fixtureCampaign(), notice });
    expect(t.controller.state.message).toMatchObject({
      spot: 'top',
      kind: 'info',
      reload: false,
      text: notice,
    });
    expect(t.controller.state.picked).toBe('Ford of Avanil');
    expect(t.calls).toEqual([]);
  });

  it('opens on a refusal with its message and a Retry that loads once', async () => {
    const t = setUp();
    const c = t.controller;
    const message =
      'The Units sheet has no "Role" header in its header row (row 1): type it back above its column. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.';
    c.open({ ok: false, code: 'setup', message, campaign: null });
    expect(c.state.campaign).toBeNull();
    expect(c.state.busy).toBeNull();
    expect(c.state.message).toMatchObject({
      spot: 'top',
      kind: 'error',
      reload: true,
      text: `${message} Press Retry once it is fixed.`,
    });
    await c.reload();
    expect(names(t.calls)).toEqual(['sidebarLoad']);
    expect([c.state.picked, c.state.busy, c.state.message]).toEqual(['Ford of Avanil', null, null]);
  });

  it('says when a load got no answer, with the one-account hint, and is not left reading', async () => {
    const t = setUp();
    let lost = true;
    const server = {
      ...t.server,
      sidebarLoad: () =>
        lost
          ? Promise.reject(new Error('NetworkError: Connection failure due to HTTP 0'))
          : t.server.sidebarLoad(),
    };
    const c = createController(server);
    await c.load();
    expect(c.state.busy).toBeNull();
    expect(c.state.message).toMatchObject({
      spot: 'top',
      kind: 'error',
      reload: true,
      text: 'Reading the campaign got no answer from Google (NetworkError: Connection failure due to HTTP 0). If you are signed in to more than one Google account, use only one (sign out of the others, or open the spreadsheet in a private window): Apps Script sidebars fail with several. Then press Retry.',
    });
    lost = false;
    await c.reload();
    expect([c.state.picked, c.state.busy, c.state.message]).toEqual(['Ford of Avanil', null, null]);
  });

  it('says so, not "reading", when an answer cannot be shown', () => {
    const t = setUp();
    t.controller.open({ ok: true } as unknown as Parameters<typeof t.controller.open>[0]);
    expect(t.controller.state.busy).toBeNull();
    expect(t.controller.state.message).toMatchObject({ spot: 'top', kind: 'error', reload: true });
    expect(t.controller.state.message?.text).toMatch(
      /^The sidebar could not show the campaign \(.+\)\. Press Retry\.$/,
    );
  });
});

describe('coming back to the sidebar (focus, the tab shown): a battle undone outside it', () => {
  /** The Ford applied here (roll, apply): the sidebar shows it applied. */
  async function appliedHere() {
    const t = setUp(() => ({
      ok: true,
      message: 'Applied: Log row 4.',
      campaign: afterApply(fixtureCampaign()),
    }));
    await t.controller.load();
    t.controller.roll();
    await t.controller.apply();
    t.setData(afterApply(fixtureCampaign()));
    expect(isApplied(t.controller.state)).toBe(true);
    return t;
  }

  it('reads the campaign once while the battle shown is applied, and shows it ready to apply once undone', async () => {
    const t = await appliedHere();
    const c = t.controller;
    // Still applied on the sheet: one read, and the sidebar stays exactly as it was.
    const before = c.state;
    await c.returned();
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarApply', 'sidebarLoad']);
    expect(c.state).toBe(before);
    // Undone from the menu: the sheet as before the apply (the Ford's rows as they were, its entry gone).
    t.setData(fixtureCampaign());
    await c.returned();
    expect(names(t.calls)).toEqual(['sidebarLoad', 'sidebarApply', 'sidebarLoad', 'sidebarLoad']);
    expect([isApplied(c.state), canRoll(c.state), c.state.picked, c.state.rolls]).toEqual([
      false,
      true,
      'Ford of Avanil',
      [],
    ]);
    expect(c.state.campaign?.data.entries.map((e) => e.id)).toEqual(['e-raid', 'e-round']);
    expect(c.state.message).toMatchObject({
      spot: 'battle',
      kind: 'info',
      text: 'Battle "Ford of Avanil" was undone outside this sidebar (Warcard → Undo last battle, or another person): it is shown as it now stands, ready to apply again.',
    });
    // Nothing applied shown: coming back asks nothing.
    await c.returned();
    expect(t.calls.length).toBe(4);
  });

  it('asks once at a time, never while a write is on its way, and drops an answer overtaken by a pick', async () => {
    const t = await appliedHere();
    const c = t.controller;
    t.setData(fixtureCampaign());
    t.hold();
    const first = c.returned();
    void c.returned(); // the first is on its way: no second call
    expect(names(t.calls).slice(2)).toEqual(['sidebarLoad']);
    c.pick('Northern raid');
    t.release();
    await first;
    // The raid picked meanwhile stands; the Ford's fresh state waits for the next read.
    expect([c.state.picked, c.state.message]).toEqual(['Northern raid', null]);
    const busy = await appliedHere();
    busy.hold();
    void busy.controller.undo();
    await busy.controller.returned();
    expect(names(busy.calls)).toEqual(['sidebarLoad', 'sidebarApply', 'sidebarUndo']);
    busy.release();
  });
});
