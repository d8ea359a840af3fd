// Ranges as Sheets passes them to the formulas: header row first, "" for blank cells, booleans for
// checkboxes, numbers, and numbers typed as text. The reference library's cards and the worked battle's armies.
// The headers are the declared ones (src/contract/columns.ts, itself held to SHEETS.md by columns.test.ts).
import {
  BATTLE_COLUMNS,
  BATTLE_HEADERS,
  CHARACTER_COLUMNS,
  CHARACTER_HEADERS,
  type Column,
  UNIT_COLUMNS,
  UNIT_HEADERS,
} from '../../src/contract/columns';

/** The headers of a table's checkbox columns, from its declaration. */
const checkboxes = (columns: Readonly<Record<string, Column>>): string[] =>
  Object.entries(columns)
    .filter(([, c]) => c.kind === 'checkbox')
    .map(([h]) => h);

export type Cell = string | number | boolean | Date;
export type Row = Record<string, Cell>;

/** A range: the headers, then each record's cells under them; a missing cell is "" (false for checkboxes). */
export function range(
  headers: readonly string[],
  rows: readonly (Row | 'blank')[],
  checkboxes: readonly string[] = [],
) {
  return [
    [...headers],
    ...rows.map((r) =>
      headers.map((h) =>
        r === 'blank'
          ? checkboxes.includes(h)
            ? false
            : ''
          : (r[h] ?? (checkboxes.includes(h) ? false : '')),
      ),
    ),
  ];
}

// ---- Units (SHEETS.md), with the reference library's cards (RULES 1).

const UNIT_BOXES = checkboxes(UNIT_COLUMNS);
export const units = (rows: readonly (Row | 'blank')[]) => range(UNIT_HEADERS, rows, UNIT_BOXES);

export const LIB: Record<string, Row> = {
  Archers: {
    Type: 'Archers',
    Role: 'Missile',
    Move: 2,
    Melee: 2,
    Missile: 4,
    Defense: 2,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Artillerists: {
    Type: 'Artillerists',
    Role: 'Artillery',
    Move: 1,
    Melee: 1,
    Missile: 5,
    Defense: 1,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Cavalry: {
    Type: 'Cavalry',
    Role: 'Mounted',
    Move: 3,
    Melee: 3,
    Missile: 1,
    Defense: 3,
    Charge: 5,
    Morale: 2,
    Hits: 2,
  },
  'Elite Infantry': {
    Type: 'Elite Infantry',
    Role: 'Melee',
    Move: 1,
    Melee: 4,
    Missile: 0,
    Defense: 4,
    Charge: 0,
    Morale: 3,
    Hits: 3,
  },
  Infantry: {
    Type: 'Infantry',
    Role: 'Melee',
    Move: 1,
    Melee: 3,
    Missile: 0,
    Defense: 3,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Irregulars: {
    Type: 'Irregulars',
    Role: 'Melee',
    'Role 2': 'Missile',
    Move: 2,
    Melee: 3,
    Missile: 2,
    Defense: 2,
    Charge: 0,
    Morale: 2,
    Hits: 2,
    Override: 2,
  },
  Knights: {
    Type: 'Knights',
    Role: 'Mounted',
    Move: 2,
    Melee: 4,
    Missile: 0,
    Defense: 4,
    Charge: 6,
    Morale: 3,
    Hits: 3,
  },
  Levy: {
    Type: 'Levy',
    Role: 'Melee',
    Move: 1,
    Melee: 2,
    Missile: 0,
    Defense: 1,
    Charge: 0,
    Morale: 1,
    Hits: 2,
  },
  Pikemen: {
    Type: 'Pikemen',
    Role: 'Melee',
    Move: 1,
    Melee: 3,
    Missile: 0,
    Defense: 3,
    Charge: 0,
    Morale: 2,
    Hits: 2,
  },
  Scouts: {
    Type: 'Scouts',
    Role: 'Missile',
    Move: 3,
    Melee: 2,
    Missile: 3,
    Defense: 2,
    Charge: 0,
    Morale: 2,
    Hits: 2,
    Override: 2,
  },
};
export const lib = (type: keyof typeof LIB, over: Row = {}): Row => ({ Unit: type, ...LIB[type], ...over });

// ---- Characters and Battles (SHEETS.md).

export const characters = (rows: readonly (Row | 'blank')[]) =>
  range(CHARACTER_HEADERS, rows, checkboxes(CHARACTER_COLUMNS));

const BATTLE_BOXES = checkboxes(BATTLE_COLUMNS);
export const battles = (rows: readonly (Row | 'blank')[]) => range(BATTLE_HEADERS, rows, BATTLE_BOXES);

export const isErr = (cell: unknown, column: string) =>
  typeof cell === 'string' && cell.startsWith('#ERR:') && cell.includes(column);

// ---- The armies of the worked battle.
// Avanil: Knights 7 (Mounted), 2 Archers 3 (Missile), 3 Infantry 3 (Melee) = 22 in 6 fighting units;
//   a Routed Infantry does not fight. Sir Aric: warrior 5 + Strategy 5 = 10. Base 32.
// Ghoere: 6 Infantry 3 (Melee) + 4 Levy 1 (Melee) = 22 in 10 units. Magus: wizard 4/2/1, 3 categories = 7. Base 29.
export const ROSTER = units([
  lib('Knights', { Army: 'Avanil' }),
  lib('Archers', { Army: 'Avanil' }),
  lib('Archers', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil' }),
  lib('Infantry', { Army: 'Avanil', Status: 'Routed' }),
  'blank',
  ...Array.from({ length: 6 }, () => lib('Infantry', { Army: 'Ghoere' })),
  ...Array.from({ length: 4 }, () => lib('Levy', { Army: 'Ghoere' })),
]);
export const PEOPLE = characters([
  { Character: 'Sir Aric', Army: 'Avanil', Warrior: 5, Strategy: true },
  { Character: 'Magus', Army: 'Ghoere', Wizard: 5, 'Spell Slots': '4/2/1', Categories: 3 },
]);
