// Shared by the bench sections: timing, the built bundle in a bare vm context, TypeScript loaded via esbuild, and
// a measurement in a fresh Node process.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Median of `runs` timings of fn, in milliseconds, after one warm-up. */
export function time(fn, runs = 7) {
  fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export function report(label, value, unit, target) {
  const shown = value < 10 ? value.toFixed(2) : value.toFixed(1);
  const verdict =
    target === undefined
      ? ''
      : value <= target
        ? `  [target ${target} ${unit}: met]`
        : `  [target ${target} ${unit}: MISSED]`;
  console.log(`${label.padEnd(58)} ${shown.padStart(9)} ${unit}${verdict}`);
}

/** dist/Code.js (or another build) loaded as Apps Script loads it. */
export function loadBundle(codePath = join(root, 'dist/Code.js')) {
  const context = vm.createContext({});
  vm.runInContext(readFileSync(codePath, 'utf8'), context);
  return context;
}

/** A TypeScript module of src/, bundled on the fly. */
export async function importTs(path) {
  const out = join(root, 'build', `${path.replace(/[/.]/g, '_')}.mjs`);
  await build({
    entryPoints: [join(root, path)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: out,
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

/**
 * Runs `fn` of the bench module `module` (a file of scripts/bench/) with `args` in a fresh Node process and
 * resolves with what it returns: nothing compiled, cached or collected by an earlier measurement reaches it, as
 * Apps Script runs each execution in a fresh script. Rejects when the measurement fails.
 */
export function inFreshProcess(module, fn, ...args) {
  return new Promise((resolve, reject) => {
    const child = fork(join(root, 'scripts/bench/_fresh.mjs'), [module, fn, JSON.stringify(args)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer;
    child.on('message', (m) => {
      answer = m;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (answer && 'error' in answer) reject(new Error(`${module} ${fn}: ${answer.error}`));
      else if (code !== 0 || !answer)
        reject(new Error(`${module} ${fn}: the process ended with code ${code}`));
      else resolve(answer.value);
    });
  });
}

export const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** `runs` measurements, each in a fresh process (see inFreshProcess), of a number `fn` returns. */
async function freshSamples(runs, module, fn, args) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await inFreshProcess(module, fn, ...args));
  return samples;
}

export const freshMedian = async (runs, module, fn, ...args) =>
  median(await freshSamples(runs, module, fn, args));

/** The least of `runs` fresh-process measurements: other work on the machine only ever adds time. */
export const freshBest = async (runs, module, fn, ...args) =>
  Math.min(...(await freshSamples(runs, module, fn, args)));

const ROLES = ['Melee', 'Missile', 'Mounted', 'Artillery', 'Melee', 'Missile'];

/** A deterministic roster of n units spread over `armies` armies, under the product's own Units headers. */
export async function roster(n, armies = 20) {
  const { UNIT_HEADERS } = await importTs('src/contract/columns.ts');
  const rows = [UNIT_HEADERS];
  for (let i = 0; i < n; i++) {
    rows.push([
      `Unit ${i}`,
      `Army ${i % armies}`,
      'Infantry',
      ROLES[i % ROLES.length],
      '',
      1 + (i % 3),
      1 + (i % 6),
      i % 5,
      1 + (i % 5),
      i % 7,
      1 + (i % 3),
      1 + (i % 4),
      i % 2,
      0,
      false,
      'None',
      i % 3 === 0 ? 1 : 0,
      i % 11 === 0,
      false,
      false,
      '',
      i % 13 === 0 ? 'Routed' : 'Ready',
    ]);
  }
  return rows;
}
