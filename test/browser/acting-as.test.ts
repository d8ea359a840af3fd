// The playground's "Acting as" switch, in Chromium: one person tries a table in one browser. As the GM the
// sidebar says so and offers every write; switched to Avanil's player, the open sidebar opens again for her (no
// line of the GM's left in view), says who she is and offers only what is hers; switched back, the GM's again.
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../dev/playground/server';
import { AVANIL, campaign } from '../support';
import { browserSuite, clickBattle, keepToPlayground, VIEWPORT } from './harness';
import { rollToWinner } from './roll';
import { rowOf } from '../support/columns';

const GM = 'owner@example.com'; // the playground's spreadsheet owner

const suite = browserSuite('acting-as');
let playground: Playground;

beforeAll(async () => {
  playground = await suite.playground('table', {
    ...campaign(0),
    Players: [
      ['Player', 'Role', 'Armies'],
      [GM, 'GM', ''],
      [AVANIL, 'Player', 'Avanil'],
    ],
  });
});

/** Acting as this person, once the playground has answered the switch. */
async function actAs(page: Page, email: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/act') && r.ok()),
    page.locator('#acting-as').selectOption(email),
  ]);
  expect(playground.env.workbook.people.active).toBe(email);
}

/** Who the sidebar says you are, once it names this person. */
async function youAre(sidebar: FrameLocator, email: string): Promise<string> {
  const you = sidebar.locator('#you');
  await expect.poll(() => you.textContent()).toMatch(new RegExp(`^You: ${email.replace(/\./g, '\\.')},`));
  return (await you.textContent()) ?? '';
}

describe('Acting as', () => {
  it('switches between the GM and a player: the open sidebar opens again for each, saying who you are', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    page.setDefaultTimeout(180_000);
    await keepToPlayground(page, playground);
    await page.goto(playground.url);
    await expect.poll(() => page.locator('#acting-as').inputValue()).toBe(GM);

    const sidebar = await clickBattle(page);
    expect(await youAre(sidebar, GM)).toBe(`You: ${GM}, GM.`);
    const apply = sidebar.locator('#apply-button');
    const newRound = sidebar.locator('#new-round-button');
    await expect
      .poll(() => sidebar.getByRole('combobox', { name: 'Battle picker' }).inputValue())
      .toBe('Ford of Avanil');
    await rollToWinner(sidebar);
    await expect.poll(() => apply.isVisible()).toBe(true);
    expect(await apply.isEnabled()).toBe(true);
    expect(await newRound.isEnabled()).toBe(true);

    // Avanil's player: the open sidebar opens again for her, with nothing of the GM's left in view. It says who
    // she is, and offers only what is hers, saying why the rest is not.
    await actAs(page, AVANIL);
    expect(await youAre(sidebar, AVANIL)).toBe(`You: ${AVANIL}, Player: Avanil.`);
    expect(await sidebar.locator('body').innerText()).not.toContain(`You: ${GM}`);
    await expect.poll(() => newRound.isDisabled()).toBe(true);
    expect(await newRound.getAttribute('title')).toBe(
      `Not yours: a GM (${GM}) does it, as it changes the units of realms not yours.`,
    );
    expect(playground.env.workbook.read('Log', rowOf('Log', 2))[0]?.join('') ?? '').toBe('');

    // The GM again: the sidebar opens again for the GM, every write offered.
    await actAs(page, GM);
    expect(await youAre(sidebar, GM)).toBe(`You: ${GM}, GM.`);
    expect(await sidebar.locator('body').innerText()).not.toContain(`You: ${AVANIL}`);
    await expect.poll(() => sidebar.locator('#new-round-button').isEnabled()).toBe(true);
    await page.close();
  });
});
