// The sealed plans' and logged dice's views, each built once and synced from a state: a side's seal panel (Seal
// plan for a side of one's own, the enemy's plan as Sealed with no word of it, Seal … instead, the seal revealed),
// the Dice section of a sealed or logged battle (Reveal plans for a GM, the pairs the server drew, Roll again as a
// new logged roll, never typed dice or Clear dice), the advisor's chance against each plan the enemy may have
// sealed, and the preview's word that the result waits for the reveal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../src/rules';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

type Who = 'ana' | 'bob' | 'gm';
type Case = 'open' | 'anaSealed' | 'bothSealed' | 'revealed' | 'loggedSealed' | 'loggedRolled';

/** Side `index`'s seal panel for `who` in case `which`, with the side's plan chosen as `plan` (if given). */
async function panel(which: Case, who: Who, index: 0 | 1, plan: Plan | null = null, click = false) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ which, who, index, plan, click }) => {
      const { h } = window;
      let s = h.sealedState(which, who);
      if (plan)
        s = {
          ...s,
          setup: h.withSide(s.setup, index, (x) => {
            x.circumstances.plan = plan;
          }),
        };
      const c = h.fakeController(s);
      const made = h.createSealPanel(index, c);
      h.the('#host').append(made.element);
      made.sync(s);
      const button = made.element.querySelector('button');
      if (click) button?.click();
      const seen = (e: Element | null) => (e && !(e as HTMLElement).hidden ? e.textContent : null);
      return {
        shown: !made.element.hidden,
        status: seen(made.element.querySelector('.seal-status')),
        note: seen(made.element.querySelector('.note')),
        button: seen(button),
        disabled: button?.disabled,
        planHidden: h.the('#host').classList.contains('plan-hidden'),
        calls: c.calls,
      };
    },
    { which, who, index, plan, click },
  );
}

describe('a side’s seal panel', () => {
  it('offers Seal plan for the plan chosen on a side of one’s own, and nothing on the enemy’s', async () => {
    expect(await panel('open', 'ana', 0, 'Encircle', true)).toEqual({
      shown: true,
      status: null,
      note: 'Seal plan keeps Encircle, the plan chosen above, from everyone but Avanil’s players until the reveal.',
      button: 'Seal plan',
      disabled: false,
      planHidden: false,
      calls: [['seal', 0]],
    });
    expect(await panel('open', 'ana', 1)).toMatchObject({ shown: false, button: null, planHidden: false });
  });

  it('asks for a plan before offering Seal plan, while the side has No plan', async () => {
    expect(await panel('open', 'ana', 0, 'No plan')).toMatchObject({
      shown: true,
      note: 'Choose Avanil’s battle plan above to seal it: then only Avanil’s players see it until the reveal.',
      button: null,
    });
  });

  it('shows the enemy’s plan as Sealed, never its word, with its plan field hidden and nothing to press', async () => {
    expect(await panel('anaSealed', 'bob', 0)).toEqual({
      shown: true,
      status: 'Battle plan: Sealed (ana@example.com, 2026-11-27 18:02 UTC, #aaaaaaaaaaaa).',
      note: 'Only Avanil’s players see its plan until the reveal.',
      button: null,
      disabled: false,
      planHidden: true,
      calls: [],
    });
  });

  it('shows the own side its sealed plan, and offers to seal another choice instead', async () => {
    expect(await panel('anaSealed', 'ana', 0)).toMatchObject({
      status: 'Battle plan sealed: Encircle (ana@example.com, 2026-11-27 18:02 UTC, #aaaaaaaaaaaa).',
      note: 'Only Avanil’s players see it until the reveal; it may be sealed again until the roll.',
      button: null,
      planHidden: false,
    });
    expect(await panel('anaSealed', 'ana', 0, 'Hold', true)).toMatchObject({
      button: 'Seal Hold instead',
      calls: [['seal', 0]],
    });
  });

  it('tells a revealed seal with its salt, and offers no seal after it', async () => {
    expect(await panel('revealed', 'gm', 1)).toEqual({
      shown: true,
      status:
        'Battle plan was sealed (bob@example.com, 2026-11-27 18:02 UTC, #bbbbbbbbbbbb), revealed with salt abcdefghijklmnop1234.',
      note: null,
      button: null,
      disabled: false,
      planHidden: false,
      calls: [],
    });
  });
});

/** The Dice section's sealed or logged part for `who` in case `which`, after clicking the button named `click`. */
async function dice(which: Case, who: Who, click: string | null = null) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ which, who, click }) => {
      const { h } = window;
      const s = h.sealedState(which, who);
      const c = h.fakeController(s);
      const made = h.createSealedDice(c);
      h.the('#host').append(made.element);
      const mine = made.sync(s);
      const visible = [...made.element.querySelectorAll<HTMLElement>('p, li, button')].filter(
        (e) => !e.hidden && !e.closest('[hidden]'),
      );
      const buttons = visible.filter((e) => e.tagName === 'BUTTON') as HTMLButtonElement[];
      if (click) buttons.find((b) => b.textContent === click)?.click();
      return {
        mine,
        texts: visible.filter((e) => e.tagName !== 'BUTTON').map((e) => e.textContent),
        buttons: buttons.map((b) => [b.textContent, b.className]),
        calls: c.calls,
      };
    },
    { which, who, click },
  );
}

describe('the Dice section of a sealed or logged battle', () => {
  it('leaves the section to the sidebar’s dice when no plan is sealed and the dice are Sidebar', async () => {
    expect((await dice('open', 'gm')).mine).toBe(false);
    expect((await dice('revealed', 'gm')).mine).toBe(false);
  });

  it('waits for the reveal, with Reveal plans the GM’s next step', async () => {
    expect(await dice('bothSealed', 'gm', 'Reveal plans')).toEqual({
      mine: true,
      texts: ['Plans sealed: the result waits for the reveal. Once revealed, the dice are rolled here.'],
      buttons: [['Reveal plans', 'action']],
      calls: [['reveal']],
    });
    expect(await dice('bothSealed', 'ana')).toEqual({
      mine: true,
      texts: [
        'Plans sealed: the result waits for the reveal. Once revealed, the dice are rolled here.',
        "Reveal plans: Not yours: it writes both sides' rows. A GM (gm@example.com) can.",
      ],
      buttons: [],
      calls: [],
    });
  });

  it('with Logged dice: the roll reveals, every pair is listed, and Roll again is a new logged roll', async () => {
    const logged =
      'Dice: Logged. The server rolls and writes each roll to the Log at once: no roll is taken back, and rolling again is a new logged roll.';
    expect(await dice('loggedSealed', 'gm')).toEqual({
      mine: true,
      texts: [
        'Plans sealed: the result waits for the reveal. The logged roll reveals them, then rolls.',
        logged,
      ],
      buttons: [['Reveal plans', 'secondary']],
      calls: [],
    });
    // Encircle against Trap: Avanil 23, Ghoere 32 less 10% = 30; the tie and the pair that decided, as drawn.
    const rolled = await dice('loggedRolled', 'gm', 'Roll again (a new logged roll)');
    expect(rolled.texts).toEqual([
      logged,
      'Avanil 57 → 80 · Ghoere 50 → 80 Tie — rolled again',
      'Avanil 90 → 113 · Ghoere 10 → 40',
    ]);
    expect(rolled.buttons).toEqual([['Roll again (a new logged roll)', 'secondary']]);
    expect(rolled.calls).toEqual([['roll']]);
    expect((await dice('loggedRolled', 'ana')).texts).toEqual([
      logged,
      ...rolled.texts.slice(1),
      "The logged roll: Not yours: it writes both sides' rows. A GM (gm@example.com) can.",
    ]);
  });
});

/** The advisor's and the preview's word on sealed plans for `who` in case `which`. */
async function advice(which: Case, who: Who) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ which, who }) => {
      const { h } = window;
      const s = h.sealedState(which, who);
      const details = document.createElement('details');
      const preview = document.createElement('div');
      h.the('#host').append(details, preview);
      const made = h.createSealedAdvice(details);
      const note = h.createSealedNote(preview);
      details.append(made.element);
      made.sync(s);
      note.sync(s);
      const pv = s.outcome?.ok ? s.outcome.preview : null;
      const hold = pv ? pv.advice.plans.indexOf('Hold') : -1;
      // Ghoere with Hold against each of Avanil's plans, from the advisor's own table of Avanil's chances.
      const expected: string[] = pv
        ? pv.advice.winA.map((row) => {
            const c = row[hold];
            return c === null || c === undefined ? 'no battle' : h.percent(1 - c);
          })
        : [];
      return {
        shown: !made.element.hidden,
        open: details.open,
        advisorHidden: details.classList.contains('plans-hidden'),
        callouts: [...made.element.querySelectorAll('.callout')].map((e) => e.textContent),
        list: [...made.element.querySelectorAll('li')].map((li) => [
          li.firstChild?.textContent,
          li.lastChild?.textContent,
          li.className,
        ]),
        last: made.element.querySelector('ul + p')?.textContent ?? null,
        expected,
        note: note.element.hidden ? null : note.element.textContent,
        chancesHidden: preview.classList.contains('plans-hidden'),
      };
    },
    { which, who },
  );
}

describe('the advisor and the preview while a plan is sealed', () => {
  it('gives the commander’s chance with their plan against each plan the enemy may have sealed', async () => {
    const a = await advice('anaSealed', 'bob');
    expect(a.callouts).toEqual([
      'Avanil’s plan is sealed. Ghoere with Hold against each plan Avanil may have sealed:',
    ]);
    expect(a.list.map(([plan]) => plan)).toEqual([
      'Full charge',
      'Normal attack',
      'Encircle',
      'Trap',
      'Hold',
      'Withdraw',
      'No plan',
    ]);
    expect(a.list.map(([, chance]) => chance)).toEqual(a.expected);
    // Hold against Hold or Withdraw: no battle.
    expect(a.expected.filter((x) => x === 'no battle')).toHaveLength(2);
    const fought = a.expected.filter((x) => x !== 'no battle').map((x) => Number.parseFloat(x));
    const worst = `${Math.min(...fought).toFixed(1)}%`;
    expect(a.list.filter(([, , cls]) => cls === 'worst').map(([, chance]) => chance)).toEqual(
      a.expected.filter((x) => x === worst),
    );
    expect(a.last).toMatch(
      new RegExp(
        `^At worst ${worst.replace('.', '\\.')}\\. Safest plan for Ghoere: .+ \\(at worst \\d+\\.\\d%\\)\\.$`,
      ),
    );
    expect([a.shown, a.open, a.advisorHidden, a.chancesHidden]).toEqual([true, true, true, true]);
    expect(a.note).toBe(
      'Plans sealed: the result waits for the reveal. Avanil’s plan counts as No plan below, so no chance to win is shown: the Plan advisor gives the chance against each plan.',
    );
  });

  it('tells the GM both plans are sealed, and the own side that the chances count its sealed plan', async () => {
    const gm = await advice('bothSealed', 'gm');
    expect(gm.callouts).toEqual([
      'Both plans are sealed: the table below gives every pair of plans, as each commander weighed them.',
    ]);
    expect(gm.note).toBe(
      'Plans sealed: the result waits for the reveal. Avanil and Ghoere’s plans count as No plan below, so no chance to win is shown: the Plan advisor gives the chance against each plan.',
    );
    const own = await advice('anaSealed', 'ana');
    expect([own.shown, own.open, own.advisorHidden, own.chancesHidden]).toEqual([false, false, false, false]);
    expect(own.note).toBe(
      'Plans sealed: the result waits for the reveal. The chances count the sealed plan you see.',
    );
    const open = await advice('revealed', 'gm');
    expect([open.shown, open.note, open.chancesHidden]).toEqual([false, null, false]);
  });
});
