// The Roll section: roll here (crypto dice) or type the dice rolled at the table; ties are kept and listed.
// Nothing waits on the server: the preview is worked out in the browser.
import type { Controller } from '../controller';
import { isTie } from '../dice';
import { el, fill, uid } from '../dom';
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
  const [a, b] = p.sides;
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
  const controls: HTMLElement[] = [];
  if (s.rollMode === 'auto') {
    controls.push(
      el(
        'button',
        {
          type: 'button',
          class: 'action',
          id: 'roll-button',
          'data-focus': 'roll',
          disabled: locked,
          onclick: () => controller.roll(),
        },
        p.result ? 'Rolled' : p.tie ? 'Roll again' : 'Roll',
      ),
    );
  } else {
    const die = (id: string, focus: string) =>
      el('input', {
        id,
        type: 'number',
        min: 1,
        max: 100,
        step: 1,
        inputmode: 'numeric',
        class: 'die',
        disabled: locked,
        'data-focus': focus,
      });
    const idA = uid('die-a');
    const idB = uid('die-b');
    const dieA = die(idA, 'die-a');
    const dieB = die(idB, 'die-b');
    controls.push(
      el(
        'form',
        {
          class: 'typed-dice',
          onsubmit: (e: Event) => {
            e.preventDefault();
            controller.typedDice(dieA.value, dieB.value);
          },
        },
        el('label', { for: idA }, a.label),
        dieA,
        el('label', { for: idB }, b.label),
        dieB,
        el(
          'button',
          { type: 'submit', class: 'action', disabled: locked, 'data-focus': 'use-dice' },
          'Use these dice',
        ),
      ),
    );
  }
  const list = p.rolls.length
    ? el(
        'ol',
        { class: 'rolls' },
        ...p.rolls.map((pair) => {
          const tie = isTie(pair, a.battleValue, b.battleValue);
          return el(
            'li',
            { class: tie ? 'tie' : '' },
            `${a.label} ${pair[0]} → ${a.battleValue + pair[0]} · ${b.label} ${pair[1]} → ${b.battleValue + pair[1]}`,
            tie ? el('strong', {}, ' tie: rolled again') : '',
          );
        }),
      )
    : null;
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
      el('legend', {}, 'Dice'),
      mode('auto', 'Roll here'),
      mode('typed', 'Type dice rolled at the table'),
    ),
    ...controls,
    list,
    clear,
  );
}
