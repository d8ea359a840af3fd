// The notes set-up puts on the header cells a newcomer may not know what to type in, keyed by sheet and header so
// that a column gets its note whenever set-up adds it (Units' Mustered included, once it is among the headers).
import type { TableKey } from './schema';

const NOTES: Readonly<Partial<Record<TableKey, Readonly<Record<string, string>>>>> = {
  units: {
    Status:
      'Ready (or blank), Routed, Destroyed or Captured. Only Ready units fight. Applying a battle writes it; a new round turns Routed back to Ready.',
    Mustered:
      'The season the unit was mustered in, as Settings’ Season names it (blank: before the campaign). Collecting that season charges its muster cost.',
  },
  characters: {
    Warrior:
      'The character’s Warrior level, 0 to 100 (a level, not a bonus: Warcard works out the bonus from it). Blank is 0.',
    Rogue:
      'The character’s Rogue level, 0 to 100 (a level, not a bonus: Warcard works out the bonus from it). Blank is 0.',
  },
  battles: {
    Side: 'A name for this side, shown in the sidebar and the report: the realm’s, e.g. Elinvaire. Not a letter: the sidebar already calls the rows side A and side B. Each battle has two rows with the same Battle name, one per side.',
    Plan: 'The side’s battle plan: Full charge, Normal attack, Encircle, Trap, Hold, Withdraw or No plan. It reads Sealed while a sealed plan waits for its reveal.',
  },
  library: {
    Unit: 'The Library: standard unit cards (the rules’ figures), one type a row. No formula reads it. Typing a Type on Units does not fill the card by itself: Warcard → Fill units from the Library fills the blank card cells of every unit whose Type is here.',
  },
};

/** The note of a header set-up adds to a sheet, or '' when it has none. */
export const headerNote = (table: TableKey, header: string): string => NOTES[table]?.[header] ?? '';
