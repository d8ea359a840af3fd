// The sidebar in the table's words and at 300 px, in Chromium on the sample campaign: a problem on the sheets
// names its sheet, row and column with Reload beside it (and Reload after the fix clears it); a new side is called
// by its first army until named; the typed dice line up, each problem under its own die; Undo names what it takes
// back.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { unitRow } from '../support';
import { browserSuite, clickBattle, keepToPlayground, RESULTS, VIEWPORT } from './harness';

const suite = browserSuite('table');
let playground: Playground;

beforeAll(async () => {
  playground = await suite.playground('sample-words', 'sample');
});

async function open(): Promise<{ page: Page; sidebar: FrameLocator }> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  await keepToPlayground(page, playground);
  await page.goto(playground.url);
  const sidebar = await clickBattle(page);
  await sidebar.locator('.side-preview').first().waitFor();
  mkdirSync(RESULTS, { recursive: true });
  return { page, sidebar };
}

const shot = (page: Page, name: string) =>
  page.locator('#sidebar-frame').screenshot({ path: join(RESULTS, `table-${name}.png`) });

describe('the sidebar in the table’s words', () => {
  it('names a typo’d army’s sheet, row and column, offers Reload beside it, and Reload after the fix clears it', async () => {
    const wb = playground.env.workbook;
    const row = wb.lastRow(wb.sheetOrThrow('Units')) + 1;
    wb.put('Units', `A${row}`, [
      unitRow('Stray Knights', 'Elinvaire Hots', 'Knights', 'Mounted', [3, 3, 0, 3, 4, 2, 2]),
    ]);
    const { page, sidebar } = await open();
    const problems = sidebar.locator('details.problems');
    await problems.waitFor();
    expect(await problems.locator('summary').textContent()).toBe(
      '1 problem on the sheets: fix it there, then Reload',
    );
    expect(await problems.locator('li').first().textContent()).toMatch(
      new RegExp(`^Units row ${row}, Army: army "Elinvaire Hots" may be a typo of "Elinvaire Host"`),
    );
    const reload = problems.getByRole('button', { name: 'Reload' });
    expect(await reload.isVisible()).toBe(true);
    await shot(page, 'problem-with-reload');
    wb.put('Units', `B${row}`, [['Elinvaire Host']]); // fixed on the sheet
    await reload.click();
    await expect.poll(() => problems.count()).toBe(0);
    expect(await sidebar.locator('#message-top').textContent()).toMatch(/^Reloaded/);
    await page.close();
  });

  it('calls a new side by its first army until it is named', async () => {
    const { page, sidebar } = await open();
    await sidebar.getByRole('combobox', { name: 'Battle picker' }).selectOption({ label: 'New battle…' });
    await expect.poll(() => sidebar.locator('#side-0-title').textContent()).toBe('Side A: no army yet');
    await sidebar.locator('#side-0 label', { hasText: 'Marcher Levies' }).locator('input').check();
    await expect.poll(() => sidebar.locator('#side-0-title').textContent()).toBe('Marcher Levies');
    expect(await sidebar.locator('#side-0 input[data-focus="label-0"]').getAttribute('placeholder')).toBe(
      'Marcher Levies',
    );
    await sidebar.locator('#side-0 input[data-focus="label-0"]').fill('The March');
    await expect.poll(() => sidebar.locator('#side-0-title').textContent()).toBe('The March: Marcher Levies');
    await shot(page, 'new-side-named');
    await page.close();
  });

  it('lines the typed dice up at 300 px, each problem under its own die', async () => {
    const { page, sidebar } = await open();
    await sidebar.locator('#roll label', { hasText: 'Type dice' }).locator('input').check();
    await sidebar.locator('#roll input.die').nth(0).fill('0');
    await sidebar.locator('#roll input.die').nth(1).fill('abc');
    await sidebar.locator('#use-dice-button').click();
    await expect.poll(() => sidebar.locator('#roll .field-problem:not(:empty)').count()).toBe(2);
    const boxes = await sidebar.locator('#roll .die-field').evaluateAll((fields) =>
      fields.map((f) => {
        const r = (sel: string) => f.querySelector(sel)?.getBoundingClientRect();
        const [label, input, problem] = [r('label'), r('input'), r('.field-problem')];
        return {
          labelLeft: Math.round(label?.left ?? -1),
          inputLeft: Math.round(input?.left ?? -1),
          inputRight: Math.round(input?.right ?? -1),
          sameLine:
            Math.abs(
              (label?.top ?? 0) + (label?.height ?? 0) / 2 - ((input?.top ?? 0) + (input?.height ?? 0) / 2),
            ) < 12,
          problemBelow: (problem?.top ?? 0) >= (input?.bottom ?? 0) - 1,
          problemWidth: Math.round(problem?.width ?? 0),
        };
      }),
    );
    await shot(page, 'typed-dice');
    expect(boxes).toHaveLength(2);
    const [a, b] = boxes;
    expect(a?.labelLeft).toBe(b?.labelLeft);
    expect(a?.inputLeft).toBe(b?.inputLeft);
    expect(a?.inputRight).toBeLessThanOrEqual(299);
    for (const f of boxes) {
      expect(f.sameLine, JSON.stringify(f)).toBe(true);
      expect(f.problemBelow, JSON.stringify(f)).toBe(true);
      expect(f.problemWidth, 'a problem spans the sidebar, not a narrow column').toBeGreaterThan(200);
    }
    await page.close();
  });
});
