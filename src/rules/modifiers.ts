// The modifiers of one side of a battle (RULES 5): what a user ticks for it, the house rules that count them,
// and what its forces bring (troop ratio, diversity, flying attackers, magic resistance).
import type { CharacterSituation } from './character';
import { type Forces, roleBit, roleCount } from './forces';
import { planBattleValuePercent } from './plans';
import {
  CASTLE_ASSAULT,
  DEFENDER_MODIFIERS,
  DIVERSITY,
  ENVIRONMENT_MODIFIERS,
  FLYING_HALVES_SHARE,
  IMMUNITY_PERCENT,
  type Immunity,
  MAGIC_RESISTANCE_SHARE,
  MORALE_MODIFIERS,
  PER_CASTLE_LEVEL,
  type Plan,
  type PlanEffect,
  SPECIAL_BONUS_PERCENT,
  type SituationalModifier,
  TERRAIN_MODIFIERS,
  TROOP_RATIO,
} from './tables';
import type { HouseRules } from './house-rules';
import { isFlying, type Unit } from './unit';

/** What a user ticks for one side of a battle (RULES 5.2-5.8, 5.10). */
export interface SideCircumstances {
  readonly defender: boolean;
  readonly morale: { readonly [K in keyof typeof MORALE_MODIFIERS]: boolean };
  readonly environment: { readonly [K in keyof typeof ENVIRONMENT_MODIFIERS]: boolean };
  readonly terrain: { readonly [K in keyof typeof TERRAIN_MODIFIERS]: boolean };
  readonly defense: { readonly [K in keyof typeof DEFENDER_MODIFIERS]: boolean };
  readonly castleLevel: number;
  readonly engineering: boolean;
  readonly siegecraft: boolean;
  readonly immunity: Immunity;
  readonly specialBonus: boolean;
  readonly plan: Plan;
}

/** One modifier that applies to a side, with where it came from. */
export interface ModifierLine {
  readonly group: SituationalModifier['group'] | 'Troop ratio' | 'Immunity' | 'Diversity' | 'Battle plan';
  readonly label: string;
  readonly amount: number;
  readonly measure: 'percent' | 'points';
  /** ticked: from the Battles row; roster: worked out from the units; plan: the plans matrix. */
  readonly source: 'ticked' | 'roster' | 'plan';
}

/** Troop ratio bonus in percent for a side of this size against that one; only the larger force gets it. */
export function troopRatioPercent(own: number, enemy: number): number {
  if (own <= enemy) return 0;
  let percent = 0;
  // Sizes typed by hand (3.3 against 1.1) land on a row boundary only up to binary rounding: allow for it.
  const slack = 1e-9 * own;
  for (const row of TROOP_RATIO) if (own + slack >= row.atLeast * enemy) percent = row.percent;
  return percent;
}

/** Diversity (RULES 5.9): +10% for 3+ first types, -10% when every function of every unit is one type. */
export function diversityPercent(units: readonly Pick<Unit, 'role' | 'role2'>[]): number {
  let firstRoles = 0;
  let allRoles = 0;
  for (const u of units) {
    firstRoles |= roleBit(u.role);
    allRoles |= roleBit(u.role) | (u.role2 === undefined ? 0 : roleBit(u.role2));
  }
  return diversityOf({ firstRoles, allRoles });
}

function diversityOf(f: Pick<Forces, 'firstRoles' | 'allRoles'>): number {
  if (roleCount(f.firstRoles) >= DIVERSITY.bonusTypes) return DIVERSITY.bonusPercent;
  if (roleCount(f.allRoles) === 1) return DIVERSITY.singleTypePercent;
  return 0;
}

/** How the defender's modifiers stand against these attackers (RULES 5.5). */
export function flyingAttackers(attackers: readonly Pick<Unit, 'role' | 'role2'>[]): 'none' | 'some' | 'all' {
  return flyingShare({ units: attackers.length, flying: attackers.filter(isFlying).length });
}

function flyingShare({ units, flying }: Pick<Forces, 'units' | 'flying'>): 'none' | 'some' | 'all' {
  if (units > 0 && flying === units) return 'all';
  if (flying > 0 && flying * FLYING_HALVES_SHARE.denominator >= units * FLYING_HALVES_SHARE.numerator) {
    return 'some';
  }
  return 'none';
}

/** D-7: at least half the enemy's fighting units, by count, are immune to F and R results from spells. */
export function isMagicResistant(enemyUnits: readonly Pick<Unit, 'spellImmune'>[]): boolean {
  return magicResistant({
    units: enemyUnits.length,
    spellImmune: enemyUnits.filter((u) => u.spellImmune).length,
  });
}

function magicResistant({ units, spellImmune }: Pick<Forces, 'units' | 'spellImmune'>): boolean {
  if (units === 0) return false;
  return spellImmune * MAGIC_RESISTANCE_SHARE.denominator >= units * MAGIC_RESISTANCE_SHARE.numerator;
}

/** What a character's bonus depends on in a battle against these enemy forces. */
export const situationAgainst = (armyUnits: number, enemy: Forces): CharacterSituation => ({
  armyUnits,
  enemyUndead: enemy.undead,
  enemyMagicResistant: magicResistant(enemy),
});

function ticked(
  table: Record<string, SituationalModifier>,
  flags: Record<string, boolean>,
  rules: HouseRules,
): ModifierLine[] {
  return Object.entries(table)
    .filter(([key]) => flags[key])
    .map(([, m]) => situational(m, m.amount, rules));
}

function situational(
  m: SituationalModifier,
  amount: number,
  rules: HouseRules,
  label = m.label,
): ModifierLine {
  return m.measure === 'percent'
    ? { group: m.group, label, amount, measure: 'percent', source: 'ticked' }
    : terrainModifier(m.group, label, amount, rules);
}

/** Environment, terrain, defender and castle-assault figures: points, or percent by house rule (D-12). */
function terrainModifier(
  group: ModifierLine['group'],
  label: string,
  amount: number,
  rules: HouseRules,
  source: ModifierLine['source'] = 'ticked',
): ModifierLine {
  return {
    group,
    label,
    amount,
    measure: rules.terrainModifiersAs === 'percent' ? 'percent' : 'points',
    source,
  };
}

/** Every modifier of one side against the other (RULES 5): what is ticked, and what its forces bring. */
export function sideModifiers(
  c: SideCircumstances,
  enemy: SideCircumstances,
  own: { forces: Forces; base: number },
  foe: { forces: Forces; base: number },
  planEffect: PlanEffect,
  rules: HouseRules,
): ModifierLine[] {
  const lines: ModifierLine[] = [];
  const terrainLine = (
    group: ModifierLine['group'],
    label: string,
    amount: number,
    source?: ModifierLine['source'],
  ) => terrainModifier(group, label, amount, rules, source);

  const [ownSize, foeSize] =
    rules.troopRatioBy === 'units' ? [own.forces.units, foe.forces.units] : [own.base, foe.base];
  const ratio = troopRatioPercent(ownSize, foeSize);
  if (ratio !== 0) {
    const by = rules.troopRatioBy === 'units' ? 'units' : 'value';
    lines.push({
      group: 'Troop ratio',
      label: `${ownSize} : ${foeSize} ${by}`,
      amount: ratio,
      measure: 'percent',
      source: 'roster',
    });
  }

  lines.push(...ticked(MORALE_MODIFIERS, c.morale, rules));
  const environment = {
    ...c.environment,
    nightVision: c.environment.nightVision && !enemy.environment.nightVision,
  };
  lines.push(...ticked(ENVIRONMENT_MODIFIERS, environment, rules));
  lines.push(...ticked(TERRAIN_MODIFIERS, c.terrain, rules));

  if (c.defender) {
    const flying = flyingShare(foe.forces);
    if (flying !== 'all') {
      const share = flying === 'some' ? 0.5 : 1;
      const note = flying === 'some' ? ' (halved: flying attackers)' : '';
      for (const key of Object.keys(DEFENDER_MODIFIERS) as (keyof typeof DEFENDER_MODIFIERS)[]) {
        const m = DEFENDER_MODIFIERS[key];
        if (c.defense[key]) lines.push(situational(m, m.amount * share, rules, m.label + note));
      }
      if (c.castleLevel > 0) {
        lines.push(
          terrainLine(
            'Defender',
            `Castle level ${c.castleLevel}${note}`,
            c.castleLevel * PER_CASTLE_LEVEL * share,
          ),
        );
      }
    }
  }

  const assaultingCastle = !c.defender && enemy.defender && enemy.castleLevel > 0;
  if (assaultingCastle) {
    const artillerists = own.forces.artillery;
    if (artillerists > 0) {
      const amount = artillerists * CASTLE_ASSAULT.perArtilleristUnit;
      lines.push(
        terrainLine(
          'Castle assault',
          `${artillerists} artillerist unit${artillerists === 1 ? '' : 's'}`,
          amount,
          'roster',
        ),
      );
    }
    if (c.engineering) lines.push(terrainLine('Castle assault', 'Engineering', CASTLE_ASSAULT.engineering));
    if (c.siegecraft) lines.push(terrainLine('Castle assault', 'Siegecraft', CASTLE_ASSAULT.siegecraft));
  }

  const immunity = IMMUNITY_PERCENT[c.immunity];
  if (immunity !== 0) {
    lines.push({
      group: 'Immunity',
      label: c.immunity,
      amount: immunity,
      measure: 'percent',
      source: 'ticked',
    });
  }
  if (c.specialBonus) {
    lines.push({
      group: 'Special',
      label: 'Special bonus',
      amount: SPECIAL_BONUS_PERCENT,
      measure: 'percent',
      source: 'ticked',
    });
  }
  const diversity = diversityOf(own.forces);
  if (diversity !== 0) {
    const label = diversity > 0 ? 'Three or more general types (Role)' : 'A single general type (Role)';
    lines.push({ group: 'Diversity', label, amount: diversity, measure: 'percent', source: 'roster' });
  }
  const planPercent = planBattleValuePercent(planEffect);
  if (planPercent !== 0) {
    lines.push({
      group: 'Battle plan',
      label: c.plan,
      amount: planPercent,
      measure: 'percent',
      source: 'plan',
    });
  }
  return lines;
}
