// Server messages say what happened; what to press is the sidebar's words (src/sidebar/next-steps.ts) or the
// menu's (menuNext in src/sheets/menu.ts), each chosen by the failure's code. Here: the menu's words, exactly;
// that every menu action names a menu item; and that no message the server or the contract writes names a button.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILURE_CODES, type FailureCode } from '../../src/contract/errors';
import { captionOf, MENU_ITEMS, menuNext } from '../../src/sheets/menu';
import { apply, FORD, FORD_ROLLS, load, ok, open, requestFor, setupOf, state } from '../support';

const SRC = resolve(__dirname, '../../src');

const UNDO_NEXT: Record<FailureCode, string> = {
  setup: ' Once it is fixed, choose Warcard → Undo last battle again.',
  locked: ' Please choose Warcard → Undo last battle again in a moment.',
  stale: ' Please choose Warcard → Undo last battle again.',
  invalid: ' Please choose Warcard → Undo last battle again.',
  unsafe: ' Once it is fixed, choose Warcard → Undo last battle again.',
  failed:
    ' Please choose Warcard → Undo last battle again: Warcard first puts back anything a failure left unfinished.',
  authorization: ' Then choose Warcard → Undo last battle again.',
  refused: '',
};

describe("the menu's next step, by code", () => {
  it.each(FAILURE_CODES)('%s', (code) => {
    expect(menuNext(code, 'undoLastBattle')).toBe(UNDO_NEXT[code]);
  });

  it('every menu action of main.ts names a menu item, whose caption its alerts use', () => {
    const main = readFileSync(join(SRC, 'main.ts'), 'utf8');
    const named = [...main.matchAll(/menuAction\('(\w+)', \w+\.(\w+)\)/g)];
    expect(named.map((m) => m[1])).toEqual([
      'setUpCampaign',
      'setUpSampleCampaign',
      'openBattleSidebar',
      'undoLastBattle',
      'newRound',
      'fillFromLibrary',
      'collectSeason',
      'protectRealms',
      'showPlayerLinks',
    ]);
    for (const [, name, fn] of named) {
      expect(name).toBe(fn);
      expect(MENU_ITEMS).toContainEqual([captionOf(String(name)), name]);
    }
    expect(() => captionOf('noSuchItem')).toThrow('No menu item calls noSuchItem.');
  });
});

describe("the menu's alerts add the menu's words to the server's", () => {
  it('Undo last battle and New round, while another user writes: the message, then when to choose it again', () => {
    const lw = open();
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    const other = lw.lockAs('another user');
    expect(other.tryLock(0)).toBe(true);
    const before = state(lw);
    lw.run('undoLastBattle');
    lw.run('newRound');
    const busy =
      'Another user is changing the campaign right now (a battle, an undo or a new round). Nothing was written.';
    expect(lw.workbook.ui.alerts).toEqual([
      `${busy} Please choose Warcard → Undo last battle again in a moment.`,
      `${busy} Please choose Warcard → New round again in a moment.`,
    ]);
    expect(state(lw)).toEqual(before);
  });
});

/** Every .ts file under a folder of src. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** The words that name a button or a retry: the sidebar's and the menu's to say, never a server message's. */
const PRESS_WORDS =
  /\b(press|reload|retry|try again|open the sidebar|in a moment|then (apply|roll|undo|save))\b/i;

/** The string literals of a source text (quotes and template texts; comments skipped). */
function literals(source: string): string[] {
  const out: string[] = [];
  const re = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
  for (const m of source.matchAll(re)) if (!m[0].startsWith('/')) out.push(m[0]);
  return out;
}

describe('no server message names a button', () => {
  // The menu's own words (menu.ts) and its alerts (set-up, the sidebar's opening) are the menu speaking.
  const SPEAKERS = new Set(['sheets/menu.ts']);
  const files = [...modules(join(SRC, 'sheets')), ...modules(join(SRC, 'contract'))];

  it('in src/sheets and src/contract, no string literal says what to press', () => {
    const found = files.flatMap((file) => {
      const name = file.slice(SRC.length + 1);
      if (SPEAKERS.has(name)) return [];
      return literals(readFileSync(file, 'utf8'))
        .filter((l) => PRESS_WORDS.test(l))
        .map((l) => `${name}: ${l.slice(0, 120)}`);
    });
    expect(found).toEqual([]);
  });

  it('the scan finds what it looks for', () => {
    const old =
      "throw new Refusal('invalid', 'That Log entry is no longer on the Log sheet: reload the sidebar.');";
    expect(literals(old).some((l) => PRESS_WORDS.test(l))).toBe(true);
    expect(literals('// press Reload, a comment').some((l) => PRESS_WORDS.test(l))).toBe(false);
    expect(
      literals(['const t = `Nothing was written: try again in $', '{n} s.`;'].join('')).some((l) =>
        PRESS_WORDS.test(l),
      ),
    ).toBe(true);
  });
});
