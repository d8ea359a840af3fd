// The battle report in the sidebar: after Apply, and for each entry of the Log, the Log's Report text shown and
// copied as plain text, Markdown (Discord, Reddit) or BBCode (forums). The formats are made here from the text the
// Log holds (contract/battle-report.ts): no server call. Copying uses the Clipboard API; where the sidebar's frame may not
// use it, the text is selected in the box and copied by the browser's copy command, or left selected for Ctrl+C.
import type { EntryListing } from '../../contract/campaign';
import { type ReportFormat, reportAs } from '../../contract/battle-report';
import { el, fill, foldable } from '../dom';
import { shownListing, type State } from '../state';

/** Each format: its button's word (after "Copy as") and its name in what the button says. */
const FORMATS: readonly (readonly [ReportFormat, string, string])[] = [
  ['plain', 'Text', 'plain text'],
  ['markdown', 'Markdown', 'Markdown'],
  ['bbcode', 'BBCode', 'BBCode'],
];

/** Puts the text on the clipboard: the Clipboard API, else the box's selection and the copy command. */
async function copyText(text: string, box: HTMLTextAreaElement): Promise<'copied' | 'selected'> {
  try {
    if (!navigator.clipboard) throw new Error('no Clipboard API');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    // Blocked (a frame without clipboard permission) or absent: select the text for the browser's own copy.
    box.value = text;
    box.focus();
    box.select();
    try {
      return document.execCommand('copy') ? 'copied' : 'selected';
    } catch {
      return 'selected';
    }
  }
}

/** The report of a Log entry with its copy buttons; what stands in its place when there is none to show. */
export function reportBody(entry: EntryListing): HTMLElement {
  if (entry.report === null)
    return el(
      'p',
      { class: 'note' },
      `The report is on the Log sheet, row ${entry.row} (too long to send with the others).`,
    );
  if (entry.report === '')
    return el('p', { class: 'note' }, 'No report: this entry was logged before reports.');
  const plain = entry.report;
  const box = el('textarea', {
    class: 'report-text',
    readonly: true,
    rows: 10,
    spellcheck: 'false',
    'aria-label': `Report of Log row ${entry.row}`,
  });
  box.value = plain;
  const status = el('span', { class: 'note copied', role: 'status', 'aria-live': 'polite' });
  const buttons = FORMATS.map(([format, label, words]) =>
    el(
      'button',
      {
        type: 'button',
        class: 'secondary copy',
        'aria-label': `Copy as ${words}`,
        'data-format': format,
        'data-focus': `copy-${format}-${entry.id}`,
        onclick: () => {
          status.textContent = '';
          void copyText(reportAs(format, plain), box).then((how) => {
            status.textContent =
              how === 'copied' ? `Copied as ${words}.` : `Selected as ${words}: press Ctrl+C (⌘C) to copy.`;
          });
        },
      },
      label,
    ),
  );
  return el(
    'div',
    { class: 'report' },
    box,
    el('div', { class: 'buttons' }, el('span', { class: 'note' }, 'Copy as'), ...buttons),
    status,
  );
}

/** A Log entry's report, folded (its open state kept across redraws). */
export const reportFold = (entry: EntryListing): HTMLDetailsElement =>
  foldable(`report-${entry.id}`, 'Report', reportBody(entry));

/** The entry that applied the battle shown, when the Log entries sent list it. */
const appliedEntry = (s: State): EntryListing | undefined => {
  const id = shownListing(s)?.appliedBy;
  return id ? s.campaign?.data.entries.find((e) => e.id === id) : undefined;
};

export interface AppliedReport {
  update(s: State): void;
}

/** The report of the battle shown once applied, after `anchor` (under the result); built once per entry. */
export function createAppliedReport(anchor: HTMLElement): AppliedReport {
  const host = el('div', { id: 'applied-report', hidden: true });
  anchor.after(host);
  let shown: EntryListing | null = null;
  return {
    update(s) {
      const entry = appliedEntry(s) ?? null;
      if (entry === shown || (entry && shown && entry.id === shown.id && entry.report === shown.report))
        return;
      shown = entry;
      host.hidden = entry === null;
      if (entry) fill(host, el('h3', {}, 'Battle report'), reportBody(entry));
      else fill(host);
    },
  };
}
