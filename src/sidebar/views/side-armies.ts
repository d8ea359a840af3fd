// A side's armies: a box per army of the roster (with where it stands and how many are ready), and each army on
// the side that the roster does not know, offered its closest known name to replace or drop.
import { unknownArmyProblem } from '../../contract/fight-setup';
import type { ArmyData, BattleSetup } from '../../contract/campaign';
import { closestName, nameKey } from '../../rules';
import { hasArmy, sideName } from '../battle-setup';
import type { Controller } from '../controller';
import { el } from '../dom';

export interface SidePart {
  readonly element: HTMLElement;
  sync(setup: BattleSetup): void;
}

/** The roster's armies as boxes; ticking one asks the controller, which may refuse (the box then goes back). */
export function createArmyList(index: 0 | 1, armies: readonly ArmyData[], controller: Controller): SidePart {
  const other = (1 - index) as 0 | 1;
  const boxes = new Map<string, { input: HTMLInputElement; note: HTMLElement }>();
  const element = el('fieldset', { class: 'armies' }, el('legend', {}, 'Armies'));
  if (armies.length === 0) element.append(el('p', { class: 'note' }, 'No army on the Units sheet yet.'));
  for (const army of armies) {
    const input = el('input', {
      type: 'checkbox',
      'data-focus': `army-${index}-${army.name}`,
      onchange: (e: Event) => {
        const box = e.target as HTMLInputElement;
        controller.army(index, army.name, box.checked);
        box.checked = hasArmy(controller.state.setup.sides[index], army.name); // a refusal leaves it as it was
      },
    });
    const note = el('span', { class: 'where' });
    boxes.set(army.name, { input, note });
    element.append(
      el(
        'label',
        { class: 'check' },
        input,
        el('span', {}, army.name),
        note,
        el('span', { class: 'note' }, army.problem ? 'cannot be read' : `${army.ready}/${army.units} ready`),
      ),
    );
  }
  const sync = (s: BattleSetup) => {
    for (const [name, box] of boxes) {
      box.input.checked = hasArmy(s.sides[index], name);
      box.note.textContent = hasArmy(s.sides[other], name) ? `(on ${sideName(s, other)})` : '';
    }
  };
  return { element, sync };
}

/**
 * The side's armies the roster does not know, each with its closest known name: one click to replace or drop it.
 * The change stays in the sidebar until Save or Apply writes the battle.
 */
export function createUnknownArmies(
  index: 0 | 1,
  armies: readonly ArmyData[],
  controller: Controller,
): SidePart {
  const element = el('div', { class: 'unknown-armies' });
  const known = armies.map((a) => a.name);
  let shown = '';
  // Through the controller's army changes, so that a replacement is refused as a tick would be.
  const renameArmy = (name: string, to: string | null) =>
    to === null ? controller.army(index, name, false) : controller.renameArmy(index, name, to);
  const line = (name: string) => {
    const close = closestName(name, known);
    return el(
      'div',
      { class: 'unknown-army', role: 'group', 'aria-label': `Army “${name}”` },
      // The words BATTLES and the preview use (SHEETS.md): one message for one problem, wherever it shows.
      el('p', {}, unknownArmyProblem(name, known)),
      el(
        'div',
        { class: 'buttons' },
        close
          ? el(
              'button',
              {
                type: 'button',
                class: 'action',
                'data-focus': `replace-${index}-${name}`,
                onclick: () => renameArmy(name, close),
              },
              `Replace with ${close}`,
            )
          : null,
        el(
          'button',
          {
            type: 'button',
            class: 'secondary',
            'data-focus': `drop-${index}-${name}`,
            onclick: () => renameArmy(name, null),
          },
          `Drop “${name}”`,
        ),
      ),
    );
  };
  const sync = (s: BattleSetup) => {
    const unknown = s.sides[index].armies.filter((a) => !known.some((k) => nameKey(k) === nameKey(a)));
    const key = unknown.join('\n');
    if (key === shown) return;
    shown = key;
    element.replaceChildren(...unknown.map(line));
  };
  return { element, sync };
}
