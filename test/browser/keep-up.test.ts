// Typing that outruns the server, in Chromium: 200 cells typed at 20 a second (each its number and Enter, down
// column A) while every answer of the playground waits 1 s (`npm start -- --slow 1000`), then the tab closed at
// once. The page sends the cells typed since its last answer in one request; while edits wait, leaving asks first,
// and a page closed all the same sends whatever was typed and not sent in one last request that outlives it. The
// workbook must then hold all 200, written in the order typed. The test waits on the workbook, never on time;
// only the typing has a pace. Requests are watched, never intercepted: Playwright's routing holds each request
// until its handler continues it, and a page closed first drops the request it held, which a real tab never does.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Box, SheetModel } from '../../dev/gas';
import { browserSuite, VIEWPORT } from './harness';

const suite = browserSuite('keep-up');

const CELLS = 200;
/** 20 cells a second. */
const PACE_MS = 50;
/** Each answer waits this long, as `--slow 1000`. */
const SLOW_MS = 1000;

/**
 * Whether the page's beforeunload handler would have the browser ask before leaving (the event cancelled): the
 * handler itself, as Chromium headless shows no dialog for it.
 */
const leavingAsks = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    dispatchEvent(event);
    return event.defaultPrevented;
  });

describe('typing faster than the answers come', () => {
  it('keeps 200 of 200 cells, in the order typed, with the tab closed at once', {
    timeout: 360_000,
  }, async () => {
    let editRequests = 0;
    const playground = await suite.playground('keep-up', 'empty', {
      hold: (action) => {
        if (action === 'edit') editRequests++;
        return new Promise((done) => setTimeout(done, SLOW_MS));
      },
    });
    // Every cell the server writes on Sheet1, in the order written.
    const wb = playground.env.workbook;
    const written: string[] = [];
    const write = wb.write.bind(wb);
    wb.write = (model: SheetModel, box: Box, values: unknown[][]) => {
      if (model.name === 'Sheet1') written.push(`${wb.cellA1(box.row, box.col)}=${String(values[0]?.[0])}`);
      write(model, box, values);
    };

    // The tab closes; the browser (its context) stays open, as a person's does, until the cells are in.
    const context = await suite.browser.newContext({ viewport: VIEWPORT });
    const outside: string[] = [];
    context.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(playground.url) && !url.startsWith('about:') && !url.startsWith('data:'))
        outside.push(url);
    });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.goto(playground.url);
    await page.locator('td[data-r="2"][data-c="1"]').click();
    await expect.poll(() => page.locator('#status').innerText()).toBe('Saved');
    expect(await leavingAsks(page)).toBe(false);

    const typed = Array.from({ length: CELLS }, (_, i) => `A${i + 2}=${i + 1}`);
    const started = Date.now();
    for (let i = 1; i <= CELLS; i++) {
      await page.keyboard.type(String(i));
      await page.keyboard.press('Enter');
      if (i === CELLS / 2) {
        // Halfway: edits wait, the page says how many, and leaving now would be asked first.
        expect(await page.locator('#status').innerText()).toMatch(/^\d+ edits? waiting$/);
        expect(await leavingAsks(page)).toBe(true);
      }
      await page.waitForTimeout(PACE_MS);
    }
    const typingSeconds = (Date.now() - started) / 1000;

    // Closed at once, edits still waiting (the last ones typed not even sent).
    expect(await page.locator('#status').innerText()).toMatch(/^\d+ edits? waiting$/);
    await page.close();

    await expect.poll(() => written.length, { timeout: 180_000 }).toBeGreaterThanOrEqual(CELLS);
    expect(written).toEqual(typed);
    expect(outside).toEqual([]);
    await context.close();
    const sheet1 = wb.sheetOrThrow('Sheet1');
    const held = wb.values(sheet1, { row: 2, col: 1, numRows: CELLS, numCols: 1 }).map(([v]) => String(v));
    expect(held).toEqual(typed.map((t) => t.split('=')[1]));
    // One request per answer waited on, never one per cell: each takes SLOW_MS at least.
    expect(editRequests).toBeLessThanOrEqual(Math.ceil((typingSeconds * 1000) / SLOW_MS) + 2);
    console.log(
      `keep-up: ${written.length} of ${CELLS} cells kept in order; typed in ${typingSeconds.toFixed(1)} s ` +
        `in ${editRequests} edit requests`,
    );
  });
});
