// The optional Settings table (src/sheets/settings.ts): house rules RULES D-11 and D-12.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES } from '../../src/rules';
import { readSettings } from '../../src/sheets/settings';

const HEADER = ['Setting', 'Value'];

describe('readSettings', () => {
  it.each([undefined, null, ''])('gives the default rules when the argument is left out (%j)', (arg) => {
    expect(readSettings(arg)).toBe(DEFAULT_HOUSE_RULES);
  });

  it('reads both settings, matched like headers, skipping blank rows and settings it does not know', () => {
    const rules = readSettings([
      HEADER,
      ['troop ratio by', 'value'],
      ['', ''],
      ['Colour', 'Blue'],
      ['Terrain-Modifiers As', 'PERCENT'],
    ]);
    expect(rules).toEqual({ troopRatioBy: 'value', terrainModifiersAs: 'percent' });
  });

  it('takes a blank value as the default', () => {
    expect(readSettings([HEADER, ['Troop Ratio By', ''], ['Terrain Modifiers As', '']])).toEqual({
      troopRatioBy: 'units',
      terrainModifiersAs: 'points',
    });
  });

  it('refuses a value it cannot read, naming the setting and its words', () => {
    expect(() => readSettings([HEADER, ['Terrain Modifiers As', 'Feet']])).toThrow(
      'Settings: Terrain Modifiers As must be one of Points, Percent (got "Feet")',
    );
    expect(() => readSettings([['Setting']])).toThrow('settings has no "Value" column');
  });
});
