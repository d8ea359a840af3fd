// Builds dist/ exactly as clasp pushes it: Code.js (the explicit Apps Script globals, the sidebar's calls as
// globals written from their list, then the bundle), Sidebar.html (one inlined file) and appsscript.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Writes each file whole (a temp file renamed over it), so a reader never sees a half-written dist/. */
function writeAtomic(name, content) {
  const tmp = join(dist, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, join(dist, name));
}

/** The sidebar's calls as src/contract/api.ts lists them (SIDEBAR_CALLS): that module bundled and run here. */
export async function sidebarCalls() {
  const contract = await build({
    entryPoints: [join(root, 'src/contract/api.ts')],
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: {} };
  vm.runInNewContext(contract.outputFiles[0].text, { module, exports: module.exports });
  const calls = module.exports.SIDEBAR_CALLS;
  if (typeof calls !== 'object' || calls === null)
    throw new Error('src/contract/api.ts exports no SIDEBAR_CALLS');
  return calls;
}

/** The names of the top-level functions a script declares. */
export function declaredFunctions(source) {
  return [...source.matchAll(/^function ([\w$]+)\(/gm)].map((m) => m[1]);
}

/** Words wrapped into JSDoc lines of at most `width` characters. */
function docLines(text, width = 110) {
  const lines = [];
  let line = ' *';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== ' *') {
      lines.push(line);
      line = ' *';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/**
 * The sidebar's calls as Code.js's globals: google.script.run calls only top-level functions, so each call of the
 * list becomes one, JSDoc'd, handing its request to Warcard.sidebarServer. `taken`: the names globals.js declares.
 */
export function sidebarGlobals(calls, taken) {
  const out = [
    "// ---- The sidebar's calls, written by scripts/build.mjs from SIDEBAR_CALLS (src/contract/api.ts). Each is a",
    '// whole execution, so the sidebar makes few: one load, then one call per write. Previews are computed in the',
    '// browser.',
  ];
  for (const [name, call] of Object.entries(calls)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name))
      throw new Error(`The sidebar call "${name}" is not a function name`);
    if (taken.includes(name))
      throw new Error(`src/apps-script/globals.js already declares ${name}, a sidebar call`);
    const does = call?.does;
    if (typeof does !== 'string' || does.trim() === '' || does.includes('*/'))
      throw new Error(`The sidebar call ${name} needs a line saying what it does (without "*/")`);
    out.push(
      '',
      '/**',
      ...docLines(`Sidebar: ${does}.`),
      ' * @param {Object=} request Its request, as SidebarApi types it (src/contract/api.ts); the server parses it first.',
      ' * @return {Object} Its answer: { ok: true, ... }, or a failure { ok: false, code, message, campaign }.',
      ' */',
      `function ${name}(request) {`,
      `  return Warcard.sidebarServer.${name}(request);`,
      '}',
    );
  }
  return `${out.join('\n')}\n`;
}

/** A browser entry of src/sidebar bundled into its HTML template with its CSS: one inlined file (null without it). */
async function inlinedPage(entry, template, css) {
  const dir = join(root, 'src/sidebar');
  if (!existsSync(join(dir, entry))) return null;
  const client = await build({
    entryPoints: [join(dir, entry)],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  // A function replacer: the bundle may contain "$&" and friends.
  return readFileSync(join(dir, template), 'utf8')
    .replace('/*INLINE_CSS*/', () => readFileSync(join(dir, css), 'utf8'))
    .replace('/*INLINE_SCRIPT*/', () => client.outputFiles[0].text.replace(/<\/script/gi, '<\\/script'));
}

export async function buildDist({ quiet = false } = {}) {
  mkdirSync(dist, { recursive: true });
  const written = new Set();
  const write = (name, content) => {
    writeAtomic(name, content);
    written.add(name);
  };

  // Constants Help shows, fixed at build time: nothing is read when the script loads.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8'));
  const server = await build({
    entryPoints: [join(root, 'src/main.ts')],
    define: {
      WARCARD_VERSION: JSON.stringify(String(pkg.version)),
      WARCARD_SCOPES: JSON.stringify(manifest.oauthScopes ?? []),
    },
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
  const sidebar = sidebarGlobals(await sidebarCalls(), declaredFunctions(globals));
  write('Code.js', `${globals}\n${sidebar}\n${server.outputFiles[0].text}`);

  // Sidebar.html (the battle sidebar) and Page.html (a player's own page, the web app): each one inlined file.
  for (const [name, entry, template, css] of [
    ['Sidebar.html', 'entry.ts', 'sidebar.html', 'sidebar.css'],
    ['Page.html', 'page-entry.ts', 'player-page.html', 'player-page.css'],
  ]) {
    const html = await inlinedPage(entry, template, css);
    if (html !== null) write(name, html);
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
