// A battle applied in the open sidebar, then undone from the menu (Warcard → Undo last battle): no server can tell
// a sidebar, so it asks when the person comes back to it. Coming back (focus) costs one sidebarLoad while the
// battle shown is applied, and shows it as it now stands, ready to apply; coming back once it is not applied costs
// nothing, and the next Apply is the next call.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { campaign } from '../support';
import { browserSuite, clickBattle, keepToPlayground, VIEWPORT } from './harness';
import { rollToWinner } from './roll';

const suite = browserSuite('outside-undo');
let playground: Playground;

beforeAll(async () => {
  playground = await suite.playground('campaign', campaign(0));
});

/** Each unit's Status on the Units sheet. */
const statuses = () => {
  const rows = playground.env.workbook.read('Units', 'A1:V11');
  const status = (rows[0] ?? []).indexOf('Status');
  return rows.slice(1).map((r) => [r[0], r[status]]);
};

/** Focus leaves the sidebar for the spreadsheet's page (a click on the sidebar's title bar, outside its frame). */
const leaveSidebar = (page: Page) => page.locator('#sidebar-title').click();

describe('an undo from the menu while the sidebar shows the battle applied', () => {
  it('shows the battle ready to apply again once the person comes back to the sidebar, for one call', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    const calls: string[] = [];
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const outside = await keepToPlayground(page, playground, (fn) => {
      calls.push(fn);
      return undefined;
    });
    await page.goto(playground.url);
    const before = statuses();
    const sidebar = await clickBattle(page);
    await sidebar.locator('.side-preview').first().waitFor();
    expect(calls).toEqual(['openBattleSidebar']);

    await rollToWinner(sidebar);
    await sidebar.getByRole('button', { name: 'Apply to roster' }).click();
    await expect
      .poll(() => sidebar.locator('#message-apply').textContent())
      .toMatch(/logged on Log row 2\.$/);
    expect(statuses()).not.toEqual(before);

    // Warcard → Undo last battle: the roster is back, and the sidebar, told nothing, still shows it applied.
    await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
    await page.locator('#menus li[data-fn="undoLastBattle"]').click();
    await expect.poll(() => statuses()).toEqual(before);
    expect(calls).toEqual(['openBattleSidebar', 'sidebarApply', 'undoLastBattle']);
    expect(await sidebar.getByRole('button', { name: 'Apply to roster' }).count()).toBe(0);

    // Back in the sidebar: one read, and the battle as it now stands, with a note saying why.
    await sidebar.locator('#battle-heading').click();
    await expect
      .poll(() => sidebar.locator('#message-battle').textContent())
      .toBe(
        'Battle "Ford of Avanil" was undone outside this sidebar (Warcard → Undo last battle, or another person): it is shown as it now stands, ready to apply again.',
      );
    expect(calls).toEqual(['openBattleSidebar', 'sidebarApply', 'undoLastBattle', 'sidebarLoad']);
    expect(await sidebar.getByRole('combobox', { name: 'Battle picker' }).inputValue()).toBe(
      'Ford of Avanil',
    );
    expect(await sidebar.locator('#roll-button').isVisible()).toBe(true);

    // Away and back again with nothing applied shown: no call; the next call is the Apply of the battle fought again.
    await leaveSidebar(page);
    await sidebar.locator('#battle-heading').click();
    await rollToWinner(sidebar);
    await sidebar.getByRole('button', { name: 'Apply to roster' }).click();
    // The first Apply's message is hidden, not emptied, since the note above replaced it: wait for one shown.
    const applied = sidebar.locator('#message-apply');
    await expect
      .poll(async () => ((await applied.isVisible()) ? await applied.textContent() : 'hidden'))
      .toMatch(/logged on Log row \d+\.$/);
    expect(calls).toEqual([
      'openBattleSidebar',
      'sidebarApply',
      'undoLastBattle',
      'sidebarLoad',
      'sidebarApply',
    ]);
    expect([errors, outside]).toEqual([[], []]);
    await page.close();
  });
});
