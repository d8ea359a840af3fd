// The fast tests, run by `npm run test:fast` and by `npm run deploy` before it pushes: every test but the ones
// that take minutes, that is Chromium's (test/browser, each file a browser and playgrounds of its own) and the
// fault sweeps (each call of a write failing in turn). `npm test` runs them all.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** The test files the fast tests leave to `npm test`. */
export const SLOW_TESTS = [
  'test/browser/**',
  'test/sheets/server/faults.test.ts',
  'test/sheets/server/collect-faults.test.ts',
  'test/sheets/server/sealed-faults.test.ts',
];

export default mergeConfig(base, defineConfig({ test: { exclude: [...configDefaults.exclude, ...SLOW_TESTS] } }));
