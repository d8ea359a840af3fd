// Each column of the Units, Characters and Battles sheets declared once (SHEETS.md "Tables" and "Numbers"): its
// header, what it holds, what a blank means, and its help. The number parsers' ranges, set-up's validations and
// formats, the sidebar's field checks and the README's tables derive from these; platform-free, so both sides do.
import {
  IMMUNITIES,
  MAX_SPELL_CATEGORIES,
  PRIEST_USES,
  SPELLCASTING_LEVELS,
  UNIT_ROLES,
  UNIT_STATUSES,
} from '../rules';
import type { CircumstanceHeader } from './circumstances';
import { PLAN_WORDS } from './seal';

/** What a number cell may hold (SHEETS.md "Numbers"): from min to max, whole numbers only when `whole`. */
export interface NumberRange {
  readonly min: number;
  readonly max: number;
  readonly whole: boolean;
}

/** The Units sheet's headers, in the order set-up writes them. */
export const UNIT_HEADERS = [
  'Unit',
  'Army',
  'Type',
  'Role',
  'Role 2',
  'Move',
  'Melee',
  'Missile',
  'Defense',
  'Charge',
  'Morale',
  'Hits',
  'Specials',
  'Special Moves',
  'Vulnerable',
  'Spellcasting',
  'Realm Spells',
  'Mercenary',
  'Undead',
  'Spell Immune',
  'Override',
  'Status',
] as const;
export type UnitHeader = (typeof UNIT_HEADERS)[number];

/**
 * A unit's card: the Units columns a Library row gives (Role to Override), the same on every unit of a Type; not
 * the unit's own name, army, type or status. Warcard → Fill units from the Library writes these.
 */
export const CARD_HEADERS = UNIT_HEADERS.slice(
  UNIT_HEADERS.indexOf('Role'),
  UNIT_HEADERS.indexOf('Override') + 1,
) as readonly UnitHeader[];

/** The Characters sheet's headers, in the order set-up writes them. */
export const CHARACTER_HEADERS = [
  'Character',
  'Army',
  'Warrior',
  'Rogue',
  'Wizard',
  'Priest',
  'Battlewise',
  'Commands',
  'Strategy',
  'Turns Undead',
  'Priest Uses',
  'Spell Slots',
  'Battle Spells',
  'Categories',
  'Research',
  'D Spells',
  'War Spells',
] as const;
export type CharacterHeader = (typeof CHARACTER_HEADERS)[number];

/** The Battles sheet's headers, in the order set-up writes them. */
export const BATTLE_HEADERS = [
  'Battle',
  'Side',
  'Armies',
  'Defender',
  'Home Realm',
  'Beaten Foe',
  'Foe Exhausted',
  'Ally Defeated',
  'Favorable',
  'Unfavorable',
  'Night Vision',
  'Higher Ground',
  'Terrain Advantage',
  'Mounted In Rough',
  'Mire',
  'Shifting Ground',
  'Friendly Holding',
  'Narrow Pass',
  'River Crossed',
  'Rough Terrain',
  'Castle Level',
  'Engineering',
  'Siegecraft',
  'Immunity',
  'Special Bonus',
  'Plan',
  'Roll',
  'Fought',
  'Sealed',
] as const;
export type BattleHeader = (typeof BATTLE_HEADERS)[number];
/**
 * Every circumstance checkbox of the rules' tables has its Battles column: a label missing from BATTLE_HEADERS
 * fails the type check here, naming it ("does not satisfy the constraint").
 */
export type PlacedCircumstance<H extends BattleHeader = CircumstanceHeader> = H;

/** What a column holds. */
export type ColumnKind =
  | { readonly kind: 'number'; readonly range: NumberRange }
  /** Numbers per spell level written as text, `4/2/1`, each in the range. */
  | { readonly kind: 'levels'; readonly range: NumberRange }
  | { readonly kind: 'words'; readonly words: readonly string[] }
  | { readonly kind: 'checkbox' }
  | { readonly kind: 'text' }
  /** An army's name: text without a comma, since the Armies cell of a battle lists armies separated by commas. */
  | { readonly kind: 'army' };

/** A column: its kind, what it holds in words, and what a blank cell means ('' when nothing to say). */
export type Column = ColumnKind & { readonly content: string; readonly blank: string };

const whole = (min: number, max: number): NumberRange => ({ min, max, whole: true });
const COUNT = whole(0, 1_000);
const LEVELS = whole(0, 100);

const number = (range: NumberRange, content: string, blank: string) =>
  ({ kind: 'number', range, content, blank }) as const;
const count = (content: string) => number(COUNT, content, '0');
const words = (list: readonly string[], blank: string, content = '') =>
  ({ kind: 'words', words: list, content, blank }) as const;
const checkbox = (content = '') => ({ kind: 'checkbox', content, blank: 'false' }) as const;
const text = (content: string, blank = '') => ({ kind: 'text', content, blank }) as const;
const army = (content: string, blank = '') => ({ kind: 'army', content, blank }) as const;

export const UNIT_COLUMNS = {
  Unit: text('name', 'the row is blank only if every cell is'),
  Army: army('the army it belongs to', 'no army'),
  Type: text('free text, e.g. Knights'),
  Role: words(UNIT_ROLES, 'required'),
  'Role 2': words(UNIT_ROLES, 'none', 'a second function (RULES 5.9)'),
  Move: count(''),
  Melee: count(''),
  Missile: count(''),
  Defense: count(''),
  Charge: count(''),
  Morale: number(whole(1, 1_000), 'the morale icons on the card', 'required'),
  Hits: number(whole(1, 1_000), 'the strength steps on the card', 'required'),
  Specials: count('special abilities'),
  'Special Moves': count('special movement abilities'),
  Vulnerable: checkbox('constant special vulnerability'),
  Spellcasting: words(SPELLCASTING_LEVELS, 'None'),
  'Realm Spells': count('realm spells on the unit'),
  Mercenary: checkbox(),
  Undead: checkbox(),
  'Spell Immune': checkbox('immune to F and R results from spells'),
  Override: number(whole(1, 1_000_000), 'a value that replaces the computed one', 'computed'),
  Status: words(UNIT_STATUSES, 'Ready'),
} as const satisfies Record<UnitHeader, Column>;

export const CHARACTER_COLUMNS = {
  Character: text('name'),
  Army: army('the army the character is with'),
  Warrior: number(LEVELS, 'Warrior levels', '0'),
  Rogue: number(LEVELS, 'Rogue levels', '0'),
  Wizard: number(LEVELS, 'Wizard levels', '0'),
  Priest: number(LEVELS, 'Priest levels', '0'),
  Battlewise: checkbox(),
  Commands: number(
    whole(0, 1_000_000),
    'units commanded, for Battlewise',
    'the fighting units of the character’s army',
  ),
  Strategy: checkbox('Strategy NWP'),
  'Turns Undead': checkbox(),
  'Priest Uses': words(PRIEST_USES, 'Best'),
  'Spell Slots': {
    kind: 'levels',
    range: COUNT,
    content: 'slots per spell level, e.g. 4/2/1',
    blank: 'none',
  },
  'Battle Spells': {
    kind: 'levels',
    range: COUNT,
    content: 'battle spells known per level, e.g. 2/1/0',
    blank: 'every level with slots counts',
  },
  Categories: number(whole(0, MAX_SPELL_CATEGORIES), 'battle-spell categories known', '0'),
  Research: count('battle-spell improvements'),
  'D Spells': count('D Spells known'),
  'War Spells': count('War Spells known'),
} as const satisfies Record<CharacterHeader, Column>;

export const BATTLE_COLUMNS = {
  Battle: text('the battle’s name; exactly two rows share it', 'required'),
  Side: text('a label for the side', 'Side A or Side B'),
  Armies: text('the armies on this side, comma-separated', 'required'),
  Defender: checkbox(),
  'Home Realm': checkbox(),
  'Beaten Foe': checkbox(),
  'Foe Exhausted': checkbox(),
  'Ally Defeated': checkbox(),
  Favorable: checkbox(),
  Unfavorable: checkbox(),
  'Night Vision': checkbox(),
  'Higher Ground': checkbox(),
  'Terrain Advantage': checkbox(),
  'Mounted In Rough': checkbox(),
  Mire: checkbox(),
  'Shifting Ground': checkbox(),
  'Friendly Holding': checkbox(),
  'Narrow Pass': checkbox(),
  'River Crossed': checkbox(),
  'Rough Terrain': checkbox(),
  'Castle Level': number(whole(0, 100), 'the defender’s castle', '0'),
  Engineering: checkbox(),
  Siegecraft: checkbox(),
  Immunity: words(IMMUNITIES, 'None'),
  'Special Bonus': checkbox(),
  Plan: words(PLAN_WORDS, 'No plan', '`Sealed` while the side’s plan is sealed (the sidebar writes it)'),
  Roll: number(whole(1, 100), 'the d100 rolled', 'not rolled yet'),
  Fought: text('the battle as applied, written by the sidebar', 'not applied yet'),
  Sealed: text(
    'the side’s sealed plan’s commitment, written by the sidebar (the plan and salt after the reveal)',
    'not sealed',
  ),
} as const satisfies Record<BattleHeader, Column>;

type Columns = typeof UNIT_COLUMNS & typeof CHARACTER_COLUMNS & typeof BATTLE_COLUMNS;
/** The headers of columns holding numbers (one number, or one per spell level). */
export type NumberColumn = {
  [H in keyof Columns]: Columns[H] extends { readonly range: NumberRange } ? H : never;
}[keyof Columns];

/** A column's help, as set-up's validation shows it: e.g. "Hits: the strength steps on the card, …". */
export function columnHelp(header: string, column: Column, range: string | undefined): string {
  const what = [column.content, range].filter((s) => s !== undefined && s !== '').join(', ');
  const blank =
    column.blank === 'required'
      ? ' (required)'
      : column.blank === '' || column.blank === 'false'
        ? ''
        : ` (blank: ${column.blank})`;
  return `${header}: ${what}${blank}`;
}

/** Gold bars a realm collects or pays in a season (SHEETS.md "Realms and Treasury"): whole GB. */
const GB = whole(0, 1_000_000);
/** Gold bars signed: a treasury's start, or a ledger row's Other. */
const SIGNED_GB = whole(-1_000_000, 1_000_000);

/** The Realms sheet's headers, in the order set-up writes them. */
export const REALM_HEADERS = ['Realm', 'Armies', 'Income', 'Start'] as const;
export type RealmHeader = (typeof REALM_HEADERS)[number];

export const REALM_COLUMNS = {
  Realm: text('the realm’s name', 'no record'),
  Armies: text('the armies the realm pays for, comma-separated', 'none'),
  Income: number(GB, 'GB the realm collects each season (taxes, holdings)', '0'),
  Start: number(SIGNED_GB, 'GB in the treasury before the first season', '0'),
} as const satisfies Record<RealmHeader, Column>;

/** The Treasury sheet's headers (the ledger), in the order set-up writes them. */
export const TREASURY_HEADERS = [
  'Season',
  'Realm',
  'Income',
  'Upkeep',
  'Muster',
  'Other',
  'Note',
  'Entry',
  'By',
] as const;
export type TreasuryHeader = (typeof TREASURY_HEADERS)[number];

export const TREASURY_COLUMNS = {
  Season: text('the season’s label, as in Settings Season', 'required'),
  Realm: text('the realm', 'required'),
  Income: number(GB, 'GB in', '0'),
  Upkeep: number(GB, 'GB paid out for upkeep', '0'),
  Muster: number(GB, 'GB paid out for muster', '0'),
  Other: number(SIGNED_GB, 'GB in (+) or out (−) for anything else', '0'),
  Note: text('words, e.g. the units mustered, a shortfall'),
  Entry: text('the Log entry that wrote the row, written by Warcard', 'a row typed by hand'),
  By: text('who made the entry, written by Warcard', 'a row typed by hand'),
} as const satisfies Record<TreasuryHeader, Column>;

/**
 * Units' optional `Mustered` column (SHEETS.md): the season a unit was mustered in, paid for when that season is
 * collected. Read by the treasury only, so it is not among the headers set-up writes on every Units sheet.
 */
export const MUSTERED_COLUMN = text('the season the unit was mustered in', 'before the campaign');
