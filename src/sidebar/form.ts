// The setup form of one side: armies, defender, plan and the modifier checkboxes of RULES 5.2-5.8. Built once
// per battle; `sync` puts the state's values and the enabled states back into the same elements, so the focus
// stays where the user is while the preview comes and goes.
import type {
  ArmyListing,
  BattleSetup,
  Catalogue,
  FlagGroupKey,
  SideCircumstances,
} from '../sheets/sidebar-api';
import { checkboxLine, el, uid } from './dom';
import { hasArmy, sideName, withArmy, withDefender, withSide } from './model';

export interface SideForm {
  readonly element: HTMLElement;
  /** Puts the setup's values and the enabled states into the form. */
  sync(setup: BattleSetup): void;
}

type Change = (next: BattleSetup) => void;

export function sideForm(
  index: 0 | 1,
  catalogue: Catalogue,
  armies: readonly ArmyListing[],
  getSetup: () => BattleSetup,
  change: Change,
): SideForm {
  const other = (1 - index) as 0 | 1;
  const update = (fn: (c: Record<string, any>) => void) =>
    change(withSide(getSetup(), index, (side) => fn(side.circumstances as Record<string, any>)));

  const labelId = uid('side-label');
  const labelInput = el('input', {
    id: labelId,
    type: 'text',
    autocomplete: 'off',
    maxlength: 60,
    oninput: (e: Event) =>
      change(
        withSide(getSetup(), index, (s) => {
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
      onchange: (e: Event) =>
        change(withArmy(getSetup(), index, army.name, (e.target as HTMLInputElement).checked)),
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
        el('span', { class: 'note' }, `${army.ready}/${army.units} ready`),
      ),
    );
  }

  const defenderBox = el('input', {
    type: 'checkbox',
    onchange: (e: Event) =>
      change(withDefender(getSetup(), (e.target as HTMLInputElement).checked ? index : null)),
  });

  const planId = uid('plan');
  const planSelect = el(
    'select',
    { id: planId, onchange: (e: Event) => update((c) => (c.plan = (e.target as HTMLSelectElement).value)) },
    ...catalogue.plans.map((p) => el('option', { value: p }, p)),
  );

  const flagBoxes: { group: FlagGroupKey; key: string; input: HTMLInputElement }[] = [];
  const groupSet = (group: FlagGroupKey) => {
    const g = catalogue.groups.find((x) => x.key === group)!;
    const fs = el(
      'fieldset',
      { class: `group group-${group}` },
      el('legend', {}, `${g.title} `, el('span', { class: 'note' }, g.section)),
    );
    for (const o of g.options) {
      const line = checkboxLine(o.label, false, (on) => update((c) => (c[group][o.key] = on)), {
        note: o.amount,
      });
      flagBoxes.push({ group, key: o.key, input: line.querySelector('input')! });
      fs.append(line);
    }
    return fs;
  };

  const defenseSet = groupSet('defense');
  const defenseNote = el('p', { class: 'note' });
  const castleId = uid('castle');
  const castleInput = el('input', {
    id: castleId,
    type: 'number',
    min: 0,
    max: 20,
    step: 1,
    inputmode: 'numeric',
    class: 'small-number',
    oninput: (e: Event) => {
      const n = Number((e.target as HTMLInputElement).value);
      if (Number.isInteger(n) && n >= 0 && n <= 100) update((c) => (c.castleLevel = n));
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
    el('legend', {}, 'Castle assault ', el('span', { class: 'note' }, '5.6')),
    engineering,
    siegecraft,
    assaultNote,
  );

  const immunityId = uid('immunity');
  const immunitySelect = el(
    'select',
    {
      id: immunityId,
      onchange: (e: Event) => update((c) => (c.immunity = (e.target as HTMLSelectElement).value)),
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

  const element = el(
    'div',
    { class: 'side-form' },
    el('div', { class: 'field' }, el('label', { for: labelId }, 'Side name'), labelInput),
    armyList,
    el('label', { class: 'check defender' }, defenderBox, el('span', {}, 'This side defends')),
    el('div', { class: 'field' }, el('label', { for: planId }, 'Battle plan'), planSelect),
    groupSet('morale'),
    groupSet('environment'),
    groupSet('terrain'),
    defenseSet,
    assaultSet,
    el(
      'fieldset',
      { class: 'group group-immunity' },
      el('legend', {}, 'Immunity ', el('span', { class: 'note' }, '5.7')),
      el('label', { for: immunityId, class: 'visually-hidden' }, 'Immunity'),
      immunitySelect,
    ),
    el(
      'fieldset',
      { class: 'group group-special' },
      el('legend', {}, 'Special bonus ', el('span', { class: 'note' }, '5.8')),
      special,
    ),
  );

  const sync = (setup: BattleSetup) => {
    const side = setup.sides[index];
    const c = side.circumstances as SideCircumstances & Record<string, any>;
    if (document.activeElement !== labelInput) labelInput.value = side.label;
    labelInput.placeholder = index === 0 ? 'Side A' : 'Side B';
    for (const [name, box] of armyBoxes) {
      box.input.checked = hasArmy(side, name);
      box.note.textContent = hasArmy(setup.sides[other], name) ? `(on ${sideName(setup, other)})` : '';
    }
    defenderBox.checked = c.defender;
    planSelect.value = c.plan;
    for (const f of flagBoxes) f.input.checked = (c[f.group] as Record<string, boolean>)[f.key] === true;
    if (document.activeElement !== castleInput) castleInput.value = String(c.castleLevel);
    const defending = c.defender;
    setEnabled(defenseSet, defending);
    defenseNote.textContent = defending ? '' : 'Only the defender gets these: tick “This side defends”.';
    const enemy = setup.sides[other].circumstances;
    const assault = !defending && enemy.defender && enemy.castleLevel > 0;
    setEnabled(assaultSet, assault);
    (engineering.querySelector('input') as HTMLInputElement).checked = c.engineering;
    (siegecraft.querySelector('input') as HTMLInputElement).checked = c.siegecraft;
    assaultNote.textContent = assault
      ? `Artillery units count +${catalogue.castle.perArtillerist} each, from the roster.`
      : 'Only when attacking a defender with a castle level.';
    immunitySelect.value = c.immunity;
    (special.querySelector('input') as HTMLInputElement).checked = c.specialBonus;
  };
  return { element, sync };
}

/** A fieldset's controls on or off; its legend stays readable. */
function setEnabled(fieldset: HTMLFieldSetElement, on: boolean): void {
  fieldset.disabled = !on;
  fieldset.classList.toggle('off', !on);
}
