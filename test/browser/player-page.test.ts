// A table that plays by link, in Chromium at a phone's 390×844: the GM makes each player's link with Warcard →
// Player links…; Aerin (Avanil) opens hers, sees her realm and battle and seals; Gavin (Ghoere) seals from his
// own link; the GM rolls (logged dice) and applies in the sidebar; each page, opened again, shows the result and
// the report. Every step is one call. Each page shows the player's realm's treasury (never the other realm's) and
// the battle's Log entries. A scan of every answer and page a link-player receives finds no other side's plan
// before the apply, no seal's salt, no key and no other realm's figures; a wrong link shows nothing. Screenshots are kept in
// SHOTS.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { BATTLE_HEADERS } from '../../src/contract/columns';
import { NOT_VALID } from '../../src/sheets/server/page-server';
import { GM } from '../support';
import { battleRow, campaign } from '../support/campaign-sheets';
import { browserSuite, clickBattle, keepToPlayground, VIEWPORT } from './harness';

const AERIN = 'Aerin of Avanil';
const GAVIN = 'Gavin of Ghoere';
const FORD = 'Ford of Avanil';
const PHONE = { width: 390, height: 844 };
const SHOTS = join(tmpdir(), 'warcard-page-shots');
const PLAY_TIMEOUT = 600_000;

const suite = browserSuite('pages');
let playground: Playground;

beforeAll(async () => {
  playground = await suite.playground('pages', {
    ...campaign(),
    Battles: [
      [...BATTLE_HEADERS],
      battleRow(FORD, 'Avanil', 'Avanil', { 'Home Realm': true }),
      battleRow(FORD, 'Ghoere', 'Ghoere', { Defender: true, 'River Crossed': true }),
    ],
    Players: [
      ['Player', 'Role', 'Armies'],
      [GM, 'GM', ''],
      [AERIN, 'Player', 'Avanil'],
      [GAVIN, 'Player', 'Ghoere'],
    ],
    Realms: [
      ['Realm', 'Armies', 'Income', 'Start'],
      ['Avanil', 'Avanil', 30, 100],
      ['Ghoere', 'Ghoere', 25, 777],
    ],
    Treasury: [
      ['Season', 'Realm', 'Income', 'Upkeep', 'Muster', 'Other', 'Note'],
      ['Spring 1522', 'Avanil', 30, 20, 0, 0, ''],
      ['Spring 1522', 'Ghoere', 25, 10, 0, 3, 'Ghoere buried its gold'],
    ],
  });
  playground.env.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  playground.env.workbook.people.owner = GM;
  playground.env.actAs(GM);
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
});

/** A player's phone: every web-app execution it makes, and every answer's text it receives. */
interface Phone {
  page: Page;
  calls: string[];
  received: string[];
}

async function phone(link: string): Promise<Phone> {
  const page = await suite.browser.newPage({ viewport: PHONE });
  page.setDefaultTimeout(180_000);
  const p: Phone = { page, calls: [], received: [] };
  await keepToPlayground(page, playground);
  page.on('request', (r) => {
    if (r.url().includes('/api/webapp')) p.calls.push(JSON.parse(r.postData() ?? '{}').fn);
    else if (r.url().includes('/exec')) p.calls.push('doGet');
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/webapp') || r.url().includes('/exec'))
      void r.text().then((t) => p.received.push(t));
  });
  await page.goto(link);
  await frameOf(p).locator('body[data-ready="true"]').waitFor();
  // Phone first: nothing wider than the phone (no sideways scrolling).
  const widths = await frameOf(p)
    .locator('html')
    .evaluate((root) => [root.scrollWidth, window.innerWidth]);
  expect(widths).toEqual([PHONE.width, PHONE.width]);
  return p;
}

const frameOf = (p: Phone): FrameLocator => p.page.frameLocator('#web-app');

/** The page as it shows now: its HTML less its code and the plan dropdown's options (every plan, for anyone). */
const shown = (p: Phone): Promise<string> =>
  frameOf(p)
    .locator('html')
    .evaluate((root) => {
      const copy = root.cloneNode(true) as HTMLElement;
      const answer = copy.querySelector('#page-answer')?.textContent ?? '';
      for (const e of copy.querySelectorAll('script, option, style')) e.remove();
      return `${answer}\n${copy.outerHTML}`;
    });

/** What a phone received, less the page's code and the plan dropdown's options (the same for anyone). */
const receivedData = (p: Phone): string =>
  p.received
    .map((t) =>
      t
        .replace(/<script(?![^>]*page-answer)[\s\S]*?<\/script>/g, '')
        .replace(/<option[\s\S]*?<\/option>/g, ''),
    )
    .join('\n');

async function seal(p: Phone, plan: string, name: string): Promise<void> {
  const f = frameOf(p);
  await f.locator('select[data-battle]').selectOption(plan);
  const before = p.calls.length;
  await f.getByRole('button', { name: /^Seal/ }).click();
  await f.locator('body[data-answered="1"]').waitFor();
  await expect.poll(() => f.locator('#status').textContent()).toMatch(/sealed/i);
  expect(p.calls.slice(before)).toEqual(['pageAction']);
  await p.page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Warcard → Player links… and New link for each row: the links as the dialog shows them once. */
async function makeLinks(gm: Page, players: readonly string[]): Promise<string[]> {
  await gm.locator('#menus .menu button', { hasText: 'Warcard' }).click();
  await gm.locator('#menus li[data-fn="showPlayerLinks"]').click();
  const dialog = gm.frameLocator('#dialog-frame');
  const links: string[] = [];
  for (const player of players) {
    await dialog.locator(`button.new[data-player="${player}"]`).click();
    const input = dialog.locator('input.link');
    await expect.poll(() => input.count()).toBe(1);
    await expect.poll(() => input.inputValue()).toContain('k=');
    const link = await input.inputValue();
    expect(links).not.toContain(link);
    links.push(link);
  }
  await gm.locator('#dialog-close').click();
  return links;
}

describe('a table that plays by link', () => {
  it(
    'two players seal from their own links, the GM rolls and applies, each page shows the result and the report',
    async () => {
      const gm = await suite.browser.newPage({ viewport: VIEWPORT });
      gm.setDefaultTimeout(180_000);
      const gmCalls: string[] = [];
      await keepToPlayground(gm, playground, (fn) => {
        gmCalls.push(fn);
        return undefined;
      });
      await gm.goto(playground.url);
      const [aerinLink, gavinLink] = (await makeLinks(gm, [AERIN, GAVIN])) as [string, string];
      const keys = [aerinLink, gavinLink].map((l) => new URL(l).searchParams.get('k') ?? '');
      expect(gmCalls).toEqual(['showPlayerLinks', 'playerLinkNew', 'playerLinkNew']);

      // Aerin's phone: her realm and battle, from the page's own data (one execution: doGet).
      const aerin = await phone(aerinLink);
      const fa = frameOf(aerin);
      await expect.poll(() => fa.locator('#who').textContent()).toBe(`${AERIN} · Player: Avanil`);
      await expect.poll(() => fa.locator('#units tr').count()).toBe(6);
      await expect.poll(() => fa.locator('.battle h3').textContent()).toBe(FORD);
      expect(aerin.calls).toEqual(['doGet']);
      // Her realm's treasury: Avanil's balance (100 + 30 − 20), never Ghoere's.
      await expect.poll(() => fa.locator('#treasury').isVisible()).toBe(true);
      expect(
        await fa.locator('.realm').evaluateAll((els) => els.map((e) => e.getAttribute('data-realm'))),
      ).toEqual(['Avanil']);
      expect(await fa.locator('.realm .balance').textContent()).toBe('Balance 110 GB');
      expect(await shown(aerin)).not.toMatch(/777|795|buried/);
      expect(receivedData(aerin)).not.toMatch(/777|795|buried/);
      await aerin.page.screenshot({ path: join(SHOTS, '1-aerin-page.png'), fullPage: true });
      await seal(aerin, 'Encircle', '2-aerin-sealed');

      const gavin = await phone(gavinLink);
      const fg = frameOf(gavin);
      await expect.poll(() => fg.locator('.side').first().textContent()).toContain('Plan sealed');
      expect(await shown(gavin)).not.toContain('Encircle');
      await seal(gavin, 'Trap', '3-gavin-sealed');
      expect(await shown(gavin)).not.toContain('Encircle');
      expect(receivedData(gavin)).not.toContain('Encircle');
      expect(receivedData(aerin)).not.toContain('Trap');
      // Sealed by link: kept in the deploying GM's own properties, which a copy's script cannot read.
      const salts = [...(playground.env.workbook.userProperties.get(GM.toLowerCase()) ?? [])]
        .filter(([k]) => k.startsWith('warcard.seal.'))
        .map(([, v]) => (JSON.parse(v) as { salt: string }).salt);
      expect(salts).toHaveLength(2);
      expect(
        [...playground.env.workbook.properties.keys()].filter((k) => k.startsWith('warcard.seal.')),
      ).toEqual([]);
      // Gavin's page lists the battle's Log entries: both seals, By each player's link.
      await expect
        .poll(() => fg.locator('.entry[data-event="Seal"] .note').allTextContents())
        .toEqual([
          expect.stringContaining(`by ${GAVIN} (link)`),
          expect.stringContaining(`by ${AERIN} (link)`),
        ]);

      // The GM rolls (logged dice) and applies in the sidebar: one call each.
      const sidebar = await clickBattle(gm);
      await sidebar.locator('.side-preview').first().waitFor();
      gmCalls.length = 0;
      await sidebar.locator('#roll-button').click();
      await expect.poll(() => sidebar.locator('.winner').count()).toBe(1);
      await sidebar.locator('#apply-button').click();
      await expect.poll(() => sidebar.locator('#message-apply').getAttribute('class')).toContain('ok');
      expect(gmCalls).toEqual(['sidebarRoll', 'sidebarApply']);

      // Each player's page, opened again: the battle fought, both plans, the report with its copy buttons.
      for (const [p, name] of [
        [aerin, '4-aerin-result'],
        [gavin, '5-gavin-result'],
      ] as const) {
        const before = p.calls.length;
        await p.page.reload();
        await frameOf(p).locator('body[data-ready="true"]').waitFor();
        expect(p.calls.slice(before)).toEqual(['doGet']);
        const f = frameOf(p);
        await expect.poll(() => f.locator('.battle h3').textContent()).toBe(`${FORD} — fought`);
        await expect.poll(() => f.locator('.report-text').inputValue()).toContain(FORD);
        expect(await f.locator('.report .copy').count()).toBe(3);
        // The battle's entries, newest first: the battle applied, the logged roll, the two seals.
        expect(
          await f
            .locator('.battle .entry')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-event'))),
        ).toEqual(['Battle', 'Roll', 'Seal', 'Seal']);
        expect(await f.locator('.side').allTextContents()).toEqual([
          expect.stringContaining('Encircle'),
          expect.stringContaining('Trap'),
        ]);
        await f.locator('.report-text').scrollIntoViewIfNeeded();
        await p.page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
        // The narrowest phone: the report and its buttons still fit, nothing scrolls sideways.
        await p.page.setViewportSize({ width: 360, height: 780 });
        await expect
          .poll(() => f.locator('html').evaluate((root) => [root.scrollWidth, window.innerWidth]))
          .toEqual([360, 360]);
      }
      // No answer or page a link-player received carries a seal's salt or any key.
      for (const p of [aerin, gavin]) {
        const all = `${p.received.join('\n')}\n${await shown(p)}`;
        for (const salt of salts) expect(all).not.toContain(salt);
        const frameText = p.received.map((t) => t.replace(/window\.__gasLocation=[^;]*;/g, '')).join('\n');
        for (const key of keys) expect(frameText.includes(key), 'a key in an answer').toBe(false);
        await p.page.close();
      }
      await gm.close();
    },
    PLAY_TIMEOUT,
  );

  it('a wrong link shows that it is not valid, and nothing of the campaign', async () => {
    const wrong = await phone(`${playground.url}exec?k=${'0'.repeat(64)}`);
    const f = frameOf(wrong);
    await expect.poll(() => f.locator('#status').textContent()).toBe(NOT_VALID);
    expect(await f.locator('#content').isHidden()).toBe(true);
    const all = `${wrong.received.join('\n')}\n${await shown(wrong)}`;
    expect(all).not.toMatch(/Avanil|Ghoere|Ford|Knights/);
    await wrong.page.screenshot({ path: join(SHOTS, '6-wrong-link.png'), fullPage: true });
    await wrong.page.close();
  });
});
