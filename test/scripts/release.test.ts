// release/ is what a game master pastes into the Apps Script editor: it must be the build, never a stale one.
// dist/ is built fresh before the tests (test/global-setup.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASE_FILES } from '../../scripts/release.mjs';

const ROOT = join(import.meta.dirname, '../..');

describe('release/', () => {
  it.each(RELEASE_FILES.map(([built, released]) => [released, built]))(
    '%s equals a fresh build (dist/%s)',
    (released, built) => {
      const fresh = readFileSync(join(ROOT, 'dist', built), 'utf8');
      let committed = '';
      try {
        committed = readFileSync(join(ROOT, 'release', released), 'utf8');
      } catch {
        committed = '(missing)';
      }
      if (committed !== fresh) {
        expect.fail(
          `release/${released} differs from a fresh build of dist/${built}: run \`npm run release\` and commit release/`,
        );
      }
    },
  );
});
