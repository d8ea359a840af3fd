// The campaign's settings (SHEETS.md Settings; house rules RULES D-11, D-12), each declared once: its row's name,
// the words it takes and what each reads as (or free text), its default, whether the rules take it and whether a
// change of it refuses a write the sidebar planned before (the settings' fingerprint). The Settings sheet is read
// into `Settings` by this list alone (src/sheets/settings.ts), so a new setting is its line here and its use.

/** A setting of words: the words a Settings row may hold (the dropdown set-up gives), each with what it reads as. */
interface WordsSetting {
  readonly name: string;
  readonly values: Readonly<Record<string, string>>;
  readonly default: string;
  readonly rule: boolean;
  readonly fingerprint: boolean;
}

/** A setting of free text ('' when blank or absent): set-up adds no row and no dropdown for it. */
interface TextSetting {
  readonly name: string;
  readonly values: 'text';
  readonly default: '';
  readonly rule: boolean;
  readonly fingerprint: boolean;
}

/** Every setting, in the order set-up adds their rows. */
export const SETTINGS = {
  troopRatioBy: {
    name: 'Troop Ratio By',
    values: { Units: 'units', Value: 'value' },
    default: 'Units',
    rule: true,
    fingerprint: true,
  },
  terrainModifiersAs: {
    name: 'Terrain Modifiers As',
    values: { Points: 'points', Percent: 'percent' },
    default: 'Points',
    rule: true,
    fingerprint: true,
  },
  /** Who rolls: the sidebar in the browser, or the server, each roll logged at once. */
  dice: {
    name: 'Dice',
    values: { Sidebar: 'Sidebar', Logged: 'Logged' },
    default: 'Sidebar',
    rule: false,
    fingerprint: true,
  },
  /** The season being played (Collect the season, TREASURY). */
  season: { name: 'Season', values: 'text', default: '', rule: false, fingerprint: false },
} as const satisfies Record<string, WordsSetting | TextSetting>;

type Declared = typeof SETTINGS;
export type SettingKey = keyof Declared;

/** What a setting reads as: one of its words' values, or its text. */
type ValueOf<S> = S extends { values: infer V } ? (V extends 'text' ? string : V[keyof V]) : never;

/** The settings read, one typed field a setting. */
export type Settings = { readonly [K in SettingKey]: ValueOf<Declared[K]> };

/** The settings the rules take (those declared `rule`), as each function of the rules is given them. */
export type HouseRules = {
  readonly [K in SettingKey as Declared[K]['rule'] extends true ? K : never]: ValueOf<Declared[K]>;
};

/** Who rolls (SHEETS.md `Dice`). */
export type DiceMode = Settings['dice'];

/** A setting's declaration, whichever its kind. */
export type Setting = WordsSetting | TextSetting;

/** The settings' keys in their declared order (worked out when asked: loading a script builds nothing). */
export const settingKeys = (): SettingKey[] => Object.keys(SETTINGS) as SettingKey[];

/** What a setting's default reads as. */
const defaultOf = (s: Setting): string => (s.values === 'text' ? '' : (s.values[s.default] ?? ''));

/** Every setting at its default: a campaign without a Settings sheet, or with its rows blank. */
export const defaultSettings = (): Settings =>
  Object.fromEntries(settingKeys().map((k) => [k, defaultOf(SETTINGS[k])])) as Settings;

/** The house rules of the settings read: the ones the rules take, in their declared order. */
export function houseRules(settings: Settings): HouseRules {
  return Object.fromEntries(
    settingKeys()
      .filter((k) => SETTINGS[k].rule)
      .map((k) => [k, settings[k]]),
  ) as unknown as HouseRules;
}

/** The house rules at their defaults. */
export const defaultHouseRules = (): HouseRules => houseRules(defaultSettings());

/** The settings whose change refuses a write planned before it, keyed in their declared order. */
export function fingerprinted(settings: Settings): Partial<Settings> {
  return Object.fromEntries(
    settingKeys()
      .filter((k) => SETTINGS[k].fingerprint)
      .map((k) => [k, settings[k]]),
  );
}
