// The tables' ranges the formulas' examples show, in the menu's reference and Help (FORMULA_HELP), the messages
// (EXAMPLES), the globals' JSDoc (Sheets' autocomplete) and README, against the declared headers: each reaches
// its table's last column, so a column added (a Battles circumstance, say) cannot leave an example short of it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnLetters } from '../../dev/gas';
import {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  REALM_HEADERS,
  TREASURY_HEADERS,
  UNIT_HEADERS,
} from '../../src/contract/columns';
import { FORMULA_HELP } from '../../src/sheets/menu';
import { PLAYER_HEADERS } from '../../src/sheets/players';
import { SETTING_HEADERS } from '../../src/sheets/settings';
import { EXAMPLES } from '../../src/sheets/sheet-names';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Each table's last column, from its headers. */
const LAST: Readonly<Record<string, string>> = {
  Units: columnLetters(UNIT_HEADERS.length),
  Characters: columnLetters(CHARACTER_HEADERS.length),
  Battles: columnLetters(BATTLE_HEADERS.length),
  Settings: columnLetters(SETTING_HEADERS.length),
  Players: columnLetters(PLAYER_HEADERS.length),
  Realms: columnLetters(REALM_HEADERS.length),
  Treasury: columnLetters(TREASURY_HEADERS.length),
};
/** Units with its optional Mustered column (SHEETS.md), one past: what TREASURY's examples give it. */
const UNITS_MUSTERED = columnLetters(UNIT_HEADERS.length + 1);

/** Every `Sheet!A1:X` of a text whose last column is not its table's, as "Sheet!A1:X (expected Y)". */
function shortOrLong(text: string, mustered: (at: number) => boolean): string[] {
  return [
    ...text.matchAll(/\b(Units|Characters|Battles|Settings|Players|Realms|Treasury)!A1:([A-Z]+)\b/g),
  ].flatMap((m) => {
    const [range = '', sheet = '', last = ''] = m;
    if (last === LAST[sheet]) return [];
    if (sheet === 'Units' && last === UNITS_MUSTERED && mustered(m.index)) return [];
    return [`${range} (expected ${sheet}!A1:${LAST[sheet]})`];
  });
}

describe('the formulas’ examples reach their tables’ last columns', () => {
  it('EXAMPLES, the ranges messages show', () => {
    expect(EXAMPLES).toEqual({
      units: `Units!A1:${LAST.Units}`,
      unitsMustered: `Units!A1:${UNITS_MUSTERED}`,
      characters: `Characters!A1:${LAST.Characters}`,
      battles: `Battles!A1:${LAST.Battles}`,
      settings: `Settings!A1:${LAST.Settings}`,
      players: `Players!A1:${LAST.Players}`,
      realms: `Realms!A1:${LAST.Realms}`,
      treasury: `Treasury!A1:${LAST.Treasury}`,
    });
    // Today's figures, so that a change of them is seen: Battles reaches its Sealed column.
    expect(EXAMPLES.battles).toBe(`Battles!A1:${columnLetters(BATTLE_HEADERS.indexOf('Sealed') + 1)}`);
  });

  it('the menu’s reference and Help (FORMULA_HELP); TREASURY gives Units with its Mustered column', () => {
    expect(FORMULA_HELP.flatMap((f) => shortOrLong(f.example, () => f.name === 'TREASURY'))).toEqual([]);
    expect(FORMULA_HELP.find((f) => f.name === 'BATTLES')?.example).toBe(
      `=BATTLES(${EXAMPLES.battles}, ${EXAMPLES.units}, ${EXAMPLES.characters}, ${EXAMPLES.settings})`,
    );
  });

  it('the globals’ JSDoc: each example and each @param’s range', () => {
    const globals = read('src/apps-script/globals.js');
    const treasury = globals.indexOf('function TREASURY(');
    const treasuryDoc = globals.lastIndexOf('/**', treasury);
    const inTreasury = (at: number) => at > treasuryDoc && at < treasury;
    expect(shortOrLong(globals, inTreasury)).toEqual([]);
    const params = [...globals.matchAll(/@param \{A1:([A-Z]+)\} (\w+) [^\n]*?e\.g\. (\w+)!A1:([A-Z]+)/g)];
    expect(params.length).toBeGreaterThan(10);
    for (const [line, given, , , example] of params)
      expect(given, `${line}: the range type matches the example`).toBe(example);
    expect(globals).toContain(`@example =BATTLES(${EXAMPLES.battles}, `);
  });

  it('README (the Units range TREASURY reads may hold Mustered)', () => {
    const readme = read('README.md');
    const mustered = (at: number) =>
      /TREASURY|Mustered|in place of/.test(readme.slice(Math.max(0, at - 400), at + 60));
    expect(shortOrLong(readme, mustered)).toEqual([]);
    expect(readme).toContain(`\`=BATTLES(${EXAMPLES.battles}, `);
  });
});
