// Setups as the sidebar changes them, and the battles it lists, on plain data.
import { describe, expect, it } from 'vitest';
import {
  battleOptionText,
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
