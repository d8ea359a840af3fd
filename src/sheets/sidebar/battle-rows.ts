// A battle set up in the sidebar, checked as the hostile input it is, and the Battles cells that must change
// for the battle's two rows to hold it.
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup } from '../../contract/circumstances';
import type { BattleSetup, FoughtSide, SideSetup } from '../../contract/campaign';
import { IMMUNITIES, type Immunity, nameKey, PLANS, type Plan, type RollPair } from '../../rules';
import { BATTLE_HEADERS, foughtText, parseFought, parseImmunity, parsePlan } from '../battles';
import { NUMBER_RANGES, numberCell } from '../numbers';
import { type Cell, checkbox, text } from '../table';
import { appendRow, cellAt, indexOfSheetRow, type SheetTable, sheetRowOf } from '../sheet-table';
import { Refusal } from './book';
import type { CellChange } from './journal-sheets';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** Names and labels are a line of text; a longer one is a mistake, not a name. */
const MAX_NAME = 200;
const MAX_ARMIES = 50;

function cleanText(v: unknown, what: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (s.length > MAX_NAME)
    throw new Refusal('invalid', `${what} is too long (${s.length} characters; 200 at most).`);
  return s;
}

function cleanSide(raw: unknown, tag: 'A' | 'B'): SideSetup {
  const side = isRecord(raw) ? raw : {};
  const c = isRecord(side.circumstances) ? side.circumstances : {};
  const flags = <G extends CircumstanceGroup>(group: G) => {
    const given = isRecord(c[group]) ? (c[group] as Record<string, unknown>) : {};
    const out: Record<string, boolean> = {};
    for (const key of Object.keys(CIRCUMSTANCE_COLUMNS[group])) out[key] = given[key] === true;
    return out as never;
  };
  const castle = c.castleLevel ?? 0;
  if (typeof castle !== 'number' || !Number.isInteger(castle) || castle < 0 || castle > 100) {
    throw new Refusal('invalid', `Castle level of side ${tag} must be a whole number from 0 to 100.`);
  }
  const armies: string[] = [];
  const seen = new Set<string>();
  for (const a of Array.isArray(side.armies) ? side.armies.slice(0, MAX_ARMIES + 1) : []) {
    const name = cleanText(a, 'An army name');
    if (name && !seen.has(nameKey(name))) {
      seen.add(nameKey(name));
      armies.push(name);
    }
  }
  if (armies.length > MAX_ARMIES)
    throw new Refusal('invalid', `Side ${tag} has more than ${MAX_ARMIES} armies.`);
  return {
    label: cleanText(side.label, `The label of side ${tag}`),
    armies,
    circumstances: {
      defender: c.defender === true,
      morale: flags('morale'),
      environment: flags('environment'),
      terrain: flags('terrain'),
      defense: flags('defense'),
      castleLevel: castle,
      engineering: c.engineering === true,
      siegecraft: c.siegecraft === true,
      immunity: (IMMUNITIES as readonly unknown[]).includes(c.immunity) ? (c.immunity as Immunity) : 'None',
      specialBonus: c.specialBonus === true,
      plan: (PLANS as readonly unknown[]).includes(c.plan) ? (c.plan as Plan) : 'No plan',
    },
  };
}

/** The setup as sent, checked and normalised; a Refusal says what is wrong with it. */
export function cleanSetup(raw: unknown): BattleSetup {
  const s = isRecord(raw) ? raw : {};
  const name = cleanText(s.name, 'The battle name');
  if (!name) throw new Refusal('invalid', 'Give the battle a name.');
  const sides = Array.isArray(s.sides) ? s.sides : [];
  const setup: BattleSetup = { name, sides: [cleanSide(sides[0], 'A'), cleanSide(sides[1], 'B')] };
  setup.sides.forEach((side, i) => {
    if (side.armies.length === 0) {
      throw new Refusal(
        'invalid',
        `Choose at least one army for ${side.label || `side ${i === 0 ? 'A' : 'B'}`}.`,
      );
    }
  });
  return setup;
}

/** Pairs of d100 results, 1 to 100 each; a battle needs few (ties are rare). */
export function cleanRolls(raw: unknown): RollPair[] {
  if (!Array.isArray(raw) || raw.length > 100) throw new Refusal('invalid', 'Roll the dice first.');
  return raw.map((pair, i) => {
    const ok =
      Array.isArray(pair) &&
      pair.length === 2 &&
      pair.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 100);
    if (!ok)
      throw new Refusal('invalid', `Roll ${i + 1} must be two d100 results, whole numbers from 1 to 100.`);
    return [pair[0], pair[1]] as const;
  });
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
      `Battle "${name}" has ${found.length} rows on the Battles sheet; it needs exactly two. Fix the sheet, then reload.`,
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
        same: reads(() => numberCell(current, header, NUMBER_RANGES['Castle Level'], 0), c.castleLevel),
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
      return { value: c.plan, same: reads(() => parsePlan(current), c.plan) };
    case 'Roll':
      return roll === null
        ? null
        : { value: roll, same: reads(() => numberCell(current, header, NUMBER_RANGES.Roll), roll) };
    case 'Fought': {
      if (fought === null) return null;
      const value = foughtText(fought);
      return { value, same: reads(() => (parseFought(current) ? text(current) : ''), value) };
    }
  }
  for (const group of Object.keys(CIRCUMSTANCE_COLUMNS) as CircumstanceGroup[]) {
    const columns = CIRCUMSTANCE_COLUMNS[group] as Record<string, string>;
    for (const key of Object.keys(columns)) {
      if (columns[key] === header) return flag((c[group] as Record<string, boolean>)[key] === true);
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
        army: '',
        before: current,
        after: w.value,
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
