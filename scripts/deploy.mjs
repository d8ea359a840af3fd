// Builds dist/ and pushes it with clasp to the Apps Script project named in .clasp.json.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildDist } from './build.mjs';

const clasp = JSON.parse(readFileSync('.clasp.json', 'utf8'));
if (!clasp.scriptId || clasp.scriptId.startsWith('REPLACE')) {
  console.error(
    'Set "scriptId" in .clasp.json to your spreadsheet\'s Apps Script project id first\n' +
      '(in the spreadsheet: Extensions > Apps Script > Project Settings > Script ID). See README, "Deploy".',
  );
  process.exit(1);
}
await buildDist();
const push = spawnSync('npx', ['clasp', 'push', '--force'], { stdio: 'inherit' });
process.exit(push.status ?? 1);
