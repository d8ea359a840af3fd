// What the side form offers, from the rules' tables and the Battles column map, with amounts as the house counts.
import { describe, expect, it } from 'vitest';
import { CIRCUMSTANCE_COLUMNS } from '../../src/contract/circumstances';
import { PLANS } from '../../src/rules';
import { catalogue } from '../../src/sidebar/catalogue';

const inPoints = catalogue({ troopRatioBy: 'units', terrainModifiersAs: 'points' });
const inPercent = catalogue({ troopRatioBy: 'units', terrainModifiersAs: 'percent' });

describe('catalogue', () => {
  it('offers the four groups of RULES 5.2-5.5 in order, each checkbox with its Battles column', () => {
    expect(inPoints.groups.map((g) => [g.key, g.title])).toEqual([
      ['morale', 'Morale'],
      ['environment', 'Environment'],
      ['terrain', 'Terrain'],
      ['defense', 'Defender'],
    ]);
    // Help in words, never a rule's number the game master does not have.
    for (const g of inPoints.groups) expect(g.help).toMatch(/^[A-Z][^0-9]+\.$/);
    for (const g of inPoints.groups) {
      expect(Object.fromEntries(g.options.map((o) => [o.key, o.column]))).toEqual(
        Object.fromEntries(Object.entries(CIRCUMSTANCE_COLUMNS[g.key]).map(([k, m]) => [k, m.label])),
      );
    }
  });

  it('labels each box with its Battles header, the rule’s wording as help; morale in percent, the rest as the house says', () => {
    // Each box as RULES 5.2-5.5 gives it, by its Battles header: [amount, the rule's wording].
    const figures = (c: typeof inPoints) =>
      Object.fromEntries(c.groups.flatMap((g) => g.options.map((o) => [o.label, [o.amount, o.help]])));
    expect(figures(inPoints)).toMatchObject({
      'Home Realm': ['+5%', ''],
      'Beaten Foe': ['+5%', 'Has beaten this foe'],
      'Foe Exhausted': ['+10%', 'Foe used its full movement'],
      'Ally Defeated': ['−5%', 'Friendly forces defeated this round'],
      'Higher Ground': ['+10', 'Higher altitude'],
      'Terrain Advantage': ['+10', 'Terrain advantages'],
      'Mounted In Rough': ['−10', 'Mounted troops in mountains, forest or castle'],
      Mire: ['−10', 'Mire, marsh or mud'],
      'Shifting Ground': ['−5', 'Snow or sand'],
    });
    expect(figures(inPercent)).toMatchObject({
      'Home Realm': ['+5%', ''],
      'Friendly Holding': ['+5%', ''],
      'Narrow Pass': ['+20%', 'Narrow pass, defile or bridge'],
      'River Crossed': ['+15%', 'Attacker crossed a river'],
      'Rough Terrain': ['+10%', 'Mountains, hills or rough terrain'],
    });
    // Every box of the rules' tables offered, in the tables' order (a box added there is offered too).
    for (const g of inPoints.groups) {
      expect(g.options.map((o) => o.label)).toEqual(
        Object.values(CIRCUMSTANCE_COLUMNS[g.key]).map((m: { label: string }) => m.label),
      );
    }
    for (const g of inPoints.groups) for (const o of g.options) expect(o.label).toBe(o.column);
  });

  it('offers every plan, the immunities with their bonus, the castle assault and the special bonus', () => {
    expect(inPoints.plans).toEqual(PLANS);
    expect(inPoints.immunities).toEqual([
      { value: 'None', label: 'None' },
      { value: 'Complete', label: 'Complete (+50%)' },
      { value: '10%', label: '10% (+20%)' },
      { value: 'Significant', label: 'Significant (+20%)' },
    ]);
    expect(inPoints.castle).toEqual({ perLevel: 3, perArtillerist: 2, engineering: 2, siegecraft: 5 });
    expect(inPoints.specialBonusPercent).toBe(10);
  });
});
