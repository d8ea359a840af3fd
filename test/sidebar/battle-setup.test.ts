// Setups as the sidebar changes them, and the battles it lists, on plain data.
import { describe, expect, it } from 'vitest';
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup } from '../../src/contract/circumstances';
import type { SideCircumstances } from '../../src/rules';
import {
  battleOptionText,
  blankCircumstances,
  circumstancesSet,
  listedRolls,
  newSetup,
  setupProblem,
  withArmy,
  withDefender,
} from '../../src/sidebar/battle-setup';
import { fixtureCampaign, fordOf, raidOf } from '../support/campaign-data';

const data = fixtureCampaign();
const ford = fordOf(data).setup;
const raid = raidOf(data);

describe('a setup', () => {
  it('adds and removes an army, and never moves one from the other side', () => {
    const added = withArmy(ford, 0, 'Rjurik', true);
    expect(added.ok && added.setup.sides[0].armies).toEqual(['Avanil', 'Rjurik']);
    expect(withArmy(ford, 0, 'ghoere', true)).toEqual({
      ok: false,
      refused: 'ghoere fights for Ghoere: untick it there first to move it to Avanil.',
    });
    const removed = withArmy(ford, 1, 'GHOERE', false);
    expect(removed.ok && removed.setup.sides).toMatchObject([{ armies: ['Avanil'] }, { armies: [] }]);
  });

  it('refuses an army whose name holds a comma (the Armies cell would read it back as two), but takes it off', () => {
    expect(withArmy(ford, 0, 'Red, Blue', true)).toEqual({
      ok: false,
      refused:
        'Army "Red, Blue" has a comma in its name, and the Armies cell separates armies with commas: it would read back as two armies. Rename the army on Units (and Characters) without a comma.',
    });
    const off = withArmy(
      { ...ford, sides: [{ ...ford.sides[0], armies: ['Red, Blue'] }, ford.sides[1]] },
      0,
      'Red, Blue',
      false,
    );
    expect(off.ok && off.setup.sides[0].armies).toEqual([]);
  });

  it('has at most one defender', () => {
    const s = withDefender(ford, 0);
    expect(s.sides.map((x) => x.circumstances.defender)).toEqual([true, false]);
    expect(withDefender(s, null).sides.map((x) => x.circumstances.defender)).toEqual([false, false]);
  });

  it.each([
    ['a name', newSetup(''), true, 'Give the battle a name.'],
    [
      'a name not taken by a battle of the sheet',
      { ...ford, name: ' ford  of AVANIL' },
      true,
      'A battle named "Ford of Avanil" is on the Battles sheet already: pick it in the Battle picker, or choose another name.',
    ],
    ['an army on each side', newSetup('Skirmish'), true, 'Choose an army for Side A.'],
    ['nothing more', ford, false, null],
  ])('needs %s to be saved or applied', (_, setup, isNew, problem) => {
    expect(setupProblem(setup, isNew, data.battles)).toBe(problem);
  });

  it('lists battles of the sheet with their armies, applied ones marked; applied rolls are not reused', () => {
    expect(battleOptionText(fordOf(data))).toBe('Ford of Avanil (Avanil vs Ghoere)');
    expect(battleOptionText(raid)).toBe('Northern raid (Rjurik vs Ghoere) — applied');
    expect(listedRolls(raid)).toEqual([]);
    expect(listedRolls({ ...raid, appliedBy: null })).toEqual([[60, 20]]);
    expect(listedRolls({ ...raid, appliedBy: null, rolls: [60, null] })).toEqual([]);
  });
});

describe('circumstancesSet: the count the circumstances fold shows', () => {
  const blank = blankCircumstances();
  const withKey = (key: string, value: unknown) =>
    ({ ...blank, [key]: value }) as unknown as SideCircumstances;

  it('counts each declared checkbox on its own: every one of the 16, none of a blank side', () => {
    expect(circumstancesSet(blank)).toBe(0);
    const ticks: string[] = [];
    for (const [group, columns] of Object.entries(CIRCUMSTANCE_COLUMNS)) {
      for (const key of Object.keys(columns)) {
        const one = withKey(group, { ...blank[group as CircumstanceGroup], [key]: true });
        if (circumstancesSet(one) === 1) ticks.push(`${group}.${key}`);
      }
    }
    expect(ticks.length).toBe(16);
    const all = Object.fromEntries(
      Object.entries(CIRCUMSTANCE_COLUMNS).map(([g, cols]) => [
        g,
        Object.fromEntries(Object.keys(cols).map((k) => [k, true])),
      ]),
    );
    expect(circumstancesSet({ ...blank, ...all } as SideCircumstances)).toBe(16);
  });

  it('counts each other circumstance that differs from a blank side, and not who defends nor the plan', () => {
    const counts = {
      castleLevel: circumstancesSet(withKey('castleLevel', 2)),
      engineering: circumstancesSet(withKey('engineering', true)),
      siegecraft: circumstancesSet(withKey('siegecraft', true)),
      immunity: circumstancesSet(withKey('immunity', '10%')),
      specialBonus: circumstancesSet(withKey('specialBonus', true)),
      defender: circumstancesSet(withKey('defender', true)),
      plan: circumstancesSet(withKey('plan', 'Hold')),
    };
    expect(counts).toEqual({
      castleLevel: 1,
      engineering: 1,
      siegecraft: 1,
      immunity: 1,
      specialBonus: 1,
      defender: 0,
      plan: 0,
    });
  });

  it('counts a circumstance it was never told of, once a blank side declares it', () => {
    // A new circumstance joins SideCircumstances, so blankCircumstances (its type requires it), so this count.
    const declared = { ...blank, nightRaid: false } as unknown as SideCircumstances;
    const raided = { ...blank, nightRaid: true } as unknown as SideCircumstances;
    expect([circumstancesSet(declared, declared), circumstancesSet(raided, declared)]).toEqual([0, 1]);
  });
});
