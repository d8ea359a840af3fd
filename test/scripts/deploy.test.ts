// npm run deploy starts clasp without npx where it can (npx is npx.cmd on Windows, which Node 20 will not spawn
// without a shell), and through the shell where it cannot.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pushCommand } from '../../scripts/deploy.mjs';

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
