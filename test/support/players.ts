// A campaign shared by a table in the emulation: the spreadsheet owned by its first GM, who acts; a Players sheet;
// everyone else given edit access, as a GM shares the file before play.
import type { LoadedWorkbook } from '../../dev/gas';

/** The table the rights tests seat (the GM is sealing.ts's): Avanil's player, Ghoere's, and someone unlisted. */
export const AVANIL = 'aerin@example.com';
export const GHOERE = 'gavin@example.com';
export const STRANGER = 'stranger@example.com';

/** A Players row: the person's email, Role (GM, Player or blank) and the armies they command. */
export type Seat = readonly [email: string, role: string, armies: string];

export interface TableOptions {
  /** People with edit access and no Players row (an unlisted user). */
  readonly strangers?: readonly string[];
  /** Settings `Dice` (blank: the default, Sidebar). */
  readonly dice?: 'Sidebar' | 'Logged';
}

/** Seats `seats` at the campaign `lw` holds: the first seat owns the spreadsheet and is the one acting. */
export function seatTable(
  lw: LoadedWorkbook,
  seats: readonly Seat[],
  options: TableOptions = {},
): LoadedWorkbook {
  const [owner] = seats;
  if (!owner) throw new Error('seatTable needs a first seat: the GM who owns the spreadsheet');
  lw.workbook.people.owner = owner[0];
  lw.actAs(owner[0]);
  lw.workbook.put('Players', 'A1', [['Player', 'Role', 'Armies'], ...seats.map((s) => [...s])]);
  if (options.dice === 'Logged') lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  for (const who of [...seats.slice(1).map((s) => s[0]), ...(options.strangers ?? [])])
    lw.workbook.people.editors.add(who);
  return lw;
}
