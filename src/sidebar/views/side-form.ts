// The setup form of one side: name, armies (an army not in the roster offered its closest known name, to replace
// or drop), defender, plan, and the circumstances (RULES 5.2-5.8) folded under one summary. Built once per campaign; `sync` puts the state's values and enabled states back into the
// same elements, so the focus stays where the user is.
import { unknownArmyProblem } from '../../contract/battle';
import type { ArmyData, BattleSetup } from '../../contract/campaign';
import { closestName, defined, nameKey, type SideCircumstances } from '../../rules';
import { type Catalogue, type CircumstanceGroup, GROUP_HELP } from '../catalogue';
import type { Controller } from '../controller';
import { rangeOf, numberCell } from '../../contract/numbers';
import { checkboxLine, el, foldable, uid } from '../dom';
import { hasArmy, type Mutable, sideName, withDefender, withSide } from '../battle-setup';
import { wholeNumberProblem } from '../format';
import { castleField } from '../state';

export interface SideForm {
  readonly element: HTMLElement;
  /**
   * Puts the setup's values and the enabled states into the form; `locked` when the battle is applied;
   * `fields` the state's field problems (a field not named there shows none).
   */
  sync(setup: BattleSetup, locked: boolean, fields?: Readonly<Record<string, string>>): void;
}

type Flags = Record<string, boolean>;

export function createSideForm(
  index: 0 | 1,
  catalogue: Catalogue,
  armies: readonly ArmyData[],
  controller: Controller,
): SideForm {
  const other = (1 - index) as 0 | 1;
  const setup = () => controller.state.setup;
  const update = (fn: (c: Mutable<SideCircumstances>) => void) =>
    controller.change(withSide(setup(), index, (side) => fn(side.circumstances)));

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

  const armyBoxes = new Map<string, { input: HTMLInputElement; note: HTMLElement }>();
  const armyList = el('fieldset', { class: 'armies' }, el('legend', {}, 'Armies'));
  if (armies.length === 0) armyList.append(el('p', { class: 'note' }, 'No army on the Units sheet yet.'));
  for (const army of armies) {
    const input = el('input', {
      type: 'checkbox',
      'data-focus': `army-${index}-${army.name}`,
      onchange: (e: Event) => {
        const box = e.target as HTMLInputElement;
        controller.army(index, army.name, box.checked);
        box.checked = hasArmy(setup().sides[index], army.name); // a refusal leaves it as it was
      },
    });
    const note = el('span', { class: 'where' });
    armyBoxes.set(army.name, { input, note });
    armyList.append(
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
        update((c) => (c.plan = (e.target as HTMLSelectElement).value as SideCircumstances['plan'])),
    },
    ...catalogue.plans.map((p) => el('option', { value: p }, p)),
  );

  const flagBoxes: { group: CircumstanceGroup; key: string; input: HTMLInputElement }[] = [];
  const groupSet = (group: CircumstanceGroup) => {
    const g = defined(
      catalogue.groups.find((x) => x.key === group),
      `the circumstance group ${group} in the catalogue`,
    );
    const fs = el('fieldset', { class: `group group-${group}` }, el('legend', { title: g.help }, g.title));
    for (const o of g.options) {
      // The Battles header, then its amount and the rule's own wording as help.
      const line = checkboxLine(o.label, false, (on) => update((c) => ((c[group] as Flags)[o.key] = on)), {
        note: o.help ? `${o.amount} · ${o.help}` : o.amount,
      });
      line.input.dataset.focus = `${group}-${o.key}-${index}`;
      flagBoxes.push({ group, key: o.key, input: line.input });
      fs.append(line.label);
    }
    return fs;
  };

  const defenseSet = groupSet('defense');
  const defenseNote = el('p', { class: 'note' });
  const castleId = uid('castle');
  const castleProblem = el('p', { class: 'field-problem', id: `${castleId}-problem` });
  const castleOf = castleField(index);
  const castleInput = el('input', {
    id: castleId,
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    maxlength: 12,
    class: 'small-number',
    'aria-describedby': `${castleId}-problem`,
    'data-focus': `castle-${index}`,
    oninput: (e: Event) => {
      // The one number rule of the sheets: "$100", "0x10" or "1e2" are refused, as they are in a Castle Level cell.
      // A refused level marks the preview not worked out (never counted as 0) until it is fixed.
      const input = e.target as HTMLInputElement;
      const range = rangeOf('Castle Level');
      let n: number;
      try {
        n = numberCell(input.value, 'Castle level', range, 0);
      } catch {
        castleProblem.textContent = wholeNumberProblem('Castle level', input.value, range);
        input.setAttribute('aria-invalid', 'true');
        const side = sideName(setup(), index);
        controller.fieldProblem(castleOf, wholeNumberProblem(`${side}’s castle level`, input.value, range));
        return;
      }
      castleProblem.textContent = '';
      input.removeAttribute('aria-invalid');
      controller.fieldProblem(castleOf, null);
      update((c) => (c.castleLevel = n));
    },
  });
  defenseSet.append(
    el(
      'div',
      { class: 'field-inline' },
      el('label', { for: castleId }, 'Castle level'),
      castleInput,
      el('span', { class: 'note' }, `+${catalogue.castle.perLevel} per level`),
    ),
    castleProblem,
    defenseNote,
  );

  const engineering = checkboxLine('Engineering NWP', false, (on) => update((c) => (c.engineering = on)), {
    note: `+${catalogue.castle.engineering}`,
  });
  const siegecraft = checkboxLine('Siegecraft NWP', false, (on) => update((c) => (c.siegecraft = on)), {
    note: `+${catalogue.castle.siegecraft}`,
  });
  const assaultNote = el('p', { class: 'note' });
  const assaultSet = el(
    'fieldset',
    { class: 'group group-assault' },
    el('legend', { title: GROUP_HELP.assault }, 'Castle assault'),
    engineering.label,
    siegecraft.label,
    assaultNote,
  );

  const immunityId = uid('immunity');
  const immunitySelect = el(
    'select',
    {
      id: immunityId,
      'data-focus': `immunity-${index}`,
      onchange: (e: Event) =>
        update((c) => (c.immunity = (e.target as HTMLSelectElement).value as SideCircumstances['immunity'])),
    },
    ...catalogue.immunities.map((i) => el('option', { value: i.value }, i.label)),
  );
  const special = checkboxLine(
    'Special bonus (e.g. pikemen against cavalry)',
    false,
    (on) => update((c) => (c.specialBonus = on)),
    {
      note: `+${catalogue.specialBonusPercent}%`,
    },
  );

  const circumstancesTitle = el('span', {});
  const circumstances = foldable(
    `circumstances-${index}`,
    circumstancesTitle,
    groupSet('morale'),
    groupSet('environment'),
    groupSet('terrain'),
    defenseSet,
    assaultSet,
    el(
      'fieldset',
      { class: 'group group-immunity' },
      el('legend', { title: GROUP_HELP.immunity }, 'Immunity'),
      el('label', { for: immunityId, class: 'visually-hidden' }, 'Immunity'),
      immunitySelect,
    ),
    el(
      'fieldset',
      { class: 'group group-special' },
      el('legend', { title: GROUP_HELP.special }, 'Special bonus'),
      special.label,
    ),
  );
  circumstances.classList.add('circumstances');
  const lockNote = el('p', { class: 'note' }, 'This battle is applied: undo it to change it.');
  // An army on the side that the roster does not know: its closest known name, one click to replace or drop it.
  // The change stays in the sidebar until Save or Apply writes the battle.
  const unknownBox = el('div', { class: 'unknown-armies' });
  let unknownShown = '';
  const known = armies.map((a) => a.name);
  // Through the controller's army changes, so that a replacement is refused as a tick would be.
  const renameArmy = (name: string, to: string | null) =>
    to === null ? controller.army(index, name, false) : controller.renameArmy(index, name, to);
  const unknownLine = (name: string) => {
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
  const body = el(
    'fieldset',
    { class: 'side-form' },
    el('legend', { class: 'visually-hidden' }, index === 0 ? 'Side A' : 'Side B'),
    el('div', { class: 'field' }, el('label', { for: labelId }, 'Side name'), labelInput),
    unknownBox,
    armyList,
    el('label', { class: 'check defender' }, defenderBox, el('span', {}, 'This side defends')),
    el('div', { class: 'field' }, el('label', { for: planId }, 'Battle plan'), planSelect),
    circumstances,
  );
  const element = el('div', {}, lockNote, body);

  const sync = (s: BattleSetup, locked: boolean, fields: Readonly<Record<string, string>> = {}) => {
    const side = s.sides[index];
    const c = side.circumstances;
    const unknown = side.armies.filter((a) => !known.some((k) => nameKey(k) === nameKey(a)));
    const key = unknown.join('\n');
    if (key !== unknownShown) {
      unknownShown = key;
      unknownBox.replaceChildren(...unknown.map(unknownLine));
    }
    if (fields[castleOf] === undefined && castleInput.hasAttribute('aria-invalid')) {
      castleProblem.textContent = '';
      castleInput.removeAttribute('aria-invalid');
    }
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
    for (const [name, box] of armyBoxes) {
      box.input.checked = hasArmy(side, name);
      box.note.textContent = hasArmy(s.sides[other], name) ? `(on ${sideName(s, other)})` : '';
    }
    defenderBox.checked = c.defender;
    planSelect.value = c.plan;
    let ticked = 0;
    for (const f of flagBoxes) {
      f.input.checked = (c[f.group] as Flags)[f.key] === true;
      if (f.input.checked) ticked++;
    }
    if (document.activeElement !== castleInput && fields[castleOf] === undefined)
      castleInput.value = String(c.castleLevel);
    setEnabled(defenseSet, c.defender);
    defenseNote.textContent = c.defender ? '' : 'Only the defender gets these: tick “This side defends”.';
    const enemy = s.sides[other].circumstances;
    const assault = !c.defender && enemy.defender && enemy.castleLevel > 0;
    setEnabled(assaultSet, assault);
    engineering.input.checked = c.engineering;
    siegecraft.input.checked = c.siegecraft;
    assaultNote.textContent = assault
      ? `Artillery units count +${catalogue.castle.perArtillerist} each, from the roster.`
      : 'Only when attacking a defender with a castle level.';
    immunitySelect.value = c.immunity;
    special.input.checked = c.specialBonus;
    ticked += (c.castleLevel > 0 ? 1 : 0) + (c.engineering ? 1 : 0) + (c.siegecraft ? 1 : 0);
    ticked += (c.immunity !== 'None' ? 1 : 0) + (c.specialBonus ? 1 : 0);
    circumstancesTitle.textContent = `Circumstances (${ticked ? `${ticked} set` : 'none'})`;
  };
  return { element, sync };
}

/** A fieldset's controls on or off; its legend stays readable. */
function setEnabled(fieldset: HTMLFieldSetElement, on: boolean): void {
  fieldset.disabled = !on;
  fieldset.classList.toggle('off', !on);
}
