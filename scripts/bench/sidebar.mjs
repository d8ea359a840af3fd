// The battle sidebar's server calls on a 1,000-unit roster, through the emulation of Google's services
// (dev/gas: dist/Code.js in node:vm over HyperFormula). The figures include the emulation's own cost of reading
// and writing cells, so they bound what the product's code spends; Google's round trips come on top.
import { join } from 'node:path';
import { importTs, report, root } from './_lib.mjs';

export const title = 'Battle sidebar (dist/Code.js in the emulation, 1,000-unit roster)';

const RUNS = 7;

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

export async function run() {
  const gas = await importTs('dev/gas/index.ts');
  const fixture = await importTs('test/sheets/sidebar/fixture.ts');
  const model = await importTs('src/sidebar/model.ts');
  // dev/gas finds dist/ from its own place, which bundling moves: say where it is.
  const lw = gas.loadWorkbook({ codePath: join(root, 'dist/Code.js') });
  for (const [name, rows] of Object.entries(fixture.campaign(990)))
    lw.workbook.put(name, 'A1', fixture.asTyped(rows));
  const start = lw.workbook.snapshot();

  const load = lw.run('sidebarLoad');
  const setup = load.state.battles.find((b) => b.setup.name === 'Ford of Avanil').setup;
  const rolls = [[90, 10]];

  const timed = (fn) => {
    const t0 = performance.now();
    const out = fn();
    return { ms: performance.now() - t0, out };
  };

  report(
    'sidebarLoad (armies, battles, Log)',
    median(Array.from({ length: RUNS }, () => timed(() => lw.run('sidebarLoad')).ms)),
    'ms',
  );
  const previews = Array.from({ length: RUNS }, () =>
    timed(() => lw.run('sidebarPreview', { setup, rolls })),
  );
  report('sidebarPreview with the result (one change)', median(previews.map((p) => p.ms)), 'ms', 500);

  const fresh = () => gas.loadWorkbook({ codePath: join(root, 'dist/Code.js'), snapshot: start });
  const applies = [];
  for (let i = 0; i < RUNS; i++) {
    const lw = fresh();
    const preview = lw.run('sidebarPreview', { setup, rolls });
    const request = model.applyRequest(setup, preview, model.suggestedSelection(preview));
    lw.calls.reset();
    const { ms, out } = timed(() => lw.run('sidebarApply', request));
    if (!out.ok) throw new Error(`apply failed: ${out.message}`);
    applies.push(ms);
  }
  report('sidebarApply (rolls, Log row, statuses)', median(applies), 'ms', 1000);
  const undos = [];
  for (let i = 0; i < RUNS; i++) {
    const lw = fresh();
    const preview = lw.run('sidebarPreview', { setup, rolls });
    lw.run('sidebarApply', model.applyRequest(setup, preview, model.suggestedSelection(preview)));
    const { ms, out } = timed(() => lw.run('sidebarUndo'));
    if (!out.ok) throw new Error(`undo failed: ${out.message}`);
    undos.push(ms);
  }
  report('sidebarUndo', median(undos), 'ms', 1000);
}
