// Campaigns of a chosen size in three shapes, as the formulas' arguments: the bench grows them tenfold and
// compares. Built from the product's own headers, so the bench always feeds the tables it reads.
import { importTs } from './_lib.mjs';

const [
  { UNIT_HEADERS: CARD_HEADERS, CHARACTER_HEADERS, BATTLE_HEADERS, REALM_HEADERS, TREASURY_HEADERS },
  { SETTING_HEADERS },
] = await Promise.all(['src/contract/columns.ts', 'src/sheets/settings.ts'].map(importTs));
/** The Units' columns and the optional Mustered that TREASURY reads (the other formulas ignore it). */
const UNIT_HEADERS = [...CARD_HEADERS, 'Mustered'];

const ROLES = ['Melee', 'Missile', 'Mounted', 'Artillery', 'Melee', 'Flying melee'];
const PLANS = ['Full charge', 'Normal attack', 'Encircle', 'Trap', 'Hold', 'No plan'];

/** A row laid out under `headers` from a record by header name; missing cells blank. */
const row = (headers, record) => headers.map((h) => record[h] ?? '');

function unit(i, army) {
  return row(UNIT_HEADERS, {
    Unit: `Unit ${i}`,
    Army: army,
    Type: 'Infantry',
    Role: ROLES[i % ROLES.length],
    Move: 1 + (i % 3),
    Melee: 1 + (i % 6),
    Missile: i % 5,
    Defense: 1 + (i % 5),
    Charge: i % 7,
    Morale: 1 + (i % 3),
    Hits: 1 + (i % 4),
    Specials: i % 2,
    'Special Moves': 0,
    Vulnerable: false,
    Spellcasting: 'None',
    'Realm Spells': i % 3 === 0 ? 1 : 0,
    Mercenary: i % 11 === 0,
    Undead: i % 17 === 0,
    'Spell Immune': i % 19 === 0,
    Status: i % 13 === 0 ? 'Routed' : i % 29 === 0 ? 'Destroyed' : 'Ready',
    Mustered: i % 7 === 0 ? 'Season 10' : '',
  });
}

/** Two in three characters Battlewise with blank Commands: each counts its army's fighting units. */
function character(i, army) {
  const wizard = i % 5 === 0;
  const priest = !wizard && i % 7 === 0;
  return row(CHARACTER_HEADERS, {
    Character: `Character ${i}`,
    Army: army,
    Warrior: wizard || priest ? 0 : 1 + (i % 12),
    Rogue: i % 4,
    Wizard: wizard ? 1 + (i % 15) : 0,
    Priest: priest ? 1 + (i % 12) : 0,
    Battlewise: i % 3 !== 2,
    Strategy: i % 6 === 0,
    'Turns Undead': priest,
    'Priest Uses': 'Best',
    'Spell Slots': wizard || priest ? '4/3/2' : '',
    'Battle Spells': wizard || priest ? '1/1/0' : '',
    Categories: wizard || priest ? 3 : 0,
  });
}

function battleSide(i, side, armies) {
  return row(BATTLE_HEADERS, {
    Battle: `Battle ${i}`,
    Side: side,
    Armies: armies,
    Defender: side === 'B',
    'Home Realm': side === 'B' && i % 2 === 0,
    'Higher Ground': side === 'A' && i % 3 === 0,
    'Castle Level': side === 'B' ? i % 4 : '',
    Plan: PLANS[(i + (side === 'B' ? 3 : 0)) % PLANS.length],
    Roll: i % 3 === 0 ? '' : 1 + ((i * (side === 'A' ? 37 : 53)) % 100),
  });
}

export const SHAPES = {
  normal: 'a normal campaign (armies of 50 units, battles between two armies)',
  oneArmy: 'one army holding every unit and character (battles against a small foe)',
  sameArmies: 'every battle naming the same armies (20 armies, 10 a side)',
};

/**
 * Realms paying for two armies each (of the armies in the units, in order) and a ledger of n/10 rows (1,000 at
 * 10,000 units): seasons collected for every realm in turn, a hand row every fifth.
 */
function realmsAndLedger(n, units) {
  const armies = [...new Set(units.slice(1).map((u) => u[CARD_HEADERS.indexOf('Army')]))];
  const realms = [[...REALM_HEADERS]];
  for (let k = 0; k * 2 < armies.length; k++) {
    realms.push(
      row(REALM_HEADERS, {
        Realm: `Realm ${k}`,
        Armies: armies.slice(2 * k, 2 * k + 2).join(', '),
        Income: 40,
        Start: 100,
      }),
    );
  }
  const treasury = [[...TREASURY_HEADERS]];
  for (let i = 0; i < n / 10; i++) {
    const realm = `Realm ${i % (realms.length - 1)}`;
    const season = `Season ${Math.floor(i / (realms.length - 1))}`;
    const hand = i % 5 === 4;
    treasury.push(
      row(
        TREASURY_HEADERS,
        hand
          ? { Season: season, Realm: realm, Other: -3, Note: 'a bribe' }
          : {
              Season: season,
              Realm: realm,
              Income: 40,
              Upkeep: 30 + (i % 9),
              Muster: i % 4,
              Entry: `e${i}`,
              By: 'gm@example.com',
            },
      ),
    );
  }
  return { realms, treasury, seasonSettings: [[...SETTING_HEADERS], ['Season', 'Season 10']] };
}

/**
 * A campaign of n units, n/10 characters and n/50 battles (two rows each) in one of the SHAPES, with the
 * armies ARMYVALUE is asked about, and realms with a ledger of n/10 rows.
 */
export function campaign(n, shape) {
  const units = [[...UNIT_HEADERS]];
  const characters = [[...CHARACTER_HEADERS]];
  const battles = [[...BATTLE_HEADERS]];
  const settings = [[...SETTING_HEADERS], ['Troop Ratio By', 'Units'], ['Terrain Modifiers As', 'Points']];
  const nCharacters = n / 10;
  const nBattles = n / 50;
  let armyOf;
  let sides;
  let asked;
  if (shape === 'normal') {
    const armies = n / 50;
    armyOf = (i) => `Army ${i % armies}`;
    sides = (i) => [`Army ${(2 * i) % armies}`, `Army ${(2 * i + 1) % armies}`];
    asked = 'Army 0, Army 1';
  } else if (shape === 'oneArmy') {
    armyOf = (i) => (i < 10 ? 'Foe' : 'Host');
    sides = () => ['Host', 'Foe'];
    asked = 'Host';
  } else {
    armyOf = (i) => `Army ${i % 20}`;
    const names = (from) => Array.from({ length: 10 }, (_, k) => `Army ${from + k}`).join(', ');
    sides = () => [names(0), names(10)];
    asked = names(0);
  }
  for (let i = 0; i < n; i++) units.push(unit(i, armyOf(i)));
  for (let i = 0; i < nCharacters; i++) characters.push(character(i, armyOf(i + 10)));
  for (let i = 0; i < nBattles; i++) {
    const [a, b] = sides(i);
    battles.push(battleSide(i, 'A', a), battleSide(i, 'B', b));
  }
  return { units, characters, battles, settings, asked, ...realmsAndLedger(n, units) };
}
