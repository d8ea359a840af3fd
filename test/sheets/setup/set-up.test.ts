// Warcard > Set up campaign and Set up with sample campaign, on the emulation (dev/gas): dist/Code.js in
// node:vm over a HyperFormula workbook. What the set-up builds, that a second run changes nothing, that a
// user's edits survive, the call budget, and the sample battle.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boxA1,
  columnIndex,
  columnLetters,
  type LoadedWorkbook,
  loadWorkbook,
  parseA1,
  type SheetSnapshot,
  type WorkbookSnapshot,
} from '../../../dev/gas';
import { IMMUNITIES, PLANS, UNIT_ROLES } from '../../../src/rules';
import { CIRCUMSTANCE_COLUMNS } from '../../../src/contract/circumstances';
import { TREASURY_HEADER } from '../../../src/sheets/treasury-formula';
import { BATTLES_HEADER } from '../../../src/sheets/battle-formulas';
import { ARMIES, ARMIES_HEADER, UNITVALUE } from '../../../src/sheets/roster-formulas';
import { BATTLE_HEADERS, CHARACTER_HEADERS, UNIT_HEADERS } from '../../../src/contract/columns';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import { SETTING_HEADERS, settingRows } from '../../../src/sheets/settings';
import { SHEET_NAMES } from '../../../src/sheets/sheet-names';
import { sampleBattles, sampleCharacters, sampleUnits, unitLibrary } from '../../../src/sheets/setup/sample';

const [SAMPLE_UNITS, SAMPLE_CHARACTERS, SAMPLE_BATTLES, UNIT_LIBRARY] = [
  sampleUnits(),
  sampleCharacters(),
  sampleBattles(),
  unitLibrary(),
];
import { ROWS_AHEAD, setupTables } from '../../../src/sheets/setup/schema';
import { headerNote } from '../../../src/sheets/setup/header-notes';
import { ownValidation } from '../../../dev/gas/snapshot';
import {
  blockOf,
  cellOf,
  cellsOf,
  columnAfterTable,
  columnOf,
  columnPast,
  formulaOf,
  rowOf,
  tableHeadersOf,
  tableOf,
} from '../../support/columns';

const ALL_SHEETS = Object.values(SHEET_NAMES);
/** The rights check before set-up: the Players sheet and its values. */
const RIGHTS_READS = 2;

/** The table columns set-up rules (checkbox, dropdown, number or army check). */
const RULED_COLUMNS = setupTables().reduce(
  (n, spec) => n + Object.values(spec.rules).filter((r) => r !== undefined).length,
  0,
);

/** A value a test relies on, or a failure naming what is missing. */
function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`no ${what}`);
  return value;
}
/** The values under a header of a table read by byHeader. */
const under = (table: ReadonlyMap<string, unknown[]>, header: string): unknown[] =>
  defined(table.get(header), `column ${header}`);
const FORMULAS = {
  units: [formulaOf('Units'), '', ''],
  armies: formulaOf('Armies'),
  characters: formulaOf('Characters'),
  battles: formulaOf('Battles'),
};
/** The Units table one column short, as a formula reads it once a Units column is deleted. */
const UNITS_SHORT = `Units!A1:${columnLetters(tableHeadersOf('Units').length - 1)}`;
/** The Roll column's first cell, which its custom validation formula names. */
const ROLL = cellOf('Battles', 'Roll', 2);

/** A set-up run: the workbook after it, and the calls it made. */
function setUp(lw: LoadedWorkbook, fn: 'setUpCampaign' | 'setUpSampleCampaign' = 'setUpCampaign') {
  lw.calls.reset();
  lw.run(fn);
  const run = {
    reads: lw.calls.reads,
    writes: lw.calls.writes,
    total: lw.calls.total,
    byMethod: { ...lw.calls.byMethod },
    alert: lw.workbook.ui.alerts.at(-1) ?? '',
  };
  lw.workbook.recalculate(); // the moment Sheets takes to run the new formulas
  return run;
}

const sheetOf = (snap: WorkbookSnapshot, name: string): SheetSnapshot => {
  const s = snap.sheets.find((x) => x.name.toLowerCase() === name.toLowerCase());
  if (!s) throw new Error(`no sheet ${name}`);
  return s;
};

/** What a snapshot holds for one cell (its run's entry), or {}. */
function metaAt(snap: WorkbookSnapshot, sheet: string, a1: string) {
  const s = sheetOf(snap, sheet);
  const at = defined(parseA1(a1, s.maxRows, s.maxColumns), `cell ${a1}`);
  for (const [key, cell] of Object.entries(s.cells)) {
    const box = defined(parseA1(key, s.maxRows, s.maxColumns), `cell ${key}`);
    const inside =
      at.row >= box.row &&
      at.row < box.row + box.numRows &&
      at.col >= box.col &&
      at.col < box.col + box.numCols;
    if (inside) return cell;
  }
  return {};
}

const headerRow = (lw: LoadedWorkbook, sheet: string, width: number) =>
  lw.workbook.read(sheet, `A1:${columnLetters(width)}1`)[0];

/**
 * Every value of a sheet's used range: up to its last row and column holding a value, as getLastRow and
 * getLastColumn find them (read uncounted; a whole-workbook snapshot per sheet made this file slow).
 */
function usedValues(lw: LoadedWorkbook, sheet: string): unknown[][] {
  const model = lw.workbook.sheetOrThrow(sheet);
  const [lastRow, lastCol] = [lw.workbook.lastRow(model), lw.workbook.lastColumn(model)];
  if (lastRow === 0) return [];
  return lw.workbook.read(sheet, `A1:${columnLetters(lastCol)}${lastRow}`);
}

/** Cells of every sheet that show an error or a #ERR: text. */
function errorsIn(lw: LoadedWorkbook): string[] {
  const found: string[] = [];
  for (const sheet of ALL_SHEETS) {
    usedValues(lw, sheet).forEach((row, r) => {
      row.forEach((v, c) => {
        if (typeof v === 'string' && v.startsWith('#'))
          found.push(`${sheet}!${columnLetters(c + 1)}${r + 1}: ${v}`);
      });
    });
  }
  return found;
}

/** A table's columns by header: header -> the values under it (rows 2..). */
function byHeader(lw: LoadedWorkbook, sheet: string): Map<string, unknown[]> {
  const [head = [], ...rows] = usedValues(lw, sheet);
  const out = new Map<string, unknown[]>();
  head.forEach((h, c) => {
    if (h !== '')
      out.set(
        String(h),
        rows.map((row) => row[c]),
      );
  });
  return out;
}

/**
 * An empty spreadsheet set up, then set up again: the same two runs serve what the set-up builds and its call
 * budget (the tests only read them), made once for the file.
 */
let emptyRuns:
  | {
      lw: LoadedWorkbook;
      first: ReturnType<typeof setUp>;
      snap: WorkbookSnapshot;
      second: ReturnType<typeof setUp>;
      again: WorkbookSnapshot;
    }
  | undefined;
function setUpEmpty() {
  if (!emptyRuns) {
    const lw = loadWorkbook();
    const first = setUp(lw);
    const snap = lw.workbook.snapshot();
    const second = setUp(lw);
    emptyRuns = { lw, first, snap, second, again: lw.workbook.snapshot() };
  }
  return emptyRuns;
}

describe('Set up campaign on an empty spreadsheet', () => {
  let lw: LoadedWorkbook;
  let run: ReturnType<typeof setUp>;
  let snap: WorkbookSnapshot;
  beforeAll(() => {
    ({ lw, first: run, snap } = setUpEmpty());
  });

  it('creates every sheet with its header row, bold and frozen', () => {
    expect(snap.sheets.map((s) => s.name)).toEqual(ALL_SHEETS);
    const expected: [string, readonly string[]][] = [
      ['Units', [...UNIT_HEADERS, 'Value', 'Muster', 'Upkeep']],
      ['Characters', [...CHARACTER_HEADERS, 'Bonus']],
      ['Battles', [...BATTLE_HEADERS, ...BATTLES_HEADER]],
      ['Settings', SETTING_HEADERS],
      ['Library', [...UNIT_HEADERS, 'Value', 'Muster', 'Upkeep']],
      ['Armies', ARMIES_HEADER],
      ['Log', LOG_HEADERS],
    ];
    for (const [sheet, headers] of expected) {
      expect(headerRow(lw, sheet, headers.length + 1), sheet).toEqual([...headers, '']);
      expect(sheetOf(snap, sheet).frozenRows, sheet).toBe(1);
      headers.forEach((_, i) => {
        expect(metaAt(snap, sheet, `${columnLetters(i + 1)}1`).fontWeight, `${sheet} ${i}`).toBe('bold');
      });
    }
  });

  it('notes what to type on the header cells a newcomer may not know, and nowhere else', () => {
    const at = (headers: readonly string[], header: string) =>
      `${columnLetters(headers.indexOf(header) + 1)}1`;
    const notes = (sheet: string, headers: readonly string[]) =>
      headers.flatMap((h) => {
        const note = metaAt(snap, sheet, at(headers, h)).note;
        return note ? [[h, note]] : [];
      });
    expect(notes('Battles', BATTLE_HEADERS)).toEqual([
      [
        'Side',
        expect.stringMatching(/^A name for this side, .*: the realm’s, e\.g\. Elinvaire\. Not a letter/),
      ],
      ['Plan', expect.stringMatching(/^The side’s battle plan: Full charge, .* It reads Sealed while/)],
    ]);
    expect(notes('Characters', CHARACTER_HEADERS)).toEqual([
      ['Warrior', expect.stringMatching(/^The character’s Warrior level, 0 to 100 \(a level, not a bonus/)],
      ['Rogue', expect.stringMatching(/^The character’s Rogue level, 0 to 100 \(a level, not a bonus/)],
    ]);
    expect(notes('Units', UNIT_HEADERS)).toEqual([
      [
        'Status',
        expect.stringMatching(/^Ready \(or blank\), Routed, Destroyed or Captured\. Only Ready units fight/),
      ],
    ]);
    expect(notes('Library', UNIT_HEADERS)).toEqual([
      [
        'Unit',
        expect.stringMatching(
          /^The Library: standard unit cards .*Typing a Type on Units does not fill the card/,
        ),
      ],
    ]);
    // Keyed by header: Units' Mustered gets its note once set-up adds that column.
    expect(headerNote('units', 'Mustered')).toMatch(/^The season the unit was mustered in/);
    expect(headerNote('library', 'Status')).toBe('');
  });

  it('places one formula per computed block in its header cell, right of the table', () => {
    const stats = ['Value', 'Muster', 'Upkeep'];
    expect(stats.map((h) => lw.workbook.cell('Units', cellOf('Units', h, 1)).formula)).toEqual(
      FORMULAS.units,
    );
    expect(stats.map((h) => lw.workbook.cell('Library', cellOf('Library', h, 1)).formula)).toEqual(
      FORMULAS.units,
    );
    expect(lw.workbook.cell('Characters', cellOf('Characters', 'Bonus', 1)).formula).toBe(
      FORMULAS.characters,
    );
    expect(lw.workbook.cell('Battles', cellOf('Battles', 'Base', 1)).formula).toBe(FORMULAS.battles);
    expect(lw.workbook.cell('Armies', 'A1').formula).toBe(FORMULAS.armies);
    expect(lw.workbook.read('Armies', cellsOf('Armies', 'Army', 2, 2, 'Upkeep'))).toEqual([
      ['', '', '', '', '', '', '', ''],
    ]); // no army yet
    expect(run.alert).toContain('Warcard set-up added');
    expect(errorsIn(lw)).toEqual([]);
  });

  it('tells the game master in the table’s words what it made and what to do next, and lands on Units', () => {
    expect(run.alert.split('\n')).toEqual([
      'Warcard set-up added:',
      'New sheets: Units, Characters, Battles, Settings, Library, Armies, Log, Undo, Players, Realms, Treasury.',
      "You (owner@example.com) are the first GM on the Players sheet: add each player's email and armies there (until then only GMs may write), then Warcard → Protect realms.",
      '',
      expect.stringMatching(
        /^Next: type your units on Units, one row each: .* Then Warcard → Battle… sets up and fights a battle\.$/,
      ),
    ]);
    expect(run.alert).not.toMatch(/number checks|=UNITSTATS|columns/);
    expect(lw.workbook.ui.activated).toBe('Units');
  });

  it('fills the Library with the reference units, valued as the source table', () => {
    const values = lw.workbook.read('Library', 'A2:A11').map((r) => r[0]);
    expect(values).toEqual(UNIT_LIBRARY.map((u) => u.Unit));
    expect(lw.workbook.read('Library', cellsOf('Library', 'Value', 2, 12)).map((r) => r[0])).toEqual([
      3,
      3,
      6,
      5,
      3,
      2,
      7,
      1,
      3,
      2,
      '',
    ]);
    expect(lw.workbook.read('Library', cellOf('Library', 'Override', 7))).toEqual([[2]]); // Irregulars: Override 2
  });

  it('adds the default settings with their dropdowns', () => {
    expect(lw.workbook.read('Settings', `A2:B${settingRows().length + 2}`)).toEqual([
      ...settingRows().map((s) => [s.name, s.default]),
      ['', ''],
    ]);
    settingRows().forEach((s, i) => {
      expect(metaAt(snap, 'Settings', `B${i + 2}`).validation).toMatchObject({
        criteria: 'VALUE_IN_LIST',
        values: [[...s.values], true],
      });
    });
  });

  it('puts checkboxes, dropdowns and number checks on the columns, rows ahead', () => {
    const last = ROWS_AHEAD + 1;
    // Read from the sheet itself, a custom formula as it reads at the cell (moved from its range's first cell).
    const rule = (sheet: string, header: string, list: readonly string[], row = 2) => {
      const v = lw.workbook.sheetOrThrow(sheet).metaAt(row - 1, list.indexOf(header))?.validation;
      return v && ownValidation(v);
    };
    for (const h of ['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune']) {
      expect(rule('Units', h, UNIT_HEADERS), h).toMatchObject({ criteria: 'CHECKBOX' });
      expect(rule('Units', h, UNIT_HEADERS, last), h).toMatchObject({ criteria: 'CHECKBOX' });
    }
    expect(rule('Units', 'Role', UNIT_HEADERS)).toMatchObject({
      criteria: 'VALUE_IN_LIST',
      values: [[...UNIT_ROLES], true],
    });
    expect(rule('Units', 'Role 2', UNIT_HEADERS)).toMatchObject({ criteria: 'VALUE_IN_LIST' });
    expect(rule('Units', 'Status', UNIT_HEADERS)).toMatchObject({ criteria: 'VALUE_IN_LIST' });
    expect(rule('Units', 'Spellcasting', UNIT_HEADERS)).toMatchObject({ criteria: 'VALUE_IN_LIST' });
    // Number columns: exactly their range, whole, marked (never refused: the product's writes must go through).
    /** A number column's custom rule, as it reads at its cell. */
    const whole = (cell: string, min: number, max: number) =>
      `=AND(ISNUMBER(${cell}),${cell}=INT(${cell}),${cell}>=${min},${cell}<=${max})`;
    expect(rule('Units', 'Morale', UNIT_HEADERS)).toEqual({
      criteria: 'CUSTOM_FORMULA',
      values: [whole(cellOf('Units', 'Morale', 2), 1, 1000)],
      allowInvalid: true,
      helpText: 'Morale: the morale icons on the card, a whole number from 1 to 1,000 (required)',
    });
    expect(rule('Units', 'Hits', UNIT_HEADERS, last)).toMatchObject({
      values: [whole(cellOf('Units', 'Hits', last), 1, 1000)],
    });
    expect(rule('Units', 'Melee', UNIT_HEADERS)).toMatchObject({
      values: [whole(cellOf('Units', 'Melee', 2), 0, 1000)],
    });
    for (const h of ['Role', 'Status', 'Vulnerable'])
      expect(rule('Units', h, UNIT_HEADERS), h).toMatchObject({ allowInvalid: true });
    expect(rule('Units', 'Unit', UNIT_HEADERS)).toBeUndefined();
    expect(rule('Units', 'Vulnerable', UNIT_HEADERS, last + 1)).toBeUndefined();
    for (const h of ['Battlewise', 'Strategy', 'Turns Undead']) {
      expect(rule('Characters', h, CHARACTER_HEADERS), h).toMatchObject({ criteria: 'CHECKBOX' });
    }
    expect(rule('Characters', 'Priest Uses', CHARACTER_HEADERS)).toMatchObject({ criteria: 'VALUE_IN_LIST' });
    expect(rule('Characters', 'Categories', CHARACTER_HEADERS)).toMatchObject({
      criteria: 'CUSTOM_FORMULA',
      values: [whole(cellOf('Characters', 'Categories', 2), 0, 8)],
    });
    const battleTicks = BATTLE_HEADERS.filter(
      (h) =>
        ![
          'Battle',
          'Side',
          'Armies',
          'Castle Level',
          'Immunity',
          'Plan',
          'Roll',
          'Fought',
          'Sealed',
        ].includes(h),
    );
    // Defender, every circumstance box of the rules' tables, and the castle assault's and special bonus's boxes.
    expect(battleTicks).toEqual([
      'Defender',
      ...Object.values(CIRCUMSTANCE_COLUMNS).flatMap((table) =>
        Object.values<{ label: string }>(table).map((m) => m.label),
      ),
      'Engineering',
      'Siegecraft',
      'Special Bonus',
    ]);
    for (const h of battleTicks) {
      expect(rule('Battles', h, BATTLE_HEADERS), h).toMatchObject({ criteria: 'CHECKBOX' });
    }
    expect(rule('Battles', 'Plan', BATTLE_HEADERS)).toMatchObject({ values: [[...PLANS, 'Sealed'], true] });
    expect(rule('Battles', 'Immunity', BATTLE_HEADERS)).toMatchObject({ values: [[...IMMUNITIES], true] });
    expect(rule('Battles', 'Roll', BATTLE_HEADERS)).toMatchObject({
      criteria: 'CUSTOM_FORMULA',
      values: [whole(ROLL, 1, 100)],
      allowInvalid: true,
    });
    expect(rule('Battles', 'Castle Level', BATTLE_HEADERS)).toMatchObject({
      values: [whole(cellOf('Battles', 'Castle Level', 2), 0, 100)],
    });
    // A blank checkbox row is no record: the formulas give "" for it.
    expect(lw.workbook.read('Units', cellsOf('Units', 'Vulnerable', 2, 3))).toEqual([[false], [false]]);
    expect(lw.workbook.read('Units', cellsOf('Units', 'Value', 2, 3, 'Upkeep'))).toEqual([
      ['', '', ''],
      ['', '', ''],
    ]);
  });

  it('formats Spell Slots and Battle Spells as text, and the BATTLES block’s rates as percents', () => {
    expect(metaAt(snap, 'Characters', cellOf('Characters', 'Spell Slots', 2)).numberFormat).toBe('@');
    expect(metaAt(snap, 'Characters', cellOf('Characters', 'Battle Spells', 301)).numberFormat).toBe('@');
    const block = (header: string) =>
      columnLetters(BATTLE_HEADERS.length + 1 + BATTLES_HEADER.indexOf(header as never));
    expect(metaAt(snap, 'Battles', `${block('Percent')}2`).numberFormat).toBe('0%');
    expect(metaAt(snap, 'Battles', `${block('Win Chance')}2`).numberFormat).toBe('0.0%');
    expect(metaAt(snap, 'Battles', `${block('Casualty Rate')}301`).numberFormat).toBe('0%');
    expect(metaAt(snap, 'Battles', `${block('Base')}2`).numberFormat).toBeUndefined();
  });

  it('tints Units rows by Status', () => {
    const rules = sheetOf(snap, 'Units').conditionalRules;
    expect(rules.map((r) => r.formula)).toEqual(['=$V2="Routed"', '=$V2="Destroyed"', '=$V2="Captured"']);
    for (const r of rules) {
      expect(r.background).toMatch(/^#[0-9a-f]{6}$/);
      expect(r.ranges).toEqual(['A2:Y1000']);
    }
  });

  it('a second run changes nothing and says nothing was missing', () => {
    const { second, again } = setUpEmpty();
    expect(second.writes).toBe(0);
    expect(again).toEqual(snap);
    expect(second.alert).toMatch(/nothing was missing/);
  });
});

describe('Set up with sample campaign', () => {
  let lw: LoadedWorkbook;
  let run: ReturnType<typeof setUp>;
  beforeAll(() => {
    lw = loadWorkbook();
    run = setUp(lw, 'setUpSampleCampaign');
  });

  it('fills the tables with two realms at war and one prepared battle', () => {
    expect(run.alert).toContain('New sheets: Units, ');
    expect(run.alert).toContain('Warcard → Battle… opens the prepared battle');
    expect(SAMPLE_UNITS.length).toBeGreaterThanOrEqual(30);
    const units = byHeader(lw, 'Units');
    expect(under(units, 'Unit').filter((u) => u !== '')).toEqual(SAMPLE_UNITS.map((u) => u.Unit));
    const statuses = under(units, 'Status');
    expect(statuses.filter((s) => s === 'Routed').length).toBeGreaterThanOrEqual(2);
    expect(under(units, 'Mercenary').filter((m) => m === true)).toHaveLength(1);
    expect(under(units, 'Undead').some((m) => m === true)).toBe(true);
    expect(under(units, 'Role').filter((r) => String(r).startsWith('Flying')).length).toBeGreaterThan(0);
    const characters = byHeader(lw, 'Characters');
    expect(under(characters, 'Character').filter((c) => c !== '')).toHaveLength(SAMPLE_CHARACTERS.length);
    expect(under(characters, 'Battlewise').some((b) => b === true)).toBe(true);
    // Spell levels stay text, not dates.
    expect(under(characters, 'Spell Slots').filter((s) => s !== '')).toEqual(
      SAMPLE_CHARACTERS.filter((c) => c['Spell Slots']).map((c) => c['Spell Slots']),
    );
    expect(
      lw.workbook.read('Battles', cellsOf('Battles', 'Battle', 2, 3, 'Armies')).map((r) => r[0]),
    ).toEqual(SAMPLE_BATTLES.map((b) => b.Battle));
  });

  it('keeps two realms’ treasuries: TREASURY beside Realms, balances from three seasons of ledger', () => {
    expect(lw.workbook.cell('Realms', `${columnAfterTable('Realms')}1`).formula).toBe(
      `=TREASURY(${tableOf('Realms', { from: 'Realms' })}, ${tableOf('Treasury')}, ${tableOf('Units')}, ${tableOf('Settings')})`,
    );
    // The sample's Season after the declared settings (src/rules/house-rules.ts), below the header.
    const season = settingRows().length + 2;
    expect(lw.workbook.read('Settings', `A${season}:B${season}`)).toEqual([['Season', 'Summer 1522']]);
    // The armies' upkeep in the field, as the Armies sheet sums it (ARMIES' header row, then an army a row).
    const armies = lw.workbook.read('Armies', cellsOf('Armies', 'Army', 1, 4, 'Note'));
    const upkeepOf = (army: string) =>
      armies.find((r) => r[0] === army)?.[ARMIES_HEADER.indexOf('Upkeep')] as number;
    const elinvaire = upkeepOf('Elinvaire Host') + upkeepOf('Marcher Levies');
    const ghorvant = upkeepOf('Ghorvant Legion');
    // Elinvaire: 60 + (44 − 34) + (44 − 34 − 6) + (44 − 36 − 10) = 72; Ghorvant: 90 + (40 − 36 − 8) + (40 − 38)
    // + 12 + (40 − 40 − 4) = 96. Nothing mustered this season: no Units row names it.
    expect(lw.workbook.read('Realms', blockOf('Realms', 1, 3))).toEqual([
      [...TREASURY_HEADER],
      ['Elinvaire', 72, elinvaire, 0, 72 + 44 - elinvaire, ''],
      ['Ghorvant', 96, ghorvant, 0, 96 + 40 - ghorvant, ''],
    ]);
    expect(elinvaire).toBeGreaterThan(20);
  });

  it('shows a Battle Value and a win chance for both sides at once, and no error anywhere', () => {
    const block = lw.workbook.read('Battles', cellsOf('Battles', 'Base', 1, 3, 'Destroyed'));
    expect(block[0]).toEqual([...BATTLES_HEADER]);
    const value = BATTLES_HEADER.indexOf('Battle Value');
    const chance = BATTLES_HEADER.indexOf('Win Chance');
    for (const row of block.slice(1)) {
      expect(row[value]).toBeGreaterThan(0);
      expect(row[chance]).toBeGreaterThan(0.2);
    }
    expect(
      (defined(block[1], 'row 2')[chance] as number) + (defined(block[2], 'row 3')[chance] as number),
    ).toBeCloseTo(1, 9);
    expect(defined(block[1], 'row 2')[BATTLES_HEADER.indexOf('Outcome')]).toBe(''); // no rolls yet
    expect(errorsIn(lw)).toEqual([]);
  });

  it('sums each army on the Armies sheet: units by status, value, muster and upkeep in the field', () => {
    const table = (sheet: 'Units' | 'Characters' | 'Settings') =>
      lw.workbook.read(sheet, `${tableOf(sheet, { from: sheet })}${lw.workbook.sheetOrThrow(sheet).maxRows}`);
    const block = lw.workbook.read('Armies', cellsOf('Armies', 'Army', 1, 5, 'Note'));
    expect(block).toEqual([
      ...ARMIES(table('Units'), table('Characters'), table('Settings')),
      ['', '', '', '', '', '', '', '', ''],
    ]);
    // Marcher Levies: Levy 1, Irregulars 2 (Override), Infantry 3 Ready; the Hillfolk Levy destroyed (no
    // muster, no upkeep); Captain Maren Dunhollow's standing bonus on top of the units' 6.
    const characters = byHeader(lw, 'Characters');
    const maren = under(characters, 'Character').indexOf('Captain Maren Dunhollow');
    const bonus = under(characters, 'Bonus')[maren] as number;
    expect(bonus).toBeGreaterThan(0);
    expect(block[2]).toEqual(['Marcher Levies', 3, 0, 1, 0, 6 + bonus, 6, 3, '']);
    expect(block.slice(1, 4).map((r) => r[0])).toEqual([
      'Elinvaire Host',
      'Marcher Levies',
      'Ghorvant Legion',
    ]);
  });

  it('values the Units sheet as a direct call of UNITVALUE on the same table does', () => {
    const rows = lw.workbook.sheetOrThrow('Units').maxRows;
    const table = lw.workbook.read('Units', `A1:V${rows}`);
    const sheetValues = lw.workbook.read('Units', `W1:W${rows}`);
    expect(sheetValues).toEqual(UNITVALUE(table));
    expect(sheetValues.slice(1, 1 + SAMPLE_UNITS.length).every(([v]) => typeof v === 'number')).toBe(true);
  });

  it('a second run of either changes nothing, and says the sample was not added again', () => {
    const snap = lw.workbook.snapshot();
    const again = setUp(lw, 'setUpSampleCampaign');
    expect(again.writes).toBe(0);
    expect(again.alert).toBe(
      'Warcard set-up: nothing was missing. Every sheet, header, formula, validation and format is in place.\n' +
        'The sample war was not added to Units, Characters, Battles: they hold records already, left as they are.',
    );
    expect(setUp(lw, 'setUpCampaign').writes).toBe(0);
    expect(lw.workbook.snapshot()).toEqual(snap);
  });

  it('adds sample rows only to tables that have no records yet', () => {
    const other = loadWorkbook();
    other.workbook.put('Units', 'A1', [
      [...UNIT_HEADERS],
      ['My Guard', 'My Army', 'Infantry', 'Melee', '', 1, 3, 0, 3, 0, 2, 2],
    ]);
    const result = setUp(other, 'setUpSampleCampaign');
    expect(other.workbook.read('Units', 'A2:A3')).toEqual([['My Guard'], ['']]);
    expect(other.workbook.read('Units', cellOf('Units', 'Value', 2))).toEqual([[3]]);
    expect(other.workbook.read('Characters', 'A2')).toEqual([
      [defined(SAMPLE_CHARACTERS[0], 'sample character').Character],
    ]);
    expect(result.alert).not.toMatch(/Units:[^\n]*rows/);
    expect(result.alert).toMatch(/^Warcard set-up added:\n/);
    expect(result.alert.split('\n')).toContain(
      'The sample war was not added to Units: it holds records already, left as they are.',
    );
  });
});

// ---- A user's edits

/** A column reference moved as Sheets moves it when `column` of `sheet` is deleted. */
const REF =
  /(?<![\w$.'!:"])(?:([A-Za-z_]\w*)!)?(\$?)([A-Z]{1,3})(\$?)(\d+)?(?::(\$?)([A-Z]{1,3})(\$?)(\d+)?)?(?![\w(!:"])/g;

function shiftRefs(formula: string, formulaSheet: string, sheet: string, column: number): string {
  return formula.replace(REF, (whole, ref, sa, sc, sra, sr, ea, ec, era, er) => {
    if (sr === undefined && ec === undefined) return whole;
    if ((ref ?? formulaSheet) !== sheet) return whole;
    const move = (letters: string) => {
      const i = columnIndex(letters);
      return columnLetters(i > column ? i - 1 : i);
    };
    const end = ec === undefined ? '' : `:${ea}${move(ec)}${era}${er ?? ''}`;
    return `${ref ? `${ref}!` : ''}${sa}${move(sc)}${sra}${sr ?? ''}${end}`;
  });
}

/** The snapshot after Sheets' Edit > Delete column on `sheet`: cells move left, references follow. */
function deleteColumn(snap: WorkbookSnapshot, sheet: string, column: number): WorkbookSnapshot {
  const out = structuredClone(snap);
  for (const s of out.sheets) {
    const cells: SheetSnapshot['cells'] = {};
    for (const [key, cell] of Object.entries(s.cells)) {
      const box = defined(parseA1(key, s.maxRows, s.maxColumns), `cell ${key}`);
      if (cell.f) cell.f = shiftRefs(cell.f, s.name, sheet, column);
      if (s.name === sheet && box.col === column) continue;
      if (s.name === sheet && box.col > column) box.col -= 1;
      cells[boxA1(box)] = cell;
    }
    s.cells = cells;
    for (const rule of s.conditionalRules) {
      if (rule.formula) rule.formula = shiftRefs(rule.formula, s.name, sheet, column);
      rule.ranges = rule.ranges.map((r) => shiftRefs(r, s.name, sheet, column));
    }
    if (s.name === sheet) s.maxColumns -= 1;
  }
  return out;
}

/** A campaign set up with the sample, then edited by its user; Sheets' own edits made on the snapshot. */
/**
 * A Units cell of the edited campaign once set up again: Mercenary, deleted by hand, back at the table's end, then
 * the formulas' columns, then the user's Notes.
 */
function restored(header: string, row: number): string {
  const columns = [
    ...UNIT_HEADERS.filter((h) => h !== 'Mercenary'),
    'Mercenary',
    'Value',
    'Muster',
    'Upkeep',
    'Notes',
  ];
  return `${columnLetters(columns.indexOf(header) + 1)}${row}`;
}

function editedCampaign(): WorkbookSnapshot {
  const first = loadWorkbook();
  first.run('setUpSampleCampaign');
  const wb = first.workbook;
  wb.put('Units', cellOf('Units', 'Melee', 2), [[5]]); // a changed card value
  wb.put('Units', cellOf('Units', 'Status', 3), [['routed']]); // a value typed its own way
  const [row4, row5] = wb.read('Units', cellsOf('Units', 'Unit', 4, 5, 'Status'));
  wb.put('Units', 'A4', [defined(row5, 'row 5'), defined(row4, 'row 4')]); // reordered rows
  wb.put('Units', `${columnPast('Units')}1`, [['Notes'], ['Flagship of the host']]); // an extra column right of the formulas
  wb.put('Characters', cellOf('Characters', 'Spell Slots', 1), [['spell-slots']]); // a header written its own way
  wb.put('Settings', cellOf('Settings', 'Value', 2), [['Value']]); // a changed setting
  wb.put('Settings', 'A3', [['', '']]); // a deleted setting
  wb.put('Battles', cellOf('Battles', 'Roll', 2), [[55], [40]]); // rolls
  const units = first.context.SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units');
  units.getRange(cellsOf('Units', 'Role', 2, 50)).setDataValidation(null); // a lost dropdown
  let edited = first.workbook.snapshot();
  // Units: Edit > Delete column on Mercenary; the Log sheet deleted; the Captured tint removed.
  edited = deleteColumn(edited, 'Units', UNIT_HEADERS.indexOf('Mercenary') + 1);
  edited.sheets = edited.sheets.filter((s) => s.name !== 'Log');
  const unitSheet = sheetOf(edited, 'Units');
  unitSheet.conditionalRules = unitSheet.conditionalRules.filter((r) => !r.formula?.includes('Captured'));
  return edited;
}

describe('Set up over a user’s edited campaign', () => {
  let edited: WorkbookSnapshot;
  let lw: LoadedWorkbook;
  let before: Map<string, Map<string, unknown[]>>;
  let run: ReturnType<typeof setUp>;
  let after: WorkbookSnapshot;
  beforeAll(() => {
    edited = editedCampaign();
    lw = loadWorkbook({ snapshot: edited });
    before = new Map(ALL_SHEETS.filter((s) => s !== 'Log').map((s) => [s, byHeader(lw, s)]));
    run = setUp(lw);
    after = lw.workbook.snapshot();
  });

  it('the deletion moved the formulas left and changed their ranges, as Sheets does', () => {
    expect(defined(before.get('Units'), 'Units columns').has('Mercenary')).toBe(false);
    expect(sheetOf(edited, 'Units').cells.V1?.f).toBe('=UNITSTATS(A1:U)');
    expect(sheetOf(edited, 'Battles').cells[cellOf('Battles', 'Base', 1)]?.f).toBe(
      formulaOf('Battles').replace(tableOf('Units'), UNITS_SHORT),
    );
  });

  it('keeps every value the user wrote, under its header', () => {
    // Each value the user wrote is still there, at its row: the ones missing now (a set, not arrayContaining,
    // which compares every pair of a thousand checkbox rows).
    const written = (values: unknown[]) => values.map((v, row) => [row, v]).filter(([, v]) => v !== '');
    const key = ([row, v]: unknown[]) => `${row} ${typeof v} ${String(v)}`;
    for (const [sheet, columns] of before) {
      const now = byHeader(lw, sheet);
      for (const [header, values] of columns) {
        const kept = new Set(written(under(now, header)).map(key));
        const missing = written(values).filter((cell) => !kept.has(key(cell)));
        expect(missing, `${sheet} ${header}`).toEqual([]);
      }
    }
    expect(lw.workbook.read('Units', cellOf('Units', 'Melee', 2))).toEqual([[5]]);
    expect(under(byHeader(lw, 'Units'), 'Status')[1]).toBe('routed');
    expect(under(byHeader(lw, 'Units'), 'Notes')[0]).toBe('Flagship of the host');
    expect(lw.workbook.read('Characters', cellOf('Characters', 'Spell Slots', 1))).toEqual([['spell-slots']]);
    expect(lw.workbook.read('Settings', rowOf('Settings', 2))).toEqual([['Troop Ratio By', 'Value']]);
  });

  it('restores only what was missing', () => {
    // The Mercenary column comes back at the end of the table; the formulas move right and cover it.
    expect(lw.workbook.read('Units', `${restored('Status', 1)}:${restored('Notes', 1)}`)).toEqual([
      ['Status', 'Mercenary', 'Value', 'Muster', 'Upkeep', 'Notes'],
    ]);
    expect(metaAt(after, 'Units', restored('Mercenary', 2)).validation).toMatchObject({
      criteria: 'CHECKBOX',
    });
    expect(metaAt(after, 'Units', restored('Mercenary', 1)).fontWeight).toBe('bold');
    expect(
      ['Value', 'Muster', 'Upkeep'].map((h) => lw.workbook.cell('Units', restored(h, 1)).formula),
    ).toEqual(FORMULAS.units);
    expect(lw.workbook.cell('Characters', cellOf('Characters', 'Bonus', 1)).formula).toBe(
      FORMULAS.characters,
    );
    expect(lw.workbook.cell('Battles', cellOf('Battles', 'Base', 1)).formula).toBe(FORMULAS.battles);
    // The lost dropdown, the deleted setting, the Log sheet, the Captured tint.
    expect(metaAt(after, 'Units', 'D2').validation).toMatchObject({ criteria: 'VALUE_IN_LIST' });
    // Appended after the last setting (Season, after the declared ones), the deleted row left blank.
    const kept = settingRows()
      .slice(2)
      .map((s) => [s.name, s.default]);
    expect(kept[0]).toEqual(['Dice', 'Sidebar']);
    expect(lw.workbook.read('Settings', `A3:B${kept.length + 5}`)).toEqual([
      ['', ''],
      ...kept,
      ['Season', 'Summer 1522'],
      ['Terrain Modifiers As', 'Points'],
    ]);
    expect(headerRow(lw, 'Log', LOG_HEADERS.length)).toEqual([...LOG_HEADERS]);
    const tints = sheetOf(after, 'Units').conditionalRules.map((r) => r.formula);
    expect(tints).toHaveLength(3);
    expect(tints).toContain(`=$${restored('Status', 2)}="Captured"`);
    // Nothing else: the Characters and Settings sheets differ only where named above.
    const cellsBefore = sheetOf(edited, 'Characters').cells;
    const cellsAfter = sheetOf(after, 'Characters').cells;
    const bonus = cellOf('Characters', 'Bonus', 1);
    expect({ ...cellsAfter, [bonus]: undefined }).toEqual({ ...cellsBefore, [bonus]: undefined });
    expect(run.alert).toMatch(/Units: 1 column \(Mercenary\)/);
    expect(run.alert).toMatch(/New sheets: [^\n]*Log/);
    expect(run.alert).toMatch(/Settings: (1 dropdown of setting values, )?1 setting/);
    expect(run.alert).not.toMatch(/Library/);
  });

  it('the formulas evaluate again, with the user’s rolls', () => {
    expect(errorsIn(lw)).toEqual([]);
    const outcome = lw.workbook.read('Battles', cellsOf('Battles', 'Outcome', 2, 3)).map((r) => r[0]);
    expect([...outcome].sort()).toEqual(['Lost', 'Won']);
  });

  it('a further run finds nothing missing', () => {
    const again = setUp(lw);
    expect(again.writes).toBe(0);
    expect(lw.workbook.snapshot()).toEqual(after);
  });
});

// ---- Call budget

/** A workbook whose Units sheet holds its header row and `n` units, nothing else. */
function withUnits(n: number): LoadedWorkbook {
  const lw = loadWorkbook();
  const rows = Array.from({ length: n }, (_, i) => {
    const u = defined(UNIT_LIBRARY[i % UNIT_LIBRARY.length], 'library unit');
    return UNIT_HEADERS.map((h) => (h === 'Unit' ? `${u.Unit} ${i}` : h === 'Army' ? 'Host' : (u[h] ?? '')));
  });
  lw.workbook.put('Units', 'A1', [[...UNIT_HEADERS], ...rows]);
  return lw;
}

describe('Set up campaign on a new spreadsheet (Sheet1 alone)', () => {
  it('removes the empty Sheet1 and lands on Units', () => {
    const lw = loadWorkbook();
    lw.workbook.addSheet('Sheet1');
    setUp(lw);
    expect(lw.workbook.snapshot().sheets.map((s) => s.name)).toEqual(ALL_SHEETS);
    expect(lw.workbook.ui.activated).toBe('Units');
  });

  it('keeps a lone sheet that holds anything, and any sheet beside others', () => {
    const kept = loadWorkbook();
    kept.workbook.put('Sheet1', 'C3', [['my notes']]);
    setUp(kept);
    expect(kept.workbook.snapshot().sheets.map((s) => s.name)).toEqual(['Sheet1', ...ALL_SHEETS]);
    const two = loadWorkbook();
    two.workbook.addSheet('Sheet1');
    two.workbook.addSheet('Plans');
    setUp(two);
    expect(two.workbook.snapshot().sheets.map((s) => s.name)).toEqual(['Sheet1', 'Plans', ...ALL_SHEETS]);
  });
});

describe('Set-up call budget', () => {
  it('an empty workbook: a few reads, writes per block, not per cell', () => {
    const run = setUpEmpty().first;
    // The spreadsheet's sheets and locale, then two reads a sheet at most; and the Players sheet asked for first
    // (set-up is a GM's once Players names GMs).
    expect(run.reads).toBeLessThanOrEqual(2 + 2 * ALL_SHEETS.length + RIGHTS_READS);
    // About six a sheet (new sheet, headers, formulas, bold, formats, frozen rows) and one rule per ruled column,
    // none per cell: a rule is set on the column's whole run of cells, its formula naming the run's first cell.
    expect(run.writes).toBeLessThanOrEqual(6 * ALL_SHEETS.length + RULED_COLUMNS);
    expect(run.byMethod.setValue ?? 0).toBe(0);
    expect(run.byMethod.setDataValidation).toBe(RULED_COLUMNS);
    // A builder per ruled column and per setting's dropdown.
    expect(run.byMethod.newDataValidation).toBeLessThanOrEqual(RULED_COLUMNS + settingRows().length);
  });

  it('a second run reads each sheet’s header row once and writes nothing', () => {
    const run = setUpEmpty().second;
    expect(run.writes).toBe(0);
    // Per sheet: its first rows, the header row's formulas, validations, formats and sizes: exactly 94 with the
    // eleven sheets (two of them Realms and Treasury), the Players sheet's rights included.
    expect(run.reads).toBe(94);
    expect(run.byMethod.getFormulas).toBe(ALL_SHEETS.length);
    expect(run.byMethod.getValues).toBe(ALL_SHEETS.length);
    expect(run.byMethod.getSheetValues).toBe(1); // the Players sheet's, for the rights
  });

  it('costs the same calls with 10 and with 500 units already on the sheet', () => {
    const ten = withUnits(10);
    const five = withUnits(500);
    const small = setUp(ten);
    const large = setUp(five);
    expect(large.byMethod).toEqual(small.byMethod);
    expect(large.writes).toBeLessThanOrEqual(6 * ALL_SHEETS.length + RULED_COLUMNS);
    // Both valued, and validations reach past the last unit.
    expect(five.workbook.read('Units', cellOf('Units', 'Value', 501))).toEqual([[expect.any(Number)]]);
    expect(five.workbook.sheetOrThrow('Units').metaAt(599, columnIndex('O') - 1)?.validation).toMatchObject({
      criteria: 'CHECKBOX',
    });
    expect(errorsIn(five)).toEqual([]);
  });
});

describe('Set up over tables of the user’s own making', () => {
  it('finds columns by header in any order and any spelling', () => {
    const lw = loadWorkbook();
    const headers: string[] = [...UNIT_HEADERS]
      .reverse()
      .map((h) => (h === 'Spell Immune' ? 'spell-immune' : h));
    const guard: Record<string, unknown> = {
      Unit: 'Guard',
      Army: 'Mine',
      Role: 'Melee',
      Melee: 4,
      Morale: 2,
      Hits: 2,
    };
    lw.workbook.put('Units', 'A1', [headers, headers.map((h) => guard[h] ?? '')]);
    setUp(lw);
    expect(lw.workbook.read('Units', rowOf('Units', 1))[0]).toEqual([
      ...headers,
      'Value',
      'Muster',
      'Upkeep',
    ]);
    expect(lw.workbook.read('Units', cellOf('Units', 'Value', 2))).toEqual([[2]]); // 1 + Melee 4
    const snap = lw.workbook.snapshot();
    const at = (h: string) => columnLetters(headers.indexOf(h) + 1);
    expect(metaAt(snap, 'Units', `${at('Role')}2`).validation).toMatchObject({ criteria: 'VALUE_IN_LIST' });
    expect(metaAt(snap, 'Units', `${at('spell-immune')}2`).validation).toMatchObject({
      criteria: 'CHECKBOX',
    });
    expect(metaAt(snap, 'Units', `${at('Unit')}2`).validation).toBeUndefined();
    expect(sheetOf(snap, 'Units').conditionalRules[0]?.formula).toBe('=$A2="Routed"');
  });

  it('puts the computed columns after a column the user already has right of the table', () => {
    const lw = loadWorkbook();
    lw.workbook.put('Characters', 'A1', [
      [...CHARACTER_HEADERS, 'Notes'],
      ['Aldo', 'Host', 5, '', '', '', '', '', '', '', '', '', '', '', '', '', '', 'a note'],
    ]);
    setUp(lw);
    // Notes right of the table, then the Bonus column.
    const [notes, bonus] = [columnAfterTable('Characters'), columnAfterTable('Characters', 2)];
    expect(lw.workbook.cell('Characters', `${bonus}1`).formula).toBe(
      `=CHARACTERVALUE(A1:${notes}, ${tableOf('Units')})`,
    );
    expect(lw.workbook.read('Characters', `${notes}2:${bonus}2`)).toEqual([['a note', 5]]);
  });

  it('waits for no one: with another user holding the document lock it changes nothing and says so', () => {
    const lw = loadWorkbook();
    const other = lw.lockAs('another-user');
    expect(other.tryLock(0)).toBe(true);
    const run = setUp(lw);
    expect(run.writes).toBe(0);
    expect(lw.workbook.snapshot().sheets).toEqual([]);
    expect(run.alert).toMatch(/Another user/);
    other.releaseLock();
    expect(setUp(lw).writes).toBeGreaterThan(0);
  });
});

describe('Set up over sheets with a title above the table', () => {
  const guard = ['Guard', 'Host', '', 'Melee', '', 1, 4, 0, 1, 0, 2, 2];
  let lw: LoadedWorkbook;
  let run: ReturnType<typeof setUp>;
  let snap: WorkbookSnapshot;
  beforeAll(() => {
    lw = loadWorkbook();
    // Units: a title, a blank row, then the first 12 headers and one unit; Battles: a title, then its table.
    lw.workbook.put('Units', 'A1', [['Avanil muster roll'], [''], [...UNIT_HEADERS.slice(0, 12)], guard]);
    lw.workbook.put('Battles', 'A1', [
      ['Battles of 551 HC'],
      ['Battle', 'Side', 'Armies'],
      ['Seaharrow', 'A', 'Host'],
    ]);
    run = setUp(lw);
    snap = lw.workbook.snapshot();
  });

  it('keeps the titles and completes each table in its own header row', () => {
    expect(lw.workbook.read('Units', cellsOf('Units', 'Unit', 1, 2, 'Army'))).toEqual([
      ['Avanil muster roll', ''],
      ['', ''],
    ]);
    expect(lw.workbook.read('Units', `A3:${columnPast('Units')}3`)[0]).toEqual([
      ...UNIT_HEADERS,
      'Value',
      'Muster',
      'Upkeep',
      '',
    ]);
    expect(lw.workbook.read('Units', cellsOf('Units', 'Unit', 4, 4, 'Hits'))[0]).toEqual(guard);
    expect(lw.workbook.read('Battles', cellsOf('Battles', 'Battle', 1, 1, 'Side'))).toEqual([
      ['Battles of 551 HC', ''],
    ]);
    expect(lw.workbook.read('Battles', rowOf('Battles', 2))[0]).toEqual([
      ...BATTLE_HEADERS,
      ...BATTLES_HEADER,
    ]);
    expect(lw.workbook.read('Battles', cellsOf('Battles', 'Battle', 3, 3, 'Armies'))).toEqual([
      ['Seaharrow', 'A', 'Host'],
    ]);
    expect(run.alert).toContain('Units: 10 columns (Specials, Special Moves,');
    expect(run.alert).toContain('rows 1-3 frozen');
    expect(sheetOf(snap, 'Units').frozenRows).toBe(3);
    expect(sheetOf(snap, 'Battles').frozenRows).toBe(2);
  });

  it('places the formulas in the header row, every range starting at its table’s header row', () => {
    expect(lw.workbook.cell('Units', cellOf('Units', 'Value', 3)).formula).toBe(
      `=UNITSTATS(${tableOf('Units', { from: 'Units', headerRow: 3 })})`,
    );
    expect(lw.workbook.cell('Characters', cellOf('Characters', 'Bonus', 1)).formula).toBe(
      `=CHARACTERVALUE(${tableOf('Characters', { from: 'Characters' })}, ${tableOf('Units', { headerRow: 3 })})`,
    );
    expect(lw.workbook.cell('Battles', cellOf('Battles', 'Base', 2)).formula).toBe(
      formulaOf('Battles', { headerRows: { Battles: 2, Units: 3 } }),
    );
    expect(run.alert).toContain(
      `=UNITSTATS(${tableOf('Units', { from: 'Units', headerRow: 3 })}) in ${cellOf('Units', 'Value', 3)}`,
    );
    const direct = UNITVALUE([[...UNIT_HEADERS], [...guard, ...Array(10).fill('')]]);
    expect(lw.workbook.read('Units', cellsOf('Units', 'Value', 3, 4))).toEqual(direct);
    expect(lw.workbook.read('Units', cellOf('Units', 'Value', 4))).toEqual([[2]]); // 1 + Melee 4
  });

  it('rules, formats and tints the rows under the header row only', () => {
    const vulnerable = columnLetters(UNIT_HEADERS.indexOf('Vulnerable') + 1);
    for (const row of [1, 2, 3])
      expect(metaAt(snap, 'Units', `${vulnerable}${row}`).validation).toBeUndefined();
    expect(metaAt(snap, 'Units', `${vulnerable}4`).validation).toMatchObject({ criteria: 'CHECKBOX' });
    expect(metaAt(snap, 'Units', `${vulnerable}303`).validation).toMatchObject({ criteria: 'CHECKBOX' });
    expect(metaAt(snap, 'Units', 'A1').fontWeight).toBeUndefined();
    expect(metaAt(snap, 'Units', cellOf('Units', 'Specials', 3)).fontWeight).toBe('bold');
    expect(metaAt(snap, 'Battles', cellOf('Battles', 'Defender', 2)).validation).toBeUndefined();
    expect(metaAt(snap, 'Battles', cellOf('Battles', 'Defender', 3)).validation).toMatchObject({
      criteria: 'CHECKBOX',
    });
    expect(sheetOf(snap, 'Units').conditionalRules.map((r) => r.formula)).toEqual([
      '=$V4="Routed"',
      '=$V4="Destroyed"',
      '=$V4="Captured"',
    ]);
  });

  it('a second run finds the same header rows and changes nothing', () => {
    const again = setUp(lw);
    expect(again.writes).toBe(0);
    expect(lw.workbook.snapshot()).toEqual(snap);
  });

  it('adds the sample under the header row of an empty table with a title', () => {
    const sample = loadWorkbook();
    sample.workbook.put('Units', 'A1', [['Muster roll'], [...UNIT_HEADERS]]);
    setUp(sample, 'setUpSampleCampaign');
    expect(sample.workbook.read('Units', 'A1:A3')).toEqual([
      ['Muster roll'],
      ['Unit'],
      [defined(SAMPLE_UNITS[0], 'sample unit').Unit],
    ]);
    expect(sample.workbook.cell('Units', cellOf('Units', 'Value', 2)).formula).toBe(
      `=UNITSTATS(${tableOf('Units', { from: 'Units', headerRow: 2 })})`,
    );
    expect(errorsIn(sample)).toEqual([]);
  });
});

describe('Set up over a sheet whose first rows are no table', () => {
  it.each(['setUpCampaign', 'setUpSampleCampaign'] as const)(
    '%s refuses, changes nothing and says what to fix',
    (fn) => {
      const lw = loadWorkbook();
      lw.workbook.put('Units', 'A1', [['Shopping list'], ['eggs', 12], ['flour', 2]]);
      lw.workbook.put('Settings', `${columnAfterTable('Settings')}2`, [['a note']]); // row 1 empty: the headers go there
      const before = lw.workbook.snapshot();
      const run = setUp(lw, fn);
      expect(run.writes).toBe(0);
      expect(lw.workbook.snapshot()).toEqual(before);
      expect(run.alert).toBe(
        'Warcard set-up changed nothing:\n' +
          'Units: none of the first 10 rows holds its headers (Unit, Army, Type, Role, …) and row 1 is not empty. ' +
          'Type the headers in one row above the table (a title may stay above them), or rename the sheet to ' +
          'keep it as it is, then run the set-up again.',
      );
    },
  );
});

describe('Set up finds what is there as Sheets names it', () => {
  it('takes a sheet named "units" for the Units sheet (sheet names match without case)', () => {
    const lw = loadWorkbook();
    lw.workbook.put('units', 'A1', [
      [...UNIT_HEADERS],
      ['Guard', 'Mine', 'Infantry', 'Melee', '', 1, 3, 0, 3, 0, 2, 2],
    ]);
    const run = setUp(lw);
    expect(lw.workbook.sheets.map((s) => s.name).filter((n) => n.toLowerCase() === 'units')).toEqual([
      'units',
    ]);
    expect(run.alert).toMatch(/^units: /m);
    expect(lw.workbook.cell('Characters', cellOf('Characters', 'Bonus', 1)).formula).toBe(
      `=CHARACTERVALUE(${tableOf('Characters', { from: 'Characters' })}, units!A1:V)`,
    );
    expect(lw.workbook.read('units', 'W1:Y2')).toEqual([
      ['Value', 'Muster', 'Upkeep'],
      [3, 2, 1],
    ]);
    expect(errorsIn(lw)).toEqual([]);
  });

  it('keeps a sheet’s three older formulas (UNITVALUE, MUSTERCOST, UPKEEP) and adds no UNITSTATS beside them', () => {
    const lw = loadWorkbook();
    setUp(lw);
    lw.workbook.put('Units', cellOf('Units', 'Value', 1), [
      [
        `=UNITVALUE(${tableOf('Units', { from: 'Units' })})`,
        `=MUSTERCOST(${tableOf('Units', { from: 'Units' })})`,
        `=UPKEEP(${tableOf('Units', { from: 'Units' })})`,
      ],
    ]);
    lw.workbook.put('Library', cellOf('Library', 'Value', 1), [
      [
        `=UNITVALUE(${tableOf('Units', { from: 'Units' })})`,
        `=MUSTERCOST(${tableOf('Units', { from: 'Units' })})`,
        `=UPKEEP(${tableOf('Units', { from: 'Units' })})`,
      ],
    ]);
    lw.workbook.recalculate();
    const before = lw.workbook.snapshot();
    const again = setUp(lw);
    expect(again.writes).toBe(0);
    expect(lw.workbook.snapshot()).toEqual(before);
    expect(lw.workbook.read('Library', `${columnOf('Library', 'Value')}1:${columnPast('Library')}2`)).toEqual(
      [
        ['Value', 'Muster', 'Upkeep', ''],
        [3, 2, 1, ''],
      ],
    );
  });
});
