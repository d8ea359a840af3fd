// The Library fill's fixtures: a Library sheet written out by hand (from RULES.md's reference units, not from
// src/), a campaign whose units of a Library Type have blank cards, and the fill run as the menu runs it.
import type { LoadedWorkbook } from '../../dev/gas';
import type { Response, Written } from '../../src/contract/api';
import { UNIT_HEADERS } from '../../src/contract/columns';
import { fillUnits } from '../../src/sheets/server/library-fill';
import { campaign } from './campaign-sheets';
import { inProcess } from './emulation';

type Row = (string | number | boolean)[];

/** A Library row: Type, Role and the card's seven figures, and any other column given. */
function libraryRow(
  type: string,
  role: string,
  card: number[],
  more: Record<string, string | number> = {},
): Row {
  const cells: Record<string, string | number | boolean> = { Unit: type, Type: type, Role: role, ...more };
  ['Move', 'Melee', 'Missile', 'Defense', 'Charge', 'Morale', 'Hits'].forEach((h, i) => {
    cells[h] = card[i] ?? 0;
  });
  for (const h of ['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune']) cells[h] = false;
  return UNIT_HEADERS.map((h) => cells[h] ?? '');
}

/** The Library sheet: Scouts (worth 2 by their Override), Knights and Irregulars (a second role). */
export const LIBRARY: Row[] = [
  [...UNIT_HEADERS],
  libraryRow('Scouts', 'Missile', [3, 2, 3, 2, 0, 2, 2], { Override: 2 }),
  libraryRow('Knights', 'Mounted', [2, 4, 0, 4, 6, 3, 3]),
  libraryRow('Irregulars', 'Melee', [2, 3, 2, 2, 0, 2, 2], { 'Role 2': 'Missile', Override: 2 }),
];

/** A Units row of a type with its card blank (its checkboxes unticked, as set-up fills them down). */
export function blankCard(name: string, army: string, type: string): Row {
  return UNIT_HEADERS.map((h) =>
    h === 'Unit'
      ? name
      : h === 'Army'
        ? army
        : h === 'Type'
          ? type
          : typeof LIBRARY[1]?.[UNIT_HEADERS.indexOf(h)] === 'boolean'
            ? false
            : '',
  );
}

/** The test campaign with a Library, and `scouts` Scouts of blank cards after its units (in 25 filler armies). */
export function libraryCampaign(scouts = 0, filler = 0): Record<string, Row[]> {
  const tables = campaign(filler);
  tables.Library = LIBRARY.map((r) => [...r]);
  for (let i = 0; i < scouts; i++)
    tables.Units?.push(blankCard(`Scout ${i}`, `Filler army ${i % 25}`, 'Scouts'));
  return tables;
}

/** Warcard → Fill units from the Library as the menu runs it, its answer given back (the menu shows it). */
export const fill = (lw: LoadedWorkbook, id = 'fill-test'): Response<Written> =>
  inProcess(lw, () => fillUnits(id));
