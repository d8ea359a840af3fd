// Warcard > Set up campaign (and Set up with sample campaign): the campaign's sheets with their header rows,
// formulas, validations and formats. A run adds only what is missing and never changes a cell a user wrote:
// it reads each sheet once, finds its header row (a title may sit above it), plans every addition, then writes
// each block in one call.
import {
  IMMUNITIES,
  MAX_SPELL_CATEGORIES,
  PLANS,
  PRIEST_USES,
  SPELLCASTING_LEVELS,
  UNIT_ROLES,
  UNIT_STATUSES,
  type UnitStatus,
} from '../rules';
import { BATTLES_HEADER } from './battle-formulas';
import { ARMIES_HEADER, UNITSTATS_HEADER } from './roster-formulas';
import {
  type DataValidationApi,
  type RangeApi,
  type SheetApi,
  lockService,
  type SpreadsheetAppApi,
  spreadsheetApp,
} from './gas';
import { BATTLE_HEADERS } from './battles';
import { CHARACTER_HEADERS } from './characters';
import { JOURNAL_HEADERS, LOG_HEADERS } from './log-sheets';
import { SETTING_HEADERS, SETTINGS } from './settings';
import { SHEET_NAMES } from './sheet-names';
import { UNIT_HEADERS } from './units';
import { type Cell, headerKey, isBlankRow } from './table';
import { sampleBattles, sampleCharacters, sampleUnits, unitLibrary } from './sample';

type TableKey = keyof typeof SHEET_NAMES;
type UnitHeader = (typeof UNIT_HEADERS)[number];
type CharacterHeader = (typeof CHARACTER_HEADERS)[number];
type BattleHeader = (typeof BATTLE_HEADERS)[number];

/** A record to add: its cells by header name; headers it leaves out stay blank (checkboxes unticked). */
export type SetupRow = Readonly<Record<string, string | number | boolean | undefined>>;

/** What a column accepts: a checkbox, a dropdown, or a number range. */
type Rule =
  | { readonly kind: 'checkbox' }
  | { readonly kind: 'list'; readonly values: readonly string[] }
  | { readonly kind: 'number'; readonly min: number; readonly max?: number; readonly help: string };

/** A formula placed in a header cell, whose result (its own header first) spills down and right. */
interface Computed {
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

interface TableSpec {
  readonly key: TableKey;
  readonly headers: readonly string[];
  readonly rules: Readonly<Partial<Record<string, Rule>>>;
  /** Number formats of table columns (data rows). */
  readonly formats: Readonly<Partial<Record<string, string>>>;
  readonly computed: readonly Computed[];
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
const list = (values: readonly string[]): Rule => ({ kind: 'list', values });
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
const unitComputed = (table: TableKey): Computed[] => [
  {
    fn: 'UNITSTATS',
    replaces: ['UNITVALUE', 'MUSTERCOST', 'UPKEEP'],
    width: UNITSTATS_HEADER.length,
    reads: [table],
    formats: [],
  },
];

const armiesBlock = (): Computed => ({
  fn: 'ARMIES',
  width: ARMIES_HEADER.length,
  reads: ['units', 'characters', 'settings'],
  formats: [],
});

const battlesBlock = (): Computed => ({
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
    key: 'journal',
    headers: JOURNAL_HEADERS,
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

/** What getNumberFormat answers for a cell nobody formatted; set-up writes it where it sets no other format. */
const DEFAULT_NUMBER_FORMAT = '0.###############';
/** Cell formats a sheet shows by default: no format of the user's to keep. */
const DEFAULT_FORMATS = new Set(['', 'general', DEFAULT_NUMBER_FORMAT]);
const isDefaultFormat = (format: string): boolean => DEFAULT_FORMATS.has(String(format ?? '').toLowerCase());

/** A sheet name as a formula writes it: quoted unless it is a plain word. */
const quoteSheet = (name: string): string =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;

/** Column letters of a 1-based column number: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let s = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const FORMULA_CALL = /^=\s*([A-Za-z][\w.]*)\s*\(/;

/** Rows searched for a header row: a title or a note may sit above the table (as readSheetTable searches). */
const HEADER_SEARCH_ROWS = 10;

/**
 * The header row (1-based) among a sheet's first rows: the one holding the most of the table's headers, the
 * first of equals. None holds any: row 1 when it is empty (the headers go there), else undefined.
 */
function findHeaderRow(rows: readonly (readonly Cell[])[], headers: readonly string[]): number | undefined {
  const known = new Set(headers.map(headerKey));
  let best = 0;
  let found = 1;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, i) => {
    const matched = new Set(row.map(headerKey).filter((k) => known.has(k))).size;
    if (matched > best) {
      best = matched;
      found = i + 1;
    }
  });
  return best > 0 || (rows[0] ?? []).every((cell) => cell === '') ? found : undefined;
}

/** Why a sheet cannot be set up: no header row to complete, and a row 1 the headers would have to share. */
const noHeaderRow = (spec: TableSpec): string =>
  `${SHEET_NAMES[spec.key]}: none of the first ${HEADER_SEARCH_ROWS} rows holds its headers ` +
  `(${spec.headers.slice(0, 4).join(', ')}${spec.headers.length > 4 ? ', …' : ''}) and row 1 is not empty. ` +
  'Type the headers in one row above the table (a title may stay above them), or rename the sheet to keep it ' +
  'as it is, then run the set-up again.';

/** One sheet, read and planned: what is there, and what this run adds where. */
interface Plan {
  readonly spec: TableSpec;
  readonly sheet: SheetApi;
  /** The sheet's name as the spreadsheet spells it (names match without case, as in Sheets). */
  readonly name: string;
  /** The formulas this sheet has or gets: the spec's, or those they replace where the sheet has them. */
  readonly computed: readonly Computed[];
  readonly created: boolean;
  /** The table's header row (1-based): formulas go there, records, rules and formats below it. */
  readonly headerRow: number;
  readonly lastColumn: number;
  readonly maxRows: number;
  readonly maxColumns: number;
  /** The table's last column before and after this run: the table is A..tableEnd, computed columns after it. */
  readonly tableEnd0: number;
  readonly tableEnd: number;
  /** Header keys of columns 1..tableEnd after this run. */
  readonly keys: readonly string[];
  /** Headers this run adds at tableEnd0 + 1 (inserting columns when computed columns sit there). */
  readonly newHeaders: readonly string[];
  readonly insertColumns: boolean;
  /** Column of each computed formula after this run, the formula text there now ('' for a new one). */
  readonly computedAt: ReadonlyMap<string, { readonly column: number; readonly formula: string }>;
  /** Last column any content or computed result reaches after this run. */
  readonly usedEnd: number;
  /** Rows headerRow+1..lastRow over columns 1..tableEnd0 as they were. */
  readonly records: readonly (readonly Cell[])[];
  /** Last row holding a record (headerRow when none). */
  readonly lastRecordRow: number;
}

/** Reads a sheet (a new one: nothing to read) and plans it; a string says why it cannot be set up. */
function inspect(spec: TableSpec, sheet: SheetApi, name: string, created: boolean): Plan | string {
  const lastColumn = created ? 0 : sheet.getLastColumn();
  const lastRow = created ? 0 : sheet.getLastRow();
  // The first rows (with the records under them, when the table needs those) in one read, then the header
  // row's formulas.
  const needsRecords = spec.rowsAhead > 0 || spec.key === 'settings';
  const numRows = Math.max(needsRecords ? lastRow : Math.min(lastRow, HEADER_SEARCH_ROWS), 1);
  const block: Cell[][] = lastColumn > 0 ? sheet.getRange(1, 1, numRows, lastColumn).getValues() : [];
  // A sheet of formulas only (Armies) has no header row to find: its formula sits in row 1.
  const headerRow = spec.headers.length === 0 ? 1 : findHeaderRow(block, spec.headers);
  if (headerRow === undefined) return noHeaderRow(spec);
  const formulas: string[] =
    lastColumn > 0 ? sheet.getRange(headerRow, 1, 1, lastColumn).getFormulas()[0]! : [];
  const values: readonly Cell[] = block[headerRow - 1] ?? [];

  // Computed formulas already placed (from column B on, as a table needs a column left of them; from A on a
  // sheet that holds only formulas), or the older ones they replace.
  const known = new Set(spec.computed.flatMap((c) => [c.fn, ...(c.replaces ?? [])]));
  const found = new Map<string, { column: number; formula: string }>();
  formulas.forEach((formula, i) => {
    const fn = FORMULA_CALL.exec(String(formula ?? ''))?.[1]?.toUpperCase();
    if ((i > 0 || spec.headers.length === 0) && fn && known.has(fn) && !found.has(fn)) {
      found.set(fn, { column: i + 1, formula });
    }
  });
  const computed = spec.computed.flatMap((c): Computed[] => {
    const older = (c.replaces ?? []).filter((fn) => found.has(fn));
    if (found.has(c.fn) || older.length === 0) return [c];
    return older.map((fn) => ({ fn, width: 1, reads: c.reads, formats: [] }));
  });
  for (const fn of [...found.keys()]) if (!computed.some((c) => c.fn === fn)) found.delete(fn);
  const firstComputed = Math.min(...[...found.values()].map((f) => f.column));
  const tableEnd0 = found.size > 0 ? firstComputed - 1 : lastColumn;
  const present = values.slice(0, tableEnd0).map(headerKey);
  const newHeaders = spec.headers.filter((h) => !present.includes(headerKey(h)));
  const added = newHeaders.length;
  const insertColumns = added > 0 && found.size > 0;
  const keys = [...present, ...newHeaders.map(headerKey)];

  // Computed columns right of the table move with an insert; missing ones go after everything used.
  const computedAt = new Map<string, { column: number; formula: string }>();
  let usedEnd = lastColumn + added;
  for (const [fn, at] of found) {
    const column = at.column + (insertColumns ? added : 0);
    computedAt.set(fn, { column, formula: at.formula });
    usedEnd = Math.max(usedEnd, column + computed.find((c) => c.fn === fn)!.width - 1);
  }
  for (const c of computed) {
    if (computedAt.has(c.fn)) continue;
    computedAt.set(c.fn, { column: usedEnd + 1, formula: '' });
    usedEnd += c.width;
  }

  const records = block.slice(headerRow).map((row) => row.slice(0, tableEnd0));
  let lastRecordRow = headerRow;
  records.forEach((row, i) => {
    if (!isBlankRow(row)) lastRecordRow = headerRow + 1 + i;
  });

  return {
    spec,
    sheet,
    name,
    computed,
    created,
    headerRow,
    lastColumn,
    maxRows: sheet.getMaxRows(),
    maxColumns: sheet.getMaxColumns(),
    tableEnd0,
    tableEnd: tableEnd0 + added,
    keys,
    newHeaders,
    insertColumns,
    computedAt,
    usedEnd,
    records,
    lastRecordRow,
  };
}

const columnOf = (plan: Plan, header: string): number => plan.keys.indexOf(headerKey(header)) + 1;

/** A table's range as a formula argument, from its header row: A1:V on its own sheet, Units!A3:V from another. */
function tableRange(plans: ReadonlyMap<TableKey, Plan>, table: TableKey, from: TableKey): string {
  const plan = plans.get(table)!;
  const range = `A${plan.headerRow}:${columnLetter(plan.tableEnd)}`;
  return table === from ? range : `${quoteSheet(plan.name)}!${range}`;
}

const formulaOf = (plans: ReadonlyMap<TableKey, Plan>, c: Computed, from: TableKey): string =>
  `=${c.fn}(${c.reads.map((t) => tableRange(plans, t, from)).join(', ')})`;

const widened = (plan: Plan): boolean => plan.tableEnd !== plan.tableEnd0;

/** The records this run adds to a table: the Library's units, missing settings, the sample's rows. */
function rowsToAdd(plan: Plan, sample: boolean): readonly SetupRow[] {
  const key = plan.spec.key;
  if (key === 'settings') {
    const column = columnOf(plan, 'Setting') - 1;
    const have = new Set(plan.records.map((row) => headerKey(row[column])));
    return SETTINGS.filter((s) => !have.has(headerKey(s.name))).map((s) => ({
      Setting: s.name,
      Value: s.values[0],
    }));
  }
  if (plan.lastRecordRow > plan.headerRow) return [];
  if (key === 'library') return unitLibrary();
  if (!sample) return [];
  if (key === 'units') return sampleUnits();
  if (key === 'characters') return sampleCharacters();
  if (key === 'battles') return sampleBattles();
  return [];
}

/** Lays records out in the sheet's column order, keeping whatever the rows held in columns they leave out. */
function layRows(plan: Plan, rows: readonly SetupRow[], firstRow: number): Cell[][] {
  const byKey = rows.map((row) => new Map(Object.entries(row).map(([h, v]) => [headerKey(h), v])));
  return byKey.map((row, i) => {
    const old = plan.records[firstRow - plan.headerRow - 1 + i] ?? [];
    return plan.keys.map((key, c) => {
      if (row.has(key)) return row.get(key);
      if (c < old.length && old[c] !== '') return old[c];
      const header = plan.spec.headers.find((h) => headerKey(h) === key);
      return header !== undefined && plan.spec.rules[header]?.kind === 'checkbox' ? false : '';
    });
  });
}

function buildRule(app: SpreadsheetAppApi, rule: Rule): DataValidationApi {
  const builder = app.newDataValidation();
  if (rule.kind === 'checkbox') return builder.requireCheckbox().build();
  if (rule.kind === 'list')
    return builder
      .requireValueInList([...rule.values], true)
      .setAllowInvalid(true)
      .build();
  const ranged =
    rule.max === undefined
      ? builder.requireNumberGreaterThanOrEqualTo(rule.min)
      : builder.requireNumberBetween(rule.min, rule.max);
  return ranged.setAllowInvalid(false).setHelpText(rule.help).build();
}

/**
 * Gives cells of some columns a validation or format where they have none, in one read and one write over the
 * columns' span: other cells in the span are written back as they were. Returns how many columns it completed.
 */
function fillMissing<T>(
  sheet: SheetApi,
  created: boolean,
  firstRow: number,
  numRows: number,
  columns: ReadonlyMap<number, () => T>,
  read: (range: RangeApi) => T[][],
  isMissing: (value: T) => boolean,
  blank: T,
  write: (range: RangeApi, values: T[][]) => void,
): number {
  if (columns.size === 0 || numRows < 1) return 0;
  const first = Math.min(...columns.keys());
  const width = Math.max(...columns.keys()) - first + 1;
  const range = sheet.getRange(firstRow, first, numRows, width);
  const cells: T[][] = created
    ? Array.from({ length: numRows }, () => Array.from({ length: width }, () => blank))
    : read(range);
  const made = new Map<number, T>();
  for (const row of cells) {
    for (const [column, make] of columns) {
      const c = column - first;
      if (!isMissing(row[c]!)) continue;
      if (!made.has(column)) made.set(column, make());
      row[c] = made.get(column)!;
    }
  }
  if (made.size > 0) write(range, cells);
  return made.size;
}

/** Runs of adjacent columns: [first, width] each. */
function runs(columns: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const c of [...new Set(columns)].sort((x, y) => x - y)) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === c) last[1]++;
    else out.push([c, 1]);
  }
  return out;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Warcard > Set up campaign: adds whatever sheet, column, formula, validation or format the campaign lacks. */
export const setUpCampaign = (): string[] => runSetUp(false);

/** Warcard > Set up with sample campaign: the same, and a sample war in tables that have no records yet. */
export const setUpSampleCampaign = (): string[] => runSetUp(true);

/** How long a set-up waits for another user's change (a battle applied, another set-up) to finish. */
export const SETUP_LOCK_WAIT_MS = 10_000;

/**
 * Sets up (or completes) every sheet of the campaign under the document lock, then says what it added (after
 * releasing the lock: the message waits for the user). Returns the same lines.
 */
export function runSetUp(sample: boolean): string[] {
  const app = spreadsheetApp();
  const lock = lockService().getDocumentLock();
  if (lock && !lock.tryLock(SETUP_LOCK_WAIT_MS)) {
    app
      .getUi()
      .alert('Another user is changing the campaign right now. Nothing was set up: try again in a moment.');
    return [];
  }
  let outcome: { report: string[] } | { refused: string[] };
  try {
    outcome = setUpSheets(app, sample);
    app.flush();
  } finally {
    lock?.releaseLock();
  }
  if ('refused' in outcome) {
    app.getUi().alert(`Warcard set-up changed nothing:\n${outcome.refused.join('\n')}`);
    return [];
  }
  const { report } = outcome;
  app
    .getUi()
    .alert(
      report.length > 0
        ? `Warcard set-up added:\n${report.join('\n')}`
        : 'Warcard set-up: nothing was missing. Every sheet, header, formula, validation and format is in place.',
    );
  return report;
}

/**
 * Reads every sheet of the campaign once and plans what each lacks; then, unless a sheet has no header row to
 * complete (nothing is changed at all), creates the missing sheets and writes: one line per changed sheet.
 */
function setUpSheets(app: SpreadsheetAppApi, sample: boolean): { report: string[] } | { refused: string[] } {
  const ss = app.getActiveSpreadsheet();
  // Sheets compares sheet names without case: "units" is the Units sheet, and no second one can be added.
  const existing = new Map<string, { sheet: SheetApi; name: string }>();
  for (const sheet of ss.getSheets()) {
    const name = sheet.getName();
    if (!existing.has(name.toLowerCase())) existing.set(name.toLowerCase(), { sheet, name });
  }
  const tables = setupTables();
  const surveyed = new Map<TableKey, Plan | string>();
  for (const spec of tables) {
    const found = existing.get(SHEET_NAMES[spec.key].toLowerCase());
    if (found) surveyed.set(spec.key, inspect(spec, found.sheet, found.name, false));
  }
  const refused = [...surveyed.values()].filter((p): p is string => typeof p === 'string');
  if (refused.length > 0) return { refused };
  const plans = new Map<TableKey, Plan>();
  for (const spec of tables) {
    const name = SHEET_NAMES[spec.key];
    const plan = surveyed.get(spec.key) ?? inspect(spec, ss.insertSheet(name), name, true);
    plans.set(spec.key, plan as Plan); // a new sheet is empty: its header row is row 1
  }
  const report: string[] = [];
  for (const plan of plans.values()) {
    const added = complete(app, plans, plan, sample);
    if (added.length > 0) report.push(`${plan.name}: ${added.join(', ')}`);
  }
  return { report };
}

/** Writes what one planned sheet lacks; returns what it added, in words. */
function complete(
  app: SpreadsheetAppApi,
  plans: ReadonlyMap<TableKey, Plan>,
  plan: Plan,
  sample: boolean,
): string[] {
  const { sheet, spec, created, headerRow } = plan;
  const firstRecordRow = headerRow + 1;
  const added: string[] = [];
  const bold = (range: RangeApi) => range.setFontWeight('bold');

  // Columns: an insert between the table and its computed columns, then room for everything on the right.
  let maxColumns = plan.maxColumns;
  if (plan.insertColumns) {
    sheet.insertColumnsAfter(plan.tableEnd0, plan.newHeaders.length);
    maxColumns += plan.newHeaders.length;
  }
  if (plan.usedEnd > maxColumns) sheet.insertColumnsAfter(maxColumns, plan.usedEnd - maxColumns);

  // Rows the records, validations and formats reach.
  const rows = rowsToAdd(plan, sample);
  const firstNewRow = plan.lastRecordRow + 1;
  const lastRecordRow = plan.lastRecordRow + rows.length;
  const lastRow =
    spec.rowsAhead > 0
      ? Math.max(headerRow + spec.rowsAhead, lastRecordRow + ROWS_PAST_LAST_RECORD)
      : lastRecordRow;
  const maxRows = plan.maxRows;
  if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);

  // Header row: missing headers (one block), formulas (one write per run of adjacent cells), bold new cells.
  if (created) added.push('new sheet');
  const boldColumns: number[] = [];
  if (plan.newHeaders.length > 0) {
    sheet
      .getRange(headerRow, plan.tableEnd0 + 1, 1, plan.newHeaders.length)
      .setValues([[...plan.newHeaders]]);
    for (let i = 0; i < plan.newHeaders.length; i++) boldColumns.push(plan.tableEnd0 + 1 + i);
    added.push(
      created
        ? plural(plan.newHeaders.length, 'column')
        : `${plural(plan.newHeaders.length, 'column')} (${plan.newHeaders.join(', ')})`,
    );
  }
  const formulas = new Map<number, string>();
  const placed: string[] = [];
  const updated: string[] = [];
  for (const c of plan.computed) {
    const at = plan.computedAt.get(c.fn)!;
    const formula = formulaOf(plans, c, spec.key);
    const stale =
      at.formula !== '' &&
      at.formula !== formula &&
      (at.formula.includes('#REF!') || c.reads.some((t) => widened(plans.get(t)!)));
    if (at.formula !== '' && !stale) continue;
    formulas.set(at.column, formula);
    if (!stale) for (let i = 0; i < c.width; i++) boldColumns.push(at.column + i);
    (stale ? updated : placed).push(`${formula} in ${columnLetter(at.column)}${headerRow}`);
  }
  for (const [first, width] of runs([...formulas.keys()])) {
    const row = Array.from({ length: width }, (_, i) => formulas.get(first + i)!);
    sheet.getRange(headerRow, first, 1, width).setFormulas([row]);
  }
  for (const [first, width] of runs(boldColumns)) bold(sheet.getRange(headerRow, first, 1, width));
  if (placed.length > 0) added.push(`${plural(placed.length, 'formula')} (${placed.join('; ')})`);
  if (updated.length > 0) added.push(`formula ranges updated (${updated.join('; ')})`);

  // Number formats: table columns, and result columns of computed formulas.
  const formats = new Map<number, () => string>();
  for (const [header, format] of Object.entries(spec.formats))
    formats.set(columnOf(plan, header), () => format!);
  for (const c of plan.computed) {
    for (const [offset, format] of c.formats)
      formats.set(plan.computedAt.get(c.fn)!.column + offset, () => format);
  }
  const formatted = fillMissing(
    sheet,
    created,
    firstRecordRow,
    lastRow - headerRow,
    formats,
    (r) => r.getNumberFormats(),
    isDefaultFormat,
    DEFAULT_NUMBER_FORMAT,
    (r, v) => {
      r.setNumberFormats(v);
    },
  );
  if (formatted > 0) added.push(`number formats in ${plural(formatted, 'column')}`);

  // Validations: every ruled column down to lastRow; Settings: the Value cell of each known setting.
  const validations = new Map<number, () => DataValidationApi>();
  for (const [header, rule] of Object.entries(spec.rules)) {
    validations.set(columnOf(plan, header), () => buildRule(app, rule!));
  }
  const readRules = (r: RangeApi) => r.getDataValidations();
  const setRules = (r: RangeApi, v: (DataValidationApi | null)[][]) => {
    r.setDataValidations(v);
  };
  const noRule = (v: DataValidationApi | null) => v === null;
  const ruled = fillMissing(
    sheet,
    created,
    firstRecordRow,
    lastRow - headerRow,
    validations,
    readRules,
    noRule,
    null,
    setRules,
  );
  if (ruled > 0) added.push(`checkboxes, dropdowns and number checks in ${plural(ruled, 'column')}`);
  const dropdowns = spec.key === 'settings' ? settingRules(app, plan, rows) : 0;
  if (dropdowns > 0) added.push(`${plural(dropdowns, 'dropdown')} of setting values`);

  // Records, after the formats (text typed into a plain-text column stays text: 4/2/1 is no date).
  if (rows.length > 0) {
    sheet.getRange(firstNewRow, 1, rows.length, plan.tableEnd).setValues(layRows(plan, rows, firstNewRow));
    added.push(plural(rows.length, spec.key === 'settings' ? 'setting' : 'row'));
  }

  if (spec.statusTint) {
    const tints = statusTints(app, plan, Math.max(lastRow, maxRows));
    if (tints.length > 0) added.push(`row tints for ${tints.join(', ')}`);
  }

  if (created || sheet.getFrozenRows() < headerRow) {
    sheet.setFrozenRows(headerRow);
    if (!created) added.push(headerRow === 1 ? 'header row frozen' : `rows 1-${headerRow} frozen`);
  }
  return added;
}

/** A dropdown of its values on the Value cell of each known setting that has no validation. */
function settingRules(app: SpreadsheetAppApi, plan: Plan, rows: readonly SetupRow[]): number {
  const keyColumn = columnOf(plan, 'Setting') - 1;
  const names = [
    ...plan.records.slice(0, plan.lastRecordRow - plan.headerRow).map((row) => row[keyColumn]),
    ...rows.map((row) => row.Setting),
  ];
  if (names.length === 0) return 0;
  const valueRange = plan.sheet.getRange(plan.headerRow + 1, columnOf(plan, 'Value'), names.length, 1);
  const current: (DataValidationApi | null)[][] = plan.created
    ? names.map(() => [null])
    : valueRange.getDataValidations();
  let filled = 0;
  names.forEach((name, i) => {
    const setting = SETTINGS.find((s) => headerKey(s.name) === headerKey(name));
    if (!setting || current[i]![0] !== null) return;
    current[i]![0] = buildRule(app, list(setting.values));
    filled++;
  });
  if (filled > 0) valueRange.setDataValidations(current);
  return filled;
}

/** Adds the Status row tints the Units sheet lacks; a rule naming the status counts as there. */
function statusTints(app: SpreadsheetAppApi, plan: Plan, lastRow: number): string[] {
  const rules = plan.created ? [] : plan.sheet.getConditionalFormatRules();
  const conditions = rules.map((r) =>
    (r.getBooleanCondition()?.getCriteriaValues() ?? []).join(' ').toLowerCase(),
  );
  const missing = (Object.keys(STATUS_TINTS) as (keyof typeof STATUS_TINTS)[]).filter(
    (s) => !conditions.some((c) => c.includes(`"${s.toLowerCase()}"`)),
  );
  if (missing.length === 0) return [];
  const status = columnLetter(columnOf(plan, 'Status'));
  const first = plan.headerRow + 1;
  const range = plan.sheet.getRange(first, 1, lastRow - plan.headerRow, plan.usedEnd);
  const added = missing.map((s) =>
    app
      .newConditionalFormatRule()
      .whenFormulaSatisfied(`=$${status}${first}="${s}"`)
      .setBackground(STATUS_TINTS[s])
      .setRanges([range])
      .build(),
  );
  plan.sheet.setConditionalFormatRules([...rules, ...added]);
  return missing;
}
