// BATTLES (SHEETS.md), called with 2D arrays exactly as Sheets passes ranges: the worked battle at the ford,
// pairing, bad rows, fought battles, house rules.
import { describe, expect, it } from 'vitest';
import { at } from '../at';
import { BATTLES } from '../../src/sheets/battle-formulas';
import { CHARACTERVALUE } from '../../src/sheets/roster-formulas';
import { battles, characters, isErr, lib, PEOPLE, ROSTER, units, type Row } from './formula-fixtures';

const FORD_A: Row = {
  Battle: 'Ford',
  Side: 'Avanil',
  Armies: 'Avanil',
  'Beaten Foe': true,
  'Night Vision': true,
  Mire: true,
  'Narrow Pass': true,
  Siegecraft: true,
  Plan: 'Full charge',
  Roll: 80,
};
const FORD_B: Row = {
  Battle: 'Ford',
  Side: 'Ghoere',
  Armies: 'Ghoere',
  Defender: true,
  'Home Realm': true,
  'Night Vision': true,
  'Friendly Holding': true,
  'River Crossed': true,
  Engineering: true,
  Plan: 'Hold',
  Roll: 30,
};
const FORD_ROW_A = [32, 0.15, -10, 27, 3403 / 9917, 107, 'Won', 0.8, 18, 9, 9];
const FORD_ROW_B = [29, -0.18, 20, 44, 6514 / 9917, 74, 'Lost', 0.5, 11, 5, 6];

const HEADER = [
  'Base',
  'Percent',
  'Points',
  'Battle Value',
  'Win Chance',
  'Total',
  'Outcome',
  'Casualty Rate',
  'Casualties',
  'Routed',
  'Destroyed',
];

function expectRow(actual: unknown[] | undefined, expected: unknown[]) {
  expect(actual).toHaveLength(11);
  expected.forEach((e, i) => {
    if (typeof e === 'number' && !Number.isInteger(e)) expect(actual?.[i], HEADER[i]).toBeCloseTo(e, 12);
    else expect(actual?.[i], HEADER[i]).toEqual(e);
  });
}

describe('BATTLES', () => {
  it('the header row is exactly the contract', () => {
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE);
    expect(out[0]).toEqual(HEADER);
  });

  it('a complete worked battle, by hand from RULES.md', () => {
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE);
    expect(out).toHaveLength(3);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], FORD_ROW_B);
  });

  it('numbers typed as text and loosely written headers and words read the same', () => {
    const t = battles([
      { ...FORD_A, Roll: '80', Plan: 'FULL charge' },
      { ...FORD_B, Roll: ' 30', Plan: 'hold' },
    ]);
    t[0] = [...at(t, 0).map((h) => String(h).toUpperCase().replace(/ /g, '_')), 'Notes'];
    for (const row of t.slice(1)) row.push('whatever');
    const out = BATTLES(t, ROSTER, PEOPLE);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], FORD_ROW_B);
  });

  it('column order is free', () => {
    const t = battles([FORD_A, FORD_B]);
    const reversed = t.map((row) => [...row].reverse());
    const out = BATTLES(reversed, ROSTER, PEOPLE);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], FORD_ROW_B);
  });

  it('many battles in one call: blank rows, missing rolls, ties, No battle, pairing errors, bad rows', () => {
    // Pass (no plans): A 32 + 10% (diversity) = 35.2 → 35; B 29 - 8% (ratio +2, diversity -10) = 26.68 → 27.
    //   A wins when rollA - rollB > -8: 10000 - sum(100 - k, k = 8..99) = 10000 - 92 * 93 / 2 = 5722; ties 92.
    // Tie: the same sides; 35 + 50 = 85 = 27 + 58.
    // Bridge: Hold - Withdraw, no battle: Win Chance 0 at once, even without rolls.
    const out = BATTLES(
      battles([
        FORD_A,
        'blank',
        { Battle: 'Pass', Side: 'Avanil', Armies: 'Avanil', Roll: 50 },
        { Battle: 'Solo', Side: 'Avanil', Armies: 'Avanil' },
        { Battle: 'Pass', Side: 'Ghoere', Armies: 'Ghoere' },
        { Battle: 'Tie', Side: 'Avanil', Armies: 'Avanil', Roll: 50 },
        { Battle: 'Tie', Side: 'Ghoere', Armies: 'Ghoere', Roll: 58 },
        { Battle: 'Bridge', Side: 'Avanil', Armies: 'Avanil', Plan: 'Hold' },
        { Battle: 'Bridge', Side: 'Ghoere', Armies: 'Ghoere', Plan: 'Withdraw' },
        { Battle: 'Triple', Armies: 'Avanil' },
        { Battle: 'Triple', Armies: 'Ghoere' },
        { Battle: 'Triple', Armies: 'Ghoere' },
        { Battle: 'Odd', Armies: 'Avanil', Roll: 101 },
        { Battle: 'Odd', Armies: 'Ghoere', 'Castle Level': 'high' },
        FORD_B,
      ]),
      ROSTER,
      PEOPLE,
    );
    expect(out).toHaveLength(16);
    expectRow(out[1], FORD_ROW_A);
    expectRow(out[2], Array(11).fill(''));
    const passA = [32, 0.1, 0, 35, 5722 / 9908, '', '', '', '', '', ''];
    const passB = [29, -0.08, 0, 27, 4186 / 9908, '', '', '', '', '', ''];
    expectRow(out[3], passA); // only one roll in: the result columns stay blank
    expectRow(out[5], passB);
    expect(isErr(out[4]?.[0], 'two rows')).toBe(true);
    expectRow(out[6], [32, 0.1, 0, 35, 5722 / 9908, 85, 'Tie: reroll', '', '', '', '']);
    expectRow(out[7], [29, -0.08, 0, 27, 4186 / 9908, 85, 'Tie: reroll', '', '', '', '']);
    for (const row of [at(out, 8), at(out, 9)]) {
      expect(row[4]).toBe(0);
      expect(row[6]).toBe('No battle');
      expect([row[5], row[7], row[8], row[9], row[10]]).toEqual(['', '', '', '', '']);
    }
    for (const row of [at(out, 10), at(out, 11), at(out, 12)]) expect(isErr(row[0], 'two rows')).toBe(true);
    expect(isErr(out[13]?.[0], 'Roll')).toBe(true);
    expect(isErr(out[14]?.[0], 'Castle Level')).toBe(true);
    expectRow(out[15], FORD_ROW_B);
  });

  it('No battle is shown even when both rolls are in', () => {
    const out = BATTLES(
      battles([
        { Battle: 'Bridge', Armies: 'Avanil', Plan: 'Withdraw', Roll: 90 },
        { Battle: 'Bridge', Armies: 'Ghoere', Plan: 'Withdraw', Roll: 10 },
      ]),
      ROSTER,
    );
    for (const row of out.slice(1)) {
      expect(row[4]).toBe(0);
      expect(row[6]).toBe('No battle');
      expect([row[5], row[7], row[8], row[9], row[10]]).toEqual(['', '', '', '', '']);
    }
  });

  it('D-11 D-12 settings: troop ratio by value, terrain modifiers as percent', () => {
    // By value: bases 32 : 29 = 1.10, no troop ratio. Terrain as percent: A's Mire -10% and B's 20 points → 20%.
    // A: 5 + 10 - 10 = 5% → 32 + 1.6 = 33.6 → 34. B: 5 - 10 - 15 + 5 + 15 = 0% → 29.
    // Win chance: A wins when rollA - rollB > -5: 10000 - sum(100 - k, k = 5..99) = 10000 - 95 * 96 / 2 = 5440;
    //   ties 95; B 10000 - 5440 - 95 = 4465.
    // Totals 34 + 80 = 114, 29 + 30 = 59: by 55 → 40% / 40%. A 40 + 20 = 60% of 22 = 13.2 → 13;
    //   B 40% of 22 = 8.8 → 9; attrition 40% of 9 = 3.6 → 4 < 13. A 13 → 6 / 7; B 9 → 4 / 5.
    const settings = [
      ['Setting', 'Value'],
      ['Troop Ratio By', 'Value'],
      ['terrain-modifiers as', 'percent'],
    ];
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE, settings);
    expectRow(out[1], [32, 0.05, 0, 34, 5440 / 9905, 114, 'Won', 0.6, 13, 6, 7]);
    expectRow(out[2], [29, 0, 0, 29, 4465 / 9905, 59, 'Lost', 0.4, 9, 4, 5]);
  });

  it('settings left blank give the defaults', () => {
    const out = BATTLES(battles([FORD_A, FORD_B]), ROSTER, PEOPLE, '');
    expectRow(out[1], FORD_ROW_A);
  });

  it('Immunity, Special Bonus, castle assault with artillerists and castle levels', () => {
    // Keep: 2 Infantry + 1 Archers (Ghoere2), Castle Level 2 (+6), defender. Siege: 2 Artillerists + 2 Infantry
    //   (Siege2) with Engineering (+2), Siegecraft (+5) and 2 artillerist units (+4) = 11 points.
    // Siege base 3 + 3 + 3 + 3 = 12; percent: 4 : 3 = 1.33 no ratio; diversity first types Artillery, Melee: 0;
    //   Immunity 10% +20; Special Bonus +10 → 30%. 12 + 3.6 + 11 = 26.6 → 27.
    // Keep base 3 + 3 + 3 = 9; diversity 0 (Melee, Missile); Immunity "Complete" +50%: 9 + 4.5 + 6 = 19.5 → 20.
    const roster = units([
      lib('Artillerists', { Army: 'Siege2' }),
      lib('Artillerists', { Army: 'Siege2' }),
      lib('Infantry', { Army: 'Siege2' }),
      lib('Infantry', { Army: 'Siege2' }),
      lib('Infantry', { Army: 'Ghoere2' }),
      lib('Infantry', { Army: 'Ghoere2' }),
      lib('Archers', { Army: 'Ghoere2' }),
    ]);
    const out = BATTLES(
      battles([
        {
          Battle: 'Keep',
          Armies: 'Siege2',
          Engineering: true,
          Siegecraft: true,
          Immunity: '10%',
          'Special Bonus': true,
        },
        { Battle: 'Keep', Armies: 'Ghoere2', Defender: true, 'Castle Level': '2', Immunity: 'complete' },
      ]),
      roster,
    );
    expect(out[1]?.slice(0, 4)).toEqual([12, 0.3, 11, 27]);
    expect(out[2]?.slice(0, 4)).toEqual([9, 0.5, 6, 20]);
  });

  it('Immunity typed as 10% arrives as the number 0.1 and means the 10% immunity', () => {
    const out = BATTLES(
      battles([
        { Battle: 'Keep', Armies: 'Avanil', Immunity: 0.1 },
        { Battle: 'Keep', Armies: 'Ghoere' },
      ]),
      ROSTER,
    );
    // A: 10 (diversity) + 20 = 30%.
    expect(out[1]?.[1]).toBeCloseTo(0.3, 12);
  });

  it('two rows per battle are enforced: one or three rows with a name are #ERR: rows', () => {
    const out = BATTLES(
      battles([
        { Battle: 'Alone', Armies: 'Avanil' },
        { Battle: 'Crowd', Armies: 'Avanil' },
        { Battle: 'Crowd', Armies: 'Ghoere' },
        { Battle: 'Crowd', Armies: 'Ghoere' },
      ]),
      ROSTER,
    );
    for (const row of out.slice(1)) {
      expect(String(row[0])).toMatch(/^#ERR:/);
      expect(row.slice(1)).toEqual(Array(10).fill(''));
    }
  });

  it('D-10 a battle value never below 0; attrition shows in the points only, not in the Casualty Rate', () => {
    // Heroes: Knights 7 (Mounted, alone: diversity -10%); Hero warrior 20 + Strategy 5 + Battlewise 20 commanded
    //   = 45. Base 52; 52 - 5.2 = 46.8 → 47.
    // Ghoere: base 29; troop ratio 10 : 1 → +30%, diversity -10% → +20%; Unfavorable -10, Mire -10,
    //   Shifting Ground -5, Mounted In Rough -10 → -35 points. 29 + 5.8 - 35 = -0.2 → 0 (never below 0).
    // Win chance: A wins when rollA - rollB > -47: 10000 - sum(100 - k, k = 47..99) = 10000 - 53 * 54 / 2 = 8569;
    //   ties 53; B 10000 - 8569 - 53 = 1378.
    // Rolls 60 and 1: 107 against 1, by 106 → row 96-110: winner 20%, loser 70%.
    // Heroes: 20% of 7 = 1.4 → 1, but at least 20% of Ghoere's 70% of 22 = 15.4 → 15, i.e. 3 (within its 7).
    // Routed / destroyed: Heroes 3 → 1 / 2; Ghoere 15 → 7 / 8.
    const roster = [...ROSTER, at(units([lib('Knights', { Army: 'Heroes' })]), 1)];
    const people = [
      ...PEOPLE,
      at(
        characters([
          { Character: 'Hero', Army: 'Heroes', Warrior: 20, Strategy: true, Battlewise: true, Commands: 20 },
        ]),
        1,
      ),
    ];
    const out = BATTLES(
      battles([
        { Battle: 'Rout', Armies: 'Heroes', Roll: 60 },
        {
          Battle: 'Rout',
          Armies: 'Ghoere',
          Unfavorable: true,
          Mire: true,
          'Shifting Ground': true,
          'Mounted In Rough': true,
          Roll: 1,
        },
      ]),
      roster,
      people,
    );
    expectRow(out[1], [52, -0.1, 0, 47, 8569 / 9947, 107, 'Won', 0.2, 3, 1, 2]);
    expectRow(out[2], [29, 0.2, -35, 0, 1378 / 9947, 1, 'Lost', 0.7, 15, 7, 8]);
  });

  it("D-7 in a battle: exactly half of the enemy's fighting units spell immune (header spell-immune) cuts a caster by 25%; turning counts enemy undead", () => {
    // Avanil: Knights and both Archers immune: 3 of its 6 fighting units (the Routed Infantry does not count;
    //   with it, 3 of 7 would be under half). Ghoere's Magus: 4/2/1 slots, 3 categories, 1 War spell = 8 → 6.
    // Ghoere's 4 Levy are undead: Avanil's paladin (warrior 4, turns undead) gives 4 + 4 = 8.
    // Bases: Avanil 22 + 8 = 30; Ghoere 22 + 6 = 28.
    const roster = units([
      lib('Knights', { Army: 'Avanil', 'Spell Immune': true }),
      lib('Archers', { Army: 'Avanil', 'Spell Immune': true }),
      lib('Archers', { Army: 'Avanil', 'Spell Immune': true }),
      lib('Infantry', { Army: 'Avanil' }),
      lib('Infantry', { Army: 'Avanil' }),
      lib('Infantry', { Army: 'Avanil' }),
      lib('Infantry', { Army: 'Avanil', Status: 'Routed' }),
      ...Array.from({ length: 6 }, () => lib('Infantry', { Army: 'Ghoere' })),
      ...Array.from({ length: 4 }, () => lib('Levy', { Army: 'Ghoere', Undead: true })),
    ]);
    roster[0] = at(roster, 0).map((h) =>
      h === 'Spell Immune' ? 'spell-immune' : h === 'Undead' ? 'UNDEAD' : h,
    );
    const people = characters([
      { Character: 'Paladin', Army: 'Avanil', Warrior: 4, 'Turns Undead': true },
      {
        Character: 'Magus',
        Army: 'Ghoere',
        Wizard: 5,
        'Spell Slots': '4/2/1',
        Categories: 3,
        'War Spells': 1,
      },
    ]);
    const out = BATTLES(
      battles([
        { Battle: 'Ford', Armies: 'Avanil' },
        { Battle: 'Ford', Armies: 'Ghoere' },
      ]),
      roster,
      people,
    );
    expect(out[1]?.[0]).toBe(30);
    expect(out[2]?.[0]).toBe(28);
    // The standing bonuses leave both out.
    expect(CHARACTERVALUE(people, roster)).toEqual([['Bonus'], [4], [8]]);
  });

  it('allied armies on one side add up; a bad unit row of an army not in the battle breaks nothing', () => {
    const roster = [
      ...ROSTER,
      at(units([lib('Knights', { Army: 'Heroes' })]), 1),
      at(units([lib('Archers', { Army: 'Elsewhere', Hits: 'x' })]), 1),
    ];
    const people = [
      ...PEOPLE,
      at(
        characters([
          { Character: 'Hero', Army: 'Heroes', Warrior: 20, Strategy: true, Battlewise: true, Commands: 20 },
        ]),
        1,
      ),
    ];
    const out = BATTLES(
      battles([
        { ...FORD_A, Armies: 'Avanil, Heroes' },
        FORD_B,
        { Battle: 'Far', Armies: 'Elsewhere' },
        { Battle: 'Far', Armies: 'Heroes' },
      ]),
      roster,
      people,
    );
    // Avanil 32 + Heroes (7 + 45) = 84.
    expect(out[1]?.[0]).toBe(84);
    expect(typeof out[2]?.[3]).toBe('number');
    expect(isErr(out[3]?.[0], 'Hits')).toBe(true);
  });

  it('a missing required header throws an Error naming it', () => {
    const t = battles([FORD_A, FORD_B]);
    const noArmies = t.map((row) => row.filter((_, i) => i !== 2));
    expect(() => BATTLES(noArmies, ROSTER)).toThrow(/Armies/);
    const noBattle = t.map((row) => row.slice(1));
    expect(() => BATTLES(noBattle, ROSTER)).toThrow(/"Battle"/);
  });

  it('a non-range argument throws an Error saying what to fix', () => {
    expect(() => BATTLES('Ford', ROSTER)).toThrow(/range/i);
    expect(() => BATTLES(battles([FORD_A, FORD_B]), 'Avanil')).toThrow(/range/i);
  });

  it('blank rows (unticked checkboxes filled down) give blank rows', () => {
    const out = BATTLES(battles(['blank', 'blank']), ROSTER);
    expect(out).toEqual([HEADER, Array(11).fill(''), Array(11).fill('')]);
  });
});
