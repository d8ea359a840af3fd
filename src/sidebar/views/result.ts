// The Result section: who won and the working of it (difference, the casualty table's row, each plan's change,
// the winner's minimum, the rounding), each side's casualty points and the units to lose, ticked as suggested
// and changeable with running totals (the units' boxes are unit-boxes.ts's).
import { ATTRITION_PERCENT, casualtyBand, casualtyPoints, winnerMinimum } from '../../rules';
import { loserOf, type Selection, totals } from '../casualties';
import type { Controller } from '../controller';
import { el, fill } from '../dom';
import { signed } from '../format';
import type { Preview, ResultView } from '../preview-model';
import { isApplied, type State } from '../state';
import { diceProblemsOf } from './roll';
import { createUnitBoxes, type UnitBoxes } from './unit-boxes';

interface Built {
  readonly preview: Preview;
  readonly locked: boolean;
  readonly boxes: UnitBoxes;
  /** Each side's running totals line. */
  readonly running: readonly [HTMLElement, HTMLElement];
}

/** The Result section, rebuilt for each new result and synced on each tick. */
export interface ResultSection {
  update(s: State): void;
}

export function createResultSection(
  host: HTMLElement,
  announce: (text: string) => void,
  controller: Controller,
): ResultSection {
  let built: Built | null = null;
  let shownSelection: Selection | null = null;
  let shownNote = '';

  const sideBlock = (b: Built, r: ResultView, i: 0 | 1) => {
    const s = b.preview.sides[i];
    return el(
      'div',
      { class: `casualties side-${i === 0 ? 'a' : 'b'}` },
      el(
        'h3',
        {},
        `${s.label}: ${r.rates[i]}% → ${r.points[i]} pts`,
        el('span', { class: 'note' }, ` (${r.destroyedPoints[i]} destroyed, ${r.routedPoints[i]} routed)`),
      ),
      b.running[i],
      b.boxes.side(i, i !== r.winner),
    );
  };

  const build = (p: Preview, r: ResultView, locked: boolean): Built => {
    const running: [HTMLElement, HTMLElement] = [
      el('p', { class: 'running' }),
      el('p', { class: 'running' }),
    ];
    const boxes = createUnitBoxes({ preview: p, locked, controller, announce });
    const b: Built = { preview: p, locked, boxes, running };
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
      sideBlock(b, r, 0),
      sideBlock(b, r, 1),
    );
    return b;
  };

  const sync = (b: Built, sel: Selection, before: Selection | null) => {
    b.boxes.sync(sel, before);
    syncRunning(b, sel);
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

/** Each side's running totals: destroyed and routed points against the result's, captured and pursued. */
function syncRunning(b: Built, sel: Selection): void {
  const loser = loserOf(b.preview);
  const sums = totals(b.preview, sel);
  const suggested = b.preview.result?.suggested;
  ([0, 1] as const).forEach((i) => {
    const t = sums[i];
    // The side's boxes as suggested: the units' values reach no closer, so a distance left is a plain note.
    const untouched = asSuggested(sel, i, suggested?.[i]);
    // Points, not units: a routed unit worth 3 fills 3 of the routed points. Off says by how much, in words.
    const mark = (got: number, want: number) => {
      const by = got < want ? `${want - got} short` : got > want ? `${got - want} over` : '';
      const kind = by === '' ? 'ok' : untouched ? 'note' : 'off';
      return el('span', { class: kind }, `${got} of ${want} pts${by ? ` (${by})` : ''}`);
    };
    const off = t.destroyed !== t.destroyedTarget || t.routed !== t.routedTarget;
    fill(
      b.running[i],
      'Destroyed ',
      mark(t.destroyed, t.destroyedTarget),
      ' · routed ',
      mark(t.routed, t.routedTarget),
      // Said once for the side, however many of its totals the units cannot reach exactly.
      off && untouched ? ': the closest these units come' : '',
      i === loser && t.captured ? ` · captured ${t.captured}` : '',
      i === loser && t.pursued ? ` · pursued ${t.pursued}` : '',
      t.upkeepSaved ? ` · saves ${t.upkeepSaved} GB upkeep next season` : '',
    );
  });
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
