// npm run deploy: the gate (type check, biome, the fast tests) before anything is built or pushed, a named target's
// project file, a clear message for a target not set up; clasp started without npx where it can (npx is npx.cmd
// on Windows, which Node 20 will not spawn without a shell). Nothing here pushes: the steps are recorded, and the
// real script is run only where it stops before clasp.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Command,
  configuredTargets,
  deploy,
  GATE,
  npmRunCommand,
  parseDeployArgs,
  pushCommand,
  targetProblem,
} from '../../scripts/deploy.mjs';
import fast, { SLOW_TESTS } from '../../vitest.fast.config.js';

const ROOT = join(import.meta.dirname, '../..');

describe('deploy: the clasp push command line', () => {
  it("on win32 runs clasp's own script under node.exe, with no shell and no npx", () => {
    const cmd = pushCommand('win32', 'C:\\Program Files\\nodejs\\node.exe', ROOT);
    expect(cmd.command).toBe('C:\\Program Files\\nodejs\\node.exe');
    expect(cmd.shell).toBe(false);
    expect(cmd.args[0]).toBe(join(ROOT, 'node_modules/@google/clasp/build/src/index.js'));
    expect(cmd.args.slice(1)).toEqual(['push', '--force']);
  });

  it('on win32 without clasp installed goes through npx.cmd in the shell', () => {
    const bare = mkdtempSync(join(tmpdir(), 'warcard-deploy-'));
    expect(pushCommand('win32', 'node.exe', bare)).toEqual({
      command: 'npx.cmd',
      args: ['clasp', 'push', '--force'],
      shell: true,
    });
    expect(pushCommand('linux', 'node', bare)).toEqual({
      command: 'npx',
      args: ['clasp', 'push', '--force'],
      shell: false,
    });
  });

  it('starts clasp here: the same command line, asked for its version', () => {
    const cmd = pushCommand(process.platform, process.execPath, ROOT);
    const run = spawnSync(cmd.command, [cmd.args[0] ?? '', '--version'], {
      encoding: 'utf8',
      shell: cmd.shell,
    });
    expect(run.error).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\d+\.\d+/);
  });
});

/** A folder holding these clasp project files (name: contents). */
function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'warcard-targets-'));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}

const PROJECT = { scriptId: '1AbCdEfGhIjKlMnOp', rootDir: 'dist' };

/** The deploy in `dir`, each command answered by `status(command)`: what it ran, printed and exited with. */
async function deployed(argv: string[], dir: string, status: (c: Command) => number | Error = () => 0) {
  const ran: string[] = [];
  const printed: string[] = [];
  const code = await deploy({
    argv,
    dir,
    run: (c) => {
      ran.push(c.args.join(' '));
      return status(c);
    },
    build: async () => {
      ran.push('build');
    },
    print: (line) => printed.push(line),
  });
  return { code, ran, printed };
}

/** How the deploy runs `npm run <script>` here. */
const npmRun = (script: string) => npmRunCommand(script).args.join(' ');

describe('deploy: the gate, then the build and the push', () => {
  it('runs the type check, biome and the fast tests, then builds and pushes to the named target', async () => {
    const dir = folder({ '.clasp.test.json': PROJECT });
    const { code, ran, printed } = await deployed(['--target', 'test'], dir);
    expect(code).toBe(0);
    expect(GATE.map((g) => g.script)).toEqual(['typecheck', 'lint', 'test:fast']);
    expect(ran).toEqual([
      npmRun('typecheck'),
      npmRun('lint'),
      npmRun('test:fast'),
      'build',
      // clasp is not installed in the folder: npx runs it, with the target's project file.
      `clasp --project ${join(dir, '.clasp.test.json')} push --force`,
    ]);
    expect(printed.at(-1)).toBe('Pushed to target "test": reload its spreadsheet to load the new script.');
  });

  it('stops at the first step that fails: nothing built, nothing pushed, and says which', async () => {
    const dir = folder({ '.clasp.campaign.json': PROJECT });
    const lintFails = await deployed(['--target=campaign'], dir, (c) => (c.args.includes('lint') ? 1 : 0));
    expect(lintFails.code).toBe(1);
    expect(lintFails.ran).toEqual([npmRun('typecheck'), npmRun('lint')]);
    expect(lintFails.printed.at(-1)).toBe(
      'Lint (biome) failed (exit 1): its message is above. The deploy stops here: nothing was built or pushed.',
    );
    const testsFail = await deployed(['--target', 'campaign'], dir, (c) =>
      c.args.includes('test:fast') ? 3 : 0,
    );
    expect([testsFail.code, testsFail.ran.includes('build'), testsFail.ran.length]).toEqual([1, false, 3]);
    const noNpm = await deployed(['--target', 'campaign'], dir, () => new Error('spawn npm ENOENT'));
    expect(noNpm.ran).toEqual([npmRun('typecheck')]);
    expect(noNpm.printed.at(-1)).toMatch(
      /^Type check could not start \(.+\): spawn npm ENOENT\. The deploy stops here/,
    );
  });

  it('refuses a target not set up before running anything, naming the file to create and the targets there are', async () => {
    const dir = folder({
      '.clasp.campaign.json': PROJECT,
      '.clasp.json': { scriptId: 'REPLACE_WITH_YOUR_SCRIPT_ID' },
    });
    const missing = await deployed(['--target', 'test'], dir);
    expect([missing.code, missing.ran]).toEqual([1, []]);
    expect(missing.printed).toEqual([
      'No deploy target "test": .clasp.test.json is missing. Create it as {"scriptId": "…", "rootDir": "dist"} with ' +
        "that spreadsheet's Apps Script project id (in the spreadsheet: Extensions > Apps Script > Project Settings > " +
        'Script ID). See README, "Deploy".\nTargets set up here: campaign.',
    ]);
    // No target named: .clasp.json, still the placeholder.
    const unset = await deployed([], dir);
    expect([unset.code, unset.ran]).toEqual([1, []]);
    expect(unset.printed[0]).toMatch(
      /^Set "scriptId" in \.clasp\.json to your spreadsheet's Apps Script project id/,
    );
  });

  it('checks each target file: JSON, a script id, dist/ as its root', () => {
    const dir = folder({
      '.clasp.broken.json': '{ scriptId',
      '.clasp.blank.json': { rootDir: 'dist' },
      '.clasp.src.json': { scriptId: 'x1', rootDir: 'src' },
      '.clasp.good.json': PROJECT,
      '.clasp.json': PROJECT,
    });
    expect(configuredTargets(dir)).toEqual(['blank', 'broken', 'good', 'src']);
    expect(targetProblem('broken', dir)).toMatch(/^\.clasp\.broken\.json is not JSON \(/);
    expect(targetProblem('blank', dir)).toMatch(/^Set "scriptId" in \.clasp\.blank\.json/);
    expect(targetProblem('src', dir)).toBe(
      'Set "rootDir" in .clasp.src.json to "dist" (got "src"): the deploy pushes the build there.',
    );
    expect([targetProblem('good', dir), targetProblem(undefined, dir)]).toEqual([undefined, undefined]);
    expect(targetProblem('none', folder({}))).toMatch(/\nNo target is set up here yet\.$/);
  });

  it('takes --target NAME or --target=NAME, and says what to type for anything else', () => {
    expect([
      parseDeployArgs([]),
      parseDeployArgs(['--target', 'test']),
      parseDeployArgs(['--target=campaign']),
    ]).toEqual([{ target: undefined }, { target: 'test' }, { target: 'campaign' }]);
    expect(() => parseDeployArgs(['test'])).toThrow(
      'npm run deploy takes only --target NAME (got "test"): e.g. npm run deploy -- --target test',
    );
    expect(() => parseDeployArgs(['--target'])).toThrow(
      '--target needs a name of letters, digits and dashes (got none)',
    );
    expect(() => parseDeployArgs(['--target', '../x'])).toThrow('(got "../x")');
    expect(() => parseDeployArgs(['--target', 'a', '--target', 'b'])).toThrow(
      'Name one target, not "a" and "b".',
    );
  });

  it('runs npm by its own script under node when npm started the deploy, else npm (npm.cmd in the shell on win32)', () => {
    const viaNpm = npmRunCommand(
      'lint',
      { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' },
      'linux',
      'node',
    );
    expect(viaNpm).toEqual({
      command: 'node',
      args: ['/usr/lib/node_modules/npm/bin/npm-cli.js', 'run', 'lint'],
      shell: false,
    });
    expect(npmRunCommand('lint', {}, 'win32', 'node.exe')).toEqual({
      command: 'npm.cmd',
      args: ['run', 'lint'],
      shell: true,
    });
    expect(npmRunCommand('lint', {}, 'linux', 'node')).toEqual({
      command: 'npm',
      args: ['run', 'lint'],
      shell: false,
    });
  });

  it('the real script stops before clasp for a target not set up, with the message, exit 1', () => {
    expect(existsSync(join(ROOT, '.clasp.no-such-target.json'))).toBe(false);
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/deploy.mjs'), '--target', 'no-such-target'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^No deploy target "no-such-target": \.clasp\.no-such-target\.json is missing\./,
    );
  });
});

describe('the fast tests: all but Chromium, the sweeps and the few slow files named', () => {
  it('leave out test/browser and each slow file, by files that exist', () => {
    expect(fast.test?.exclude).toEqual(expect.arrayContaining(SLOW_TESTS));
    expect(SLOW_TESTS[0]).toBe('test/browser/**');
    for (const file of SLOW_TESTS.slice(1)) expect(existsSync(join(ROOT, file)), file).toBe(true);
    expect(fast.test?.include).toEqual(['test/**/*.test.ts']);
  });
});
