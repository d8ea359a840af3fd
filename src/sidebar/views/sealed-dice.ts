// The Dice section of a battle whose plans are sealed, or of a campaign whose dice are Logged (Settings `Dice`):
// the result waits for the reveal (Reveal plans, without rolling, for who may: a GM); with Logged dice the server
// rolls (the Roll below), every pair is listed as the Log has it, and rolling again is a new logged roll. No
// typed dice and no Clear dice then. `sync` answers whether it is the section's content: with Sidebar dice and no
// seal the section is as it always was (roll.ts).
import type { Controller } from '../controller';
import { el } from '../dom';
import { rollList } from './roll';
import { loggedDice, revealRefusal, waitsForReveal } from '../sealing';
import { isApplied, shownListing, type State } from '../state';

export interface SealedDice {
  readonly element: HTMLElement;
  /** Shows the state; false when the section is roll.ts's (Sidebar dice, no sealed plan). */
  sync(s: State): boolean;
}

export function createSealedDice(controller: Controller): SealedDice {
  const waiting = el('p', { class: 'callout' });
  const how = el('p', { class: 'note' });
  const list = el('ol', { class: 'rolls' });
  const reveal = el('button', {
    type: 'button',
    class: 'action',
    'data-focus': 'reveal',
    onclick: () => void controller.reveal(),
  });
  const again = el('button', {
    type: 'button',
    class: 'secondary',
    'data-focus': 'roll-logged-again',
    onclick: () => void controller.roll(),
  });
  const notYours = el('p', { class: 'note' });
  const element = el(
    'div',
    { class: 'sealed-dice' },
    waiting,
    how,
    list,
    notYours,
    el('div', { class: 'buttons' }, reveal, again),
  );
  let shownRolls: unknown = null;

  const sync = (s: State): boolean => {
    const logged = loggedDice(s);
    const sealed = waitsForReveal(s);
    if (!logged && !sealed) return false;
    const p = s.outcome?.ok ? s.outcome.preview : null;
    const listing = shownListing(s);
    const applied = isApplied(s);
    const refused = revealRefusal(s);
    const text = (node: HTMLElement, t: string) => {
      if (node.textContent !== t) node.textContent = t;
      node.hidden = t === '';
    };
    text(
      waiting,
      sealed
        ? `Plans sealed: the result waits for the reveal. ${logged ? 'The logged roll reveals them, then rolls.' : 'Once revealed, the dice are rolled here.'}`
        : '',
    );
    text(
      how,
      !logged
        ? ''
        : !listing && !applied
          ? 'Dice: Logged. Save the battle first: the server rolls a battle of the Battles sheet, and logs the roll at once.'
          : 'Dice: Logged. The server rolls and writes each roll to the Log at once: no roll is taken back, and rolling again is a new logged roll.',
    );
    // The pairs the server drew, as the Roll section lists rolls (a new list only when they change).
    const rolls = logged && p && !sealed ? p.rolls : [];
    if (rolls !== shownRolls) {
      shownRolls = rolls;
      const made = p && rolls.length ? rollList(p) : null;
      if (made) list.replaceChildren(...made.childNodes);
      else list.replaceChildren();
    }
    list.hidden = rolls.length === 0;
    const open = !applied && listing !== undefined;
    reveal.hidden = !(sealed && open && refused === '');
    reveal.textContent = 'Reveal plans';
    // The next step with Sidebar dice; with Logged dice the Roll below is, and it reveals first.
    reveal.className = logged ? 'secondary' : 'action';
    again.hidden = !(logged && !sealed && open && refused === '' && p?.result);
    again.textContent = 'Roll again (a new logged roll)';
    reveal.disabled = again.disabled = s.busy !== null;
    text(
      notYours,
      open && refused !== '' ? `${logged ? 'The logged roll' : 'Reveal plans'}: ${refused}` : '',
    );
    return true;
  };
  return { element, sync };
}
