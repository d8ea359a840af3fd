// A player's hand edits in the playground, in Chromium, after Warcard → Protect realms: held to the protections
// as Google holds them. Typing into the enemy realm's Units row is refused with Google's words and the cell keeps
// its value; typing into their own row goes in; typing into the Log (warning only) asks first: Cancel leaves the
// cell as it was, OK writes it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTECTED_MESSAGE } from '../../dev/gas';
import { WARNING_ONLY_QUESTION } from '../../dev/playground/protocol';
import type { Playground } from '../../dev/playground/server';
import { AVANIL, campaign, GHOERE } from '../support';
import { browserSuite, keepToPlayground, VIEWPORT } from './harness';
import { cellsOf } from '../support/columns';

const GM = 'owner@example.com'; // the playground's spreadsheet owner

const suite = browserSuite('hand-edits');

/** The first Units row of an army (1-based), as the workbook has it. */
function rowOf(playground: Playground, army: string): number {
  const armies = playground.env.workbook
    .read('Units', cellsOf('Units', 'Army', 1, 40))
    .map(([v]) => String(v));
  const at = armies.indexOf(army);
  if (at < 0) throw new Error(`No Units row of ${army} in ${armies.join(', ')}`);
  return at + 1;
}

/** Types text into a cell of the sheet on screen and presses Enter, as a person does. */
async function typeInto(page: Page, row: number, col: number, text: string): Promise<void> {
  await page.locator(`td[data-r="${row}"][data-c="${col}"]`).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const shown = (page: Page, row: number, col: number): Promise<string> =>
  page.locator(`td[data-r="${row}"][data-c="${col}"]`).innerText();

describe("a player's hand edits after Protect realms", () => {
  it('are refused in the enemy’s rows, taken in their own, and asked first in the Log', {
    timeout: 360_000,
  }, async () => {
    const playground = await suite.playground('realms', {
      ...campaign(0),
      Players: [
        ['Player', 'Role', 'Armies'],
        [GM, 'GM', ''],
        [AVANIL, 'Player', 'Avanil'],
        [GHOERE, 'Player', 'Ghoere'],
      ],
    });
    playground.env.run('protectRealms');
    playground.env.actAs(AVANIL);
    const wb = playground.env.workbook;
    wb.ui.alerts.length = 0; // Protect realms' report, read by its own tests
    const enemy = rowOf(playground, 'Ghoere');
    const own = rowOf(playground, 'Avanil');
    const enemyUnit = String(wb.read('Units', `A${enemy}`)[0]?.[0]);

    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    page.setDefaultTimeout(180_000);
    await keepToPlayground(page, playground);
    await page.goto(playground.url);
    await expect.poll(() => page.locator('#acting-as').inputValue()).toBe(AVANIL);
    await page.locator('#tabs button[data-sheet="Units"]').click();
    await expect.poll(() => shown(page, enemy, 1)).toBe(enemyUnit);

    // The enemy's row: refused in Google's words, the cell as it was, on the page and in the workbook.
    await typeInto(page, enemy, 1, 'Taken by Avanil');
    await page.locator('#alert-backdrop').waitFor({ state: 'visible' });
    expect(await page.locator('#alert-text').innerText()).toBe(PROTECTED_MESSAGE);
    await page.locator('#alert-ok').click();
    expect(await shown(page, enemy, 1)).toBe(enemyUnit);
    expect(await page.locator('#status').innerText()).toBe('Saved');

    // Their own row goes in.
    await typeInto(page, own, 1, 'Avanil Guard');
    await expect.poll(() => page.locator('#status').innerText()).toBe('Saved');
    expect(wb.read('Units', `A${own}`)).toEqual([['Avanil Guard']]);
    expect(wb.read('Units', `A${enemy}`)).toEqual([[enemyUnit]]);

    // The Log warns: Cancel leaves the cell blank, OK writes it.
    await page.locator('#tabs button[data-sheet="Log"]').click();
    await page.locator('#tabs button.active[data-sheet="Log"]').waitFor();
    const [row, col] = [wb.lastRow(wb.sheetOrThrow('Log')) + 2, 1];
    await typeInto(page, row, col, 'A note by hand');
    await page.locator('#confirm-backdrop').waitFor({ state: 'visible' });
    expect(await page.locator('#confirm-text').innerText()).toBe(WARNING_ONLY_QUESTION);
    await page.locator('#confirm-cancel').click();
    expect(await shown(page, row, col)).toBe('');
    expect(await page.locator('#status').innerText()).toBe('Saved');
    await typeInto(page, row, col, 'A note by hand');
    await page.locator('#confirm-ok').click();
    await expect.poll(() => page.locator('#status').innerText()).toBe('Saved');
    expect(wb.read('Log', `A${row}`)).toEqual([['A note by hand']]);
    await page.close();
  });
});
