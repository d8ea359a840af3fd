// The plan advisor's word on a sealed enemy plan: the chance of the side whose plan is known against each plan the
// enemy may have sealed, and its worst case (what a commander weighs), from the preview's advice (rules/advisor.ts,
// the same table the advisor shows). Opens the advisor when a battle with a sealed plan is shown. Built once;
// `sync` redraws it only when the battle or its plans change.
import { el, fill } from '../dom';
import { percent } from '../format';
import { hiddenSides } from '../sealing';
import type { State } from '../state';

export interface SealedAdvice {
  readonly element: HTMLElement;
  sync(s: State): void;
}

/** `advisor`: the advisor's details, opened when a battle with a sealed plan is shown. */
export function createSealedAdvice(advisor: HTMLDetailsElement): SealedAdvice {
  const element = el('div', { class: 'sealed-advice' });
  element.hidden = true;
  let shown = '';
  let opened = '';

  const sync = (s: State) => {
    const p = s.outcome?.ok ? s.outcome.preview : null;
    const hidden = hiddenSides(s);
    advisor.classList.toggle('plans-hidden', hidden.length > 0);
    const key =
      p && hidden.length
        ? JSON.stringify([s.picked, hidden, p.sides.map((x) => x.plan), p.advice.chances])
        : '';
    if (key === shown) return;
    shown = key;
    element.hidden = key === '';
    if (!p || key === '') {
      element.replaceChildren();
      return;
    }
    if (opened !== `${s.picked}`) {
      opened = `${s.picked}`;
      advisor.open = true;
    }
    if (hidden.length === 2) {
      fill(
        element,
        el(
          'p',
          { class: 'callout' },
          'Both plans are sealed: the table below gives every pair of plans, as each commander weighed them.',
        ),
      );
      return;
    }
    const enemy = hidden[0] === 0 ? 0 : 1;
    const mine = enemy === 0 ? 1 : 0;
    const me = p.sides[mine];
    const them = p.sides[enemy].label;
    const row = p.advice.chances[mine][p.advice.plans.indexOf(me.plan)] ?? [];
    const fought = row.filter((c): c is number => c !== null);
    const worst = fought.length ? Math.min(...fought) : null;
    const safest = mine === 0 ? p.advice.maximinA : p.advice.maximinB;
    fill(
      element,
      el(
        'p',
        { class: 'callout' },
        `${them}’s plan is sealed. ${me.label} with ${me.plan} against each plan ${them} may have sealed:`,
      ),
      el(
        'ul',
        { class: 'against-each' },
        ...p.advice.plans.map((plan, j) => {
          const chance = row[j] ?? null;
          return el(
            'li',
            { class: chance !== null && chance === worst ? 'worst' : '' },
            el('span', {}, plan),
            el('span', { class: 'chance' }, chance === null ? 'no battle' : percent(chance)),
          );
        }),
      ),
      el(
        'p',
        {},
        worst === null ? `${me.plan} leads to no battle against any plan. ` : `At worst ${percent(worst)}. `,
        `Safest plan for ${me.label}: `,
        el('strong', {}, safest.plan),
        safest.chance === null ? '' : ` (at worst ${percent(safest.chance)})`,
        '.',
      ),
    );
  };
  return { element, sync };
}
