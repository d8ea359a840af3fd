// Every script file loads on every execution (each custom function call, each sidebar call): loading Code.js
// must build nothing. Run in a fresh vm context whose Map, Set and array and string methods count their use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const INSTRUMENT = `
  globalThis.__work = [];
  const note = (what) => __work.push(what);
  for (const [name, proto] of [['Array', Array.prototype], ['String', String.prototype], ['Object', Object]]) {
    for (const m of ['map', 'filter', 'forEach', 'reduce', 'flatMap', 'some', 'every', 'find', 'join', 'split',
      'replace', 'repeat', 'sort', 'fromEntries', 'entries', 'keys', 'values']) {
      const f = proto[m];
      if (typeof f !== 'function') continue;
      proto[m] = function (...a) { note(name + '.' + m); return f.apply(this, a); };
    }
  }
  const M = Map; globalThis.Map = class extends M { constructor(x) { super(x); note('new Map'); } };
  const S = Set; globalThis.Set = class extends S { constructor(x) { super(x); note('new Set'); } };
  const W = WeakMap; globalThis.WeakMap = class extends W { constructor(x) { super(x); note('new WeakMap'); } };
`;

describe('loading Code.js', () => {
  it('builds no map or set and walks no array or string: the work waits for a call', () => {
    const code = readFileSync(join(import.meta.dirname, '../../dist/Code.js'), 'utf8');
    const context = vm.createContext({});
    vm.runInContext(INSTRUMENT, context);
    vm.runInContext(code, context, { filename: 'Code.js' });
    expect(vm.runInContext('__work', context)).toEqual([]);
    // The instruments do count: a call that works is seen.
    vm.runInContext('Warcard.TACTICS("Hold", "Full charge")', context);
    expect(vm.runInContext('__work.length', context)).toBeGreaterThan(0);
  });
});
