// The optional Players sheet (SHEETS.md "Players"): who may do what, a person a row. Read into the records the
// rights (contract/rights.ts) decide from; a row it cannot read is named, and that person gets no more than a
// Player with no armies.
import { type PlayerRecord, ROLES, type Role } from '../contract/rights';
import { EXAMPLES } from './sheet-names';
import { armyList, cellOf, headerKey, isBlankRow, readTable, text } from './table';
import type { Cell } from '../contract/cells';

/** The Players sheet's headers, in the order set-up writes them. */
export const PLAYER_HEADERS = ['Player', 'Role', 'Armies'] as const;

export interface Players {
  readonly records: readonly PlayerRecord[];
  /** Rows that could not be read, each named with its fix (the person is read as a Player with no armies). */
  readonly problems: readonly string[];
}

/** An email as a person types it: something@something, no spaces. */
const EMAIL = /^[^\s@,;]+@[^\s@,;]+$/;

/**
 * The Players table (its header row first, as getValues gives it from the header, which is on sheet row
 * `headerRow`). Throws a TableError when a header is missing.
 */
export function readPlayers(values: readonly (readonly Cell[])[], headerRow = 1): Players {
  const t = readTable(values, 'players', EXAMPLES.players, PLAYER_HEADERS);
  const records: PlayerRecord[] = [];
  const problems: string[] = [];
  t.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const email = text(cellOf(t, row, 'Player')).trim();
    if (email === '') return; // SHEETS.md: a blank Player is no record
    const at = `Players row ${headerRow + 1 + i}`;
    // A name without "@" is a person who acts only through a player page (SHEETS.md): Session's email never
    // equals it, so the row is theirs by link alone. A text with "@" must be a whole email.
    if (email.includes('@') && !EMAIL.test(email)) {
      problems.push(
        `${at}: Player must be a Google account email, or a name for someone who plays by link only (got "${email.slice(0, 60)}")`,
      );
      return;
    }
    const roleText = text(cellOf(t, row, 'Role')).trim();
    const role =
      ROLES.find((r) => headerKey(r) === headerKey(roleText)) ?? (roleText === '' ? 'Player' : null);
    if (role === null) {
      problems.push(`${at}: Role must be GM or Player (got "${roleText.slice(0, 60)}"); read as Player`);
    }
    records.push({ email, role: (role ?? 'Player') as Role, armies: armyList(cellOf(t, row, 'Armies')) });
  });
  return { records, problems };
}
