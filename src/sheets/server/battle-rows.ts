// A battle set up in the sidebar (parsed at the door, contract/request-parsers.ts): whether it can be fought, and the
// Battles cells that must change for the battle's two rows to hold it.
import { unknownArmyProblem } from '../../contract/fight-setup';
import {
  CIRCUMSTANCE_COLUMNS,
  type CircumstanceGroup,
  circumstanceColumns,
} from '../../contract/circumstances';
import type { BattleSetup, FoughtSide, SideSetup } from '../../contract/campaign';
import { nameKey, type RollPair } from '../../rules';
import { foughtText, parseFought, parseImmunity, parsePlan, parsePlanCell } from '../battles';
import { SEALED } from '../../contract/seal';
import { BATTLE_HEADERS } from '../../contract/columns';
import { rangeOf, numberCell } from '../../contract/numbers';
import { checkbox, text } from '../table';
import type { Cell } from '../../contract/cells';
import { appendRow, cellAt, indexOfSheetRow, type SheetTable, sheetRowOf } from '../sheet-table';
import type { Book } from './book';
import { Refusal } from '../../contract/errors';
import type { CellChange } from './journal-sheets';
import { type Formulas, withFormula } from './formulas';
import { nothingWritten } from '../../contract/refusals';

/** The armies of the rosters, by nameKey, as first written: Units, then Characters. */
function rosterArmies(book: Book): Map<string, string> {
  const known = new Map<string, string>();
  for (const t of [book.units, book.characters]) {
    if (!t) continue;
    t.table.rows.forEach((_, i) => {
      const army = text(cellAt(t, i, 'Army')).trim();
      if (army && !known.has(nameKey(army))) known.set(nameKey(army), army);
    });
  }
  return known;
}

/**
 * Why a setup can never be fought, in the words BATTLES shows for it on the sheet: an army no unit or character
 * carries (the door refused already an army on both sides and two defenders); null when it can be.
 */
export function unfightable(book: Book, setup: BattleSetup): string | null {
  const known = rosterArmies(book);
  for (const army of [...setup.sides[0].armies, ...setup.sides[1].armies]) {
    if (!known.has(nameKey(army)))
      return unknownArmyProblem(army, [...known.values()], book.characters !== null);
  }
  return null;
}

/** Rows of the battle of this name on Battles, in sheet order. */
export function rowsNamed(t: SheetTable, name: string): number[] {
  const key = nameKey(name);
  const rows: number[] = [];
  t.table.rows.forEach((_, i) => {
    if (nameKey(text(cellAt(t, i, 'Battle'))) === key) rows.push(sheetRowOf(t, i));
  });
  return rows;
}

/** The battle's two rows: where it stands, or the two rows after the last record for a new one. */
export function targetRows(t: SheetTable, name: string): { rows: readonly [number, number]; isNew: boolean } {
  const found = rowsNamed(t, name);
  if (found.length === 0) {
    const first = appendRow(t);
    return { rows: [first, first + 1], isNew: true };
  }
  const [first, second] = found;
  if (found.length !== 2 || first === undefined || second === undefined) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `Battle "${name}" has ${found.length} rows on the Battles sheet; it needs exactly two: fix the sheet.`,
      ),
    );
  }
  return { rows: [first, second], isNew: false };
}

/** Whether reading a cell gives this value (a cell that cannot be read is not it). */
const reads = <T>(read: () => T, wanted: T): boolean => {
  try {
    return read() === wanted;
  } catch {
    return false;
  }
};

const armyListKey = (armies: readonly string[]): string => armies.map(nameKey).join(',');

/** What a Battles column must hold for a side: the value, and whether the cell already says so. */
function wanted(
  header: string,
  current: Cell,
  name: string,
  side: SideSetup,
  roll: number | null,
  fought: FoughtSide | null,
): { value: Cell; same: boolean } | null {
  const c = side.circumstances;
  const flag = (on: boolean) => ({ value: on, same: reads(() => checkbox(current, header), on) });
  switch (header) {
    case 'Battle':
      return { value: name, same: text(current) === name };
    case 'Side':
      return { value: side.label, same: text(current) === side.label };
    case 'Armies': {
      const now = text(current)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return { value: side.armies.join(', '), same: armyListKey(now) === armyListKey(side.armies) };
    }
    case 'Defender':
      return flag(c.defender);
    case 'Castle Level':
      return {
        value: c.castleLevel,
        same: reads(() => numberCell(current, header, rangeOf('Castle Level'), 0), c.castleLevel),
      };
    case 'Engineering':
      return flag(c.engineering);
    case 'Siegecraft':
      return flag(c.siegecraft);
    case 'Immunity':
      return { value: c.immunity, same: reads(() => parseImmunity(current), c.immunity) };
    case 'Special Bonus':
      return flag(c.specialBonus);
    case 'Plan':
      // A sealed plan is written only by its seal and its reveal: a save of the rest of the battle keeps it.
      if (reads(() => parsePlanCell(current), SEALED)) return null;
      return { value: c.plan, same: reads(() => parsePlan(current), c.plan) };
    case 'Roll':
      return roll === null
        ? null
        : { value: roll, same: reads(() => numberCell(current, header, rangeOf('Roll')), roll) };
    case 'Fought': {
      if (fought === null) return null;
      const value = foughtText(fought);
      return { value, same: reads(() => (parseFought(current) ? text(current) : ''), value) };
    }
  }
  for (const group of Object.keys(CIRCUMSTANCE_COLUMNS) as CircumstanceGroup[]) {
    for (const [key, column] of circumstanceColumns(group)) {
      if (column === header) return flag((c[group] as Record<string, boolean>)[key] === true);
    }
  }
  return null;
}

/** A value the sheet has no column for must be at its default, or writing would lose it. */
const isDefault = (value: Cell): boolean =>
  value === false || value === 0 || value === '' || value === 'None' || value === 'No plan';

/**
 * The Battles cells to change so that the two rows hold the setup (and the deciding rolls and the fought
 * figures, when applying). Refuses when the sheet lacks a column whose value is not its default.
 */
export function battleChanges(
  t: SheetTable,
  rows: readonly [number, number],
  setup: BattleSetup,
  rolls: RollPair | null,
  fought: readonly [FoughtSide, FoughtSide] | null,
  formulas: Formulas = new Map(),
): CellChange[] {
  const changes: CellChange[] = [];
  const missing = new Set<string>();
  for (const i of [0, 1] as const) {
    const row = rows[i];
    const index = indexOfSheetRow(t, row);
    const side = setup.sides[i];
    for (const header of BATTLE_HEADERS) {
      const has = t.table.has(header);
      const current = has ? cellAt(t, index, header) : '';
      const w = wanted(header, current, setup.name, side, rolls ? rolls[i] : null, fought ? fought[i] : null);
      if (!w || w.same) continue;
      if (!has) {
        if (!isDefault(w.value)) missing.add(header);
        continue;
      }
      changes.push({
        sheet: 'battles',
        row,
        header,
        name: setup.name,
        // The side's armies: with the battle's name, what finds its row wherever it moves (row-identity.ts).
        army: side.armies.join(', '),
        before: current,
        after: w.value,
        ...withFormula(formulas, row, header),
      });
    }
  }
  if (missing.size > 0) {
    const list = [...missing].map((h) => `"${h}"`).join(', ');
    throw new Refusal(
      'invalid',
      `The Battles sheet has no ${list} column: run Warcard → Set up campaign (it adds missing columns), or clear that setting.`,
    );
  }
  return changes;
}
