// Set-up's cell checks on a large roster, priced as Apps Script would run them: each DataValidationBuilder call
// (newDataValidation, require…, setAllowInvalid, setHelpText, build) is a call into Google's service, and each
// read or write a round trip to the spreadsheet. Google publishes no per-call cost: the bench takes BUILDER_MS and
// SHEET_CALL_MS below as its estimate (a round trip is the costlier by far), counts the calls set-up makes in the
// emulation, and holds the estimate to 60 s (an execution stops at 6 minutes).
import { join } from 'node:path';
import { importTs, report, root, roster } from './_lib.mjs';

export const title =
  "Set-up's validation at scale (counted in the emulation, priced at Google's per-call cost)";

/** The estimate of one builder call, and of one spreadsheet read or write, in Apps Script (ms). */
export const BUILDER_MS = 1;
export const SHEET_CALL_MS = 100;

const BUILDER = /^(newDataValidation|require\w+|setAllowInvalid|setHelpText|build)$/;

/** Set-up over a roster of `units`: its builder calls, sheet calls and their estimated time in Apps Script. */
export async function validationCost(gas, units, codePath = join(root, 'dist/Code.js')) {
  const lw = gas.loadWorkbook({ codePath });
  lw.workbook.put('Units', 'A1', await roster(units, 20));
  lw.calls.reset();
  lw.run('setUpCampaign');
  let builders = 0;
  for (const [method, n] of Object.entries(lw.calls.byMethod)) if (BUILDER.test(method)) builders += n;
  const sheetCalls = lw.calls.reads + lw.calls.writes;
  return { builders, sheetCalls, seconds: (builders * BUILDER_MS + sheetCalls * SHEET_CALL_MS) / 1000 };
}

export async function run() {
  const gas = await importTs('dev/gas/index.ts');
  for (const units of [1_000, 10_000]) {
    const cost = await validationCost(gas, units);
    const n = units.toLocaleString('en-US');
    report(`Set up campaign over ${n} units: builder calls`, cost.builders, 'calls');
    report(`Set up campaign over ${n} units: reads and writes`, cost.sheetCalls, 'calls');
    report(`Set up campaign over ${n} units: estimated Apps Script time`, cost.seconds, 's', 60);
  }
}
