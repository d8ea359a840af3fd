// The optional Settings table (src/sheets/settings.ts) read by the settings' one declaration (src/rules/house-rules.ts):
// house rules RULES D-11 and D-12, Dice and Season in one pass, and the fingerprint and house rules derived from it.
import { describe, expect, it } from 'vitest';
import {
  defaultHouseRules,
  defaultSettings,
  fingerprinted,
  houseRules,
  settingKeys,
  SETTINGS,
} from '../../src/rules';
import { readSettings, settingRows } from '../../src/sheets/settings';

const HEADER = ['Setting', 'Value'];

describe('readSettings', () => {
  it.each([undefined, null, ''])('gives the default rules when the argument is left out (%j)', (arg) => {
    expect(readSettings(arg)).toEqual(defaultSettings());
    expect(defaultSettings()).toMatchObject({
      troopRatioBy: 'units',
      terrainModifiersAs: 'points',
      dice: 'Sidebar',
      season: '',
    });
  });

  it('reads both settings, matched like headers, skipping blank rows and settings it does not know', () => {
    const rules = readSettings([
      HEADER,
      ['troop ratio by', 'value'],
      ['', ''],
      ['Colour', 'Blue'],
      ['Terrain-Modifiers As', 'PERCENT'],
    ]);
    expect(rules).toEqual({ ...defaultSettings(), troopRatioBy: 'value', terrainModifiersAs: 'percent' });
  });

  it('takes a blank value as the default', () => {
    expect(
      readSettings([
        HEADER,
        ['Troop Ratio By', ''],
        ['Terrain Modifiers As', ''],
        ['Dice', ''],
        ['Season', ''],
      ]),
    ).toEqual(defaultSettings());
  });

  it('refuses a value it cannot read, naming the setting and its words', () => {
    expect(() => readSettings([HEADER, ['Terrain Modifiers As', 'Feet']])).toThrow(
      'Settings: Terrain Modifiers As must be one of Points, Percent (got "Feet")',
    );
    expect(() => readSettings([['Setting']])).toThrow('settings has no "Value" column');
  });

  it('reads Dice and Season in the same pass, the last row of a setting winning', () => {
    expect(
      readSettings([HEADER, ['dice', 'LOGGED'], ['Season', ' 1024 Spring '], ['Season', '1024 Summer']]),
    ).toEqual({ ...defaultSettings(), dice: 'Logged', season: '1024 Summer' });
    expect(() => readSettings([HEADER, ['Dice', 'Server']])).toThrow(
      'Settings: Dice must be one of Sidebar, Logged (got "Server")',
    );
  });
});

describe('the settings declared once', () => {
  it('gives the rules only the settings declared for them, and set-up a row for each setting of words', () => {
    const read = readSettings([
      HEADER,
      ['Troop Ratio By', 'Value'],
      ['Dice', 'Logged'],
      ['Season', 'Spring'],
    ]);
    const rules = settingKeys().filter((k) => SETTINGS[k].rule);
    expect(rules.slice(0, 2)).toEqual(['troopRatioBy', 'terrainModifiersAs']);
    expect(houseRules(read)).toEqual(Object.fromEntries(rules.map((k) => [k, read[k]])));
    expect(houseRules(read)).toMatchObject({ troopRatioBy: 'value', terrainModifiersAs: 'points' });
    expect(defaultHouseRules()).toMatchObject({ troopRatioBy: 'units', terrainModifiersAs: 'points' });
    expect(settingRows().slice(0, 3)).toEqual([
      { name: 'Troop Ratio By', values: ['Units', 'Value'], default: 'Units' },
      { name: 'Terrain Modifiers As', values: ['Points', 'Percent'], default: 'Points' },
      { name: 'Dice', values: ['Sidebar', 'Logged'], default: 'Sidebar' },
    ]);
    expect(settingRows().map((s) => s.name)).not.toContain('Season');
  });

  it('fingerprints the settings declared to join it, and only those', () => {
    const joined = Object.entries(SETTINGS)
      .filter(([, s]) => s.fingerprint)
      .map(([k]) => k);
    expect(joined.slice(0, 3)).toEqual(['troopRatioBy', 'terrainModifiersAs', 'dice']);
    expect(joined).not.toContain('season');
    const read = readSettings([HEADER, ['Dice', 'Logged'], ['Season', 'Spring']]);
    expect(fingerprinted(read)).toEqual(
      Object.fromEntries(joined.map((k) => [k, read[k as keyof typeof read]])),
    );
    expect(fingerprinted(read)).toMatchObject({
      troopRatioBy: 'units',
      terrainModifiersAs: 'points',
      dice: 'Logged',
    });
    expect(fingerprinted({ ...read, season: 'Summer' })).toEqual(fingerprinted(read));
  });
});
