// The report view: a Log entry's report in a box with three copy buttons, each putting its format on the
// clipboard (or, with the Clipboard API refused, selecting it in the box), and what stands in for a report not sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportAs } from '../../../src/contract/battle-report';
import { type BundlePage, bundlePage } from '../bundle-page';
import { RAID_REPORT } from '../../support/campaign-data';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

/** The raid's entry drawn in #host, with navigator.clipboard recording (or refusing) what is written. */
async function drawn(refuse: boolean, report: string | null = RAID_REPORT) {
  const p = await pages.fresh();
  await p.evaluate(
    ({ refuse, report }) => {
      const w = window as unknown as { written: string[] };
      w.written = [];
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: (t: string) => {
            if (refuse) return Promise.reject(new Error('blocked by permissions policy'));
            w.written.push(t);
            return Promise.resolve();
          },
        },
      });
      const entry = window.h.fixtureCampaign().entries[0];
      if (!entry) throw new Error('no entry');
      document.getElementById('host')?.append(window.h.reportBody({ ...entry, report }));
    },
    { refuse, report },
  );
  return p;
}

describe('reportBody', () => {
  it('shows the report and copies it as plain text, Markdown and BBCode, saying so', async () => {
    const p = await drawn(false);
    expect(await p.locator('textarea').inputValue()).toBe(RAID_REPORT);
    expect(await p.locator('textarea').getAttribute('aria-label')).toBe('Report of Log row 3');
    for (const [name, words] of [
      ['Copy as plain text', 'plain text'],
      ['Copy as Markdown', 'Markdown'],
      ['Copy as BBCode', 'BBCode'],
    ] as const) {
      await p.getByRole('button', { name }).click();
      await expect.poll(() => p.locator('.copied').textContent()).toBe(`Copied as ${words}.`);
    }
    expect(await p.evaluate(() => (window as unknown as { written: string[] }).written)).toEqual([
      RAID_REPORT,
      reportAs('markdown', RAID_REPORT),
      reportAs('bbcode', RAID_REPORT),
    ]);
    // The hostile unit name of the raid is text in the box, and escaped in what is copied.
    expect(reportAs('markdown', RAID_REPORT)).toContain(
      '- Avanil: \\<img src=x onerror=alert(1)\\> (Avanil), routed',
    );
    expect(await p.locator('img').count()).toBe(0);
  });

  it('selects the format’s text in the box when the Clipboard API is refused', async () => {
    const p = await drawn(true);
    await p.getByRole('button', { name: 'Copy as BBCode' }).click();
    await expect.poll(() => p.locator('.copied').textContent()).toMatch(/^(Copied|Selected) as BBCode/);
    const box = await p.locator('textarea').evaluate((e) => {
      const t = e as HTMLTextAreaElement;
      return [t.value, t.value.slice(t.selectionStart, t.selectionEnd), document.activeElement === t];
    });
    expect(box).toEqual([reportAs('bbcode', RAID_REPORT), reportAs('bbcode', RAID_REPORT), true]);
  });

  it('says where a report not sent is, and that an older entry has none', async () => {
    const p = await drawn(false, null);
    expect(await p.locator('#host').textContent()).toBe(
      'The report is on the Log sheet, row 3 (too long to send with the others).',
    );
    const q = await drawn(false, '');
    expect(await q.locator('#host').textContent()).toBe('No report: this entry was logged before reports.');
  });
});
