// The tables of SHEETS.md: their headers, and each row read into the rules' terms.
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup } from '../contract/circumstances';
import type { FoughtSide } from '../contract/campaign';
import {
  type Character,
  DEFAULT_HOUSE_RULES,
  type HouseRules,
  IMMUNITIES,
  type Immunity,
  MAX_SPELL_CATEGORIES,
  PLANS,
  PRIEST_USES,
  type Plan,
  roleConflict,
  type SideCircumstances,
  SPELLCASTING_LEVELS,
  signed,
  UNIT_ROLES,
  UNIT_STATUSES,
  type Unit,
} from '../rules';
import {
  type Cell,
  cellOf,
  checkbox,
  choice,
  headerKey,
  isBlankCell,
  isBlankRow,
  describeRange,
  isDate,
  type NumberRange,
  numberCell,
  RowError,
  readTable,
  showCell,
  type Table,
  TableError,
  text,
} from './table';

export const UNIT_HEADERS = [
  'Unit',
  'Army',
  'Type',
  'Role',
  'Role 2',
  'Move',
  'Melee',
  'Missile',
  'Defense',
  'Charge',
  'Morale',
  'Hits',
  'Specials',
  'Special Moves',
  'Vulnerable',
  'Spellcasting',
  'Realm Spells',
  'Mercenary',
  'Undead',
  'Spell Immune',
  'Override',
  'Status',
] as const;

export const CHARACTER_HEADERS = [
  'Character',
  'Army',
  'Warrior',
  'Rogue',
  'Wizard',
  'Priest',
  'Battlewise',
  'Commands',
  'Strategy',
  'Turns Undead',
  'Priest Uses',
  'Spell Slots',
  'Battle Spells',
  'Categories',
  'Research',
  'D Spells',
  'War Spells',
] as const;

export const BATTLE_HEADERS = [
  'Battle',
  'Side',
  'Armies',
  'Defender',
  'Home Realm',
  'Beaten Foe',
  'Foe Exhausted',
  'Ally Defeated',
  'Favorable',
  'Unfavorable',
  'Night Vision',
  'Higher Ground',
  'Terrain Advantage',
  'Mounted In Rough',
  'Mire',
  'Shifting Ground',
  'Friendly Holding',
  'Narrow Pass',
  'River Crossed',
  'Rough Terrain',
  'Castle Level',
  'Engineering',
  'Siegecraft',
  'Immunity',
  'Special Bonus',
  'Plan',
  'Roll',
  'Fought',
] as const;

export const SETTING_HEADERS = ['Setting', 'Value'] as const;

/** The settings a Settings table may hold (SHEETS.md): each one's name and the words it takes, default first. */
export const SETTINGS = [
  { name: 'Troop Ratio By', values: ['Units', 'Value'] },
  { name: 'Terrain Modifiers As', values: ['Points', 'Percent'] },
] as const;

/** Units a formula can value without knowing armies. */
export const UNIT_REQUIRED = ['Role', 'Morale', 'Hits'] as const;
export const UNIT_REQUIRED_WITH_ARMY = ['Army', ...UNIT_REQUIRED] as const;
export const CHARACTER_REQUIRED = ['Character'] as const;
export const CHARACTER_REQUIRED_WITH_ARMY = ['Character', 'Army'] as const;
export const BATTLE_REQUIRED = ['Battle', 'Armies'] as const;

export const EXAMPLES = {
  units: 'Units!A1:V',
  characters: 'Characters!A1:Q',
  battles: 'Battles!A1:AB',
  settings: 'Settings!A1:B',
} as const;

export const readUnits = (range: unknown, withArmy = false): Table =>
  readTable(range, 'units', EXAMPLES.units, withArmy ? UNIT_REQUIRED_WITH_ARMY : UNIT_REQUIRED);
export const readCharacters = (range: unknown, withArmy = false): Table =>
  readTable(
    range,
    'characters',
    EXAMPLES.characters,
    withArmy ? CHARACTER_REQUIRED_WITH_ARMY : CHARACTER_REQUIRED,
  );
export const readBattles = (range: unknown): Table =>
  readTable(range, 'battles', EXAMPLES.battles, BATTLE_REQUIRED);

const whole = (min: number, max: number): NumberRange => ({ min, max, whole: true });
const COUNT = whole(0, 1_000);

/** What each number column may hold (SHEETS.md "Numbers"), by header; the sidebar checks typed fields with these. */
export const NUMBER_RANGES = {
  Move: COUNT,
  Melee: COUNT,
  Missile: COUNT,
  Defense: COUNT,
  Charge: COUNT,
  Specials: COUNT,
  'Special Moves': COUNT,
  'Realm Spells': COUNT,
  Morale: whole(1, 1_000),
  Hits: whole(1, 1_000),
  Override: whole(1, 1_000_000),
  Warrior: whole(0, 100),
  Rogue: whole(0, 100),
  Wizard: whole(0, 100),
  Priest: whole(0, 100),
  Commands: whole(0, 1_000_000),
  Categories: whole(0, MAX_SPELL_CATEGORIES),
  Research: COUNT,
  'D Spells': COUNT,
  'War Spells': COUNT,
  'Spell Slots': COUNT,
  'Battle Spells': COUNT,
  'Castle Level': whole(0, 100),
  Roll: whole(1, 100),
} as const satisfies Record<string, NumberRange>;
export type NumberColumn = keyof typeof NUMBER_RANGES;

/** A number column of a row, read by the one number parser with the column's range. */
function num(t: Table, row: readonly Cell[], h: NumberColumn, blank: number | 'required'): number;
function num(t: Table, row: readonly Cell[], h: NumberColumn, blank: 'absent'): number | undefined;
function num(t: Table, row: readonly Cell[], h: NumberColumn, blank: number | 'required' | 'absent') {
  return numberCell(cellOf(t, row, h), h, NUMBER_RANGES[h], blank);
}
const count = (t: Table, row: readonly Cell[], h: NumberColumn): number => num(t, row, h, 0);

/** A Units row in the rules' terms; throws RowError naming the column on bad input. */
export function parseUnit(t: Table, row: readonly Cell[]): Unit {
  const role = choice(cellOf(t, row, 'Role'), 'Role', UNIT_ROLES, 'required')!;
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
    move: count(t, row, 'Move'),
    melee: count(t, row, 'Melee'),
    missile: count(t, row, 'Missile'),
    defense: count(t, row, 'Defense'),
    charge: count(t, row, 'Charge'),
    morale: num(t, row, 'Morale', 'required'),
    hits: num(t, row, 'Hits', 'required'),
    specials: count(t, row, 'Specials'),
    specialMoves: count(t, row, 'Special Moves'),
    vulnerable: checkbox(cellOf(t, row, 'Vulnerable'), 'Vulnerable'),
    spellcasting: choice(cellOf(t, row, 'Spellcasting'), 'Spellcasting', SPELLCASTING_LEVELS, 'None')!,
    realmSpells: count(t, row, 'Realm Spells'),
    mercenary: checkbox(cellOf(t, row, 'Mercenary'), 'Mercenary'),
    undead: checkbox(cellOf(t, row, 'Undead'), 'Undead'),
    spellImmune: checkbox(cellOf(t, row, 'Spell Immune'), 'Spell Immune'),
    override: num(t, row, 'Override', 'absent'),
    status: choice(cellOf(t, row, 'Status'), 'Status', UNIT_STATUSES, 'Ready')!,
  };
}

/** Spell levels written `4/2/1` (a single level may arrive as a number), each level in the column's range. */
function perLevel(cell: Cell, header: 'Spell Slots' | 'Battle Spells'): number[] | undefined {
  if (cell === '' || cell === null || cell === undefined) return undefined;
  if (isDate(cell)) {
    throw new RowError(
      `${header} was read as a date: format the column as plain text (Format > Number > Plain text) and type it again, e.g. 4/2/1`,
    );
  }
  const range = NUMBER_RANGES[header];
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
  const wizard = count(t, row, 'Wizard');
  const priest = count(t, row, 'Priest');
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
    warrior: count(t, row, 'Warrior'),
    rogue: count(t, row, 'Rogue'),
    wizard,
    priest,
    battlewise: checkbox(cellOf(t, row, 'Battlewise'), 'Battlewise'),
    commands: num(t, row, 'Commands', 'absent'),
    strategy: checkbox(cellOf(t, row, 'Strategy'), 'Strategy'),
    turnsUndead: checkbox(cellOf(t, row, 'Turns Undead'), 'Turns Undead'),
    priestUses: choice(cellOf(t, row, 'Priest Uses'), 'Priest Uses', PRIEST_USES, 'Best')!,
    spellSlots,
    battleSpells,
    categories: count(t, row, 'Categories'),
    research: count(t, row, 'Research'),
    dSpells: count(t, row, 'D Spells'),
    warSpells: count(t, row, 'War Spells'),
  };
}

/** Sheets turns a typed "10%" into 0.1; both mean the 10% immunity. */
export function parseImmunity(cell: Cell): Immunity {
  if (typeof cell === 'number' && Math.abs(cell - 0.1) < 1e-9) return '10%';
  return choice(cell, 'Immunity', IMMUNITIES, 'None', { '10': '10%', atleast10: '10%', '10%': '10%' })!;
}

export function parsePlan(cell: Cell, header = 'Plan'): Plan {
  return choice(cell, header, PLANS, 'No plan', { none: 'No plan', fullcharge: 'Full charge' })!;
}

export interface BattleRow {
  readonly battle: string;
  readonly side: string;
  readonly armies: readonly string[];
  readonly circumstances: SideCircumstances;
  /** The d100 rolled; absent until rolled. */
  readonly roll?: number | undefined;
  /** The side as it fought, once applied: the battle's result stays as fought. */
  readonly fought?: FoughtSide | undefined;
}

export { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup };

/** The Fought cell as apply writes it: `45 +10% +3 pts, units 40` (base, percent, points, fighting units' value). */
export const foughtText = (f: FoughtSide): string =>
  `${f.base} ${signed(f.percent)}% ${signed(f.points)} pts, units ${f.unitValue}`;

const FOUGHT = /^(\d+(?:\.\d+)?) ([+-]?\d+(?:\.\d+)?)% ([+-]?\d+(?:\.\d+)?) pts, units (\d+)$/;

/** A Fought cell: blank until apply fills it; anything else than what apply wrote is bad input for the row. */
export function parseFought(cell: Cell): FoughtSide | undefined {
  if (isBlankCell(cell)) return undefined;
  const m = FOUGHT.exec(text(cell));
  if (!m) {
    throw new RowError(
      `Fought must be blank or as Apply wrote it, e.g. "45 +10% +3 pts, units 40" (got ${showCell(cell)})`,
    );
  }
  return { base: Number(m[1]), percent: Number(m[2]), points: Number(m[3]), unitValue: Number(m[4]) };
}

/** A Battles row (one side of a battle); throws RowError naming the column on bad input. */
export function parseBattleRow(t: Table, row: readonly Cell[]): BattleRow {
  const tick = (h: string) => checkbox(cellOf(t, row, h), h);
  const ticks = <G extends CircumstanceGroup>(group: G) => {
    const columns: Record<string, string> = CIRCUMSTANCE_COLUMNS[group];
    const out: Record<string, boolean> = {};
    for (const key of Object.keys(columns)) out[key] = tick(columns[key]!);
    return out as unknown as SideCircumstances[G];
  };
  const armies = text(cellOf(t, row, 'Armies'))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (armies.length === 0) throw new RowError('Armies is required: the armies on this side, comma-separated');
  return {
    battle: text(cellOf(t, row, 'Battle')),
    side: text(cellOf(t, row, 'Side')),
    armies,
    circumstances: {
      defender: tick('Defender'),
      morale: ticks('morale'),
      environment: ticks('environment'),
      terrain: ticks('terrain'),
      defense: ticks('defense'),
      castleLevel: count(t, row, 'Castle Level'),
      engineering: tick('Engineering'),
      siegecraft: tick('Siegecraft'),
      immunity: parseImmunity(cellOf(t, row, 'Immunity')),
      specialBonus: tick('Special Bonus'),
      plan: parsePlan(cellOf(t, row, 'Plan')),
    },
    roll: num(t, row, 'Roll', 'absent'),
    fought: parseFought(cellOf(t, row, 'Fought')),
  };
}

/** The optional Settings table: house rules (RULES D-11, D-12). Throws on a value it cannot read. */
export function readSettings(range: unknown): HouseRules {
  if (range === undefined || range === null || range === '') return DEFAULT_HOUSE_RULES;
  const t = readTable(range, 'settings', EXAMPLES.settings, SETTING_HEADERS);
  let rules = DEFAULT_HOUSE_RULES;
  for (const row of t.rows) {
    if (isBlankRow(row)) continue;
    const key = headerKey(cellOf(t, row, 'Setting'));
    const value = cellOf(t, row, 'Value');
    try {
      if (key === 'troopratioby') {
        const by = choice(value, SETTINGS[0].name, SETTINGS[0].values, 'Units')!;
        rules = { ...rules, troopRatioBy: by === 'Units' ? 'units' : 'value' };
      } else if (key === 'terrainmodifiersas') {
        const as = choice(value, SETTINGS[1].name, SETTINGS[1].values, 'Points')!;
        rules = { ...rules, terrainModifiersAs: as === 'Points' ? 'points' : 'percent' };
      }
    } catch (e) {
      if (e instanceof RowError) throw new TableError(`Settings: ${e.message}`);
      throw e;
    }
  }
  return rules;
}

/** Every record of a table, each parsed or its RowError, blank rows as undefined. */
export function parseRows<T>(
  t: Table,
  parse: (t: Table, row: readonly Cell[]) => T,
): ({ ok: true; value: T } | { ok: false; error: RowError } | undefined)[] {
  return t.rows.map((row) => {
    if (isBlankRow(row)) return undefined;
    try {
      return { ok: true, value: parse(t, row) };
    } catch (e) {
      if (e instanceof RowError) return { ok: false, error: e };
      throw e;
    }
  });
}

/** The battle record (Log sheet): one row per applied battle or new round; its cell changes are on Undo. */
export const LOG_HEADERS = [
  'When',
  'Entry',
  'Event',
  'Battle',
  'Side A',
  'Side B',
  'Battle Value A',
  'Battle Value B',
  'Rolls A',
  'Rolls B',
  'Result',
  'Changes',
  'State',
] as const;

/** The Undo sheet: every cell an entry changed, a row each, so that the entry can be taken back exactly. */
export const JOURNAL_HEADERS = [
  'Entry',
  'Sheet',
  'Row',
  'Column',
  'Name',
  'Army',
  'Before',
  'After',
] as const;

/** Sheet names the set-up creates (SHEETS.md tables, plus the unit Library and the battle Log). */
export const SHEET_NAMES = {
  units: 'Units',
  characters: 'Characters',
  battles: 'Battles',
  settings: 'Settings',
  library: 'Library',
  armies: 'Armies',
  log: 'Log',
  journal: 'Undo',
} as const;

/**
 * Every header of each sheet's table, by sheet name. The server reads these columns only: a column of the
 * user's, or a formula's result such as Units' Value (which shows "Loading..." or #REF! while Sheets recomputes
 * it), is never looked at, so it can never make two columns seem to share a header.
 */
export const TABLE_HEADERS: Readonly<Record<string, readonly string[]>> = {
  [SHEET_NAMES.units]: UNIT_HEADERS,
  [SHEET_NAMES.characters]: CHARACTER_HEADERS,
  [SHEET_NAMES.battles]: BATTLE_HEADERS,
  [SHEET_NAMES.settings]: SETTING_HEADERS,
  [SHEET_NAMES.library]: UNIT_HEADERS,
  [SHEET_NAMES.log]: LOG_HEADERS,
};
