// The setup form of one side: its name, armies, whether it defends, its plan, and its circumstances folded under
// one summary. Built once per campaign; `sync` puts the state's values and enabled states back into the same
// elements, so the focus stays where the user is.
import type { ArmyData, BattleSetup } from '../../contract/campaign';
import type { SideCircumstances } from '../../rules';
import { sideName, withDefender, withSide } from '../battle-setup';
import type { Catalogue } from '../catalogue';
import type { Controller } from '../controller';
import { el, uid } from '../dom';
import { createArmyList, createUnknownArmies } from './side-armies';
import { createCircumstances } from './side-circumstances';

export interface SideForm {
  readonly element: HTMLElement;
  /**
   * Puts the setup's values and the enabled states into the form; `locked` when the battle is applied;
   * `fields` the state's field problems (a field not named there shows none).
   */
  sync(setup: BattleSetup, locked: boolean, fields?: Readonly<Record<string, string>>): void;
}

export function createSideForm(
  index: 0 | 1,
  catalogue: Catalogue,
  armies: readonly ArmyData[],
  controller: Controller,
): SideForm {
  const setup = () => controller.state.setup;

  const labelId = uid('side-label');
  const labelInput = el('input', {
    id: labelId,
    type: 'text',
    autocomplete: 'off',
    maxlength: 60,
    'data-focus': `label-${index}`,
    oninput: (e: Event) =>
      controller.change(
        withSide(setup(), index, (s) => {
          s.label = (e.target as HTMLInputElement).value;
        }),
      ),
  });

  const armyList = createArmyList(index, armies, controller);
  const unknownArmies = createUnknownArmies(index, armies, controller);

  const defenderBox = el('input', {
    type: 'checkbox',
    'data-focus': `defender-${index}`,
    onchange: (e: Event) =>
      controller.change(withDefender(setup(), (e.target as HTMLInputElement).checked ? index : null)),
  });

  const planId = uid('plan');
  const planSelect = el(
    'select',
    {
      id: planId,
      'data-focus': `plan-${index}`,
      onchange: (e: Event) =>
        controller.change(
          withSide(setup(), index, (side) => {
            side.circumstances.plan = (e.target as HTMLSelectElement).value as SideCircumstances['plan'];
          }),
        ),
    },
    ...catalogue.plans.map((p) => el('option', { value: p }, p)),
  );

  const circumstances = createCircumstances(index, catalogue, controller);
  const lockNote = el('p', { class: 'note' }, 'This battle is applied: undo it to change it.');
  const body = el(
    'fieldset',
    { class: 'side-form' },
    el('legend', { class: 'visually-hidden' }, index === 0 ? 'Side A' : 'Side B'),
    el('div', { class: 'field' }, el('label', { for: labelId }, 'Side name'), labelInput),
    unknownArmies.element,
    armyList.element,
    el('label', { class: 'check defender' }, defenderBox, el('span', {}, 'This side defends')),
    el('div', { class: 'field' }, el('label', { for: planId }, 'Battle plan'), planSelect),
    circumstances.element,
  );
  const element = el('div', {}, lockNote, body);

  const sync = (s: BattleSetup, locked: boolean, fields: Readonly<Record<string, string>> = {}) => {
    const side = s.sides[index];
    unknownArmies.sync(s);
    body.disabled = locked;
    lockNote.hidden = !locked;
    if (document.activeElement !== labelInput) labelInput.value = side.label;
    labelInput.placeholder = sideName(
      {
        ...s,
        sides: [
          { ...s.sides[0], label: '' },
          { ...s.sides[1], label: '' },
        ],
      },
      index,
    );
    armyList.sync(s);
    defenderBox.checked = side.circumstances.defender;
    planSelect.value = side.circumstances.plan;
    circumstances.sync(s, fields);
  };
  return { element, sync };
}
