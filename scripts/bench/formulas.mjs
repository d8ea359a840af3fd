import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTs, loadBundle, report, root, roster, time } from './_lib.mjs';

export const title = 'Formulas and rules (dist/Code.js in a bare vm context)';

export async function run() {
  const size = readFileSync(join(root, 'dist/Code.js')).length / 1024;
  report('Code.js size', size, 'KB', 150);

  const bundle = loadBundle();
  const units10k = roster(10_000);
  report(
    'UNITVALUE on 10,000 rows',
    time(() => bundle.UNITVALUE(units10k)),
    'ms',
    50,
  );

  const units2k = roster(2_000, 40);
  const battles = [
    ['Battle', 'Side', 'Armies', 'Defender', 'Home Realm', 'Higher Ground', 'Castle Level', 'Plan', 'Roll'],
  ];
  const plans = ['Full charge', 'Normal attack', 'Encircle', 'Trap', 'Hold', 'Withdraw', 'No plan'];
  for (let i = 0; i < 500; i++) {
    const a = i % 40;
    const b = (i * 7 + 1) % 40 === a ? (a + 1) % 40 : (i * 7 + 1) % 40;
    battles.push([
      `B${i}`,
      'A',
      `Army ${a}`,
      false,
      i % 2 === 0,
      false,
      '',
      plans[i % 7],
      i % 3 ? 1 + (i % 100) : '',
    ]);
    battles.push([
      `B${i}`,
      'B',
      `Army ${b}`,
      true,
      false,
      true,
      i % 4,
      plans[(i * 3) % 7],
      i % 3 ? 1 + ((i * 37) % 100) : '',
    ]);
  }
  report(
    'BATTLES: 1,000 battle rows over a 2,000-unit roster',
    time(() => bundle.BATTLES(battles, units2k), 5),
    'ms',
  );

  const calls = 20_000;
  const us =
    (time(() => {
      for (let i = 0; i < calls; i++) bundle.BATTLEODDS(40 + (i % 50), 60 + (i % 30));
    }, 5) *
      1000) /
    calls;
  report('BATTLEODDS, per call', us, 'µs', 20);

  const { suggestCasualtySplit, suggestCasualties } = await importTs('src/rules/allocation.ts');
  const values = Array.from({ length: 2_000 }, (_, i) => 1 + ((i * 7919) % 9));
  const total = values.reduce((s, v) => s + v, 0);
  report(
    `Allocation: 2,000 units, ${Math.round(total * 0.6)} of ${total} points`,
    time(() => suggestCasualties(values, Math.round(total * 0.6))),
    'ms',
    50,
  );
  report(
    'Allocation split: destroyed then routed, 2,000 units',
    time(() => suggestCasualtySplit(values, Math.round(total * 0.35), Math.round(total * 0.35))),
    'ms',
    50,
  );
}
