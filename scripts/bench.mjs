// npm run bench: prints speed and size figures (targets in brackets). Each file in scripts/bench/ adds a section.
import { cpus, loadavg, totalmem } from 'node:os';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDist } from './build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await buildDist({ quiet: true });
console.log(
  `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} (timings grow with it)`,
);
for (const file of readdirSync(join(here, 'bench'))
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_'))
  .sort()) {
  const section = await import(pathToFileURL(join(here, 'bench', file)).href);
  console.log(`\n## ${section.title ?? file}`);
  await section.run();
}
await import('./bench-sidebar.mjs').then(async (s) => {
  console.log(`\n## ${s.title}`);
  await s.run();
});
