// The Battles sheet (src/sheets/battles.ts) on plain arrays: a row read into one side, the Fought cell, the
// rows paired by battle name, and a pair's sides summed from the army book.
import { describe, expect, it } from 'vitest';
import { armyBookOf } from '../../src/sheets/armies';
import {
  battleForceSides,
  foughtText,
  type PairedBattle,
  pairBattles,
  parseBattleRow,
  parseFought,
  parseImmunity,
  parsePlan,
  readBattles,
} from '../../src/sheets/battles';
import { at } from '../at';
import { circumstances } from '../support/rules';

const HEADER = ['Battle', 'Side', 'Armies', 'Defender', 'Home Realm', 'Mire', 'Narrow Pass', 'Castle Level'];
const MORE = ['Immunity', 'Special Bonus', 'Plan', 'Roll', 'Fought'];

describe('parseBattleRow', () => {
  it('reads a side: armies split on commas, every circumstance, roll and Fought', () => {
    const t = readBattles([
      [...HEADER, ...MORE],
      ['Ford', 'Defenders', ' Avanil , Marches,, ', true, true, 'x', true, 2, '10%', false, 'hold', '55', ''],
    ]);
    const side = parseBattleRow(t, at(t.rows, 0));
    expect(side).toEqual({
      battle: 'Ford',
      label: 'Defenders',
      armies: ['Avanil', 'Marches'],
      // The boxes ticked; every other box of the rules' tables read as unticked.
      circumstances: circumstances({
        defender: true,
        morale: { homeRealm: true },
        terrain: { mire: true },
        defense: { narrowPass: true },
        castleLevel: 2,
        immunity: '10%',
        plan: 'Hold',
      }),
      roll: 55,
      fought: undefined,
    });
  });

  it('needs an army', () => {
    const t = readBattles([
      ['Battle', 'Armies'],
      ['Ford', ' , '],
    ]);
    expect(() => parseBattleRow(t, at(t.rows, 0))).toThrow(
      'Armies is required: the armies on this side, comma-separated',
    );
  });
});

describe('the cells of a side', () => {
  it.each([
    [0.1, '10%'],
    ['10', '10%'],
    ['at least 10', '10%'],
    ['', 'None'],
    ['complete', 'Complete'],
  ])('Immunity %j is %s', (cell, immunity) => {
    expect(parseImmunity(cell)).toBe(immunity);
  });

  it.each([
    ['', 'No plan'],
    ['none', 'No plan'],
    ['FULLCHARGE', 'Full charge'],
    ['normal attack', 'Normal attack'],
  ])('Plan %j is %s', (cell, plan) => {
    expect(parsePlan(cell)).toBe(plan);
  });

  it('names the argument a plan came from', () => {
    expect(() => parsePlan('Flee', 'planA')).toThrow(
      'planA must be one of Full charge, Normal attack, Encircle, Trap, Hold, Withdraw, No plan (got "Flee")',
    );
  });

  it('writes and reads back a Fought cell', () => {
    const fought = { base: 45, percent: 10, points: -3.5, unitValue: 40 };
    expect(foughtText(fought)).toBe('45 +10% -3.5 pts, units 40');
    expect(parseFought(foughtText(fought))).toEqual(fought);
    expect(parseFought('')).toBeUndefined();
    expect(() => parseFought('45 pts')).toThrow(
      'Fought must be blank or as Apply wrote it, e.g. "45 +10% +3 pts, units 40" (got "45 pts")',
    );
  });
});

/** The kinds of pairBattles' results, with the error messages and each side's place. */
function pairing(rows: readonly unknown[][], skip?: ReadonlySet<number>) {
  return pairBattles(readBattles([['Battle', 'Side', 'Armies', 'Roll'], ...rows]), skip).map((r) =>
    r.kind === 'error'
      ? r.error.message
      : r.kind === 'side'
        ? `${r.battle.name} side ${r.sideIndex} rows ${r.battle.rows.join('+')}`
        : 'blank',
  );
}

describe('pairBattles', () => {
  it('pairs two rows by battle name, any case and spacing, in sheet order', () => {
    expect(
      pairing([
        ['Ford', 'A', 'Avanil', ''],
        ['', '', '', ''],
        ['Hill', 'A', 'Brosengae', ''],
        ['  FORD ', 'B', 'Ghoere', ''],
        ['hill', 'B', 'Roesone', ''],
      ]),
    ).toEqual([
      'Ford side 0 rows 0+3',
      'blank',
      'Hill side 0 rows 2+4',
      'Ford side 1 rows 0+3',
      'Hill side 1 rows 2+4',
    ]);
  });

  it('leaves the rows it is told to skip blank, unread: a bad cell there is no error', () => {
    expect(
      pairing(
        [
          ['Ford', 'A', 'Avanil', 'lots'],
          ['Hill', 'A', 'Brosengae', ''],
          ['Ford', 'B', 'Ghoere', ''],
          ['Hill', 'B', 'Roesone', ''],
        ],
        new Set([0, 2]),
      ),
    ).toEqual(['blank', 'Hill side 0 rows 1+3', 'blank', 'Hill side 1 rows 1+3']);
  });

  it('says why a row cannot pair: no name, one row, three rows, or its foe is bad (by range row)', () => {
    expect(
      pairing([
        ['', 'A', 'Avanil', ''],
        ['Lone', 'A', 'Avanil', ''],
        ['Crowd', 'A', 'Avanil', ''],
        ['Crowd', 'B', 'Ghoere', ''],
        ['Crowd', 'C', 'Roesone', ''],
        ['Ford', 'A', 'Avanil', ''],
        ['Ford', 'B', 'Ghoere', 101],
      ]),
    ).toEqual([
      "Battle is required: the battle's name, the same on both sides' rows",
      'Battle "Lone" needs exactly two rows, one per side (found 1)',
      'Battle "Crowd" needs exactly two rows, one per side (found 3)',
      'Battle "Crowd" needs exactly two rows, one per side (found 3)',
      'Battle "Crowd" needs exactly two rows, one per side (found 3)',
      'the other side of battle "Ford" (row 8) is bad: Roll must be a whole number from 1 to 100 (got 101)',
      'Roll must be a whole number from 1 to 100 (got 101)',
    ]);
  });

  it('keeps each bad row its own error when both sides of a battle are bad', () => {
    expect(
      pairing([
        ['Ford', 'A', '', ''],
        ['Ford', 'B', 'Ghoere', 0],
      ]),
    ).toEqual([
      'Armies is required: the armies on this side, comma-separated',
      'Roll must be a whole number from 1 to 100 (got 0)',
    ]);
  });
});

describe('battleForceSides', () => {
  const units = [
    ['Unit', 'Army', 'Role', 'Morale', 'Hits', 'Override', 'Status'],
    ['Guard', 'Avanil', 'Melee', 2, 2, 5, ''],
    ['Bows', 'Marches', 'Missile', 2, 2, 3, 'Ready'],
    ['Levy', 'Ghoere', 'Melee', 2, 2, 2, ''],
  ];
  const battle = (armiesA: string, armiesB: string, defenders: [boolean, boolean] = [false, false]) => {
    const t = readBattles([
      ['Battle', 'Armies', 'Defender'],
      ['Ford', armiesA, defenders[0]],
      ['Ford', armiesB, defenders[1]],
    ]);
    const r = at(pairBattles(t), 0);
    if (r.kind !== 'side') throw new Error(`row 0 is ${r.kind}`);
    return r.battle satisfies PairedBattle;
  };

  it('sums each side over its armies', () => {
    const [a, b] = battleForceSides(battle('Avanil, marches', 'Ghoere'), armyBookOf(units));
    expect([a.forces.units, a.forces.value, b.forces.units, b.forces.value]).toEqual([2, 8, 1, 2]);
    expect(a.characterBonus(b.forces)).toBe(0);
  });

  it.each([
    ['army "Avanil" is on both sides of battle "Ford"', 'Avanil', 'Ghoere, avanil', false],
    [
      'Defender is ticked on both sides of battle "Ford": tick it for one side only',
      'Avanil',
      'Ghoere',
      true,
    ],
    ['army "Gorr" is not in the roster: no unit has that Army', 'Avanil', 'Gorr', false],
  ] as const)('refuses: %s', (message, a, b, bothDefend) => {
    expect(() => battleForceSides(battle(a, b, [bothDefend, bothDefend]), armyBookOf(units))).toThrow(
      message,
    );
  });
});
