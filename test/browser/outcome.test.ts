// After Roll, the outcome is in view at Google's 300×700 sidebar, with no scrolling: on the sample battle and on
// 2,000 units against 2,000, the winner line, the casualty points and the first suggested casualty sit inside the
// sidebar's viewport and above the pinned bar. Tabbing on through the casualty boxes keeps each focused box in
// view and never under the bar.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { BATTLE_HEADERS } from '../../src/contract/columns';
import { battleRow, unitRow } from '../support';
import { browserSuite, clickBattle, keepToPlayground, RESULTS, sidebarSize, VIEWPORT } from './harness';
import { rollToWinner } from './roll';
import { rowOf } from '../support/columns';

const suite = browserSuite('outcome');
let playground: Playground;

const HOST_UNITS = 2000;
const BIG = 'Clash of hosts';

/** 2,000 units a side in four types, and their battle, added to the sample campaign. */
function addHosts(p: Playground): void {
  const wb = p.env.workbook;
  const units = wb.read('Units', 'A1:A20000').filter((r) => r[0] !== '' && r[0] !== null).length;
  const kinds = [
    ['Infantry', 'Melee', [1, 3, 0, 3, 0, 2, 2]],
    ['Archers', 'Missile', [2, 2, 4, 2, 0, 2, 2]],
    ['Cavalry', 'Mounted', [3, 3, 1, 3, 5, 2, 2]],
    ['Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2]],
  ] as const;
  const rows = [];
  for (const host of ['North', 'South'])
    for (let i = 0; i < HOST_UNITS; i++) {
      const [type, role, card] = kinds[i % kinds.length] ?? kinds[0];
      rows.push(unitRow(`${host} ${type} ${i + 1}`, `Host of the ${host}`, type, role, [...card]));
    }
  wb.put('Units', `A${units + 1}`, rows);
  const battles = wb.read('Battles', 'A1:A200').filter((r) => r[0] !== '' && r[0] !== null).length;
  const head = (wb.read('Battles', rowOf('Battles', 1))[0] ?? []).filter((h) => h !== '');
  const row = (side: string) => {
    const full = battleRow(BIG, side, `Host of the ${side}`);
    return head.map((h) => {
      const k = BATTLE_HEADERS.indexOf(h as (typeof BATTLE_HEADERS)[number]);
      return k < 0 ? '' : full[k];
    });
  };
  wb.put('Battles', `A${battles + 1}`, [row('North'), row('South')]);
}

beforeAll(async () => {
  playground = await suite.playground('sample-and-hosts', 'sample');
  addHosts(playground);
});

/** Where an element lies against the sidebar's viewport and the top of its pinned bar. */
const placeOf = (sidebar: FrameLocator, selector: string) =>
  sidebar
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      const bar = document.getElementById('action-bar')?.getBoundingClientRect().top ?? innerHeight;
      return {
        top: Math.round(r.top),
        bottom: Math.round(r.bottom),
        barTop: Math.round(bar),
        height: innerHeight,
      };
    });

/** Inside the viewport and wholly above the pinned bar. */
function expectClear(place: Awaited<ReturnType<typeof placeOf>>, what: string): void {
  expect(place.top, `${what}: top inside the view`).toBeGreaterThanOrEqual(0);
  expect(place.bottom, `${what}: above the pinned bar (${JSON.stringify(place)})`).toBeLessThanOrEqual(
    place.barTop,
  );
}

async function openBattle(battle: string | null): Promise<{ page: Page; sidebar: FrameLocator }> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  await keepToPlayground(page, playground);
  await page.goto(playground.url);
  const sidebar = await clickBattle(page);
  await sidebar.locator('.side-preview').first().waitFor();
  expect(await sidebarSize(sidebar)).toEqual([299, 700]);
  if (battle) {
    await sidebar.getByRole('combobox', { name: 'Battle picker' }).selectOption(battle);
    await sidebar.locator('.side-preview .side-name', { hasText: 'North' }).waitFor();
  }
  return { page, sidebar };
}

describe.each([
  ['the sample battle', null, 'sample'],
  [`${HOST_UNITS} v ${HOST_UNITS}`, BIG, 'hosts'],
] as const)('after Roll on %s at 300×700', (_name, battle, tag) => {
  it('shows the winner, the points and the first casualty without scrolling; Tab keeps each box in view', async () => {
    const { page, sidebar } = await openBattle(battle);
    mkdirSync(RESULTS, { recursive: true });
    const shot = (step: string) =>
      page.locator('#sidebar-frame').screenshot({ path: join(RESULTS, `outcome-${tag}-${step}.png`) });
    await shot('before-roll');
    await rollToWinner(sidebar);
    await expect
      .poll(() => placeOf(sidebar, '.winner').then((p) => p.top >= 0 && p.bottom <= p.barTop))
      .toBe(true);
    expectClear(await placeOf(sidebar, '.winner'), 'the winner line');
    expectClear(await placeOf(sidebar, '.casualties h3, .casualties .points'), 'the casualty points');
    // The first suggested casualty: a ticked unit's row (a side grouped by type opens its first group at it).
    const first = '.casualties table.units tbody tr.destroyed, .casualties table.units tbody tr.routed';
    expectClear(await placeOf(sidebar, first), 'the first casualty');
    await shot('after-roll');

    // Tab on through the next controls of the result (a group of units opened with Enter on its line): each focused
    // one is in view, not under the bar.
    const seen: string[] = [];
    for (let k = 0; k < 16; k++) {
      const onClosedGroup = await sidebar
        .locator('body')
        .evaluate(() => document.activeElement?.matches('details.unit-group:not([open]) > summary') ?? false);
      if (onClosedGroup) {
        await page.keyboard.press('Enter');
        await sidebar.locator('details.unit-group[open] table.units input').first().waitFor();
      }
      await page.keyboard.press('Tab');
      const place = await sidebar.locator('body').evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        const r = e?.getBoundingClientRect();
        const bar = document.getElementById('action-bar');
        const barTop = bar?.getBoundingClientRect().top ?? innerHeight;
        return {
          what: `${e?.tagName} ${e?.getAttribute('aria-label') ?? e?.textContent?.slice(0, 30) ?? ''}`,
          inBar: Boolean(bar && e && bar.contains(e)),
          top: Math.round(r?.top ?? -1),
          bottom: Math.round(r?.bottom ?? -1),
          barTop: Math.round(barTop),
        };
      });
      seen.push(place.what);
      if (place.inBar) break; // past the result, into the pinned bar: seen wherever it is
      expect(place.top, `${place.what} inside the view`).toBeGreaterThanOrEqual(0);
      expect(place.bottom, `${place.what} above the bar`).toBeLessThanOrEqual(place.barTop);
      if (k === 5) await shot('tabbed');
    }
    expect(seen.filter((w) => w.startsWith('INPUT')).length, seen.join(' | ')).toBeGreaterThan(0);
    await page.close();
  });
});
