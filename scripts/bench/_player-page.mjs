// A player page in the emulation, run by player-page.mjs in a fresh process: the page's size (doGet's HTML: the
// page and the person's data inside) and the service calls of opening it and of a Seal plan, on the sidebar tests'
// campaign with `filler` units more, for a player of one army and for a GM (whose page lists every unit).
import { join } from 'node:path';
import { importTs, root } from './_lib.mjs';

const PLAYER = 'Player by link';

/** `filler` units more on the tests' campaign (the player commands Filler army 1), or 'sample': set-up's sample
 * campaign (the player commands Elinvaire Host). */
export async function measure(filler) {
  const [gas, fixture] = await Promise.all(
    ['dev/gas/index.ts', 'test/support/campaign-sheets.ts'].map(importTs),
  );
  const lw = gas.loadWorkbook({ codePath: join(root, 'dist/Code.js') });
  const sample = filler === 'sample';
  if (sample) lw.run('setUpSampleCampaign');
  else
    for (const [name, rows] of Object.entries(fixture.campaign(filler)))
      lw.workbook.put(name, 'A1', fixture.asTyped(rows));
  const gm = 'gm@example.com';
  lw.workbook.people.owner = gm;
  lw.actAs(gm);
  lw.workbook.put('Players', 'A1', [
    ['Player', 'Role', 'Armies'],
    [gm, 'GM', ''],
    [PLAYER, 'Player', sample ? 'Elinvaire Host' : 'Filler army 1'],
  ]);
  lw.workbook.webApp.url = 'https://script.invalid/exec';
  lw.run('showPlayerLinks');
  const keyOf = (who) => /[?&]k=([0-9a-f]{64})"/.exec(lw.run('playerLinkNew', who).html)[1];
  const out = { units: lw.workbook.read('Units', 'A2:A').filter((r) => r[0] !== '').length };
  for (const [label, who] of [
    ['player', PLAYER],
    ['gm', gm],
  ]) {
    const key = keyOf(who);
    let html = '';
    let ms = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      lw.calls.reset();
      const t0 = performance.now();
      html = lw.runWebApp('doGet', { parameter: { k: key } }).getContent();
      ms = Math.min(ms, performance.now() - t0);
    }
    out[label] = { bytes: Buffer.byteLength(html), ms, reads: lw.calls.reads, writes: lw.calls.writes };
  }
  if (sample) return out;
  const key = keyOf(PLAYER);
  lw.calls.reset();
  const t0 = performance.now();
  const sealed = lw.runWebApp('pageAction', key, 'sidebarSeal', {
    id: 'bench-page-seal',
    battle: 'Filler skirmish',
    side: 0,
    armies: ['Filler army 1'],
    plan: 'Encircle',
  });
  if (!sealed.ok) throw new Error(`Seal plan by link failed: ${sealed.message}`);
  out.seal = {
    ms: performance.now() - t0,
    reads: lw.calls.reads,
    writes: lw.calls.writes,
    bytes: Buffer.byteLength(JSON.stringify(sealed)),
  };
  return out;
}
