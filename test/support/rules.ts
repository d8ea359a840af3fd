// Test fixtures and a small oracle written from RULES.md and the published rule text, not from src/.
import {
  type BattleSide,
  battleUnit,
  type Character,
  DEFENDER_MODIFIERS,
  ENVIRONMENT_MODIFIERS,
  MORALE_MODIFIERS,
  type SideCircumstances,
  TERRAIN_MODIFIERS,
  type Unit,
  type UnitCard,
} from '../../src/rules';

/** A card worth exactly 1: every stat in its neutral band (RULES 1). */
export const card = (over: Partial<UnitCard> = {}): UnitCard => ({
  move: 1,
  melee: 2,
  missile: 0,
  defense: 2,
  charge: 0,
  morale: 2,
  hits: 2,
  specials: 0,
  specialMoves: 0,
  vulnerable: false,
  spellcasting: 'None',
  realmSpells: 0,
  ...over,
});

export const unit = (over: Partial<Unit> = {}): Unit => ({
  ...card(),
  name: 'Unit',
  army: 'A',
  role: 'Melee',
  mercenary: false,
  undead: false,
  spellImmune: false,
  status: 'Ready',
  ...over,
});

/** `n` copies of a unit. */
export const units = (n: number, over: Partial<Unit> = {}): Unit[] =>
  Array.from({ length: n }, (_, i) => unit({ name: `U${i + 1}`, ...over }));

/** A unit worth exactly `value` (through an override, D-3). */
export const worth = (value: number, over: Partial<Unit> = {}): Unit => unit({ override: value, ...over });

export const character = (over: Partial<Character> = {}): Character => ({
  name: 'Character',
  army: 'A',
  warrior: 0,
  rogue: 0,
  wizard: 0,
  priest: 0,
  battlewise: false,
  strategy: false,
  turnsUndead: false,
  priestUses: 'Best',
  spellSlots: [],
  categories: 0,
  research: 0,
  dSpells: 0,
  warSpells: 0,
  ...over,
});

type DeepPartialCircumstances = {
  [K in keyof SideCircumstances]?: SideCircumstances[K] extends object
    ? Partial<SideCircumstances[K]>
    : SideCircumstances[K];
};

/** Each box of a rules table unticked: the keys are the rules' own, so a circumstance added there is here too. */
const unticked = <T extends object>(table: T): { readonly [K in keyof T]: boolean } =>
  Object.fromEntries(Object.keys(table).map((key) => [key, false])) as { readonly [K in keyof T]: boolean };

/** Nothing ticked, no plan. */
export function circumstances(over: DeepPartialCircumstances = {}): SideCircumstances {
  return {
    defender: over.defender ?? false,
    morale: { ...unticked(MORALE_MODIFIERS), ...over.morale },
    environment: { ...unticked(ENVIRONMENT_MODIFIERS), ...over.environment },
    terrain: { ...unticked(TERRAIN_MODIFIERS), ...over.terrain },
    defense: { ...unticked(DEFENDER_MODIFIERS), ...over.defense },
    castleLevel: over.castleLevel ?? 0,
    engineering: over.engineering ?? false,
    siegecraft: over.siegecraft ?? false,
    immunity: over.immunity ?? 'None',
    specialBonus: over.specialBonus ?? false,
    plan: over.plan ?? 'No plan',
  };
}

export const side = (
  label: string,
  sideUnits: readonly Unit[],
  over: DeepPartialCircumstances = {},
  characters: readonly Character[] = [],
): BattleSide => ({
  label,
  units: sideUnits.map(battleUnit),
  characters,
  circumstances: circumstances(over),
});

// ---- The source's battle results table, transcribed by hand from warcard-rules-source.txt (D-14: 400+ = 401+).

/** [from, to, winner's %, loser's %] */
export const SOURCE_CASUALTIES: readonly (readonly [number, number, number, number])[] = [
  [1, 10, 70, 30],
  [11, 15, 60, 30],
  [16, 20, 70, 40],
  [21, 25, 60, 40],
  [26, 30, 70, 50],
  [31, 35, 60, 50],
  [36, 40, 50, 40],
  [41, 45, 50, 50],
  [46, 50, 50, 60],
  [51, 55, 40, 40],
  [56, 60, 40, 50],
  [61, 70, 40, 60],
  [71, 80, 30, 50],
  [81, 95, 30, 60],
  [96, 110, 20, 70],
  [111, 130, 20, 60],
  [131, 150, 10, 70],
  [151, 200, 10, 80],
  [201, 250, 10, 70],
  [251, 300, 5, 80],
  [301, 400, 5, 90],
  [401, Number.POSITIVE_INFINITY, 5, 100],
];

export function sourceRates(difference: number): { winner: number; loser: number; row: number } {
  const row = SOURCE_CASUALTIES.findIndex(([from, to]) => difference >= from && difference <= to);
  const found = SOURCE_CASUALTIES[row];
  if (!found) throw new Error(`no casualty row for ${difference}`);
  const [, , winner, loser] = found;
  return { winner, loser, row };
}

const clamp = (p: number) => Math.min(100, Math.max(0, p));
/** D-15 in integers: rate% of units, halves up. */
export const pointsOf = (rate: number, unitTotal: number) => Math.floor((rate * unitTotal + 50) / 100);

/** RULES 6 from the text: the result of one pair of totals, or undefined on a tie. */
export function oracleResult(
  totalA: number,
  totalB: number,
  casA: number,
  casB: number,
  unitsA: number,
  unitsB: number,
) {
  if (totalA === totalB) return undefined;
  const aWins = totalA > totalB;
  const { winner, loser, row } = sourceRates(Math.abs(totalA - totalB));
  const rateA = clamp((aWins ? winner : loser) + casA);
  const rateB = clamp((aWins ? loser : winner) + casB);
  let pointsA = pointsOf(rateA, unitsA);
  let pointsB = pointsOf(rateB, unitsB);
  if (aWins) pointsA = Math.min(unitsA, Math.max(pointsA, pointsOf(clamp(20 + casA), pointsB)));
  else pointsB = Math.min(unitsB, Math.max(pointsB, pointsOf(clamp(20 + casB), pointsA)));
  return { aWins, row, rateA, rateB, pointsA, pointsB };
}

/** Every one of the 10,000 pairs of d100 rolls, ties left out: counts of wins, by brute force. */
export function bruteForceWins(valueA: number, valueB: number): { a: number; b: number; ties: number } {
  let a = 0;
  let b = 0;
  let ties = 0;
  for (let ra = 1; ra <= 100; ra++) {
    for (let rb = 1; rb <= 100; rb++) {
      const ta = valueA + ra;
      const tb = valueB + rb;
      if (ta > tb) a++;
      else if (ta < tb) b++;
      else ties++;
    }
  }
  return { a, b, ties };
}
