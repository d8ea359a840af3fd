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

  // A set-up campaign with a 1,000-unit roster; then one edit to one unit's Hits.
  const lw = load();
  lw.run('setUpCampaign');
  const units = roster(1_000, 10);
  lw.workbook.put('Units', 'A1', units);
  lw.run('setUpCampaign'); // again: validations and formats reach past the new rows
  lw.workbook.recalculate();
  const again = timed(() => lw.run('setUpCampaign'));
  report('Set up campaign again over a 1,000-unit roster (nothing missing)', again, 'ms');
  const column = String.fromCharCode(65 + units[0].indexOf('Hits'));
  const edits = Array.from({ length: 7 }, (_, i) => {
    const before = lw.workbook.read('Units', 'W2:W2')[0][0];
    const ms = timed(() => {
      lw.workbook.put('Units', `${column}2`, [[i % 2 === 0 ? 5 : 1]]);
      lw.workbook.recalculate();
    });
    const after = lw.workbook.read('Units', 'W2:W2')[0][0];
    if (before === after)
      throw new Error('the edit did not change the unit value: the bench measures nothing');
    return ms;
  });
  report('Recalculation after one edit, 1,000-unit roster', median(edits), 'ms', 200);
}
