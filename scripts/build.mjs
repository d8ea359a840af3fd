// Builds dist/ exactly as clasp pushes it: Code.js (the explicit Apps Script globals, then the bundle),
// Sidebar.html (one inlined file) and appsscript.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Writes each file whole (a temp file renamed over it), so a reader never sees a half-written dist/. */
function writeAtomic(name, content) {
  const tmp = join(dist, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, join(dist, name));
}

export async function buildDist({ quiet = false } = {}) {
  mkdirSync(dist, { recursive: true });
  const written = new Set();
  const write = (name, content) => {
    writeAtomic(name, content);
    written.add(name);
  };

  const server = await build({
    entryPoints: [join(root, 'src/main.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'Warcard',
    target: 'es2020',
    platform: 'neutral',
    // Every formula call loads the whole file: keep it small. The globals above it stay readable.
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  const globals = readFileSync(join(root, 'src/apps-script/globals.js'), 'utf8');
  write('Code.js', `${globals}\n${server.outputFiles[0].text}`);

  const sidebarEntry = join(root, 'src/sidebar/main.ts');
  if (existsSync(sidebarEntry)) {
    const client = await build({
      entryPoints: [sidebarEntry],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      platform: 'browser',
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'warning',
    });
    const template = readFileSync(join(root, 'src/sidebar/sidebar.html'), 'utf8');
    const css = readFileSync(join(root, 'src/sidebar/sidebar.css'), 'utf8');
    // A function replacer: the bundle may contain "$&" and friends.
    const html = template
      .replace('/*INLINE_CSS*/', () => css)
      .replace('/*INLINE_SCRIPT*/', () => client.outputFiles[0].text.replace(/<\/script/gi, '<\\/script'));
    write('Sidebar.html', html);
  }

  write('appsscript.json', readFileSync(join(root, 'appsscript.json')));
  // dist/ is exactly what clasp pushes: nothing else may linger there.
  for (const f of readdirSync(dist))
    if (!written.has(f) && !f.endsWith('.tmp')) rmSync(join(dist, f), { force: true });
  if (!quiet) {
    const size = readFileSync(join(dist, 'Code.js')).length;
    console.log(`dist/ built: Code.js ${(size / 1024).toFixed(1)} KB`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildDist();
}
