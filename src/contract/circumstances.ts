// The circumstance checkboxes of RULES 5.2-5.5 and the Battles column of each: the sheet's parser, the
// sidebar's form and the server's writes all read this one map.
import type { SideCircumstances } from '../rules';

/** The Battles column of each checkbox of RULES 5.2-5.5, by its key in SideCircumstances. */
export const CIRCUMSTANCE_COLUMNS = {
  morale: {
    homeRealm: 'Home Realm',
    beatenFoe: 'Beaten Foe',
    foeExhausted: 'Foe Exhausted',
    allyDefeated: 'Ally Defeated',
  },
  environment: { favorable: 'Favorable', unfavorable: 'Unfavorable', nightVision: 'Night Vision' },
  terrain: {
    higherGround: 'Higher Ground',
    terrainAdvantage: 'Terrain Advantage',
    mountedInRough: 'Mounted In Rough',
    mire: 'Mire',
    shiftingGround: 'Shifting Ground',
  },
  defense: {
    friendlyHolding: 'Friendly Holding',
    narrowPass: 'Narrow Pass',
    riverCrossed: 'River Crossed',
    roughTerrain: 'Rough Terrain',
  },
} as const satisfies { [G in CircumstanceGroup]: Record<keyof SideCircumstances[G], string> };
export type CircumstanceGroup = 'morale' | 'environment' | 'terrain' | 'defense';
