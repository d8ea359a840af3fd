// Campaign set-up and recalculation after one edit, through the emulation of Google's services (dev/gas:
// dist/Code.js in node:vm over HyperFormula). The figures include the emulation's own cost; Google's differ.
import { join } from 'node:path';
import { importTs, report, root, roster } from './_lib.mjs';

export const title = 'Campaign workbook (dist/Code.js in the emulation)';

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const timed = (fn) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

export async function run() {
  const gas = await importTs('dev/gas/index.ts');
  const codePath = join(root, 'dist/Code.js');

  // The script loaded afresh for every call, as Apps Script does; recalculation included (the time Sheets
  // takes before the sheet shows values).
  const load = () => gas.loadWorkbook({ codePath, freshScript: true });
  const setUps = Array.from({ length: 3 }, () => {
    const lw = load();
    return timed(() => {
      lw.run('setUpCampaign');
      lw.workbook.recalculate();
    });
  });
  report('Set up campaign on an empty spreadsheet', median(setUps), 'ms');
  const samples = Array.from({ length: 3 }, () => {
    const lw = load();
    return timed(() => {
      lw.run('setUpSampleCampaign');
      lw.workbook.recalculate();
    });
  });
  report('Set up with sample campaign on an empty spreadsheet', median(samples), 'ms');

  // A set-up campaign with a 1,000-unit roster; then one edit to one unit's Hits. The target is on the work of
  // our custom functions that the edit reruns (each is its own execution in Sheets); the whole recalculation in
  // the emulation adds HyperFormula's own work, and with the script loaded per call a new node:vm context each.
  const lw = load();
  lw.run('setUpCampaign');
  const units = await roster(1_000, 10);
  lw.workbook.put('Units', 'A1', units);
  lw.run('setUpCampaign'); // again: validations and formats reach past the new rows
  lw.workbook.recalculate();
  const again = timed(() => lw.run('setUpCampaign'));
  report('Set up campaign again over a 1,000-unit roster (nothing missing)', again, 'ms');
  const warm = gas.loadWorkbook({ codePath });
  warm.run('setUpCampaign');
  warm.workbook.put('Units', 'A1', units);
  warm.run('setUpCampaign');
  warm.workbook.recalculate();
  let ours = 0;
  for (const name of warm.customFunctions) {
    const fn = warm.context[name];
    warm.context[name] = (...args) => {
      const start = performance.now();
      try {
        return fn(...args);
      } finally {
        ours += performance.now() - start;
      }
    };
  }
  const column = String.fromCharCode(65 + units[0].indexOf('Hits'));
  const edit = (w, i) => {
    const before = w.workbook.read('Units', 'W2:W2')[0][0];
    const ms = timed(() => {
      w.workbook.put('Units', `${column}2`, [[i % 2 === 0 ? 5 : 1]]);
      w.workbook.recalculate();
    });
    if (before === w.workbook.read('Units', 'W2:W2')[0][0])
      throw new Error('the edit did not change the unit value: the bench measures nothing');
    return ms;
  };
  const own = Array.from({ length: 7 }, (_, i) => {
    ours = 0;
    edit(warm, i);
    return ours;
  });
  report("Recalculation after one edit, 1,000 units: the formulas' own work", median(own), 'ms', 200);
  const whole = Array.from({ length: 7 }, (_, i) => edit(lw, i));
  report('Recalculation after one edit, 1,000 units: all of it in the emulation', median(whole), 'ms');
}
