// The preview section: each side's base, modifiers with their source, battle value, chance and expected
// casualties; the band chart and its table; a problem or no battle said instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

async function drawn(which: 'ford' | 'problem' | 'unread' | 'nobattle') {
  const p = await pages.fresh();
  return p.evaluate((which) => {
    const { h } = window;
    const ford = h.fordState();
    const campaign = ford.campaign;
    if (!campaign) throw new Error('the fixture is not loaded');
    // Withdraw against Withdraw rules a battle out.
    const withdraw = h.withSide(
      h.withSide(ford.setup, 0, (x) => {
        x.circumstances.plan = 'Withdraw';
      }),
      1,
      (x) => {
        x.circumstances.plan = 'Withdraw';
      },
    );
    const o = which === 'nobattle' ? h.previewOf(campaign, withdraw, []) : ford.outcome;
    const preview = o?.ok ? o.preview : null;
    const host = h.the('#host');
    if (which === 'problem') h.renderPreview(host, 'Side A has no army: tick one.', null);
    else if (which === 'unread') h.renderPreview(host, null, null);
    else h.renderPreview(host, null, preview);
    return {
      sides: [...host.querySelectorAll('.side-preview')].map((d) => ({
        head: h.the('.side-head', d).textContent,
        chances: h.the('p.chances', d).textContent,
        base: h.the('p.base', d).textContent,
        modifiers: [...d.querySelectorAll('ul.modifiers li')].map((li) =>
          [...li.children].map((x) => x.textContent),
        ),
        notes: [...d.querySelectorAll('ul.rule-notes li')].map((li) => li.textContent),
        sums: h.the('p.sums', d).textContent,
      })),
      callout: host.querySelector('p.callout')?.textContent ?? null,
      caption: host.querySelector('figcaption')?.textContent ?? null,
      chart: host.querySelector('svg')?.getAttribute('aria-label') ?? null,
      table: [...host.querySelectorAll('table.bands tr')].map((tr) =>
        [...tr.children].map((x) => x.textContent),
      ),
      text: host.children.length === 1 ? host.textContent : null,
    };
  }, which);
}

describe('renderPreview', () => {
  it('shows each side’s base, modifiers with their source, sums, chance and expected casualties', async () => {
    const got = await drawn('ford');
    expect(got.sides).toEqual([
      {
        head: 'AvanilBV 23',
        chances: 'Wins 41.3% · expected casualties 8.0 pts',
        base: 'Base 20 = 4 ready units worth 16 + characters 4 (Lord Aerin 4)',
        modifiers: [
          ['+5%', 'Morale: Home Realm', 'ticked'],
          ['+10%', 'Diversity: Three or more general types (Role)', 'from roster'],
        ],
        notes: [],
        sums: '+15% and 0 points → battle value 23',
      },
      {
        head: 'GhoereBV 32',
        chances: 'Wins 58.7% · expected casualties 6.1 pts',
        base: 'Base 15 = 4 ready units worth 15 · 1 not fighting',
        modifiers: [
          ['+15', 'Defender: River Crossed', 'ticked'],
          ['+10%', 'Diversity: Three or more general types (Role)', 'from roster'],
        ],
        notes: [],
        sums: '+10% and +15 points → battle value 32 · plan Hold: casualty rate −10%',
      },
    ]);
  });

  it('draws the band chart with the plan Cas in its caption, and the bands as a table', async () => {
    const got = await drawn('ford');
    expect([got.callout, got.caption, got.chart]).toEqual([
      null,
      'Chance of each casualty band · the plans change casualty rates: Ghoere −10%',
      'Chance of each casualty band: Avanil wins 41.3%, Ghoere wins 58.7%',
    ]);
    expect(got.table.slice(0, 3)).toEqual([
      ['Won by', 'Avanil', 'rates', 'Ghoere', 'rates'],
      ['1-10', '8.6%', '70/20', '9.7%', '30/60'],
      ['11-15', '3.9%', '60/20', '4.8%', '30/50'],
    ]);
  });

  it('says no battle when the plans rule it out, with no chart and no chances', async () => {
    const got = await drawn('nobattle');
    expect([got.callout, got.caption, got.table, got.sides.map((s) => s.chances)]).toEqual([
      'No battle: Withdraw against Withdraw rules it out.',
      null,
      [],
      ['No battle', 'No battle'],
    ]);
  });

  it.each([
    ['problem', 'Side A has no army: tick one.'],
    ['unread', 'Reading the campaign…'],
  ] as const)('shows only the note when %s', async (which, text) => {
    const got = await drawn(which);
    expect([got.text, got.sides]).toEqual([text, []]);
  });
});
