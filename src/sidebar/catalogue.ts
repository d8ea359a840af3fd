// What the side form offers, built in the browser from the rules' own tables and the Battles column map: the
// circumstance checkboxes by group (with the amounts as the house rules count them), plans, immunities.
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup, circumstanceColumns } from '../contract/circumstances';
import {
  CASTLE_ASSAULT,
  defined,
  type HouseRules,
  IMMUNITIES,
  IMMUNITY_PERCENT,
  type Immunity,
  PER_CASTLE_LEVEL,
  PLANS,
  type Plan,
  type SituationalModifier,
  SPECIAL_BONUS_PERCENT,
} from '../rules';
import { signed } from './format';

export type { CircumstanceGroup };

export interface CircumstanceOption {
  /** Key within its group of SideCircumstances, e.g. "homeRealm". */
  readonly key: string;
  /** The Battles sheet's header of its column, e.g. "Higher Ground". */
  readonly label: string;
  /** The rule's own wording when it says more than the header, e.g. "Higher altitude"; else "". */
  readonly help: string;
  /** The Battles column that holds it, e.g. "Home Realm". */
  readonly column: string;
  /** As the house rules count it: "+5%", "−10". */
  readonly amount: string;
}

export interface CircumstanceGroupView {
  readonly key: CircumstanceGroup;
  readonly title: string;
  /** What the group is, in words. */
  readonly help: string;
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

const TITLES: { readonly [G in CircumstanceGroup]: readonly [string, string] } = {
  morale: ['Morale', 'How the troops stand this round: a percent of the side’s base value.'],
  environment: ['Environment', 'Weather, light and climate that favor or hinder this side.'],
  terrain: ['Terrain', 'The ground this side fights on.'],
  defense: ['Defender', 'Ground that helps the side that defends: these count only for the defender.'],
};

/** The other groups of the form, in words. */
export const GROUP_HELP = {
  assault:
    'A castle helps its defender by its level; an attacker’s artillery units and siege skills help it back.',
  immunity: 'A force the foe’s weapons or spells cannot harm adds a share of its base value.',
  special: 'A bonus the game master grants for a clear edge, such as pikemen against cavalry.',
} as const;

export const CIRCUMSTANCE_GROUPS = Object.keys(CIRCUMSTANCE_COLUMNS) as CircumstanceGroup[];

export function catalogue(rules: HouseRules): Catalogue {
  const groups = CIRCUMSTANCE_GROUPS.map((key) => {
    const table: Record<string, SituationalModifier> = CIRCUMSTANCE_COLUMNS[key];
    return {
      key,
      title: TITLES[key][0],
      help: TITLES[key][1],
      options: circumstanceColumns(key).map(([k, column]) => {
        const m = defined(table[k], `the ${key} modifier "${k}" of the rules`);
        const inPercent = m.measure === 'percent' || rules.terrainModifiersAs === 'percent';
        const help = m.help.toLowerCase() === m.label.toLowerCase() ? '' : m.help;
        return { key: k, label: m.label, help, column, amount: `${signed(m.amount)}${inPercent ? '%' : ''}` };
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
