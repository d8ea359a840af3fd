// The Roll section: roll here (crypto dice) or type the dice rolled at the table; ties are kept and listed.
// Nothing waits on the server: the preview is worked out in the browser.
import type { Controller } from '../controller';
import { isTie } from '../dice';
import { el, fill, uid } from '../dom';
import type { Preview } from '../preview-model';
import { isApplied, type State } from '../state';

export function renderRoll(host: HTMLElement, s: State, controller: Controller): void {
  const p = s.outcome?.ok ? s.outcome.preview : null;
  if (!p) {
    fill(host, el('p', { class: 'note' }, 'Set up both sides to roll.'));
    return;
  }
  if (p.noBattle) {
    fill(host, el('p', { class: 'note' }, 'No battle, no dice.'));
    return;
  }
  const applied = isApplied(s);
  if (applied && p.rolls.length === 0) {
    fill(
      host,
      el(
        'p',
        { class: 'callout' },
        'This battle is applied already (see the Log). Undo it to fight it again.',
      ),
    );
    return;
  }
  const locked = p.result !== null || applied;
  const modeName = uid('roll-mode');
  const mode = (value: State['rollMode'], text: string) =>
    el(
      'label',
      { class: 'check' },
      el('input', {
        type: 'radio',
        name: modeName,
        value,
        checked: s.rollMode === value,
        disabled: locked,
        'data-focus': `mode-${value}`,
        onchange: () => controller.setRollMode(value),
      }),
      el('span', {}, text),
    );
  const controls = s.rollMode === 'typed' ? [typedDice(s, p, locked, controller)] : [];
  const list = rollList(p);
  const clear =
    s.rolls.length && !applied
      ? el(
          'button',
          {
            type: 'button',
            class: 'secondary',
            'data-focus': 'clear-dice',
            onclick: () => controller.clearDice(),
          },
          'Clear dice',
        )
      : null;
  fill(
    host,
    el(
      'fieldset',
      { class: 'roll-mode' },
      el('legend', {}, 'How to roll'),
      mode('auto', 'Roll here'),
      mode('typed', 'Type dice rolled at the table'),
    ),
    ...controls,
    list,
    clear,
  );
}

/** The typed dice's problems in one line, while typing dice and not rolled yet; null when there is none. */
export function diceProblemsOf(s: State): string | null {
  if (s.rollMode !== 'typed') return null;
  const problems = s.typed.problems.filter((x): x is string => x !== null);
  return problems.length ? problems.join('; ') : null;
}

/** The dice typed from the table, one field per side, each with its problem under it. */
function typedDice(s: State, p: Preview, locked: boolean, controller: Controller): HTMLElement {
  // The browser's own bubbles are off (novalidate): each field gets one message, under it, in its label's words.
  const die = (id: string, focus: string, text: string, problem: string | null) =>
    el('input', {
      id,
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'off',
      maxlength: 12,
      class: 'die',
      value: text,
      disabled: locked,
      'data-focus': focus,
      'aria-invalid': problem ? 'true' : null,
      'aria-describedby': `${id}-problem`,
    });
  const field = (i: 0 | 1, id: string) => {
    const problem = locked ? null : s.typed.problems[i];
    const input = die(id, i === 0 ? 'die-a' : 'die-b', s.typed.texts[i], problem);
    const row = el(
      'div',
      { class: 'die-field' },
      el('label', { for: id }, `${p.sides[i].label}’s die`),
      input,
      el('p', { class: 'field-problem', id: `${id}-problem` }, problem ?? ''),
    );
    return { input, row };
  };
  const fa = field(0, 'die-a');
  const fb = field(1, 'die-b');
  return el(
    'form',
    {
      id: 'typed-dice',
      class: 'typed-dice',
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        controller.typedDice(fa.input.value, fb.input.value);
      },
    },
    fa.row,
    fb.row,
  );
}

/** Every pair rolled, each tie marked: the one list of the rolls (logged ones too, sealed-dice.ts). */
export function rollList(p: Preview): HTMLElement | null {
  const [a, b] = p.sides;
  return p.rolls.length
    ? el(
        'ol',
        { class: 'rolls' },
        ...p.rolls.map((pair, k) => {
          const last = k === p.rolls.length - 1 ? pair : null;
          const tie = isTie(pair, a.battleValue, b.battleValue);
          return el(
            'li',
            { class: tie ? 'tie' : '' },
            `${a.label} ${pair[0]} → ${a.battleValue + pair[0]} · ${b.label} ${pair[1]} → ${b.battleValue + pair[1]}`,
            tie
              ? el('strong', {}, last === pair && !p.result ? ' Tie — roll again' : ' Tie — rolled again')
              : '',
          );
        }),
      )
    : null;
}
