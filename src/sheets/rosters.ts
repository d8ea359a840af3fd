// The Units and Characters tables read once into rosters: every record parsed (or why it could not be), with
// its place and army. armies.ts groups them by army for the formulas.
import type { Character, Unit } from '../rules';
import { parseCharacter } from './characters';
import { cellOf, parseRecord, type RangeRow, type RowIndex, rangeRowOf, type Table, text } from './table';
import type { Cell } from '../contract/cells';
import type { RowError } from '../contract/errors';
import { parseUnit } from './units';

interface RecordPlace {
  /** Where the record is in the table's rows. */
  readonly index: RowIndex;
  /** Where the user sees it in the range given: what messages name. */
  readonly row: RangeRow;
  /** Its name (the Unit or Character cell), for messages. */
  readonly label: string;
  /** The Army cell as written, trimmed. */
  readonly army: string;
}

/** A roster's record: its place, and its value or the reason it has none. */
export type RosterRecord<T> = RecordPlace &
  (
    | { readonly value: T; readonly error?: undefined }
    | { readonly value?: undefined; readonly error: RowError }
  );

/** A roster read once: every record parsed, or the reason it could not be, with its row in the range. */
export interface Roster<T> {
  readonly records: readonly RosterRecord<T>[];
}

function roster<T>(t: Table, parse: (t: Table, row: readonly Cell[]) => T, nameHeader: string): Roster<T> {
  const records: RosterRecord<T>[] = [];
  t.rows.forEach((raw, index) => {
    const parsed = parseRecord(t, raw, parse);
    if (!parsed) return;
    const place: RecordPlace = {
      index,
      row: rangeRowOf(index),
      label: text(cellOf(t, raw, nameHeader)),
      army: text(cellOf(t, raw, 'Army')),
    };
    const record: RosterRecord<T> = parsed.ok
      ? { ...place, value: parsed.value }
      : { ...place, error: parsed.error };
    records.push(record);
  });
  return { records };
}

export const unitRoster = (t: Table): Roster<Unit> => roster(t, parseUnit, 'Unit');
export const characterRoster = (t: Table): Roster<Character> => roster(t, parseCharacter, 'Character');
