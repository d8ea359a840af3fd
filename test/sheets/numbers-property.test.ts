// SHEETS.md "Numbers", as a property: whatever the cells hold, no formula puts Infinity, NaN, a number of
// magnitude 2^53 or more, or an #ERR: longer than 300 characters in a cell, and a table formula never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATTLES } from '../../src/sheets/battle-formulas';
import { ARMYVALUE, CHARACTERVALUE, MUSTERCOST, UNITVALUE, UPKEEP } from '../../src/sheets/roster-formulas';
import { BATTLEODDS, RESOLVEBATTLE, TACTICS, TROOPRATIO } from '../../src/sheets/scalar-formulas';
import { BATTLE_HEADERS, CHARACTER_HEADERS, UNIT_HEADERS } from '../../src/contract/columns';
import { TableError } from '../../src/contract/errors';

/** Any cell Sheets could pass, weighted toward the troublesome ones. */
const anyCell: fc.Arbitrary<unknown> = fc.oneof(
  fc.double(),
  fc.integer({ min: -2_000, max: 2_000 }),
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    1e12,
    1e12 + 1,
    1_000_000,
    1000,
    1001,
    100,
    101,
    0.1,
    -0,
  ),
  fc.boolean(),
  fc.date({ noInvalidDate: true }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '0x10',
    '0b11',
    '$100',
    '12 ft',
    '1e3x',
    '1e308',
    '9007199254740993',
    'Infinity',
    'NaN',
    '',
    ' 12 ',
    '-0',
    '4/2/1',
    '1000/1000/1000',
    '10%',
    'Hold',
    'Withdraw',
    'Full charge',
    'x'.repeat(100_000),
  ),
);

/** A row of good cells for the headers, with some of them replaced by any cell. */
function rowOf(headers: readonly string[], good: Record<string, unknown>): fc.Arbitrary<unknown[]> {
  return fc
    .array(fc.tuple(fc.integer({ min: 0, max: headers.length - 1 }), anyCell), { maxLength: 3 })
    .map((changes) => {
      const row: unknown[] = headers.map((h) => good[h] ?? '');
      for (const [i, cell] of changes) row[i] = cell;
      return row;
    });
}

const army = fc.constantFrom('Avanil', 'Ghoere');
const unitRow = fc
  .record({
    Army: army,
    Role: fc.constantFrom('Melee', 'Missile', 'Mounted', 'Artillery'),
    Melee: fc.integer({ min: 0, max: 1000 }),
    Morale: fc.integer({ min: 1, max: 1000 }),
    Hits: fc.integer({ min: 1, max: 1000 }),
    Override: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 1_000_000 })),
    'Realm Spells': fc.integer({ min: 0, max: 1000 }),
  })
  .chain((good) => rowOf(UNIT_HEADERS, { Unit: 'U', ...good }));
const characterRow = fc
  .record({
    Army: army,
    Warrior: fc.integer({ min: 0, max: 100 }),
    Wizard: fc.integer({ min: 0, max: 100 }),
    Battlewise: fc.boolean(),
    'Spell Slots': fc.constantFrom('', '4/2/1', '1000/1000'),
    Research: fc.integer({ min: 0, max: 1000 }),
  })
  .chain((good) => rowOf(CHARACTER_HEADERS, { Character: 'C', ...good }));
const sideRow = (battle: string, armies: string) =>
  fc
    .record({
      'Castle Level': fc.integer({ min: 0, max: 100 }),
      Plan: fc.constantFrom('No plan', 'Hold', 'Full charge', 'Withdraw'),
      Roll: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 100 })),
      Defender: fc.boolean(),
    })
    .chain((good) => rowOf(BATTLE_HEADERS, { Battle: battle, Armies: armies, ...good }));
const battleRows = fc
  .array(fc.tuple(sideRow('B', 'Avanil'), sideRow('B', 'Ghoere')), { minLength: 1, maxLength: 3 })
  .map((pairs) =>
    pairs.flatMap(([a, b], i) => [a, b].map((row) => row.map((c) => (c === 'B' ? `B${i}` : c)))),
  );

/** SHEETS.md: a cell is finite, below 2^53 in magnitude, and an #ERR: text at most 300 characters. */
function expectSound(out: unknown, what: string): void {
  for (const cell of [out].flat(2)) {
    if (typeof cell === 'number') {
      expect(Number.isFinite(cell) && Math.abs(cell) < 2 ** 53, `${what}: ${cell}`).toBe(true);
    } else if (typeof cell === 'string' && cell.startsWith('#ERR')) {
      expect(cell.length, `${what}: ${cell.slice(0, 80)}`).toBeLessThanOrEqual(300);
    }
  }
}

/** A scalar function either gives sound cells or throws a structural error of at most 300 characters. */
function expectSoundOrRefused(call: () => unknown, what: string): void {
  let out: unknown;
  try {
    out = call();
  } catch (e) {
    expect(e, `${what}: ${String(e).slice(0, 200)}`).toBeInstanceOf(TableError);
    expect((e as Error).message.length).toBeLessThanOrEqual(300);
    return;
  }
  expectSound(out, what);
}

describe('no formula output is ever Infinity, NaN, past 2^53, or an over-long #ERR:', () => {
  it('the table formulas, for arbitrary cells in every column', () => {
    fc.assert(
      fc.property(
        fc.array(unitRow, { minLength: 1, maxLength: 12 }),
        fc.array(characterRow, { maxLength: 4 }),
        battleRows,
        (unitRows, characterRows, battles) => {
          const units = [[...UNIT_HEADERS], ...unitRows];
          const characters = [[...CHARACTER_HEADERS], ...characterRows];
          expectSound(UNITVALUE(units), 'UNITVALUE');
          expectSound(MUSTERCOST(units), 'MUSTERCOST');
          expectSound(UPKEEP(units), 'UPKEEP');
          expectSound(CHARACTERVALUE(characters, units), 'CHARACTERVALUE');
          // An army no row carries any more (its cells drawn away) is a thrown error, naming it.
          expectSoundOrRefused(() => ARMYVALUE('Avanil, Ghoere', units, characters), 'ARMYVALUE');
          expectSound(BATTLES([[...BATTLE_HEADERS], ...battles], units, characters), 'BATTLES');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the scalar formulas, for arbitrary arguments', () => {
    const number = fc.oneof(anyCell, fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 100 }));
    fc.assert(
      fc.property(fc.array(number, { minLength: 6, maxLength: 6 }), anyCell, anyCell, (n, planA, planB) => {
        const [va, vb, ra, rb, ua, ub] = n;
        expectSoundOrRefused(() => RESOLVEBATTLE(va, vb, ra, rb, ua, ub, planA, planB), 'RESOLVEBATTLE');
        expectSoundOrRefused(() => RESOLVEBATTLE(va, vb, ra, rb), 'RESOLVEBATTLE');
        expectSoundOrRefused(() => BATTLEODDS(va, vb, planA, planB), 'BATTLEODDS');
        expectSoundOrRefused(() => TROOPRATIO(ua, ub), 'TROOPRATIO');
        expectSoundOrRefused(() => TACTICS(planA, planB), 'TACTICS');
      }),
      { numRuns: 1000 },
    );
  });
});
