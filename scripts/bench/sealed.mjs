// Executions per battle for the four combinations of open or sealed plans and Sidebar or Logged dice (issue 26):
// each person opens Battle… (one execution, the campaign in its page), each seal, reveal, logged roll and apply is
// one more. Counted in the emulation, each combination in a fresh process (_sealed.mjs).
import { inFreshProcess } from './_lib.mjs';

export const title = 'Executions per battle: open or sealed plans, Sidebar or Logged dice (in the emulation)';

export async function run() {
  console.log(
    `${'plans'.padEnd(8)}${'dice'.padEnd(9)}${'executions'.padStart(10)}  steps (a, b: the sides' players)`,
  );
  for (const sealed of [false, true]) {
    for (const dice of ['Sidebar', 'Logged']) {
      const r = await inFreshProcess('_sealed.mjs', 'combination', sealed, dice);
      console.log(
        `${(sealed ? 'sealed' : 'open').padEnd(8)}${dice.padEnd(9)}${String(r.total).padStart(10)}  ${r.steps.join(' → ')}`,
      );
    }
  }
}
