// A battle set up in the sidebar, valued from the loaded campaign: the sides it is fought with, or why not.
import { describe, expect, it } from 'vitest';
import { battleSides, fightingUnits, fightSetup } from '../../src/contract/fight-setup';
import { openCampaign } from '../../src/contract/campaign';
import { type BattleSetup, type CampaignData, encodeCharacter } from '../../src/contract/campaign';
import { withDefender, withSide } from '../../src/sidebar/battle-setup';
import { fixtureCampaign, fordOf, LORD } from '../support/campaign-data';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;
const armiesOf = (setup: BattleSetup, i: 0 | 1, armies: string[], label?: string) =>
  withSide(setup, i, (s) => {
    s.armies = armies;
    if (label !== undefined) s.label = label;
  });

describe('openCampaign', () => {
  it('finds each army’s units (roster order) and characters by the name rule', () => {
    const rows = (army: string) => campaign.armies.get(army)?.units.map((u) => u.row);
    expect([...campaign.armies.keys()]).toEqual(['avanil', 'ghoere', 'rjurik']);
    expect(rows('avanil')).toEqual([2, 3, 4, 5]);
    expect(rows('ghoere')).toEqual([6, 7, 8, 9, 10]);
    expect(campaign.armies.get('avanil')?.characters.map((c) => c.name)).toEqual(['Lord Aerin']);
    expect(campaign.armies.get('ghoere')?.characters).toEqual([]);
  });

  it('keeps a character whose army has no row among the armies out of every army, not lost from the list', () => {
    const stray: CampaignData = {
      ...data,
      characters: [...data.characters, encodeCharacter({ ...LORD, name: 'Wanderer', army: 'Nowhere' })],
    };
    const opened = openCampaign(stray);
    expect(opened.characters.map((c) => c.army)).toEqual(['Avanil', 'Nowhere']);
    expect([...opened.armies.values()].flatMap((a) => a.characters.map((c) => c.name))).toEqual([
      'Lord Aerin',
    ]);
  });
});

describe('battleSides', () => {
  it('gives each side its armies’ units in roster order, its characters and its circumstances', () => {
    const found = battleSides(campaign, armiesOf(ford, 0, ['Rjurik', 'avanil']));
    if (!found.ok) throw new Error(found.problem);
    const [a, b] = found.sides;
    expect([a.label, a.units.map((u) => u.name), a.characters.map((c) => c.name)]).toEqual([
      'Avanil',
      [
        'Knights of Avanil',
        'Avanil Bowmen',
        'Anuire Guard',
        '<img src=x onerror=alert(1)>',
        'Rjurik Raiders',
      ],
      ['Lord Aerin'],
    ]);
    expect(b.circumstances).toEqual(ford.sides[1].circumstances);
  });

  it('names a side without a label by its first army (the report never reads "Side B: Side B")', () => {
    const found = battleSides(
      campaign,
      withSide(ford, 1, (s) => (s.label = '')),
    );
    if (!found.ok) throw new Error(found.problem);
    expect(found.sides.map((s) => s.label)).toEqual(['Avanil', 'Ghoere']);
  });

  it.each<[string, BattleSetup, string]>([
    ['a side without an army', armiesOf(ford, 0, [], ''), 'Choose at least one army for side A.'],
    ['a named side without an army', armiesOf(ford, 1, []), 'Choose at least one army for Ghoere.'],
    [
      'an army on both sides',
      armiesOf(ford, 1, ['Ghoere', 'AVANIL']),
      'Army "Avanil" is on both sides of battle "Ford of Avanil".',
    ],
    [
      'both sides defending',
      withSide(withDefender(ford, 1), 0, (s) => (s.circumstances.defender = true)),
      'Defender is ticked on both sides of battle "Ford of Avanil": tick it for one side only.',
    ],
    [
      'an army not in the roster',
      armiesOf(ford, 1, ['Ghoere', 'Mhoried']),
      'Army "Mhoried" is not in the roster: no unit or character has that Army.',
    ],
  ])('refuses %s', (_, setup, problem) => {
    expect(battleSides(campaign, setup)).toEqual({ ok: false, problem });
  });

  it('refuses an army that cannot be valued, with the reason its rows gave', () => {
    const broken: CampaignData = {
      ...data,
      armies: data.armies.map((a) =>
        a.name === 'Ghoere' ? { ...a, problem: 'Units row 8: Melee must be 0-6' } : a,
      ),
    };
    expect(battleSides(openCampaign(broken), ford)).toEqual({
      ok: false,
      problem: 'Army "Ghoere" cannot be valued: Units row 8: Melee must be 0-6',
    });
  });
});

describe('fightSetup and fightingUnits', () => {
  it('values the battle and, with deciding rolls, resolves it with a suggestion over the fighting units', () => {
    const found = fightSetup(campaign, ford, [[90, 10]]);
    if (!found.ok) throw new Error(found.problem);
    expect(found.fight.result).toMatchObject({ kind: 'decided', winner: 'A', difference: 71 });
    // Ghoere Levy 2 (row 7) is routed: it does not fight.
    expect(fightingUnits(found.fight, 0).map((u) => u.row)).toEqual([2, 3, 4, 5]);
    expect(fightingUnits(found.fight, 1).map((u) => u.row)).toEqual([6, 8, 9, 10]);
    expect(found.fight.suggested?.map((s) => [s.destroyed, s.routed])).toEqual([
      [[2], [3]],
      [[3], [0]],
    ]);
  });

  it('passes on what keeps the battle from being valued', () => {
    expect(fightSetup(campaign, armiesOf(ford, 0, []), [])).toEqual({
      ok: false,
      problem: 'Choose at least one army for Avanil.',
    });
  });
});
