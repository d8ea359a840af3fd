// The chance of each casualty band for each side, as an inline SVG built with DOM calls: side A's wins rise
// above the axis, side B's hang below it, band by band from the narrowest win to the widest. The axes are
// labelled; each bar's title gives its casualty rates with the plans' Cas in them.
import { svg } from '../dom';
import { percent } from '../format';
import type { OddsView } from '../preview-model';

const WIDTH = 276;
const HEIGHT = 150;
const LEFT = 30;
const RIGHT = 4;
const AXIS = 66;
// Bars reach BAR_SPACE above and below the axis; the band labels and the axis title sit under the lowest.
const BAR_SPACE = 52;

export function bandChart(odds: OddsView, labelA: string, labelB: string): SVGSVGElement {
  const bands = odds.bands;
  const step = (WIDTH - LEFT - RIGHT) / bands.length;
  const top = Math.max(0.0001, ...bands.map((b) => Math.max(b.a, b.b)));
  const scale = (p: number) => (p / top) * BAR_SPACE;
  const chart = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    width: '100%',
    role: 'img',
    'aria-label': `Chance of each casualty band: ${labelA} wins ${percent(odds.winA)}, ${labelB} wins ${percent(odds.winB)}`,
    class: 'band-chart',
  });
  // The chance axis: the highest bar's chance above and below, 0 at the middle line.
  chart.append(
    svg('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: AXIS, y2: AXIS, class: 'axis' }),
    svg('line', { x1: LEFT, x2: LEFT, y1: AXIS - BAR_SPACE, y2: AXIS + BAR_SPACE, class: 'axis' }),
    svg('text', { x: LEFT - 3, y: AXIS - BAR_SPACE + 8, 'text-anchor': 'end', class: 'tick' }, percent(top)),
    svg('text', { x: LEFT - 3, y: AXIS + 3, 'text-anchor': 'end', class: 'tick' }, '0'),
    svg('text', { x: LEFT - 3, y: AXIS + BAR_SPACE, 'text-anchor': 'end', class: 'tick' }, percent(top)),
    svg('text', { x: LEFT + 3, y: AXIS - BAR_SPACE + 8, class: 'axis-title key-a' }, `▲ ${labelA} wins`),
    svg('text', { x: LEFT + 3, y: AXIS + BAR_SPACE, class: 'axis-title key-b' }, `▼ ${labelB} wins`),
  );
  bands.forEach((band, i) => {
    const x = LEFT + i * step + 1;
    const w = Math.max(1, step - 2);
    const ha = scale(band.a);
    const hb = scale(band.b);
    chart.append(
      svg(
        'rect',
        { x, y: AXIS - ha, width: w, height: ha, class: 'bar-a' },
        svg(
          'title',
          {},
          `${labelA} wins by ${band.label}: ${percent(band.a)}; casualties ${labelA} ${band.ratesIfA[0]}%, ${labelB} ${band.ratesIfA[1]}%`,
        ),
      ),
      svg(
        'rect',
        { x, y: AXIS, width: w, height: hb, class: 'bar-b' },
        svg(
          'title',
          {},
          `${labelB} wins by ${band.label}: ${percent(band.b)}; casualties ${labelA} ${band.ratesIfB[0]}%, ${labelB} ${band.ratesIfB[1]}%`,
        ),
      ),
    );
  });
  // The difference axis: labels under the first, middle and last bands, and its title.
  for (const i of [0, Math.floor(bands.length / 2), bands.length - 1]) {
    const band = bands[i];
    if (!band) continue;
    const anchor = i === 0 ? 'start' : i === bands.length - 1 ? 'end' : 'middle';
    const at = i === 0 ? LEFT : i === bands.length - 1 ? WIDTH - RIGHT : LEFT + i * step + step / 2;
    chart.append(
      svg('text', { x: at, y: AXIS + BAR_SPACE + 14, 'text-anchor': anchor, class: 'tick' }, band.label),
    );
  }
  chart.append(
    svg(
      'text',
      { x: (LEFT + WIDTH - RIGHT) / 2, y: HEIGHT - 2, 'text-anchor': 'middle', class: 'axis-title' },
      'Won by (difference of totals) →',
    ),
  );
  return chart;
}
