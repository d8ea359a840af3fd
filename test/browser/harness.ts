// What every Chromium test of the sidebar starts from: one browser per file, playgrounds of the file's own (a free
// port and a data file in a temporary folder), the page kept to the playground's own address, and Warcard →
// Battle… clicked as a game master would. Each file then waits for what it tests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { type Playground, type PlaygroundOptions, startPlayground } from '../../dev/playground/server';
import { launchChromium } from '../chromium';
import { asTyped } from '../support';

export const ROOT = join(import.meta.dirname, '../..');
/** Where screenshots go (CI keeps the folder). */
export const RESULTS = join(ROOT, 'test-results');
// The playground's sidebar is 300 px wide; this page height gives its frame 700 px (the title bar above it).
export const VIEWPORT = { width: 1100, height: 842 };

/**
 * A playground's first workbook: tables put at A1 of their sheets, set-up's sample campaign, none (a fresh sample),
 * or a new spreadsheet's Sheet1 alone (`npm start -- --empty`).
 */
export type Seed = Record<string, Parameters<typeof asTyped>[0]> | 'sample' | 'fresh' | 'empty';

export interface BrowserSuite {
  /** The file's browser (launched before its first test). */
  readonly browser: Browser;
  /** A playground of its own on the seed given; closed after the file's last test. */
  playground(name: string, seed: Seed, options?: Pick<PlaygroundOptions, 'hold'>): Promise<Playground>;
}

/** Registers the file's set-up and tear-down: a temporary folder, one Chromium, and every playground started. */
export function browserSuite(prefix: string): BrowserSuite {
  let dir = '';
  let browser: Browser | undefined;
  const playgrounds: Playground[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `warcard-${prefix}-`));
    // launch() gives Chromium a fresh temporary profile of its own (a --user-data-dir playwright manages).
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const p of playgrounds) await p.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll: use it inside a hook or a test.');
      return browser;
    },
    async playground(name, seed, options = {}) {
      const dataFile = join(dir, `${name}.json`);
      if (seed !== 'fresh' && seed !== 'empty') {
        const env = loadWorkbook();
        if (seed === 'sample') env.run('setUpSampleCampaign');
        else for (const [sheet, rows] of Object.entries(seed)) env.workbook.put(sheet, 'A1', asTyped(rows));
        writeFileSync(dataFile, JSON.stringify(env.workbook.snapshot()));
      }
      const p = await startPlayground({
        root: ROOT,
        port: 0,
        dataFile,
        reset: seed === 'fresh',
        empty: seed === 'empty',
        print: () => {},
        ...options,
      });
      playgrounds.push(p);
      return p;
    },
  };
}

/** The script function a request to the playground's api/run runs, or null for any other request. */
export function scriptCall(playground: Playground, url: string, body: string | null): string | null {
  if (!url.startsWith(new URL('api/run', playground.url).href)) return null;
  return (JSON.parse(body ?? '{}') as { fn?: string }).fn ?? '';
}

/**
 * Keeps the page to the playground: a request anywhere else is refused and recorded (nothing may be fetched from
 * outside). Each script call goes through `onCall` first, which may hold it or abort it.
 */
export async function keepToPlayground(
  page: Page,
  playground: Playground,
  onCall: (fn: string, route: Route) => Promise<'aborted' | undefined> | undefined = () => undefined,
): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', async (route) => {
    const request = route.request();
    const url = request.url();
    const fn = scriptCall(playground, url, request.postData());
    if (fn !== null && (await onCall(fn, route)) === 'aborted') return;
    if (url.startsWith(playground.url) || url.startsWith('about:') || url.startsWith('data:'))
      return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

/** Closes a sidebar an earlier test left open (the page shows it again on load), so the next one loads afresh. */
export async function closeSidebar(page: Page): Promise<void> {
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).waitFor();
  if (await page.locator('#sidebar').isVisible()) {
    await page.locator('#sidebar-close').click();
    await page.locator('#sidebar').waitFor({ state: 'hidden' });
  }
}

/**
 * Warcard → Battle…, as the menu is clicked; resolves when the new sidebar is shown (its page still loading). A
 * sidebar left open is closed first (which empties its frame), so that nothing waited for next can be found in
 * the old one.
 */
export async function clickBattle(page: Page): Promise<FrameLocator> {
  await closeSidebar(page);
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
  await page.locator('#menus li[data-fn="openBattleSidebar"]').click();
  await page.locator('#sidebar').waitFor({ state: 'visible' });
  await expect.poll(() => page.locator('#sidebar-title').textContent()).toBe('Warcard battle');
  return page.frameLocator('#sidebar-frame');
}

/** Whether the element's box lies inside the sidebar frame's viewport, as it stands (nothing is scrolled). */
export const inView = (sidebar: FrameLocator, selector: string): Promise<boolean> =>
  sidebar.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
  });

/** The sidebar frame's inner size: [299, 700] at Google's 300×700 (one pixel is the frame's border). */
export const sidebarSize = (sidebar: FrameLocator): Promise<number[]> =>
  sidebar.locator('body').evaluate(() => [window.innerWidth, window.innerHeight]);
