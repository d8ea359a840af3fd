// Builds dist/ and pushes it with clasp to the Apps Script project named in .clasp.json. clasp runs from
// node_modules under this very Node (no npx: on Windows that is npx.cmd, which spawnSync cannot start without a
// shell), and a failure to start it, or its failure, is printed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The command that runs `clasp push --force` on `platform`: clasp's own script under `node` when it is installed,
 * else npx (npx.cmd through the shell on Windows, as Node 20 refuses to spawn a .cmd without one).
 */
export function pushCommand(platform = process.platform, node = process.execPath, dir = root) {
  const pkg = join(dir, 'node_modules/@google/clasp/package.json');
  const args = ['push', '--force'];
  if (existsSync(pkg)) {
    const { bin } = JSON.parse(readFileSync(pkg, 'utf8'));
    const script = typeof bin === 'string' ? bin : bin?.clasp;
    if (script) return { command: node, args: [join(dirname(pkg), script), ...args], shell: false };
  }
  return platform === 'win32'
    ? { command: 'npx.cmd', args: ['clasp', ...args], shell: true }
    : { command: 'npx', args: ['clasp', ...args], shell: false };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clasp = existsSync('.clasp.json') ? JSON.parse(readFileSync('.clasp.json', 'utf8')) : {};
  if (!clasp.scriptId || clasp.scriptId.startsWith('REPLACE')) {
    console.error(
      'Set "scriptId" in .clasp.json to your spreadsheet\'s Apps Script project id first\n' +
        '(in the spreadsheet: Extensions > Apps Script > Project Settings > Script ID). See README, "Deploy".',
    );
    process.exit(1);
  }
  const { buildDist } = await import('./build.mjs');
  await buildDist();
  const { command, args, shell } = pushCommand();
  const push = spawnSync(command, args, { stdio: 'inherit', shell });
  if (push.error) {
    console.error(`clasp could not start (${command} ${args.join(' ')}): ${push.error.message}`);
    process.exit(1);
  }
  if (push.status !== 0) {
    console.error(`clasp push failed (exit ${push.status ?? push.signal}): its message is above.`);
    process.exit(push.status ?? 1);
  }
}
