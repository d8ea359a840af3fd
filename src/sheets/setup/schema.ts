// What set-up makes: each sheet's table (headers, validations, number formats, rows prepared ahead) and the
// formulas placed in its header row. Data only, built when set-up runs (the script loads on every formula call).
import {
  IMMUNITIES,
  MAX_SPELL_CATEGORIES,
  PLANS,
  PRIEST_USES,
  SPELLCASTING_LEVELS,
  UNIT_ROLES,
  UNIT_STATUSES,
  type UnitStatus,
} from '../../rules';
import { BATTLES_HEADER } from '../battle-formulas';
import { BATTLE_HEADERS } from '../battles';
import { CHARACTER_HEADERS } from '../characters';
import { UNDO_HEADERS, LOG_HEADERS } from '../log-sheets';
import { ARMIES_HEADER, UNITSTATS_HEADER } from '../roster-formulas';
import { SETTING_HEADERS } from '../settings';
import type { SHEET_NAMES } from '../sheet-names';
import { UNIT_HEADERS } from '../units';

/** A sheet set-up makes, by its key in SHEET_NAMES. */
export type TableKey = keyof typeof SHEET_NAMES;
type UnitHeader = (typeof UNIT_HEADERS)[number];
type CharacterHeader = (typeof CHARACTER_HEADERS)[number];
type BattleHeader = (typeof BATTLE_HEADERS)[number];

/** A record to add: its cells by header name; headers it leaves out stay blank (checkboxes unticked). */
export type SetupRow = Readonly<Record<string, string | number | boolean | undefined>>;

/** What a column accepts: a checkbox, a dropdown, or a number range. */
export type Rule =
  | { readonly kind: 'checkbox' }
  | { readonly kind: 'list'; readonly values: readonly string[] }
  | { readonly kind: 'number'; readonly min: number; readonly max?: number; readonly help: string };

/**
 * Computed columns: a formula placed in a header cell, whose result (its own header first) spills down and right
 * over `width` columns.
 */
export interface ComputedColumns {
  /** The custom function's name, as the formula calls it. */
  readonly fn: string;
  /** Formulas that did its work before it: a sheet that has them keeps them and needs no new one. */
  readonly replaces?: readonly string[];
  /** Columns the result spans. */
  readonly width: number;
  /** The tables it reads, in argument order. */
  readonly reads: readonly TableKey[];
  /** Number formats of result columns, by offset from the formula's column. */
  readonly formats: readonly (readonly [offset: number, format: string])[];
}

export interface TableSpec {
  readonly key: TableKey;
  readonly headers: readonly string[];
  readonly rules: Readonly<Partial<Record<string, Rule>>>;
  /** Number formats of table columns (data rows). */
  readonly formats: Readonly<Partial<Record<string, string>>>;
  readonly computed: readonly ComputedColumns[];
  /** Data rows that get validations and formats ahead of the records; 0 for none. */
  readonly rowsAhead: number;
  /** Tint a row by its Status (Routed, Destroyed, Captured). */
  readonly statusTint: boolean;
}

/** Rows given validations and formats at least (row 2 on), and past the last record. */
export const ROWS_AHEAD = 300;
export const ROWS_PAST_LAST_RECORD = 100;
const LIBRARY_ROWS_AHEAD = 50;

const CHECKBOX: Rule = { kind: 'checkbox' };
export const list = (values: readonly string[]): Rule => ({ kind: 'list', values });
const atLeast = (min: number, help: string): Rule => ({ kind: 'number', min, help });
const count = (what: string): Rule => atLeast(0, `${what}: a whole number from 0`);

const unitRules = (): Partial<Record<UnitHeader, Rule>> => ({
  Role: list(UNIT_ROLES),
  'Role 2': list(UNIT_ROLES),
  Move: count('Move'),
  Melee: count('Melee'),
  Missile: count('Missile'),
  Defense: count('Defense'),
  Charge: count('Charge'),
  Morale: atLeast(1, 'Morale: the morale icons on the card, a whole number from 1'),
  Hits: atLeast(1, 'Hits: the strength steps on the card, a whole number from 1'),
  Specials: count('Specials (special abilities)'),
  'Special Moves': count('Special Moves (special movement abilities)'),
  Vulnerable: CHECKBOX,
  Spellcasting: list(SPELLCASTING_LEVELS),
  'Realm Spells': count('Realm Spells on the unit'),
  Mercenary: CHECKBOX,
  Undead: CHECKBOX,
  'Spell Immune': CHECKBOX,
  Override: atLeast(
    1,
    'Override: a value that replaces the computed one, a whole number from 1 (blank: computed)',
  ),
  Status: list(UNIT_STATUSES),
});

const characterRules = (): Partial<Record<CharacterHeader, Rule>> => ({
  Warrior: count('Warrior levels'),
  Rogue: count('Rogue levels'),
  Wizard: count('Wizard levels'),
  Priest: count('Priest levels'),
  Battlewise: CHECKBOX,
  Commands: count('Commands (units commanded; blank: the army’s fighting units)'),
  Strategy: CHECKBOX,
  'Turns Undead': CHECKBOX,
  'Priest Uses': list(PRIEST_USES),
  Categories: {
    kind: 'number',
    min: 0,
    max: MAX_SPELL_CATEGORIES,
    help: `Categories: battle-spell categories known, 0-${MAX_SPELL_CATEGORIES}`,
  },
  Research: count('Research (battle-spell improvements)'),
  'D Spells': count('D Spells known'),
  'War Spells': count('War Spells known'),
});

const battleRules = (): Partial<Record<BattleHeader, Rule>> => ({
  Defender: CHECKBOX,
  'Home Realm': CHECKBOX,
  'Beaten Foe': CHECKBOX,
  'Foe Exhausted': CHECKBOX,
  'Ally Defeated': CHECKBOX,
  Favorable: CHECKBOX,
  Unfavorable: CHECKBOX,
  'Night Vision': CHECKBOX,
  'Higher Ground': CHECKBOX,
  'Terrain Advantage': CHECKBOX,
  'Mounted In Rough': CHECKBOX,
  Mire: CHECKBOX,
  'Shifting Ground': CHECKBOX,
  'Friendly Holding': CHECKBOX,
  'Narrow Pass': CHECKBOX,
  'River Crossed': CHECKBOX,
  'Rough Terrain': CHECKBOX,
  'Castle Level': count('Castle Level'),
  Engineering: CHECKBOX,
  Siegecraft: CHECKBOX,
  Immunity: list(IMMUNITIES),
  'Special Bonus': CHECKBOX,
  Plan: list(PLANS),
  Roll: { kind: 'number', min: 1, max: 100, help: 'Roll: the d100 rolled, 1-100 (blank: not rolled yet)' },
});

const TEXT_FORMAT = '@';
const CHARACTER_FORMATS: Partial<Record<CharacterHeader, string>> = {
  'Spell Slots': TEXT_FORMAT,
  'Battle Spells': TEXT_FORMAT,
};

/** Value, Muster and Upkeep from one formula: one custom function call per edit instead of three. */
const unitComputed = (table: TableKey): ComputedColumns[] => [
  {
    fn: 'UNITSTATS',
    replaces: ['UNITVALUE', 'MUSTERCOST', 'UPKEEP'],
    width: UNITSTATS_HEADER.length,
    reads: [table],
    formats: [],
  },
];

const armiesBlock = (): ComputedColumns => ({
  fn: 'ARMIES',
  width: ARMIES_HEADER.length,
  reads: ['units', 'characters', 'settings'],
  formats: [],
});

const battlesBlock = (): ComputedColumns => ({
  fn: 'BATTLES',
  width: BATTLES_HEADER.length,
  reads: ['battles', 'units', 'characters', 'settings'],
  formats: [
    [BATTLES_HEADER.indexOf('Percent'), '0%'],
    [BATTLES_HEADER.indexOf('Win Chance'), '0.0%'],
    [BATTLES_HEADER.indexOf('Casualty Rate'), '0%'],
  ],
});

const NO_RULES = {};
/** The sheets set-up makes, in order; built when set-up runs (the script loads on every formula call). */
export const setupTables = (): readonly TableSpec[] => [
  {
    key: 'units',
    headers: UNIT_HEADERS,
    rules: unitRules(),
    formats: NO_RULES,
    computed: unitComputed('units'),
    rowsAhead: ROWS_AHEAD,
    statusTint: true,
  },
  {
    key: 'characters',
    headers: CHARACTER_HEADERS,
    rules: characterRules(),
    formats: CHARACTER_FORMATS,
    computed: [{ fn: 'CHARACTERVALUE', width: 1, reads: ['characters', 'units'], formats: [] }],
    rowsAhead: ROWS_AHEAD,
    statusTint: false,
  },
  {
    key: 'battles',
    headers: BATTLE_HEADERS,
    rules: battleRules(),
    formats: NO_RULES,
    computed: [battlesBlock()],
    rowsAhead: ROWS_AHEAD,
    statusTint: false,
  },
  {
    key: 'settings',
    headers: SETTING_HEADERS,
    rules: NO_RULES,
    formats: NO_RULES,
    computed: [],
    rowsAhead: 0,
    statusTint: false,
  },
  {
    key: 'library',
    headers: UNIT_HEADERS,
    rules: unitRules(),
    formats: NO_RULES,
    computed: unitComputed('library'),
    rowsAhead: LIBRARY_ROWS_AHEAD,
    statusTint: false,
  },
  {
    key: 'armies',
    headers: [],
    rules: NO_RULES,
    formats: NO_RULES,
    computed: [armiesBlock()],
    rowsAhead: 0,
    statusTint: false,
  },
  {
    key: 'log',
    headers: LOG_HEADERS,
    rules: NO_RULES,
    formats: NO_RULES,
    computed: [],
    rowsAhead: 0,
    statusTint: false,
  },
  {
    key: 'undo',
    headers: UNDO_HEADERS,
    rules: NO_RULES,
    formats: NO_RULES,
    computed: [],
    rowsAhead: 0,
    statusTint: false,
  },
];

/** Row tints of the Units sheet, by Status. */
export const STATUS_TINTS: Readonly<Record<Exclude<UnitStatus, 'Ready'>, string>> = {
  Routed: '#fce8b2',
  Destroyed: '#f4c7c3',
  Captured: '#d9d2e9',
};
