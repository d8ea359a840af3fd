// The fast tests, run by `npm run test:fast` and by `npm run deploy` before it pushes: every test but the ones
// that take minutes, which `npm test` (and CI) runs with the rest. Measured on one worker of a loaded machine, the
// nine files named below after the server's three fault sweeps took two thirds of the time of the 177 files left.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** The test files the fast tests leave to `npm test`. */
export const SLOW_TESTS = [
  // Chromium on the playground: each file a browser and playgrounds of its own.
  'test/browser/**',
  // The fault sweeps: each call of a write failing in turn.
  'test/sheets/server/faults.test.ts',
  'test/sheets/server/collect-faults.test.ts',
  'test/sheets/server/sealed-faults.test.ts',
  'test/sheets/protect-faults.test.ts',
  // The edits sweeps: each person's edit at each moment of each write.
  'test/sheets/server/edits-table.test.ts',
  'test/sheets/server/sealed-edits.test.ts',
  'test/sheets/server/collect-edits.test.ts',
  // The Library fill at 2,000 units and its fault sweep.
  'test/sheets/server/library-fill.test.ts',
  // Set-up, Check and the missing permissions: each case builds the sample campaign anew.
  'test/sheets/setup/set-up.test.ts',
  'test/sheets/check.test.ts',
  'test/sheets/authorization.test.ts',
  // The playground's server over raw HTTP: every script function the page may run, run on the sample campaign.
  'test/dev/playground/guard.test.ts',
];

export default mergeConfig(base, defineConfig({ test: { exclude: [...configDefaults.exclude, ...SLOW_TESTS] } }));
