// What set-up makes: each sheet's table (headers, validations, number formats, rows prepared ahead) and the
// formulas placed in its header row. Data only, built when set-up runs (the script loads on every formula call).
import type { UnitStatus } from '../../rules';
import { BATTLES_HEADER } from '../battle-formulas';
import {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  BATTLE_COLUMNS,
  CHARACTER_COLUMNS,
  type Column,
  columnHelp,
  REALM_COLUMNS,
  REALM_HEADERS,
  TREASURY_COLUMNS,
  TREASURY_HEADERS,
  UNIT_COLUMNS,
  UNIT_HEADERS,
} from '../../contract/columns';
import { UNDO_HEADERS, LOG_HEADERS } from '../log-sheets';
import { describeRange, type NumberRange } from '../../contract/numbers';
import { ARMIES_HEADER, UNITSTATS_HEADER } from '../roster-formulas';
import { SETTING_HEADERS } from '../settings';
import { PLAYER_HEADERS } from '../players';
import { TREASURY_HEADER } from '../treasury-formula';
import { ROLES } from '../../contract/rights';
import type { SHEET_NAMES } from '../sheet-names';

/** A sheet set-up makes, by its key in SHEET_NAMES. */
export type TableKey = keyof typeof SHEET_NAMES;

/** A record to add: its cells by header name; headers it leaves out stay blank (checkboxes unticked). */
export type SetupRow = Readonly<Record<string, string | number | boolean | undefined>>;

/** What a column accepts: a checkbox, a dropdown, or a number range. */
export type Rule =
  | { readonly kind: 'checkbox' }
  | { readonly kind: 'list'; readonly values: readonly string[] }
  | { readonly kind: 'number'; readonly range: NumberRange; readonly help: string }
  /** An army's name: marked when it holds a comma (it would read as two armies in a battle's Armies cell). */
  | { readonly kind: 'army'; readonly help: string };

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
/** A table's people: a few dozen rows with the Role dropdown. */
const PLAYER_ROWS_AHEAD = 30;
/** A campaign's realms: a few dozen rows. */
const REALM_ROWS_AHEAD = 30;
/** Gold bars shown whole, thousands grouped. */
const GB_FORMAT = '#,##0';

export const list = (values: readonly string[]): Rule => ({ kind: 'list', values });

export const ARMY_NAME_HELP =
  'An army’s name, without a comma: a battle’s Armies cell separates armies with commas, so "A, B" would read as two armies.';

/** A column's rule from its declaration: numbers their exact range, words a dropdown, checkboxes; text none. */
function ruleOf(header: string, column: Column): Rule | undefined {
  switch (column.kind) {
    case 'number':
      return {
        kind: 'number',
        range: column.range,
        help: columnHelp(header, column, describeRange(column.range)),
      };
    case 'words':
      return list(column.words);
    case 'checkbox':
      return { kind: 'checkbox' };
    case 'army':
      return { kind: 'army', help: ARMY_NAME_HELP };
    default:
      return undefined;
  }
}

function rulesOf(columns: Readonly<Record<string, Column>>): Readonly<Partial<Record<string, Rule>>> {
  const rules: Partial<Record<string, Rule>> = {};
  for (const [header, column] of Object.entries(columns)) {
    const rule = ruleOf(header, column);
    if (rule !== undefined) rules[header] = rule;
  }
  return rules;
}

/** Spell levels typed as `4/2/1` stay text (a plain-text column), not a date. */
function formatsOf(columns: Readonly<Record<string, Column>>): Readonly<Partial<Record<string, string>>> {
  const formats: Partial<Record<string, string>> = {};
  for (const [header, column] of Object.entries(columns)) if (column.kind === 'levels') formats[header] = '@';
  return formats;
}

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

/** Each realm's balance and next collection, beside the Realms rows (a row per realm). */
const treasuryBlock = (): ComputedColumns => ({
  fn: 'TREASURY',
  width: TREASURY_HEADER.length,
  reads: ['realms', 'treasury', 'units', 'settings'],
  formats: (['Balance', 'Upkeep', 'Muster Due', 'Next Balance'] as const).map(
    (h) => [TREASURY_HEADER.indexOf(h), GB_FORMAT] as const,
  ),
});

/** The number columns of a table shown as gold bars. */
const gbFormats = (columns: Readonly<Record<string, Column>>): Readonly<Partial<Record<string, string>>> =>
  Object.fromEntries(
    Object.entries(columns).flatMap(([h, c]) => (c.kind === 'number' ? [[h, GB_FORMAT]] : [])),
  );

const NO_RULES = {};
/** The sheets set-up makes, in order; built when set-up runs (the script loads on every formula call). */
export const setupTables = (): readonly TableSpec[] => [
  {
    key: 'units',
    headers: UNIT_HEADERS,
    rules: rulesOf(UNIT_COLUMNS),
    formats: NO_RULES,
    computed: unitComputed('units'),
    rowsAhead: ROWS_AHEAD,
    statusTint: true,
  },
  {
    key: 'characters',
    headers: CHARACTER_HEADERS,
    rules: rulesOf(CHARACTER_COLUMNS),
    formats: formatsOf(CHARACTER_COLUMNS),
    computed: [{ fn: 'CHARACTERVALUE', width: 1, reads: ['characters', 'units'], formats: [] }],
    rowsAhead: ROWS_AHEAD,
    statusTint: false,
  },
  {
    key: 'battles',
    headers: BATTLE_HEADERS,
    rules: rulesOf(BATTLE_COLUMNS),
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
    rules: rulesOf(UNIT_COLUMNS),
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
  {
    key: 'players',
    headers: PLAYER_HEADERS,
    rules: { Role: list(ROLES) },
    formats: NO_RULES,
    computed: [],
    rowsAhead: PLAYER_ROWS_AHEAD,
    statusTint: false,
  },
  {
    key: 'realms',
    headers: REALM_HEADERS,
    rules: rulesOf(REALM_COLUMNS),
    formats: gbFormats(REALM_COLUMNS),
    computed: [treasuryBlock()],
    rowsAhead: REALM_ROWS_AHEAD,
    statusTint: false,
  },
  {
    key: 'treasury',
    headers: TREASURY_HEADERS,
    rules: rulesOf(TREASURY_COLUMNS),
    formats: gbFormats(TREASURY_COLUMNS),
    computed: [],
    rowsAhead: ROWS_AHEAD,
    statusTint: false,
  },
];

/** Row tints of the Units sheet, by Status. */
export const STATUS_TINTS: Readonly<Record<Exclude<UnitStatus, 'Ready'>, string>> = {
  Routed: '#fce8b2',
  Destroyed: '#f4c7c3',
  Captured: '#d9d2e9',
};
