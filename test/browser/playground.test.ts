// The `npm start` playground in Chromium: the real start script serving dist/Code.js in the emulation.
// Needs `npm run build` first (npm test does it) and Debian's chromium (CI installs it).
import { CHROMIUM, launchChromium } from '../chromium';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnLetters, DIST, loadWorkbook, readCode, ROOT } from '../../dev/gas';
import { cellOf, tableOf } from '../support/columns';

const RESULTS = join(ROOT, 'test-results');

let dir: string;
let dataFile: string;
let server: ChildProcess | undefined;
let url: string;
let browser: Browser;
let page: Page;
const external: string[] = [];
const pageErrors: string[] = [];

/** google.script as the bridge (dev/playground/bridge.ts) gives it to a dialog: the calls this test makes. */
interface ScriptRunner {
  withSuccessHandler(f: (result: unknown, user: unknown) => void): ScriptRunner;
  withFailureHandler(f: (error: Error) => void): ScriptRunner;
  withUserObject(o: unknown): ScriptRunner;
  sidebarLoad(): void;
  sidebarPreview(when: Date): void;
  TACTICS(...args: string[]): void;
}
interface BridgedWindow {
  google: { script: { run: ScriptRunner; host: { close(): void } } };
}

/** Starts `node scripts/start.mjs --no-build` on a free port; resolves with its URL. */
function startServer(): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build', '--data', dataFile], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The playground did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Warcard playground: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      const started = m?.[1];
      if (started !== undefined) {
        clearTimeout(timer);
        resolve(started);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The playground exited (${code}):\n${output}`));
    });
  });
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Until Code.js can set up the sample campaign itself, the test seeds a small one through the emulation: a Units
 * table valued by UNITVALUE and a Battles table valued by BATTLES, with checkboxes.
 */
function seedWorkbook(): void {
  const { workbook } = loadWorkbook();
  workbook.put('Units', 'A1', [
    ['Unit', 'Army', 'Role', 'Morale', 'Hits', 'Melee', 'Defense'],
    ['Guards', 'Avanil', 'Melee', 2, 2, 3, 3],
    ['Knights', 'Avanil', 'Mounted', 3, 3, 4, 4],
    ['Levy', 'Ghoere', 'Melee', 1, 2, 2, 1],
    ['Archers', 'Ghoere', 'Missile', 2, 2, 1, 2],
  ]);
  workbook.put('Units', cellOf('Units', 'Value', 1), [
    [`=UNITVALUE(${tableOf('Units', { from: 'Units' })})`],
  ]);
  const head = ['Battle', 'Side', 'Armies', 'Home Realm', 'Plan', 'Roll'];
  workbook.put('Battles', 'A1', [
    head,
    ['Ford', 'Avanil', 'Avanil', false, '', ''],
    ['Ford', 'Ghoere', 'Ghoere', false, '', ''],
  ]);
  const battles = workbook.sheetOrThrow('Battles');
  const checkbox = { criteria: 'CHECKBOX' as const, values: [], allowInvalid: true, helpText: null };
  workbook.setMeta(battles, { row: 2, col: 4, numRows: 2, numCols: 1 }, 'validation', checkbox);
  battles.frozenRows = 1;
  // BATTLES right of the table's columns, reading them.
  const last = columnLetters(head.length);
  workbook.put('Battles', `${columnLetters(head.length + 1)}1`, [
    [`=BATTLES(A1:${last}, ${tableOf('Units')})`],
  ]);
  writeFileSync(dataFile, JSON.stringify(workbook.snapshot()));
}

async function openSheet(name: string): Promise<void> {
  await page.click(`#tabs button[data-sheet="${name}"]`);
  await page.waitForSelector(`#tabs button.active[data-sheet="${name}"]`);
  await page.waitForFunction(() => document.querySelector('td[data-a1="A1"]') !== null);
}

/** The column (1-based) whose header (row 1) reads `header`, or 0. */
async function columnOf(header: string): Promise<number> {
  return page.evaluate((h) => {
    const cells = [...document.querySelectorAll<HTMLTableCellElement>('td[data-r="1"]')];
    const found = cells.find((td) => td.textContent?.trim() === h);
    return found ? Number(found.dataset.c) : 0;
  }, header);
}

const text = (row: number, col: number) =>
  page.locator(`td[data-r="${row}"][data-c="${col}"]`).innerText({ timeout: 30_000 });

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install it with \`apt-get update && apt-get install -y chromium\``,
    );
  }
  const code = readCode(join(DIST, 'Code.js')); // built by `npm run build`
  dir = mkdtempSync(join(tmpdir(), 'warcard-playground-'));
  dataFile = join(dir, 'workbook.json');
  const hasSample = /^function setUpSampleCampaign\(/m.test(code);
  if (!hasSample) seedWorkbook(); // else: no file, so the playground creates the sample campaign
  url = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !/^(data|about|blob):/.test(r.url())) external.push(r.url());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('td[data-a1="A1"]');
});

afterAll(async () => {
  await browser?.close();
  await stopServer();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the playground', () => {
  it('shows the computed unit values of the Units sheet', async () => {
    await openSheet('Units');
    const col = await columnOf('Value');
    expect(col, 'a Value column (UNITSTATS) on Units').toBeGreaterThan(0);
    const value = await text(2, col);
    expect(value).toMatch(/^\d+$/);
    expect(await page.locator(`td[data-r="1"][data-c="${col}"]`).getAttribute('class')).not.toContain('e');
    // The formula bar shows the formula of the cell clicked.
    await page.click(`td[data-r="1"][data-c="${col}"]`);
    await expect.poll(() => page.inputValue('#formula')).toMatch(/^=UNITSTATS\(A1:V\)$/);
  });

  it('ticks a checkbox on Battles and shows the battle value change, then keeps it across a restart', async () => {
    await openSheet('Battles');
    const valueCol = await columnOf('Battle Value');
    const boxCol = await columnOf('Home Realm');
    expect(valueCol, 'the BATTLES block on Battles').toBeGreaterThan(0);
    expect(boxCol, 'a Home Realm checkbox column').toBeGreaterThan(0);
    const before = await text(2, valueCol);
    expect(before).toMatch(/^\d+$/);
    const box = page.locator(`td[data-r="2"][data-c="${boxCol}"] input[type=checkbox]`);
    const wasChecked = await box.isChecked();
    await box.click();
    await expect.poll(() => text(2, valueCol), { timeout: 60_000 }).not.toBe(before);
    const after = await text(2, valueCol);
    expect(await box.isChecked()).toBe(!wasChecked);
    mkdirSync(RESULTS, { recursive: true });
    await page.click(`td[data-r="2"][data-c="${valueCol}"]`); // in view, and its formula bar
    await page.screenshot({ path: join(RESULTS, 'playground.png') });

    // Saved on change: a restart shows the same campaign.
    const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
    expect(saved.format).toBe('warcard-gas-workbook/1');
    await stopServer();
    url = await startServer();
    await page.goto(url);
    await page.waitForSelector('td[data-a1="A1"]');
    await openSheet('Battles');
    expect(await text(2, valueCol)).toBe(after);
  });

  it('runs a Warcard menu item and carries google.script.run from its dialog to Code.js', async () => {
    const menu = page.locator('#menus .menu > button', { hasText: 'Warcard' });
    await menu.click();
    const item = page.locator('#menus li[data-fn="showFormulaReference"]');
    expect(await item.count(), 'the Formula reference item of the Warcard menu').toBe(1);
    await item.click();
    await page.waitForSelector('#dialog-backdrop:not([hidden])');
    const frame = page.frameLocator('#dialog-frame');
    await expect.poll(() => frame.locator('body').innerText()).toMatch(/UNITVALUE/);
    const dialogFrame = page.frame({ url: 'about:srcdoc' });
    if (!dialogFrame) throw new Error('The dialog opened no frame (about:srcdoc)');
    const outcome = await dialogFrame.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const run = (window as unknown as BridgedWindow).google.script.run;
          run
            .withSuccessHandler((result: unknown, user: unknown) => {
              run
                .withFailureHandler((error: Error) => {
                  // A custom function is no function of the page's: the server answers "not found".
                  run
                    .withFailureHandler((notFound: Error) =>
                      resolve({ result, user, refused: error.message, notFound: notFound.message }),
                    )
                    .TACTICS('Full charge', 'Hold');
                })
                .sidebarPreview(new Date());
            })
            .withUserObject('me')
            .sidebarLoad();
        }),
    );
    expect(outcome).toMatchObject({
      result: { ok: true },
      user: 'me',
      refused: expect.stringMatching(/is a Date: google\.script\.run carries only/),
      notFound: 'Script function not found: TACTICS',
    });
    await dialogFrame.evaluate(() => (window as unknown as BridgedWindow).google.script.host.close());
    await page.waitForSelector('#dialog-backdrop', { state: 'hidden' });
  });

  it('fetched nothing from outside and raised no page error', () => {
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
