// A side's circumstances (RULES 5.2-5.8) folded under one summary that counts those set: the morale, environment
// and terrain boxes, the defender's (castle level included), the castle assault's, immunity and the special bonus.
import type { BattleSetup } from '../../contract/campaign';
import { numberCell, rangeOf } from '../../contract/numbers';
import { defined, type SideCircumstances } from '../../rules';
import { circumstancesSet, sideName, withSide, type Mutable } from '../battle-setup';
import { type Catalogue, type CircumstanceGroup, GROUP_HELP } from '../catalogue';
import type { Controller } from '../controller';
import { checkboxLine, el, foldable, uid } from '../dom';
import { wholeNumberProblem } from '../format';
import { castleField } from '../state';

type Flags = Record<string, boolean>;
type Update = (fn: (c: Mutable<SideCircumstances>) => void) => void;

export interface Circumstances {
  readonly element: HTMLElement;
  /** `fields`: the state's field problems (a field not named there shows none). */
  sync(setup: BattleSetup, fields: Readonly<Record<string, string>>): void;
}

export function createCircumstances(
  index: 0 | 1,
  catalogue: Catalogue,
  controller: Controller,
): Circumstances {
  const other = (1 - index) as 0 | 1;
  const update: Update = (fn) =>
    controller.change(withSide(controller.state.setup, index, (side) => fn(side.circumstances)));

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

  const castle = createCastleLevel(index, catalogue, controller, update);
  const defenseSet = groupSet('defense');
  const defenseNote = el('p', { class: 'note' });
  defenseSet.append(...castle.elements, defenseNote);

  const assault = createCastleAssault(catalogue, update);

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
    { note: `+${catalogue.specialBonusPercent}%` },
  );

  const title = el('span', {});
  const element = foldable(
    `circumstances-${index}`,
    title,
    groupSet('morale'),
    groupSet('environment'),
    groupSet('terrain'),
    defenseSet,
    assault.element,
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
  element.classList.add('circumstances');

  const sync = (s: BattleSetup, fields: Readonly<Record<string, string>>) => {
    const c = s.sides[index].circumstances;
    for (const f of flagBoxes) f.input.checked = (c[f.group] as Flags)[f.key] === true;
    castle.sync(c.castleLevel, fields);
    setEnabled(defenseSet, c.defender);
    defenseNote.textContent = c.defender ? '' : 'Only the defender gets these: tick “This side defends”.';
    assault.sync(c, s.sides[other].circumstances);
    immunitySelect.value = c.immunity;
    special.input.checked = c.specialBonus;
    const ticked = circumstancesSet(c);
    title.textContent = `Circumstances (${ticked ? `${ticked} set` : 'none'})`;
  };
  return { element, sync };
}

/** The castle level: typed, read by the sheets' one number rule; a refused level is the state's field problem. */
function createCastleLevel(index: 0 | 1, catalogue: Catalogue, controller: Controller, update: Update) {
  const id = uid('castle');
  const problem = el('p', { class: 'field-problem', id: `${id}-problem` });
  const field = castleField(index);
  const input = el('input', {
    id,
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    maxlength: 12,
    class: 'small-number',
    'aria-describedby': `${id}-problem`,
    'data-focus': `castle-${index}`,
    oninput: () => {
      // The one number rule of the sheets: "$100", "0x10" or "1e2" are refused, as they are in a Castle Level cell.
      // A refused level marks the preview not worked out (never counted as 0) until it is fixed.
      const range = rangeOf('Castle Level');
      let n: number;
      try {
        n = numberCell(input.value, 'Castle level', range, 0);
      } catch {
        problem.textContent = wholeNumberProblem('Castle level', input.value, range);
        input.setAttribute('aria-invalid', 'true');
        const side = sideName(controller.state.setup, index);
        controller.fieldProblem(field, wholeNumberProblem(`${side}’s castle level`, input.value, range));
        return;
      }
      problem.textContent = '';
      input.removeAttribute('aria-invalid');
      controller.fieldProblem(field, null);
      update((c) => (c.castleLevel = n));
    },
  });
  // Two elements, not one wrapper: they sit in the defender's fieldset as its other lines do.
  const elements = [
    el(
      'div',
      { class: 'field-inline' },
      el('label', { for: id }, 'Castle level'),
      input,
      el('span', { class: 'note' }, `+${catalogue.castle.perLevel} per level`),
    ),
    problem,
  ];
  const sync = (level: number, fields: Readonly<Record<string, string>>) => {
    if (fields[field] === undefined && input.hasAttribute('aria-invalid')) {
      problem.textContent = '';
      input.removeAttribute('aria-invalid');
    }
    if (document.activeElement !== input && fields[field] === undefined) input.value = String(level);
  };
  return { elements, sync };
}

/** The castle assault's NWPs (RULES 5.6): they count only for a side attacking a defender with a castle level. */
function createCastleAssault(catalogue: Catalogue, update: Update) {
  const engineering = checkboxLine('Engineering NWP', false, (on) => update((c) => (c.engineering = on)), {
    note: `+${catalogue.castle.engineering}`,
  });
  const siegecraft = checkboxLine('Siegecraft NWP', false, (on) => update((c) => (c.siegecraft = on)), {
    note: `+${catalogue.castle.siegecraft}`,
  });
  const note = el('p', { class: 'note' });
  const element = el(
    'fieldset',
    { class: 'group group-assault' },
    el('legend', { title: GROUP_HELP.assault }, 'Castle assault'),
    engineering.label,
    siegecraft.label,
    note,
  );
  const sync = (c: SideCircumstances, enemy: SideCircumstances) => {
    const assault = !c.defender && enemy.defender && enemy.castleLevel > 0;
    setEnabled(element, assault);
    engineering.input.checked = c.engineering;
    siegecraft.input.checked = c.siegecraft;
    note.textContent = assault
      ? `Artillery units count +${catalogue.castle.perArtillerist} each, from the roster.`
      : 'Only when attacking a defender with a castle level.';
  };
  return { element, sync };
}

/** A fieldset's controls on or off; its legend stays readable. */
function setEnabled(fieldset: HTMLFieldSetElement, on: boolean): void {
  fieldset.disabled = !on;
  fieldset.classList.toggle('off', !on);
}
