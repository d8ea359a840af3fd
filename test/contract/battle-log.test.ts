// The Log's words for an applied battle, on plain data: a pure function of the decided fight, the units that fell
// and the date it is given; and the one sideLabel every side is named by.
import { describe, expect, it } from 'vitest';
import { battleLogWords, lossesText, resultSummary } from '../../src/contract/battle-log';
import { readReport } from '../../src/contract/battle-report';
import { openCampaign, sideLabel } from '../../src/contract/campaign';
import { fightSetup } from '../../src/contract/fight-setup';
import { withSide } from '../../src/sidebar/battle-setup';
import { fixtureCampaign, fordOf } from '../support/campaign-data';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;

function decided(setup = ford) {
  const found = fightSetup(campaign, setup, [[90, 10]]);
  if (!found.ok || found.fight.result.kind !== 'decided') throw new Error('the Ford is decided by 90-10');
  return { fight: found.fight, result: found.fight.result };
}

describe('battleLogWords', () => {
  it('says the battle in the Log’s columns, dated as given, the same for the same input', () => {
    const { fight, result } = decided();
    const when = new Date(Date.UTC(2026, 0, 5));
    const fallen = [
      { name: 'Avanil Knights', army: 'Avanil', side: 0, fate: 'routed' },
      { name: 'Ghoere Levy', army: 'Ghoere', side: 1, fate: 'destroyed' },
    ] as const;
    const words = battleLogWords({ setup: ford, fight, result, fallen, when });
    expect(words.When).toBe(when);
    expect(words).toMatchObject({
      Battle: ford.name,
      'Side A': `${sideLabel(ford, 0)} (${ford.sides[0].armies.join(', ')})`,
      'Battle Value A': fight.evaluation.a.battleValue,
      'Rolls A': 90,
      'Rolls B': 10,
      Result: resultSummary(ford, result),
      Changes: `${sideLabel(ford, 0)}: routed: Avanil Knights | ${sideLabel(ford, 1)}: destroyed: Ghoere Levy`,
    });
    expect(words.Result).toMatch(/ won by 71: /);
    expect(readReport(words.Report).length).toBeGreaterThan(0);
    expect(battleLogWords({ setup: ford, fight, result, fallen, when })).toEqual(words);
  });

  it('says a side lost nothing, and names a unit with no name', () => {
    expect(lossesText(ford, [{ name: '', army: 'Ghoere', side: 1, fate: 'destroyed in pursuit' }])).toBe(
      `${sideLabel(ford, 0)}: no losses | ${sideLabel(ford, 1)}: destroyed in pursuit: (no name)`,
    );
  });
});

describe('sideLabel', () => {
  it('is the label, else the first army, else Side A or Side B', () => {
    const blank = withSide(ford, 0, (s) => {
      s.label = '  ';
    });
    expect(sideLabel(blank, 0)).toBe(ford.sides[0].armies[0]);
    const none = withSide(blank, 0, (s) => {
      s.armies = [];
    });
    expect([sideLabel(none, 0), sideLabel({ sides: [none.sides[1], none.sides[0]] }, 1)]).toEqual([
      'Side A',
      'Side B',
    ]);
    expect(
      sideLabel(
        {
          sides: [
            { label: ' Host ', armies: ['X'] },
            { label: '', armies: [] },
          ],
        },
        0,
      ),
    ).toBe('Host');
  });
});
