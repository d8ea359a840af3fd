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
    const options = (c: typeof inPoints, group: string) =>
      c.groups.find((g) => g.key === group)?.options.map((o) => [o.label, o.amount, o.help]);
    expect(options(inPoints, 'morale')).toEqual([
      ['Home Realm', '+5%', ''],
      ['Beaten Foe', '+5%', 'Has beaten this foe'],
      ['Foe Exhausted', '+10%', 'Foe used its full movement'],
      ['Ally Defeated', '−5%', 'Friendly forces defeated this round'],
    ]);
    expect(options(inPoints, 'terrain')).toEqual([
      ['Higher Ground', '+10', 'Higher altitude'],
      ['Terrain Advantage', '+10', 'Terrain advantages'],
      ['Mounted In Rough', '−10', 'Mounted troops in mountains, forest or castle'],
      ['Mire', '−10', 'Mire, marsh or mud'],
      ['Shifting Ground', '−5', 'Snow or sand'],
    ]);
    expect(options(inPercent, 'defense')).toEqual([
      ['Friendly Holding', '+5%', ''],
      ['Narrow Pass', '+20%', 'Narrow pass, defile or bridge'],
      ['River Crossed', '+15%', 'Attacker crossed a river'],
      ['Rough Terrain', '+10%', 'Mountains, hills or rough terrain'],
    ]);
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
