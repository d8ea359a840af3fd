// Warcard → Collect the season in the playground, in Chromium: on the sample campaign (Settings' Season Summer 1522)
// the menu collects the season, its alert says each realm's closing balance, and the Realms sheet's TREASURY shows
// the balances moved by exactly the collection; Warcard → Undo last battle takes it back and the balances return.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { browserSuite, keepToPlayground, VIEWPORT } from './harness';

const suite = browserSuite('collect');
let playground: Playground;

beforeAll(async () => {
  playground = await suite.playground('sample', 'sample');
});

async function openPage(): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  await keepToPlayground(page, playground);
  await page.goto(playground.url);
  return page;
}

/** Warcard → the item calling `fn`, as the menu is clicked. */
async function choose(page: Page, fn: string): Promise<void> {
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
  await page.locator(`#menus li[data-fn="${fn}"]`).click();
}

describe('Warcard → Collect the season in the playground', () => {
  it('collects the season from the menu, the balances change on Realms, and Undo last battle puts them back', async () => {
    const page = await openPage();
    await page.click('#tabs button[data-sheet="Realms"]');
    await page.waitForSelector('#tabs button.active[data-sheet="Realms"]');
    const cell = (a1: string) => page.locator(`td[data-a1="${a1}"]`).innerText();
    await expect.poll(() => cell('F1')).toBe('Balance');
    // Before: Elinvaire 72 and Ghorvant 96, each with the Next Balance the collection will leave.
    expect([await cell('F2'), await cell('F3')]).toEqual(['72', '96']);
    const next = [await cell('I2'), await cell('I3')];
    expect(next.map(Number).every(Number.isInteger)).toBe(true);

    await choose(page, 'collectSeason');
    await page.locator('#alert-backdrop').waitFor({ state: 'visible' });
    expect(await page.locator('#alert-text').innerText()).toBe(
      `Collected Summer 1522 for 2 realms (Log row 2; Treasury rows 9-10). Closing balances: Elinvaire ${next[0]} GB; Ghorvant ${next[1]} GB.`,
    );
    await page.locator('#alert-ok').click();
    await page.locator('#alert-backdrop').waitFor({ state: 'hidden' });
    await expect.poll(async () => [await cell('F2'), await cell('F3')]).toEqual(next);
    expect(await cell('J2')).toBe('Summer 1522 is collected (treasury row 9)');

    await choose(page, 'undoLastBattle');
    await expect.poll(async () => [await cell('F2'), await cell('F3')]).toEqual(['72', '96']);
    await expect
      .poll(() => page.locator('#toasts').innerText())
      .toContain(
        'Undid the season collected (Summer 1522 collected for 2 realms) (Log row 2): 2 Treasury rows taken away.',
      );
    expect(await cell('J2')).toBe('');
    await page.close();
  });
});
