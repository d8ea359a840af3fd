// A side's forces summed per army and added up value a battle exactly as its units listed one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addForces,
  characterBonus,
  evaluateBattle,
  evaluateForces,
  type Forces,
  forcesOf,
  NO_FORCES,
  roleBit,
  roleCount,
  situationAgainst,
  UNIT_ROLES,
  UNIT_STATUSES,
  type Unit,
  type UnitRole,
  battleUnit,
} from '../../src/rules';
import { character, circumstances, side, unit, worth } from '../support/rules';

const ARMIES = ['North', 'South', 'East', 'West'];

const unitArb = fc
  .record({
    army: fc.constantFrom(...ARMIES),
    role: fc.constantFrom(...UNIT_ROLES),
    role2: fc.option(fc.constantFrom('Melee', 'Missile'), { nil: undefined }),
    status: fc.constantFrom(...UNIT_STATUSES),
    undead: fc.boolean(),
    spellImmune: fc.boolean(),
    melee: fc.integer({ min: 0, max: 8 }),
    hits: fc.integer({ min: 1, max: 5 }),
  })
  .map((u) => unit({ ...u, role2: u.role2 === u.role ? undefined : u.role2 }));

const characterArb = fc
  .record({
    army: fc.constantFrom(...ARMIES),
    warrior: fc.integer({ min: 0, max: 12 }),
    priest: fc.integer({ min: 0, max: 9 }),
    battlewise: fc.boolean(),
    turnsUndead: fc.boolean(),
  })
  .map((c) => character({ ...c, spellSlots: c.priest > 0 ? [3, 2] : [] }));

/** The forces of one army among these units. */
const armyForces =
  (units: readonly Unit[]) =>
  (army: string): Forces =>
    forcesOf(units.filter((u) => u.army === army));

describe('forces', () => {
  it('sum the fighting units: count, value, undead, spell immune, flying, artillery and role sets', () => {
    const list = [
      worth(4, { role: 'Flying melee', role2: 'Flying missile', undead: true }),
      worth(3, { role: 'Artillery', spellImmune: true }),
      worth(2, { role: 'Missile', role2: 'Melee' }),
      worth(9, { role: 'Mounted', status: 'Routed' }),
    ];
    const bit = (...roles: UnitRole[]) => roles.reduce((s, r) => s | roleBit(r), 0);
    expect(forcesOf(list)).toEqual({
      units: 3,
      value: 9,
      undead: 1,
      spellImmune: 1,
      flying: 1,
      artillery: 1,
      firstRoles: bit('Flying melee', 'Artillery', 'Missile'),
      allRoles: bit('Flying melee', 'Flying missile', 'Artillery', 'Missile', 'Melee'),
    });
    // A battle unit counts by the value it carries, not its card.
    expect(forcesOf([{ ...battleUnit(unit({ melee: 5 })), value: 7 }]).value).toBe(7);
    expect(forcesOf([])).toEqual(NO_FORCES);
  });

  it('roleBit gives each role its own bit and roleCount counts them', () => {
    expect(UNIT_ROLES.map(roleBit)).toEqual([1, 2, 4, 8, 16, 32]);
    expect([0, 1, 0b101, 0b111111].map(roleCount)).toEqual([0, 1, 2, 6]);
  });

  it('count only fighting units, and add up per army to the forces of all', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 40 }), (units) => {
        const all = forcesOf(units);
        const summed = ARMIES.map(armyForces(units)).reduce(addForces, NO_FORCES);
        expect(summed).toEqual(all);
        expect(all.units).toBe(units.filter((u) => u.status === 'Ready').length);
      }),
    );
  });

  it('value a battle from per-army sums exactly as evaluateBattle does from the units', () => {
    const sideArb = fc.record({
      armies: fc.subarray(ARMIES.slice(0, 2), { minLength: 1 }),
      defender: fc.boolean(),
      castleLevel: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(unitArb, { maxLength: 40 }),
        fc.array(characterArb, { maxLength: 8 }),
        sideArb,
        fc.boolean(),
        (units, characters, a, byValue) => {
          const armiesB = ARMIES.slice(2);
          const forces = armyForces(units);
          const on = (armies: readonly string[]) => ({
            units: units.filter((u) => armies.includes(u.army)),
            characters: characters.filter((c) => armies.includes(c.army)),
          });
          const rules = { troopRatioBy: byValue ? 'value' : 'units', terrainModifiersAs: 'points' } as const;
          const overA = { defender: a.defender, castleLevel: a.castleLevel };
          const overB = { defender: !a.defender, castleLevel: a.castleLevel };
          const [sa, sb] = [on(a.armies), on(armiesB)];
          const expected = evaluateBattle(
            side('A', sa.units, overA, sa.characters),
            side('B', sb.units, overB, sb.characters),
            rules,
          );
          const forceSide = (armies: readonly string[], over: typeof overA) => ({
            forces: armies.map(forces).reduce(addForces, NO_FORCES),
            characterBonus: (enemy: Forces) =>
              on(armies).characters.reduce(
                (s, c) => s + characterBonus(c, situationAgainst(forces(c.army).units, enemy)).total,
                0,
              ),
            circumstances: circumstances(over),
          });
          const totals = evaluateForces(forceSide(a.armies, overA), forceSide(armiesB, overB), rules);
          const { fightingUnits: _a, characters: _ca, ...sideA } = expected.a;
          const { fightingUnits: _b, characters: _cb, ...sideB } = expected.b;
          expect(totals).toEqual({ ...expected, a: sideA, b: sideB });
        },
      ),
      { numRuns: 200 },
    );
  });
});
