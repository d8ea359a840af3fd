// The campaign's sheets by name, and the range each table is given as in the formulas' messages.
import {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  REALM_HEADERS,
  TREASURY_HEADERS,
  UNIT_HEADERS,
} from '../contract/columns';
import { columnLetter } from './table';

/** Sheet names the set-up creates (SHEETS.md tables, plus the unit Library, the Armies summary and the battle Log). */
export const SHEET_NAMES = {
  units: 'Units',
  characters: 'Characters',
  battles: 'Battles',
  settings: 'Settings',
  library: 'Library',
  armies: 'Armies',
  log: 'Log',
  undo: 'Undo',
  players: 'Players',
  realms: 'Realms',
  treasury: 'Treasury',
} as const;

/** A table on a sheet of its own as a formula is given it: from its header row to its last declared column. */
const tableRange = (sheet: string, headers: readonly string[]): string =>
  `${sheet}!A1:${columnLetter(headers.length)}`;

/**
 * Each table as a formula is given it, header row first: the example a message about it shows. Worked out from
 * the declared headers when asked, so a column added moves it (and nothing is built when the script loads).
 */
export const EXAMPLES = {
  get units(): string {
    return tableRange(SHEET_NAMES.units, UNIT_HEADERS);
  },
  /** Units with its optional Mustered column, one past the declared ones (SHEETS.md), as TREASURY reads it. */
  get unitsMustered(): string {
    return tableRange(SHEET_NAMES.units, [...UNIT_HEADERS, 'Mustered']);
  },
  get characters(): string {
    return tableRange(SHEET_NAMES.characters, CHARACTER_HEADERS);
  },
  get battles(): string {
    return tableRange(SHEET_NAMES.battles, BATTLE_HEADERS);
  },
  settings: 'Settings!A1:B',
  players: 'Players!A1:C',
  get realms(): string {
    return tableRange(SHEET_NAMES.realms, REALM_HEADERS);
  },
  get treasury(): string {
    return tableRange(SHEET_NAMES.treasury, TREASURY_HEADERS);
  },
};
