// The sidebar's calls are listed once (SIDEBAR_CALLS in src/contract/api.ts): the server object, Code.js's
// top-level functions, the client's wrapper and the playground's allowed names all come from that list, so a call
// missing from any of them fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FUNCTIONS } from '../../dev/playground/server';
import { declaredFunctions, sidebarCalls, sidebarGlobals } from '../../scripts/build.mjs';
import { SIDEBAR_CALLS, sidebarFunctions } from '../../src/contract/api';
import { serverApi } from '../../src/sidebar/server';

const codePath = join(import.meta.dirname, '../../dist/Code.js');
const globalsPath = join(import.meta.dirname, '../../src/apps-script/globals.js');

let code: string;
let scope: Record<string, unknown>;

beforeAll(() => {
  code = readFileSync(codePath, 'utf8');
  scope = {};
  vm.runInContext(code, vm.createContext(scope), { filename: 'Code.js' });
});

/** Code.js's top-level functions that hand their request to Warcard.sidebarServer, by the name they call. */
function sidebarGlobalsOf(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.matchAll(
    /^function (\w+)\(request\) \{\n {2}return Warcard\.sidebarServer\.(\w+)\(request\);\n\}/gm,
  ))
    found.set(m[1] ?? '', m[2] ?? '');
  return found;
}

describe('the sidebar calls, listed once', () => {
  it('are the same set in the list, the server object, Code.js globals, the client wrapper and the playground', () => {
    const list = sidebarFunctions();
    expect(list.length).toBeGreaterThan(0);
    const warcard = scope.Warcard as { sidebarServer?: Record<string, unknown> };
    const server = warcard.sidebarServer ?? {};
    expect(Object.keys(server).sort()).toEqual([...list].sort());
    for (const name of list) expect(typeof server[name], name).toBe('function');

    const globals = sidebarGlobalsOf(code);
    expect([...globals.keys()]).toEqual(list);
    for (const [name, target] of globals) {
      expect(target, name).toBe(name);
      expect(typeof scope[name], name).toBe('function');
    }

    const client = serverApi(() => {
      throw new Error('building the wrapper calls nothing');
    });
    expect(Object.keys(client)).toEqual(list);

    for (const name of list) expect(PAGE_FUNCTIONS, name).toContain(name);
  });

  it('has each global hand over its request and its answer as they are', () => {
    const seen: unknown[] = [];
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const server = vm.runInContext('Warcard.sidebarServer', context) as Record<string, unknown>;
    for (const name of sidebarFunctions())
      server[name] = (request: unknown) => {
        seen.push([name, request]);
        return { answeredBy: name };
      };
    for (const name of sidebarFunctions()) {
      const global = vm.runInContext(name, context) as (request: unknown) => unknown;
      expect(global({ from: name })).toEqual({ answeredBy: name });
    }
    expect(seen).toEqual(sidebarFunctions().map((name) => [name, { from: name }]));
  });

  it('reach Code.js as the contract lists them, after globals.js, each with its line of JSDoc', async () => {
    expect(await sidebarCalls()).toEqual(SIDEBAR_CALLS);
    const globals = readFileSync(globalsPath, 'utf8');
    const written = sidebarGlobals(SIDEBAR_CALLS, declaredFunctions(globals));
    expect(code.startsWith(`${globals}\n${written}\n`)).toBe(true);
    const docs = [...written.matchAll(/\/\*\*\n((?: \*.*\n)+?) \* @param/g)].map((m) =>
      (m[1] ?? '')
        .replace(/\n \* /g, ' ')
        .replace(/^ \* /, '')
        .trim(),
    );
    expect(docs).toEqual(Object.values(SIDEBAR_CALLS).map((call) => `Sidebar: ${call.does}.`));
  });

  it('are written by the build only: globals.js declares none of them', () => {
    const declared = declaredFunctions(readFileSync(globalsPath, 'utf8'));
    expect(declared.length).toBeGreaterThan(0);
    for (const name of sidebarFunctions()) expect(declared, name).not.toContain(name);
  });

  it('stop the build on a name globals.js already declares, a name that is no function name, or no line', () => {
    const does = { does: 'a test call' };
    expect(sidebarGlobals({ sidebarPeek: does }, ['onOpen'])).toContain(
      'function sidebarPeek(request) {\n  return Warcard.sidebarServer.sidebarPeek(request);\n}',
    );
    expect(() => sidebarGlobals({ onOpen: does }, ['onOpen'])).toThrow(
      'src/apps-script/globals.js already declares onOpen, a sidebar call',
    );
    expect(() => sidebarGlobals({ 'sidebar-peek': does }, [])).toThrow(
      'The sidebar call "sidebar-peek" is not a function name',
    );
    for (const bad of [{}, { does: ' ' }, { does: 'ends the comment */ early' }])
      expect(() => sidebarGlobals({ sidebarPeek: bad }, [])).toThrow(
        'The sidebar call sidebarPeek needs a line saying what it does',
      );
  });
});
