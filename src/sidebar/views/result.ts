// The Result section: who won, each side's casualty points and the units to lose, ticked as suggested and
// changeable by the user with running totals. Built once per result; a tick only syncs the boxes and totals.
import { type Box, loserOf, type Selection, totals, totalsText } from '../casualties';
import type { Controller } from '../controller';
import { el, fill } from '../dom';
import type { Preview, ResultView } from '../preview';
import { isApplied, type State } from '../state';

interface Built {
  readonly preview: Preview;
  readonly locked: boolean;
  readonly boxes: { side: 0 | 1; row: number; box: Box; input: HTMLInputElement; tr: HTMLTableRowElement }[];
  /** Each side's running totals line. */
  readonly running: readonly [HTMLElement, HTMLElement];
}

const BOX_NAMES: Record<Box, string> = {
  destroyed: 'Destroyed',
  routed: 'Routed',
  captured: 'Captured',
  pursued: 'Pursued',
};

/** The Result section, rebuilt for each new result and synced on each tick. */
export interface ResultSection {
  update(s: State): void;
}

export function resultSection(
  host: HTMLElement,
  announce: (text: string) => void,
  controller: Controller,
): ResultSection {
  let built: Built | null = null;
  let shownSelection: Selection | null = null;

  const build = (p: Preview, r: ResultView, locked: boolean): Built => {
    const loser = r.winner === 0 ? 1 : 0;
    const boxes: Built['boxes'] = [];
    const sideTable = (i: 0 | 1) => {
      const s = p.sides[i];
      const isLoser = i === loser;
      const abbr = (text: string, title: string) => el('th', { scope: 'col' }, el('abbr', { title }, text));
      const head = [
        el('th', { scope: 'col' }, 'Unit'),
        el('th', { scope: 'col', class: 'num' }, 'Val'),
        abbr('D', 'Destroyed'),
        abbr('R', 'Routed'),
        isLoser ? abbr('C', 'Captured by the winner (routed units only)') : null,
        isLoser ? abbr('P', 'Destroyed in pursuit') : null,
      ];
      const rows = s.units.map((u) => {
        const tr = el(
          'tr',
          {},
          el(
            'td',
            { class: 'unit-name' },
            u.name || '(no name)',
            u.type ? el('span', { class: 'note' }, ` ${u.type}`) : null,
          ),
          el('td', { class: 'num' }, u.value),
        );
        const kinds: Box[] = isLoser
          ? ['destroyed', 'routed', 'captured', 'pursued']
          : ['destroyed', 'routed'];
        for (const kind of kinds) {
          const input = el('input', {
            type: 'checkbox',
            disabled: locked,
            'aria-label': `${BOX_NAMES[kind]}: ${u.name}`,
            'data-focus': `${kind}-${i}-${u.row}`,
            onchange: (e: Event) => {
              controller.toggle(i, u.row, kind, (e.target as HTMLInputElement).checked);
              const st = controller.state;
              if (st.outcome?.ok && st.selection) announce(totalsText(st.outcome.preview, st.selection));
            },
          });
          boxes.push({ side: i, row: u.row, box: kind, input, tr });
          tr.append(el('td', { class: 'box' }, input));
        }
        return tr;
      });
      const running = el('p', { class: 'running' });
      const table = el(
        'div',
        { class: `casualties side-${i === 0 ? 'a' : 'b'}` },
        el(
          'h3',
          {},
          `${s.label}: ${r.rates[i]}% → ${r.points[i]} pts`,
          el('span', { class: 'note' }, ` (${r.destroyedPoints[i]} destroyed, ${r.routedPoints[i]} routed)`),
        ),
        running,
        s.units.length
          ? el(
              'div',
              { class: 'table-scroll units-scroll' },
              el(
                'table',
                { class: 'units' },
                el('thead', {}, el('tr', {}, ...head)),
                el('tbody', {}, ...rows),
              ),
            )
          : el('p', { class: 'note' }, 'No ready units.'),
      );
      return { table, running };
    };
    const [a, b] = p.sides;
    const [tableA, tableB] = [sideTable(0), sideTable(1)];
    fill(
      host,
      el(
        'p',
        { class: 'winner' },
        el('strong', {}, `${p.sides[r.winner].label} wins`),
        ` by ${r.difference} (${a.label} ${r.totals[0]}, ${b.label} ${r.totals[1]})`,
      ),
      locked
        ? null
        : el(
            'p',
            { class: 'note' },
            'Suggested units are ticked; change them as you like. The loser’s routed units may be captured (C); the winner may destroy more of the loser’s units in pursuit (P).',
          ),
      tableA.table,
      tableB.table,
    );
    return { preview: p, locked, boxes, running: [tableA.running, tableB.running] };
  };

  const sync = (b: Built, sel: Selection) => {
    for (const x of b.boxes) {
      const fate = sel.fates[x.side].get(x.row);
      x.input.checked =
        x.box === 'captured'
          ? sel.captured.has(x.row)
          : x.box === 'pursued'
            ? sel.pursued.has(x.row)
            : fate === x.box;
      if (x.box === 'destroyed')
        x.tr.className = fate ?? (sel.pursued.has(x.row) && x.side === loserOf(b.preview) ? 'pursued' : '');
    }
    const loser = loserOf(b.preview);
    const sums = totals(b.preview, sel);
    ([0, 1] as const).forEach((i) => {
      const t = sums[i];
      const mark = (got: number, want: number) =>
        // Points, not units: a routed unit worth 3 fills 3 of the routed points.
        el('span', { class: got === want ? 'ok' : 'off' }, `${got} of ${want} pts`);
      fill(
        b.running[i],
        'Destroyed ',
        mark(t.destroyed, t.destroyedTarget),
        ' · routed ',
        mark(t.routed, t.routedTarget),
        i === loser && t.captured ? ` · captured ${t.captured}` : '',
        i === loser && t.pursued ? ` · pursued ${t.pursued}` : '',
      );
    });
  };

  return {
    update(s) {
      const p = s.outcome?.ok ? s.outcome.preview : null;
      if (!p?.result || !s.selection) {
        if (built) fill(host);
        built = null;
        shownSelection = null;
        return;
      }
      const locked = isApplied(s);
      if (!built || built.preview !== p || built.locked !== locked) {
        built = build(p, p.result, locked);
        shownSelection = null;
      }
      if (shownSelection !== s.selection) {
        sync(built, s.selection);
        shownSelection = s.selection;
      }
    },
  };
}
