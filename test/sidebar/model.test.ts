import { describe, expect, it } from 'vitest';
import type { Catalogue, PreviewData, SidePreview } from '../../src/sheets/sidebar-api';
import {
  applyRequest,
  battleOptionText,
  defenderOf,
  newSetup,
  percent,
  setupProblem,
  suggestedSelection,
  toggle,
  totals,
  withArmy,
  withDefender,
  withSide,
} from '../../src/sidebar/model';

const catalogue: Catalogue = {
  groups: [
    {
      key: 'morale',
      title: 'Morale',
      section: '5.2',
      options: [{ key: 'homeRealm', label: 'Home realm', header: 'Home Realm', amount: '+5%' }],
    },
    { key: 'environment', title: 'Environment', section: '5.3', options: [] },
    { key: 'terrain', title: 'Terrain', section: '5.4', options: [] },
    {
      key: 'defense',
      title: 'Defender',
      section: '5.5',
      options: [{ key: 'narrowPass', label: 'Narrow pass', header: 'Narrow Pass', amount: '+20' }],
    },
  ],
  plans: ['Full charge', 'Normal attack', 'Encircle', 'Trap', 'Hold', 'Withdraw', 'No plan'],
  immunities: [{ value: 'None', label: 'None' }],
  castle: { perLevel: 3, perArtillerist: 2, engineering: 2, siegecraft: 5 },
  specialBonusPercent: 10,
  terrainAs: 'points',
};

const side = (label: string, units: [number, string, number][]): SidePreview => ({
  label,
  armies: [label],
  base: 0,
  unitValue: units.reduce((s, u) => s + u[2], 0),
  characters: [],
  modifiers: [],
  percent: 0,
  points: 0,
  battleValue: 30,
  plan: 'No plan',
  planEffect: '-',
  units: units.map(([row, name, value]) => ({ row, name, army: label, type: '', value })),
  notFighting: 0,
  notes: [],
});

/** A of three units beats B of four: B loses 8 (4 destroyed, 4 routed), A loses 2 (1 and 1). */
const preview: PreviewData = {
  sides: [
    side('Avanil', [
      [2, 'Knights', 7],
      [3, 'Bowmen', 3],
      [4, 'Guard', 1],
    ]),
    side('Ghoere', [
      [7, 'Levy', 1],
      [8, 'Horse', 6],
      [9, 'Elite', 4],
      [10, '<b>Engines</b>', 3],
    ]),
  ],
  noBattle: false,
  odds: null,
  advice: {
    plans: [],
    winA: [],
    bestForA: [],
    bestForB: [],
    maximinA: { plan: 'Hold', chance: null },
    maximinB: { plan: 'Hold', chance: null },
  },
  rolls: [[90, 10]],
  result: {
    winner: 'A',
    difference: 80,
    totals: [120, 40],
    rates: [30, 60],
    points: [2, 8],
    destroyedPoints: [1, 4],
    routedPoints: [1, 4],
    suggested: [
      { destroyed: [4], routed: [] },
      { destroyed: [9], routed: [10, 7] },
    ],
  },
  fingerprint: 'abc',
};

describe('setting up', () => {
  it('a new battle has two sides with every box unticked and No plan', () => {
    const setup = newSetup(catalogue, 'Ford');
    expect(setup.rows).toBeNull();
    expect(setup.sides[0].circumstances.morale).toEqual({ homeRealm: false });
    expect(setup.sides[1].circumstances.defense).toEqual({ narrowPass: false });
    expect(setup.sides[0].circumstances.plan).toBe('No plan');
    expect(setupProblem(setup)).toMatch(/army for Side A/);
    expect(setupProblem({ ...setup, name: '' })).toMatch(/name/);
  });

  it('an army is on one side at most: adding it to one side takes it off the other', () => {
    let setup = newSetup(catalogue, 'Ford');
    setup = withArmy(setup, 0, 'Avanil', true);
    setup = withArmy(setup, 1, 'avanil ', true);
    expect(setup.sides[0].armies).toEqual([]);
    expect(setup.sides[1].armies).toEqual(['avanil ']);
    setup = withArmy(setup, 1, 'Avanil', false);
    expect(setup.sides[1].armies).toEqual([]);
  });

  it('one defender at most', () => {
    let setup = withDefender(newSetup(catalogue, 'x'), 0);
    expect(defenderOf(setup)).toBe(0);
    setup = withDefender(setup, 1);
    expect([setup.sides[0].circumstances.defender, setup.sides[1].circumstances.defender]).toEqual([
      false,
      true,
    ]);
    expect(defenderOf(withDefender(setup, null))).toBeNull();
  });

  it('changing a side leaves the other and the original untouched', () => {
    const setup = newSetup(catalogue, 'x');
    const next = withSide(setup, 1, (s) => {
      s.label = 'Ghoere';
    });
    expect(next.sides[1].label).toBe('Ghoere');
    expect(setup.sides[1].label).toBe('Side B');
    expect(next.sides[0]).toEqual(setup.sides[0]);
  });

  it('lists a battle with its armies, and says when it is applied', () => {
    const setup = withArmy(withArmy(newSetup(catalogue, 'Ford'), 0, 'Avanil', true), 1, 'Ghoere', true);
    expect(battleOptionText({ setup, rolls: [null, null], applied: false })).toBe('Ford (Avanil vs Ghoere)');
    expect(battleOptionText({ setup, rolls: [1, 2], applied: true })).toMatch(/applied$/);
  });
});

describe('choosing the casualties', () => {
  it('starts from the suggestion, with running totals against the points', () => {
    const sel = suggestedSelection(preview);
    const [a, b] = totals(preview, sel);
    expect(a).toMatchObject({ destroyed: 1, routed: 0, destroyedTarget: 1, routedTarget: 1 });
    expect(b).toMatchObject({ destroyed: 4, routed: 4, destroyedTarget: 4, routedTarget: 4 });
  });

  it('destroyed and routed exclude each other; a unit captured must be routed; pursued is neither', () => {
    let sel = suggestedSelection(preview);
    sel = toggle(preview, sel, 1, 10, 'captured', true);
    expect(sel.captured.has(10)).toBe(true);
    sel = toggle(preview, sel, 1, 10, 'destroyed', true); // no longer routed: no longer captured
    expect(sel.fates[1].get(10)).toBe('destroyed');
    expect(sel.captured.has(10)).toBe(false);
    sel = toggle(preview, sel, 1, 8, 'pursued', true);
    expect(sel.pursued.has(8)).toBe(true);
    sel = toggle(preview, sel, 1, 8, 'routed', true); // routed: not pursued any more
    expect(sel.pursued.has(8)).toBe(false);
    sel = toggle(preview, sel, 1, 8, 'captured', true);
    sel = toggle(preview, sel, 1, 8, 'pursued', true); // pursued: neither routed nor captured
    expect(sel.fates[1].has(8)).toBe(false);
    expect(sel.captured.has(8)).toBe(false);
    // Only the loser's units are captured or pursued.
    expect(toggle(preview, sel, 0, 2, 'pursued', true)).toBe(sel);
    // Unticking a box that is not the unit's fate changes nothing.
    const before = sel.fates[1].get(9);
    sel = toggle(preview, sel, 1, 9, 'routed', false);
    expect(sel.fates[1].get(9)).toBe(before);
  });

  it('builds the apply request by row and name, with the preview’s rolls and fingerprint', () => {
    let sel = suggestedSelection(preview);
    sel = toggle(preview, sel, 1, 10, 'captured', true);
    sel = toggle(preview, sel, 1, 8, 'pursued', true);
    const setup = newSetup(catalogue, 'Ford');
    const request = applyRequest(setup, preview, sel);
    expect(request.fingerprint).toBe('abc');
    expect(request.rolls).toEqual([[90, 10]]);
    expect(request.casualties[0]).toEqual({ destroyed: [{ row: 4, name: 'Guard' }], routed: [] });
    expect(request.casualties[1]).toEqual({
      destroyed: [{ row: 9, name: 'Elite' }],
      routed: [
        { row: 7, name: 'Levy' },
        { row: 10, name: '<b>Engines</b>' },
      ],
    });
    expect(request.captured).toEqual([{ row: 10, name: '<b>Engines</b>' }]);
    expect(request.pursued).toEqual([{ row: 8, name: 'Horse' }]);
    expect(JSON.parse(JSON.stringify(request))).toEqual(request); // plain data: crosses google.script.run
  });
});

describe('numbers as shown', () => {
  it('chances with one decimal, never rounding a possible result to 0% or 100%', () => {
    expect(percent(0.6234)).toBe('62.3%');
    expect(percent(0)).toBe('0%');
    expect(percent(1)).toBe('100%');
    expect(percent(0.00001)).toBe('<0.1%');
    expect(percent(0.99999)).toBe('>99.9%');
  });
});
