import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Time limits say "stuck", not "slow": on a busy 2-core machine a browser test that restarts the playground,
    // or a set-up over a large sheet, can take several times its quiet time. Tests wait on events, not on time.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a page shows after an event (a server call answered, a repaint). Its 1 s
    // default says "slow", not "stuck": an apply on the emulation can take longer than that on a busy machine.
    expect: { poll: { timeout: 30_000 } },
    fileParallelism: true,
    // One file per core and one more: vitest's default (cores - 1) runs a 2-core machine's files one at a time, and
    // a file that drives Chromium or waits on the playground leaves its core half idle. Measured on 2 cores, the
    // same suite back to back: 433 s with one per core, 379 s with one more (load 5; no time limit came near).
    maxWorkers: availableParallelism() + 1,
    // CI asks for a JSON report too, to print a plain closing line (see .ci/run).
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
