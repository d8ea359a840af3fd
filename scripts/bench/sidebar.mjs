// The battle sidebar as Sheets runs it: the load, and previews in the browser (apply, undo and new round are in
// battle.mjs). The load runs through the emulation of Google's services (dev/gas: dist/Code.js in node:vm over
// HyperFormula), so its figures include the emulation's own cost of reading cells; Google's round trips come on
// top. The preview is the browser's pure function (src/sidebar/preview-model.ts), timed in Node.
import { join } from 'node:path';
import { importTs, median, report, root } from './_lib.mjs';

export const title = 'Battle sidebar (load in the emulation; previews in the browser)';

const RUNS = 7;

const timed = (fn) => {
  const t0 = performance.now();
  const out = fn();
  return { ms: performance.now() - t0, out };
};

export async function run() {
  const gas = await importTs('dev/gas/index.ts');
  const sheets = await importTs('test/support/campaign-sheets.ts');
  const client = await importTs('test/support/campaign-data.ts');
  const campaigns = await importTs('src/contract/campaign.ts');
  const preview = await importTs('src/sidebar/preview-model.ts');
  const codePath = join(root, 'dist/Code.js');
  const workbook = (filler) => {
    // dev/gas finds dist/ from its own place, which bundling moves: say where it is.
    const lw = gas.loadWorkbook({ codePath });
    for (const [name, rows] of Object.entries(sheets.campaign(filler)))
      lw.workbook.put(name, 'A1', sheets.asTyped(rows));
    return lw;
  };

  // ---- The one load: its payload and time
  for (const filler of [990, 1990]) {
    const lw = workbook(filler);
    const answer = lw.run('sidebarLoad');
    if (!answer.ok) throw new Error(`load failed: ${answer.message}`);
    const units = answer.campaign.units.names.length;
    const bytes = JSON.stringify(answer.campaign).length;
    report(`sidebarLoad payload, ${units} units`, bytes / 1024, 'KB');
    report(`sidebarLoad payload per unit, ${units} units`, bytes / units, 'bytes');
    report(
      `sidebarLoad time, ${units} units`,
      median(Array.from({ length: RUNS }, () => timed(() => lw.run('sidebarLoad')).ms)),
      'ms',
    );
  }

  // ---- Previews in the browser: the sample battle on the 1,000-unit roster, and 2,000 units a side
  const lw = workbook(990);
  const data = lw.run('sidebarLoad').campaign;
  const campaign = campaigns.openCampaign(data);
  const setup = data.battles.find((b) => b.setup.name === 'Ford of Avanil').setup;
  const rolls = [[90, 10]];
  const previewTime = (c, s, r) => {
    previewOf(c, s, r);
    return median(Array.from({ length: RUNS }, () => timed(() => previewOf(c, s, r)).ms));
  };
  const previewOf = (c, s, r) => {
    const o = preview.previewOf(c, s, r);
    if (!o.ok) throw new Error(o.problem);
    return o.preview;
  };
  report('preview, sample battle (no dice)', previewTime(campaign, setup, []), 'ms', 50);
  report(
    'preview, sample battle with its result and suggestion',
    previewTime(campaign, setup, rolls),
    'ms',
    50,
  );
  const big = campaigns.openCampaign(client.fixtureCampaign(4000, 1, 0));
  const huge = {
    name: 'Clash of hosts',
    sides: [0, 1].map((i) => ({
      label: `Host ${i}`,
      armies: [`Filler army ${i}`],
      circumstances: { ...setup.sides[i].circumstances, defender: false, castleLevel: 0 },
    })),
  };
  const p = previewOf(big, huge, []);
  report(
    `preview, ${p.sides[0].units.length} v ${p.sides[1].units.length} ready units (no dice)`,
    previewTime(big, huge, []),
    'ms',
    50,
  );
  report(
    `preview, ${p.sides[0].units.length} v ${p.sides[1].units.length} with result and suggestion`,
    previewTime(big, huge, [[60, 40]]),
    'ms',
    50,
  );
}
