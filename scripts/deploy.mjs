// `npm run deploy [-- --target NAME]`: the gate, then dist/ built and pushed with clasp to one Apps Script project.
// The gate runs the type check, biome and the fast tests (vitest.fast.config.ts); the first that fails stops the
// deploy before anything is built or pushed. A target is a clasp project file: .clasp.json when none is named
// (README, "Deploy with clasp"), .clasp.NAME.json for `--target NAME` (git-ignored: "test" for a test spreadsheet,
// "campaign" for the table's), checked before the gate so a missing one costs no test run.
// npm and clasp run from their own scripts under this very Node where they can (no npx: on Windows that is
// npx.cmd, which spawnSync cannot start without a shell), and a failure to start either, or its failure, is printed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What `--target` may name: a clasp project file's middle, .clasp.NAME.json. */
const TARGET_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/i;

/**
 * The command that runs `clasp push --force` on `platform`: clasp's own script under `node` when it is installed,
 * else npx (npx.cmd through the shell on Windows, as Node 20 refuses to spawn a .cmd without one). `project`: the
 * target's project file, passed as clasp's --project (none: clasp finds .clasp.json).
 */
export function pushCommand(platform = process.platform, node = process.execPath, dir = root, project) {
  const pkg = join(dir, 'node_modules/@google/clasp/package.json');
  const args = [...(project ? ['--project', project] : []), 'push', '--force'];
  if (existsSync(pkg)) {
    const { bin } = JSON.parse(readFileSync(pkg, 'utf8'));
    const script = typeof bin === 'string' ? bin : bin?.clasp;
    if (script) return { command: node, args: [join(dirname(pkg), script), ...args], shell: false };
  }
  return platform === 'win32'
    ? { command: 'npx.cmd', args: ['clasp', ...args], shell: true }
    : { command: 'npx', args: ['clasp', ...args], shell: false };
}

/**
 * The command that runs `npm run <script>`: npm's own script under `node` when npm started this one (it names
 * itself in npm_execpath), else npm (npm.cmd through the shell on Windows).
 */
export function npmRunCommand(
  script,
  env = process.env,
  platform = process.platform,
  node = process.execPath,
) {
  const npm = env.npm_execpath;
  if (npm && /\.[cm]?js$/.test(npm)) return { command: node, args: [npm, 'run', script], shell: false };
  return platform === 'win32'
    ? { command: 'npm.cmd', args: ['run', script], shell: true }
    : { command: 'npm', args: ['run', script], shell: false };
}

/** The gate's steps, in order: each an npm script that must pass before the push. */
export const GATE = [
  { step: 'Type check', script: 'typecheck' },
  { step: 'Lint (biome)', script: 'lint' },
  { step: 'Fast tests (all but those vitest.fast.config.ts leaves to npm test)', script: 'test:fast' },
];

/** The deploy's arguments: `--target NAME` or `--target=NAME` (none: .clasp.json). Throws what to type instead. */
export function parseDeployArgs(argv) {
  let target;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    let value;
    if (arg === '--target') value = argv[++i];
    else if (arg.startsWith('--target=')) value = arg.slice('--target='.length);
    else
      throw new Error(
        `npm run deploy takes only --target NAME (got "${arg}"): e.g. npm run deploy -- --target test`,
      );
    if (value === undefined || !TARGET_NAME.test(value)) {
      throw new Error(
        `--target needs a name of letters, digits and dashes (got ${value === undefined ? 'none' : `"${value}"`}): ` +
          'e.g. npm run deploy -- --target test',
      );
    }
    if (target !== undefined && target !== value)
      throw new Error(`Name one target, not "${target}" and "${value}".`);
    target = value;
  }
  return { target };
}

/** A target's clasp project file: .clasp.json for none, else .clasp.NAME.json. */
export function projectFile(target) {
  return target === undefined ? '.clasp.json' : `.clasp.${target}.json`;
}

/** The targets configured in `dir`: the NAME of each .clasp.NAME.json, sorted. */
export function configuredTargets(dir = root) {
  return readdirSync(dir)
    .map((f) => /^\.clasp\.(.+)\.json$/.exec(f)?.[1])
    .filter((name) => name !== undefined && TARGET_NAME.test(name))
    .sort();
}

/** Why the target cannot be pushed to (no project file, no script id), with what to do; undefined when it can. */
export function targetProblem(target, dir = root) {
  const file = projectFile(target);
  const where =
    '(in the spreadsheet: Extensions > Apps Script > Project Settings > Script ID). See README, "Deploy".';
  const others = configuredTargets(dir);
  const known = others.length
    ? `Targets set up here: ${others.join(', ')}.`
    : 'No target is set up here yet.';
  if (!existsSync(join(dir, file))) {
    return (
      `No deploy target "${target}": ${file} is missing. Create it as {"scriptId": "…", "rootDir": "dist"} with ` +
      `that spreadsheet's Apps Script project id ${where}\n${known}`
    );
  }
  let clasp;
  try {
    clasp = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (e) {
    return `${file} is not JSON (${e instanceof Error ? e.message : String(e)}): write it as {"scriptId": "…", "rootDir": "dist"}.`;
  }
  if (typeof clasp?.scriptId !== 'string' || clasp.scriptId === '' || clasp.scriptId.startsWith('REPLACE')) {
    return `Set "scriptId" in ${file} to your spreadsheet's Apps Script project id first\n${where}`;
  }
  if (clasp.rootDir !== 'dist') {
    return `Set "rootDir" in ${file} to "dist" (got ${JSON.stringify(clasp.rootDir)}): the deploy pushes the build there.`;
  }
  return undefined;
}

/**
 * The deploy, its steps run by `run` (a command: its exit status, or an Error when it could not start) and the
 * build by `build`; messages go to `print`. The target first, then the gate, the build and the push, each only if
 * all before it passed. Resolves to the process's exit code.
 */
export async function deploy({ argv, dir = root, run, build, print }) {
  let target;
  try {
    ({ target } = parseDeployArgs(argv));
  } catch (e) {
    print(e instanceof Error ? e.message : String(e));
    return 2;
  }
  const problem = targetProblem(target, dir);
  if (problem) {
    print(problem);
    return 1;
  }
  for (const { step, script } of GATE) {
    print(`== ${step}`);
    const failed = ran(step, npmRunCommand(script), run);
    if (failed) {
      print(`${failed} The deploy stops here: nothing was built or pushed.`);
      return 1;
    }
  }
  print('== Build');
  await build();
  const to = target === undefined ? 'the .clasp.json project' : `target "${target}"`;
  print(`== Push to ${to}`);
  const failed = ran(
    'clasp push',
    pushCommand(undefined, undefined, dir, target && join(dir, projectFile(target))),
    run,
  );
  if (failed) {
    print(failed);
    return 1;
  }
  print(`Pushed to ${to}: reload its spreadsheet to load the new script.`);
  return 0;
}

/** Runs one command: undefined when it passed, else what went wrong. */
function ran(step, command, run) {
  const status = run(command);
  if (status instanceof Error) {
    return `${step} could not start (${command.command} ${command.args.join(' ')}): ${status.message}.`;
  }
  return status === 0 ? undefined : `${step} failed (exit ${status}): its message is above.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const code = await deploy({
    argv: process.argv.slice(2),
    run: ({ command, args, shell }) => {
      const child = spawnSync(command, args, { stdio: 'inherit', shell, cwd: root });
      return child.error ?? child.status ?? child.signal ?? 1;
    },
    build: async () => (await import('./build.mjs')).buildDist(),
    print: (line) => console.error(line),
  });
  process.exit(code);
}
