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
  it('offers Roll here, checked, and its button calls roll once', async () => {
    expect(await drawn('fresh', '#roll-button')).toEqual({
      text: 'DiceRoll hereType dice rolled at the tableRoll',
      modes: [
        ['auto', true, false],
        ['typed', false, false],
      ],
      buttons: [['Roll', false]],
      rolls: [],
      calls: [['roll']],
    });
  });

  it('lists a tie, offers Roll again and Clear dice, which calls clearDice', async () => {
    const got = await drawn('tie', 'button.secondary');
    expect([got.buttons, got.rolls, got.calls]).toEqual([
      [
        ['Roll again', false],
        ['Clear dice', false],
      ],
      [['tie', 'Avanil 40 → 63 · Ghoere 31 → 63 tie: rolled again']],
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
      [
        ['Rolled', true],
        ['Clear dice', false],
      ],
      [
        ['tie', 'Avanil 40 → 63 · Ghoere 31 → 63 tie: rolled again'],
        ['', 'Avanil 90 → 113 · Ghoere 10 → 42'],
      ],
    ]);
  });

  it('asks for the typed mode when its radio is chosen', async () => {
    const got = await drawn('fresh', 'input[value=typed]');
    expect(got.calls).toEqual([['setRollMode', 'typed']]);
  });

  it('sends the typed dice as typed, each labelled with its side', async () => {
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
      h.the<HTMLButtonElement>('button[type=submit]', host).click();
      return { labels, calls: c.calls, button: h.the('button[type=submit]', host).textContent };
    });
    expect(got).toEqual({
      labels: ['Avanil', 'Ghoere'],
      calls: [['typedDice', '55', '7']],
      button: 'Use these dice',
    });
  });

  it.each([
    ['applied', 'This battle is applied already (see the Log). Undo it to fight it again.'],
    ['unread', 'Set up both sides to roll.'],
  ] as const)('says why there are no dice when %s', async (which, text) => {
    const got = await drawn(which);
    expect([got.text, got.buttons]).toEqual([text, []]);
  });
});
