// The plan advisor: side A's chance for every pair of plans, the best answer to each enemy plan, the safest plan.
import { defined, type Plan } from '../../rules';
import { el, fill, foldable } from '../dom';
import { PLAN_SHORT, percent } from '../format';
import type { AdviceView, Preview } from '../preview-model';

export function renderAdvisor(host: HTMLElement, p: Preview | null): void {
  if (!p) {
    fill(host, el('p', { class: 'note' }, 'The advisor needs both sides set up.'));
    return;
  }
  const adv = p.advice;
  const [a, b] = p.sides;
  const current = [adv.plans.indexOf(a.plan), adv.plans.indexOf(b.plan)];
  const bestA = new Set(
    adv.bestForA.map((x, j) => `${x.plan === null ? -1 : adv.plans.indexOf(x.plan)}:${j}`),
  );
  const abbr = (plan: Plan) => el('abbr', { title: plan }, PLAN_SHORT[plan]);
  const table = el(
    'table',
    { class: 'advisor' },
    el(
      'caption',
      { class: 'visually-hidden' },
      `${a.label}’s chance to win in percent, by ${a.label}’s plan (rows) and ${b.label}’s plan (columns)`,
    ),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'Plan')),
        ...adv.plans.map((plan) => el('th', { scope: 'col', title: plan }, abbr(plan))),
      ),
    ),
    el(
      'tbody',
      {},
      ...adv.winA.map((row, i) => {
        const plan = defined(adv.plans[i], `the plan of advisor row ${i}`);
        return el(
          'tr',
          {},
          el('th', { scope: 'row', title: plan }, abbr(plan)),
          ...row.map((chance, j) => {
            const classes = [
              chance === null ? 'nobattle' : '',
              bestA.has(`${i}:${j}`) ? 'best' : '',
              i === current[0] && j === current[1] ? 'current' : '',
            ]
              .filter(Boolean)
              .join(' ');
            return el(
              'td',
              { class: classes, title: `${plan} vs ${adv.plans[j]}` },
              chance === null ? '—' : `${Math.round(chance * 100)}`,
            );
          }),
        );
      }),
    ),
  );
  const answers = (who: string, list: AdviceView['bestForA'], enemy: string) =>
    el(
      'ul',
      { class: 'answers' },
      ...list.map((x) =>
        el(
          'li',
          {},
          `${enemy} ${x.against} → ${who} `,
          el('strong', {}, x.plan ?? 'no battle either way'),
          x.chance === null ? '' : ` (${percent(x.chance)})`,
        ),
      ),
    );
  const maximin = (who: string, m: AdviceView['maximinA']) =>
    el(
      'p',
      {},
      `Safest plan for ${who}: `,
      el('strong', {}, m.plan),
      m.chance === null ? '' : ` (at worst ${percent(m.chance)})`,
    );
  fill(
    host,
    el(
      'p',
      { class: 'note' },
      `${a.label}’s chance to win (%), by ${a.label}’s plan (rows) against ${b.label}’s (columns). Bold: ${a.label}’s best answer; framed: the plans chosen.`,
    ),
    el('div', { class: 'table-scroll' }, table),
    el('p', { class: 'note' }, '— the plans rule out a battle. Percent chances, ties rolled again.'),
    maximin(a.label, adv.maximinA),
    maximin(b.label, adv.maximinB),
    foldable('answers-a', `${a.label}’s best answer to each plan`, answers(a.label, adv.bestForA, b.label)),
    foldable('answers-b', `${b.label}’s best answer to each plan`, answers(b.label, adv.bestForB, a.label)),
  );
}
