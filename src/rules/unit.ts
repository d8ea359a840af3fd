// Units (RULES 1, 4): a unit's card and its roster row, the card's value, the value it fights with, its muster
// cost and upkeep, and the role rules (mounted, flying, which roles exclude each other).
import {
  ELITE_VALUE,
  FLYING_ROLES,
  HITS_BASELINE,
  MUSTER_GB_PER_STEP,
  MUSTER_VALUE_STEP,
  ONE_HIT_MODIFIER,
  SPELLCASTING_MODIFIER,
  type SpellcastingLevel,
  type StatBand,
  UNIT_BASE_VALUE,
  UNIT_STAT_BANDS,
  type UnitRole,
  type UnitStatus,
  UPKEEP_GB,
  VULNERABILITY_MODIFIER,
} from './tables';

/** What a unit's card says, as whole numbers and flags (RULES 1). */
export interface UnitCard {
  readonly move: number;
  readonly melee: number;
  readonly missile: number;
  readonly defense: number;
  readonly charge: number;
  /** Morale icons, from 1. */
  readonly morale: number;
  /** Strength steps on the card, from 1 (D-2). */
  readonly hits: number;
  /** Special abilities; "ignores F and R results" is two. */
  readonly specials: number;
  /** Special movement abilities (flying, no terrain penalties, ...). */
  readonly specialMoves: number;
  readonly vulnerable: boolean;
  readonly spellcasting: SpellcastingLevel;
  /** Realm spells on the unit (Bless Army, ...): temporary, so left out of costs (D-4). */
  readonly realmSpells: number;
  /** A value typed by the user that replaces the card's (D-3). */
  readonly override?: number | undefined;
}

/** A roster unit: its card, its army and what the battle rules need to know of it. */
export interface Unit extends UnitCard {
  readonly name: string;
  readonly army: string;
  readonly role: UnitRole;
  readonly role2?: UnitRole | undefined;
  readonly mercenary: boolean;
  readonly undead: boolean;
  /** Immune to F and R results from spells (RULES 3.1, enemy magic resistance). */
  readonly spellImmune: boolean;
  readonly status: UnitStatus;
}

/**
 * A unit as a battle sees it: its value in battle (realm spells in, D-3) and the traits the battle rules read.
 * The sidebar gets units in this shape, so the browser values a battle without the units' cards.
 */
export interface BattleUnit
  extends Pick<Unit, 'name' | 'army' | 'role' | 'role2' | 'undead' | 'spellImmune' | 'status'> {
  readonly value: number;
}

export interface ValueLine {
  readonly label: string;
  readonly modifier: number;
}

export function bandModifier(bands: readonly StatBand[], stat: number): number {
  for (const b of bands) {
    if (stat >= b.from && (b.to === undefined || stat <= b.to)) return b.modifier;
  }
  return 0;
}

function hitsModifier(hits: number): number {
  if (hits === 1) return ONE_HIT_MODIFIER;
  return Math.max(0, hits - HITS_BASELINE);
}

/** Every modifier the card earns, in the order of the source's table; lines worth 0 are left out. */
export function cardModifiers(card: UnitCard): ValueLine[] {
  const lines: ValueLine[] = [
    { label: 'Melee', modifier: bandModifier(UNIT_STAT_BANDS.melee, card.melee) },
    { label: 'Defense', modifier: bandModifier(UNIT_STAT_BANDS.defense, card.defense) },
    { label: 'Missile', modifier: bandModifier(UNIT_STAT_BANDS.missile, card.missile) },
    { label: 'Charge', modifier: bandModifier(UNIT_STAT_BANDS.charge, card.charge) },
    { label: 'Morale', modifier: bandModifier(UNIT_STAT_BANDS.morale, card.morale) },
    { label: 'Hits', modifier: hitsModifier(card.hits) },
    { label: 'Special abilities', modifier: card.specials },
    { label: 'Vulnerability', modifier: card.vulnerable ? VULNERABILITY_MODIFIER : 0 },
    { label: 'Spellcasting', modifier: SPELLCASTING_MODIFIER[card.spellcasting] },
    { label: 'Special movement', modifier: card.specialMoves },
    { label: 'Movement', modifier: bandModifier(UNIT_STAT_BANDS.move, card.move) },
  ];
  return lines.filter((l) => l.modifier !== 0);
}

/** The value the card gives: 1 plus its modifiers, never below 1 (D-1). Sums cardModifiers without building it. */
export function cardValue(card: UnitCard): number {
  const value =
    UNIT_BASE_VALUE +
    bandModifier(UNIT_STAT_BANDS.melee, card.melee) +
    bandModifier(UNIT_STAT_BANDS.defense, card.defense) +
    bandModifier(UNIT_STAT_BANDS.missile, card.missile) +
    bandModifier(UNIT_STAT_BANDS.charge, card.charge) +
    bandModifier(UNIT_STAT_BANDS.morale, card.morale) +
    hitsModifier(card.hits) +
    card.specials +
    (card.vulnerable ? VULNERABILITY_MODIFIER : 0) +
    SPELLCASTING_MODIFIER[card.spellcasting] +
    card.specialMoves +
    bandModifier(UNIT_STAT_BANDS.move, card.move);
  return Math.max(UNIT_BASE_VALUE, value);
}

/** The unit's value without realm spells: the override if any (D-3), else the card's. Costs use it (D-4). */
export function costValue(card: UnitCard): number {
  return card.override ?? cardValue(card);
}

/** The unit's value as it fights and as casualties count it: realm spells on top (D-3, D-4). */
export function unitValue(card: UnitCard): number {
  return costValue(card) + card.realmSpells;
}

/** Muster cost in GB: 2 for every 3 points of value or part of 3 (RULES 4). */
export function musterCost(card: UnitCard): number {
  return MUSTER_GB_PER_STEP * Math.ceil(costValue(card) / MUSTER_VALUE_STEP);
}

export function hasRole(unit: Pick<Unit, 'role' | 'role2'>, test: (role: UnitRole) => boolean): boolean {
  return test(unit.role) || (unit.role2 !== undefined && test(unit.role2));
}

export const isFlyingRole = (role: UnitRole): boolean => FLYING_ROLES.includes(role);
export const isMounted = (unit: Pick<Unit, 'role' | 'role2'>): boolean =>
  hasRole(unit, (r) => r === 'Mounted');
export const isFlying = (unit: Pick<Unit, 'role' | 'role2'>): boolean => hasRole(unit, isFlyingRole);

/** Maintenance in GB per season: the highest that applies (D-9). */
export function upkeep(unit: UnitCard & Pick<Unit, 'role' | 'role2' | 'mercenary'>): number {
  if (isFlying(unit) || costValue(unit) >= ELITE_VALUE) return UPKEEP_GB.flyingOrElite;
  if (isMounted(unit) || unit.mercenary) return UPKEEP_GB.mountedOrMercenary;
  return UPKEEP_GB.basic;
}

/** Only Ready units fight; Routed, Destroyed and Captured ones do not (RULES 2). */
export const isFighting = (unit: Pick<Unit, 'status'>): boolean => unit.status === 'Ready';

/** Mounted and melee exclude each other, as do flying and walking types (RULES 5.9). */
export function roleConflict(role: UnitRole, role2: UnitRole): string | undefined {
  const pair = [role, role2];
  if (pair.includes('Mounted') && pair.includes('Melee')) return 'Mounted and Melee exclude each other';
  if (isFlyingRole(role) !== isFlyingRole(role2)) return 'a flying and a walking type exclude each other';
  return undefined;
}

/** A roster unit as a battle sees it. */
export const battleUnit = (u: Unit): BattleUnit => ({
  name: u.name,
  army: u.army,
  role: u.role,
  role2: u.role2,
  undead: u.undead,
  spellImmune: u.spellImmune,
  status: u.status,
  value: unitValue(u),
});
