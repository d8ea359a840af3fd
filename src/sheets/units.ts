// The Units sheet: the columns a formula requires, and a row read into the rules' terms (each column is
// declared in contract/columns.ts).
import { roleConflict, SPELLCASTING_LEVELS, UNIT_ROLES, UNIT_STATUSES, type Unit } from '../rules';
import { countColumn, numberColumn } from './number-columns';
import { EXAMPLES } from './sheet-names';
import { cellOf, checkbox, choice, readTable, type Table, text } from './table';
import type { Cell } from '../contract/cells';
import { RowError } from '../contract/errors';

// The sheet's headers are declared with its columns (contract/columns.ts), platform-free for the sidebar.

/** Units a formula can value without knowing armies. */
const UNIT_REQUIRED = ['Role', 'Morale', 'Hits'] as const;
/**
 * Units a formula groups by army and counts by Status (ARMYVALUE, ARMIES, BATTLES, CHARACTERVALUE with units, the
 * sidebar): a missing Status column would make every unit Ready, the dead fighting again, so it is required.
 */
export const UNIT_REQUIRED_WITH_ARMY = ['Army', ...UNIT_REQUIRED, 'Status'] as const;

/** A units range argument as a table; `withArmy` when the formula groups units by army. */
export const readUnits = (
  range: unknown,
  { withArmy = false }: { readonly withArmy?: boolean } = {},
): Table => readTable(range, 'units', EXAMPLES.units, withArmy ? UNIT_REQUIRED_WITH_ARMY : UNIT_REQUIRED);

/** A Units row in the rules' terms; throws RowError naming the column on bad input. */
export function parseUnit(t: Table, row: readonly Cell[]): Unit {
  const role = choice(cellOf(t, row, 'Role'), 'Role', UNIT_ROLES, 'required');
  const role2 = choice(cellOf(t, row, 'Role 2'), 'Role 2', UNIT_ROLES, 'absent');
  if (role2 !== undefined && role2 !== role) {
    const conflict = roleConflict(role, role2);
    if (conflict) throw new RowError(`Role 2 cannot be ${role2} with Role ${role}: ${conflict}`);
  }
  return {
    name: text(cellOf(t, row, 'Unit')),
    army: text(cellOf(t, row, 'Army')),
    role,
    role2: role2 === role ? undefined : role2,
    move: countColumn(t, row, 'Move'),
    melee: countColumn(t, row, 'Melee'),
    missile: countColumn(t, row, 'Missile'),
    defense: countColumn(t, row, 'Defense'),
    charge: countColumn(t, row, 'Charge'),
    morale: numberColumn(t, row, 'Morale', 'required'),
    hits: numberColumn(t, row, 'Hits', 'required'),
    specials: countColumn(t, row, 'Specials'),
    specialMoves: countColumn(t, row, 'Special Moves'),
    vulnerable: checkbox(cellOf(t, row, 'Vulnerable'), 'Vulnerable'),
    spellcasting: choice(cellOf(t, row, 'Spellcasting'), 'Spellcasting', SPELLCASTING_LEVELS, 'None'),
    realmSpells: countColumn(t, row, 'Realm Spells'),
    mercenary: checkbox(cellOf(t, row, 'Mercenary'), 'Mercenary'),
    undead: checkbox(cellOf(t, row, 'Undead'), 'Undead'),
    spellImmune: checkbox(cellOf(t, row, 'Spell Immune'), 'Spell Immune'),
    override: numberColumn(t, row, 'Override', 'absent'),
    status: choice(cellOf(t, row, 'Status'), 'Status', UNIT_STATUSES, 'Ready'),
  };
}
