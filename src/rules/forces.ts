// What the battle rules need to know of a side's fighting units, as sums. Counted once per army and added up
// for a side of several armies, so valuing a battle costs the same whatever the size of its armies.
import { UNIT_ROLES, type UnitRole } from './tables';
import { type BattleUnit, isFighting, isFlying, type Unit, unitValue } from './unit';

export interface Forces {
  /** Fighting (Ready) units. */
  readonly units: number;
  /** Their total value: what casualties are a share of (RULES 6.5). */
  readonly value: number;
  readonly undead: number;
  readonly spellImmune: number;
  readonly flying: number;
  /** Units whose Role is Artillery (castle assault, RULES 5.6). */
  readonly artillery: number;
  /** The roles among their first functions, and among all their functions: bit sets over UNIT_ROLES. */
  readonly firstRoles: number;
  readonly allRoles: number;
}

export const NO_FORCES: Forces = {
  units: 0,
  value: 0,
  undead: 0,
  spellImmune: 0,
  flying: 0,
  artillery: 0,
  firstRoles: 0,
  allRoles: 0,
};

export const roleBit = (role: UnitRole): number => 1 << UNIT_ROLES.indexOf(role);

/** How many roles a bit set holds. */
export function roleCount(set: number): number {
  let n = 0;
  for (let s = set; s !== 0; s &= s - 1) n++;
  return n;
}

/** The fighting units among these, summed: roster units by their card, battle units by the value they carry. */
export function forcesOf(units: readonly (Unit | BattleUnit)[]): Forces {
  let units_ = 0;
  let value = 0;
  let undead = 0;
  let spellImmune = 0;
  let flying = 0;
  let artillery = 0;
  let firstRoles = 0;
  let allRoles = 0;
  for (const u of units) {
    if (!isFighting(u)) continue;
    units_++;
    value += 'value' in u ? u.value : unitValue(u);
    if (u.undead) undead++;
    if (u.spellImmune) spellImmune++;
    if (isFlying(u)) flying++;
    if (u.role === 'Artillery') artillery++;
    firstRoles |= roleBit(u.role);
    allRoles |= roleBit(u.role) | (u.role2 === undefined ? 0 : roleBit(u.role2));
  }
  return { units: units_, value, undead, spellImmune, flying, artillery, firstRoles, allRoles };
}

/** The forces of two armies fighting together. */
export function addForces(a: Forces, b: Forces): Forces {
  return {
    units: a.units + b.units,
    value: a.value + b.value,
    undead: a.undead + b.undead,
    spellImmune: a.spellImmune + b.spellImmune,
    flying: a.flying + b.flying,
    artillery: a.artillery + b.artillery,
    firstRoles: a.firstRoles | b.firstRoles,
    allRoles: a.allRoles | b.allRoles,
  };
}
