// The Result section: who won and the working of it (difference, the casualty table's row, each plan's change,
// the winner's minimum, the rounding), each side's casualty points and the units to lose, ticked as suggested
// and changeable with running totals. A large side is grouped by unit type, a group's rows built only when it is
// opened (a page at a time); a tick changes only the boxes, lines and totals that changed, in place.
import { ATTRITION_PERCENT, casualtyBand, casualtyPoints, winnerMinimum } from '../../rules';
import { type Box, loserOf, type Selection, totals, totalsText } from '../casualties';
import type { Controller } from '../controller';
import { el, fill } from '../dom';
import { counted, signed } from '../format';
import type { Preview, ResultView, UnitView } from '../preview';
import { isApplied, type State } from '../state';
import { diceProblemsOf } from './roll';

/** A side with at most this many units is listed whole; a larger one is grouped by unit type. */
const FLAT_UNITS = 40;
/** Rows built at a time when a group is opened (and on each "Show more"). */
const GROUP_PAGE = 50;

const BOX_NAMES: Record<Box, string> = {
  destroyed: 'Destroyed',
  routed: 'Routed',
  captured: 'Captured',
  pursued: 'Pursued',
};

interface Row {
  readonly side: 0 | 1;
  readonly unit: UnitView;
  readonly tr: HTMLTableRowElement;
  readonly inputs: Partial<Record<Box, HTMLInputElement>>;
}

interface Group {
  readonly side: 0 | 1;
  readonly type: string;
  readonly units: readonly UnitView[];
  readonly summary: HTMLElement;
  shownText: string;
}

interface Built {
  readonly preview: Preview;
  readonly locked: boolean;
  /** The rows built so far, by side and Units row. */
  readonly rows: [Map<number, Row>, Map<number, Row>];
  readonly groups: Group[];
  /** Each side's running totals line. */
  readonly running: readonly [HTMLElement, HTMLElement];
}

/** The Result section, rebuilt for each new result and synced on each tick. */
export interface ResultSection {
  update(s: State): void;
}

/** Every Units row whose boxes may differ between two selections (all of them when there is no earlier one). */
function touched(side: 0 | 1, a: Selection | null, b: Selection): Set<number> | null {
  if (!a) return null;
  const out = new Set<number>();
  for (const sel of [a, b]) {
    for (const row of sel.fates[side].keys()) out.add(row);
    for (const row of sel.captured) out.add(row);
    for (const row of sel.pursued) out.add(row);
  }
  return out;
}

export function createResultSection(
  host: HTMLElement,
  announce: (text: string) => void,
  controller: Controller,
): ResultSection {
  let built: Built | null = null;
  let shownSelection: Selection | null = null;
  let shownNote = '';

  const syncRow = (b: Built, x: Row, sel: Selection) => {
    const loser = loserOf(b.preview);
    const row = x.unit.row;
    const fate = sel.fates[x.side].get(row);
    const pursued = x.side === loser && sel.pursued.has(row);
    for (const [box, input] of Object.entries(x.inputs) as [Box, HTMLInputElement][]) {
      const on = box === 'captured' ? sel.captured.has(row) : box === 'pursued' ? pursued : fate === box;
      if (input.checked !== on) input.checked = on;
    }
    const cls = fate ?? (pursued ? 'pursued' : '');
    if (x.tr.className !== cls) x.tr.className = cls;
  };

  /** A unit's row; `typed`: its type shown beside its name (a group's rows share theirs, in its line). */
  const rowOf = (b: Built, i: 0 | 1, u: UnitView, isLoser: boolean, typed: boolean): HTMLTableRowElement => {
    const tr = el(
      'tr',
      {},
      el(
        'td',
        { class: 'unit-name' },
        u.name || '(no name)',
        typed && u.type ? el('span', { class: 'note' }, ` ${u.type}`) : null,
      ),
      el('td', { class: 'num' }, u.value),
    );
    const kinds: Box[] = isLoser ? ['destroyed', 'routed', 'captured', 'pursued'] : ['destroyed', 'routed'];
    const inputs: Row['inputs'] = {};
    for (const kind of kinds) {
      const input = el('input', {
        type: 'checkbox',
        disabled: b.locked,
        'aria-label': `${BOX_NAMES[kind]}: ${u.name}`,
        'data-focus': `${kind}-${i}-${u.row}`,
        onchange: (e: Event) => {
          controller.toggle(i, u.row, kind, (e.target as HTMLInputElement).checked);
          const st = controller.state;
          if (st.outcome?.ok && st.selection) announce(totalsText(st.outcome.preview, st.selection));
        },
      });
      inputs[kind] = input;
      tr.append(el('td', { class: 'box' }, input));
    }
    const x: Row = { side: i, unit: u, tr, inputs };
    b.rows[i].set(u.row, x);
    if (shownSelection) syncRow(b, x, shownSelection);
    return tr;
  };

  const table = (b: Built, i: 0 | 1, units: readonly UnitView[], isLoser: boolean, typed: boolean) => {
    const abbr = (text: string, title: string) => el('th', { scope: 'col' }, el('abbr', { title }, text));
    const body = el('tbody', {}, ...units.map((u) => rowOf(b, i, u, isLoser, typed)));
    const t = el(
      'table',
      { class: 'units' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, 'Unit'),
          el('th', { scope: 'col', class: 'num' }, el('abbr', { title: 'Value' }, 'Val')),
          abbr('D', 'Destroyed'),
          abbr('R', 'Routed'),
          isLoser ? abbr('C', 'Captured by the winner (routed units only)') : null,
          isLoser ? abbr('P', 'Destroyed in pursuit') : null,
        ),
      ),
      body,
    );
    return { table: t, body };
  };

  /** A unit type's rows, built a page at a time once the group is first opened. */
  const groupOf = (b: Built, i: 0 | 1, type: string, units: readonly UnitView[], isLoser: boolean) => {
    const summary = el('summary', { 'data-focus': `group-${i}-${type}` });
    const details = el('details', { class: 'unit-group' }, summary);
    const group: Group = { side: i, type, units, summary, shownText: '' };
    let shown = 0;
    let body: HTMLTableSectionElement | null = null;
    const more = el('button', { type: 'button', class: 'secondary more', 'data-focus': `more-${i}-${type}` });
    const page = () => {
      const next = units.slice(shown, shown + GROUP_PAGE);
      shown += next.length;
      if (!body) {
        const t = table(b, i, next, isLoser, false);
        body = t.body;
        details.append(t.table, more);
      } else body.append(...next.map((u) => rowOf(b, i, u, isLoser, false)));
      const left = units.length - shown;
      more.hidden = left === 0;
      more.textContent = `Show ${Math.min(left, GROUP_PAGE)} more (${left} left)`;
    };
    more.addEventListener('click', page);
    details.addEventListener('toggle', () => {
      if (details.open && shown === 0) page();
    });
    b.groups.push(group);
    return details;
  };

  const sideBlock = (b: Built, p: Preview, r: ResultView, i: 0 | 1, running: HTMLElement) => {
    const s = p.sides[i];
    const isLoser = i !== r.winner;
    let units: HTMLElement;
    if (s.units.length === 0) units = el('p', { class: 'note' }, 'No ready units.');
    else if (s.units.length <= FLAT_UNITS) units = table(b, i, s.units, isLoser, true).table;
    else {
      const byType = new Map<string, UnitView[]>();
      for (const u of s.units) {
        const list = byType.get(u.type);
        if (list) list.push(u);
        else byType.set(u.type, [u]);
      }
      units = el(
        'div',
        { class: 'unit-groups' },
        ...[...byType].map(([type, list]) => groupOf(b, i, type, list, isLoser)),
      );
    }
    return el(
      'div',
      { class: `casualties side-${i === 0 ? 'a' : 'b'}` },
      el(
        'h3',
        {},
        `${s.label}: ${r.rates[i]}% → ${r.points[i]} pts`,
        el('span', { class: 'note' }, ` (${r.destroyedPoints[i]} destroyed, ${r.routedPoints[i]} routed)`),
      ),
      running,
      units,
    );
  };

  const build = (p: Preview, r: ResultView, locked: boolean): Built => {
    const running: [HTMLElement, HTMLElement] = [
      el('p', { class: 'running' }),
      el('p', { class: 'running' }),
    ];
    const b: Built = { preview: p, locked, rows: [new Map(), new Map()], groups: [], running };
    const [a, c] = p.sides;
    fill(
      host,
      el(
        'p',
        { class: 'winner' },
        el('strong', {}, `${p.sides[r.winner].label} wins`),
        ` by ${r.difference} (${a.label} ${r.totals[0]}, ${c.label} ${r.totals[1]})`,
      ),
      working(p, r),
      locked
        ? null
        : el(
            'p',
            { class: 'note' },
            'Suggested units are ticked; change them as you like. The loser’s routed units may be captured (C); the winner may destroy more of the loser’s units in pursuit (P).',
          ),
      sideBlock(b, p, r, 0, running[0]),
      sideBlock(b, p, r, 1, running[1]),
    );
    return b;
  };

  const sync = (b: Built, sel: Selection, before: Selection | null) => {
    for (const i of [0, 1] as const) {
      const rows = touched(i, before, sel);
      if (rows === null) for (const x of b.rows[i].values()) syncRow(b, x, sel);
      else
        for (const row of rows) {
          const x = b.rows[i].get(row);
          if (x) syncRow(b, x, sel);
        }
    }
    const loser = loserOf(b.preview);
    for (const g of b.groups) {
      let destroyed = 0;
      let routed = 0;
      let worth = 0;
      for (const u of g.units) {
        worth += u.value;
        const fate = sel.fates[g.side].get(u.row);
        if (fate === 'destroyed' || (g.side === loser && sel.pursued.has(u.row))) destroyed++;
        else if (fate === 'routed') routed++;
      }
      const text = `${g.type || 'No type'} · ${counted(g.units.length, 'unit')}, worth ${worth} · ${destroyed} destroyed, ${routed} routed`;
      if (text !== g.shownText) {
        g.summary.textContent = text;
        g.shownText = text;
      }
    }
    const sums = totals(b.preview, sel);
    const suggested = b.preview.result?.suggested;
    ([0, 1] as const).forEach((i) => {
      const t = sums[i];
      // The side's boxes as suggested: the units' values reach no closer, so a distance left is a plain note.
      const untouched = asSuggested(sel, i, suggested?.[i]);
      // Points, not units: a routed unit worth 3 fills 3 of the routed points. Off says by how much, in words.
      const mark = (got: number, want: number) => {
        const by = got < want ? `${want - got} short` : got > want ? `${got - want} over` : '';
        if (by && untouched)
          return el('span', { class: 'note' }, `${got} of ${want} pts (${by}: the closest these units come)`);
        return el('span', { class: by ? 'off' : 'ok' }, `${got} of ${want} pts${by ? ` (${by})` : ''}`);
      };
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
        // No result: say why, once (the dice refused, or nothing rolled yet).
        const dice = diceProblemsOf(s);
        const note = dice ? `Not worked out: ${dice}` : 'Roll to see the result.';
        if (built || note !== shownNote)
          fill(host, el('p', { class: dice ? 'field-problem' : 'note' }, note));
        shownNote = note;
        built = null;
        shownSelection = null;
        return;
      }
      shownNote = '';
      const locked = isApplied(s);
      if (!built || built.preview !== p || built.locked !== locked) {
        built = build(p, p.result, locked);
        shownSelection = null;
      }
      if (shownSelection !== s.selection) {
        sync(built, s.selection, shownSelection);
        shownSelection = s.selection;
      }
    },
  };
}

/** The working of the result, from the rules' own functions: each number can be checked against the tables. */
function working(p: Preview, r: ResultView): HTMLElement {
  const winner = p.sides[r.winner];
  const loserIndex = r.winner === 0 ? 1 : 0;
  const loser = p.sides[loserIndex];
  const band = casualtyBand(r.difference);
  const rows: [string, string][] = [
    [
      'Difference',
      `${winner.label} ${r.totals[r.winner]} − ${loser.label} ${r.totals[loserIndex]} = ${r.difference}`,
    ],
    [
      'Casualty table',
      `row ${band.label.replace('-', '–')}: winner ${band.winnerPercent}%, loser ${band.loserPercent}%`,
    ],
  ];
  for (const i of [0, 1] as const) {
    const s = p.sides[i];
    const table = i === r.winner ? band.winnerPercent : band.loserPercent;
    const change =
      s.cas === 0 ? `no change, ${table}%` : `${signed(s.cas)}%, so ${table}% becomes ${r.rates[i]}%`;
    rows.push([`${s.label}’s plan`, `${s.plan}: ${change}`]);
  }
  for (const i of [0, 1] as const) {
    const s = p.sides[i];
    const own = casualtyPoints(r.rates[i], s.unitValue);
    const exact = (r.rates[i] * s.unitValue) / 100;
    rows.push([
      `${s.label}’s points`,
      `${r.rates[i]}% of units worth ${s.unitValue} = ${exact}${exact === own ? '' : `, rounded to ${own}`}`,
    ]);
  }
  const own = casualtyPoints(r.rates[r.winner], winner.unitValue);
  const minimum = winnerMinimum(r.points[loserIndex], winner.cas);
  if (minimum.points > own) {
    const capped =
      r.points[r.winner] < minimum.points ? `, capped at its units’ worth ${winner.unitValue}` : '';
    const plan = winner.cas ? ` (${ATTRITION_PERCENT}% ${signed(winner.cas)}% by its plan)` : '';
    rows.push([
      'Winner’s minimum',
      `${minimum.percent}%${plan} of ${loser.label}’s ${r.points[loserIndex]} pts = ${minimum.points}, more than ${own}: ${winner.label} loses ${r.points[r.winner]}${capped}`,
    ]);
  }
  rows.push(['Split', 'half of each side’s points routed (rounded down), the rest destroyed']);
  return el(
    'div',
    { class: 'working' },
    el('dl', {}, ...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])),
  );
}

/** A side's destroyed and routed boxes are exactly the suggestion's (none captured or pursued). */
function asSuggested(
  sel: Selection,
  side: 0 | 1,
  suggestion: { readonly destroyed: readonly number[]; readonly routed: readonly number[] } | undefined,
): boolean {
  if (!suggestion) return false;
  const fates = sel.fates[side];
  if (fates.size !== suggestion.destroyed.length + suggestion.routed.length) return false;
  return (
    suggestion.destroyed.every((row) => fates.get(row) === 'destroyed') &&
    suggestion.routed.every((row) => fates.get(row) === 'routed') &&
    ![...fates.keys()].some((row) => sel.captured.has(row) || sel.pursued.has(row))
  );
}
