// Setups, the casualty choice and the write requests, on plain data.
import { describe, expect, it } from 'vitest';
import { openCampaign } from '../../src/contract/battle';
import { type Box, type Selection, suggestedSelection, toggle, totals } from '../../src/sidebar/casualties';
import { previewOf } from '../../src/sidebar/preview';
import { applyBody, expectation, idFor, newId } from '../../src/sidebar/requests';
import {
  battleOptionText,
  listedRolls,
  newSetup,
  setupProblem,
  withArmy,
  withDefender,
} from '../../src/sidebar/setup';
import { fixtureCampaign, fordOf, raidOf } from './fixture';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;
const raid = raidOf(data);

describe('a setup', () => {
  it('adds and removes an army, and never moves one from the other side', () => {
    const added = withArmy(ford, 0, 'Rjurik', true);
    expect('setup' in added && added.setup.sides[0].armies).toEqual(['Avanil', 'Rjurik']);
    expect(withArmy(ford, 0, 'ghoere', true)).toEqual({
      refused: 'ghoere fights for Ghoere: untick it there first to move it to Avanil.',
    });
    const removed = withArmy(ford, 1, 'GHOERE', false);
    expect('setup' in removed && removed.setup.sides).toMatchObject([{ armies: ['Avanil'] }, { armies: [] }]);
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

describe('the casualty choice', () => {
  const o = previewOf(campaign, ford, [[90, 10]]);
  if (!o.ok) throw new Error(o.problem);
  const p = o.preview; // Avanil wins: Ghoere (side 1) is the loser
  const start: Selection = { fates: [new Map(), new Map()], captured: new Set(), pursued: new Set() };
  const after = (...steps: [0 | 1, number, Box, boolean][]) =>
    steps.reduce((sel, [side, row, box, on]) => toggle(p, sel, side, row, box, on), start);
  const show = (sel: Selection) => ({
    fates: sel.fates.map((m) => [...m].sort()),
    captured: [...sel.captured],
    pursued: [...sel.pursued],
  });

  it.each<[string, [0 | 1, number, Box, boolean][], ReturnType<typeof show>]>([
    [
      'destroyed and routed exclude each other',
      [
        [1, 6, 'destroyed', true],
        [1, 6, 'routed', true],
      ],
      { fates: [[], [[6, 'routed']]], captured: [], pursued: [] },
    ],
    [
      'a capture routes the unit',
      [[1, 8, 'captured', true]],
      { fates: [[], [[8, 'routed']]], captured: [8], pursued: [] },
    ],
    [
      'destroying a captured unit ends its capture',
      [
        [1, 8, 'captured', true],
        [1, 8, 'destroyed', true],
      ],
      { fates: [[], [[8, 'destroyed']]], captured: [], pursued: [] },
    ],
    [
      'unrouting a captured unit ends its capture',
      [
        [1, 8, 'captured', true],
        [1, 8, 'routed', false],
      ],
      { fates: [[], []], captured: [], pursued: [] },
    ],
    [
      'pursuit takes a unit out of destroyed and routed',
      [
        [1, 9, 'routed', true],
        [1, 9, 'captured', true],
        [1, 9, 'pursued', true],
      ],
      { fates: [[], []], captured: [], pursued: [9] },
    ],
    [
      'the winner’s units are never captured or pursued',
      [
        [0, 2, 'captured', true],
        [0, 3, 'pursued', true],
      ],
      { fates: [[], []], captured: [], pursued: [] },
    ],
  ])('%s', (_, steps, expected) => {
    expect(show(after(...steps))).toEqual(expected);
  });

  it('starts from the suggestion, whose totals meet the points exactly here', () => {
    const t = totals(p, suggestedSelection(p));
    expect(t.map((x) => [x.destroyed, x.destroyedTarget, x.routed, x.routedTarget])).toEqual([
      [3, 3, 3, 2],
      [3, 3, 2, 3],
    ]);
  });
});

describe('the apply request', () => {
  const o = previewOf(campaign, ford, [[90, 10]]);
  if (!o.ok) throw new Error(o.problem);
  const p = o.preview;

  it('carries the setup, rolls, chosen units by row and name, and the fingerprints it was built on', () => {
    const sel = toggle(p, toggle(p, suggestedSelection(p), 1, 8, 'captured', true), 1, 9, 'pursued', true);
    const body = applyBody(campaign, ford, p, sel);
    expect(body.setup).toBe(ford);
    expect(body.rolls).toEqual([[90, 10]]);
    expect(body.captured).toEqual([{ row: 8, name: 'Ghoere Horse' }]);
    expect(body.pursued).toEqual([{ row: 9, name: 'Ghoere Elite' }]);
    expect(body.losses[1].routed).toContainEqual({ row: 8, name: 'Ghoere Horse' });
    expect(body.expect).toEqual({
      settings: 'settings-1',
      armies: { Avanil: 'army-avanil-1', Ghoere: 'army-ghoere-1' },
      battle: 'battle-ford-1',
    });
  });

  it('expects no battle rows for a battle not on the sheet', () => {
    expect(expectation(campaign, { ...ford, name: 'A new fight' }).battle).toBeNull();
  });

  it('makes ids the server accepts, and sends the same id again only for the same body', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9-]{6,64}$/);
    expect(newId(0, () => 35)).toBe('0-0000z0000z');
    let n = 0;
    const fresh = () => `id-${++n}`;
    const first = idFor(null, { a: 1 }, fresh);
    expect(idFor(first, { a: 1 }, fresh)).toBe(first);
    expect(idFor(first, { a: 2 }, fresh).id).toBe('id-2');
  });
});
