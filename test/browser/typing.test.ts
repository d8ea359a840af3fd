// A game master's first job in the playground, in Chromium: a new spreadsheet (`npm start -- --empty`), Warcard →
// Set up campaign, then unit rows typed at a human pace (Tab between cells, Enter between rows). Every cell must
// hold exactly what was typed and focus end where typing ended, also while the answers are slow (the playground
// holds each edit until the test lets them go, so all wait in the page's queue). Then a row is inserted and one
// deleted from the row number's menu.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { browserSuite, keepToPlayground, RESULTS, VIEWPORT } from './harness';

const suite = browserSuite('typing');

/** Three units as a game master types them: Unit, Army, Type, Role, Role 2 (left blank), Move, Melee. */
const ROWS = [
  ['Test Guards', 'Test Army', 'Infantry', 'Melee', '', '2', '3'],
  ['Test Bowmen', 'Test Army', 'Archers', 'Missile', 'Melee', '2', '1'],
  ['Test Riders', 'Other Host', 'Cavalry', 'Mounted', '', '4', '2'],
] as const;

/** About ten characters a second, as a person types. */
const PACE_MS = 100;

/** Opens the page on a new spreadsheet, sets up the campaign from the menu and lands on Units. */
async function setUp(playground: Playground): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  // Set-up on the emulation is a whole recalculation per sheet: under load it passes Playwright's 30 s default.
  page.setDefaultTimeout(SLOW.timeout);
  await keepToPlayground(page, playground);
  await page.goto(playground.url);
  await page.locator('#tabs button[data-sheet="Sheet1"]').waitFor();
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
  await page.locator('#menus li[data-fn="setUpCampaign"]').click();
  await page.locator('#alert-backdrop').waitFor({ state: 'visible' });
  await page.locator('#alert-ok').click();
  // Set-up leaves the user on Units, ready to type the first unit.
  await page.locator('#tabs button.active[data-sheet="Units"]').waitFor();
  await expect.poll(() => page.locator('td[data-r="1"][data-c="1"]').innerText()).toBe('Unit');
  return page;
}

/** Types the rows from A2 on, as a person does: each cell's text, Tab to the next, Enter after the last. */
async function typeRows(page: Page): Promise<void> {
  await page.locator('td[data-r="2"][data-c="1"]').click();
  for (const row of ROWS) {
    for (const [i, text] of row.entries()) {
      if (text !== '') await page.keyboard.type(text, { delay: PACE_MS });
      await page.keyboard.press(i === row.length - 1 ? 'Enter' : 'Tab', { delay: PACE_MS });
    }
  }
}

/** What each typed cell holds now, as the workbook has it (numbers as typed). */
function cellsHeld(playground: Playground): string[][] {
  const wb = playground.env.workbook;
  const units = wb.sheetOrThrow('Units');
  const box = { row: 2, col: 1, numRows: ROWS.length, numCols: ROWS[0].length };
  return wb.values(units, box).map((row) => row.map((v) => String(v)));
}

/** Focus is on the grid (no editor open, nothing else focused) with A5 selected: where typing ended. */
async function focusWhereTypingEnded(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('grid-wrap');
  expect(await page.locator('#cell-name').innerText()).toBe(`A${ROWS.length + 2}`);
  expect(await page.locator('td.sel').getAttribute('data-a1')).toBe(`A${ROWS.length + 2}`);
}

/** A cell as the grid shows it: its text, or a dropdown's choice. */
const shown = (page: Page, row: number, col: number): Promise<string> =>
  page
    .locator(`td[data-r="${row}"][data-c="${col}"]`)
    .evaluate((td) => td.querySelector('select')?.value ?? (td as HTMLElement).innerText);

/**
 * Each edit is a whole recalculation of the workbook on the emulation: on a busy 2-core machine a queue of twenty
 * can take a minute to be answered. The limits say "stuck", not "slow".
 */
const SLOW = { timeout: 180_000 };
const LONG_TEST = 360_000;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: join(RESULTS, name) });
}

describe('typing unit rows into the playground grid', () => {
  it('keeps every keystroke at a human pace, focus where typing ended; inserts and deletes rows', {
    timeout: LONG_TEST,
  }, async () => {
    const playground = await suite.playground('typing-quick', 'empty');
    const page = await setUp(playground);
    await typeRows(page);
    await expect.poll(() => page.locator('#status').innerText(), SLOW).toBe('Saved');
    expect(cellsHeld(playground)).toEqual(ROWS.map((r) => [...r]));
    await focusWhereTypingEnded(page);
    // The grid shows them too (a dropdown's choice in Role and Role 2).
    for (const [r, row] of ROWS.entries()) {
      for (const [c, text] of row.entries()) {
        expect(await shown(page, r + 2, c + 1)).toBe(text);
      }
    }
    await shot(page, 'typing-rows-typed.png');

    // The row number's menu: insert above row 3 (Test Bowmen moves to row 4), then delete row 2.
    await page.locator('tbody tr:nth-child(3) th').click({ button: 'right' });
    await page.locator('#row-menu button[data-op="insertAbove"]').click();
    await expect.poll(() => shown(page, 4, 1), SLOW).toBe('Test Bowmen');
    expect(await shown(page, 3, 1)).toBe('');
    await shot(page, 'typing-row-inserted.png');
    await page.locator('tbody tr:nth-child(2) th').click({ button: 'right' });
    await page.locator('#row-menu button[data-op="delete"]').click();
    await expect.poll(() => shown(page, 3, 1), SLOW).toBe('Test Bowmen');
    expect(await shown(page, 2, 1)).toBe('');
    expect(cellsHeld(playground).map((r) => r[0])).toEqual(['', 'Test Bowmen', 'Test Riders']);
    await page.close();
  });

  it('keeps every keystroke while each save waits, edits sent in the order typed', {
    timeout: LONG_TEST,
  }, async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    const playground = await suite.playground('typing-slow', 'empty', {
      hold: async (action) => {
        if (action !== 'edit') return;
        held++;
        await gate;
      },
    });
    const page = await setUp(playground);
    await typeRows(page);
    // Every edit so far waits: the page shows what was typed, and says how many edits wait (the 19 cells typed).
    expect(held).toBeGreaterThan(0);
    expect(await page.locator('#status').innerText()).toBe('19 edits waiting');
    expect(await shown(page, 2, 2)).toBe('Test Army');
    expect(await shown(page, 4, 1)).toBe('Test Riders');
    expect(await shown(page, 3, 5)).toBe('Melee'); // a dropdown shows its choice at once too
    await focusWhereTypingEnded(page);
    await shot(page, 'typing-rows-while-saving.png');
    release();
    await expect.poll(() => page.locator('#status').innerText(), SLOW).toBe('Saved');
    expect(cellsHeld(playground)).toEqual(ROWS.map((r) => [...r]));
    await focusWhereTypingEnded(page);
    await page.close();
  });
});
