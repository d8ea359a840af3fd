// The unit Library and the sample war set-up writes into empty tables: every cell under a header of its table,
// the reference cards as RULES.md section 1 gives them, and a battle ready to fight.
import { describe, expect, it } from 'vitest';
import { IMMUNITIES, PLANS, UNIT_ROLES, UNIT_STATUSES } from '../../../src/rules';
import { BATTLE_HEADERS, CHARACTER_HEADERS, UNIT_HEADERS } from '../../../src/contract/columns';
import {
  sampleBattles,
  sampleCharacters,
  sampleUnits,
  type UnitRecord,
  unitLibrary,
} from '../../../src/sheets/setup/sample';
import { armyList } from '../../../src/sheets/table';

const CARD = ['Move', 'Melee', 'Missile', 'Defense', 'Charge', 'Morale', 'Hits'] as const;
const cardOf = (u: UnitRecord) => CARD.map((h) => u[h]);
const headersOf = (records: readonly object[]) => [...new Set(records.flatMap((r) => Object.keys(r)))];

describe('unitLibrary: the reference units', () => {
  it('ten cards, each Unit its Type', () => {
    const library = unitLibrary();
    expect(library.map((u) => [u.Unit, u.Role, cardOf(u)])).toEqual([
      ['Archers', 'Missile', [2, 2, 4, 2, 0, 2, 2]],
      ['Artillerists', 'Artillery', [1, 1, 5, 1, 0, 2, 2]],
      ['Cavalry', 'Mounted', [3, 3, 1, 3, 5, 2, 2]],
      ['Elite Infantry', 'Melee', [1, 4, 0, 4, 0, 3, 3]],
      ['Infantry', 'Melee', [1, 3, 0, 3, 0, 2, 2]],
      ['Irregulars', 'Melee', [2, 3, 2, 2, 0, 2, 2]],
      ['Knights', 'Mounted', [2, 4, 0, 4, 6, 3, 3]],
      ['Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2]],
      ['Pikemen', 'Melee', [1, 3, 0, 3, 0, 2, 2]],
      ['Scouts', 'Missile', [3, 2, 3, 2, 0, 2, 2]],
    ]);
    expect(library.filter((u) => u.Unit !== u.Type)).toEqual([]);
  });

  it('Irregulars and Scouts carry the override of 2; Irregulars shoot too', () => {
    expect(unitLibrary().filter((u) => u.Override !== undefined || u['Role 2'] !== undefined)).toEqual([
      expect.objectContaining({ Unit: 'Irregulars', 'Role 2': 'Missile', Override: 2 }),
      expect.objectContaining({ Unit: 'Scouts', Override: 2 }),
    ]);
  });
});

describe('the sample war', () => {
  it('every cell under a header of its table', () => {
    const unknown = (records: readonly object[], headers: readonly string[]) =>
      headersOf(records).filter((h) => !headers.includes(h));
    expect(unknown(unitLibrary(), UNIT_HEADERS)).toEqual([]);
    expect(unknown(sampleUnits(), UNIT_HEADERS)).toEqual([]);
    expect(unknown(sampleCharacters(), CHARACTER_HEADERS)).toEqual([]);
    expect(unknown(sampleBattles(), BATTLE_HEADERS)).toEqual([]);
  });

  it('units: three armies, roles and statuses from the rules’ lists, names never twice', () => {
    const units = sampleUnits();
    const count = (army: string) => units.filter((u) => u.Army === army).length;
    expect([
      units.length,
      count('Elinvaire Host'),
      count('Marcher Levies'),
      count('Ghorvant Legion'),
    ]).toEqual([43, 16, 4, 23]);
    expect(new Set(units.map((u) => u.Unit)).size).toBe(units.length);
    const words = (list: readonly string[], values: unknown[]) =>
      values.filter((v) => !list.includes(String(v)));
    expect(
      words(
        UNIT_ROLES,
        units.map((u) => u.Role),
      ),
    ).toEqual([]);
    expect(
      words(
        UNIT_STATUSES,
        units.map((u) => u.Status),
      ),
    ).toEqual([]);
    expect(units.filter((u) => u.Status !== 'Ready').map((u) => [u.Unit, u.Status])).toEqual([
      ['Border Cavalry', 'Routed'],
      ['Hillfolk Levy', 'Destroyed'],
      ['Shadow Riders', 'Routed'],
      ['Ghorvant Archers', 'Routed'],
    ]);
  });

  it('a unit of a reference type has its card; Goblin and Mercenary types keep the card they were drawn from', () => {
    const cards = new Map(unitLibrary().map((u) => [u.Type, cardOf(u)]));
    const drawn = sampleUnits().filter((u) => cards.has(String(u.Type)));
    expect(drawn).toHaveLength(34);
    expect(
      drawn.filter((u) => JSON.stringify(cardOf(u)) !== JSON.stringify(cards.get(String(u.Type)))),
    ).toEqual([]);
    const renamed = sampleUnits().filter(
      (u) => u.Unit === 'Goblin Irregulars' || u.Unit === 'Red Wolves Company',
    );
    expect(renamed.map((u) => [u.Type, cardOf(u), u.Vulnerable, u.Mercenary])).toEqual([
      ['Goblin Irregulars', cards.get('Irregulars'), true, undefined],
      ['Mercenary Infantry', cards.get('Infantry'), undefined, true],
    ]);
  });

  it('characters in the armies of the units', () => {
    const armies = new Set(sampleUnits().map((u) => u.Army));
    expect(sampleCharacters().filter((c) => !armies.has(c.Army))).toEqual([]);
    expect(sampleCharacters()).toHaveLength(7);
  });

  it('one battle, two sides of the sample’s armies, plans chosen, nothing rolled', () => {
    const battles = sampleBattles();
    const armies = new Set(sampleUnits().map((u) => u.Army));
    expect(battles.map((b) => [b.Battle, b.Side, armyList(b.Armies), b.Plan, b.Immunity])).toEqual([
      ['Greywater Ford', 'Elinvaire', ['Elinvaire Host', 'Marcher Levies'], 'Hold', 'None'],
      ['Greywater Ford', 'Ghorvant', ['Ghorvant Legion'], 'Normal attack', 'None'],
    ]);
    expect(battles.flatMap((b) => armyList(b.Armies)).filter((a) => !armies.has(a))).toEqual([]);
    const listed = (list: readonly string[], value: unknown) => list.some((word) => word === value);
    expect(battles.filter((b) => !listed(PLANS, b.Plan) || !listed(IMMUNITIES, b.Immunity))).toEqual([]);
    expect(battles.filter((b) => b.Roll !== undefined || b.Fought !== undefined)).toEqual([]);
  });
});
