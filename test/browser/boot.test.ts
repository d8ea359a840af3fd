// Battle… in the playground (Chromium): the sidebar opens with the campaign inside its page, so a battle from the
// menu to applied is two executions (the menu's and Apply) and the sidebar itself makes one google.script.run
// call; Reload makes one sidebarLoad. Names that would end a script or open a comment stay text. A campaign that
// cannot be read opens the sidebar with the sheet, the header and the fix, and a Retry; a call that gets no
// answer says so, with the one-account hint.
import { columnLetters } from '../../dev/gas';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { LOG_HEADERS } from '../../src/sheets/log-sheets';
import {
  campaign,
  COMMENT_NAME,
  HOSTILE_ARMY,
  HOSTILE_BATTLE,
  hostileCampaign,
  SCRIPT_NAME,
} from '../support';
import { browserSuite, clickBattle, keepToPlayground, RESULTS, VIEWPORT } from './harness';
import { rollToWinner } from './roll';
import { cellsOf } from '../support/columns';

const ROLE = `${columnLetters(UNIT_HEADERS.indexOf('Role') + 1)}1`;
/** The State cell of a Log entry. */
const stateCell = (row: number) => `${columnLetters(LOG_HEADERS.indexOf('State') + 1)}${row}`;

const suite = browserSuite('boot');
let plain: Playground;
let hostile: Playground;

beforeAll(async () => {
  [plain, hostile] = await Promise.all([
    suite.playground('plain', campaign(0)),
    suite.playground('hostile', hostileCampaign()),
  ]);
});

interface Opened {
  page: Page;
  /** Every script function the page ran on the server (each an execution), in order. */
  executions: string[];
  /** Every google.script.run call the sidebar made (the bridge's messages to the page), in order. */
  runs(): Promise<string[]>;
  dialogs: string[];
  errors: string[];
  /** The next sidebarLoad requests that get no answer (aborted on their way), and sidebarApply answers lost. */
  lose: { loads: number; applies: number };
}

async function openPage(playground: Playground): Promise<Opened> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  const o: Opened = {
    page,
    executions: [],
    runs: () => page.evaluate(() => [...((window as unknown as { runs?: string[] }).runs ?? [])]),
    dialogs: [],
    errors: [],
    lose: { loads: 0, applies: 0 },
  };
  page.on('dialog', (d) => {
    o.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => o.errors.push(String(e)));
  await keepToPlayground(page, playground, async (fn, route) => {
    if (fn === 'sidebarLoad' && o.lose.loads > 0) {
      o.lose.loads--;
      await route.abort('connectionfailed');
      return 'aborted';
    }
    if (fn === 'sidebarApply' && o.lose.applies > 0) {
      // The apply runs on the server; only its answer is lost on the way back.
      o.lose.applies--;
      o.executions.push(fn);
      await route.fetch();
      await route.abort('connectionfailed');
      return 'aborted';
    }
    o.executions.push(fn);
    return undefined;
  });
  await page.goto(playground.url);
  // The page carries each google.script.run call of the sidebar (a message from its frame): count them there.
  await page.evaluate(() => {
    const w = window as unknown as { runs: string[] };
    w.runs = [];
    window.addEventListener('message', (e) => {
      const data = e.data as { type?: string; fn?: string } | null;
      if (data?.type === 'gas-run' && data.fn) w.runs.push(data.fn);
    });
  });
  return o;
}

/** Warcard → Battle…; resolves when the sidebar's page has run (its app has drawn the battle picker). */
async function openSidebar(o: Opened): Promise<FrameLocator> {
  const frame = await clickBattle(o.page);
  await frame.locator('#battle-select option').first().waitFor({ state: 'attached' });
  return frame;
}

const RETRY = { name: 'Retry' } as const;

describe('Battle… opens the sidebar with the campaign inside', () => {
  it('goes from the menu to an applied battle in two executions: one sidebar call, whatever is ticked and typed', async () => {
    const o = await openPage(plain);
    const sidebar = await openSidebar(o);
    await expect
      .poll(() => sidebar.locator('.side-preview .bv').allTextContents())
      .toEqual(['BV 24', 'BV 32']);
    expect(o.executions).toEqual(['openBattleSidebar']);
    expect(await o.runs()).toEqual([]);

    // Ticks, a plan, a name, typed dice, a tie, a casualty ticked: no call. Both sides chosen: their set-up is
    // folded, and a click on a side's summary opens it.
    for (const i of [0, 1]) await sidebar.locator(`#side-${i}-details > summary`).click();
    await sidebar.locator('#side-0 details.circumstances > summary').click();
    const beaten = sidebar.locator('#side-0 label', { hasText: 'Has beaten this foe' }).locator('input');
    await beaten.check();
    await expect.poll(() => sidebar.locator('.side-preview.side-a .bv').textContent()).toBe('BV 25');
    await beaten.uncheck();
    await sidebar.locator('#side-0 select').first().selectOption('Full charge');
    await sidebar.locator('#side-0 select').first().selectOption('Normal attack');
    await sidebar.locator('#side-0').getByLabel('Side name').fill('Avanil host');
    await sidebar.locator('#side-0').getByLabel('Side name').fill('Avanil');
    await sidebar.locator('#roll label', { hasText: 'Type dice' }).locator('input').check();
    const dice = sidebar.locator('#roll input.die');
    await dice.nth(0).fill('40');
    await dice.nth(1).fill('32');
    await sidebar.locator('#use-dice-button').click();
    await expect.poll(() => sidebar.locator('ol.rolls li.tie').count()).toBe(1);
    await dice.nth(0).fill('90');
    await dice.nth(1).fill('10');
    await dice.nth(1).press('Enter');
    await expect.poll(() => sidebar.locator('.winner').textContent()).toMatch(/^Avanil wins by 72/);
    const route = sidebar.getByLabel('Routed: Anuire Guard');
    await route.check();
    await route.uncheck();
    expect(await o.runs()).toEqual([]);

    await sidebar.getByRole('button', { name: 'Apply to roster' }).click();
    await expect
      .poll(() => sidebar.locator('#message-apply').textContent())
      .toMatch(/logged on Log row 2\.$/);
    expect(await o.runs()).toEqual(['sidebarApply']);
    expect(o.executions).toEqual(['openBattleSidebar', 'sidebarApply']);

    // Put the campaign back for the next test: one more call, Undo.
    await sidebar.locator('#undo-button').click();
    await expect.poll(() => sidebar.locator('#message-log').textContent()).toMatch(/^Undid battle/);
    expect(o.dialogs).toEqual([]);
    expect(o.errors).toEqual([]);
    await o.page.close();
  });

  it('reloads with one sidebarLoad when a refusal offers it', async () => {
    const o = await openPage(plain);
    const sidebar = await openSidebar(o);
    await rollToWinner(sidebar);
    const other = plain.env.lockAs('another user');
    expect(other.tryLock(0)).toBe(true);
    await sidebar.getByRole('button', { name: 'Apply to roster' }).click();
    await expect
      .poll(() => sidebar.locator('#message-apply').textContent())
      .toMatch(/^Another user is changing the campaign right now/);
    other.releaseLock();
    await sidebar.locator('#message-apply').getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => sidebar.locator('#message-top').textContent())
      .toBe('Reloaded: the sidebar shows the campaign as it stands.');
    expect(await o.runs()).toEqual(['sidebarApply', 'sidebarLoad']);
    expect(o.executions).toEqual(['openBattleSidebar', 'sidebarApply', 'sidebarLoad']);
    await o.page.close();
  });

  it('keeps a unit, an army and a battle named like markup as text, and the page works', async () => {
    const o = await openPage(hostile);
    const sidebar = await openSidebar(o);
    await expect
      .poll(() => sidebar.getByRole('combobox', { name: 'Battle picker' }).inputValue())
      .toBe(HOSTILE_BATTLE);
    await expect.poll(() => sidebar.locator('.side-preview').count()).toBe(2);
    expect(await sidebar.locator('#side-1-title').textContent()).toBe(`${HOSTILE_ARMY}, defends`);
    // The page's elements are the built file's: no script or comment came from a name.
    const shape = (s: FrameLocator) =>
      s.locator('body').evaluate(() => {
        const comments = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
        let n = 0;
        while (comments.nextNode()) n++;
        return {
          scripts: document.scripts.length,
          comments: n,
          main: document.querySelectorAll('main').length,
        };
      });
    const p = await openPage(plain);
    expect(await shape(sidebar)).toEqual(await shape(await openSidebar(p)));
    await p.page.close();
    // It works: roll, and the result names the armies as text.
    await rollToWinner(sidebar);
    await expect.poll(() => sidebar.locator('.winner').textContent()).toMatch(/ wins by \d+/);
    // The casualty lists name the units as text.
    const shown = (await sidebar.locator('#result').textContent()) ?? '';
    expect(shown).toContain(SCRIPT_NAME);
    expect(shown).toContain(COMMENT_NAME);
    expect(await o.runs()).toEqual([]);
    expect(o.dialogs).toEqual([]);
    expect(o.errors).toEqual([]);
    await o.page.close();
  });

  it('opens on a deleted header with the sheet, the header and the fix; Retry says when Google gave no answer, and loads once restored', async () => {
    plain.env.workbook.put('Units', ROLE, [['']]);
    try {
      const o = await openPage(plain);
      const sidebar = await openSidebar(o);
      const top = sidebar.locator('#message-top');
      await expect
        .poll(() => top.locator('span').textContent())
        .toBe(
          'The Units sheet has no "Role" header in its header row (row 1): type it back above its column. If a column itself was deleted, Warcard → Set up campaign adds it back, empty. Press Retry once it is fixed.',
        );
      expect(await top.getAttribute('class')).toBe('message error');
      expect(o.executions).toEqual(['openBattleSidebar']);
      // Nothing is left saying it reads.
      expect(await sidebar.locator('#preview').textContent()).toBe(
        'No campaign to show: the message at the top says why.',
      );
      expect(await sidebar.locator('body').innerText()).not.toContain('Reading the campaign…');
      await o.page.locator('#sidebar').screenshot({ path: join(RESULTS, 'boot-load-refused.png') });

      // No answer from Google: said so, with the hint, and the sidebar is not left reading.
      o.lose.loads = 1;
      await top.getByRole('button', RETRY).click();
      await expect
        .poll(() => top.locator('span').textContent())
        .toMatch(
          /^Reading the campaign got no answer from Google \(.+\)\. If you are signed in to more than one Google account, use only one \(sign out of the others, or open the spreadsheet in a private window\): Apps Script sidebars fail with several\. Then press Retry\.$/,
        );
      expect(await o.runs()).toEqual(['sidebarLoad']);
      expect(await sidebar.locator('body').innerText()).not.toContain('Reading the campaign…');
      await o.page.locator('#sidebar').screenshot({ path: join(RESULTS, 'boot-load-no-answer.png') });

      // Still missing: the same message; restored: Retry loads, one call each.
      await top.getByRole('button', RETRY).click();
      await expect
        .poll(() => top.locator('span').textContent())
        .toMatch(/^The Units sheet has no "Role" header/);
      plain.env.workbook.put('Units', ROLE, [['Role']]);
      await top.getByRole('button', RETRY).click();
      await expect
        .poll(() => sidebar.locator('.side-preview .bv').allTextContents())
        .toEqual(['BV 24', 'BV 32']);
      expect(await o.runs()).toEqual(['sidebarLoad', 'sidebarLoad', 'sidebarLoad']);
      expect(o.executions).toEqual(['openBattleSidebar', 'sidebarLoad', 'sidebarLoad']);
      expect(await top.isHidden()).toBe(true);
      expect(o.errors).toEqual([]);
      await o.page.close();
    } finally {
      plain.env.workbook.put('Units', ROLE, [['Role']]);
    }
  });

  it('says at the top when opening put back a write a failure left unfinished', async () => {
    const units = () => plain.env.workbook.read('Units', cellsOf('Units', 'Unit', 1, 11, 'Status'));
    const before = units();
    const o = await openPage(plain);
    let sidebar = await openSidebar(o);
    await rollToWinner(sidebar);
    await sidebar.getByRole('button', { name: 'Apply to roster' }).click();
    const logged = /logged on Log row (\d+)\.$/;
    await expect.poll(() => sidebar.locator('#message-apply').textContent()).toMatch(logged);
    const row = Number(logged.exec((await sidebar.locator('#message-apply').textContent()) ?? '')?.[1]);
    expect(units()).not.toEqual(before);
    // As a failure between the Units writes and the State write leaves it.
    plain.env.workbook.put('Log', stateCell(row), [['Pending']]);
    await o.page.locator('#sidebar-close').click();
    await o.page.locator('#sidebar').waitFor({ state: 'hidden' });
    sidebar = await openSidebar(o);
    await expect
      .poll(() => sidebar.locator('#message-top').textContent())
      .toBe(`A battle left unfinished by a failure (Log row ${row}) was put back.`);
    expect(await sidebar.locator('#message-top').getAttribute('class')).toBe('message info');
    expect(units()).toEqual(before);
    expect(await o.runs()).toEqual(['sidebarApply']);
    expect(o.executions).toEqual(['openBattleSidebar', 'sidebarApply', 'openBattleSidebar']);
    await o.page.close();
  });

  it('says when Apply got no answer, with the one-account hint, and Apply again applies once', async () => {
    const o = await openPage(plain);
    const sidebar = await openSidebar(o);
    await rollToWinner(sidebar);
    /** Battle entries on the Log (earlier tests left theirs). */
    const battlesLogged = () => {
      const log = plain.env.workbook.read('Log', cellsOf('Log', 'When', 1, 200, 'Report'));
      const event = (log[0] ?? []).indexOf('Event');
      return log.filter((r) => r[event] === 'Battle').length;
    };
    const logged = battlesLogged();
    o.lose.applies = 1;
    const apply = sidebar.getByRole('button', { name: 'Apply to roster' });
    await apply.click();
    await expect
      .poll(() => sidebar.locator('#message-apply span').textContent())
      .toMatch(
        /^Applying got no answer from Google \(.+\)\. If you are signed in to more than one Google account, use only one \(sign out of the others, or open the spreadsheet in a private window\): Apps Script sidebars fail with several\. Press Apply to roster again: a battle is never applied twice\.$/,
      );
    expect(await apply.isEnabled()).toBe(true);
    await apply.click();
    // The first press was written; the second, with the same request id, writes nothing and says so.
    await expect
      .poll(() => sidebar.locator('#message-apply').textContent())
      .toMatch(/^This battle was applied already \(Log row \d+\)\.$/);
    expect(await o.runs()).toEqual(['sidebarApply', 'sidebarApply']);
    expect(o.executions).toEqual(['openBattleSidebar', 'sidebarApply', 'sidebarApply']);
    expect(battlesLogged()).toBe(logged + 1);
    await sidebar.locator('#undo-button').click();
    await expect.poll(() => sidebar.locator('#message-log').textContent()).toMatch(/^Undid battle/);
    expect(o.errors).toEqual([]);
    await o.page.close();
  });
});
