// Rolling in the sidebar until a side wins: a roll can tie (about 1 in 100 on the test campaigns), and then the
// sidebar offers "Roll again" instead of a result, so a test that needs a result rolls until it has one.
import type { FrameLocator } from 'playwright-core';
import { expect } from 'vitest';

export async function rollToWinner(sidebar: FrameLocator): Promise<void> {
  const roll = sidebar.locator('#roll-button');
  const winner = sidebar.locator('.winner');
  const ties = sidebar.locator('ol.rolls li.tie');
  for (let tries = 0; tries < 10; tries++) {
    const tiesBefore = await ties.count();
    await roll.click();
    await expect.poll(async () => (await winner.count()) > 0 || (await ties.count()) > tiesBefore).toBe(true);
    if ((await winner.count()) > 0) return;
  }
  throw new Error('ten ties in a row: the dice are not random');
}
