// The casualty choice on plain data: the boxes' rules, the running totals, and the order the units are listed in
// (the suggested casualties first, whatever the roll).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCampaign } from '../../src/contract/campaign';
import {
  type Box,
  type Selection,
  suggestedSelection,
  toggle,
  totals,
  totalsText,
  viewOrder,
} from '../../src/sidebar/casualties';
import { withSide } from '../../src/sidebar/battle-setup';
import { previewOf } from '../../src/sidebar/preview-model';
import { fixtureCampaign, fordOf } from '../support/campaign-data';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;

describe('the casualty choice', () => {
  const o = previewOf(campaign, ford, [[90, 10]]);
  if (!o.ok) throw new Error(o.problem);
  const p = o.preview; // Avanil wins: Ghoere (side 1) is the loser
  const start: Selection = { fates: [new Map(), new Map()], captured: new Set(), pursued: new Set() };
  const ticked = (...steps: [0 | 1, number, Box, boolean][]) =>
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
    expect(show(ticked(...steps))).toEqual(expected);
  });

  it('starts from the suggestion, its running totals against the points of each side', () => {
    const t = totals(p, suggestedSelection(p));
    expect(t.map((x) => [x.destroyed, x.destroyedTarget, x.routed, x.routedTarget])).toEqual([
      [3, 3, 3, 2],
      [3, 3, 2, 3],
    ]);
  });

  it('says the running totals in words for screen readers', () => {
    expect(totalsText(p, suggestedSelection(p))).toBe(
      'Avanil: destroyed 3 of 3 points, routed 3 of 2 points. Ghoere: destroyed 3 of 3 points, routed 2 of 3 points.',
    );
  });

  it('counts captured and pursued units for the loser only', () => {
    const [a, b] = totals(
      p,
      ticked([1, 8, 'captured', true], [1, 9, 'pursued', true], [0, 2, 'destroyed', true]),
    );
    expect(a).toEqual({
      destroyed: 6,
      routed: 0,
      captured: 0,
      pursued: 0,
      destroyedTarget: 3,
      routedTarget: 2,
      upkeepSaved: 2, // the Knights of Avanil (mounted)
    });
    expect(b).toEqual({
      destroyed: 0,
      routed: 5,
      captured: 5,
      pursued: 5,
      destroyedTarget: 3,
      routedTarget: 3,
      upkeepSaved: 2 + 1, // Ghoere Horse captured (mounted), Ghoere Elite destroyed in pursuit (worth 5)
    });
  });

  it('a routed unit still costs its upkeep: only the destroyed, captured and pursued save it', () => {
    const [, routed] = totals(p, ticked([1, 8, 'routed', true], [1, 6, 'routed', true]));
    expect(routed.upkeepSaved).toBe(0);
    const [, destroyed] = totals(p, ticked([1, 8, 'destroyed', true], [1, 6, 'destroyed', true]));
    expect(destroyed.upkeepSaved).toBe(2 + 1);
  });
});

describe('the order the Result lists a side’s units in', () => {
  // 30 units a side, worth 1 to 7 in roster order: the suggestion lands anywhere in the list.
  const big = fixtureCampaign(60, 1, 0);
  const opened = openCampaign(big);
  let setup = withSide(fordOf(big).setup, 0, (x) => {
    x.armies = ['Filler army 0'];
  });
  setup = withSide(setup, 1, (x) => {
    x.armies = ['Filler army 1'];
  });

  it('puts the suggested destroyed, then routed, first, the rest as listed, for every roll', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (ra, rb) => {
        const o = previewOf(opened, setup, [[ra, rb]]);
        if (!o.ok) throw new Error(o.problem);
        const r = o.preview.result;
        fc.pre(r !== null);
        if (!r) return;
        for (const i of [0, 1] as const) {
          const units = o.preview.sides[i].units;
          expect(units.length).toBe(30);
          const { destroyed, routed } = r.suggested[i];
          const order = viewOrder(units, r.suggested[i]).map((u) => u.row);
          const inList = (rows: readonly number[]) =>
            units.map((u) => u.row).filter((row) => rows.includes(row));
          const rest = units
            .map((u) => u.row)
            .filter((row) => !destroyed.includes(row) && !routed.includes(row));
          expect(order).toEqual([...inList(destroyed), ...inList(routed), ...rest]);
          // The first unit listed is a suggested casualty whenever the side has one.
          if (destroyed.length + routed.length > 0) expect([...destroyed, ...routed]).toContain(order[0]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the preview’s order when there is no result yet', () => {
    const o = previewOf(opened, setup, []);
    if (!o.ok) throw new Error(o.problem);
    const units = o.preview.sides[0].units;
    expect(viewOrder(units, undefined)).toEqual(units);
  });
});
