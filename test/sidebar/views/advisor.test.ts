// The plan advisor alone in Chromium: side A's chance for every pair of plans, the chosen pair framed, the best
// answers in bold, the safest plans; and the note when there is nothing to advise on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../../src/rules';
import { PLAN_SHORT } from '../../../src/sidebar/format';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

async function drawn(withPreview: boolean) {
  const p = await pages.fresh();
  return p.evaluate((withPreview) => {
    const { h } = window;
    const ford = h.fordState();
    const preview = ford.outcome?.ok ? ford.outcome.preview : null;
    const host = h.the('#host');
    h.renderAdvisor(host, withPreview ? preview : null);
    const cells = [...host.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => ({ text: td.textContent, classes: td.className })),
    );
    return {
      notes: [...host.querySelectorAll(':scope > p.note')].map((n) => n.textContent),
      columns: [...host.querySelectorAll('thead abbr')].map((a) => a.textContent),
      rows: [...host.querySelectorAll('tbody th abbr')].map((a) => a.textContent),
      cells,
      model: preview
        ? {
            winA: preview.advice.winA,
            oddsWinA: preview.odds?.winA ?? null,
            plans: [preview.sides[0].plan, preview.sides[1].plan],
            bestForA: preview.advice.bestForA.map((x) => x.plan),
          }
        : null,
      safest: [...host.querySelectorAll(':scope > p:not(.note)')].map((n) => n.textContent),
    };
  }, withPreview);
}

describe('renderAdvisor', () => {
  it('asks for both sides when there is no preview', async () => {
    const d = await drawn(false);
    expect([d.notes, d.cells]).toEqual([['The advisor needs both sides set up.'], []]);
  });

  it('shows a 7 × 7 table of side A’s chance, the chosen pair framed and agreeing with the odds', async () => {
    const d = await drawn(true);
    const model = d.model;
    if (!model) throw new Error('the fixture gave no preview');
    const short = PLANS.map((plan) => PLAN_SHORT[plan]);
    expect([d.columns, d.rows]).toEqual([short, short]);
    // Every cell is the model's chance in whole percent, or a dash where the plans rule out a battle.
    expect(d.cells.map((row) => row.map((c) => c.text))).toEqual(
      model.winA.map((row) => row.map((chance) => (chance === null ? '—' : `${Math.round(chance * 100)}`))),
    );
    expect(d.cells.flat().filter((c) => c.text === '—').length).toBe(
      model.winA.flat().filter((chance) => chance === null).length,
    );
    // The chosen plans' cell is framed, once, and says what the odds say.
    const [i, j] = [PLANS.indexOf(model.plans[0] as never), PLANS.indexOf(model.plans[1] as never)];
    const framed = d.cells.flatMap((row, r) =>
      row.flatMap((c, k) => (c.classes.split(' ').includes('current') ? [[r, k]] : [])),
    );
    expect(framed).toEqual([[i, j]]);
    expect(d.cells[i]?.[j]?.text).toBe(`${Math.round((model.oddsWinA ?? -1) * 100)}`);
    // Side A's best answer to each of B's plans is in bold: one per column that has a battle.
    const bold = d.cells.flatMap((row, r) =>
      row.flatMap((c, k) => (c.classes.split(' ').includes('best') ? [[r, k]] : [])),
    );
    const byPlace = (x: number[], y: number[]) => (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0);
    expect(bold).toEqual(
      model.bestForA
        .flatMap((plan, k) => (plan === null ? [] : [[PLANS.indexOf(plan as never), k]]))
        .sort(byPlace),
    );
    expect(d.safest.map((s) => s.replace(/ \(at worst [\d.<>]+%\)$/, ''))).toEqual([
      expect.stringMatching(
        /^Safest plan for Avanil: (Full charge|Normal attack|Encircle|Trap|Hold|Withdraw|No plan)$/,
      ),
      expect.stringMatching(
        /^Safest plan for Ghoere: (Full charge|Normal attack|Encircle|Trap|Hold|Withdraw|No plan)$/,
      ),
    ]);
  });
});
