// What one Apps Script execution does with Code.js, run by the bench in a fresh process each (_fresh.mjs): compile
// and run the script (a new vm.Script, no code cache), then call one formula on arguments made in the script's own
// realm, as Sheets hands them over. Imports nothing of the bench, so the process holds only what the execution
// needs.
//
// Two realms: `vm`, a bare node:vm context as test/dist and the emulation load it; `plain`, this fresh process's
// own global scope. A vm context answers every lookup of a global (Math, JSON, Map...) through an interceptor,
// about 100 times slower in a hot loop (Math.imul in the fingerprint hash: 600 ms a million characters against
// 6); Apps Script's global is a plain V8 one, so `plain` is the nearer to Google's own time.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/** The formulas and their arguments from a campaign of _campaign.mjs. */
export const FORMULAS = {
  UNITVALUE: (c) => [c.units],
  MUSTERCOST: (c) => [c.units],
  UPKEEP: (c) => [c.units],
  UNITSTATS: (c) => [c.units],
  CHARACTERVALUE: (c) => [c.characters, c.units],
  ARMYVALUE: (c) => [c.asked, c.units, c.characters],
  ARMIES: (c) => [c.units, c.characters, c.settings],
  BATTLES: (c) => [c.battles, c.units, c.characters, c.settings],
  TREASURY: (c) => [c.realms, c.treasury, c.units, c.seasonSettings],
};

const loadScript = (code, realm = 'vm') => {
  const script = new vm.Script(code, { filename: 'Code.js' });
  if (realm === 'plain') {
    script.runInThisContext();
    return globalThis;
  }
  const context = vm.createContext({});
  script.runInContext(context);
  return context;
};

/** Milliseconds to compile and run Code.js in a new context (the file read from disk before the clock starts). */
export function coldLoad(codePath) {
  const code = readFileSync(codePath, 'utf8');
  const t0 = performance.now();
  loadScript(code);
  return performance.now() - t0;
}

/**
 * Milliseconds of one call of formula `name` on the campaign in the JSON file `dataPath`, the first call of a
 * freshly loaded Code.js (the script's load is timed by coldLoad), in the `realm` given (see above).
 */
export function formulaCall(codePath, dataPath, name, realm) {
  const context = loadScript(readFileSync(codePath, 'utf8'), realm);
  const fn = context[name];
  if (typeof fn !== 'function') throw new Error(`Code.js has no function ${name}`);
  const parse = realm === 'plain' ? JSON.parse : vm.runInContext('JSON.parse', context);
  const campaign = parse(readFileSync(dataPath, 'utf8'));
  const args = FORMULAS[name](campaign);
  const t0 = performance.now();
  fn(...args);
  return performance.now() - t0;
}
