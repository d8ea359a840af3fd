// The optional Settings sheet: house rules (RULES D-11, D-12) and who rolls the dice, a setting a row.
import { DEFAULT_HOUSE_RULES, type HouseRules } from '../rules';
import { EXAMPLES } from './sheet-names';
import { cellOf, choice, headerKey, isBlankRow, readTable, text } from './table';
import { RowError, TableError } from '../contract/errors';

export const SETTING_HEADERS = ['Setting', 'Value'] as const;

/** The settings a Settings table may hold (SHEETS.md): each one's name and the words it takes, default first. */
export const SETTINGS = [
  { name: 'Troop Ratio By', values: ['Units', 'Value'] },
  { name: 'Terrain Modifiers As', values: ['Points', 'Percent'] },
  { name: 'Dice', values: ['Sidebar', 'Logged'] },
] as const;

/** Who rolls (SHEETS.md `Dice`): the sidebar in the browser, or the server, each roll logged at once. */
export type DiceMode = (typeof SETTINGS)[2]['values'][number];

/** The optional Settings table: house rules (RULES D-11, D-12). Throws on a value it cannot read. */
export function readSettings(range: unknown): HouseRules {
  if (range === undefined || range === null || range === '') return DEFAULT_HOUSE_RULES;
  const t = readTable(range, 'settings', EXAMPLES.settings, SETTING_HEADERS);
  let rules = DEFAULT_HOUSE_RULES;
  for (const row of t.rows) {
    if (isBlankRow(row)) continue;
    const key = headerKey(cellOf(t, row, 'Setting'));
    const value = cellOf(t, row, 'Value');
    try {
      if (key === 'troopratioby') {
        const by = choice(value, SETTINGS[0].name, SETTINGS[0].values, 'Units');
        rules = { ...rules, troopRatioBy: by === 'Units' ? 'units' : 'value' };
      } else if (key === 'terrainmodifiersas') {
        const as = choice(value, SETTINGS[1].name, SETTINGS[1].values, 'Points');
        rules = { ...rules, terrainModifiersAs: as === 'Points' ? 'points' : 'percent' };
      }
    } catch (e) {
      if (e instanceof RowError) throw new TableError(`Settings: ${e.message}`);
      throw e;
    }
  }
  return rules;
}

/** The Dice setting of a Settings table (its rows, headers first): Sidebar when absent or blank. */
export function readDice(range: unknown): DiceMode {
  if (range === undefined || range === null || range === '') return 'Sidebar';
  const t = readTable(range, 'settings', EXAMPLES.settings, SETTING_HEADERS);
  let dice: DiceMode = 'Sidebar';
  for (const row of t.rows) {
    if (isBlankRow(row) || headerKey(cellOf(t, row, 'Setting')) !== 'dice') continue;
    try {
      dice = choice(cellOf(t, row, 'Value'), SETTINGS[2].name, SETTINGS[2].values, 'Sidebar');
    } catch (e) {
      if (e instanceof RowError) throw new TableError(`Settings: ${e.message}`);
      throw e;
    }
  }
  return dice;
}

/** The Season setting (SHEETS.md): the season being played, free text; '' when absent or blank. */
export function readSeason(range: unknown): string {
  if (range === undefined || range === null || range === '') return '';
  const t = readTable(range, 'settings', EXAMPLES.settings, SETTING_HEADERS);
  let season = '';
  for (const row of t.rows) {
    if (!isBlankRow(row) && headerKey(cellOf(t, row, 'Setting')) === 'season')
      season = text(cellOf(t, row, 'Value'));
  }
  return season;
}
