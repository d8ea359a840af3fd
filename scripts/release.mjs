// npm run release: builds dist/ and copies it to release/ under the names a game master pastes into the Apps Script
// editor (Code.gs, the HTML files named Sidebar and Page, the manifest). release/ is committed, so installing needs no Node;
// test/scripts/release.test.ts fails when it differs from a fresh build.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDist } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each file of dist/ and its name in release/. */
export const RELEASE_FILES = [
  ['Code.js', 'Code.gs'],
  ['Sidebar.html', 'Sidebar.html'],
  ['Page.html', 'Page.html'],
  ['appsscript.json', 'appsscript.json'],
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildDist();
  mkdirSync(join(root, 'release'), { recursive: true });
  for (const [built, released] of RELEASE_FILES)
    copyFileSync(join(root, 'dist', built), join(root, 'release', released));
  console.log(`release/ written: ${RELEASE_FILES.map(([, r]) => r).join(', ')}`);
}
