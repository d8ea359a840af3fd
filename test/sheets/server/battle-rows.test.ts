// A setup from the sidebar checked as hostile input, and the Battles cells that change for two rows to hold it:
// on plain arrays, no spreadsheet.
import { describe, expect, it } from 'vitest';
import type { BattleSetup } from '../../../src/contract/campaign';
import { type SideCircumstances, defaultSettings } from '../../../src/rules';
import { battleChanges, rowsNamed, targetRows, unfightable } from '../../../src/sheets/server/battle-rows';
import type { Book } from '../../../src/sheets/server/book';
import { Refusal } from '../../../src/contract/errors';
import { blankCircumstances } from '../../../src/sidebar/battle-setup';
import { BATTLE_HEADERS } from '../../../src/contract/columns';
import type { Cell } from '../../../src/contract/cells';
import { fakeTable } from '../../support';

/** The refusal `run` throws: its code and message. */
function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof Refusal) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('no refusal');
}

/** A side as the door gives it: every circumstance, these ones changed. */
const side = (label: string, armies: string[], circumstances: Record<string, unknown> = {}) => {
  const blank = blankCircumstances() as unknown as Record<string, unknown>;
  const merged = { ...blank };
  for (const [key, value] of Object.entries(circumstances)) {
    merged[key] = typeof value === 'object' ? { ...(blank[key] as object), ...value } : value;
  }
  return { label, armies, circumstances: merged as unknown as SideCircumstances };
};

/** A Battles sheet with these rows under the full header, blanks elsewhere; `headers` to leave some out. */
function battles(rows: Record<string, Cell>[], headers: readonly string[] = BATTLE_HEADERS) {
  return fakeTable([[...headers], ...rows.map((r) => headers.map((h) => r[h] ?? ''))], { name: 'Battles' });
}

describe('rowsNamed and targetRows', () => {
  const { t } = battles([
    { Battle: 'Ford', Side: 'Avanil' },
    { Battle: 'Raid', Side: 'Rjurik' },
    { Battle: ' FORD ', Side: 'Ghoere' },
    { Battle: 'Siege', Side: 'Alone' },
  ]);

  it('finds a battle’s rows by the name rule, in sheet order', () => {
    expect(rowsNamed(t, 'ford')).toEqual([2, 4]);
    expect(targetRows(t, 'Ford')).toEqual({ rows: [2, 4], isNew: false });
  });

  it('puts a new battle on the two rows after the last record', () => {
    expect(targetRows(t, 'Skirmish')).toEqual({ rows: [6, 7], isNew: true });
  });

  it('refuses a battle on one row, saying how many it has', () => {
    expect(refusal(() => targetRows(t, 'Siege'))).toEqual({
      code: 'invalid',
      message:
        'Battle "Siege" has 1 rows on the Battles sheet; it needs exactly two: fix the sheet. Nothing was written.',
    });
  });
});

describe('battleChanges', () => {
  const setup: BattleSetup = {
    name: 'Ford',
    sides: [
      side('Avanil', ['Avanil', 'Anuire'], { defender: true, castleLevel: 2, plan: 'Hold' }),
      side('Ghoere', ['Ghoere'], { morale: { homeRealm: true } }),
    ],
  };

  it('changes only the cells that read differently, and says what each held', () => {
    const { t } = battles([
      {
        Battle: 'Ford',
        Side: 'Avanil',
        Armies: ' avanil,ANUIRE ',
        Defender: false,
        'Castle Level': '2',
        Plan: 'hold',
      },
      { Battle: 'Ford', Side: 'Ghoere', Armies: 'Ghoere', 'Home Realm': 'TRUE', Plan: 'No plan' },
    ]);
    const change = (row: number, header: string, before: Cell, after: Cell) => ({
      sheet: 'battles',
      row,
      header,
      name: 'Ford',
      army: row === 2 ? 'Avanil, Anuire' : 'Ghoere',
      before,
      after,
    });
    // The armies by the name rule, castle level "2", plan "hold" and "TRUE" all read as the setup.
    expect(battleChanges(t, [2, 3], setup, null, null)).toEqual([change(2, 'Defender', false, true)]);
  });

  it('writes the armies again in the order the sidebar gave them', () => {
    const { t } = battles([
      {
        Battle: 'Ford',
        Side: 'Avanil',
        Armies: 'Anuire, Avanil',
        Defender: true,
        'Castle Level': 2,
        Plan: 'Hold',
      },
      { Battle: 'Ford', Side: 'Ghoere', Armies: 'Ghoere', 'Home Realm': true },
    ]);
    expect(
      battleChanges(t, [2, 3], setup, null, null).map((c) => [c.row, c.header, c.before, c.after]),
    ).toEqual([[2, 'Armies', 'Anuire, Avanil', 'Avanil, Anuire']]);
  });

  it('writes the deciding rolls and the fought figures when applying', () => {
    const { t } = battles([
      {
        Battle: 'Ford',
        Side: 'Avanil',
        Armies: 'Avanil, Anuire',
        Defender: true,
        'Castle Level': 2,
        Plan: 'Hold',
      },
      { Battle: 'Ford', Side: 'Ghoere', Armies: 'Ghoere', 'Home Realm': true, Roll: 17 },
    ]);
    const fought = { base: 45, percent: 10, points: -3, unitValue: 40 };
    expect(
      battleChanges(
        t,
        [2, 3],
        setup,
        [90, 17],
        [fought, { ...fought, percent: 0, points: 0, base: 20, unitValue: 20 }],
      ),
    ).toEqual([
      {
        sheet: 'battles',
        row: 2,
        header: 'Roll',
        name: 'Ford',
        army: 'Avanil, Anuire',
        before: '',
        after: 90,
      },
      {
        sheet: 'battles',
        row: 2,
        header: 'Fought',
        name: 'Ford',
        army: 'Avanil, Anuire',
        before: '',
        after: '45 +10% -3 pts, units 40',
      },
      {
        sheet: 'battles',
        row: 3,
        header: 'Fought',
        name: 'Ford',
        army: 'Ghoere',
        before: '',
        after: '20 0% 0 pts, units 20',
      },
    ]);
  });

  it('writes every cell of two new rows that differs from blank (a blank Plan reads as No plan)', () => {
    const { t } = battles([]);
    expect(battleChanges(t, [2, 3], setup, null, null).map((c) => [c.row, c.header, c.after])).toEqual([
      [2, 'Battle', 'Ford'],
      [2, 'Side', 'Avanil'],
      [2, 'Armies', 'Avanil, Anuire'],
      [2, 'Defender', true],
      [2, 'Castle Level', 2],
      [2, 'Plan', 'Hold'],
      [3, 'Battle', 'Ford'],
      [3, 'Side', 'Ghoere'],
      [3, 'Armies', 'Ghoere'],
      [3, 'Home Realm', true],
    ]);
  });

  it('refuses a setting the sheet has no column for, naming the columns; a default needs none', () => {
    const without = BATTLE_HEADERS.filter((h) => h !== 'Castle Level' && h !== 'Home Realm' && h !== 'Mire');
    const { t } = battles([], without);
    expect(refusal(() => battleChanges(t, [2, 3], setup, null, null))).toEqual({
      code: 'invalid',
      message:
        'The Battles sheet has no "Castle Level", "Home Realm" column: run Warcard → Set up campaign (it adds missing columns), or clear that setting.',
    });
  });
});

describe('unfightable', () => {
  /** A book of only these Units and Characters armies (the rest of each row blank). */
  const book = (units: string[], characters: string[] | null): Book => {
    const table = (name: string, armies: string[]) =>
      fakeTable(
        [[name === 'Units' ? 'Unit' : 'Character', 'Army'], ...armies.map((a, i) => [`${name} ${i}`, a])],
        {
          name,
        },
      ).t;
    return {
      units: table('Units', units),
      characters: characters ? table('Characters', characters) : null,
      battles: null,
      log: null,
      undo: null,
      settings: defaultSettings(),
      rollFormulas: new Map(),
      later: {},
    };
  };
  const setup = (a: string[], b: string[]): BattleSetup => ({
    name: 'Ford',
    sides: [side('A', a), side('B', b)],
  });

  it('passes armies that units or characters carry, by the name rule', () => {
    expect(
      unfightable(book(['Avanil', ' Ghoere '], ['Mhoried']), setup([' avanil'], ['GHOERE', 'Mhoried'])),
    ).toBe(null);
  });

  it('names the first army no roster carries, in BATTLES’ words, with the likely name', () => {
    expect(unfightable(book(['Avanil', 'Ghoere'], []), setup(['Avanil'], ['Ghoer']))).toBe(
      'Army "Ghoer" is not in the roster: no unit or character has that Army: did you mean "Ghoere"?',
    );
    // Without a Characters sheet BATTLES says "no unit".
    expect(unfightable(book(['Avanil'], null), setup(['Avanil'], ['Rjurik']))).toBe(
      'Army "Rjurik" is not in the roster: no unit has that Army.',
    );
  });
});
