// What the side form offers, from the rules' tables and the Battles column map, with amounts as the house counts.
import { describe, expect, it } from 'vitest';
import { CIRCUMSTANCE_COLUMNS } from '../../src/contract/circumstances';
import { PLANS } from '../../src/rules';
import { catalogue } from '../../src/sidebar/catalogue';

const inPoints = catalogue({ troopRatioBy: 'units', terrainModifiersAs: 'points' });
const inPercent = catalogue({ troopRatioBy: 'units', terrainModifiersAs: 'percent' });

describe('catalogue', () => {
  it('offers the four groups of RULES 5.2-5.5 in order, each checkbox with its Battles column', () => {
    expect(inPoints.groups.map((g) => [g.key, g.title, g.section])).toEqual([
      ['morale', 'Morale', '5.2'],
      ['environment', 'Environment', '5.3'],
      ['terrain', 'Terrain', '5.4'],
      ['defense', 'Defender', '5.5'],
    ]);
    for (const g of inPoints.groups) {
      expect(Object.fromEntries(g.options.map((o) => [o.key, o.column]))).toEqual(
        CIRCUMSTANCE_COLUMNS[g.key],
      );
    }
  });

  it('counts morale in percent always, the others as the house rule says', () => {
    const options = (c: typeof inPoints, group: string) =>
      c.groups.find((g) => g.key === group)?.options.map((o) => [o.label, o.amount]);
    expect(options(inPoints, 'morale')).toEqual([
      ['Home realm', '+5%'],
      ['Has beaten this foe', '+5%'],
      ['Foe used its full movement', '+10%'],
      ['Friendly forces defeated this round', '−5%'],
    ]);
    expect(options(inPoints, 'terrain')).toEqual([
      ['Higher altitude', '+10'],
      ['Terrain advantages', '+10'],
      ['Mounted troops in mountains, forest or castle', '−10'],
      ['Mire, marsh or mud', '−10'],
      ['Snow or sand', '−5'],
    ]);
    expect(options(inPercent, 'defense')).toEqual([
      ['Friendly holding', '+5%'],
      ['Narrow pass, defile or bridge', '+20%'],
      ['Attacker crossed a river', '+15%'],
      ['Mountains, hills or rough terrain', '+10%'],
    ]);
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
