// The units a result may cost, each with its boxes (destroyed, routed; the loser's also captured and pursued). A
// large side is grouped by unit type, a group's rows built only when it is opened (a page at a time); a tick
// changes only the boxes and group lines that changed, in place.
import type { Box, Selection } from '../casualties';
import { loserOf, totalsText, viewOrder } from '../casualties';
import type { Controller } from '../controller';
import { el } from '../dom';
import { counted } from '../format';
import type { Preview, UnitView } from '../preview-model';

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

/** One result's unit boxes: built side by side, then synced with each selection. */
export interface UnitBoxes {
  /** A side's ready units: a note, one table, or one group per unit type. */
  side(i: 0 | 1, isLoser: boolean): HTMLElement;
  /** Puts a selection into the boxes built so far: every row, or only those that may differ from `before`. */
  sync(sel: Selection, before: Selection | null): void;
}

export interface UnitBoxesOptions {
  readonly preview: Preview;
  /** The battle is applied: the boxes show, and cannot be changed. */
  readonly locked: boolean;
  readonly controller: Controller;
  /** Speaks the totals after a tick (a live region). */
  readonly announce: (text: string) => void;
}

export function createUnitBoxes({ preview, locked, controller, announce }: UnitBoxesOptions): UnitBoxes {
  /** The rows built so far, by side and Units row. */
  const rows: [Map<number, Row>, Map<number, Row>] = [new Map(), new Map()];
  const groups: Group[] = [];
  const loser = loserOf(preview);
  let shown: Selection | null = null;

  /** A unit's row; `typed`: its type shown beside its name (a group's rows share theirs, in its line). */
  const rowOf = (i: 0 | 1, u: UnitView, isLoser: boolean, typed: boolean): HTMLTableRowElement => {
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
        disabled: locked,
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
    rows[i].set(u.row, x);
    if (shown) syncRow(x, shown, loser);
    return tr;
  };

  const table = (i: 0 | 1, units: readonly UnitView[], isLoser: boolean, typed: boolean) => {
    const body = el('tbody', {}, ...units.map((u) => rowOf(i, u, isLoser, typed)));
    return { table: unitTable(body, isLoser), body };
  };

  const side = (i: 0 | 1, isLoser: boolean): HTMLElement => {
    // The suggested casualties first: the first of them is at the top of the side's list (or of its first group,
    // opened), in view after the roll whatever the roll suggests.
    const suggested = preview.result?.suggested[i];
    const units = viewOrder(preview.sides[i].units, suggested);
    if (units.length === 0) return el('p', { class: 'note' }, 'No ready units.');
    if (units.length <= FLAT_UNITS) return table(i, units, isLoser, true).table;
    return el(
      'div',
      { class: 'unit-groups' },
      ...[...byType(units)].map(([type, list], n) => {
        const first = list[0];
        const opens = n === 0 && first !== undefined && suggests(suggested, first.row);
        const group = unitGroup(
          { side: i, type, units: list, open: opens },
          (page) => table(i, page, isLoser, false),
          (u) => rowOf(i, u, isLoser, false),
        );
        groups.push(group);
        return group.details;
      }),
    );
  };

  const sync = (sel: Selection, before: Selection | null) => {
    for (const i of [0, 1] as const) {
      const changed = touched(i, before, sel);
      if (changed === null) for (const x of rows[i].values()) syncRow(x, sel, loser);
      else
        for (const row of changed) {
          const x = rows[i].get(row);
          if (x) syncRow(x, sel, loser);
        }
    }
    for (const g of groups) {
      const text = groupLine(g, sel, loser);
      if (text !== g.shownText) {
        g.summary.textContent = text;
        g.shownText = text;
      }
    }
    shown = sel;
  };
  return { side, sync };
}

/**
 * A unit type's rows, built a page at a time once the group is first opened (or at once, `open`): `table` builds
 * the first page's table, `rowOf` each later row.
 */
function unitGroup(
  { side, type, units, open }: { side: 0 | 1; type: string; units: readonly UnitView[]; open: boolean },
  table: (units: readonly UnitView[]) => { table: HTMLTableElement; body: HTMLTableSectionElement },
  rowOf: (u: UnitView) => HTMLTableRowElement,
): Group & { readonly details: HTMLDetailsElement } {
  const summary = el('summary', { 'data-focus': `group-${side}-${type}` });
  const details = el('details', { class: 'unit-group' }, summary);
  let built = 0;
  let body: HTMLTableSectionElement | null = null;
  const more = el('button', {
    type: 'button',
    class: 'secondary more',
    'data-focus': `more-${side}-${type}`,
  });
  const page = () => {
    const next = units.slice(built, built + GROUP_PAGE);
    built += next.length;
    if (!body) {
      const t = table(next);
      body = t.body;
      details.append(t.table, more);
    } else body.append(...next.map(rowOf));
    const left = units.length - built;
    more.hidden = left === 0;
    more.textContent = `Show ${Math.min(left, GROUP_PAGE)} more (${left} left)`;
  };
  more.addEventListener('click', page);
  details.addEventListener('toggle', () => {
    if (details.open && built === 0) page();
  });
  if (open) {
    page();
    details.open = true;
  }
  return { side, type, units, summary, shownText: '', details };
}

/** The units by type, each type's in the order given, the types in the order first met. */
function byType(units: readonly UnitView[]): Map<string, UnitView[]> {
  const out = new Map<string, UnitView[]>();
  for (const u of units) {
    const list = out.get(u.type);
    if (list) list.push(u);
    else out.set(u.type, [u]);
  }
  return out;
}

/** A unit's boxes as the selection has them, and its row marked by its fate. */
function syncRow(x: Row, sel: Selection, loser: 0 | 1 | null): void {
  const row = x.unit.row;
  const fate = sel.fates[x.side].get(row);
  const pursued = x.side === loser && sel.pursued.has(row);
  for (const [box, input] of Object.entries(x.inputs) as [Box, HTMLInputElement][]) {
    const on = box === 'captured' ? sel.captured.has(row) : box === 'pursued' ? pursued : fate === box;
    if (input.checked !== on) input.checked = on;
  }
  const cls = fate ?? (pursued ? 'pursued' : '');
  if (x.tr.className !== cls) x.tr.className = cls;
}

/** The units' table around its body: the loser's has the captured and pursued columns too. */
function unitTable(body: HTMLTableSectionElement, isLoser: boolean): HTMLTableElement {
  const abbr = (text: string, title: string) => el('th', { scope: 'col' }, el('abbr', { title }, text));
  return el(
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
}

/** A unit type's line: its units, their worth, and how many the selection destroys and routes. */
function groupLine(g: Group, sel: Selection, loser: 0 | 1 | null): string {
  let destroyed = 0;
  let routed = 0;
  let worth = 0;
  for (const u of g.units) {
    worth += u.value;
    const fate = sel.fates[g.side].get(u.row);
    if (fate === 'destroyed' || (g.side === loser && sel.pursued.has(u.row))) destroyed++;
    else if (fate === 'routed') routed++;
  }
  return `${g.type || 'No type'} · ${counted(g.units.length, 'unit')}, worth ${worth} · ${destroyed} destroyed, ${routed} routed`;
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

/** Whether the suggestion has the unit of that Units row destroyed or routed. */
function suggests(
  suggested: { readonly destroyed: readonly number[]; readonly routed: readonly number[] } | undefined,
  row: number,
): boolean {
  return Boolean(suggested && (suggested.destroyed.includes(row) || suggested.routed.includes(row)));
}
