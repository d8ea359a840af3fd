// What the side form offers, built in the browser from the rules' own tables and the Battles column map: the
// circumstance checkboxes by group (with the amounts as the house rules count them), plans, immunities.
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup } from '../contract/circumstances';
import {
  CASTLE_ASSAULT,
  DEFENDER_MODIFIERS,
  ENVIRONMENT_MODIFIERS,
  defined,
  type HouseRules,
  IMMUNITIES,
  IMMUNITY_PERCENT,
  type Immunity,
  MORALE_MODIFIERS,
  PER_CASTLE_LEVEL,
  PLANS,
  type Plan,
  type SituationalModifier,
  SPECIAL_BONUS_PERCENT,
  TERRAIN_MODIFIERS,
} from '../rules';
import { signed } from './format';

export type { CircumstanceGroup };

export interface CircumstanceOption {
  /** Key within its group of SideCircumstances, e.g. "homeRealm". */
  readonly key: string;
  readonly label: string;
  /** The Battles column that holds it, e.g. "Home Realm". */
  readonly column: string;
  /** As the house rules count it: "+5%", "−10". */
  readonly amount: string;
}

export interface CircumstanceGroupView {
  readonly key: CircumstanceGroup;
  readonly title: string;
  /** The RULES section, e.g. "5.2". */
  readonly section: string;
  readonly options: readonly CircumstanceOption[];
}

export interface Catalogue {
  readonly groups: readonly CircumstanceGroupView[];
  readonly plans: readonly Plan[];
  readonly immunities: readonly { readonly value: Immunity; readonly label: string }[];
  readonly castle: {
    readonly perLevel: number;
    readonly perArtillerist: number;
    readonly engineering: number;
    readonly siegecraft: number;
  };
  readonly specialBonusPercent: number;
}

const TABLES: { readonly [G in CircumstanceGroup]: Record<string, SituationalModifier> } = {
  morale: MORALE_MODIFIERS,
  environment: ENVIRONMENT_MODIFIERS,
  terrain: TERRAIN_MODIFIERS,
  defense: DEFENDER_MODIFIERS,
};

const TITLES: { readonly [G in CircumstanceGroup]: readonly [string, string] } = {
  morale: ['Morale', '5.2'],
  environment: ['Environment', '5.3'],
  terrain: ['Terrain', '5.4'],
  defense: ['Defender', '5.5'],
};

export const CIRCUMSTANCE_GROUPS = Object.keys(CIRCUMSTANCE_COLUMNS) as CircumstanceGroup[];

export function catalogue(rules: HouseRules): Catalogue {
  const groups = CIRCUMSTANCE_GROUPS.map((key) => {
    const columns: Record<string, string> = CIRCUMSTANCE_COLUMNS[key];
    return {
      key,
      title: TITLES[key][0],
      section: TITLES[key][1],
      options: Object.entries(columns).map(([k, column]) => {
        const m = defined(TABLES[key][k], `the ${key} modifier "${k}" of the rules`);
        const inPercent = m.measure === 'percent' || rules.terrainModifiersAs === 'percent';
        return { key: k, label: m.label, column, amount: `${signed(m.amount)}${inPercent ? '%' : ''}` };
      }),
    };
  });
  return {
    groups,
    plans: [...PLANS],
    immunities: IMMUNITIES.map((value) => ({
      value,
      label: value === 'None' ? 'None' : `${value} (+${IMMUNITY_PERCENT[value]}%)`,
    })),
    castle: {
      perLevel: PER_CASTLE_LEVEL,
      perArtillerist: CASTLE_ASSAULT.perArtilleristUnit,
      engineering: CASTLE_ASSAULT.engineering,
      siegecraft: CASTLE_ASSAULT.siegecraft,
    },
    specialBonusPercent: SPECIAL_BONUS_PERCENT,
  };
}
