// The Log section: what Undo would take back, each entry's report, and the buttons off and relabelled while a
// write is on its way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Busy } from '../../../src/sidebar/state';
import { type BundlePage, bundlePage } from '../bundle-page';
import { RAID_REPORT } from '../../support/campaign-data';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

/** The section drawn for the fixture's Ford with `entries` Log entries (0, 1 or 2) and `busy`. */
async function drawn(entries: number, busy: Busy | null, loaded = true) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ entries, busy, loaded }) => {
      const { h } = window;
      const base = loaded ? h.fordState() : h.initialState();
      const campaign = base.campaign
        ? {
            ...base.campaign,
            data: { ...base.campaign.data, entries: base.campaign.data.entries.slice(0, entries) },
          }
        : null;
      const ui = {
        undoButton: document.createElement('button'),
        newRoundButton: document.createElement('button'),
        note: document.createElement('p'),
        entries: document.createElement('div'),
      };
      h.renderLog({ ...base, campaign, busy }, ui);
      return {
        undo: [ui.undoButton.textContent, ui.undoButton.disabled],
        newRound: [ui.newRoundButton.textContent, ui.newRoundButton.disabled],
        note: ui.note.textContent,
        summary: ui.entries.querySelector('summary')?.textContent ?? null,
        // Each entry's line, its report's fold aside.
        items: [...ui.entries.querySelectorAll('li')].map((li) =>
          [...li.childNodes]
            .filter((n) => n.nodeName !== 'DETAILS')
            .map((n) => n.textContent)
            .join(''),
        ),
        reports: [...ui.entries.querySelectorAll('details[data-key^="report-"]')].map((d) => [
          d.querySelector('summary')?.textContent,
          d.querySelector('textarea')?.value,
        ]),
      };
    },
    { entries, busy, loaded },
  );
}

describe('renderLog', () => {
  it('draws the entries again only when the campaign changes, not on every change of the sidebar', async () => {
    const p = await pages.fresh();
    const kept = await p.evaluate(() => {
      const { h } = window;
      const s = h.fordState();
      const ui = {
        undoButton: document.createElement('button'),
        newRoundButton: document.createElement('button'),
        note: document.createElement('p'),
        entries: document.createElement('div'),
      };
      h.renderLog(s, ui, null);
      const first = ui.entries.firstElementChild;
      const ticked = { ...s, busy: 'apply' as const };
      h.renderLog(ticked, ui, s);
      const same = ui.entries.firstElementChild === first && ui.undoButton.disabled;
      const loaded = { ...ticked, busy: null, campaign: h.fordState().campaign };
      h.renderLog(loaded, ui, ticked);
      return [same, ui.entries.firstElementChild !== first, ui.undoButton.disabled];
    });
    expect(kept).toEqual([true, true, false]);
  });

  it('names the newest entry Undo takes back and folds the list of all entries, newest first', async () => {
    expect(await drawn(2, null)).toEqual({
      undo: ['Undo battle Northern raid', false],
      newRound: ['New round', false],
      note: 'Undo takes back: Battle “Northern raid” (Log row 3).',
      summary: '2 entries can be undone, newest first',
      items: ['Battle “Northern raid” (Log row 3) · Rjurik wins by 40', 'New round (Log row 2)'],
      reports: [
        ['Report', RAID_REPORT],
        ['Report', 'New round\n\nUnits returned to Ready: 1\n  - Rjurik Raiders (Rjurik)'],
      ],
    });
  });

  it('shows no list for a single entry, only its report', async () => {
    const one = await drawn(1, null);
    expect([one.note, one.summary, one.items, one.reports]).toEqual([
      'Undo takes back: Battle “Northern raid” (Log row 3).',
      'Report',
      [],
      [['Report', RAID_REPORT]],
    ]);
  });

  it('turns Undo off with nothing to undo, and both off before the campaign is read', async () => {
    const none = await drawn(0, null);
    expect([none.undo, none.newRound, none.note]).toEqual([
      ['Undo', true],
      ['New round', false],
      'Nothing to undo.',
    ]);
    const unread = await drawn(0, null, false);
    expect([unread.undo, unread.newRound]).toEqual([
      ['Undo', true],
      ['New round', true],
    ]);
  });

  it.each([
    ['undo', ['Undoing…', true], ['New round', true]],
    ['newRound', ['Undo battle Northern raid', true], ['Starting…', true]],
    ['apply', ['Undo battle Northern raid', true], ['New round', true]],
    ['save', ['Undo battle Northern raid', true], ['New round', true]],
  ] as const)(
    'while %s is on its way: both buttons off, the one pressed relabelled',
    async (busy, undo, round) => {
      const got = await drawn(2, busy);
      expect([got.undo, got.newRound]).toEqual([undo, round]);
    },
  );
});
