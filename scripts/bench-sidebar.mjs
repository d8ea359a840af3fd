// The battle sidebar in Chromium at Google's sidebar size (300×700), timed to the next painted frame: the
// playground's sample battle, and 2,000 units against 2,000. Each figure is the time from the user's action
// (dispatched inside the page) to the frame after it is painted (requestAnimationFrame, then a task: the paint
// of that frame is done). With WARCARD_SHOTS=dir it also saves 300×700 screenshots of each step there.
// Run by `npm run bench` (scripts/bench.mjs), or alone: node scripts/bench-sidebar.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { importTs, median, report, root } from './bench/_lib.mjs';

export const title = 'Battle sidebar in Chromium at 300×700 (to the next painted frame)';

const RUNS = 5;
const HOST_UNITS = 2000;
const BIG = 'Clash of hosts';

/** 2,000 units a side in four types, and the battle of the two hosts, added to the sample campaign. */
function addHosts(workbook, fixture, BATTLE_HEADERS) {
  const units = workbook.read('Units', 'A1:A20000').filter((r) => r[0] !== '' && r[0] !== null).length;
  const kinds = [
    ['Infantry', 'Melee', [1, 3, 0, 3, 0, 2, 2]],
    ['Archers', 'Missile', [2, 2, 4, 2, 0, 2, 2]],
    ['Cavalry', 'Mounted', [3, 3, 1, 3, 5, 2, 2]],
    ['Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2]],
  ];
  const rows = [];
  for (const host of ['North', 'South'])
    for (let i = 0; i < HOST_UNITS; i++) {
      const [type, role, card] = kinds[i % kinds.length];
      rows.push(fixture.unitRow(`${host} ${type} ${i + 1}`, `Host of the ${host}`, type, role, [...card]));
    }
  workbook.put('Units', `A${units + 1}`, rows);
  const battles = workbook.read('Battles', 'A1:A200').filter((r) => r[0] !== '' && r[0] !== null).length;
  const head = workbook.read('Battles', 'A1:AZ1')[0].filter((h) => h !== '');
  // Only the columns this sheet has, in its order (the sample's Battles sheet is the product's own).
  const row = (side) => {
    const full = fixture.battleRow(BIG, side, `Host of the ${side}`);
    return head.map((h) => {
      const k = BATTLE_HEADERS.indexOf(h);
      return k < 0 ? '' : full[k];
    });
  };
  workbook.put('Battles', `A${battles + 1}`, [row('North'), row('South')]);
}

/** A TypeScript module bundled with its packages left in node_modules (the playground builds with esbuild). */
async function importWithPackages(path) {
  const out = join(root, 'build', `${path.replace(/[/.]/g, '_')}.packages.mjs`);
  await build({
    entryPoints: [join(root, path)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

/** Time from a click on the first element matching `selector` in the sidebar to the frame after the next paint. */
const timedClick = (body, selector) =>
  body.evaluate(
    (_, selector) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        document.querySelector(selector).click();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }),
    selector,
  );

export async function run() {
  const { startPlayground } = await importWithPackages('dev/playground/server.ts');
  const fixture = await importTs('test/support/campaign-sheets.ts');
  const { launchChromium } = await importWithPackages('test/chromium.ts');
  const { BATTLE_HEADERS } = await importTs('src/contract/columns.ts');
  const dir = mkdtempSync(join(tmpdir(), 'warcard-bench-sidebar-'));
  const playground = await startPlayground({
    root,
    port: 0,
    dataFile: join(dir, 'workbook.json'),
    reset: true,
    print: () => {},
  });
  addHosts(playground.env.workbook, fixture, BATTLE_HEADERS);
  const browser = await launchChromium();
  const shots = process.env.WARCARD_SHOTS;
  try {
    for (const [name, battle] of [
      ['sample battle', null],
      [`${HOST_UNITS.toLocaleString('en')} v ${HOST_UNITS.toLocaleString('en')}`, BIG],
    ]) {
      const figures = { tick: [], roll: [], casualty: [], resultTick: [] };
      for (let run = 0; run < RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1100, height: 842 } });
        await page.goto(playground.url);
        await page.locator('#menus .menu button', { hasText: 'Warcard' }).click();
        await page.locator('#menus li[data-fn="openBattleSidebar"]').click();
        const frame = page.frameLocator('#sidebar-frame');
        await frame.locator('.side-preview').first().waitFor({ timeout: 120000 });
        if (battle) {
          const select = frame.getByRole('combobox', { name: 'Battle picker' });
          const value = await select.evaluate(
            (s, b) => [...s.options].find((o) => o.value === b)?.value,
            battle,
          );
          await select.selectOption(value);
          await frame.locator('.side-preview .side-name', { hasText: 'North' }).waitFor();
        }
        const tag = battle ? 'big' : 'sample';
        const shot = (step) =>
          shots && run === 0
            ? page.locator('#sidebar-frame').screenshot({ path: join(shots, `${tag}-${step}.png`) })
            : null;
        await shot('before-rolling');
        // A circumstance ticked on side A, then back (each is one tick; both count).
        for (let k = 0; k < 2; k++)
          figures.tick.push(
            await timedClick(frame.locator('body'), '#side-0 .group-morale input[type=checkbox]'),
          );
        figures.roll.push(await timedClick(frame.locator('body'), '#roll-button'));
        // A tie (about 1 in 100) asks for another roll: rolled again, untimed, until a side wins.
        for (let tries = 0; (await frame.locator('.winner').count()) === 0; tries++) {
          if (tries === 10) throw new Error('ten ties in a row: the dice are not random');
          const rolled = await frame.locator('ol.rolls li').count();
          await frame.locator('#roll-button').click();
          await frame.locator('ol.rolls li').nth(rolled).waitFor();
        }
        await shot('after-rolling');
        // A casualty box of the loser: its group opened first when the side is grouped (not timed).
        await frame.locator('body').evaluate(() => {
          const group = document.querySelector('.casualties details.unit-group');
          if (group) group.open = true;
        });
        await frame.locator('.casualties table.units input[type=checkbox]').first().waitFor();
        if (shots && run === 0) {
          await frame
            .locator('.casualties')
            .first()
            .evaluate((e) => e.scrollIntoView());
          await shot('casualties');
          await frame.locator('body').evaluate(() => window.scrollTo(0, 0));
        }
        for (let k = 0; k < 2; k++)
          figures.casualty.push(
            await timedClick(frame.locator('body'), '.casualties table.units input[type=checkbox]'),
          );
        // A circumstance ticked with the result shown: the result and its suggestion worked out and shown again.
        for (let k = 0; k < 2; k++)
          figures.resultTick.push(
            await timedClick(frame.locator('body'), '#side-0 .group-morale input[type=checkbox]'),
          );
        await frame.locator('.winner').waitFor();
        if (shots && run === 0) {
          // Another user's edit under the open sidebar (Friendly Holding flipped on the battle's first row): Apply
          // is refused as stale, then applies once the sidebar shows the sheet as it stands.
          const picked = await frame.getByRole('combobox', { name: 'Battle picker' }).inputValue();
          const rows = playground.env.workbook.read('Battles', 'A1:AB');
          const row = rows.findIndex((r) => r[0] === picked);
          const col = (rows[0] ?? []).indexOf('Friendly Holding');
          const a1 = `${String.fromCharCode(65 + col)}${row + 1}`;
          playground.env.workbook.put('Battles', a1, [[!rows[row][col]]]);
          await frame.locator('#apply-button').click();
          await frame
            .locator('#message-apply:not([hidden])', { hasText: 'Nothing was written' })
            .waitFor({ timeout: 120000 });
          await shot('after-refusal');
          await frame.locator('.winner').waitFor();
          await frame.locator('#apply-button').click();
          await frame.locator('#message-apply:not([hidden])').waitFor({ timeout: 120000 });
          await shot('after-applying');
          await frame.locator('#undo-this-button').click();
          await frame
            .locator('#message-log:not([hidden]), #message-apply.error')
            .first()
            .waitFor({ timeout: 120000 });
        }
        await page.close();
      }
      const big = battle !== null;
      report(`sidebar ${name}: circumstance tick, painted`, median(figures.tick), 'ms', big ? 100 : 50);
      report(
        `sidebar ${name}: roll → result + suggestion, painted`,
        median(figures.roll),
        'ms',
        big ? 300 : 50,
      );
      report(`sidebar ${name}: casualty tick, painted`, median(figures.casualty), 'ms', big ? 100 : 50);
      report(
        `sidebar ${name}: tick with the result shown, painted`,
        median(figures.resultTick),
        'ms',
        big ? 100 : 50,
      );
    }
  } finally {
    await browser.close();
    await playground.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildDist } = await import('./build.mjs');
  await buildDist({ quiet: true });
  console.log(`## ${title}`);
  await run();
}
