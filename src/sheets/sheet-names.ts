// The campaign's sheets by name, and the range each table is given as in the formulas' messages.

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

/** Each table as a formula is given it, header row first: the example a message about it shows. */
export const EXAMPLES = {
  units: 'Units!A1:V',
  characters: 'Characters!A1:Q',
  battles: 'Battles!A1:AB',
  settings: 'Settings!A1:B',
  players: 'Players!A1:C',
  realms: 'Realms!A1:D',
  treasury: 'Treasury!A1:I',
} as const;
