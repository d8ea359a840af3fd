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
  situationAgainst,
  UNIT_ROLES,
  UNIT_STATUSES,
  type Unit,
} from '../../src/rules';
import { character, circumstances, side, unit } from './helpers';

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

/** Forces and characters of each army, summed once. */
function byArmy(units: readonly Unit[]) {
  const forces = new Map<string, Forces>();
  for (const army of ARMIES) forces.set(army, forcesOf(units.filter((u) => u.army === army)));
  return forces;
}

describe('forces', () => {
  it('count only fighting units, and add up per army to the forces of all', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 40 }), (units) => {
        const all = forcesOf(units);
        const summed = [...byArmy(units).values()].reduce(addForces, NO_FORCES);
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
          const forces = byArmy(units);
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
            forces: armies.map((x) => forces.get(x)!).reduce(addForces, NO_FORCES),
            characterBonus: (enemy: Forces) =>
              on(armies).characters.reduce(
                (s, c) => s + characterBonus(c, situationAgainst(forces.get(c.army)!.units, enemy)).total,
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
