// The Log section: Undo takes back the newest entry not undone (press again for the one before), New round
// starts the next round; each is one call, and the list shows what the next presses would take back, each entry
// with its report (views/report.ts).
import { el, fill, foldable } from '../dom';
import type { State } from '../state';
import { reportFold } from './report';
import { offersOf } from '../you';

export function renderLog(
  s: State,
  ui: {
    undoButton: HTMLButtonElement;
    newRoundButton: HTMLButtonElement;
    note: HTMLElement;
    entries: HTMLElement;
  },
  prev: State | null = null,
): void {
  const entries = s.campaign?.data.entries ?? [];
  const last = entries[0];
  const offers = offersOf(s);
  ui.undoButton.disabled = !last || s.busy !== null || offers.undo !== '';
  ui.newRoundButton.disabled = !s.campaign || s.busy !== null || offers.newRound !== '';
  ui.undoButton.title = offers.undo;
  ui.newRoundButton.title = offers.newRound;
  // The button names what it takes back: "Undo battle Greywater Ford", "Undo new round".
  ui.undoButton.textContent =
    s.busy === 'undo'
      ? 'Undoing…'
      : !last
        ? 'Undo'
        : last.battle
          ? `Undo ${/^battle\b/i.test(last.battle) ? '' : 'battle '}${last.battle}`
          : `Undo ${last.event.toLowerCase()}`;
  ui.newRoundButton.textContent = s.busy === 'newRound' ? 'Starting…' : 'New round';
  const what = (e: (typeof entries)[number]) =>
    `${e.event}${e.battle ? ` “${e.battle}”` : ''} (Log row ${e.row})`;
  const theirs = offers.newRound
    ? ` Undo and New round are not yours: ${offers.newRound.replace(/^Not yours: /, '')}`
    : '';
  ui.note.textContent = `${last ? `Undo takes back: ${what(last)}.` : 'Nothing to undo.'}${theirs}`;
  // The entries and their reports (up to 100,000 characters) are drawn again only when a load or a write brings
  // new ones: a tick or a keystroke leaves them, and a report's selection or "Copied" note, as they are.
  if (prev && prev.campaign === s.campaign) return;
  fill(
    ui.entries,
    entries.length > 1
      ? foldable(
          'entries',
          `${entries.length} entries can be undone, newest first`,
          el(
            'ol',
            { class: 'entries' },
            ...entries.map((e) =>
              el(
                'li',
                {},
                what(e),
                e.result ? el('span', { class: 'note' }, ` · ${e.result}`) : null,
                reportFold(e),
              ),
            ),
          ),
        )
      : last
        ? reportFold(last)
        : null,
  );
}
