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
      const section = h.createResultSection(host, (t) => said.push(t), c);
      section.update(s);
      if (click) h.the<HTMLInputElement>(click, host).click();
      return {
        winner: h.the('p.winner', host).textContent,
        working: [...host.querySelectorAll('.working dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling?.textContent,
        ]),
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

describe('createResultSection', () => {
  it('shows the winner, each side’s points and units with the suggested casualties ticked', async () => {
    const got = await drawn(false);
    expect(got.winner).toBe('Avanil wins by 71 (Avanil 113, Ghoere 42)');
    expect(got.hint).toBe(1);
    // The working, each number as the printed tables give it (RULES 6.2-6.7).
    expect(got.working).toEqual([
      ['Difference', 'Avanil 113 − Ghoere 42 = 71'],
      ['Casualty table', 'row 71–80: winner 30%, loser 50%'],
      ['Avanil’s plan', 'Normal attack: no change, 30%'],
      ['Ghoere’s plan', 'Hold: −10%, so 50% becomes 40%'],
      ['Avanil’s points', '30% of units worth 16 = 4.8, rounded to 5'],
      ['Ghoere’s points', '40% of units worth 15 = 6'],
      ['Split', 'half of each side’s points routed (rounded down), the rest destroyed'],
    ]);
    expect(got.sides).toEqual([
      {
        head: 'Avanil: 30% → 5 pts (3 destroyed, 2 routed)',
        running:
          'Destroyed 3 of 3 pts · routed 3 of 2 pts (1 over): the closest these units come · saves 1 GB upkeep next season',
        columns: ['Unit', 'Val', 'D', 'R'],
        rows: [
          ['destroyed', 'Anuire Guard Infantry', 'x', '.'],
          ['routed', '<img src=x onerror=alert(1)> Infantry', '.', 'x'],
          ['', 'Knights of Avanil Knights', '.', '.'],
          ['', 'Avanil Bowmen Archers', '.', '.'],
        ],
      },
      {
        head: 'Ghoere: 40% → 6 pts (3 destroyed, 3 routed)',
        running:
          'Destroyed 3 of 3 pts · routed 2 of 3 pts (1 short): the closest these units come · saves 1 GB upkeep next season',
        columns: ['Unit', 'Val', 'D', 'R', 'C', 'P'],
        rows: [
          ['destroyed', 'Ghoere Engines Artillerists', 'x', '.', '.', '.'],
          ['routed', 'Ghoere Levy 1 Levy', '.', 'x', '.', '.'],
          ['', 'Ghoere Horse Cavalry', '.', '.', '.', '.'],
          ['', 'Ghoere Elite Elite Infantry', '.', '.', '.', '.'],
        ],
      },
    ]);
    expect([got.calls, got.said]).toEqual([[], []]);
  });

  it('says once for a side that its units come no closer, when both its totals are off', async () => {
    const p = await pages.fresh();
    const running = await p.evaluate(() => {
      const { h } = window;
      // Avanil 4 against Ghoere 10: Ghoere's units reach neither 4 destroyed nor 4 routed points exactly.
      const s = h.withRolls(h.fordState(), [[4, 10]]);
      const host = h.the('#host');
      h.createResultSection(host, () => {}, h.fakeController(s)).update(s);
      return [...host.querySelectorAll('p.running')].map((r) => r.textContent);
    });
    expect(running[1]).toBe(
      'Destroyed 5 of 4 pts (1 over) · routed 5 of 4 pts (1 over): the closest these units come · saves 2 GB upkeep next season',
    );
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
        ['x!', '.!'],
        ['.!', 'x!'],
        ['.!', '.!'],
        ['.!', '.!'],
      ],
      [
        ['x!', '.!', '.!', '.!'],
        ['.!', 'x!', '.!', '.!'],
        ['.!', '.!', '.!', '.!'],
        ['.!', '.!', '.!', '.!'],
      ],
    ]);
  });

  it('lists each side’s suggested casualties first, whatever the roll, a large side’s first group opened', async () => {
    const p = await pages.fresh();
    const got = await p.evaluate(() => {
      const { h } = window;
      // units a side: 30 listed whole, 100 grouped by type (the filler's values run 1 to 7 in roster order).
      return [60, 200].map((filler) => {
        const start = h.loaded(h.initialState(), h.fixtureCampaign(filler, 1, 0));
        let setup = h.withSide(start.setup, 0, (s) => {
          s.armies = ['Filler army 0'];
        });
        setup = h.withSide(setup, 1, (s) => {
          s.armies = ['Filler army 1'];
        });
        const wrong: string[] = [];
        let rolls = 0;
        for (let a = 1; a <= 100; a += 13)
          for (let b = 1; b <= 100; b += 17) {
            const s = h.withRolls({ ...start, setup }, [[a, b]]);
            if (!s.outcome?.ok || !s.outcome.preview.result || !s.selection) continue;
            rolls++;
            const host = h.the('#host');
            h.createResultSection(host, () => {}, h.fakeController(s)).update(s);
            host.querySelectorAll('div.casualties').forEach((side, i) => {
              const suggested = s.outcome?.ok ? s.outcome.preview.result?.suggested[i] : undefined;
              const count = (suggested?.destroyed.length ?? 0) + (suggested?.routed.length ?? 0);
              const first = side.querySelector('tbody tr');
              const ticked = first ? [...first.querySelectorAll('input')].some((x) => x.checked) : false;
              if (count > 0 && !ticked) wrong.push(`${a}/${b} side ${i}`);
            });
          }
        return { rolls, wrong };
      });
    });
    expect(got.map((g) => g.rolls > 40)).toEqual([true, true]);
    expect(got.map((g) => g.wrong)).toEqual([[], []]);
  });

  it('groups a large side by unit type, builds a group’s rows a page at a time, and syncs a tick in place', async () => {
    const p = await pages.fresh();
    const got = await p.evaluate(() => {
      const { h } = window;
      const start = h.loaded(h.initialState(), h.fixtureCampaign(200, 1, 0));
      let setup = h.withSide(start.setup, 0, (s) => {
        s.armies = ['Filler army 0'];
      });
      setup = h.withSide(setup, 1, (s) => {
        s.armies = ['Filler army 1'];
      });
      const s = h.withRolls({ ...start, setup }, [[90, 10]]);
      if (!s.outcome?.ok || !s.selection) throw new Error('no result');
      const c = h.fakeController(s);
      const host = h.the('#host');
      const section = h.createResultSection(host, () => {}, c);
      section.update(s);
      const groups = () =>
        [...host.querySelectorAll('details.unit-group > summary')].map((x) => x.textContent);
      const before = [host.querySelectorAll('tbody tr').length, groups()];
      const loserGroup = h.the<HTMLDetailsElement>('div.casualties.side-b details.unit-group', host);
      loserGroup.open = true;
      loserGroup.dispatchEvent(new Event('toggle'));
      const opened = loserGroup.querySelectorAll('tbody tr').length;
      h.the<HTMLButtonElement>('button.more', loserGroup).click();
      const more = [loserGroup.querySelectorAll('tbody tr').length, h.the('button.more', loserGroup).hidden];
      // A tick: only that row's box and class change; the group's line says so.
      const row = [...loserGroup.querySelectorAll('tbody tr')].find((tr) => tr.className === '');
      const box = row?.querySelector<HTMLInputElement>('input');
      const unitRow = Number(box?.dataset.focus?.split('-')[2]);
      const others = [...loserGroup.querySelectorAll('tbody tr')].filter((tr) => tr !== row);
      section.update({
        ...s,
        selection: h.toggle(s.outcome.preview, s.selection, 1, unitRow, 'destroyed', true),
      });
      const sug = s.outcome.preview.result?.suggested;
      return {
        suggested: sug?.map((x) => [x.destroyed.length, x.routed.length]),
        before,
        opened,
        more,
        ticked: [row?.className, box?.checked, others.every((tr) => tr.isConnected)],
        after: groups()[1],
      };
    });
    // Each filler army: 100 units of values 1-7 in turn (396 and 398), one type; the suggestion's counts.
    expect(got.suggested).toEqual([
      [9, 9],
      [15, 17],
    ]);
    // Each side's first group is opened at its suggested casualties: its first page built.
    expect(got.before).toEqual([
      100,
      [
        'Infantry · 100 units, worth 396 · 9 destroyed, 9 routed',
        'Infantry · 100 units, worth 398 · 15 destroyed, 17 routed',
      ],
    ]);
    expect([got.opened, got.more]).toEqual([50, [100, true]]);
    expect(got.ticked).toEqual(['destroyed', true, true]);
    expect(got.after).toBe('Infantry · 100 units, worth 398 · 16 destroyed, 17 routed');
  });
});
