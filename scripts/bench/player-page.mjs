// A player page (issue 35): one execution to open (doGet, the data inside), one call per action (Seal plan). Its
// size and service calls on the sidebar tests' campaign and at 2,000 units, for a player of one army and a GM, each
// size in a fresh process (_player-page.mjs). The milliseconds are the emulation's, not Google's.
import { loadavg } from 'node:os';
import { inFreshProcess } from './_lib.mjs';

export const title = 'Player page: size and calls of opening it and of Seal plan (in the emulation)';

export async function run() {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const filler of ['sample', 2_000 - 10]) {
    const r = await inFreshProcess('_player-page.mjs', 'measure', filler);
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    console.log(`${filler === 'sample' ? 'the sample, ' : ''}${r.units} units:`);
    for (const who of ['player', 'gm']) {
      const p = r[who];
      console.log(
        `  open as ${who.padEnd(6)} ${kb(p.bytes).padStart(9)}  ${p.reads} reads, ${p.writes} writes, ${p.ms.toFixed(0)} ms`,
      );
    }
    if (!r.seal) continue;
    console.log(
      `  Seal plan by link: answer ${kb(r.seal.bytes)}, ${r.seal.reads} reads, ${r.seal.writes} writes, ${r.seal.ms.toFixed(0)} ms`,
    );
  }
}
