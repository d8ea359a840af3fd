// The preview's word on sealed plans: the result waits for the reveal, and a plan sealed from this person counts as
// No plan in the values shown, so no chance to win is shown (as BATTLES leaves Win Chance blank); the advisor
// gives the chance against each plan instead. Built once; `sync` puts the state in the same element.
import { el } from '../dom';
import { sideName } from '../battle-setup';
import { hiddenSides, waitsForReveal } from '../sealing';
import type { State } from '../state';

export interface SealedNote {
  readonly element: HTMLElement;
  sync(s: State): void;
}

/** `preview`: the preview's host, whose chances and chart are hidden while a plan is sealed from this person. */
export function createSealedNote(preview: HTMLElement): SealedNote {
  const element = el('p', { class: 'callout sealed-note' });
  element.hidden = true;
  const sync = (s: State) => {
    const hidden = hiddenSides(s);
    preview.classList.toggle('plans-hidden', hidden.length > 0);
    let text = '';
    if (waitsForReveal(s)) {
      const names = hidden.map((i) => sideName(s.setup, i));
      text =
        names.length === 0
          ? 'Plans sealed: the result waits for the reveal. The chances count the sealed plan you see.'
          : `Plans sealed: the result waits for the reveal. ${names.join(' and ')}’s plan${names.length > 1 ? 's count' : ' counts'} as No plan below, so no chance to win is shown: the Plan advisor gives the chance against each plan.`;
    }
    if (element.textContent !== text) element.textContent = text;
    element.hidden = text === '';
  };
  return { element, sync };
}
