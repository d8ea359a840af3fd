// Warcard → Protect realms at scale: the protections one run makes and the service calls it spends, over 1,000 and
// 10,000 units of 20 armies (each commanded by its own player), mixed (each row another army's than the row above),
// mixed with the run's offer to group the rows answered Yes, and grouped (sorted by army) already. A run stops itself at its call budget (PROTECT_BUDGET) and says how far it got;
// the calls are priced at SHEET_CALL_MS, as set-up's are, against an execution's 6 minutes.
import { join } from 'node:path';
import { importTs, report, root, roster } from './_lib.mjs';
import { SHEET_CALL_MS } from './setup-validation.mjs';

export const title = 'Protect realms at scale (counted in the emulation: protections made, service calls)';

const ARMIES = 20;
const GM = 'gm@example.com';

/** The players' table: the GM, and one player per army. */
const players = () => [
  ['Player', 'Role', 'Armies'],
  [GM, 'GM', ''],
  ...Array.from({ length: ARMIES }, (_, i) => [`player${i}@example.com`, 'Player', `Army ${i}`]),
];

/**
 * One run of Protect realms over `units`: mixed, mixed with its offer to group answered Yes, or grouped already.
 * Returns the protections made, the calls, and its report's first line.
 */
export async function protectCost(gas, units, shape, codePath = join(root, 'dist/Code.js')) {
  const grouped = shape === 'grouped';
  const lw = gas.loadWorkbook({ codePath });
  lw.workbook.people.owner = GM;
  lw.actAs(GM);
  for (let i = 0; i < ARMIES; i++) lw.workbook.people.editors.add(`player${i}@example.com`);
  const rows = await roster(units, ARMIES);
  if (grouped) rows.splice(1, rows.length - 1, ...rows.slice(1).sort((a, b) => a[1].localeCompare(b[1])));
  lw.workbook.put('Units', 'A1', rows);
  lw.workbook.put('Players', 'A1', players());
  lw.workbook.ui.answers = shape === 'mixed, grouped when offered' ? ['YES'] : [];
  lw.calls.reset();
  lw.run('protectRealms');
  return {
    protections: lw.workbook.people.protections.length,
    calls: lw.calls.total,
    said: (lw.workbook.ui.alerts.at(-1) ?? '').split('\n')[0],
  };
}

export async function run() {
  const gas = await importTs('dev/gas/index.ts');
  for (const units of [1_000, 10_000]) {
    for (const shape of ['mixed', 'mixed, grouped when offered', 'grouped']) {
      const cost = await protectCost(gas, units, shape);
      const what = `${units.toLocaleString('en-US')} units, ${shape}`;
      report(`Protect realms over ${what}: protections made`, cost.protections, 'protections');
      report(`Protect realms over ${what}: service calls`, cost.calls, 'calls');
      report(
        `Protect realms over ${what}: estimated Apps Script time`,
        (cost.calls * SHEET_CALL_MS) / 1000,
        's',
        300,
      );
      console.log(`  ${cost.said.slice(0, 160)}`);
    }
  }
}
