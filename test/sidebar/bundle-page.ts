// Sidebar modules in a real browser (Debian's Chromium, nothing fetched): an entry bundled with esbuild, loaded
// into a fresh blank page per test, the modules reached through window for page.evaluate.
import { launchChromium } from '../chromium';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

const root = join(import.meta.dirname, '../..');

export interface BundlePage {
  /** A new blank page (an input #outside and a #host div) with the bundle loaded; the previous one closed. */
  fresh(): Promise<Page>;
  close(): Promise<void>;
}

/** `entry` is TypeScript resolved from the repository's root, e.g. `import * as dom from './src/sidebar/dom'`. */
export async function bundlePage(entry: string): Promise<BundlePage> {
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  });
  const bundle = out.outputFiles[0]?.text;
  if (bundle === undefined) throw new Error('esbuild wrote no bundle');
  const browser = await launchChromium();
  let page: Page | null = null;
  return {
    async fresh() {
      await page?.close();
      page = await browser.newPage();
      await page.route('**/*', (route) => route.abort());
      await page.setContent(
        '<!doctype html><body><input id="outside" data-focus="outside"><div id="host"></div></body>',
      );
      await page.addScriptTag({ content: bundle });
      return page;
    },
    close: () => browser.close(),
  };
}
