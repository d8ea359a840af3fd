// A sealed battle played at a table in Chromium, with the playground's "Acting as" switch: Avanil's player seals
// Encircle, Ghoere's player seals Trap, the GM reveals and rolls, and applies; then, with Settings Dice = Logged,
// the same on a second battle, where the GM's Roll is the server's logged roll (which reveals first), with no
// typed dice and no Clear dice. Before the reveal, no page and no answer to the other player or the GM carries
// a sealed plan's word: each page's HTML (its code, its dropdowns' options and the advisor, which list every plan,
// taken out), the load's answer in the sidebar's page, each call's answer and the grid's cells are scanned. Each
// step's sidebar is kept as a 300×700 screenshot.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { BATTLE_HEADERS } from '../../src/contract/columns';
import { battleRow, campaign } from '../support/campaign-sheets';
import { browserSuite, clickBattle, keepToPlayground, VIEWPORT } from './harness';
import { rollToWinner } from './roll';
import { GM } from '../support';
import { columnOf } from '../support/columns';

const ANA = 'ana@example.com'; // Avanil's player: side A
const BOB = 'bob@example.com'; // Ghoere's player: side B
/** The plans sealed: no cell of the campaign holds either word before the reveal. */
const PLAN_A = 'Encircle';
const PLAN_B = 'Trap';
/** The second battle's: Encircle and Trap are on the sheet once the first is revealed. */
const LOGGED_A = 'Withdraw';
const LOGGED_B = 'Full charge';
const FORD = 'Ford of Avanil';
const RETURN = 'Return to the ford';
/** Where the screenshots go: look at them after a run. */
const SHOTS = join(tmpdir(), 'warcard-sealed-shots');

/** A whole battle by three people, each step waiting on what the page shows: minutes on a loaded machine. */
const PLAY_TIMEOUT = 600_000;

const suite = browserSuite('sealed');
let playground: Playground;

beforeAll(async () => {
  const tables = campaign();
  playground = await suite.playground('sealed', {
    ...tables,
    Battles: [
      [...BATTLE_HEADERS],
      battleRow(FORD, 'Avanil', 'Avanil', { 'Home Realm': true }),
      battleRow(FORD, 'Ghoere', 'Ghoere', { Defender: true, 'River Crossed': true }),
      battleRow(RETURN, 'Avanil', 'Avanil'),
      battleRow(RETURN, 'Ghoere', 'Ghoere', { Defender: true }),
    ],
    Players: [
      ['Player', 'Role', 'Armies'],
      [GM, 'GM', ''],
      [ANA, 'Player', 'Avanil'],
      [BOB, 'Player', 'Ghoere'],
    ],
  });
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
});

/** What each person's page was sent: the sidebar's load answers, each call's answer, the grids' cells. */
interface Table {
  page: Page;
  /** Every answer's text, by the person the page acted as when it came. */
  sent: Map<string, string[]>;
  acting: string;
  /** Each Apps Script execution the page made (a menu click or a google.script.run call), as `who: name`. */
  executions: string[];
}

const LOAD_ANSWER = /<script type="application\/json" id="load-answer">([\s\S]*?)<\/script>/;

/** An answer of the playground as a person's page receives it, less what lists every plan (code, dropdowns). */
function carried(body: string): string {
  const answer = JSON.parse(body) as {
    result?: unknown;
    state?: { sidebar?: { content?: string } | null };
    grid?: { cells?: Record<string, { d?: string; f?: string }> };
  };
  const cells = Object.values(answer.grid?.cells ?? {}).map((c) => [c.d, c.f]);
  const sidebar = answer.state?.sidebar?.content ?? '';
  return JSON.stringify([answer.result ?? null, LOAD_ANSWER.exec(sidebar)?.[1] ?? '', cells]);
}

async function openTable(): Promise<Table> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(180_000);
  const table: Table = { page, sent: new Map(), acting: '', executions: [] };
  await keepToPlayground(page, playground, (fn) => {
    table.executions.push(`${table.acting.split('@')[0]}: ${fn}`);
    return undefined;
  });
  page.on('response', (r: Response) => {
    if (!r.url().includes('/api/')) return;
    const who = table.acting;
    void r
      .text()
      .then((body) => {
        const list = table.sent.get(who) ?? [];
        list.push(carried(body));
        table.sent.set(who, list);
      })
      .catch(() => undefined);
  });
  await page.goto(playground.url);
  return table;
}

/** Acts as `email` ("Acting as"), then opens Warcard → Battle… and waits for the battle's preview. */
async function actAs(table: Table, email: string, battle: string): Promise<FrameLocator> {
  const { page } = table;
  await page.locator('#menus .menu button', { hasText: 'Warcard' }).waitFor();
  const answered = page.waitForResponse((r) => r.url().includes('/api/act'));
  await page.locator('#acting-as').selectOption(email);
  await answered;
  table.acting = email;
  const sidebar = await clickBattle(page);
  await sidebar.locator('.side-preview').first().waitFor();
  await expect.poll(() => sidebar.locator('#you').textContent()).toContain(email);
  const picker = sidebar.getByRole('combobox', { name: 'Battle picker' });
  if (!(await picker.locator('option:checked').textContent())?.startsWith(battle)) {
    const label = await picker
      .locator('option')
      .evaluateAll((os, b) => os.map((o) => o.textContent ?? '').find((t) => t.startsWith(b)), battle);
    await picker.selectOption({ label: label ?? battle });
  }
  await expect.poll(() => picker.locator('option:checked').textContent()).toMatch(new RegExp(`^${battle}`));
  return sidebar;
}

/**
 * The sidebar's page as HTML, less what lists every plan whoever looks (its code, the dropdowns' options, the
 * advisor's table of every pair of plans), and the load's answer it came with, in full.
 */
const sidebarHtml = (sidebar: FrameLocator): Promise<string> =>
  sidebar.locator('html').evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    const answer = copy.querySelector('#load-answer')?.textContent ?? '';
    for (const e of copy.querySelectorAll('script, option, #advisor')) e.remove();
    return `${answer}\n${copy.outerHTML}`;
  });

/** The playground's page (the grid, its tabs and menus) as HTML, less the dropdowns' options and the sidebar. */
const gridHtml = (page: Page): Promise<string> =>
  page.locator('html').evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const e of copy.querySelectorAll('script, option, iframe')) e.remove();
    return copy.outerHTML;
  });

/**
 * Everything this person was sent so far, and the page shown now (when `sidebar` is theirs), holds none of
 * `words`.
 */
async function carriesNone(
  table: Table,
  sidebar: FrameLocator | null,
  who: string,
  words: readonly string[],
) {
  const sent = (table.sent.get(who) ?? []).join('\n');
  const shown = sidebar ? `${await sidebarHtml(sidebar)}\n${await gridHtml(table.page)}` : '';
  for (const word of words) {
    expect(sent.includes(word), `an answer to ${who} carries ${word}`).toBe(false);
    expect(shown.includes(word), `the page shown to ${who} carries ${word}`).toBe(false);
  }
  expect(sent.length, `${who}'s answers were recorded`).toBeGreaterThan(0);
}

async function shot(table: Table, sidebar: FrameLocator, name: string, selector: string) {
  await sidebar.locator(selector).first().scrollIntoViewIfNeeded();
  await table.page.locator('#sidebar-frame').screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Picks `plan` for side `side` and presses Seal plan; waits for the answer's message. */
async function sealAs(sidebar: FrameLocator, side: 0 | 1, plan: string) {
  const details = sidebar.locator(`#side-${side}-details`);
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.locator(':scope > summary').click();
  await sidebar.locator(`#side-${side} select[data-focus="plan-${side}"]`).selectOption(plan);
  const panel = sidebar.locator(`#side-${side} .seal-panel`);
  await expect.poll(() => panel.locator('.note').textContent()).toContain(`keeps ${plan}`);
  await panel.getByRole('button', { name: 'Seal plan' }).click();
  await expect
    .poll(() => sidebar.locator(`#message-side-${side}`).textContent())
    .toMatch(new RegExp(`plan is sealed \\(#[0-9a-f]{12}\\): ${plan}`));
  await expect
    .poll(() => panel.locator('.seal-status').textContent())
    .toContain(`Battle plan sealed: ${plan}`);
}

/** The other side's seal as this person sees it: Sealed, no plan field, and no Seal button. */
async function seesSealed(sidebar: FrameLocator, side: 0 | 1) {
  const panel = sidebar.locator(`#side-${side} .seal-panel`);
  await expect.poll(() => panel.locator('.seal-status').textContent()).toMatch(/^Battle plan: Sealed \(/);
  expect(await sidebar.locator(`#side-${side} select[data-focus="plan-${side}"]`).isVisible()).toBe(false);
  expect(await panel.locator('button:not([hidden])').count()).toBe(0);
}

describe('a sealed battle at a table', () => {
  it(
    'seals, seals, reveals, rolls and applies, with no plan word reaching the other player or the GM first',
    async () => {
      const table = await openTable();
      // Avanil's player seals Encircle: their answer shows it, the preview waits for the reveal.
      let sidebar = await actAs(table, ANA, FORD);
      expect(await sidebar.locator('#side-1 .seal-panel').isVisible()).toBe(false); // not Ghoere's to seal
      await sealAs(sidebar, 0, PLAN_A);
      expect(await sidebar.locator('#status').textContent()).toBe(
        'Plans sealed: the result waits for the reveal.',
      );
      await shot(table, sidebar, '1-ana-sealed', '#side-0 .seal-panel');
      // The scans below can find a plan: Avanil's player's own answers and page carry it.
      expect((table.sent.get(ANA) ?? []).join('\n')).toContain(PLAN_A);
      expect(await sidebarHtml(sidebar)).toContain(`Battle plan sealed: ${PLAN_A}`);

      // Ghoere's player: Avanil's plan shown as sealed, never its word; the advisor gives Ghoere's chance against
      // each plan Avanil may have sealed; then seals Trap.
      sidebar = await actAs(table, BOB, FORD);
      await seesSealed(sidebar, 0);
      await carriesNone(table, sidebar, BOB, [PLAN_A]);
      const advice = sidebar.locator('.sealed-advice');
      await expect.poll(() => advice.locator('.callout').textContent()).toContain('Avanil’s plan is sealed.');
      expect(await advice.locator('ul.against-each li').count()).toBe(7);
      expect(await sidebar.locator('#preview .chances').first().isVisible()).toBe(false);
      expect(await sidebar.locator('.sealed-note').textContent()).toContain(
        'Avanil’s plan counts as No plan below',
      );
      await sidebar.locator('#side-0-details > summary').click();
      await sidebar.locator('#side-0 .seal-panel').waitFor();
      await shot(table, sidebar, '2-bob-sees-sealed', '#side-0 .seal-panel');
      await shot(table, sidebar, '3-bob-advisor', '.sealed-advice');
      await sealAs(sidebar, 1, PLAN_B);
      await carriesNone(table, sidebar, BOB, [PLAN_A]);
      expect(await sidebar.locator('#roll-button').isVisible()).toBe(false); // Sidebar dice: rolled after the reveal
      await shot(table, sidebar, '4-bob-sealed', '#side-1 .seal-panel');

      // Avanil's player again: her plan, and Ghoere's as Sealed with no word of it.
      sidebar = await actAs(table, ANA, FORD);
      await seesSealed(sidebar, 1);
      await carriesNone(table, sidebar, ANA, [PLAN_B]);
      await expect.poll(() => sidebar.locator('#side-0 .seal-status').textContent()).toContain(PLAN_A);

      // The GM: both sealed, neither word; Reveal plans (no roll), then the dice are rolled here and applied.
      sidebar = await actAs(table, GM, FORD);
      await seesSealed(sidebar, 0);
      await seesSealed(sidebar, 1);
      await carriesNone(table, sidebar, GM, [PLAN_A, PLAN_B]);
      expect(await sidebar.locator('#roll-button').isVisible()).toBe(false);
      await shot(table, sidebar, '5-gm-before-reveal', '.sealed-dice');
      await sidebar.getByRole('button', { name: 'Reveal plans' }).click();
      await expect
        .poll(() => sidebar.locator('#message-roll').textContent())
        .toMatch(new RegExp(`^Plans revealed: Avanil ${PLAN_A} \\(#[0-9a-f]{12}\\), Ghoere ${PLAN_B} \\(#`));
      await expect
        .poll(() => sidebar.locator(`#side-0 select[data-focus="plan-0"]`).inputValue())
        .toBe(PLAN_A);
      expect(await sidebar.locator(`#side-1 select[data-focus="plan-1"]`).inputValue()).toBe(PLAN_B);
      expect(await sidebar.locator('.sealed-dice').count()).toBe(0); // Sidebar dice: the section as always
      await shot(table, sidebar, '6-gm-revealed', '#roll');
      await rollToWinner(sidebar);
      await sidebar.locator('#apply-button').click();
      await expect.poll(() => sidebar.locator('#message-apply').getAttribute('class')).toContain('ok');
      const report = sidebar.locator('#applied-report textarea');
      await expect
        .poll(() => report.inputValue())
        .toMatch(/Plan sealed by ana@example\.com, .* revealed at the roll: Encircle/);
      expect(await report.inputValue()).toMatch(
        /Plan sealed by bob@example\.com, .* revealed at the roll: Trap/,
      );
      await shot(table, sidebar, '7-gm-applied', '#applied-report');
      // What the battle cost: each Battle… and each press one execution, as npm run bench counts them.
      expect(table.executions).toEqual([
        'ana: openBattleSidebar',
        'ana: sidebarSeal',
        'bob: openBattleSidebar',
        'bob: sidebarSeal',
        'ana: openBattleSidebar',
        'gm: openBattleSidebar',
        'gm: sidebarReveal',
        'gm: sidebarApply',
      ]);
      await table.page.close();
    },
    PLAY_TIMEOUT,
  );

  it(
    'with Logged dice: the GM’s Roll is the server’s, it reveals first, and rolling again is a new logged roll',
    async () => {
      playground.env.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
      const table = await openTable();
      let sidebar = await actAs(table, ANA, RETURN);
      await sealAs(sidebar, 0, LOGGED_A);
      // A player of one side may not roll: the logged roll writes both sides' rows.
      expect(await sidebar.locator('#roll-button').isVisible()).toBe(false);
      await expect
        .poll(() => sidebar.locator('.sealed-dice').textContent())
        .toContain('The logged roll: Not yours');
      sidebar = await actAs(table, BOB, RETURN);
      await seesSealed(sidebar, 0);
      await sealAs(sidebar, 1, LOGGED_B);
      await carriesNone(table, sidebar, BOB, [LOGGED_A]);

      sidebar = await actAs(table, GM, RETURN);
      await carriesNone(table, sidebar, GM, [LOGGED_A, LOGGED_B]);
      // No typed dice, no Clear dice: only the server rolls.
      expect(await sidebar.locator('#roll input[type=radio]').count()).toBe(0);
      expect(await sidebar.getByRole('button', { name: 'Clear dice' }).count()).toBe(0);
      await shot(table, sidebar, '8-gm-logged-before-roll', '.sealed-dice');
      await sidebar.locator('#roll-button').click();
      await expect
        .poll(() => sidebar.locator('#message-roll').textContent())
        .toMatch(new RegExp(`^Plans revealed: Avanil ${LOGGED_A} .*Rolled Avanil \\d+, Ghoere \\d+`));
      await expect.poll(() => sidebar.locator('.winner').count()).toBe(1);
      const first = await sidebar.locator('.sealed-dice ol.rolls').textContent();
      await shot(table, sidebar, '9-gm-logged-rolled', '.sealed-dice');
      // Rolling again is a new logged roll: the Log gets a second Roll entry.
      await sidebar.getByRole('button', { name: 'Roll again (a new logged roll)' }).click();
      await expect.poll(() => sidebar.locator('#message-roll').textContent()).toMatch(/^Rolled Avanil \d+/);
      const rolls = playground.env.workbook
        .read('Log', `A1:${columnOf('Log', 'Battle')}`)
        .filter((r) => r[2] === 'Roll' && r[3] === RETURN);
      expect(rolls).toHaveLength(2);
      expect(first).not.toBe(null);
      expect(await sidebar.getByRole('button', { name: 'Clear dice' }).count()).toBe(0);
      await sidebar.locator('#apply-button').click();
      await expect.poll(() => sidebar.locator('#message-apply').getAttribute('class')).toContain('ok');
      await expect
        .poll(() => sidebar.locator('#applied-report textarea').inputValue())
        .toContain('revealed at the roll: Withdraw');
      await shot(table, sidebar, '10-gm-logged-applied', '#applied-report');
      expect(table.executions).toEqual([
        'ana: openBattleSidebar',
        'ana: sidebarSeal',
        'bob: openBattleSidebar',
        'bob: sidebarSeal',
        'gm: openBattleSidebar',
        'gm: sidebarRoll',
        'gm: sidebarRoll', // rolled again: a new logged roll
        'gm: sidebarApply',
      ]);
      await table.page.close();
    },
    PLAY_TIMEOUT,
  );
});
