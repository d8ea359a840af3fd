// Which row is which unit or battle side (server/row-identity.ts), on plain arrays: a unit by its name and army,
// twins by the key of the rest of their row (Status and the formulas' columns left out, the players' own columns
// in), a battle side by the battle's name and its armies; and findUnits, which finds each sought row wherever the
// other rows moved.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import type { Cell } from '../../../src/contract/cells';
import type { CellChange } from '../../../src/sheets/server/journal-sheets';
import {
  battleSideOf,
  findUnits,
  IDENTITIES,
  isOlderBattle,
  isRowOf,
  nameArmyAt,
  nameArmyOf,
  type Sought,
  unitFillKeyAt,
  unitKeyAt,
  whoOn,
} from '../../../src/sheets/server/row-identity';
import { hash } from '../../../src/sheets/fingerprint';
import { fakeTable, unitRow } from '../../support';

const HEADERS = [...UNIT_HEADERS, 'Player', 'Value'];
type Card = Parameters<typeof unitRow>[4];
const LEVY: Card = [1, 2, 0, 1, 0, 1, 2];
const GUARD: Card = [1, 3, 0, 3, 0, 2, 2];

/** A Units row of the fixture's columns, then a player's column and the formulas' Value. */
const row = (name: string, army: string, card = LEVY, status = '', player = '', value: Cell = 1): Cell[] => [
  ...unitRow(name, army, 'Levy', 'Melee', card, status),
  player,
  value,
];
const units = (rows: Cell[][]) => fakeTable([HEADERS, ...rows], { name: 'Units' }).t;

describe('a unit’s identity: its name and army', () => {
  it('takes the army by the name rule (case and spaces), the name as written', () => {
    expect(nameArmyOf('Levy', '  ghoere ')).toBe(nameArmyOf('Levy', 'Ghoere'));
    expect(nameArmyOf('levy', 'Ghoere')).not.toBe(nameArmyOf('Levy', 'Ghoere'));
    expect(nameArmyOf('Levy', 'Ghoere')).not.toBe(nameArmyOf('Levy', 'Avanil'));
    // The separator cannot be typed: a name ending in the army's first letters is no other unit.
    expect(nameArmyOf('Levy G', 'hoere')).not.toBe(nameArmyOf('Levy', 'G hoere'));
  });

  it('reads a row’s name and army by header', () => {
    const t = units([row('Guard', 'Avanil'), row('Levy', 'GHOERE')]);
    expect(nameArmyAt(t, 1)).toBe(nameArmyOf('Levy', 'Ghoere'));
  });

  it('clips a name as the Undo sheet records it (50,000 characters end in …)', () => {
    const long = 'x'.repeat(60_000);
    expect(nameArmyOf(long, 'Avanil')).toBe(nameArmyOf(`${'x'.repeat(49_999)}…`, 'Avanil'));
  });
});

describe('a unit’s key: the rest of its row', () => {
  it('leaves out Status and the formulas’ columns, and keeps the players’ own', () => {
    const t = units([
      row('Levy', 'Ghoere'),
      row('Levy', 'Ghoere', LEVY, 'Routed', '', '#REF!'),
      row('Levy', 'Ghoere', LEVY, '', 'gavin'),
      row('Levy', 'Ghoere', GUARD),
    ]);
    const [plain, routed, players, guard] = [0, 1, 2, 3].map((i) => unitKeyAt(t, i));
    expect(routed).toBe(plain);
    expect(players).not.toBe(plain);
    expect(guard).not.toBe(plain);
    expect(plain).toMatch(/^k2/);
  });

  it('does not change with a title row above the header, or with the Value header shown as Loading...', () => {
    const a = units([row('Levy', 'Ghoere', LEVY, '', 'gavin')]);
    const titled = fakeTable([['Roster'], HEADERS, row('Levy', 'Ghoere', LEVY, 'Ready', 'gavin')], {
      headerIndex: 1,
    }).t;
    const loading = fakeTable([
      [...UNIT_HEADERS, 'Player', 'Loading...'],
      row('Levy', 'Ghoere', LEVY, '', 'gavin'),
    ]).t;
    expect(unitKeyAt(titled, 0)).toBe(unitKeyAt(a, 0));
    expect(unitKeyAt(loading, 0)).toBe(unitKeyAt(a, 0));
  });

  it('finds a row by the key an older Undo row recorded (the product’s columns but Status)', () => {
    const t = units([row('Levy', 'Ghoere', GUARD, '', 'gavin'), row('Levy', 'Ghoere', LEVY, '', 'gavin')]);
    const older = hash(
      JSON.stringify(
        UNIT_HEADERS.flatMap((h, c) => (h === 'Status' ? [] : [String(row('Levy', 'Ghoere')[c])])),
      ),
    );
    expect(IDENTITIES.units.key(t, 1, older)).toBe(older);
    expect(IDENTITIES.units.key(t, 0, older)).not.toBe(older);
    expect(findUnits(t, [{ row: 9, name: 'Levy', army: 'Ghoere', key: older }], () => true)).toEqual([1]);
  });
});

describe('a battle side’s identity: the battle’s name and the side’s armies', () => {
  it('takes names by the name rule and the armies in their order', () => {
    expect(battleSideOf(' ford of AVANIL', 'Avanil ,  Ghoere')).toBe(
      battleSideOf('Ford of Avanil', 'avanil,ghoere'),
    );
    expect(battleSideOf('Ford', 'Avanil, Ghoere')).not.toBe(battleSideOf('Ford', 'Ghoere, Avanil'));
    expect(battleSideOf('Ford', 'Avanil')).not.toBe(battleSideOf('Ford', 'Ghoere'));
  });

  const change = (over: Partial<CellChange>): CellChange => ({
    sheet: 'battles',
    row: 3,
    header: 'Roll',
    name: 'Ford',
    army: 'Avanil',
    before: '',
    after: 60,
    ...over,
  });

  it('is, for a change, the battle and armies its side holds before or after (a save may rename both)', () => {
    const roll = change({});
    const renamed = change({ header: 'Battle', before: 'Ford', after: 'Ford of Avanil' });
    const armies = change({ header: 'Armies', before: 'Avanil', after: 'Avanil, Roesone' });
    const all = [roll, renamed, armies];
    expect(whoOn(all, roll, 'before')).toBe(battleSideOf('Ford', 'Avanil'));
    expect(whoOn(all, roll, 'after')).toBe(battleSideOf('Ford of Avanil', 'Avanil, Roesone'));
    expect(whoOn([roll], roll, 'after')).toBe(battleSideOf('Ford', 'Avanil'));
    const unit: CellChange = { ...roll, sheet: 'units', header: 'Status', name: 'Levy', army: 'Ghoere' };
    expect(whoOn(all, unit, 'after')).toBe(nameArmyOf('Levy', 'Ghoere'));
  });

  it('tells a row as read now by identity, an older record (no armies) by its battle’s name alone', () => {
    const t = fakeTable(
      [
        ['Battle', 'Side', 'Armies', 'Roll'],
        ['Ford', 'A', 'Avanil', ''],
      ],
      { name: 'Battles' },
    ).t;
    const line: Cell[] = ['FORD', 'A', 'Ghoere', ''];
    const c = change({});
    expect(isOlderBattle(c)).toBe(false);
    expect(isOlderBattle(change({ army: '' }))).toBe(true);
    expect(isOlderBattle({ sheet: 'units', army: '' })).toBe(false);
    expect(isRowOf(t, c, line, battleSideOf('Ford', 'Ghoere'))).toBe(true);
    expect(isRowOf(t, c, line, battleSideOf('Ford', 'Avanil'))).toBe(false);
    expect(isRowOf(t, change({ army: '' }), line, 'anything')).toBe(true);
    expect(isRowOf(t, change({ army: '', name: 'Raid' }), line, 'anything')).toBe(false);
  });

  it('finds a side’s row among the battle’s rows, by the armies it holds', () => {
    const t = fakeTable(
      [
        ['Battle', 'Side', 'Armies', 'Roll'],
        ['Raid', 'North', 'Avanil', ''],
        ['Ford', 'B', 'Ghoere', ''],
        ['Ford', 'A', 'Avanil', ''],
      ],
      { name: 'Battles' },
    ).t;
    const sought = (army: string): Sought => ({ row: 2, name: 'Ford', army, key: '' });
    expect(findUnits(t, [sought('Avanil'), sought('Ghoere')], () => true, IDENTITIES.battles)).toEqual([
      2, 1,
    ]);
  });
});

describe('a Library fill’s key: the row but its card', () => {
  it('leaves out the card columns the fill writes, and keeps the players’ own and the Type', () => {
    const blank = row('Levy', 'Ghoere', LEVY, '', 'gavin');
    for (const h of ['Role', 'Move', 'Melee', 'Morale', 'Hits'] as const) blank[UNIT_HEADERS.indexOf(h)] = '';
    const t = units([
      row('Levy', 'Ghoere', LEVY, '', 'gavin'),
      blank,
      row('Levy', 'Ghoere', GUARD, 'Routed', 'gavin'),
      row('Levy', 'Ghoere', LEVY, '', 'gerd'),
    ]);
    const [filled, empty, guard, gerd] = [0, 1, 2, 3].map((i) => unitFillKeyAt(t, i));
    expect([empty, guard]).toEqual([filled, filled]);
    expect(gerd).not.toBe(filled);
    expect(filled).toMatch(/^k3/);
    // The current kind still tells the card apart, and each recorded key is taken in its own kind.
    expect(unitKeyAt(t, 1)).not.toBe(unitKeyAt(t, 0));
    expect(IDENTITIES.units.key(t, 0, filled ?? '')).toBe(filled);
    expect(IDENTITIES.units.key(t, 1, unitKeyAt(t, 0))).not.toBe(unitKeyAt(t, 0));
  });

  it('finds twins by the fill’s key after their cards were filled, wherever they moved', () => {
    const blankRow = (player: string) => {
      const r = row('Levy', 'Ghoere', LEVY, '', player);
      for (const h of ['Role', 'Move', 'Melee'])
        r[UNIT_HEADERS.indexOf(h as (typeof UNIT_HEADERS)[number])] = '';
      return r;
    };
    const before = units([blankRow('gavin'), blankRow('gerd')]);
    const sought = [0, 1].map((i) => ({
      row: i + 2,
      name: 'Levy',
      army: 'Ghoere',
      key: unitFillKeyAt(before, i),
    }));
    const filledSwapped = units([
      row('Levy', 'Ghoere', LEVY, '', 'gerd'),
      row('Levy', 'Ghoere', LEVY, '', 'gavin'),
    ]);
    expect(findUnits(filledSwapped, sought, () => true)).toEqual([1, 0]);
  });
});

describe('findUnits', () => {
  const t = () =>
    units([
      row('Guard', 'Avanil', GUARD),
      row('Levy', 'Ghoere', LEVY, '', 'gavin'),
      row('Levy', 'Ghoere', LEVY, '', 'gerd'),
      row('Horse', 'Ghoere'),
    ]);
  const soughtAt = (table: ReturnType<typeof units>, i: number, row = i + 2): Sought => ({
    row,
    name: String(table.table.rows[i]?.[0]),
    army: String(table.table.rows[i]?.[1]),
    key: unitKeyAt(table, i),
  });

  it('gives each twin its own row by its key, wherever the two were swapped', () => {
    const before = t();
    const sought = [soughtAt(before, 1), soughtAt(before, 2)];
    const swapped = units([
      before.table.rows[0],
      before.table.rows[2],
      before.table.rows[1],
      before.table.rows[3],
    ] as Cell[][]);
    expect(findUnits(swapped, sought, () => true)).toEqual([2, 1]);
  });

  it('gives a row once, null when none fits, and the only row of an identity even with another key', () => {
    const table = t();
    const guard = soughtAt(table, 0);
    expect(findUnits(table, [guard, guard], () => true)).toEqual([0, null]);
    expect(findUnits(table, [guard], () => false)).toEqual([null]);
    expect(findUnits(table, [{ ...guard, key: 'k2other', row: 40 }], () => true)).toEqual([0]);
    // Twins with another key: nothing tells which, so neither.
    expect(findUnits(table, [{ ...soughtAt(table, 1), key: 'k2other' }], () => true)).toEqual([null]);
    expect(findUnits(table, [{ row: 2, name: 'Guard', army: 'Ghoere', key: '' }], () => true)).toEqual([
      null,
    ]);
  });

  it('prefers the row the unit was on, then the nearest with its key', () => {
    const table = units([
      row('Levy', 'Ghoere'),
      row('Horse', 'Ghoere'),
      row('Levy', 'Ghoere'),
      row('Levy', 'Ghoere'),
    ]);
    const key = unitKeyAt(table, 0);
    const at = (r: number): Sought => ({ row: r, name: 'Levy', army: 'Ghoere', key });
    expect(findUnits(table, [at(4)], () => true)).toEqual([2]);
    expect(findUnits(table, [at(3)], () => true)).toEqual([0]);
    expect(findUnits(table, [at(6)], () => true)).toEqual([3]);
    expect(findUnits(table, [at(6), at(4)], () => true)).toEqual([3, 2]);
  });

  it('finds every unit after any permutation, insertion and deletion of the other rows (property)', () => {
    // Units told apart by their card (twins share a name and army); the rows of others come and go.
    const unitArb = fc.record({
      name: fc.constantFrom('Levy', 'Guard', 'Horse'),
      army: fc.constantFrom('Avanil', 'Ghoere'),
      melee: fc.integer({ min: 0, max: 30 }),
    });
    const arb = fc
      .uniqueArray(unitArb, {
        minLength: 1,
        maxLength: 12,
        selector: (u) => `${u.name}|${u.army}|${u.melee}`,
      })
      .chain((all) =>
        fc.record({
          all: fc.constant(all),
          sought: fc.subarray(
            all.map((_, i) => i),
            { minLength: 1 },
          ),
          order: fc.shuffledSubarray(
            all.map((_, i) => i),
            { minLength: all.length, maxLength: all.length },
          ),
          dropped: fc.subarray(all.map((_, i) => i)),
          added: fc.array(unitArb, { maxLength: 4 }),
        }),
      );
    fc.assert(
      fc.property(arb, ({ all, sought, order, dropped, added }) => {
        const rowOf = (u: { name: string; army: string; melee: number }) =>
          row(u.name, u.army, [1, u.melee, 0, 1, 0, 1, 2]);
        const before = units(all.map(rowOf));
        const wanted = sought.map((i) => soughtAt(before, i));
        // Others' rows dropped (never a sought one), the rest shuffled, new rows (not twins of a sought) added.
        const kept = order.filter((i) => sought.includes(i) || !dropped.includes(i));
        const clash = (u: { name: string; army: string; melee: number }) =>
          all.some((a) => a.name === u.name && a.army === u.army && a.melee === u.melee);
        const extra = added.filter((u) => !clash(u));
        const now = units([...kept.map((i) => rowOf(all[i] as (typeof all)[number])), ...extra.map(rowOf)]);
        const found = findUnits(now, wanted, () => true);
        expect(found).toEqual(sought.map((i) => kept.indexOf(i)));
      }),
    );
  });
});
