// The bench reaches into src/, dev/ and test/ by path and name (importTs), where neither tsc nor the tests look:
// a rename left it broken once without anyone seeing. This reads every bench script, finds each module it imports
// and each name it takes from one, and checks the module has it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SCRIPTS = [
  ...readdirSync(join(ROOT, 'scripts/bench')).map((f) => `scripts/bench/${f}`),
  'scripts/bench-sidebar.mjs',
].filter((f) => f.endsWith('.mjs'));

/** What a bench script takes from the modules it imports: [script, module path, name]. */
function takes(script: string): [string, string, string][] {
  const source = readFileSync(join(ROOT, script), 'utf8');
  const out: [string, string, string][] = [];
  const binding =
    /const\s+(\w+|\{[^}]*\}|\[[^=]*\])\s*=\s*await\s+(importTs\('([^']+)'\)|Promise\.all\(\s*\[([^\]]*)\]\s*\.map\([^)]*importTs[^)]*\))/g;
  const names = (pattern: string) =>
    pattern
      .replace(/[{}]/g, '')
      .split(',')
      .map((n) => n.trim().split(':')[0]?.trim() ?? '')
      .filter((n) => n !== '');
  // A path in a comment (src/sidebar/preview-model.ts) is no use of the binding `preview`.
  const uses = (name: string) =>
    [...source.matchAll(new RegExp(`(?<![\\w/$-])${name}\\.(\\w+)`, 'g'))].map((m) => m[1] ?? '');
  for (const m of source.matchAll(binding)) {
    const [, target = '', , single, list] = m;
    const paths = single ? [single] : [...(list ?? '').matchAll(/'([^']+)'/g)].map((p) => p[1] ?? '');
    // A template path (`src/sheets/${sheet}.ts`) cannot be checked by name: say so rather than pass it.
    if (paths.length === 0) throw new Error(`${script}: an importTs path this test cannot read: ${m[0]}`);
    const targets = target.startsWith('[') ? splitTop(target.slice(1, -1)) : [target];
    paths.forEach((path, i) => {
      const t = targets[i] ?? '';
      const taken = t.startsWith('{') ? names(t) : uses(t);
      for (const name of taken) out.push([script, path, name]);
    });
  }
  return out;
}

/** The items of a destructuring list, split at its top-level commas. */
function splitTop(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let item = '';
  for (const ch of list) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      items.push(item.trim());
      item = '';
    } else item += ch;
  }
  if (item.trim()) items.push(item.trim());
  return items;
}

const ALL = SCRIPTS.flatMap(takes);

describe('the bench', () => {
  it('is read: its scripts take names from the modules they import', () => {
    expect(SCRIPTS.length).toBeGreaterThan(5);
    expect(ALL.length).toBeGreaterThan(15);
    expect(ALL).toContainEqual(['scripts/bench/_battle.mjs', 'src/contract/campaign.ts', 'openCampaign']);
  });

  it('takes only names its modules export', async () => {
    const missing: string[] = [];
    for (const [script, path, name] of ALL) {
      const module = (await import(join(ROOT, path))) as Record<string, unknown>;
      if (!(name in module)) missing.push(`${script}: ${path} has no export ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
