// Every formula at 1,000 and 10,000 units (100/1,000 characters, 20/200 battles) in three campaign shapes, each
// call timed in a fresh Node process: dist/Code.js compiled and run, then the formula called once, as Apps Script
// runs each custom-function cell as an execution of its own; in a bare node:vm context (as the tests and the
// emulation run it; the targets are on these) and in the process's plain global scope (nearer Google's V8, see
// _execution.mjs). Timed side by side in one
// warm process the calls disturb each other (garbage, JIT state of the call before); here they cannot. A formula
// that does O(rows) work grows about tenfold from 1,000 to 10,000 units (less when the first call's compiling
// weighs on the small size).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { campaign, SHAPES } from './_campaign.mjs';
import { FORMULAS } from './_execution.mjs';
import { freshBest, freshMedian, loadBundle, report, root } from './_lib.mjs';

export const title = 'Formulas (dist/Code.js, a fresh process per call)';

const SIZES = [1_000, 10_000];
/** Targets at 10,000 units: under a second in the vm realm, and at most 12 times the time at 1,000. */
const TARGET_MS = 1_000;
const TARGET_RATIO = 12;
/** Fresh processes per formula figure, the best of them (other work on the machine only ever adds time). */
const RUNS = 3;
/** A target missed is timed again over this many processes before it is called MISSED (a busy machine adds time). */
const CONFIRM_RUNS = 7;
const LOAD_RUNS = 9;

const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0)).padStart(9);

export async function run() {
  // WARCARD_CODE: another build to compare (e.g. main's), instead of dist/Code.js.
  const codePath = process.env.WARCARD_CODE ?? join(root, 'dist/Code.js');
  report('Code.js size', readFileSync(codePath, 'utf8').length / 1024, 'KB', 150);
  report(
    `Cold load: a fresh process compiling and running Code.js (median of ${LOAD_RUNS})`,
    await freshMedian(LOAD_RUNS, '_execution.mjs', 'coldLoad', codePath),
    'ms',
    20,
  );

  const present = Object.keys(FORMULAS).filter((name) => typeof loadBundle(codePath)[name] === 'function');
  const dir = join(root, 'build/bench');
  mkdirSync(dir, { recursive: true });
  const dataPath = (shape, n) => join(dir, `campaign-${shape}-${n}.json`);
  for (const shape of Object.keys(SHAPES))
    for (const n of SIZES) writeFileSync(dataPath(shape, n), JSON.stringify(campaign(n, shape)));

  console.log('\nShapes:');
  for (const [shape, text] of Object.entries(SHAPES)) console.log(`  ${shape.padEnd(10)} ${text}`);
  console.log(
    `\nOne call in a fresh process, best of ${RUNS} (of ${CONFIRM_RUNS} before a MISSED) (ms; target on the bare vm at 10k units: < ${TARGET_MS} ms and at most ${TARGET_RATIO}× the time at 1k)`,
  );
  const head = (realm) => `${`${realm} 1k`.padStart(10)}${`${realm} 10k`.padStart(11)}${'×'.padStart(6)}`;
  console.log(`${'formula'.padEnd(15)}${'shape'.padEnd(11)}${head('vm')}  target  ${head('plain')}`);
  let missed = 0;
  for (const name of present) {
    for (const shape of Object.keys(SHAPES)) {
      const timed = async (realm, runs) => {
        const ms = [];
        for (const n of SIZES)
          ms.push(
            await freshBest(runs, '_execution.mjs', 'formulaCall', codePath, dataPath(shape, n), name, realm),
          );
        return { ms, ratio: ms[1] / ms[0] };
      };
      const met = (t) => t.ms[1] < TARGET_MS && t.ratio <= TARGET_RATIO;
      let inVm = await timed('vm', RUNS);
      if (!met(inVm)) inVm = await timed('vm', CONFIRM_RUNS);
      const plain = await timed('plain', RUNS);
      const ok = met(inVm);
      if (!ok) missed++;
      const cells = (t) =>
        `${fmt(t.ms[0]).padStart(10)}${fmt(t.ms[1]).padStart(11)}${t.ratio.toFixed(1).padStart(6)}`;
      console.log(
        `${name.padEnd(15)}${shape.padEnd(11)}${cells(inVm)}  ${(ok ? 'met' : 'MISSED').padEnd(6)}  ${cells(plain)}`,
      );
    }
  }
  console.log(
    `Formula targets: ${missed === 0 ? `all ${present.length * 3} met` : `${missed} of ${present.length * 3} MISSED`}`,
  );

  // Many BATTLEODDS cells each run an execution of their own; this is the call's own work, warm, per call.
  const context = loadBundle(codePath);
  const calls = 20_000;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) context.BATTLEODDS(40 + (i % 50), 60 + (i % 30));
  report(
    'BATTLEODDS, per call (20,000 calls in one warm context)',
    ((performance.now() - t0) * 1000) / calls,
    'µs',
    20,
  );
}
