// The Roll section: roll here or type the table's dice, ties listed and rolled again, everything off once the
// battle is decided; each button is one controller call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

type Case = 'fresh' | 'tie' | 'decided' | 'typed' | 'applied' | 'unread';

/** The section for the Ford (Avanil 23, Ghoere 32) in `which` state, after clicking `click` (a selector). */
async function drawn(which: Case, click: string | null = null) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ which, click }) => {
      const { h } = window;
      const ford = h.fordState();
      const states = {
        fresh: ford,
        tie: h.withRolls(ford, [[40, 31]]),
        decided: h.withRolls(ford, [
          [40, 31],
          [90, 10],
        ]),
        typed: { ...ford, rollMode: 'typed' as const },
        applied: { ...ford, appliedHere: { message: 'Applied.' } },
        unread: h.initialState(),
      };
      const s = states[which];
      const c = h.fakeController(s);
      const host = h.the('#host');
      h.renderRoll(host, s, c);
      if (click) h.the<HTMLElement>(click, host).click();
      const radios = [...host.querySelectorAll<HTMLInputElement>('input[type=radio]')];
      return {
        text: host.textContent,
        modes: radios.map((r) => [r.value, r.checked, r.disabled]),
        buttons: [...host.querySelectorAll('button')].map((b) => [b.textContent, b.disabled]),
        rolls: [...host.querySelectorAll('ol.rolls li')].map((li) => [li.className, li.textContent]),
        calls: c.calls,
      };
    },
    { which, click },
  );
}

describe('renderRoll', () => {
  it('offers Roll here, checked (the Roll button itself stands in the action bar)', async () => {
    expect(await drawn('fresh')).toEqual({
      text: 'How to rollRoll hereType dice rolled at the table',
      modes: [
        ['auto', true, false],
        ['typed', false, false],
      ],
      buttons: [],
      rolls: [],
      calls: [],
    });
  });

  it('lists a tie as one to roll again, and offers Clear dice, which calls clearDice', async () => {
    const got = await drawn('tie', 'button.secondary');
    expect([got.buttons, got.rolls, got.calls]).toEqual([
      [['Clear dice', false]],
      [['tie', 'Avanil 40 → 63 · Ghoere 31 → 63 Tie — roll again']],
      [['clearDice']],
    ]);
  });

  it('turns the dice off once decided, keeping every pair and Clear dice', async () => {
    const got = await drawn('decided');
    expect([got.modes, got.buttons, got.rolls]).toEqual([
      [
        ['auto', true, true],
        ['typed', false, true],
      ],
      [['Clear dice', false]],
      [
        ['tie', 'Avanil 40 → 63 · Ghoere 31 → 63 Tie — rolled again'],
        ['', 'Avanil 90 → 113 · Ghoere 10 → 42'],
      ],
    ]);
  });

  it('asks for the typed mode when its radio is chosen', async () => {
    const got = await drawn('fresh', 'input[value=typed]');
    expect(got.calls).toEqual([['setRollMode', 'typed']]);
  });

  it('sends the typed dice as typed, each field labelled with its side, the browser’s own checks off', async () => {
    const p = await pages.fresh();
    const got = await p.evaluate(() => {
      const { h } = window;
      const s = { ...h.fordState(), rollMode: 'typed' as const };
      const c = h.fakeController(s);
      const host = h.the('#host');
      h.renderRoll(host, s, c);
      const dice = [...host.querySelectorAll<HTMLInputElement>('input.die')];
      const labels = dice.map((d) => h.the(`label[for="${d.id}"]`, host).textContent);
      for (const [i, d] of dice.entries()) d.value = ['55', '7'][i] ?? '';
      const form = h.the<HTMLFormElement>('form', host);
      form.requestSubmit();
      return {
        labels,
        calls: c.calls,
        id: form.id,
        novalidate: form.noValidate,
        types: dice.map((d) => d.type),
      };
    });
    expect(got).toEqual({
      labels: ['Avanil’s die', 'Ghoere’s die'],
      calls: [['typedDice', '55', '7']],
      id: 'typed-dice',
      novalidate: true,
      types: ['text', 'text'],
    });
  });

  it('shows each refused die’s one message under its field, the dice as typed kept', async () => {
    const p = await pages.fresh();
    const got = await p.evaluate(() => {
      const { h } = window;
      const s = {
        ...h.fordState(),
        rollMode: 'typed' as const,
        typed: {
          texts: ['0', '50'] as const,
          problems: ['Avanil’s die: a whole number from 1 to 100 (got 0)', null] as const,
        },
      };
      const host = h.the('#host');
      h.renderRoll(host, s, h.fakeController(s));
      return [...host.querySelectorAll<HTMLInputElement>('input.die')].map((d) => [
        d.value,
        d.getAttribute('aria-invalid'),
        h.the(`#${d.getAttribute('aria-describedby')}`, host).textContent,
      ]);
    });
    expect(got).toEqual([
      ['0', 'true', 'Avanil’s die: a whole number from 1 to 100 (got 0)'],
      ['50', null, ''],
    ]);
  });

  it.each([
    ['applied', 'This battle is applied already (see the Log). Undo it to fight it again.'],
    ['unread', 'Set up both sides to roll.'],
  ] as const)('says why there are no dice when %s', async (which, text) => {
    const got = await drawn(which);
    expect([got.text, got.buttons]).toEqual([text, []]);
  });
});

type BarCase =
  | 'fresh'
  | 'tie'
  | 'decided'
  | 'typed'
  | 'typed-refused'
  | 'applied'
  | 'applied-then-round'
  | 'reading'
  | 'unread';

/** The action bar for the Ford in `which` state: its status line and the buttons shown; Roll clicked if shown. */
async function bar(which: BarCase) {
  const p = await pages.fresh();
  return p.evaluate((which) => {
    const { h } = window;
    const ford = h.fordState();
    const decided = h.withRolls(ford, [
      [40, 31],
      [90, 10],
    ]);
    const states = {
      fresh: ford,
      tie: h.withRolls(ford, [[40, 31]]),
      decided,
      typed: { ...ford, rollMode: 'typed' as const },
      'typed-refused': {
        ...ford,
        rollMode: 'typed' as const,
        typed: { texts: ['', '101'] as const, problems: ['a', 'Ghoere’s die: b'] as const },
      },
      applied: h.fordApplied(),
      'applied-then-round': h.fordApplied(true),
      reading: { ...h.initialState(), busy: 'load' as const },
      unread: h.initialState(),
    };
    const s = states[which];
    const c = h.fakeController(s);
    const host = h.the('#host');
    const button = (id: string, text: string) => {
      const b = document.createElement('button');
      b.id = id;
      b.textContent = text;
      host.append(b);
      return b;
    };
    const ui = {
      status: host.appendChild(document.createElement('p')),
      roll: button('roll-button', 'Roll'),
      useDice: button('use-dice-button', 'Use these dice'),
      apply: button('apply-button', 'Apply to roster'),
      undoThis: button('undo-this-button', 'Undo this battle'),
    };
    h.wireActionBar(ui, c);
    h.renderActionBar(ui, s);
    const shown = [...host.querySelectorAll('button')].filter((b) => !b.hidden).map((b) => b.textContent);
    if (!ui.roll.hidden) ui.roll.click();
    if (!ui.undoThis.hidden) ui.undoThis.click();
    return { status: ui.status.textContent, off: ui.status.classList.contains('off'), shown, calls: c.calls };
  }, which);
}

describe('renderActionBar', () => {
  it.each([
    ['fresh', 'Avanil 23 v Ghoere 32 · Avanil wins 41.3%', false, ['Roll'], [['roll']]],
    ['tie', 'Tie — roll again', false, ['Roll again'], [['roll']]],
    ['decided', 'Avanil wins by 71. Casualties: Avanil 5 pts, Ghoere 6 pts.', false, ['Apply to roster'], []],
    ['typed', 'Avanil 23 v Ghoere 32 · Avanil wins 41.3%', false, ['Use these dice'], []],
    ['typed-refused', 'Not rolled: a; Ghoere’s die: b', true, ['Use these dice'], []],
    [
      'applied',
      'Applied: Avanil won by 71. Undo it to fight it again.',
      false,
      ['Undo this battle'],
      [['undoThis']],
    ],
    // A new round written since: undo would take back the round, so the battle offers no undo of its own.
    ['applied-then-round', 'Applied: Avanil won by 71. Undo it to fight it again.', false, [], []],
    ['reading', 'Reading the campaign…', false, [], []],
    ['unread', '', false, [], []],
  ] as const)(
    'in the %s state says where the battle stands and shows the one next step',
    async (which, status, off, shown, calls) => {
      expect(await bar(which)).toEqual({ status, off, shown, calls });
    },
  );
});
