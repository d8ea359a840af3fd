// What the set-up writes into empty tables: the reference unit library (RULES.md section 1) and a sample war
// between two invented realms, Elinvaire and Ghorvant, with one battle prepared at Greywater Ford. Built only
// when set-up asks: the script loads on every formula call, and nothing here is for formulas.
import type { UnitRole } from '../../rules';
import type {
  BATTLE_HEADERS,
  CHARACTER_HEADERS,
  REALM_HEADERS,
  TREASURY_HEADERS,
  UNIT_HEADERS,
} from '../../contract/columns';

type Record_<H extends string> = Readonly<Partial<Record<H, string | number | boolean>>>;
export type UnitRecord = Record_<(typeof UNIT_HEADERS)[number]>;
export type CharacterRecord = Record_<(typeof CHARACTER_HEADERS)[number]>;
export type BattleRecord = Record_<(typeof BATTLE_HEADERS)[number]>;
export type RealmRecord = Record_<(typeof REALM_HEADERS)[number]>;
export type LedgerRecord = Record_<(typeof TREASURY_HEADERS)[number]>;

/** A reference card: Move, Melee, Missile, Defense, Charge, Morale, Hits (steps). */
type Card = readonly [
  move: number,
  melee: number,
  missile: number,
  defense: number,
  charge: number,
  morale: number,
  hits: number,
];

const card = ([move, melee, missile, defense, charge, morale, hits]: Card): UnitRecord => ({
  Move: move,
  Melee: melee,
  Missile: missile,
  Defense: defense,
  Charge: charge,
  Morale: morale,
  Hits: hits,
});

/** The reference units with their card stats and general type; Irregulars and Scouts carry the override of 2. */
const REFERENCE: readonly (readonly [name: string, role: UnitRole, card: Card, extra?: UnitRecord])[] = [
  ['Archers', 'Missile', [2, 2, 4, 2, 0, 2, 2]],
  ['Artillerists', 'Artillery', [1, 1, 5, 1, 0, 2, 2]],
  ['Cavalry', 'Mounted', [3, 3, 1, 3, 5, 2, 2]],
  ['Elite Infantry', 'Melee', [1, 4, 0, 4, 0, 3, 3]],
  ['Infantry', 'Melee', [1, 3, 0, 3, 0, 2, 2]],
  ['Irregulars', 'Melee', [2, 3, 2, 2, 0, 2, 2], { 'Role 2': 'Missile', Override: 2 }],
  ['Knights', 'Mounted', [2, 4, 0, 4, 6, 3, 3]],
  ['Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2]],
  ['Pikemen', 'Melee', [1, 3, 0, 3, 0, 2, 2]],
  ['Scouts', 'Missile', [3, 2, 3, 2, 0, 2, 2], { Override: 2 }],
];

/** The Library sheet's rows: one per reference unit, ready to copy into Units. */
export const unitLibrary = (): readonly UnitRecord[] =>
  REFERENCE.map(([name, role, stats, extra]) => ({
    Unit: name,
    Type: name,
    Role: role,
    ...card(stats),
    ...extra,
  }));

const libraryUnit = (type: string): UnitRecord => {
  const found = REFERENCE.find(([name]) => name === type);
  if (!found) throw new Error(`No reference unit ${type}`);
  const [name, role, stats, extra] = found;
  return { Type: name, Role: role, ...card(stats), ...extra };
};

const HOST = 'Elinvaire Host';
const MARCH = 'Marcher Levies';
const LEGION = 'Ghorvant Legion';

/** A unit of a reference type, named and placed in an army, with anything that sets it apart. */
const unit = (name: string, army: string, type: string, extra: UnitRecord = {}): UnitRecord => ({
  Unit: name,
  Army: army,
  ...libraryUnit(type),
  Status: 'Ready',
  ...extra,
});

/** A unit of the sample's own (no reference card). */
const special = (
  name: string,
  army: string,
  type: string,
  role: UnitRole,
  stats: Card,
  extra: UnitRecord = {},
) => ({
  Unit: name,
  Army: army,
  Type: type,
  Role: role,
  ...card(stats),
  Status: 'Ready',
  ...extra,
});

export const sampleUnits = (): readonly UnitRecord[] => [
  // Elinvaire: a duchy defending its river border.
  unit('Knights of the Silver Oath', HOST, 'Knights'),
  unit('Vaelmont Household Knights', HOST, 'Knights'),
  unit("Duke's Guard", HOST, 'Elite Infantry'),
  unit('Temple Guard of the Dawn', HOST, 'Elite Infantry', { 'Realm Spells': 1 }),
  unit('Riverwatch Infantry', HOST, 'Infantry'),
  unit('Greywater Infantry', HOST, 'Infantry'),
  unit('Elinvaire Pikemen', HOST, 'Pikemen'),
  unit('Tower Pikemen', HOST, 'Pikemen'),
  unit('Longbows of Aldmere', HOST, 'Archers'),
  unit('Aldmere Archers', HOST, 'Archers'),
  unit('Elinvaire Cavalry', HOST, 'Cavalry'),
  unit('Border Cavalry', HOST, 'Cavalry', { Status: 'Routed' }),
  unit('Reedmarsh Scouts', HOST, 'Scouts'),
  unit('Ducal Artillerists', HOST, 'Artillerists'),
  special('Sylvan Wardens', HOST, 'Elven Archers', 'Missile', [2, 2, 4, 2, 0, 3, 2], {
    Specials: 1,
    'Special Moves': 1,
  }),
  special('Griffon Riders', HOST, 'Griffon Riders', 'Flying melee', [4, 4, 0, 3, 4, 3, 2], {
    'Special Moves': 1,
  }),
  unit('Marcher Levy', MARCH, 'Levy'),
  unit('Hillfolk Levy', MARCH, 'Levy', { Status: 'Destroyed' }),
  unit('Marcher Irregulars', MARCH, 'Irregulars'),
  unit('Marcher Infantry', MARCH, 'Infantry'),
  // Ghorvant: a barony under an awnshegh's shadow, crossing the river with its dead and its hirelings.
  unit('Ghorvant Knights', LEGION, 'Knights'),
  unit('Black Lances', LEGION, 'Cavalry'),
  unit('Shadow Riders', LEGION, 'Cavalry', { Status: 'Routed' }),
  unit('Iron Guard', LEGION, 'Elite Infantry'),
  unit('Legion Veterans', LEGION, 'Elite Infantry'),
  unit('Legion Infantry', LEGION, 'Infantry'),
  unit('Ashen Infantry', LEGION, 'Infantry'),
  unit('Kaal Infantry', LEGION, 'Infantry'),
  unit('Vhorin Pikemen', LEGION, 'Pikemen'),
  unit('Ghorvant Pikemen', LEGION, 'Pikemen'),
  unit('Legion Crossbows', LEGION, 'Archers'),
  unit('Ghorvant Archers', LEGION, 'Archers', { Status: 'Routed' }),
  unit('Siege Engineers', LEGION, 'Artillerists'),
  unit('Levy of Kaal', LEGION, 'Levy'),
  unit('Ghorvant Levy', LEGION, 'Levy'),
  unit('Kaal Scouts', LEGION, 'Scouts'),
  unit('Goblin Irregulars', LEGION, 'Irregulars', { Type: 'Goblin Irregulars', Vulnerable: true }),
  unit('Red Wolves Company', LEGION, 'Infantry', { Type: 'Mercenary Infantry', Mercenary: true }),
  special('Barrow Dead', LEGION, 'Undead Infantry', 'Melee', [1, 3, 0, 3, 0, 3, 2], {
    Specials: 2,
    Undead: true,
    'Spell Immune': true,
  }),
  special('Bone Archers', LEGION, 'Undead Archers', 'Missile', [1, 2, 3, 2, 0, 3, 2], {
    Specials: 2,
    Undead: true,
    'Spell Immune': true,
  }),
  special('Hill Trolls', LEGION, 'Trolls', 'Melee', [1, 5, 0, 4, 0, 3, 4], { Specials: 1 }),
  special('Gargoyle Flight', LEGION, 'Gargoyles', 'Flying melee', [4, 3, 0, 4, 0, 3, 2], {
    'Special Moves': 1,
  }),
  special('Ashen Coven', LEGION, 'Witches', 'Missile', [1, 1, 3, 1, 0, 2, 1], { Spellcasting: 'Limited' }),
];

export const sampleCharacters = (): readonly CharacterRecord[] => [
  { Character: 'Duke Aldric Vaelmont', Army: HOST, Warrior: 10, Battlewise: true },
  {
    Character: 'Isolde Thaerin, Court Magician',
    Army: HOST,
    Wizard: 11,
    'Spell Slots': '4/4/4/3/3',
    'Battle Spells': '2/1/2/1/1',
    Categories: 5,
    Research: 1,
    'D Spells': 1,
  },
  {
    Character: 'Brother Corwin of the Dawn',
    Army: HOST,
    Priest: 7,
    'Turns Undead': true,
    'Priest Uses': 'Best',
    'Spell Slots': '4/3/2/1',
    'Battle Spells': '1/1/1/0',
    Categories: 3,
    'War Spells': 2,
  },
  { Character: 'Captain Maren Dunhollow', Army: MARCH, Warrior: 5, Rogue: 4 },
  { Character: 'Baron Mordhric Ashkane', Army: LEGION, Warrior: 9, Battlewise: true, Strategy: true },
  {
    Character: 'Sevrine Kaal, the Ashen Witch',
    Army: LEGION,
    Wizard: 12,
    'Spell Slots': '4/4/4/4/3/2',
    'Battle Spells': '1/1/2/1/1/1',
    Categories: 5,
    'D Spells': 1,
  },
  { Character: 'Ulrec Blackvane', Army: LEGION, Warrior: 6, Rogue: 8 },
];

/** One battle, two sides, plans chosen, nothing rolled yet. */
export const sampleBattles = (): readonly BattleRecord[] => [
  {
    Battle: 'Greywater Ford',
    Side: 'Elinvaire',
    Armies: `${HOST}, ${MARCH}`,
    Defender: true,
    'Home Realm': true,
    'Friendly Holding': true,
    'River Crossed': true,
    Immunity: 'None',
    Plan: 'Hold',
  },
  {
    Battle: 'Greywater Ford',
    Side: 'Ghorvant',
    Armies: LEGION,
    'Beaten Foe': true,
    Immunity: 'None',
    Plan: 'Normal attack',
  },
];

/** The season the sample campaign is playing (its Settings' Season): the next to collect. */
export const SAMPLE_SEASON = 'Summer 1522';

/** The two realms and the armies each pays for. */
export const sampleRealms = (): readonly RealmRecord[] => [
  { Realm: 'Elinvaire', Armies: `${HOST}, ${MARCH}`, Income: 44, Start: 60 },
  { Realm: 'Ghorvant', Armies: LEGION, Income: 40, Start: 90 },
];

/** Three seasons of history before the sample's own, kept by hand before Warcard (no Entry). */
export const sampleLedger = (): readonly LedgerRecord[] => [
  { Season: 'Autumn 1521', Realm: 'Elinvaire', Income: 44, Upkeep: 34 },
  {
    Season: 'Autumn 1521',
    Realm: 'Ghorvant',
    Income: 40,
    Upkeep: 36,
    Muster: 8,
    Note: 'Mustered: Hill Trolls',
  },
  {
    Season: 'Winter 1521',
    Realm: 'Elinvaire',
    Income: 44,
    Upkeep: 34,
    Muster: 6,
    Note: 'Mustered: Griffon Riders',
  },
  { Season: 'Winter 1521', Realm: 'Ghorvant', Income: 40, Upkeep: 38 },
  { Season: 'Winter 1521', Realm: 'Ghorvant', Other: 12, Note: 'Tolls on the river crossing' },
  {
    Season: 'Spring 1522',
    Realm: 'Elinvaire',
    Income: 44,
    Upkeep: 36,
    Other: -10,
    Note: 'Repairs to the Tower',
  },
  {
    Season: 'Spring 1522',
    Realm: 'Ghorvant',
    Income: 40,
    Upkeep: 40,
    Muster: 4,
    Note: 'Mustered: Red Wolves Company',
  },
];
