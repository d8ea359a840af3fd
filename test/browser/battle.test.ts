// A whole battle in the playground (npm start's page, in Chromium): the Warcard menu opens the sidebar, the
// battle is previewed, dice are typed (a tie first), casualties chosen by keyboard, applied to the roster, undone.
// A unit named like an HTML tag must show as text and run nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { type Playground, startPlayground } from '../../dev/playground/server';
import { asTyped, campaign, HOSTILE_NAME } from '../sheets/sidebar/fixture';

const root = join(import.meta.dirname, '../..');
const results = join(root, 'test-results');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let dir: string;
let playground: Playground;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warcard-battle-'));
  // The playground starts from a saved workbook: the test campaign, built in the emulation.
  const seed = loadWorkbook();
  for (const [name, rows] of Object.entries(campaign(0))) seed.workbook.put(name, 'A1', asTyped(rows));
  const dataFile = join(dir, 'workbook.json');
  writeFileSync(dataFile, JSON.stringify(seed.workbook.snapshot()));
  playground = await startPlayground({ root, port: 0, dataFile, print: () => {} });
  // launch() gives Chromium a fresh temporary profile of its own (a --user-data-dir playwright manages).
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The page, every dialog it opens recorded (and dismissed), every request outside the playground refused. */
async function openPage(): Promise<{ page: Page; dialogs: string[]; outside: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const dialogs: string[] = [];
  const outside: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(playground.url) || url.startsWith('about:') || url.startsWith('data:'))
      return route.continue();
    outside.push(url);
    return route.abort();
  });
  await page.goto(playground.url);
  return { page, dialogs, outside, errors };
}

async function openSidebar(page: Page): Promise<FrameLocator> {
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
  await page.locator('#menus li[data-fn="openBattleSidebar"]').click();
  await expect.poll(() => page.locator('#sidebar-title').textContent()).toBe('Warcard battle');
  const frame = page.frameLocator('#sidebar-frame');
  await frame.locator('.side-preview').first().waitFor();
  return frame;
}

const statuses = () => {
  const rows = playground.env.workbook.read('Units', 'A1:V11');
  const status = rows[0]!.indexOf('Status');
  return rows.slice(1).map((r) => [r[0], r[status]]);
};

describe('the battle sidebar in the playground', () => {
  it('runs a battle from the menu to the roster change and its undo, showing every name as text', async () => {
    const { page, dialogs, outside, errors } = await openPage();
    const before = statuses();
    const sidebar = await openSidebar(page);

    // The battle of the Battles sheet, previewed at once.
    await expect.poll(() => sidebar.locator('#battle-select').inputValue()).toBe('Ford of Avanil');
    await expect
      .poll(() => sidebar.locator('.side-preview .bv').allTextContents())
      .toEqual(['BV 24', 'BV 32']);
    expect(await sidebar.locator('.band-chart rect').count()).toBe(44);
    expect(await sidebar.locator('table.advisor tbody tr').count()).toBe(7);

    // A change previews again: tick "Has beaten this foe" for Avanil (+5%).
    await sidebar.locator('#side-0-details > summary').click();
    await sidebar.locator('#side-0 label', { hasText: 'Has beaten this foe' }).locator('input').check();
    await expect.poll(() => sidebar.locator('.side-preview.side-a .bv').textContent()).toBe('BV 25');
    await sidebar.locator('#side-0 label', { hasText: 'Has beaten this foe' }).locator('input').uncheck();
    await expect.poll(() => sidebar.locator('.side-preview.side-a .bv').textContent()).toBe('BV 24');

    // Dice typed from the table: a tie (24 + 40 = 32 + 32) is kept and rolled again.
    await sidebar.locator('#roll label', { hasText: 'Type dice' }).locator('input').check();
    const dice = sidebar.locator('#roll input.die');
    const focused = () =>
      sidebar.locator('body').evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        return e?.dataset.focus ?? e?.id ?? '';
      });
    await dice.nth(0).fill('40');
    await dice.nth(1).fill('32');
    await sidebar.locator('#roll button', { hasText: 'Use these dice' }).click();
    await expect.poll(() => sidebar.locator('ol.rolls li.tie').count()).toBe(1);
    expect(await focused()).toBe('use-dice'); // the redraw keeps the focus where it was
    await dice.nth(0).fill('90');
    await dice.nth(1).fill('10');
    await dice.nth(1).press('Enter');
    await expect.poll(() => sidebar.locator('.winner').textContent()).toMatch(/^Avanil wins by 72/);
    expect(await focused()).toBe('result-heading'); // the dice are locked: the focus goes on to the result
    expect(await sidebar.locator('ol.rolls li').count()).toBe(2);

    // The unit whose name is an HTML tag is listed as text; no element was made of it, no script ran.
    const hostile = sidebar.locator('td.unit-name', { hasText: HOSTILE_NAME });
    await expect.poll(() => hostile.isVisible()).toBe(true);
    expect(await sidebar.locator('img').count()).toBe(0);

    // Casualties by keyboard: the suggestion is ticked; route the hostile unit too (Space on its box).
    const routeBox = sidebar.getByLabel(`Routed: ${HOSTILE_NAME}`);
    await routeBox.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => routeBox.isChecked()).toBe(true);
    await expect
      .poll(() => sidebar.getByLabel(`Routed: ${HOSTILE_NAME}`).evaluate((e) => e === document.activeElement))
      .toBe(true);

    await sidebar.locator('body').evaluate(() => window.scrollTo(0, 0));
    await page.locator('#sidebar').screenshot({ path: join(results, 'battle-sidebar.png') });
    await sidebar.locator('#result').evaluate((e) => e.scrollIntoView());
    await page.locator('#sidebar').screenshot({ path: join(results, 'battle-sidebar-result.png') });

    // Apply (Enter on the focused button), then the roster shows the change.
    await sidebar.locator('#apply-button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sidebar.locator('#message').textContent()).toMatch(/logged on Log row 2/);
    const after = statuses();
    expect(after).not.toEqual(before);
    expect(after.find(([name]) => name === HOSTILE_NAME)![1]).toBe('Routed');
    expect(await sidebar.locator('#apply-button').isHidden()).toBe(true);
    await expect.poll(() => sidebar.locator('#undo-note').textContent()).toMatch(/Ford of Avanil.*Log row 2/);

    // Undo puts the roster back exactly.
    await sidebar.locator('#undo-button').click();
    await expect
      .poll(() => sidebar.locator('#message').textContent())
      .toMatch(/^Undid battle "Ford of Avanil"/);
    expect(statuses()).toEqual(before);
    await expect.poll(() => sidebar.locator('#undo-note').textContent()).toBe('Nothing to undo.');

    expect(dialogs).toEqual([]);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is usable at 300 px: nothing wider than the sidebar, every control labelled', async () => {
    const { page } = await openPage();
    const sidebar = await openSidebar(page);
    for (const d of await sidebar.locator('details.side').all())
      await d.evaluate((e) => ((e as HTMLDetailsElement).open = true));
    const overflow = await sidebar
      .locator('body')
      .evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const unlabelled = await sidebar.locator('body').evaluate(() =>
      [...document.querySelectorAll('input, select, button')]
        .filter((e) => {
          const el = e as HTMLInputElement;
          if (el.type === 'hidden') return false;
          const label = el.labels?.length
            ? el.labels[0]!.textContent
            : (el.getAttribute('aria-label') ?? el.textContent);
          return !label || label.trim() === '';
        })
        .map((e) => e.outerHTML.slice(0, 80)),
    );
    expect(unlabelled).toEqual([]);
    // Keyboard: Tab from the top reaches the battle list first, and every button is a button.
    await sidebar.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await sidebar.locator('#battle-select').focus();
    expect(await sidebar.locator('[onclick], div[tabindex], span[tabindex]').count()).toBe(0);
    await page.close();
  });
});
