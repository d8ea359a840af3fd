// The Result section: the winner and totals, each side's casualty points and units with the suggested boxes
// ticked, running totals; a tick is one controller call and its totals are announced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

/** The Ford won by Avanil (113 against 42), the section drawn, locked (applied) or not, and a box clicked. */
async function drawn(locked: boolean, click: string | null = null) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ locked, click }) => {
      const { h } = window;
      const rolled = h.fordRolled();
      const s = locked ? { ...rolled, appliedHere: { message: 'Applied.' } } : rolled;
      const c = h.fakeController(s);
      const host = h.the('#host');
      const said: string[] = [];
      const section = h.resultSection(host, (t) => said.push(t), c);
      section.update(s);
      if (click) h.the<HTMLInputElement>(click, host).click();
      return {
        winner: h.the('p.winner', host).textContent,
        hint: host.querySelectorAll('p.note').length,
        sides: [...host.querySelectorAll('div.casualties')].map((d) => ({
          head: h.the('h3', d).textContent,
          running: h.the('p.running', d).textContent,
          columns: [...d.querySelectorAll('thead th')].map((th) => th.textContent),
          rows: [...d.querySelectorAll('tbody tr')].map((tr) => [
            tr.className,
            h.the('td', tr).textContent,
            ...[...tr.querySelectorAll<HTMLInputElement>('input')].map(
              (i) => `${i.checked ? 'x' : '.'}${i.disabled ? '!' : ''}`,
            ),
          ]),
        })),
        calls: c.calls,
        said,
      };
    },
    { locked, click },
  );
}

describe('resultSection', () => {
  it('shows the winner, each side’s points and units with the suggested casualties ticked', async () => {
    const got = await drawn(false);
    expect(got.winner).toBe('Avanil wins by 71 (Avanil 113, Ghoere 42)');
    expect(got.hint).toBe(1);
    expect(got.sides).toEqual([
      {
        head: 'Avanil: 30% → 5 pts (3 destroyed, 2 routed)',
        running: 'Destroyed 3 of 3 pts · routed 3 of 2 pts',
        columns: ['Unit', 'Val', 'D', 'R'],
        rows: [
          ['', 'Knights of Avanil Knights', '.', '.'],
          ['', 'Avanil Bowmen Archers', '.', '.'],
          ['destroyed', 'Anuire Guard Infantry', 'x', '.'],
          ['routed', '<img src=x onerror=alert(1)> Infantry', '.', 'x'],
        ],
      },
      {
        head: 'Ghoere: 40% → 6 pts (3 destroyed, 3 routed)',
        running: 'Destroyed 3 of 3 pts · routed 2 of 3 pts',
        columns: ['Unit', 'Val', 'D', 'R', 'C', 'P'],
        rows: [
          ['routed', 'Ghoere Levy 1 Levy', '.', 'x', '.', '.'],
          ['', 'Ghoere Horse Cavalry', '.', '.', '.', '.'],
          ['', 'Ghoere Elite Elite Infantry', '.', '.', '.', '.'],
          ['destroyed', 'Ghoere Engines Artillerists', 'x', '.', '.', '.'],
        ],
      },
    ]);
    expect([got.calls, got.said]).toEqual([[], []]);
  });

  it('sends a tick to the controller as one toggle and announces the running totals', async () => {
    const got = await drawn(false, '[data-focus="captured-1-6"]');
    expect(got.calls).toEqual([['toggle', 1, 6, 'captured', true]]);
    // The fake controller keeps its state: the totals said are the suggestion's.
    expect(got.said).toEqual([
      'Avanil: destroyed 3 of 3 points, routed 3 of 2 points. Ghoere: destroyed 3 of 3 points, routed 2 of 3 points.',
    ]);
  });

  it('turns every box off and drops the hint once applied', async () => {
    const got = await drawn(true);
    expect(got.hint).toBe(0);
    expect(got.sides.map((s) => s.rows.map((r) => r.slice(2)))).toEqual([
      [
        ['.!', '.!'],
        ['.!', '.!'],
        ['x!', '.!'],
        ['.!', 'x!'],
      ],
      [
        ['.!', 'x!', '.!', '.!'],
        ['.!', '.!', '.!', '.!'],
        ['.!', '.!', '.!', '.!'],
        ['x!', '.!', '.!', '.!'],
      ],
    ]);
  });
});
