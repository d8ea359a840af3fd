// What set-up makes: the sheets in order, each column's rule and format, the formulas and the rows prepared.
import { PLAYER_HEADERS } from '../../../src/sheets/players';
import { describe, expect, it } from 'vitest';
import {
  IMMUNITIES,
  MAX_SPELL_CATEGORIES,
  PLANS,
  PRIEST_USES,
  SPELLCASTING_LEVELS,
  UNIT_ROLES,
  UNIT_STATUSES,
} from '../../../src/rules';
import { BATTLES_HEADER } from '../../../src/sheets/battle-formulas';
import { ARMIES_HEADER, UNITSTATS_HEADER } from '../../../src/sheets/roster-formulas';
import {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  REALM_HEADERS,
  TREASURY_HEADERS,
  UNIT_HEADERS,
} from '../../../src/contract/columns';
import { TREASURY_HEADER } from '../../../src/sheets/treasury-formula';
import { UNDO_HEADERS, LOG_HEADERS } from '../../../src/sheets/log-sheets';
import { SETTING_HEADERS } from '../../../src/sheets/settings';
import { SHEET_NAMES } from '../../../src/sheets/sheet-names';
import { ARMY_NAME_HELP, setupTables, STATUS_TINTS } from '../../../src/sheets/setup/schema';
import { specOf } from './surveys';

describe('setupTables: the sheets set-up makes', () => {
  it('every sheet of SHEET_NAMES, in order, with its table’s headers, rows prepared and tints', () => {
    expect(setupTables().map((t) => [t.key, t.headers, t.rowsAhead, t.statusTint])).toEqual([
      ['units', UNIT_HEADERS, 300, true],
      ['characters', CHARACTER_HEADERS, 300, false],
      ['battles', BATTLE_HEADERS, 300, false],
      ['settings', SETTING_HEADERS, 0, false],
      ['library', UNIT_HEADERS, 50, false],
      ['armies', [], 0, false],
      ['log', LOG_HEADERS, 0, false],
      ['undo', UNDO_HEADERS, 0, false],
      ['players', PLAYER_HEADERS, 30, false],
      ['realms', REALM_HEADERS, 30, false],
      ['treasury', TREASURY_HEADERS, 300, false],
    ]);
    expect(setupTables().map((t) => t.key)).toEqual(Object.keys(SHEET_NAMES));
  });

  it('the formulas in each header row: what they read and the columns their results fill', () => {
    expect(
      setupTables().map((t) => t.computed.map((c) => [c.fn, c.width, c.reads, c.replaces ?? []])),
    ).toEqual([
      [['UNITSTATS', UNITSTATS_HEADER.length, ['units'], ['UNITVALUE', 'MUSTERCOST', 'UPKEEP']]],
      [['CHARACTERVALUE', 1, ['characters', 'units'], []]],
      [['BATTLES', BATTLES_HEADER.length, ['battles', 'units', 'characters', 'settings'], []]],
      [],
      [['UNITSTATS', UNITSTATS_HEADER.length, ['library'], ['UNITVALUE', 'MUSTERCOST', 'UPKEEP']]],
      [['ARMIES', ARMIES_HEADER.length, ['units', 'characters', 'settings'], []]],
      [],
      [],
      [],
      [['TREASURY', TREASURY_HEADER.length, ['realms', 'treasury', 'units', 'settings'], []]],
      [],
    ]);
  });

  it('Realms and Treasury: gold bars whole and in range, shown grouped; TREASURY’s figures too', () => {
    expect(specOf('realms').formats).toEqual({ Income: '#,##0', Start: '#,##0' });
    expect(specOf('treasury').formats).toEqual({
      Income: '#,##0',
      Upkeep: '#,##0',
      Muster: '#,##0',
      Other: '#,##0',
    });
    expect(specOf('realms').computed[0]?.formats).toEqual([
      [1, '#,##0'],
      [2, '#,##0'],
      [3, '#,##0'],
      [4, '#,##0'],
    ]);
    expect(specOf('realms').rules.Start).toEqual({
      kind: 'number',
      range: { min: -1_000_000, max: 1_000_000, whole: true },
      help: 'Start: GB in the treasury before the first season, a whole number from -1,000,000 to 1,000,000 (blank: 0)',
    });
    expect(Object.keys(specOf('treasury').rules)).toEqual(['Income', 'Upkeep', 'Muster', 'Other']);
  });

  it('number formats: spell lists as plain text (4/2/1 is no date), battle results as percents', () => {
    expect(specOf('characters').formats).toEqual({ 'Spell Slots': '@', 'Battle Spells': '@' });
    expect(specOf('battles').computed[0]?.formats).toEqual([
      [1, '0%'],
      [4, '0.0%'],
      [7, '0%'],
    ]);
    expect([1, 4, 7].map((offset) => BATTLES_HEADER[offset])).toEqual([
      'Percent',
      'Win Chance',
      'Casualty Rate',
    ]);
  });

  it('every rule and format names a header of its table', () => {
    for (const t of setupTables()) {
      const unknown = [...Object.keys(t.rules), ...Object.keys(t.formats)].filter(
        (h) => !t.headers.includes(h),
      );
      expect(unknown, t.key).toEqual([]);
    }
  });
});

describe('the rules of the columns', () => {
  it('Units and Library: dropdowns of the rules’ words, counts from 0, Morale and Hits from 1', () => {
    const units = specOf('units').rules;
    expect(specOf('library').rules).toEqual(units);
    expect(Object.keys(units)).toEqual(UNIT_HEADERS.filter((h) => !['Unit', 'Type'].includes(h)));
    expect(units.Army).toEqual({ kind: 'army', help: ARMY_NAME_HELP });
    expect([units.Role, units['Role 2'], units.Spellcasting, units.Status]).toEqual([
      { kind: 'list', values: UNIT_ROLES },
      { kind: 'list', values: UNIT_ROLES },
      { kind: 'list', values: SPELLCASTING_LEVELS },
      { kind: 'list', values: UNIT_STATUSES },
    ]);
    expect(units.Move).toEqual({
      kind: 'number',
      range: { min: 0, max: 1_000, whole: true },
      help: 'Move: a whole number from 0 to 1,000 (blank: 0)',
    });
    expect(units.Hits).toEqual({
      kind: 'number',
      range: { min: 1, max: 1_000, whole: true },
      help: 'Hits: the strength steps on the card, a whole number from 1 to 1,000 (required)',
    });
    expect(units.Override).toEqual({
      kind: 'number',
      range: { min: 1, max: 1_000_000, whole: true },
      help: 'Override: a value that replaces the computed one, a whole number from 1 to 1,000,000 (blank: computed)',
    });
    const checkboxes = Object.entries(units).filter(([, r]) => r?.kind === 'checkbox');
    expect(checkboxes.map(([h]) => h)).toEqual(['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune']);
  });

  it('Characters: levels from 0, up to the categories there are', () => {
    const characters = specOf('characters').rules;
    expect(characters['Priest Uses']).toEqual({ kind: 'list', values: PRIEST_USES });
    expect(characters.Categories).toEqual({
      kind: 'number',
      range: { min: 0, max: MAX_SPELL_CATEGORIES, whole: true },
      help: `Categories: battle-spell categories known, a whole number from 0 to ${MAX_SPELL_CATEGORIES} (blank: 0)`,
    });
    expect(characters.Commands).toEqual({
      kind: 'number',
      range: { min: 0, max: 1_000_000, whole: true },
      help: 'Commands: units commanded, for Battlewise, a whole number from 0 to 1,000,000 (blank: the fighting units of the character’s army)',
    });
  });

  it('Battles: checkboxes for the circumstances, the plan and immunity from their lists, a d100 roll', () => {
    const battles = specOf('battles').rules;
    expect([battles.Plan, battles.Immunity]).toEqual([
      { kind: 'list', values: [...PLANS, 'Sealed'] },
      { kind: 'list', values: IMMUNITIES },
    ]);
    expect(battles.Roll).toEqual({
      kind: 'number',
      range: { min: 1, max: 100, whole: true },
      help: 'Roll: the d100 rolled, a whole number from 1 to 100 (blank: not rolled yet)',
    });
    expect(battles['Castle Level']).toEqual({
      kind: 'number',
      range: { min: 0, max: 100, whole: true },
      help: 'Castle Level: the defender’s castle, a whole number from 0 to 100 (blank: 0)',
    });
    const unruled = BATTLE_HEADERS.filter((h) => battles[h] === undefined);
    expect(unruled).toEqual(['Battle', 'Side', 'Armies', 'Fought', 'Sealed']);
    const others = BATTLE_HEADERS.filter((h) => !['Plan', 'Immunity', 'Roll', 'Castle Level'].includes(h));
    expect(others.filter((h) => battles[h] !== undefined && battles[h]?.kind !== 'checkbox')).toEqual([]);
  });

  it('no rules on Settings, Armies, Log and Undo', () => {
    for (const key of ['settings', 'armies', 'log', 'undo'] as const) expect(specOf(key).rules).toEqual({});
  });
});

describe('STATUS_TINTS', () => {
  it('a tint for each status but Ready', () => {
    expect(Object.keys(STATUS_TINTS)).toEqual(UNIT_STATUSES.filter((s) => s !== 'Ready'));
  });
});
