// The Characters sheet: the columns a formula requires, and a row read into the rules' terms (each column is
// declared in contract/columns.ts).
import { type Character, PRIEST_USES } from '../rules';
import { describeRange, rangeOf, numberCell } from '../contract/numbers';
import { countColumn, numberColumn } from './number-columns';
import { EXAMPLES } from './sheet-names';
import { cellOf, checkbox, choice, readTable, type Table, text } from './table';
import { type Cell, isDate, showCell } from '../contract/cells';
import { RowError } from '../contract/errors';

// The sheet's headers are declared with its columns (contract/columns.ts), platform-free for the sidebar.

const CHARACTER_REQUIRED = ['Character'] as const;
export const CHARACTER_REQUIRED_WITH_ARMY = ['Character', 'Army'] as const;

/** A characters range argument as a table; `withArmy` when the formula groups characters by army. */
export const readCharacters = (
  range: unknown,
  { withArmy = false }: { readonly withArmy?: boolean } = {},
): Table =>
  readTable(
    range,
    'characters',
    EXAMPLES.characters,
    withArmy ? CHARACTER_REQUIRED_WITH_ARMY : CHARACTER_REQUIRED,
  );

/** Spell levels written `4/2/1` (a single level may arrive as a number), each level in the column's range. */
function perLevel(cell: Cell, header: 'Spell Slots' | 'Battle Spells'): number[] | undefined {
  if (cell === '' || cell === null || cell === undefined) return undefined;
  if (isDate(cell)) {
    throw new RowError(
      `${header} was read as a date: format the column as plain text (Format > Number > Plain text) and type it again, e.g. 4/2/1`,
    );
  }
  const range = rangeOf(header);
  if (typeof cell === 'number') return [numberCell(cell, header, range, 0)];
  return String(cell)
    .split('/')
    .map((part) => {
      try {
        return numberCell(part, header, range, 'required');
      } catch {
        throw new RowError(
          `${header} must be ${describeRange(range)} per spell level, like 4/2/1 (got ${showCell(cell)})`,
        );
      }
    });
}

/** A Characters row in the rules' terms; throws RowError naming the column on bad input. */
export function parseCharacter(t: Table, row: readonly Cell[]): Character {
  const wizard = countColumn(t, row, 'Wizard');
  const priest = countColumn(t, row, 'Priest');
  if (wizard > 0 && priest > 0) {
    throw new RowError(
      'Wizard and Priest are both set: one spellcasting class a row (use two rows, or the main one)',
    );
  }
  const spellSlots = perLevel(cellOf(t, row, 'Spell Slots'), 'Spell Slots') ?? [];
  const battleSpells = perLevel(cellOf(t, row, 'Battle Spells'), 'Battle Spells');
  if (battleSpells && battleSpells.length !== spellSlots.length) {
    throw new RowError(
      `Battle Spells must give one number per spell level of Spell Slots (${spellSlots.length} levels, got ${battleSpells.length})`,
    );
  }
  return {
    name: text(cellOf(t, row, 'Character')),
    army: text(cellOf(t, row, 'Army')),
    warrior: countColumn(t, row, 'Warrior'),
    rogue: countColumn(t, row, 'Rogue'),
    wizard,
    priest,
    battlewise: checkbox(cellOf(t, row, 'Battlewise'), 'Battlewise'),
    commands: numberColumn(t, row, 'Commands', 'absent'),
    strategy: checkbox(cellOf(t, row, 'Strategy'), 'Strategy'),
    turnsUndead: checkbox(cellOf(t, row, 'Turns Undead'), 'Turns Undead'),
    priestUses: choice(cellOf(t, row, 'Priest Uses'), 'Priest Uses', PRIEST_USES, 'Best'),
    spellSlots,
    battleSpells,
    categories: countColumn(t, row, 'Categories'),
    research: countColumn(t, row, 'Research'),
    dSpells: countColumn(t, row, 'D Spells'),
    warSpells: countColumn(t, row, 'War Spells'),
  };
}
