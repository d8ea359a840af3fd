// The casualty suggestion's bounded work: exact on rosters it can search in a moment, the fallback beyond.
import { importTs, report, time } from './_lib.mjs';

export const title = 'Casualty suggestion (src/rules/allocation.ts)';

/** n deterministic unit values from 1 to max (a linear congruential walk, the same every run). */
function values(n, max) {
  let x = 12345;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return 1 + (x % max);
  });
}

export async function run() {
  const { suggestCasualties, suggestCasualtySplit } = await importTs('src/rules/allocation.ts');
  for (const [n, max, target] of [
    [2_000, 9, 50],
    [10_000, 9, 200],
    [2_000, 1_000_000, 200],
    [10_000, 1_000_000, 200],
  ]) {
    const v = values(n, max);
    const total = v.reduce((s, x) => s + x, 0);
    const points = Math.round(total * 0.6);
    const chosen = suggestCasualties(v, points);
    const off = chosen.reduce((s, i) => s + v[i], 0) - points;
    report(
      `${n.toLocaleString('en')} units, values 1-${max.toLocaleString('en')} (sum ${off >= 0 ? '+' : ''}${off} off)`,
      time(() => suggestCasualties(v, points), 5),
      'ms',
      target,
    );
  }
  const v = values(10_000, 1_000_000);
  const total = v.reduce((s, x) => s + x, 0);
  report(
    'Split, destroyed then routed: 10,000 units, values 1-1,000,000',
    time(() => suggestCasualtySplit(v, Math.round(total * 0.35), Math.round(total * 0.35)), 5),
    'ms',
    200,
  );
}
