// The Battle section: the Battle picker (the Battles sheet's battles, or a new one), the new battle's name, and
// Save to Battles sheet (one call, only when pressed).
import { el, fill } from '../dom';
import { battleOptionText } from '../battle-setup';
import type { State } from '../state';
import { offersOf } from '../you';

export const NEW = '__new__';

export interface PickerUi {
  readonly select: HTMLSelectElement;
  readonly nameRow: HTMLElement;
  readonly nameInput: HTMLInputElement;
  readonly saveButton: HTMLButtonElement;
  readonly section: HTMLElement;
}

export function renderPicker(ui: PickerUi, s: State, prev: State | null): void {
  const battles = s.campaign?.data.battles ?? [];
  if (!prev || prev.campaign !== s.campaign) {
    fill(
      ui.select,
      el('option', { value: NEW }, 'New battle…'),
      ...battles.map((b) => el('option', { value: b.setup.name }, battleOptionText(b))),
    );
  }
  ui.select.value = s.picked ?? NEW;
  ui.nameRow.hidden = s.picked !== null;
  if (document.activeElement !== ui.nameInput) ui.nameInput.value = s.picked === null ? s.setup.name : '';
  const notYours = offersOf(s).save;
  ui.saveButton.disabled = !s.campaign || s.busy !== null || notYours !== '';
  ui.saveButton.title = notYours;
  ui.saveButton.textContent = s.busy === 'save' ? 'Saving…' : 'Save to Battles sheet';
  busy(ui.section, s.busy === 'save');
}

/** A region's aria-busy while its write is on its way. */
export function busy(region: HTMLElement, on: boolean): void {
  if (on) region.setAttribute('aria-busy', 'true');
  else region.removeAttribute('aria-busy');
}
