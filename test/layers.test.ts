// The layers of docs/DEVELOPING.md, enforced: each part of src/ imports only from the parts above it, and no
// module imports itself back through others (an import circle makes load order matter in the one IIFE).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

/** What each part may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  rules: [],
  contract: ['rules'],
  sheets: ['rules', 'contract'],
  sidebar: ['rules', 'contract'],
  'main.ts': ['rules', 'contract', 'sheets'],
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return /\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The src modules a module imports (type-only imports included: they bind the layers just the same). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:import|export)[^'";]*?from\s+'([^']+)'/g)].map((m) => m[1] ?? '');
  return found
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const path = resolve(dirname(file), spec);
      if (existsSync(path) && statSync(path).isDirectory()) return join(path, 'index.ts');
      return path.endsWith('.ts') ? path : `${path}.ts`;
    });
}

const partOf = (file: string): string => relative(SRC, file).split('/')[0] ?? '';
const name = (file: string): string => relative(SRC, file);

const FILES = modules(SRC);
const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]));

describe('layers', () => {
  it('finds the modules and their imports', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(GRAPH.get(join(SRC, 'sidebar/server.ts'))).toContain(join(SRC, 'contract/api.ts'));
  });

  it('each part imports only from the parts above it', () => {
    const breaches = FILES.flatMap((file) => {
      const part = partOf(file);
      const allowed = ALLOWED[part];
      if (!allowed) return [`${name(file)}: not in a known part of src/`];
      return (GRAPH.get(file) ?? [])
        .filter((target) => partOf(target) !== part && !allowed.includes(partOf(target)))
        .map((target) => `${name(file)} imports ${name(target)}`);
    });
    expect(breaches).toEqual([]);
  });

  it('has no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map(name).join(' → '));
        return;
      }
      state.set(file, 'open');
      path.push(file);
      for (const next of GRAPH.get(file) ?? []) if (GRAPH.has(next)) visit(next);
      path.pop();
      state.set(file, 'done');
    };
    for (const file of FILES) visit(file);
    expect(circles).toEqual([]);
  });
});

/**
 * The server's handlers: a module of src/sheets/server that answers a call (exports a sidebarX) or runs a journaled
 * write (journaledCall). sidebar-server.ts gathers them, and page-server.ts runs them for a player page.
 */
const HANDLERS = FILES.filter((file) => {
  const path = name(file);
  if (!path.startsWith('sheets/server/') || /\/(sidebar-server|page-server|write)\.ts$/.test(path))
    return false;
  const text = readFileSync(file, 'utf8');
  return /export (const|function) sidebar[A-Z]\w*/.test(text) || /\bjournaledCall\(/.test(text);
});

describe('handlers', () => {
  it('finds each handler of the server', () => {
    const found = HANDLERS.map(name).sort();
    for (const h of ['apply', 'collect', 'library-fill', 'load', 'new-round', 'save', 'undo'])
      expect(found).toContain(`sheets/server/${h}.ts`);
    for (const h of ['logged-roll', 'reveal', 'seal-plan'])
      expect(found).toContain(`sheets/server/sealed/${h}.ts`);
    expect(found.length).toBeGreaterThanOrEqual(10);
  });

  it('no handler imports another: what two share lives in a module of its own', () => {
    const breaches = HANDLERS.flatMap((file) =>
      (GRAPH.get(file) ?? [])
        .filter((t) => HANDLERS.includes(t))
        .map((t) => `${name(file)} imports ${name(t)}`),
    );
    expect(breaches).toEqual([]);
  });
});

describe('modules say what they hold', () => {
  it('every module in src opens with a comment saying what it holds', () => {
    const silent = FILES.filter((file) => !/^(\/\/|\/\*)/.test(readFileSync(file, 'utf8'))).map(name);
    expect(silent).toEqual([]);
  });

  it('no two modules in src share a file name, whatever their folders', () => {
    const byName = new Map<string, string[]>();
    for (const file of FILES) {
      const base = file.slice(file.lastIndexOf('/') + 1);
      byName.set(base, [...(byName.get(base) ?? []), name(file)]);
    }
    const shared = [...byName.values()].filter((files) => files.length > 1);
    expect(shared).toEqual([]);
  });
});
