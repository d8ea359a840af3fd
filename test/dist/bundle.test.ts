// The built dist/ as Apps Script loads it: one script in one bare global scope, nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sidebarFunctions } from '../../src/contract/api';
import { MENU_ITEMS } from '../../src/sheets/menu';
import { LOAD_ANSWER_ELEMENT } from '../../src/sheets/server/page';

const dist = join(import.meta.dirname, '../../dist');

let code: string;
/** The script's global scope: its functions, and the Warcard bundle object. */
let context: vm.Context & Record<string, unknown> & { Warcard: Record<string, unknown> };

beforeAll(async () => {
  code = readFileSync(join(dist, 'Code.js'), 'utf8');
  const scope: Record<string, unknown> = {};
  vm.runInContext(code, vm.createContext(scope), { filename: 'Code.js' });
  const warcard = scope.Warcard;
  if (typeof warcard !== 'object' || warcard === null) throw new Error('Code.js defines no Warcard object');
  context = Object.assign(scope, { Warcard: warcard as Record<string, unknown> });
});

/** Code.js before the bundle: src/apps-script/globals.js and the sidebar's globals the build wrote. */
function globalsSource(): string {
  const bundle = code.search(/^("use strict";)?var Warcard\b/m);
  if (bundle < 0) throw new Error('Code.js has no `var Warcard` bundle');
  return code.slice(0, bundle);
}

/** Top-level function declarations of Code.js, with their parameters and JSDoc. */
function declaredGlobals(): { name: string; params: string[]; doc: string }[] {
  const source = globalsSource();
  const found: { name: string; params: string[]; doc: string }[] = [];
  const re = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)?\s*^function (\w+)\(([^)]*)\)/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const params = (m[3] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    found.push({ name: m[2] ?? '', params, doc: m[1] ?? '' });
  }
  return found;
}

describe('dist/ as clasp pushes it', () => {
  it('has every sidebar call of the contract and every menu handler as a top-level function of Code.js', () => {
    const handlers = MENU_ITEMS.flatMap((item) => (item === 'separator' ? [] : [item[1]]));
    for (const name of [...sidebarFunctions(), ...handlers]) {
      expect(typeof context[name], name).toBe('function');
      expect(code, name).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
    }
  });

  it('holds only Code.js, the manifest and HTML files', () => {
    const files = readdirSync(dist);
    expect(files).toContain('Code.js');
    expect(files).toContain('appsscript.json');
    for (const f of files) expect(f).toMatch(/^(Code\.js|appsscript\.json|\w+\.html)$/);
  });

  it('has the sidebar page with its load-answer element once, where Battle… puts the campaign', () => {
    const page = readFileSync(join(dist, 'Sidebar.html'), 'utf8');
    expect(page.split(LOAD_ANSWER_ELEMENT)).toHaveLength(2);
    expect(page.match(/id="load-answer"/g)).toHaveLength(1);
  });

  it('has a V8 manifest with exactly the three scopes', () => {
    const manifest = JSON.parse(readFileSync(join(dist, 'appsscript.json'), 'utf8'));
    expect(manifest.runtimeVersion).toBe('V8');
    expect([...manifest.oauthScopes].sort()).toEqual([
      'https://www.googleapis.com/auth/script.container.ui',
      'https://www.googleapis.com/auth/spreadsheets',
      'https://www.googleapis.com/auth/userinfo.email',
    ]);
  });

  it('leaves no module syntax and names no Node API', () => {
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    for (const api of [
      'require(',
      'process.',
      'setTimeout(',
      'fetch(',
      'TextEncoder',
      'crypto.',
      'Buffer.',
      'new URL(',
    ]) {
      expect(code, api).not.toContain(api);
    }
  });

  it('keeps no #private or static class fields (es2020)', () => {
    expect(code).not.toMatch(/\.#[a-zA-Z_]/);
    expect(code).not.toMatch(/\bstatic\s+\w+\s*=/);
  });

  it('loads in a bare context without touching any service (no top-level side effects)', () => {
    const bare = vm.createContext({});
    expect(() => vm.runInContext(code, bare)).not.toThrow();
    const added = Object.keys(bare).sort();
    const expected = ['Warcard', ...declaredGlobals().map((g) => g.name)].sort();
    expect(added).toEqual(expected);
  });
});

describe('the globals Apps Script sees agree with the bundle', () => {
  it('every global calls the export of the same name, and every export has its global', () => {
    const globals = declaredGlobals();
    // What the bundle offers: each exported function, and each function of an exported object (sidebarServer).
    const offered: string[] = [];
    for (const [name, value] of Object.entries(context.Warcard)) {
      if (typeof value === 'function') offered.push(name);
      else if (typeof value === 'object' && value !== null)
        for (const [key, f] of Object.entries(value))
          if (typeof f === 'function') offered.push(`${name}.${key}`);
    }
    const targets = new Set<string>();
    const source = globalsSource();
    for (const g of globals) {
      expect(typeof context[g.name], g.name).toBe('function');
      const body = source.slice(source.indexOf(`function ${g.name}(`)).split('\n}')[0] ?? '';
      const called = [...body.matchAll(/Warcard\.([\w.]+)\(/g)].map((m) => m[1] ?? '');
      expect(called.length, `${g.name} calls into the bundle`).toBeGreaterThan(0);
      for (const c of called) {
        expect(offered, `${g.name} calls Warcard.${c}`).toContain(c);
        // A global calls the bundle's function of its own name (Warcard.X, Warcard.sidebarServer.X); onInstall is onOpen.
        expect(c.split('.').pop(), g.name).toBe(g.name === 'onInstall' ? 'onOpen' : g.name);
        targets.add(c);
      }
    }
    expect([...targets].sort()).toEqual(offered.sort());
  });

  it('every custom function carries @customfunction, a @param per argument, @return and an example', () => {
    const custom = declaredGlobals().filter((g) => g.doc.includes('@customfunction'));
    expect(custom.map((g) => g.name).sort()).toEqual([
      'ARMIES',
      'ARMYVALUE',
      'BATTLEODDS',
      'BATTLES',
      'CHARACTERVALUE',
      'MUSTERCOST',
      'RESOLVEBATTLE',
      'TACTICS',
      'TREASURY',
      'TROOPRATIO',
      'UNITSTATS',
      'UNITVALUE',
      'UPKEEP',
    ]);
    for (const g of custom) {
      const documented = [...g.doc.matchAll(/@param\s+(?:\{[^}]*\}\s+)?(\w+)/g)].map((m) => m[1]);
      expect(documented, g.name).toEqual(g.params);
      expect(g.doc, g.name).toMatch(/@return/);
      expect(g.doc, g.name).toMatch(new RegExp(`@example\\s+=${g.name}\\(`));
    }
  });
});

describe('every formula, called by name in the loaded bundle', () => {
  const units = [
    [
      'Unit',
      'Army',
      'Role',
      'Move',
      'Melee',
      'Missile',
      'Defense',
      'Charge',
      'Morale',
      'Hits',
      'Override',
      'Status',
    ],
    ['Knights', 'Avanil', 'Mounted', 2, 4, 0, 4, 6, 3, 3, '', 'Ready'],
    ['Irregulars', 'Avanil', 'Melee', 2, 3, 2, 2, 0, 2, 2, 2, ''],
    ['', '', '', '', '', '', '', '', '', '', '', ''],
    ['Levy', 'Ghoere', 'Melee', 1, 2, 0, 1, 0, 1, 2, '', ''],
    ['Archers', 'Ghoere', 'Missile', 2, 2, 4, 2, 0, 2, 2, '', 'Routed'],
  ];
  const characters = [
    ['Character', 'Army', 'Warrior', 'Strategy'],
    ['Lord Aerin', 'Avanil', 6, true],
  ];
  const battles = [
    ['Battle', 'Side', 'Armies', 'Defender', 'Plan', 'Roll'],
    ['Field', 'Avanil', 'Avanil', false, 'Normal attack', 60],
    ['Field', 'Ghoere', 'Ghoere', true, 'Hold', 30],
  ];
  const call = (name: string, ...args: unknown[]) => {
    const fn = context[name];
    if (typeof fn !== 'function') throw new Error(`Code.js has no function ${name}`);
    return fn(...args);
  };

  it('UNITVALUE, MUSTERCOST and UPKEEP value each row', () => {
    expect(call('UNITVALUE', units)).toEqual([['Value'], [7], [2], [''], [1], [3]]);
    expect(call('MUSTERCOST', units)).toEqual([['Muster'], [6], [2], [''], [2], [2]]);
    expect(call('UPKEEP', units)).toEqual([['Upkeep'], [2], [1], [''], [1], [1]]);
  });

  it('UNITSTATS gives the three side by side from one call', () => {
    expect(call('UNITSTATS', units)).toEqual([
      ['Value', 'Muster', 'Upkeep'],
      [7, 6, 2],
      [2, 2, 1],
      ['', '', ''],
      [1, 2, 1],
      [3, 2, 1],
    ]);
  });

  it('ARMIES sums each army: units by status, value, muster and upkeep of Ready and Routed units', () => {
    expect(call('ARMIES', units, characters)).toEqual([
      ['Army', 'Ready', 'Routed', 'Destroyed', 'Captured', 'Value', 'Muster', 'Upkeep', 'Note'],
      ['Avanil', 2, 0, 0, 0, 7 + 2 + 11, 6 + 2, 2 + 1, ''],
      ['Ghoere', 1, 1, 0, 0, 1, 2 + 2, 1 + 1, ''],
    ]);
  });

  it('CHARACTERVALUE and ARMYVALUE add characters to the Ready units', () => {
    expect(call('CHARACTERVALUE', characters, units)).toEqual([['Bonus'], [11]]);
    expect(call('ARMYVALUE', 'Avanil', units, characters)).toBe(7 + 2 + 11);
    expect(call('ARMYVALUE', 'Ghoere', units)).toBe(1);
  });

  it('BATTLES gives the header row and both sides', () => {
    const block = call('BATTLES', battles, units, characters);
    expect(block[0]).toEqual([
      'Base',
      'Percent',
      'Points',
      'Battle Value',
      'Win Chance',
      'Total',
      'Outcome',
      'Casualty Rate',
      'Casualties',
      'Routed',
      'Destroyed',
    ]);
    expect(block).toHaveLength(3);
    expect(block[1][6]).toBe('Won');
    expect(block[2][6]).toBe('Lost');
  });

  it('RESOLVEBATTLE, BATTLEODDS, TROOPRATIO and TACTICS answer', () => {
    expect(call('RESOLVEBATTLE', 52, 47, 63, 18, 45, 40, 'Hold', 'No plan')).toEqual([
      ['A', 50, 0.4, 0.6, 18, 24],
    ]);
    expect(call('BATTLEODDS', 50, 50)).toBe(0.5);
    expect(call('BATTLEODDS', 50, 50, 'Hold', 'Withdraw')).toBe(0);
    expect(call('TROOPRATIO', 30, 12)).toBe(0.04);
    expect(call('TACTICS', 'Full charge', 'Hold')).toEqual([['Cas +20%', 'BV -15%']]);
  });

  it('a structural problem throws an Error that says what to fix', () => {
    expect(() => call('UNITVALUE', 5)).toThrow(/range with a header row/);
    expect(() => call('UNITVALUE', [['Unit', 'Morale']])).toThrow(/"Role", "Hits"/);
  });
});
