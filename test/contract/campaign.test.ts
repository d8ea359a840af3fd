import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ArmyData,
  type CampaignUnit,
  decodeCharacter,
  decodeUnits,
  encodeCharacter,
  encodeUnits,
} from '../../src/contract/campaign';
import { type Character, PRIEST_USES, UNIT_ROLES, UNIT_STATUSES } from '../../src/rules';

const armies: ArmyData[] = ['Avanil', 'Coeranys', 'Ghoere'].map((name) => ({
  name,
  fingerprint: 'x',
  problem: null,
  units: 0,
  ready: 0,
}));

const unitArb: fc.Arbitrary<CampaignUnit> = fc.record({
  row: fc.integer({ min: 2, max: 100_000 }),
  name: fc.string({ maxLength: 30 }),
  army: fc.constantFrom('Avanil', 'Coeranys', 'Ghoere'),
  type: fc.constantFrom('Knights', 'Archers', ''),
  value: fc.integer({ min: 1, max: 1_000_000 }),
  role: fc.constantFrom(...UNIT_ROLES),
  role2: fc.option(fc.constantFrom(...UNIT_ROLES), { nil: undefined }),
  status: fc.constantFrom(...UNIT_STATUSES),
  undead: fc.boolean(),
  spellImmune: fc.boolean(),
  upkeep: fc.integer({ min: 1, max: 3 }),
});

const characterArb: fc.Arbitrary<Character> = fc.record({
  name: fc.string(),
  army: fc.string(),
  warrior: fc.nat(100),
  rogue: fc.nat(100),
  wizard: fc.nat(100),
  priest: fc.nat(100),
  battlewise: fc.boolean(),
  commands: fc.option(fc.nat(1_000_000), { nil: undefined }),
  strategy: fc.boolean(),
  turnsUndead: fc.boolean(),
  priestUses: fc.constantFrom(...PRIEST_USES),
  spellSlots: fc.array(fc.nat(1000), { maxLength: 9 }),
  battleSpells: fc.option(fc.array(fc.nat(1000), { maxLength: 9 }), { nil: undefined }),
  categories: fc.nat(8),
  research: fc.nat(1000),
  dSpells: fc.nat(1000),
  warSpells: fc.nat(1000),
});

describe('the campaign payload', () => {
  it('gives back every unit exactly, in roster order, after a JSON round trip', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 40 }), (list) => {
        const units = [...list].sort((a, b) => a.row - b.row);
        const index = (army: string) => armies.findIndex((a) => a.name === army);
        const sent = JSON.parse(JSON.stringify(encodeUnits(units, index)));
        expect(decodeUnits(sent, armies)).toEqual(units);
      }),
    );
  });

  it('gives back every character exactly after a JSON round trip', () => {
    fc.assert(
      fc.property(characterArb, (c) => {
        expect(decodeCharacter(JSON.parse(JSON.stringify(encodeCharacter(c))))).toEqual(c);
      }),
    );
  });

  it('keeps a unit to a few bytes beside its name', () => {
    const units: CampaignUnit[] = Array.from({ length: 2000 }, (_, i) => ({
      row: i + 2,
      name: `Unit ${i}`,
      army: ['Avanil', 'Coeranys', 'Ghoere'][i % 3] ?? 'Avanil',
      type: 'Knights',
      value: 3,
      role: 'Melee',
      role2: undefined,
      status: 'Ready',
      undead: false,
      spellImmune: false,
      upkeep: 1,
    }));
    const json = JSON.stringify(encodeUnits(units, (a) => armies.findIndex((x) => x.name === a)));
    const names = units.reduce((s, u) => s + JSON.stringify(u.name).length + 1, 0);
    expect((json.length - names) / units.length).toBeLessThan(12);
  });
});
