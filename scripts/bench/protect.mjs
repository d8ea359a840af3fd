// Warcard → Protect realms at scale: the protections it makes and the service calls it spends, over 1,000 and
// 10,000 units of 20 armies (each commanded by its own player), mixed (each row another army's than the row above),
// mixed with the run's offer to group the rows answered Yes, and grouped (sorted by army) already. A run stops itself
// at its budget (PROTECT_BUDGET) and says how far it got; the next run goes on, so each shape is run until done: the
// runs it takes, the calls of its dearest run (priced at SHEET_CALL_MS, as set-up's are, against an execution's
// 6 minutes), the calls in all, and what one more run costs once everything is done.
import { join } from 'node:path';
import { importTs, report, root, roster } from './_lib.mjs';
import { SHEET_CALL_MS } from './setup-validation.mjs';

export const title =
  'Protect realms at scale (counted in the emulation: protections made, runs, service calls)';

const ARMIES = 20;
const GM = 'gm@example.com';
/** More runs than this is a run that never finishes. */
const MOST_RUNS = 60;

/** The players' table: the GM, and one player per army. */
const players = () => [
  ['Player', 'Role', 'Armies'],
  [GM, 'GM', ''],
  ...Array.from({ length: ARMIES }, (_, i) => [`player${i}@example.com`, 'Player', `Army ${i}`]),
];

/** One run of Protect realms: its calls and its report's first line. */
function once(lw) {
  lw.calls.reset();
  lw.run('protectRealms');
  return { calls: lw.calls.total, said: (lw.workbook.ui.alerts.at(-1) ?? '').split('\n')[0] };
}

/**
 * Protect realms over `units`, mixed, mixed with its offer to group answered Yes, or grouped already, run until done
 * and once more. Returns the runs and each one's calls, the protections standing, and the run once done.
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
  lw.workbook.ui.answers = shape === 'mixed, grouped when offered' ? ['YES'] : ['NO'];
  const runs = [];
  while (runs.length < MOST_RUNS) {
    const run = once(lw);
    runs.push(run);
    if (run.said.startsWith('Protect realms: ')) break;
  }
  const protections = lw.workbook.people.protections.length;
  return { runs, protections, again: once(lw), said: runs.at(-1)?.said ?? '' };
}

export async function run() {
  const gas = await importTs('dev/gas/index.ts');
  for (const units of [1_000, 10_000]) {
    for (const shape of ['mixed', 'mixed, grouped when offered', 'grouped']) {
      const cost = await protectCost(gas, units, shape);
      const what = `${units.toLocaleString('en-US')} units, ${shape}`;
      const calls = cost.runs.map((r) => r.calls);
      const dearest = Math.max(...calls);
      report(`${what}: protections standing`, cost.protections, 'protections');
      report(`${what}: runs to finish`, cost.runs.length, 'runs');
      report(
        `${what}: calls in all`,
        calls.reduce((a, b) => a + b, 0),
        'calls',
      );
      report(`${what}: calls of the dearest run`, dearest, 'calls');
      report(`${what}: the dearest run's time`, (dearest * SHEET_CALL_MS) / 1000, 's', 300);
      report(`${what}: a run once done`, cost.again.calls, 'calls');
      if (cost.runs.length > 1) console.log(`  calls per run: ${calls.join(', ')}`);
      console.log(`  ${cost.said.slice(0, 160)}`);
    }
  }
}
