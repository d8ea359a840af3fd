// The optional Settings sheet read into `Settings`, a setting a row, by the settings' one declaration
// (src/rules/house-rules.ts): house rules (RULES D-11, D-12), who rolls the dice, the season.
import {
  defaultSettings,
  settingKeys,
  SETTINGS,
  type Setting,
  type SettingKey,
  type Settings,
} from '../rules';
import { EXAMPLES } from './sheet-names';
import { cellOf, choice, headerKey, isBlankRow, readTable, text } from './table';
import type { Cell } from '../contract/cells';
import { RowError, TableError } from '../contract/errors';

export const SETTING_HEADERS = ['Setting', 'Value'] as const;

/** The settings set-up adds a row for, with its dropdown of words: those of words, in their declared order. */
export const settingRows = (): { name: string; values: string[]; default: string }[] =>
  settingKeys()
    .map((k): Setting => SETTINGS[k])
    .filter((s) => s.values !== 'text')
    .map((s) => ({ name: s.name, values: Object.keys(s.values), default: s.default }));

/** A row's cell read as its setting: one of its words' values (blank its default), or its text. */
function settingValue(setting: Setting, cell: Cell): string {
  if (setting.values === 'text') return text(cell);
  return setting.values[choice(cell, setting.name, Object.keys(setting.values), setting.default)] ?? '';
}

/**
 * The optional Settings table (its rows, headers first) in one pass: every declared setting, its default when
 * absent or blank; a row it does not know is left alone. Throws a TableError naming a value it cannot read.
 */
export function readSettings(range: unknown): Settings {
  if (range === undefined || range === null || range === '') return defaultSettings();
  const t = readTable(range, 'settings', EXAMPLES.settings, SETTING_HEADERS);
  const byKey = new Map(settingKeys().map((k) => [headerKey(SETTINGS[k].name), k] as const));
  const read: Partial<Record<SettingKey, string>> = {};
  for (const row of t.rows) {
    if (isBlankRow(row)) continue;
    const key = byKey.get(headerKey(cellOf(t, row, 'Setting')));
    if (key === undefined) continue;
    try {
      read[key] = settingValue(SETTINGS[key], cellOf(t, row, 'Value'));
    } catch (e) {
      if (e instanceof RowError) throw new TableError(`Settings: ${e.message}`);
      throw e;
    }
  }
  return { ...defaultSettings(), ...read } as Settings;
}
