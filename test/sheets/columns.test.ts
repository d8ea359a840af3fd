// The columns' one declaration against SHEETS.md's tables, and every number column's range at its boundaries
// as the formulas read it, as set-up's validation marks it in the emulation, and as the playground's edit shows it.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook, loadWorkbook } from '../../dev/gas';
import { playgroundActions } from '../../dev/playground/actions';
import { CIRCUMSTANCE_COLUMNS } from '../../src/contract/circumstances';
import {
  IMMUNITIES,
  PLANS,
  PRIEST_USES,
  SPELLCASTING_LEVELS,
  UNIT_ROLES,
  UNIT_STATUSES,
} from '../../src/rules';
import {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  BATTLE_COLUMNS,
  CHARACTER_COLUMNS,
  type Column,
  UNIT_COLUMNS,
  UNIT_HEADERS,
} from '../../src/contract/columns';
import { PLAN_WORDS } from '../../src/contract/seal';
import { foughtText, pairBattles } from '../../src/sheets/battles';
import { parseCharacter } from '../../src/sheets/characters';
import {
  type NumberColumn,
  type NumberRange,
  numberCell,
  numberRanges,
  rangeOf,
} from '../../src/contract/numbers';
import { readTable } from '../../src/sheets/table';
import { tableOf } from '../support/columns';
import { parseUnit } from '../../src/sheets/units';

// SHEETS.md "Numbers", as written there.
const SHEETS_NUMBERS = `
| Units: Move, Melee, Missile, Defense, Charge, Specials, Special Moves, Realm Spells | whole, 0 to 1,000 |
| Units: Morale, Hits | whole, 1 to 1,000 |
| Units: Override | whole, 1 to 1,000,000 |
| Characters: Warrior, Rogue, Wizard, Priest | whole, 0 to 100 |
| Characters: Commands | whole, 0 to 1,000,000 |
| Characters: Categories | whole, 0 to 8 |
| Characters: Research, D Spells, War Spells; each level of Spell Slots and Battle Spells | whole, 0 to 1,000 |
| Battles: Castle Level | whole, 0 to 100 |
| Battles: Roll; the rolls of \`RESOLVEBATTLE\` | whole, 1 to 100 |
`;

/** The Numbers table as sheet → header → range. */
function sheetsNumbers(): Record<string, Record<string, NumberRange>> {
  const out: Record<string, Record<string, NumberRange>> = {};
  for (const line of SHEETS_NUMBERS.trim().split('\n')) {
    const m = /^\| (\w+): (.*) \| (whole), ([\d,]+) to ([\d,]+) \|$/.exec(line);
    if (!m) throw new Error(`unread line ${line}`);
    const [, sheet = '', list = '', , min = '', max = ''] = m;
    const range = { min: Number(min.replace(/,/g, '')), max: Number(max.replace(/,/g, '')), whole: true };
    const headers = list
      .replace(/; the rolls of .*$/, '')
      .replace('; each level of', ',')
      .replace(' and ', ', ')
      .split(', ');
    const table = out[sheet] ?? {};
    for (const h of headers) table[h] = range;
    out[sheet] = table;
  }
  return out;
}

const rangesOf = (columns: Readonly<Record<string, Column>>) =>
  Object.fromEntries(Object.entries(columns).flatMap(([h, c]) => ('range' in c ? [[h, c.range]] : [])));
const wordsOf = (columns: Readonly<Record<string, Column>>) =>
  Object.fromEntries(Object.entries(columns).flatMap(([h, c]) => (c.kind === 'words' ? [[h, c.words]] : [])));
const kindOf = (columns: Readonly<Record<string, Column>>, kind: Column['kind']) =>
  Object.entries(columns).flatMap(([h, c]) => (c.kind === kind ? [h] : []));

describe('the declaration against SHEETS.md', () => {
  it('each sheet’s headers declared once, in the sheet’s order', () => {
    expect(Object.keys(UNIT_COLUMNS)).toEqual([...UNIT_HEADERS]);
    expect(Object.keys(CHARACTER_COLUMNS)).toEqual([...CHARACTER_HEADERS]);
    expect(Object.keys(BATTLE_COLUMNS)).toEqual([...BATTLE_HEADERS]);
  });

  it('each circumstance checkbox of the rules’ tables has one Battles column, in the sidebar form’s order', () => {
    const circumstances = Object.values(CIRCUMSTANCE_COLUMNS).flatMap((table) =>
      Object.values<{ label: string }>(table).map((m) => m.label),
    );
    expect(BATTLE_HEADERS.filter((h) => circumstances.includes(h))).toEqual(circumstances);
    for (const h of circumstances)
      expect(BATTLE_COLUMNS[h as keyof typeof BATTLE_COLUMNS].kind, h).toBe('checkbox');
  });

  it('the Numbers table: every number column and its range, nothing more', () => {
    const table = sheetsNumbers();
    expect(rangesOf(UNIT_COLUMNS)).toEqual(table.Units);
    expect(rangesOf(CHARACTER_COLUMNS)).toEqual(table.Characters);
    expect(rangesOf(BATTLE_COLUMNS)).toEqual(table.Battles);
    expect(numberRanges()).toEqual({ ...table.Units, ...table.Characters, ...table.Battles });
  });

  it('the word columns and their blanks (Units, Characters, Battles tables)', () => {
    expect(wordsOf(UNIT_COLUMNS)).toEqual({
      Role: UNIT_ROLES,
      'Role 2': UNIT_ROLES,
      Spellcasting: SPELLCASTING_LEVELS,
      Status: UNIT_STATUSES,
    });
    expect([...SPELLCASTING_LEVELS, ...UNIT_STATUSES]).toEqual([
      'None',
      'Limited',
      'Constant',
      'Ready',
      'Routed',
      'Destroyed',
      'Captured',
    ]);
    expect(wordsOf(CHARACTER_COLUMNS)).toEqual({ 'Priest Uses': PRIEST_USES });
    expect(wordsOf(BATTLE_COLUMNS)).toEqual({ Immunity: IMMUNITIES, Plan: PLAN_WORDS });
    // The Plan list of SHEETS.md: the plans, and `Sealed` while the side's plan is sealed.
    expect(PLAN_WORDS).toEqual([...PLANS, 'Sealed']);
    const blanks = (columns: Readonly<Record<string, Column>>, headers: string[]) =>
      headers.map((h) => columns[h]?.blank);
    expect(
      blanks(UNIT_COLUMNS, ['Role', 'Role 2', 'Spellcasting', 'Status', 'Morale', 'Hits', 'Override']),
    ).toEqual(['required', 'none', 'None', 'Ready', 'required', 'required', 'computed']);
    expect(blanks(BATTLE_COLUMNS, ['Immunity', 'Plan', 'Roll'])).toEqual([
      'None',
      'No plan',
      'not rolled yet',
    ]);
  });

  it('the checkbox columns', () => {
    expect(kindOf(UNIT_COLUMNS, 'checkbox')).toEqual(['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune']);
    expect(kindOf(CHARACTER_COLUMNS, 'checkbox')).toEqual(['Battlewise', 'Strategy', 'Turns Undead']);
    expect(kindOf(BATTLE_COLUMNS, 'checkbox')).toEqual(
      BATTLE_HEADERS.filter(
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
      ),
    );
  });
});

describe('the README says the declared ranges', () => {
  it('its table of sheets lists the Units and Characters columns as declared', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const row = (sheet: string) =>
      new RegExp(`^\\| ${sheet} \\| [^|]+ \\| (.*) \\|$`, 'm').exec(readme)?.[1]?.split(', ');
    expect(row('Units')).toEqual(Object.keys(UNIT_COLUMNS));
    expect(row('Characters')).toEqual(Object.keys(CHARACTER_COLUMNS));
  });

  it('its sentence of ranges names every number column once, with its declared range', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const sentence = /its column's range: whole numbers from (.*?)\. The battle values/.exec(readme)?.[1];
    if (sentence === undefined) throw new Error('the README lost its sentence of ranges');
    const said: Record<string, NumberRange> = {};
    for (const part of sentence.split('; ')) {
      const m = /^([\d,]+) to ([\d,]+) for (.*)$/.exec(part);
      if (!m) throw new Error(`unread part ${part}`);
      const [, min = '', max = '', list = ''] = m;
      const range = { min: Number(min.replace(/,/g, '')), max: Number(max.replace(/,/g, '')), whole: true };
      for (const h of list.replace('each level of ', '').replace(/ and /g, ', ').split(', ')) said[h] = range;
    }
    expect(said).toEqual(numberRanges());
  });
});

describe('the parsers read a blank cell as the declaration says', () => {
  /** The parsed field of a header: camel case of its words (Special Moves → specialMoves, Role 2 → role2). */
  const field = (h: string) =>
    h
      .split(' ')
      .map((w, i) => (i === 0 ? w.toLowerCase() : `${w.charAt(0).toUpperCase()}${w.slice(1).toLowerCase()}`))
      .join('');
  /** What each declared blank reads as (the rest: undefined, left to the rules). */
  const READ: Record<string, unknown> = { '0': 0, false: false, None: 'None', Ready: 'Ready', Best: 'Best' };
  const blankOf = (
    columns: Readonly<Record<string, Column>>,
    headers: readonly string[],
    good: Record<string, unknown>,
    parse: (t: ReturnType<typeof readTable>, row: unknown[]) => unknown,
  ) =>
    headers.flatMap((h) => {
      if (['Unit', 'Character', 'Army', 'Type'].includes(h)) return [];
      const row = headers.map((x) => (x === h ? '' : (good[x] ?? '')));
      const t = readTable([[...headers], row], 'table', 'A1:Z');
      let got: unknown;
      try {
        got = (parse(t, row) as Record<string, unknown>)[field(h)];
      } catch (e) {
        got = e instanceof Error && e.message.startsWith(`${h} is required`) ? 'required' : e;
      }
      const blank = columns[h]?.blank ?? '';
      const expected = blank === 'required' ? 'required' : blank in READ ? READ[blank] : undefined;
      return [[h, got, expected]];
    });

  it('Units: 0 for counts, Ready for Status, required Role, Morale and Hits, Override computed', () => {
    const good = { Role: 'Melee', Morale: 2, Hits: 2, Move: 1, Status: 'Routed', Spellcasting: 'Limited' };
    const rows = blankOf(UNIT_COLUMNS, UNIT_HEADERS, good, parseUnit);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.map(([h, got]) => [h, got])).toEqual(rows.map(([h, , expected]) => [h, expected]));
  });

  it('Characters: 0 for levels and counts, Best for Priest Uses, Commands from the army', () => {
    const good = { Warrior: 2, 'Priest Uses': 'Turning', Categories: 1 };
    const rows = blankOf(CHARACTER_COLUMNS, CHARACTER_HEADERS, good, parseCharacter).map(
      ([h, got, expected]) =>
        // Spell Slots blank is no levels; Battle Spells blank follows the slots.
        h === 'Spell Slots' ? [h, got, []] : [h, got, expected],
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.map(([h, got]) => [h, got])).toEqual(rows.map(([h, , expected]) => [h, expected]));
  });

  it('Battles: unticked boxes, 0 for Castle Level, None, No plan, not rolled, not applied; Battle and Armies required', () => {
    /** Where a header's value lands in a parsed Battles row. */
    const fieldOf = (h: string): ((side: Record<string, unknown>) => unknown) => {
      const own: Record<string, string> = {
        Battle: 'battle',
        Side: 'label',
        Armies: 'armies',
        Roll: 'roll',
        Fought: 'fought',
        Sealed: 'seal',
      };
      const key = own[h];
      if (key !== undefined) return (side) => side[key];
      const circumstance: Record<string, string> = {
        Defender: 'defender',
        'Castle Level': 'castleLevel',
        Engineering: 'engineering',
        Siegecraft: 'siegecraft',
        Immunity: 'immunity',
        'Special Bonus': 'specialBonus',
        Plan: 'plan',
      };
      const at = (side: Record<string, unknown>) =>
        side.circumstances as Record<string, Record<string, unknown>>;
      const c = circumstance[h];
      if (c !== undefined) return (side) => at(side)[c];
      for (const [group, table] of Object.entries(CIRCUMSTANCE_COLUMNS))
        for (const [k, m] of Object.entries(table)) if (m.label === h) return (side) => at(side)[group]?.[k];
      throw new Error(`no field for ${h}`);
    };
    // Every cell given (boxes ticked), so that a blank one shows what blank means.
    const good: Record<string, unknown> = {
      Battle: 'Ford',
      Side: 'Avanil',
      Armies: 'Avanil',
      'Castle Level': 3,
      Immunity: 'Complete',
      Plan: 'Hold',
      Roll: 50,
      Fought: foughtText({ base: 45, percent: 10, points: 3, unitValue: 40 }),
      Sealed: 'Sealed by ana@example.com, 2026-05-01 18:00 UTC #1a2b3c4d5e6f',
    };
    const cell = (h: string) =>
      good[h] ?? BATTLE_COLUMNS[h as keyof typeof BATTLE_COLUMNS].kind === 'checkbox';
    const foe = BATTLE_HEADERS.map((h) =>
      h === 'Armies' || h === 'Side' ? 'Ghoere' : h === 'Defender' ? false : cell(h),
    );
    const READ_BATTLES: Record<string, unknown> = {
      false: false,
      '0': 0,
      None: 'None',
      'No plan': 'No plan',
      'not rolled yet': undefined,
      'not applied yet': undefined,
      'not sealed': undefined,
      // A blank Side is shown as Side A or Side B; the row keeps it blank.
      'Side A or Side B': '',
    };
    const rows = BATTLE_HEADERS.map((h) => {
      const row = BATTLE_HEADERS.map((x) => (x === h ? '' : cell(x)));
      const [first] = pairBattles(
        readTable([[...BATTLE_HEADERS], row, foe], 'battles', tableOf('Battles', { from: 'Battles' })),
      );
      let got: unknown;
      if (first?.kind === 'side')
        got = fieldOf(h)(first.battle.sides[0] as unknown as Record<string, unknown>);
      else if (first?.kind === 'error' && first.error.message.startsWith(`${h} is required`))
        got = 'required';
      else got = first;
      const blank = BATTLE_COLUMNS[h].blank;
      expect(Object.keys(READ_BATTLES).concat('required'), `${h}: its blank "${blank}"`).toContain(blank);
      return [h, got, blank === 'required' ? 'required' : READ_BATTLES[blank]];
    });
    expect(rows.map(([h, got]) => [h, got])).toEqual(rows.map(([h, , expected]) => [h, expected]));
    // And each good cell was read as given, so the blanks above were told apart from it.
    const [whole] = pairBattles(
      readTable(
        [[...BATTLE_HEADERS], BATTLE_HEADERS.map(cell), foe],
        'battles',
        tableOf('Battles', { from: 'Battles' }),
      ),
    );
    expect(whole?.kind).toBe('side');
    if (whole?.kind === 'side')
      for (const h of BATTLE_HEADERS) {
        const read = fieldOf(h)(whole.battle.sides[0] as unknown as Record<string, unknown>);
        expect(read, h).not.toEqual(rows.find(([x]) => x === h)?.[2]);
      }
  });
});

// ---- The boundaries, measured three ways.

/** min−1, min, max, max+1 and a fraction inside the range. */
const probes = (r: NumberRange): number[] => [r.min - 1, r.min, r.max, r.max + 1, r.min + 0.5];
/** Whether a value passes, as the boundaries read: only min and max. */
const EXPECTED = [false, true, true, false, false];

type Probe = [sheet: string, header: string, headers: readonly string[]];
const NUMBER_COLUMNS: readonly Probe[] = [
  ...Object.keys(rangesOf(UNIT_COLUMNS)).map((h) => ['Units', h, UNIT_HEADERS] as Probe),
  ...Object.entries(CHARACTER_COLUMNS)
    .filter(([, c]) => c.kind === 'number')
    .map(([h]) => ['Characters', h, CHARACTER_HEADERS] as Probe),
  ...Object.keys(rangesOf(BATTLE_COLUMNS)).map((h) => ['Battles', h, BATTLE_HEADERS] as Probe),
];

describe('every number column at its boundaries (min−1, min, max, max+1, a fraction)', () => {
  let lw: LoadedWorkbook;
  beforeAll(() => {
    lw = loadWorkbook();
    lw.run('setUpCampaign');
    // The computed columns go: each edit recalculates, and only the cells' rules are measured here.
    const wb = lw.workbook;
    for (const sheet of wb.sheets.map((m) => m.name)) {
      const model = wb.sheetOrThrow(sheet);
      const header = wb.formulas(model, { row: 1, col: 1, numRows: 1, numCols: model.maxColumns })[0] ?? [];
      header.forEach((f, c) => {
        if (f !== '') wb.put(sheet, `${columnLetters(c + 1)}1`, [['']]);
      });
    }
  });

  it('covers every number column but the per-level ones', () => {
    expect(NUMBER_COLUMNS.map(([, h]) => h)).toEqual(
      Object.keys(numberRanges()).filter((h) => h !== 'Spell Slots' && h !== 'Battle Spells'),
    );
  });

  it.each(NUMBER_COLUMNS)(
    '%s %s: the formula, the set-up cell and the playground agree',
    (sheet, h, headers) => {
      const range = rangeOf(h as NumberColumn);
      const values = probes(range);
      const formula = values.map((v) => {
        try {
          numberCell(v, h, range);
          return true;
        } catch {
          return false;
        }
      });
      const wb = lw.workbook;
      const model = wb.sheetOrThrow(sheet);
      const col = headers.indexOf(h) + 1;
      const cell = values.map((v) => wb.passesRule(model, 1, col - 1, v));
      const actions = playgroundActions(
        { env: lw, notes: [], save: () => undefined, persist: () => undefined, forget: () => undefined },
        [],
        () => undefined,
      );
      const shown = values.map((v) => {
        const answer = actions.edit({ sheet, row: 2, col, input: String(v), view: { sheet, rows: 2 } });
        expect(answer.ok, `${h} ${v} typed`).toBe(true); // marked, never refused
        return answer.grid?.cells[`2,${col}`]?.bad !== 1;
      });
      wb.put(sheet, `${columnLetters(col)}2`, [['']]);
      expect({ formula, cell, shown }, `${sheet}!${columnLetters(col)}2 ${h}`).toEqual({
        formula: EXPECTED,
        cell: EXPECTED,
        shown: EXPECTED,
      });
    },
  );
});

describe('army names', () => {
  it('are marked by set-up when they hold a comma, and listed among the sidebar’s problems', () => {
    const lw = loadWorkbook();
    lw.run('setUpSampleCampaign');
    const wb = lw.workbook;
    for (const [sheet, headers] of [
      ['Units', UNIT_HEADERS],
      ['Characters', CHARACTER_HEADERS],
    ] as const) {
      const col = (headers as readonly string[]).indexOf('Army');
      expect(
        ['Elinvaire Host', 'Host, Levies', ''].map((v) => wb.passesRule(wb.sheetOrThrow(sheet), 1, col, v)),
        sheet,
      ).toEqual([true, false, true]);
    }
    wb.put('Units', `${columnLetters(UNIT_HEADERS.indexOf('Army') + 1)}2`, [['Host, Levies']]);
    wb.recalculate();
    const data = lw.run<{ ok: boolean; campaign: { problems: string[] } }>('sidebarLoad');
    expect(data.campaign.problems).toContain(
      'Units row 2: Army "Host, Levies" has a comma in its name, and the Armies cell separates armies with commas: it would read back as two armies. Rename the army on Units (and Characters) without a comma.',
    );
  });
});
