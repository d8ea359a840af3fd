// A battle at the platform's true cost (issue 15), in the emulation: executions from Battle… to applied, write
// calls per apply, undo and new round as the roster grows, and what history costs a load and an apply. Each
// figure is taken in a fresh process (_battle.mjs), so one measurement's workbook never slows the next.
import { inFreshProcess, report } from './_lib.mjs';

export const title = "A battle's cost (executions, write calls, history; in the emulation)";

const ROSTERS = [100, 1_000, 10_000];
const HISTORIES = [0, 100, 500];
/** Timed loads and applies per history size (each apply on a fresh copy of the campaign). */
const RUNS = 5;
const MOST_WRITES = 12;
/** At 500 battles of history against none: the load's bytes at most ×1.3, the apply's time at most ×1.5. */
const BYTES_RATIO = 1.3;
const APPLY_RATIO = 1.5;

const verdict = (ok) => (ok ? 'met' : 'MISSED');

export async function run() {
  const e = await inFreshProcess('_battle.mjs', 'executions');
  const steps = ['Battle… (menu)', ...e.start, ...e.battle];
  console.log(
    `Executions per battle, Battle… to applied (1,000 units): ${e.total}  [${steps.join(' → ')}]` +
      `  [target 2: ${verdict(e.total <= 2)}]`,
  );
  console.log(
    `  the page Battle… shows ${e.carries ? 'carries' : 'does not carry'} the campaign; the menu's execution made ${e.menuReads} reads`,
  );

  console.log(
    `\nWrite calls per write, at most ${MOST_WRITES} whatever the roster's size (all: setValues/RangeList.setValue/other)`,
  );
  console.log(
    `${'units'.padStart(7)}${'lost'.padStart(6)}  ${'apply'.padEnd(16)}${'undo'.padEnd(16)}${'new round'.padEnd(16)}target` +
      `  reads: apply  undo  new round`,
  );
  for (const units of ROSTERS) {
    const w = await inFreshProcess('_battle.mjs', 'writeCalls', units);
    const cell = (n) =>
      `${n.writes}: ${n.setValues}/${n.setValue}/${n.writes - n.setValues - n.setValue}`.padEnd(16);
    const reads = (n) => String(n.reads).padStart(6);
    const most = Math.max(w.apply.writes, w.undo.writes, w.newRound.writes);
    console.log(
      `${units.toLocaleString('en').padStart(7)}${String(w.lost).padStart(6)}  ${cell(w.apply)}${cell(w.undo)}${cell(w.newRound)}${verdict(most <= MOST_WRITES).padEnd(6)}` +
        `         ${reads(w.apply)}${reads(w.undo)}${reads(w.newRound).padStart(11)}`,
    );
  }

  console.log(
    `\nHistory: 1,000 units after N battles (best of ${RUNS}, the histories in turn; each apply on a fresh copy)`,
  );
  console.log(
    `${'battles'.padStart(7)}${'Undo rows'.padStart(10)}${'load KB'.padStart(9)}${'load ms'.padStart(9)}${'apply ms'.padStart(10)}`,
  );
  const h = await inFreshProcess('_battle.mjs', 'history', HISTORIES, RUNS);
  HISTORIES.forEach((battles, i) => {
    const m = h[i];
    console.log(
      `${String(battles).padStart(7)}${String(m.undoRows).padStart(10)}${(m.bytes / 1024).toFixed(1).padStart(9)}` +
        `${m.loadMs.toFixed(0).padStart(9)}${m.applyMs.toFixed(0).padStart(10)}`,
    );
  });
  const [none, , most] = h;
  report('Load bytes, 500 battles of history against none (×)', most.bytes / none.bytes, '×', BYTES_RATIO);
  report(
    'Apply time, 500 battles of history against none (×)',
    most.applyMs / none.applyMs,
    '×',
    APPLY_RATIO,
  );
}
