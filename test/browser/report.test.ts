// The battle report in the playground's sidebar (Chromium, 300×700): after Apply the report of the sample battle
// is in view, and each copy button puts its format on the clipboard; each Log entry shows its own report.
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { reportAs } from '../../src/contract/battle-report';
import { SAMPLE, SAMPLE_REPORT, SAMPLE_ROLLS } from '../contract/report-sample';
import { browserSuite, clickBattle, inView, RESULTS, sidebarSize, VIEWPORT } from './harness';
import { cellsOf } from '../support/columns';

const suite = browserSuite('report');
let playground: Playground;
let context: BrowserContext;

beforeAll(async () => {
  // The set-up's sample campaign, saved as the playground's workbook.
  playground = await suite.playground('sample', 'sample');
  context = await suite.browser.newContext({ viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(playground.url).origin,
  });
});

afterAll(async () => {
  await context?.close();
});

async function openSidebar(page: Page): Promise<FrameLocator> {
  await page.goto(playground.url);
  const frame = await clickBattle(page);
  await frame.locator('.side-preview').first().waitFor();
  return frame;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the battle report in the sidebar', () => {
  it('is shown after Apply, in view at 300×700, and each copy button puts its format on the clipboard', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const sidebar = await openSidebar(page);
    expect(await sidebarSize(sidebar)).toEqual([299, 700]);
    await expect
      .poll(() => sidebar.getByRole('combobox', { name: 'Battle picker' }).inputValue())
      .toBe(SAMPLE);
    // The sample's dice typed: a tie, then the deciding pair.
    await sidebar.locator('#roll label', { hasText: 'Type dice' }).locator('input').check();
    const dice = sidebar.locator('#roll input.die');
    for (const [a, b] of SAMPLE_ROLLS) {
      await dice.nth(0).fill(String(a));
      await dice.nth(1).fill(String(b));
      await sidebar.locator('#use-dice-button').click();
    }
    await expect.poll(() => sidebar.locator('.winner').textContent()).toMatch(/^Ghorvant wins by 41/);
    await sidebar.getByRole('button', { name: 'Apply to roster' }).click();
    await expect
      .poll(() => sidebar.locator('#message-apply').textContent())
      .toMatch(/logged on Log row 2\.$/);

    // The report as the Log holds it, shown below the message.
    const logged = playground.env.workbook.read('Log', cellsOf('Log', 'When', 1, 2, 'Report'));
    expect(logged[1]?.[(logged[0] ?? []).indexOf('Report')]).toBe(SAMPLE_REPORT);
    const box = sidebar.locator('#applied-report textarea');
    await expect.poll(() => box.inputValue()).toBe(SAMPLE_REPORT);
    await sidebar.locator('#applied-report').scrollIntoViewIfNeeded();
    expect(await inView(sidebar, '#applied-report h3')).toBe(true);
    expect(await inView(sidebar, '#applied-report textarea')).toBe(true);
    await page.locator('#sidebar').screenshot({ path: join(RESULTS, 'battle-report.png') });

    const status = sidebar.locator('#applied-report .copied');
    for (const [format, name, words] of [
      ['plain', 'Copy as plain text', 'plain text'],
      ['markdown', 'Copy as Markdown', 'Markdown'],
      ['bbcode', 'Copy as BBCode', 'BBCode'],
    ] as const) {
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await sidebar.locator('#applied-report').getByRole('button', { name }).click();
      await expect.poll(() => status.textContent()).toBe(`Copied as ${words}.`);
      expect(await clipboard(page)).toBe(reportAs(format, SAMPLE_REPORT));
    }
    expect(await clipboard(page)).toMatch(/^\[b\]\[u\]Battle: Greywater Ford\[\/u\]\[\/b\]\n/);

    // The Log lists the entry with its report, folded.
    const logReport = sidebar.locator('#entries details', { hasText: 'Report' });
    await logReport.locator('summary').click();
    expect(await logReport.locator('textarea').inputValue()).toBe(SAMPLE_REPORT);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('without the Clipboard API, selects the text in the box and copies it with the browser’s copy', async () => {
    const page = await context.newPage();
    const sidebar = await openSidebar(page);
    // The battle applied by the test before is shown as fought; the Log's entry carries its report.
    const fold = sidebar.locator('#entries details', { hasText: 'Report' });
    await fold.locator('summary').click();
    await sidebar.locator('body').evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await fold.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => fold.locator('.copied').textContent()).toMatch(/^(Copied|Selected) as Markdown/);
    const box = fold.locator('textarea');
    expect(await box.inputValue()).toBe(reportAs('markdown', SAMPLE_REPORT));
    const selected = await box.evaluate((e) => {
      const t = e as HTMLTextAreaElement;
      return t.value.slice(t.selectionStart, t.selectionEnd);
    });
    expect(selected).toBe(reportAs('markdown', SAMPLE_REPORT));
    if ((await fold.locator('.copied').textContent())?.startsWith('Copied'))
      expect(await clipboard(page)).toBe(reportAs('markdown', SAMPLE_REPORT));
    await page.close();
  });
});
