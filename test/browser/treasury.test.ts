// The treasury in the playground, in Chromium: the sample campaign's Realms sheet shows each realm's balance from
// TREASURY, and after a roll the battle sidebar's casualty totals say what each side's losses save in upkeep next
// season, the sum of the upkeep (the Units sheet's UNITSTATS) of the units ticked destroyed, captured or pursued.
// Last, Warcard → Collect the season from the menu moves the balances to what its alert says (Settings' Season is
// Summer 1522), and Warcard → Undo last battle puts them back.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { browserSuite, clickBattle, keepToPlayground, VIEWPORT } from './harness';
import { rollToWinner } from './roll';
import { cellOf, columnAfterTable, columnPast, rowOf } from '../support/columns';

const suite = browserSuite('treasury');
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

describe('the treasury in the playground', () => {
  it('shows each realm’s balance and next collection on the Realms sheet', async () => {
    const page = await openPage();
    await page.click('#tabs button[data-sheet="Realms"]');
    await page.waitForSelector('#tabs button.active[data-sheet="Realms"]');
    const cell = (a1: string) => page.locator(`td[data-a1="${a1}"]`).innerText();
    // TREASURY's block right of the Realms table: its Realm column, then Balance, Upkeep, …
    const realm = (row: number) => cell(`${columnAfterTable('Realms')}${row}`);
    const at = (header: string, row: number) => cell(cellOf('Realms', header, row));
    await expect.poll(() => at('Balance', 1)).toBe('Balance');
    // Elinvaire: 60 + (44 − 34) + (44 − 34 − 6) + (44 − 36 − 10); Ghorvant: 90 − 4 + 2 + 12 − 4.
    expect([await realm(2), await at('Balance', 2)]).toEqual(['Elinvaire', '72']);
    expect([await realm(3), await at('Balance', 3)]).toEqual(['Ghorvant', '96']);
    const upkeep = Number(await at('Upkeep', 2));
    expect(upkeep).toBeGreaterThan(0);
    expect(await at('Next Balance', 2)).toBe(String(72 + 44 - upkeep));
    await page.close();
  });

  it('says after a roll what each side’s losses save in upkeep next season', async () => {
    const page = await openPage();
    const sidebar = await clickBattle(page);
    await rollToWinner(sidebar);
    // The upkeep of each Units row, as UNITSTATS shows it beside the table (its third column).
    const wb = playground.env.workbook;
    const header = wb.read('Units', rowOf('Units', 1))[0] ?? [];
    const column = header.indexOf('Upkeep');
    expect(column).toBeGreaterThan(0);
    const rows = wb.read('Units', `A1:${columnPast('Units')}80`);
    // Tick the first unit of the first side destroyed, so that side's losses save something whatever the roll.
    const first = sidebar.locator('input[data-focus^="destroyed-0-"]').first();
    if (!(await first.isChecked())) await first.evaluate((e) => (e as HTMLInputElement).click());
    for (const side of [0, 1]) {
      const lost = await sidebar.locator(`input[data-focus]`).evaluateAll(
        (inputs, i) =>
          inputs
            .filter((e) => (e as HTMLInputElement).checked)
            .map((e) => /^(destroyed|captured|pursued)-(\d)-(\d+)$/.exec(e.getAttribute('data-focus') ?? ''))
            .filter((m) => m !== null && m[2] === String(i))
            .map((m) => Number(m?.[3])),
        side,
      );
      const saved = lost.reduce((s, row) => s + Number(rows[row - 1]?.[column] ?? Number.NaN), 0);
      const running = sidebar.locator('p.running').nth(side);
      if (saved > 0)
        await expect.poll(() => running.innerText()).toContain(`saves ${saved} GB upkeep next season`);
      else expect(await running.innerText()).not.toContain('upkeep');
      if (side === 0) expect(saved).toBeGreaterThan(0);
    }
    await page.close();
  });

  it('collects the season from the menu, the balances change on Realms, and Undo last battle puts them back', async () => {
    const page = await openPage();
    await page.click('#tabs button[data-sheet="Realms"]');
    await page.waitForSelector('#tabs button.active[data-sheet="Realms"]');
    const cell = (a1: string) => page.locator(`td[data-a1="${a1}"]`).innerText();
    const at = (header: string, row: number) => cell(cellOf('Realms', header, row));
    const balances = async () => [await at('Balance', 2), await at('Balance', 3)];
    await expect.poll(() => at('Balance', 1)).toBe('Balance');
    // Before: Elinvaire 72 and Ghorvant 96, each with the Next Balance the collection will leave.
    expect(await balances()).toEqual(['72', '96']);
    const next = [await at('Next Balance', 2), await at('Next Balance', 3)];
    expect(next.map(Number).every(Number.isInteger)).toBe(true);

    await choose(page, 'collectSeason');
    await page.locator('#alert-backdrop').waitFor({ state: 'visible' });
    expect(await page.locator('#alert-text').innerText()).toBe(
      `Collected Summer 1522 for 2 realms (Log row 2; Treasury rows 9-10). Closing balances: Elinvaire ${next[0]} GB; Ghorvant ${next[1]} GB.`,
    );
    await page.locator('#alert-ok').click();
    await page.locator('#alert-backdrop').waitFor({ state: 'hidden' });
    await expect.poll(balances).toEqual(next);
    expect(await at('Note', 2)).toBe('Summer 1522 is collected (treasury row 9)');

    await choose(page, 'undoLastBattle');
    await expect.poll(balances).toEqual(['72', '96']);
    await expect
      .poll(() => page.locator('#toasts').innerText())
      .toContain(
        'Undid the season collected (Summer 1522 collected for 2 realms) (Log row 2): 2 Treasury rows taken away.',
      );
    expect(await at('Note', 2)).toBe('');
    await page.close();
  });
});
