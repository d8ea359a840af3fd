// One measurement in this fresh process (see inFreshProcess in _lib.mjs): `node _fresh.mjs <module> <fn> <args>`
// imports the bench module, calls fn(...args) and sends its answer back to the bench; an error goes back as its
// message. Only the measured module is loaded, so nothing else warms or fills this process.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [module, fn, args] = process.argv.slice(2);
try {
  const loaded = await import(pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), module)).href);
  const value = await loaded[fn](...JSON.parse(args));
  process.send({ value }, () => process.exit(0));
} catch (e) {
  process.send({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }, () => process.exit(1));
}
