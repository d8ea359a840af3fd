// A battle valued (RULES 2-5, 7): each side's base, its modifiers (modifiers.ts), its battle value, and the odds.
import { type Character, type CharacterBonus, characterBonus } from './character';
import { type Forces, forcesOf } from './forces';
import { type ModifierLine, type SideCircumstances, sideModifiers, situationAgainst } from './modifiers';
import { type BattleOdds, battleOdds } from './odds';
import { defaultHouseRules, type HouseRules } from './house-rules';
import { planCasualtyPercent, planEffects } from './plans';
import type { Plan, PlanEffect } from './tables';
import { nameKey } from './names';
import { type BattleUnit, isFighting } from './unit';

/** One side as it stands: its armies' units (any status) and characters, and what is ticked for it. */
export interface BattleSide {
  readonly label: string;
  readonly units: readonly BattleUnit[];
  readonly characters: readonly Character[];
  readonly circumstances: SideCircumstances;
}

/** A side's value in a battle, from its forces' sums. */
export interface SideTotals {
  /** Total value of the fighting units: what casualties are a share of (RULES 6.5). */
  readonly unitValue: number;
  /** Units plus characters (RULES 2). */
  readonly base: number;
  readonly modifiers: readonly ModifierLine[];
  /** Sum of percent modifiers, in percent. */
  readonly percent: number;
  /** Sum of point modifiers. */
  readonly points: number;
  readonly battleValue: number;
  readonly plan: Plan;
  readonly planEffect: PlanEffect;
  /** The plan's change to this side's casualty rates, in percentage points. */
  readonly cas: number;
}

/** A side's value with the units and characters it came from. */
export interface SideValue extends SideTotals {
  readonly fightingUnits: readonly BattleUnit[];
  readonly characters: readonly { readonly character: Character; readonly bonus: CharacterBonus }[];
}

export interface BattleTotals {
  readonly a: SideTotals;
  readonly b: SideTotals;
  /** The plans rule out a battle (RULES 5.10). */
  readonly noBattle: boolean;
  /** Absent when there is no battle. */
  readonly odds?: BattleOdds;
}

export interface BattleEvaluation extends BattleTotals {
  readonly a: SideValue;
  readonly b: SideValue;
}

/** A side reduced to what its value depends on: its forces, its characters' bonus, what is ticked for it. */
export interface ForceSide {
  readonly forces: Forces;
  /** The characters' total bonus in a battle against these enemy forces (RULES 3). */
  characterBonus(enemy: Forces): number;
  readonly circumstances: SideCircumstances;
}

/**
 * Battle value (D-10): base + base * percent / 100 + points, halves rounded up, never below 0.
 * Worked in integers (base in quarters, percent and points in halves) so that a half is exactly a half.
 */
export function battleValue(base: number, percent: number, points: number): number {
  const base4 = exact(base * 4, 'base');
  const percent2 = exact(percent * 2, 'percent');
  const points2 = exact(points * 2, 'points');
  const eighthHundreds = base4 * (200 + percent2) + 400 * points2; // the value times 800
  if (!Number.isSafeInteger(eighthHundreds)) {
    throw new RangeError(`battle value out of range (base ${base}, percent ${percent}, points ${points})`);
  }
  return Math.max(0, Math.floor((eighthHundreds + 400) / 800));
}

function exact(scaled: number, what: string): number {
  if (!Number.isFinite(scaled)) throw new RangeError(`${what} ${scaled} is not a finite number`);
  const n = Math.round(scaled);
  if (Math.abs(n - scaled) > 1e-9) throw new Error(`${what} ${scaled} is finer than the rules allow`);
  return n;
}

/** Each character of a side with its bonus against the enemy; Battlewise counts its own army's fighting units. */
function characterValues(side: BattleSide, enemy: Forces) {
  const fighting = new Map<string, number>();
  for (const u of side.units) {
    if (!isFighting(u)) continue;
    const key = nameKey(u.army);
    fighting.set(key, (fighting.get(key) ?? 0) + 1);
  }
  return side.characters.map((character) => ({
    character,
    bonus: characterBonus(character, situationAgainst(fighting.get(nameKey(character.army)) ?? 0, enemy)),
  }));
}

/** Both sides' battle values, every modifier line and the exact odds, from the sides' forces (RULES 2-5, 7). */
export function evaluateForces(
  a: ForceSide,
  b: ForceSide,
  rules: HouseRules = defaultHouseRules(),
): BattleTotals {
  const baseA = { forces: a.forces, base: a.forces.value + a.characterBonus(b.forces) };
  const baseB = { forces: b.forces, base: b.forces.value + b.characterBonus(a.forces) };
  const [effectA, effectB] = planEffects(a.circumstances.plan, b.circumstances.plan);
  const side = (
    s: ForceSide,
    own: typeof baseA,
    foe: typeof baseB,
    enemy: ForceSide,
    effect: PlanEffect,
  ): SideTotals => {
    const modifiers = sideModifiers(s.circumstances, enemy.circumstances, own, foe, effect, rules);
    const percent = modifiers.filter((m) => m.measure === 'percent').reduce((t, m) => t + m.amount, 0);
    const points = modifiers.filter((m) => m.measure === 'points').reduce((t, m) => t + m.amount, 0);
    return {
      unitValue: own.forces.value,
      base: own.base,
      modifiers,
      percent,
      points,
      battleValue: battleValue(own.base, percent, points),
      plan: s.circumstances.plan,
      planEffect: effect,
      cas: planCasualtyPercent(effect),
    };
  };
  const sideA = side(a, baseA, baseB, b, effectA);
  const sideB = side(b, baseB, baseA, a, effectB);
  if (effectA.kind === 'noBattle') return { a: sideA, b: sideB, noBattle: true };
  const odds = battleOdds({
    valueA: sideA.battleValue,
    valueB: sideB.battleValue,
    casA: sideA.cas,
    casB: sideB.cas,
    unitsA: sideA.unitValue,
    unitsB: sideB.unitValue,
  });
  return { a: sideA, b: sideB, noBattle: false, odds };
}

/** Both sides' battle values, every modifier line, and the exact odds (RULES 2-5, 7), with their units. */
export function evaluateBattle(
  a: BattleSide,
  b: BattleSide,
  rules: HouseRules = defaultHouseRules(),
): BattleEvaluation {
  const [forcesA, forcesB] = [forcesOf(a.units), forcesOf(b.units)];
  const charactersA = characterValues(a, forcesB);
  const charactersB = characterValues(b, forcesA);
  const bonus = (list: typeof charactersA) => () => list.reduce((s, c) => s + c.bonus.total, 0);
  const totals = evaluateForces(
    { forces: forcesA, characterBonus: bonus(charactersA), circumstances: a.circumstances },
    { forces: forcesB, characterBonus: bonus(charactersB), circumstances: b.circumstances },
    rules,
  );
  const detail = (s: BattleSide, t: SideTotals, characters: typeof charactersA): SideValue => ({
    fightingUnits: s.units.filter(isFighting),
    ...t,
    characters,
  });
  return {
    ...totals,
    a: detail(a, totals.a, charactersA),
    b: detail(b, totals.b, charactersB),
  };
}
