// `npm start`: builds dist/, then serves the playground (dev/playground) on 127.0.0.1:$PORT (8080 by default),
// running the very dist/Code.js in the emulation of Google's services (dev/gas).
//
//   npm start                     the saved workbook (.playground/workbook.json), or the sample campaign
//   npm start -- --reset          the sample campaign again
//   npm start -- --empty          a new spreadsheet: Sheet1 alone (try Warcard → Set up campaign)
//   npm start -- --slow <ms>      every answer waits that long first, as a slow Google would
//   npm start -- --no-build       serve the dist/ there is
//   npm start -- --data <file>    keep the workbook in another file
//   npm start -- --user <email>   act as that person (Session's user, held to protections): try a table
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildDist } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const WITH_VALUE = ['--data', '--slow', '--user'];
const unknown = args.filter(
  (a, i) =>
    !['--reset', '--empty', '--no-build', ...WITH_VALUE].includes(a) && !WITH_VALUE.includes(args[i - 1]),
);
if (unknown.length > 0) {
  console.error(
    `Unknown argument(s): ${unknown.join(' ')}. Use --reset, --empty, --no-build, --data <file>, --slow <ms> or --user <email>.`,
  );
  process.exit(2);
}
if (flag('--reset') && flag('--empty')) {
  console.error('Use --reset (the sample campaign) or --empty (a new spreadsheet), not both.');
  process.exit(2);
}
const slow = option('--slow') === undefined ? 0 : Number(option('--slow'));
if (!Number.isInteger(slow) || slow < 0 || slow > 60000) {
  console.error(`--slow takes milliseconds from 0 to 60000 (got "${option('--slow')}")`);
  process.exit(2);
}
for (const name of WITH_VALUE) {
  if (flag(name) && option(name) === undefined) {
    console.error(`${name} needs a value.`);
    process.exit(2);
  }
}

const port = process.env.PORT === undefined ? 8080 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (got "${process.env.PORT}")`);
  process.exit(2);
}

if (!flag('--no-build')) await buildDist();

// The server is TypeScript: bundle it (packages stay in node_modules), written whole then renamed into place.
const out = join(root, 'build', 'playground', 'server.mjs');
const bundle = await build({
  entryPoints: [join(root, 'dev', 'playground', 'server.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  logLevel: 'warning',
});
mkdirSync(dirname(out), { recursive: true });
const tmp = `${out}.${process.pid}.tmp`;
writeFileSync(tmp, bundle.outputFiles[0].text);
renameSync(tmp, out);

const { startPlayground } = await import(pathToFileURL(out).href);
const dataFile = option('--data');
try {
  const playground = await startPlayground({
    root,
    port,
    reset: flag('--reset'),
    empty: flag('--empty'),
    hold: slow > 0 ? () => new Promise((done) => setTimeout(done, slow)) : undefined,
    dataFile: dataFile ? resolve(dataFile) : undefined,
    user: option('--user'),
  });
  console.log(`Warcard playground: ${playground.url}`);
  const stop = () => playground.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`The playground could not start: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
