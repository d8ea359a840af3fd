// The band chart as the browser draws it: one bar a side a band, scaled to the likeliest, every text from data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OddsView } from '../../../src/sidebar/preview-model';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`
    import { bandChart } from './src/sidebar/views/chart';
    window.chart = bandChart;
  `);
});
afterAll(async () => {
  await pages?.close();
});

declare global {
  interface Window {
    chart: typeof import('../../../src/sidebar/views/chart').bandChart;
  }
}

const ODDS: OddsView = {
  winA: 0.6,
  winB: 0.4,
  expected: [3, 4],
  bands: [
    { label: '1-10', a: 0.2, b: 0.1, ratesIfA: [70, 20], ratesIfB: [30, 60] },
    { label: '11-15', a: 0.4, b: 0.05, ratesIfA: [60, 20], ratesIfB: [30, 50] },
    { label: '400+', a: 0, b: 0.25, ratesIfA: [5, 90], ratesIfB: [100, 0] },
  ],
};

/** The chart drawn, as [tag, chosen attributes, text] per element. */
async function drawn(odds: OddsView, labelA: string, labelB: string) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ odds, labelA, labelB }) => {
      const svg = window.chart(odds, labelA, labelB);
      const pick = (e: Element, names: string[]) => names.map((n) => e.getAttribute(n));
      return {
        label: svg.getAttribute('aria-label'),
        role: svg.getAttribute('role'),
        bars: [...svg.querySelectorAll('rect')].map((r) => [
          ...pick(r, ['class', 'y', 'height']),
          r.querySelector('title')?.textContent,
        ]),
        texts: [...svg.querySelectorAll(':scope > text')].map((t) => [
          ...pick(t, ['class', 'text-anchor']),
          t.textContent,
        ]),
      };
    },
    { odds, labelA, labelB },
  );
}

describe('bandChart', () => {
  it('draws each band’s chance for each side, the likeliest band full height, with its rates in the title', async () => {
    const chart = await drawn(ODDS, 'Avanil', 'Ghoere');
    expect(chart.label).toBe('Chance of each casualty band: Avanil wins 60.0%, Ghoere wins 40.0%');
    expect(chart.role).toBe('img');
    // Bars reach 52 above and below the axis at 66, for the likeliest band (0.4).
    expect(chart.bars).toEqual([
      ['bar-a', '40', '26', 'Avanil wins by 1-10: 20.0%; casualties Avanil 70%, Ghoere 20%'],
      ['bar-b', '66', '13', 'Ghoere wins by 1-10: 10.0%; casualties Avanil 30%, Ghoere 60%'],
      ['bar-a', '14', '52', 'Avanil wins by 11-15: 40.0%; casualties Avanil 60%, Ghoere 20%'],
      ['bar-b', '66', '6.5', 'Ghoere wins by 11-15: 5.0%; casualties Avanil 30%, Ghoere 50%'],
      ['bar-a', '66', '0', 'Avanil wins by 400+: 0%; casualties Avanil 5%, Ghoere 90%'],
      ['bar-b', '66', '32.5', 'Ghoere wins by 400+: 25.0%; casualties Avanil 100%, Ghoere 0%'],
    ]);
  });

  it('labels both axes: the top chance each way, each side’s direction, and the first, middle and last bands', async () => {
    const chart = await drawn(ODDS, 'Avanil', 'Ghoere');
    expect(chart.texts).toEqual([
      ['tick', 'end', '40.0%'],
      ['tick', 'end', '0'],
      ['tick', 'end', '40.0%'],
      ['axis-title key-a', null, '▲ Avanil wins'],
      ['axis-title key-b', null, '▼ Ghoere wins'],
      ['tick', 'start', '1-10'],
      ['tick', 'middle', '11-15'],
      ['tick', 'end', '400+'],
      ['axis-title', 'middle', 'Won by (difference of totals) →'],
    ]);
  });

  it('keeps side names as text, and draws no bar when no band has a chance', async () => {
    const none: OddsView = {
      ...ODDS,
      winA: 0,
      winB: 0,
      bands: ODDS.bands.map((b) => ({ ...b, a: 0, b: 0 })),
    };
    const chart = await drawn(none, '<b>A</b>', 'B');
    expect(chart.label).toBe('Chance of each casualty band: <b>A</b> wins 0%, B wins 0%');
    expect(chart.bars.map(([, , height]) => height)).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(chart.texts[3]).toEqual(['axis-title key-a', null, '▲ <b>A</b> wins']);
  });
});
