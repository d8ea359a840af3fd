// A side's sealed plan, under its setup form: Seal plan for a side whose plan this person may seal (the plan
// chosen above, seen by nobody but the side's players until the reveal), the seal as its own players see it (the
// plan, and Seal … instead for another choice), the enemy's as sealed (never its word: it is not in the answer),
// and the seal once revealed. Built once per side; `sync` puts the state in the same elements.
import type { Controller } from '../controller';
import { el } from '../dom';
import { sideName } from '../battle-setup';
import { maySeal, sealsOf, sealWords } from '../sealing';
import { isApplied, type State } from '../state';

export interface SealPanel {
  readonly element: HTMLElement;
  sync(s: State): void;
}

export function createSealPanel(index: 0 | 1, controller: Controller): SealPanel {
  const status = el('p', { class: 'seal-status' });
  const note = el('p', { class: 'note' });
  const button = el('button', {
    type: 'button',
    class: 'secondary',
    'data-focus': `seal-${index}`,
    onclick: () => void controller.seal(index),
  });
  const element = el(
    'div',
    { class: 'seal-panel', role: 'group', 'aria-label': `Sealed plan of side ${index === 0 ? 'A' : 'B'}` },
    status,
    note,
    el('div', { class: 'buttons' }, button),
  );

  const sync = (s: State) => {
    const seal = isApplied(s) ? null : sealsOf(s)[index];
    const name = sideName(s.setup, index);
    const chosen = s.setup.sides[index].circumstances.plan;
    const may = maySeal(s, index);
    const hidden = seal?.sealed === true && seal.plan === undefined;
    // The plan field of a side sealed from this person would say No plan: the seal says Sealed instead.
    element.parentElement?.classList.toggle('plan-hidden', hidden);
    let statusText = '';
    let noteText = '';
    let buttonText: string | null = null;
    if (seal?.sealed && seal.plan === undefined) {
      statusText = `Battle plan: Sealed (${sealWords(seal)}).`;
      noteText = `Only ${name}’s players see its plan until the reveal.`;
    } else if (seal?.sealed && seal.plan !== undefined) {
      statusText = `Battle plan sealed: ${seal.plan} (${sealWords(seal)}).`;
      noteText = `Only ${name}’s players see it until the reveal; it may be sealed again until the roll.`;
      if (may && chosen !== seal.plan) buttonText = `Seal ${chosen} instead`;
    } else if (seal?.salt !== undefined) {
      statusText = `Battle plan was sealed (${sealWords(seal)}), revealed with salt ${seal.salt}.`;
    } else if (may && chosen === 'No plan') {
      // Nothing chosen yet: there is no plan to seal, so the button waits for one.
      noteText = `Choose ${name}’s battle plan above to seal it: then only ${name}’s players see it until the reveal.`;
    } else if (may) {
      noteText = `Seal plan keeps ${chosen}, the plan chosen above, from everyone but ${name}’s players until the reveal.`;
      buttonText = 'Seal plan';
    }
    if (status.textContent !== statusText) status.textContent = statusText;
    if (note.textContent !== noteText) note.textContent = noteText;
    status.hidden = statusText === '';
    note.hidden = noteText === '';
    button.hidden = buttonText === null;
    if (button.textContent !== (buttonText ?? '')) button.textContent = buttonText ?? '';
    button.disabled = s.busy !== null;
    element.hidden = statusText === '' && noteText === '' && buttonText === null;
  };
  return { element, sync };
}
