// The chance of each casualty band for each side, as an inline SVG built with DOM calls: side A's wins rise
// above the axis, side B's hang below it, band by band from the narrowest win to the widest.
import type { OddsListing } from '../sheets/sidebar-api';
import { svg } from './dom';
import { percent } from './model';

const WIDTH = 276;
const HEIGHT = 130;
const LEFT = 4;
const RIGHT = 4;
const AXIS = 60;
// Bars reach BAR_SPACE above and below the axis; the band labels sit under the lowest.
const BAR_SPACE = 52;

export function bandChart(odds: OddsListing, labelA: string, labelB: string): SVGSVGElement {
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
  chart.append(svg('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: AXIS, y2: AXIS, class: 'axis' }));
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
          `${labelA} wins by ${band.label}: ${percent(band.a)} (${labelA} loses ${band.winnerPercent}%, ${labelB} ${band.loserPercent}%)`,
        ),
      ),
      svg(
        'rect',
        { x, y: AXIS, width: w, height: hb, class: 'bar-b' },
        svg(
          'title',
          {},
          `${labelB} wins by ${band.label}: ${percent(band.b)} (${labelB} loses ${band.winnerPercent}%, ${labelA} ${band.loserPercent}%)`,
        ),
      ),
    );
  });
  // Difference labels under a few bands: the first, the middle and the last.
  for (const i of [0, Math.floor(bands.length / 2), bands.length - 1]) {
    const band = bands[i];
    if (!band) continue;
    const x = LEFT + i * step + step / 2;
    const anchor = i === 0 ? 'start' : i === bands.length - 1 ? 'end' : 'middle';
    const at = i === 0 ? LEFT : i === bands.length - 1 ? WIDTH - RIGHT : x;
    chart.append(
      svg('text', { x: at, y: HEIGHT - 4, 'text-anchor': anchor, class: 'tick' }, `by ${band.label}`),
    );
  }
  return chart;
}
