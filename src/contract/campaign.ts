// The campaign as the sidebar's one load call sends it: in the rules' terms, compact (units as columns of
// numbers), with fingerprints of what was read so that a write can tell whether it is stale. The server encodes,
// the browser decodes; both sides import this file. Only plain data crosses: google.script.run carries nothing else.
import {
  type BattleUnit,
  type Character,
  type DiceMode,
  type HouseRules,
  type Plan,
  PRIEST_USES,
  type RollPair,
  type SideCircumstances,
  UNIT_ROLES,
  nameKey,
  UNIT_STATUSES,
} from '../rules';

/** One side of a battle as a Battles row holds it. */
export interface SideSetup {
  /** The Side column: a label for the side. */
  readonly label: string;
  /** The armies on this side (allies), as typed. */
  readonly armies: readonly string[];
  readonly circumstances: SideCircumstances;
}

/** A battle: a pair of Battles rows, or a new one that Save or Apply appends. */
export interface BattleSetup {
  readonly name: string;
  readonly sides: readonly [SideSetup, SideSetup];
}

/**
 * The one name of a side: its label, or when left blank its first army, or Side A / Side B (the report never
 * reads "Side A: Side A"). The sidebar, the fight and the Log all name a side by it.
 */
export const sideLabel = (battle: { readonly sides: readonly [NamedSide, NamedSide] }, i: 0 | 1): string =>
  battle.sides[i].label.trim() || battle.sides[i].armies[0]?.trim() || (i === 0 ? 'Side A' : 'Side B');

/** What names a side: a setup's side, or a Battles row's. */
interface NamedSide {
  readonly label: string;
  readonly armies: readonly string[];
}

/** What a fought battle was, as apply wrote it to its Battles rows: the result stays as fought. */
export interface FoughtSide {
  readonly base: number;
  readonly percent: number;
  readonly points: number;
  /** The side's fighting units' value when it fought: its casualty points are a share of it. */
  readonly unitValue: number;
}

/** Who rolls (Settings `Dice`): the sidebar in the browser, or the server, every roll logged at once. */
export type { DiceMode };

/** A side's seal as its Sealed cell tells it (contract/seal.ts), and its plan where the viewer may see it. */
export interface SideSeal {
  readonly by: string;
  readonly when: string;
  /** The 12 hex digits of SHA-256 of `PLAN:SALT`. */
  readonly commitment: string;
  /** The Plan cell reads `Sealed`: not revealed yet (the setup's plan is then No plan). */
  readonly sealed: boolean;
  /** The sealed plan: only in an answer to one of the side's own players, only while sealed. */
  readonly plan?: Plan;
  /** The salt, once revealed (the setup's plan is then the revealed plan). */
  readonly salt?: string;
}

/** A battle on the Battles sheet. */
export interface BattleListing {
  readonly setup: BattleSetup;
  /** Its two sheet rows. */
  readonly rows: readonly [number, number];
  /** The Roll cells, null when blank (or not a d100 result). */
  readonly rolls: readonly [number | null, number | null];
  /** A Roll cell holds a formula: apply refuses it (it would reroll on every edit). */
  readonly rollFormula: boolean;
  /**
   * The Log entry that applied it and is not undone ('earlier' when its Fought cells say so but its entry is older
   * than the Log rows a call reads), or null.
   */
  readonly appliedBy: string | null;
  /** Of the battle's two rows, every column: what Save and Apply check for staleness. */
  readonly fingerprint: string;
  /** Each side's seal, null for a side never sealed. */
  readonly seals: readonly [SideSeal | null, SideSeal | null];
  /** With Logged dice, every pair the server drew for it (ties included), the newest roll's; else absent. */
  readonly logged?: readonly RollPair[];
}

/** An army: every unit or character whose Army names it. */
export interface ArmyData {
  /** As first typed on Units (or Characters). */
  readonly name: string;
  /** Of its unit and character rows (row numbers included): what Apply checks for staleness. */
  readonly fingerprint: string;
  /** A row of the army that cannot be read: the army cannot be valued until it is fixed. */
  readonly problem: string | null;
  readonly units: number;
  readonly ready: number;
}

/** The units as columns: the i-th unit is names[i], army[i], ... */
export interface UnitColumns {
  /** Sheet row of each unit as the step from the previous unit's row (the first from row 0). */
  readonly rowSteps: readonly number[];
  readonly names: readonly string[];
  /** Index into CampaignData.armies. */
  readonly army: readonly number[];
  /** Index into `types` (the Type column: shown beside casualties). */
  readonly type: readonly number[];
  readonly types: readonly string[];
  /** The unit's value in battle. */
  readonly value: readonly number[];
  /**
   * role + 8 * role2 (0: none, else index + 1) + 64 * status + 256 * undead + 512 * spell immune + 1024 * (upkeep
   * − 1) (GB a season, 1 to 3: the common 1 costs no byte).
   */
  readonly traits: readonly number[];
}

/** A character as an array in a fixed order (see encodeCharacter). */
export type CharacterRow = readonly (string | number | null | readonly number[])[];

/** A Log entry that Undo can take back, newest first. */
export interface EntryListing {
  readonly id: string;
  readonly row: number;
  readonly event: string;
  readonly battle: string;
  readonly result: string;
  /**
   * Its Report cell, the entry told in words ('' when the row has none); null when the reports of newer entries
   * already fill what a load sends (REPORTS_SENT in sheets/server/campaign-read.ts): it is on the Log sheet.
   */
  readonly report: string | null;
}

export interface CampaignData {
  readonly rules: HouseRules;
  readonly dice: DiceMode;
  readonly settingsFingerprint: string;
  readonly armies: readonly ArmyData[];
  readonly units: UnitColumns;
  readonly characters: readonly CharacterRow[];
  /** The battles not yet fought, and the last few fought (the Battles sheet keeps them all). */
  readonly battles: readonly BattleListing[];
  /** The newest entries Undo can take back (a few), newest first: each press takes back the first. */
  readonly entries: readonly EntryListing[];
  /** Rows that cannot be read, for the user to fix (the first 50). */
  readonly problems: readonly string[];
}

/** A unit of the campaign as the sidebar uses it. */
export interface CampaignUnit extends BattleUnit {
  /** Its row on Units. */
  readonly row: number;
  readonly type: string;
  /** Its maintenance in GB a season (RULES 4, D-9): what losing it saves the realm. */
  readonly upkeep: number;
}

// ---- Units

export function encodeUnits(
  units: readonly CampaignUnit[],
  armyIndex: (army: string) => number,
): UnitColumns {
  const types: string[] = [];
  const typeIndex = new Map<string, number>();
  const columns = {
    rowSteps: [] as number[],
    names: [] as string[],
    army: [] as number[],
    type: [] as number[],
    types,
    value: [] as number[],
    traits: [] as number[],
  };
  let previous = 0;
  for (const u of units) {
    columns.rowSteps.push(u.row - previous);
    previous = u.row;
    columns.names.push(u.name);
    columns.army.push(armyIndex(u.army));
    let t = typeIndex.get(u.type);
    if (t === undefined) {
      t = types.length;
      types.push(u.type);
      typeIndex.set(u.type, t);
    }
    columns.type.push(t);
    columns.value.push(u.value);
    const role2 = u.role2 === undefined ? 0 : UNIT_ROLES.indexOf(u.role2) + 1;
    columns.traits.push(
      UNIT_ROLES.indexOf(u.role) +
        8 * role2 +
        64 * UNIT_STATUSES.indexOf(u.status) +
        (u.undead ? 256 : 0) +
        (u.spellImmune ? 512 : 0) +
        1024 * (u.upkeep - 1),
    );
  }
  return columns;
}

export function decodeUnits(c: UnitColumns, armies: readonly ArmyData[]): CampaignUnit[] {
  const out: CampaignUnit[] = [];
  let row = 0;
  c.names.forEach((name, i) => {
    row += c.rowSteps[i] ?? 0;
    const traits = c.traits[i] ?? 0;
    const role2 = (traits >> 3) & 7;
    out.push({
      row,
      name,
      army: armies[c.army[i] ?? -1]?.name ?? '',
      type: c.types[c.type[i] ?? -1] ?? '',
      value: c.value[i] ?? 0,
      role: UNIT_ROLES[traits & 7] ?? 'Melee',
      role2: role2 === 0 ? undefined : UNIT_ROLES[role2 - 1],
      status: UNIT_STATUSES[(traits >> 6) & 3] ?? 'Ready',
      undead: (traits & 256) !== 0,
      spellImmune: (traits & 512) !== 0,
      upkeep: ((traits >> 10) & 3) + 1,
    });
  });
  return out;
}

// ---- Characters

export function encodeCharacter(c: Character): CharacterRow {
  const flags = (c.battlewise ? 1 : 0) + (c.strategy ? 2 : 0) + (c.turnsUndead ? 4 : 0);
  return [
    c.name,
    c.army,
    c.warrior,
    c.rogue,
    c.wizard,
    c.priest,
    flags,
    c.commands ?? null,
    PRIEST_USES.indexOf(c.priestUses),
    [...c.spellSlots],
    c.battleSpells ? [...c.battleSpells] : null,
    c.categories,
    c.research,
    c.dSpells,
    c.warSpells,
  ];
}

export function decodeCharacter(r: CharacterRow): Character {
  const num = (i: number): number => {
    const v = r[i];
    return typeof v === 'number' ? v : 0;
  };
  const list = (i: number): readonly number[] | undefined => {
    const v = r[i];
    return Array.isArray(v) ? v : undefined;
  };
  const flags = num(6);
  return {
    name: String(r[0] ?? ''),
    army: String(r[1] ?? ''),
    warrior: num(2),
    rogue: num(3),
    wizard: num(4),
    priest: num(5),
    battlewise: (flags & 1) !== 0,
    strategy: (flags & 2) !== 0,
    turnsUndead: (flags & 4) !== 0,
    commands: typeof r[7] === 'number' ? r[7] : undefined,
    priestUses: PRIEST_USES[num(8)] ?? 'Best',
    spellSlots: list(9) ?? [],
    battleSpells: list(10),
    categories: num(11),
    research: num(12),
    dSpells: num(13),
    warSpells: num(14),
  };
}

/** The campaign decoded once, its units and characters found by army. */
export interface OpenedCampaign {
  readonly data: CampaignData;
  readonly units: readonly CampaignUnit[];
  readonly characters: readonly Character[];
  /** By nameKey of the army. */
  readonly armies: ReadonlyMap<string, ArmyRoster>;
}

export interface ArmyRoster {
  readonly army: ArmyData;
  readonly units: readonly CampaignUnit[];
  readonly characters: readonly Character[];
}

/** The payload as the sidebar receives it, decoded. */
export const openCampaign = (data: CampaignData): OpenedCampaign =>
  campaignOf(data, decodeUnits(data.units, data.armies), data.characters.map(decodeCharacter));

/** The campaign from its payload and the units and characters it encodes (the server has them unencoded). */
export function campaignOf(
  data: CampaignData,
  units: readonly CampaignUnit[],
  characters: readonly Character[],
): OpenedCampaign {
  const armies = new Map<string, { army: ArmyData; units: CampaignUnit[]; characters: Character[] }>();
  for (const army of data.armies) armies.set(nameKey(army.name), { army, units: [], characters: [] });
  for (const u of units) armies.get(nameKey(u.army))?.units.push(u);
  for (const c of characters) armies.get(nameKey(c.army))?.characters.push(c);
  return { data, units, characters, armies };
}
