import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Browser tests start Chromium and a playground server: give them room, and keep files apart.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // CI asks for a JSON report too, to print a plain closing line (see .ci/run).
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
