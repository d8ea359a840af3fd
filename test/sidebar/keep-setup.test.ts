// Nothing retyped: the sidebar's controller on the emulated spreadsheet (the sample campaign, the real server
// functions), with set-up changed here and not saved, then Undo, New round, Reload or a stale Apply. Each time
// another user has also changed the battle's rows on the sheet meanwhile, so the sidebar shows the battle as the
// sheet now holds it: what was set up here stays on top of it, field by field, and a field both changed is named.
import { describe, expect, it } from 'vitest';
import { columnLetters, loadWorkbook } from '../../dev/gas';
import { sidebarFunctions } from '../../src/contract/api';
import { BATTLE_HEADERS } from '../../src/contract/columns';
import { withSide } from '../../src/sidebar/battle-setup';
import { createController } from '../../src/sidebar/controller';
import type { Server } from '../../src/sidebar/server';
import { isApplied, shownListing, undoableHere } from '../../src/sidebar/state';

/** The sample campaign with a New round from the menu (so Undo has an entry), and a controller on it. */
async function opened() {
  const env = loadWorkbook();
  env.run('setUpSampleCampaign');
  env.run('newRound');
  env.workbook.ui.alerts.length = 0;
  const server = Object.fromEntries(
    sidebarFunctions().map((name) => [
      name,
      async (...args: unknown[]) => JSON.parse(JSON.stringify(env.run(name, ...args) ?? null)),
    ]),
  ) as Server;
  let face = 0;
  const controller = createController(server, { die: () => [90, 10][face++ % 2] ?? 50 });
  await controller.load();
  expect(controller.state.picked).toBe('Greywater Ford');
  return { env, controller };
}

type Opened = Awaited<ReturnType<typeof opened>>;

/** Another user types into a Battles cell of the battle's side (0: Elinvaire, 1: Ghorvant). */
function otherUser(
  { env, controller }: Opened,
  side: 0 | 1,
  header: (typeof BATTLE_HEADERS)[number],
  value: unknown,
) {
  const listing = shownListing(controller.state);
  if (!listing) throw new Error('no battle shown');
  const col = columnLetters(BATTLE_HEADERS.indexOf(header) + 1);
  env.workbook.put('Battles', `${col}${listing.rows[side]}`, [[value]]);
}

/** The fields set up here and not saved. */
const FIELDS = {
  'a circumstance ticked': {
    change: (o: Opened) =>
      o.controller.change(
        withSide(o.controller.state.setup, 1, (s) => {
          s.circumstances.morale.foeExhausted = true;
        }),
      ),
    kept: (o: Opened) => o.controller.state.setup.sides[1].circumstances.morale.foeExhausted,
    header: 'Foe Exhausted',
    side: 1,
    sheetValue: true,
  },
  'a plan chosen': {
    change: (o: Opened) =>
      o.controller.change(
        withSide(o.controller.state.setup, 0, (s) => {
          s.circumstances.plan = 'Trap';
        }),
      ),
    kept: (o: Opened) => o.controller.state.setup.sides[0].circumstances.plan === 'Trap',
    header: 'Plan',
    side: 0,
    sheetValue: 'Withdraw',
  },
  'a castle level typed': {
    change: (o: Opened) =>
      o.controller.change(
        withSide(o.controller.state.setup, 0, (s) => {
          s.circumstances.castleLevel = 3;
        }),
      ),
    kept: (o: Opened) => o.controller.state.setup.sides[0].circumstances.castleLevel === 3,
    header: 'Castle Level',
    side: 0,
    sheetValue: 5,
  },
} as const;

/** The actions after which the set-up must still be there. */
const ACTIONS = {
  Undo: (o: Opened) => o.controller.undo(),
  'New round': (o: Opened) => o.controller.newRound(),
  Reload: (o: Opened) => o.controller.reload(),
  'a stale Apply': async (o: Opened) => {
    o.controller.roll();
    expect(o.controller.state.outcome).toMatchObject({ ok: true, preview: { result: expect.anything() } });
    await o.controller.apply();
    expect(o.controller.state.message).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/changed/),
    });
    // The dice rolled here are kept too: a refusal grants no second roll.
    expect(o.controller.state.rolls).toEqual([[90, 10]]);
  },
} as const;

const CASES = Object.keys(ACTIONS).flatMap((action) =>
  Object.keys(FIELDS).map((field) => [action, field] as [keyof typeof ACTIONS, keyof typeof FIELDS]),
);

describe('set-up not yet saved survives', () => {
  it.each(CASES)('%s, with %s', async (action, field) => {
    const o = await opened();
    FIELDS[field].change(o);
    // Meanwhile another user ticks Night Vision for Ghorvant on the sheet: the battle's rows changed.
    otherUser(o, 1, 'Night Vision', true);
    await ACTIONS[action](o);
    const s = o.controller.state;
    expect(FIELDS[field].kept(o), `${field} after ${action}`).toBe(true);
    expect(s.setup.sides[1].circumstances.environment.nightVision, 'the other user’s tick shows too').toBe(
      true,
    );
    expect(s.message?.text).toContain('Your set-up not yet saved is kept.');
    expect(s.outcome?.ok).toBe(true);
  });

  // (A box ticked here and ticked on the sheet too agrees: no conflict to name.)
  it.each(['a plan chosen', 'a castle level typed'] as const)(
    'a field the sheet changed too takes the sheet’s, and the message names it: %s',
    async (field) => {
      const o = await opened();
      const f = FIELDS[field];
      f.change(o);
      otherUser(o, f.side, f.header, f.sheetValue);
      await o.controller.reload();
      expect(f.kept(o)).toBe(false);
      const side = f.side === 0 ? 'Elinvaire' : 'Ghorvant';
      expect(o.controller.state.message?.text).toContain(
        `Your set-up not yet saved is kept, but for what the sheet changed too (the sheet's stands): ${side}: ${f.header}.`,
      );
    },
  );

  it('with nothing unsaved, a reload shows the sheet as it is and says nothing of keeping', async () => {
    const o = await opened();
    otherUser(o, 0, 'Plan', 'Withdraw');
    await o.controller.reload();
    expect(o.controller.state.setup.sides[0].circumstances.plan).toBe('Withdraw');
    expect(o.controller.state.message?.text).toBe('Reloaded: the sidebar shows the campaign as it stands.');
  });
});

describe('the sidebar follows the menu', () => {
  it('after Warcard → Undo last battle, its next call notices: a note, not a success, and no undo of that entry', async () => {
    const o = await opened();
    const { controller, env } = o;
    o.controller.roll();
    await controller.apply();
    expect(controller.state.message).toMatchObject({ kind: 'ok' });
    const applied = undoableHere(controller.state);
    expect(applied).not.toBeNull();
    env.run('undoLastBattle'); // from the menu: the sidebar cannot know yet
    await controller.undoThis();
    const s = controller.state;
    expect(s.message).toMatchObject({
      kind: 'info',
      text: expect.stringMatching(
        /was undone already \(from the menu, or by another user\): nothing was changed\. The sidebar now shows the campaign as it stands\.$/,
      ),
    });
    expect(undoableHere(s)).toBeNull();
    expect(s.campaign?.data.entries.map((e) => e.id)).not.toContain(applied);
    // The battle is no longer applied: it can be rolled again, and Undo offers the entry before it.
    expect(isApplied(s)).toBe(false);
    expect(s.campaign?.data.entries[0]?.event).toBe('New round');
  });
});
