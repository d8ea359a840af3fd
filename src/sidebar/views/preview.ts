// The preview section: each side's base, modifiers (with where each came from), battle value, chance and
// expected casualties; the band chart and, folded, its table with the casualty rates the plans make.
import { el, fill, foldable } from '../dom';
import { bandChart } from './chart';
import { modifierAmount, percent, SOURCE_TEXT, signed } from '../format';
import type { Preview, SideView } from '../preview-model';

export function renderPreview(host: HTMLElement, problem: string | null, p: Preview | null): void {
  if (problem !== null || !p) {
    fill(host, el('p', { class: 'note' }, problem ?? 'Reading the campaign…'));
    return;
  }
  const [a, b] = p.sides;
  const parts: (HTMLElement | null)[] = [sideBlock(a, 0, p), sideBlock(b, 1, p)];
  if (p.noBattle) {
    parts.push(el('p', { class: 'callout' }, `No battle: ${a.plan} against ${b.plan} rules it out.`));
  } else if (p.odds) {
    const odds = p.odds;
    const rates = (r: readonly [number, number]) => `${r[0]}/${r[1]}`;
    const table = el(
      'table',
      { class: 'bands' },
      el(
        'caption',
        { class: 'note' },
        `Chance of each band, and the casualty rates (${a.label}/${b.label}, the plans’ changes included)`,
      ),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, 'Won by'),
          el('th', { scope: 'col' }, a.label),
          el('th', { scope: 'col' }, 'rates'),
          el('th', { scope: 'col' }, b.label),
          el('th', { scope: 'col' }, 'rates'),
        ),
      ),
      el(
        'tbody',
        {},
        ...odds.bands.map((band) =>
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, band.label),
            el('td', {}, percent(band.a)),
            el('td', { class: 'note' }, rates(band.ratesIfA)),
            el('td', {}, percent(band.b)),
            el('td', { class: 'note' }, rates(band.ratesIfB)),
          ),
        ),
      ),
    );
    const cas = [a, b].filter((s) => s.cas !== 0).map((s) => `${s.label} ${signed(s.cas)}%`);
    parts.push(
      el(
        'figure',
        { class: 'chart' },
        el(
          'figcaption',
          {},
          'Chance of each casualty band',
          cas.length ? ` · the plans change casualty rates: ${cas.join(', ')}` : '',
        ),
        bandChart(odds, a.label, b.label),
      ),
      foldable('bands', 'Band chances as a table', el('div', { class: 'table-scroll' }, table)),
    );
  }
  fill(host, ...parts);
}

function sideBlock(s: SideView, i: 0 | 1, p: Preview): HTMLElement {
  const chance = p.odds ? (i === 0 ? p.odds.winA : p.odds.winB) : null;
  const expected = p.odds ? p.odds.expected[i] : null;
  const characters = s.characters.length
    ? ` + characters ${s.base - s.unitValue} (${s.characters.map((c) => `${c.name} ${c.bonus}`).join(', ')})`
    : '';
  return el(
    'div',
    { class: `side-preview side-${i === 0 ? 'a' : 'b'}` },
    el(
      'div',
      { class: 'side-head' },
      el('span', { class: 'side-name' }, s.label),
      el('span', { class: 'bv', title: 'Battle value' }, `BV ${s.battleValue}`),
    ),
    el(
      'p',
      { class: 'chances' },
      chance === null ? 'No battle' : el('strong', {}, `Wins ${percent(chance)}`),
      expected === null ? '' : ` · expected casualties ${expected.toFixed(1)} pts`,
    ),
    el(
      'p',
      { class: 'base' },
      `Base ${s.base} = ${s.units.length} ready units worth ${s.unitValue}${characters}`,
      s.notFighting ? el('span', { class: 'note' }, ` · ${s.notFighting} not fighting`) : null,
    ),
    s.modifiers.length
      ? el(
          'ul',
          { class: 'modifiers' },
          ...s.modifiers.map((m) =>
            el(
              'li',
              {},
              el('span', { class: 'amount' }, modifierAmount(m)),
              el('span', { class: 'mod-label' }, `${m.group}: ${m.label}`),
              el('span', { class: `source source-${m.source}` }, SOURCE_TEXT[m.source]),
            ),
          ),
        )
      : el('p', { class: 'note' }, 'No modifiers.'),
    s.notes.length ? el('ul', { class: 'rule-notes' }, ...s.notes.map((n) => el('li', {}, n))) : null,
    el(
      'p',
      { class: 'sums' },
      `${signed(s.percent)}% and ${signed(s.points)} points → battle value ${s.battleValue}`,
      s.planEffect !== '-' ? el('span', { class: 'note' }, ` · plan ${s.plan}: ${s.planEffect}`) : null,
    ),
  );
}
