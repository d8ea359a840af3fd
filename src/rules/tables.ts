// The source's tables as data. Figures are the published ones; see RULES.md for the readings.

/** A band of a stat: `from` up to `to` inclusive (`to` absent: and above) gives `modifier`. */
export interface StatBand {
  readonly from: number;
  readonly to?: number;
  readonly modifier: number;
}

/** Unit value modifiers by card stat (RULES 1). Stats not in a band add nothing. */
export const UNIT_STAT_BANDS = {
  melee: [
    { from: 3, to: 4, modifier: 1 },
    { from: 5, modifier: 2 },
  ],
  defense: [
    { from: 3, to: 4, modifier: 1 },
    { from: 5, modifier: 2 },
  ],
  missile: [
    { from: 1, to: 3, modifier: 1 },
    { from: 4, modifier: 2 },
  ],
  charge: [
    { from: 1, to: 5, modifier: 1 },
    { from: 6, modifier: 2 },
  ],
  morale: [
    { from: 1, to: 1, modifier: -1 },
    { from: 3, modifier: 1 },
  ],
  move: [{ from: 3, modifier: 1 }],
} as const satisfies Record<string, readonly StatBand[]>;

/** Hits: exactly 1 is -1; each hit over 2 is +1. */
export const HITS_BASELINE = 2;
export const ONE_HIT_MODIFIER = -1;
export const VULNERABILITY_MODIFIER = -1;
/** D-1: no unit is worth less than its base value. */
export const UNIT_BASE_VALUE = 1;

export const SPELLCASTING_LEVELS = ['None', 'Limited', 'Constant'] as const;
export type SpellcastingLevel = (typeof SPELLCASTING_LEVELS)[number];
export const SPELLCASTING_MODIFIER: Record<SpellcastingLevel, number> = { None: 0, Limited: 1, Constant: 2 };

export const UNIT_STATUSES = ['Ready', 'Routed', 'Destroyed', 'Captured'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** General unit types (RULES 5.9), in the words of the Role column. */
export const UNIT_ROLES = [
  'Melee',
  'Missile',
  'Mounted',
  'Artillery',
  'Flying melee',
  'Flying missile',
] as const;
export type UnitRole = (typeof UNIT_ROLES)[number];
export const FLYING_ROLES: readonly UnitRole[] = ['Flying melee', 'Flying missile'];

/** Muster: 2 GB for every 3 points of value or part of 3 (RULES 4). */
export const MUSTER_GB_PER_STEP = 2;
export const MUSTER_VALUE_STEP = 3;
/** Maintenance (RULES 4, D-9: the highest that applies). */
export const UPKEEP_GB = { basic: 1, mountedOrMercenary: 2, flyingOrElite: 3 } as const;
export const ELITE_VALUE = 9;

/** Character bonuses (RULES 3). */
export const CHARACTER_BONUS = {
  perWarriorLevel: 1,
  rogueLevelsPerPoint: 4,
  perUnitCommanded: 1,
  strategy: 5,
  perEnemyUndeadUnit: 1,
} as const;

/** Versatility by battle-spell categories known (RULES 3.1). */
export const VERSATILITY: readonly StatBand[] = [
  { from: 0, to: 2, modifier: -5 },
  { from: 3, to: 4, modifier: 0 },
  { from: 5, to: 6, modifier: 5 },
  { from: 7, to: 8, modifier: 7 },
];
export const MAX_SPELL_CATEGORIES = 8;
/** Enemy magic resistance: at least this share of the enemy's units immune cuts the caster's total by 25%. */
export const MAGIC_RESISTANCE_SHARE = { numerator: 1, denominator: 2 } as const;
export const MAGIC_RESISTANCE_KEEP_QUARTERS = 3;

/** Troop ratio (RULES 5.1): larger:smaller from `atLeast` (inclusive) up to the next row's (exclusive). */
export const TROOP_RATIO: readonly { readonly atLeast: number; readonly percent: number }[] = [
  { atLeast: 1.5, percent: 2 },
  { atLeast: 2, percent: 4 },
  { atLeast: 3, percent: 6 },
  { atLeast: 4, percent: 8 },
  { atLeast: 5, percent: 10 },
  { atLeast: 6, percent: 15 },
  { atLeast: 7, percent: 20 },
  { atLeast: 8, percent: 30 },
  { atLeast: 11, percent: 40 },
  { atLeast: 16, percent: 50 },
];

/** A situational modifier a user ticks: its amount, and whether it is a percent or points (D-12). */
export interface SituationalModifier {
  /** As the Battles sheet heads its column. */
  readonly label: string;
  /** The rule's own, longer wording. */
  readonly help: string;
  readonly group: 'Morale' | 'Environment' | 'Terrain' | 'Defender' | 'Castle assault' | 'Special';
  readonly amount: number;
  /** Percent always; `terrain` follows the house rule terrainModifiersAs. */
  readonly measure: 'percent' | 'terrain';
}

export const MORALE_MODIFIERS = {
  homeRealm: { label: 'Home Realm', help: 'Home realm', group: 'Morale', amount: 5, measure: 'percent' },
  beatenFoe: {
    label: 'Beaten Foe',
    help: 'Has beaten this foe',
    group: 'Morale',
    amount: 5,
    measure: 'percent',
  },
  foeExhausted: {
    label: 'Foe Exhausted',
    help: 'Foe used its full movement',
    group: 'Morale',
    amount: 10,
    measure: 'percent',
  },
  allyDefeated: {
    label: 'Ally Defeated',
    help: 'Friendly forces defeated this round',
    group: 'Morale',
    amount: -5,
    measure: 'percent',
  },
} as const satisfies Record<string, SituationalModifier>;

export const ENVIRONMENT_MODIFIERS = {
  favorable: {
    label: 'Favorable',
    help: 'Extremely favorable environment',
    group: 'Environment',
    amount: 10,
    measure: 'terrain',
  },
  unfavorable: {
    label: 'Unfavorable',
    help: 'Extremely unfavorable environment',
    group: 'Environment',
    amount: -10,
    measure: 'terrain',
  },
  nightVision: {
    label: 'Night Vision',
    help: 'Night vision in darkness',
    group: 'Environment',
    amount: 10,
    measure: 'terrain',
  },
} as const satisfies Record<string, SituationalModifier>;

export const TERRAIN_MODIFIERS = {
  higherGround: {
    label: 'Higher Ground',
    help: 'Higher altitude',
    group: 'Terrain',
    amount: 10,
    measure: 'terrain',
  },
  terrainAdvantage: {
    label: 'Terrain Advantage',
    help: 'Terrain advantages',
    group: 'Terrain',
    amount: 10,
    measure: 'terrain',
  },
  mountedInRough: {
    label: 'Mounted In Rough',
    help: 'Mounted troops in mountains, forest or castle',
    group: 'Terrain',
    amount: -10,
    measure: 'terrain',
  },
  mire: { label: 'Mire', help: 'Mire, marsh or mud', group: 'Terrain', amount: -10, measure: 'terrain' },
  shiftingGround: {
    label: 'Shifting Ground',
    help: 'Snow or sand',
    group: 'Terrain',
    amount: -5,
    measure: 'terrain',
  },
} as const satisfies Record<string, SituationalModifier>;

export const DEFENDER_MODIFIERS = {
  friendlyHolding: {
    label: 'Friendly Holding',
    help: 'Friendly holding',
    group: 'Defender',
    amount: 5,
    measure: 'terrain',
  },
  narrowPass: {
    label: 'Narrow Pass',
    help: 'Narrow pass, defile or bridge',
    group: 'Defender',
    amount: 20,
    measure: 'terrain',
  },
  riverCrossed: {
    label: 'River Crossed',
    help: 'Attacker crossed a river',
    group: 'Defender',
    amount: 15,
    measure: 'terrain',
  },
  roughTerrain: {
    label: 'Rough Terrain',
    help: 'Mountains, hills or rough terrain',
    group: 'Defender',
    amount: 10,
    measure: 'terrain',
  },
} as const satisfies Record<string, SituationalModifier>;
export const PER_CASTLE_LEVEL = 3;

export const CASTLE_ASSAULT = { perArtilleristUnit: 2, engineering: 2, siegecraft: 5 } as const;

/** Immunities (RULES 5.7): one per force. */
export const IMMUNITIES = ['None', 'Complete', '10%', 'Significant'] as const;
export type Immunity = (typeof IMMUNITIES)[number];
export const IMMUNITY_PERCENT: Record<Immunity, number> = {
  None: 0,
  Complete: 50,
  '10%': 20,
  Significant: 20,
};

export const SPECIAL_BONUS_PERCENT = 10;
export const DIVERSITY = { bonusTypes: 3, bonusPercent: 10, singleTypePercent: -10 } as const;
/** Flying attackers (RULES 5.5): at least this share halves the defender's modifiers. */
export const FLYING_HALVES_SHARE = { numerator: 1, denominator: 10 } as const;

/** Battle results (RULES 6): the difference from `from` up to `to` inclusive; D-14: the last row is 401+. */
export interface CasualtyBand {
  readonly from: number;
  readonly to: number;
  readonly label: string;
  readonly winnerPercent: number;
  readonly loserPercent: number;
}

const band = (from: number, to: number, winnerPercent: number, loserPercent: number): CasualtyBand => ({
  from,
  to,
  label: to === Number.POSITIVE_INFINITY ? `${from - 1}+` : `${from}-${to}`,
  winnerPercent,
  loserPercent,
});

export const CASUALTY_TABLE: readonly CasualtyBand[] = [
  band(1, 10, 70, 30),
  band(11, 15, 60, 30),
  band(16, 20, 70, 40),
  band(21, 25, 60, 40),
  band(26, 30, 70, 50),
  band(31, 35, 60, 50),
  band(36, 40, 50, 40),
  band(41, 45, 50, 50),
  band(46, 50, 50, 60),
  band(51, 55, 40, 40),
  band(56, 60, 40, 50),
  band(61, 70, 40, 60),
  band(71, 80, 30, 50),
  band(81, 95, 30, 60),
  band(96, 110, 20, 70),
  band(111, 130, 20, 60),
  band(131, 150, 10, 70),
  band(151, 200, 10, 80),
  band(201, 250, 10, 70),
  band(251, 300, 5, 80),
  band(301, 400, 5, 90),
  band(401, Number.POSITIVE_INFINITY, 5, 100),
];

/** The winner loses at least this share of the loser's casualty points, before its plan's Cas change. */
export const ATTRITION_PERCENT = 20;
export const DIE_SIDES = 100;

export const PLANS = [
  'Full charge',
  'Normal attack',
  'Encircle',
  'Trap',
  'Hold',
  'Withdraw',
  'No plan',
] as const;
export type Plan = (typeof PLANS)[number];

/** A plan's effect on one side: nothing, a battle value percent, a casualty rate change, or no battle. */
export type PlanEffect =
  | { readonly kind: 'none' }
  | { readonly kind: 'bv'; readonly percent: number }
  | { readonly kind: 'cas'; readonly percent: number }
  | { readonly kind: 'noBattle' };

const none: PlanEffect = { kind: 'none' };
const noBattle: PlanEffect = { kind: 'noBattle' };
const bv = (percent: number): PlanEffect => ({ kind: 'bv', percent });
const cas = (percent: number): PlanEffect => ({ kind: 'cas', percent });

/** The source's tactics table as printed: [side A plan, side B plan, effect for A, effect for B]. B-A is the mirror. */
export const TACTICS_TABLE: readonly (readonly [Plan, Plan, PlanEffect, PlanEffect])[] = [
  ['Full charge', 'Full charge', cas(20), cas(20)],
  ['Full charge', 'Normal attack', cas(20), bv(-10)],
  ['Full charge', 'Encircle', bv(5), cas(10)],
  ['Full charge', 'Trap', cas(20), bv(10)],
  ['Full charge', 'Hold', cas(20), bv(-15)],
  ['Full charge', 'Withdraw', bv(10), cas(30)],
  ['Full charge', 'No plan', cas(10), bv(-20)],
  ['Normal attack', 'Normal attack', cas(10), cas(10)],
  ['Normal attack', 'Encircle', cas(10), bv(-5)],
  ['Normal attack', 'Trap', cas(10), bv(5)],
  ['Normal attack', 'Hold', none, cas(-10)],
  ['Normal attack', 'Withdraw', bv(5), cas(20)],
  ['Normal attack', 'No plan', none, none],
  ['Encircle', 'Encircle', none, none],
  ['Encircle', 'Trap', cas(-10), bv(-10)],
  ['Encircle', 'Hold', bv(10), cas(20)],
  ['Encircle', 'Withdraw', bv(5), cas(-10)],
  ['Encircle', 'No plan', none, cas(30)],
  ['Trap', 'Trap', none, none],
  ['Trap', 'Hold', bv(-10), cas(-10)],
  ['Trap', 'Withdraw', cas(-10), cas(-10)],
  ['Trap', 'No plan', none, cas(10)],
  ['Hold', 'Hold', noBattle, noBattle],
  ['Hold', 'Withdraw', noBattle, noBattle],
  ['Hold', 'No plan', cas(-10), none],
  ['Withdraw', 'Withdraw', noBattle, noBattle],
  ['Withdraw', 'No plan', cas(-20), none],
  // Not printed in the source: two sides without plans fight as if plans did not exist.
  ['No plan', 'No plan', none, none],
];
