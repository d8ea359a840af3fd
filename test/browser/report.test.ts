// The battle report in the playground's sidebar (Chromium, 300×700): after Apply the report of the sample battle
// is in view, and each copy button puts its format on the clipboard; each Log entry shows its own report.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { type Playground, startPlayground } from '../../dev/playground/server';
import { reportAs } from '../../src/contract/report';
import { launchChromium } from '../chromium';
import { SAMPLE, SAMPLE_REPORT, SAMPLE_ROLLS } from '../contract/report-sample';

const root = join(import.meta.dirname, '../..');
// The playground's sidebar is 300 px wide; this page height gives its frame 700 px (the title bar above it).
const VIEWPORT = { width: 1100, height: 842 };

let dir: string;
let playground: Playground;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warcard-report-'));
  // The set-up's sample campaign, saved as the playground's workbook.
  const seed = loadWorkbook();
  seed.run('setUpSampleCampaign');
  const dataFile = join(dir, 'workbook.json');
  writeFileSync(dataFile, JSON.stringify(seed.workbook.snapshot()));
  playground = await startPlayground({ root, port: 0, dataFile, print: () => {} });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(playground.url).origin,
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await playground?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openSidebar(page: Page): Promise<FrameLocator> {
  await page.goto(playground.url);
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
  await page.locator('#menus li[data-fn="openBattleSidebar"]').click();
  const frame = page.frameLocator('#sidebar-frame');
  await frame.locator('.side-preview').first().waitFor();
  return frame;
}

/** Whether the element's box lies inside the sidebar frame's viewport. */
const inView = (sidebar: FrameLocator, selector: string) =>
  sidebar.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the battle report in the sidebar', () => {
  it('is shown after Apply, in view at 300×700, and each copy button puts its format on the clipboard', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const sidebar = await openSidebar(page);
    expect(await sidebar.locator('body').evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([
      299, 700,
    ]);
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
    const logged = playground.env.workbook.read('Log', 'A1:O2');
    expect(logged[1]?.[(logged[0] ?? []).indexOf('Report')]).toBe(SAMPLE_REPORT);
    const box = sidebar.locator('#applied-report textarea');
    await expect.poll(() => box.inputValue()).toBe(SAMPLE_REPORT);
    await sidebar.locator('#applied-report').scrollIntoViewIfNeeded();
    expect(await inView(sidebar, '#applied-report h3')).toBe(true);
    expect(await inView(sidebar, '#applied-report textarea')).toBe(true);
    await page.locator('#sidebar').screenshot({ path: join(root, 'test-results', 'battle-report.png') });

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
