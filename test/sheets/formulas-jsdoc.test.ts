// SHEETS.md: every function carries JSDoc with @customfunction, a line per argument and an example, so Sheets
// offers it in autocomplete with help. Checked on the globals Apps Script sees.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const GLOBALS = readFileSync(new URL('../../src/apps-script/globals.js', import.meta.url), 'utf8');

// The signatures as SHEETS.md writes them.
const SIGNATURES: Record<string, string[]> = {
  UNITVALUE: ['units'],
  MUSTERCOST: ['units'],
  UPKEEP: ['units'],
  UNITSTATS: ['units'],
  CHARACTERVALUE: ['characters', 'units'],
  ARMYVALUE: ['armies', 'units', 'characters'],
  ARMIES: ['units', 'characters', 'settings'],
  BATTLES: ['battles', 'units', 'characters', 'settings'],
  RESOLVEBATTLE: ['valueA', 'valueB', 'rollA', 'rollB', 'unitsA', 'unitsB', 'planA', 'planB'],
  BATTLEODDS: ['valueA', 'valueB', 'planA', 'planB'],
  TROOPRATIO: ['sizeA', 'sizeB'],
  TACTICS: ['planA', 'planB'],
};

describe('SHEETS.md functions in the Apps Script globals', () => {
  it.each(Object.entries(SIGNATURES))('%s has its JSDoc, its arguments and an example', (name, args) => {
    const match = GLOBALS.match(
      new RegExp(String.raw`/\*\*((?:(?!\*/)[\s\S])*)\*/\s*function ${name}\(([^)]*)\)`),
    );
    if (!match) throw new Error(`no JSDoc'd function ${name}`);
    const [, doc, params = ''] = match;
    expect(params.split(',').map((p) => p.trim())).toEqual(args);
    expect(doc).toMatch(/@customfunction/);
    expect(doc).toMatch(new RegExp(`@example\\s+=${name}\\(`));
    for (const arg of args)
      expect(doc, `@param ${arg}`).toMatch(new RegExp(`@param\\s+(\\{[^}]*\\}\\s+)?${arg}\\b`));
  });
});
