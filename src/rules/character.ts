// Characters (RULES 3): what a character who goes with an army adds to it. Class bonuses (the best whole, the
// second half), spellcaster value (3.1), Battlewise, Strategy and turning undead; a priest facing undead casts or
// turns (D-6).
import { CHARACTER_BONUS, MAGIC_RESISTANCE_KEEP_QUARTERS, VERSATILITY } from './tables';
import { bandModifier, type ValueLine } from './unit';

export const PRIEST_USES = ['Best', 'Spells', 'Turning'] as const;
export type PriestUse = (typeof PRIEST_USES)[number];

/** A character who may accompany an army (RULES 3). Levels are 0 for a class the character lacks. */
export interface Character {
  readonly name: string;
  readonly army: string;
  readonly warrior: number;
  readonly rogue: number;
  readonly wizard: number;
  readonly priest: number;
  readonly battlewise: boolean;
  /** Units commanded, for Battlewise; absent: the fighting units of the character's army. */
  readonly commands?: number | undefined;
  readonly strategy: boolean;
  readonly turnsUndead: boolean;
  readonly priestUses: PriestUse;
  /** Slots per spell level, Wisdom bonus spells included. */
  readonly spellSlots: readonly number[];
  /** Battle spells known per spell level; absent: every level with slots counts. */
  readonly battleSpells?: readonly number[] | undefined;
  readonly categories: number;
  readonly research: number;
  readonly dSpells: number;
  readonly warSpells: number;
}

/** What a battle adds to a character's worth; a standing bonus has none of it. */
export interface CharacterSituation {
  /** Fighting units of the character's army, for Battlewise without Commands. */
  readonly armyUnits: number;
  /** Enemy undead units fighting in this battle. */
  readonly enemyUndead: number;
  /** At least half the enemy's fighting units are spell immune (D-7). */
  readonly enemyMagicResistant: boolean;
}

export const STANDING: (armyUnits: number) => CharacterSituation = (armyUnits) => ({
  armyUnits,
  enemyUndead: 0,
  enemyMagicResistant: false,
});

export const isSpellcaster = (c: Character): boolean => c.wizard > 0 || c.priest > 0;

/** Spell slots summed over the levels at which the caster knows at least one battle spell. */
export function spellSlotPoints(c: Pick<Character, 'spellSlots' | 'battleSpells'>): number {
  let sum = 0;
  c.spellSlots.forEach((slots, level) => {
    if (c.battleSpells === undefined || (c.battleSpells[level] ?? 0) >= 1) sum += slots;
  });
  return sum;
}

export const versatility = (categories: number): number => bandModifier(VERSATILITY, categories);
export const spellPower = (c: Pick<Character, 'research' | 'dSpells' | 'warSpells'>): number =>
  c.research + c.dSpells + c.warSpells;

/**
 * Spellcaster value (RULES 3.1): slots + versatility + spell power, never below 0 (D-8);
 * cut by 25% against a magic-resistant enemy. The cut is exact (quarters), as the source gives no rounding.
 */
export function spellcasterValue(c: Character, enemyMagicResistant = false): number {
  const value = Math.max(0, spellSlotPoints(c) + versatility(c.categories) + spellPower(c));
  return enemyMagicResistant ? (value * MAGIC_RESISTANCE_KEEP_QUARTERS) / 4 : value;
}

/** Best class bonus in full, the second at half rounded down (D-5), a third not at all. */
export function combineClassBonuses(bonuses: readonly number[]): number {
  const sorted = [...bonuses].sort((a, b) => b - a);
  return (sorted[0] ?? 0) + Math.floor((sorted[1] ?? 0) / 2);
}

export interface CharacterBonus {
  readonly total: number;
  readonly lines: readonly ValueLine[];
  /** Set when a priest faced undead: what he spent the battle on (D-6). */
  readonly priestChose?: 'Spells' | 'Turning';
}

function classBonuses(c: Character, spellValue: number): { label: string; bonus: number }[] {
  const classes: { label: string; bonus: number }[] = [];
  if (c.warrior > 0) classes.push({ label: 'Warrior', bonus: c.warrior * CHARACTER_BONUS.perWarriorLevel });
  if (c.rogue > 0)
    classes.push({ label: 'Rogue', bonus: Math.floor(c.rogue / CHARACTER_BONUS.rogueLevelsPerPoint) });
  if (isSpellcaster(c))
    classes.push({ label: c.priest > 0 ? 'Priest spells' : 'Wizard spells', bonus: spellValue });
  return classes;
}

function classLines(c: Character, spellValue: number): ValueLine[] {
  const classes = classBonuses(c, spellValue).sort((a, b) => b.bonus - a.bonus);
  const lines: ValueLine[] = [];
  if (classes[0]) lines.push({ label: classes[0].label, modifier: classes[0].bonus });
  if (classes[1])
    lines.push({ label: `${classes[1].label} (half)`, modifier: Math.floor(classes[1].bonus / 2) });
  return lines;
}

const sum = (lines: readonly ValueLine[]): number => lines.reduce((s, l) => s + l.modifier, 0);

/** A character's bonus to the army it is with (RULES 3). */
export function characterBonus(c: Character, situation: CharacterSituation): CharacterBonus {
  const extras: ValueLine[] = [];
  if (c.battlewise) {
    extras.push({
      label: 'Battlewise',
      modifier: (c.commands ?? situation.armyUnits) * CHARACTER_BONUS.perUnitCommanded,
    });
  }
  if (c.strategy) extras.push({ label: 'Strategy', modifier: CHARACTER_BONUS.strategy });
  const turning: ValueLine = {
    label: 'Turning undead',
    modifier: c.turnsUndead ? situation.enemyUndead * CHARACTER_BONUS.perEnemyUndeadUnit : 0,
  };

  const spells = spellcasterValue(c, situation.enemyMagicResistant);
  const withSpells = [...classLines(c, spells), ...extras];
  const priestFacesUndead = c.priest > 0 && c.turnsUndead && situation.enemyUndead > 0;
  if (!priestFacesUndead) {
    const lines = turning.modifier > 0 ? [...withSpells, turning] : withSpells;
    return { total: sum(lines), lines };
  }
  // D-6: a priest facing undead either casts or turns; a turning priest's spells count 0.
  const withTurning = [...classLines(c, 0), ...extras, turning];
  const choice =
    c.priestUses === 'Best' ? (sum(withTurning) > sum(withSpells) ? 'Turning' : 'Spells') : c.priestUses;
  const lines = choice === 'Turning' ? withTurning : withSpells;
  return { total: sum(lines), lines, priestChose: choice };
}
