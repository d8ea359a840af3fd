// The playground's page as the server sends it: index.html with the styles, the client and the
// google.script.run bridge inlined, so that the page fetches nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Bundles one browser entry (client.ts, bridge.ts) as a script that may sit inside a <script> element. */
async function bundle(dir: string, entry: string): Promise<string> {
  const out = await build({
    entryPoints: [join(dir, entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  });
  const [file] = out.outputFiles;
  if (file === undefined) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text.replace(/<\/script/gi, '<\\/script');
}

/** The google.script.run bridge alone, for the web app's page (web-app.ts). */
export const bridgeScript = (root: string): Promise<string> =>
  bundle(join(root, 'dev', 'playground'), 'bridge.ts');

/** The page of the playground whose sources are in root/dev/playground. */
export async function pageHtml(root: string): Promise<string> {
  const dir = join(root, 'dev', 'playground');
  const [client, bridge] = await Promise.all([bundle(dir, 'client.ts'), bundle(dir, 'bridge.ts')]);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const css = readFileSync(join(dir, 'style.css'), 'utf8');
  return html
    .replace('/*STYLE*/', () => css)
    .replace('"BRIDGE"', () => JSON.stringify(bridge).replace(/</g, '\\u003c'))
    .replace('/*CLIENT*/', () => client);
}
