// The one interface between the battle sidebar (src/sidebar) and the server (src/sheets/sidebar.ts).
// Everything here crosses google.script.run: plain objects, arrays, strings, numbers, booleans and null only
// (no Date, no undefined, no class instances). The client imports this file for its types and the list of
// server functions; it holds no server code.
import type { Immunity, ModifierLine, Plan, SideCircumstances } from '../rules';
import type { CircumstanceGroup } from './records';

export type { Immunity, ModifierLine, Plan, SideCircumstances };

/** One side of a battle as the sidebar sets it up: a Battles row. */
export interface SideSetup {
  /** The Side column: a label for the side. */
  readonly label: string;
  /** The armies on this side (allies), as the roster spells them. */
  readonly armies: readonly string[];
  readonly circumstances: SideCircumstances;
}

/** A battle: a pair of Battles rows, or a new one the server appends. */
export interface BattleSetup {
  readonly name: string;
  /** Sheet rows of the pair as last read, or null for a new battle. */
  readonly rows: readonly [number, number] | null;
  readonly sides: readonly [SideSetup, SideSetup];
}

/** A battle as the Battles sheet holds it. */
export interface BattleListing {
  readonly setup: BattleSetup;
  /** The Roll cells, null when blank. */
  readonly rolls: readonly [number | null, number | null];
  /** A Log entry for this battle that is not undone: applying it again is refused. */
  readonly applied: boolean;
}

/** A checkbox of RULES 5.2-5.6 and the Battles column that holds it. */
export interface ModifierOption {
  /** Key within its group of SideCircumstances, e.g. "homeRealm". */
  readonly key: string;
  readonly label: string;
  /** The Battles header, e.g. "Home Realm". */
  readonly header: string;
  /** As the rules print it: "+5%", "-10". */
  readonly amount: string;
}

export type FlagGroupKey = CircumstanceGroup;

export interface ModifierGroup {
  readonly key: FlagGroupKey;
  /** Morale, Environment, Terrain, Defender. */
  readonly title: string;
  /** The RULES section, e.g. "5.2". */
  readonly section: string;
  readonly options: readonly ModifierOption[];
}

/** What the sidebar needs to draw its form: the rules' modifiers, plans and immunities, from the server. */
export interface Catalogue {
  readonly groups: readonly ModifierGroup[];
  readonly plans: readonly Plan[];
  readonly immunities: readonly { readonly value: Immunity; readonly label: string }[];
  /** Castle assault (5.6): points per castle level, per artillerist, for Engineering and Siegecraft. */
  readonly castle: {
    readonly perLevel: number;
    readonly perArtillerist: number;
    readonly engineering: number;
    readonly siegecraft: number;
  };
  readonly specialBonusPercent: number;
  /** House rule terrainModifiersAs: whether terrain-like modifiers are points or percent. */
  readonly terrainAs: 'points' | 'percent';
}

export interface ArmyListing {
  readonly name: string;
  /** Units of the army that fight (Ready) and all of its units. */
  readonly ready: number;
  readonly units: number;
}

/** The last Log entry that undo would take back, or null. */
export interface LogEntryListing {
  readonly row: number;
  readonly event: string;
  readonly battle: string;
  readonly result: string;
}

export interface CampaignState {
  readonly armies: readonly ArmyListing[];
  readonly battles: readonly BattleListing[];
  readonly lastEntry: LogEntryListing | null;
  /** Rows the roster could not read, one line each, for the user to fix. */
  readonly problems: readonly string[];
}

export interface LoadData {
  readonly catalogue: Catalogue;
  readonly state: CampaignState;
}

/** A d100 pair as rolled: side A's die, side B's die. */
export type RollPair = readonly [number, number];

export interface PreviewRequest {
  readonly setup: BattleSetup;
  /** Every pair rolled so far, ties included; empty before rolling. */
  readonly rolls: readonly RollPair[];
}

/** A unit of a side as the preview read it: what the casualty lists show and send back. */
export interface UnitListing {
  /** Sheet row on Units. */
  readonly row: number;
  readonly name: string;
  readonly army: string;
  readonly type: string;
  readonly value: number;
}

export interface SidePreview {
  readonly label: string;
  readonly armies: readonly string[];
  /** Base army value: fighting units plus character bonuses (RULES 2). */
  readonly base: number;
  /** Total value of the fighting units: casualties are a share of it. */
  readonly unitValue: number;
  readonly characters: readonly { readonly name: string; readonly bonus: number }[];
  readonly modifiers: readonly ModifierLine[];
  readonly percent: number;
  readonly points: number;
  readonly battleValue: number;
  readonly plan: Plan;
  /** The plan pair's effect on this side, as the tactics table prints it. */
  readonly planEffect: string;
  /** Fighting (Ready) units, in roster order. */
  readonly units: readonly UnitListing[];
  /** Units of the side's armies that do not fight (Routed, Destroyed, Captured). */
  readonly notFighting: number;
  /** Rules worked out from the roster or the other side that change what was ticked (flying attackers, ...). */
  readonly notes: readonly string[];
}

export interface BandListing {
  readonly label: string;
  readonly winnerPercent: number;
  readonly loserPercent: number;
  /** Chance that side A (B) wins by a difference in this band. */
  readonly a: number;
  readonly b: number;
}

export interface OddsListing {
  readonly winA: number;
  readonly winB: number;
  readonly bands: readonly BandListing[];
  readonly expectedCasualtiesA: number;
  readonly expectedCasualtiesB: number;
}

export interface AdviceListing {
  readonly plans: readonly Plan[];
  /** winA[i][j]: side A's chance with plans[i] against side B's plans[j]; null where the plans rule out battle. */
  readonly winA: readonly (readonly (number | null)[])[];
  /** Best answer of A to each of B's plans (by index of B's plan), and of B to each of A's. */
  readonly bestForA: readonly {
    readonly against: Plan;
    readonly plan: Plan | null;
    readonly chance: number | null;
  }[];
  readonly bestForB: readonly {
    readonly against: Plan;
    readonly plan: Plan | null;
    readonly chance: number | null;
  }[];
  readonly maximinA: { readonly plan: Plan; readonly chance: number | null };
  readonly maximinB: { readonly plan: Plan; readonly chance: number | null };
}

/** What a side loses, by sheet row. */
export interface SideCasualties {
  readonly destroyed: readonly number[];
  readonly routed: readonly number[];
}

export interface ResultListing {
  readonly winner: 'A' | 'B';
  readonly difference: number;
  readonly totals: readonly [number, number];
  /** Casualty rates in whole percent, plan Cas changes in them. */
  readonly rates: readonly [number, number];
  /** Casualty points, attrition included, and their split (RULES 6.5-6.7). */
  readonly points: readonly [number, number];
  readonly destroyedPoints: readonly [number, number];
  readonly routedPoints: readonly [number, number];
  /** The suggested units (RULES 6.9) of each side. */
  readonly suggested: readonly [SideCasualties, SideCasualties];
}

export interface PreviewData {
  readonly sides: readonly [SidePreview, SidePreview];
  /** The plans rule out a battle (RULES 5.10). */
  readonly noBattle: boolean;
  /** Null when there is no battle. */
  readonly odds: OddsListing | null;
  readonly advice: AdviceListing;
  /** The rolls that count: up to and including the first pair that is not a tie. */
  readonly rolls: readonly RollPair[];
  /** Present once a pair of rolls decides the battle. */
  readonly result: ResultListing | null;
  /** Of every row the preview read for this battle; apply refuses when it no longer matches. */
  readonly fingerprint: string;
}

/** A unit as the client names it back: its row on Units and its name, checked together. */
export interface UnitRef {
  readonly row: number;
  readonly name: string;
}

export interface ApplyRequest {
  readonly setup: BattleSetup;
  readonly rolls: readonly RollPair[];
  readonly fingerprint: string;
  readonly casualties: readonly [
    { readonly destroyed: readonly UnitRef[]; readonly routed: readonly UnitRef[] },
    { readonly destroyed: readonly UnitRef[]; readonly routed: readonly UnitRef[] },
  ];
  /** The loser's routed units the winner captures. */
  readonly captured: readonly UnitRef[];
  /** The loser's remaining units the winner destroys in pursuit. */
  readonly pursued: readonly UnitRef[];
}

export interface ApplyData {
  /** The Log row written. */
  readonly logRow: number;
  readonly message: string;
  readonly state: CampaignState;
}

export interface SaveRequest {
  readonly setup: BattleSetup;
}

export interface SaveData {
  readonly rows: readonly [number, number];
  readonly message: string;
}

export interface UndoData {
  readonly message: string;
  readonly state: CampaignState;
}

/**
 * Why a call did nothing. setup: a sheet is missing (run Set up campaign); locked: another user holds the document
 * lock; stale: the roster changed since the preview (a fresh preview comes with it); invalid: the request cannot
 * be carried out as sent; unsafe: undo would overwrite changes made since; failed: a write failed part way.
 */
export type FailureCode = 'setup' | 'locked' | 'stale' | 'invalid' | 'unsafe' | 'failed';

export interface Failure {
  readonly ok: false;
  readonly code: FailureCode;
  readonly message: string;
  /** With `stale`: the preview of the fresh roster, so the sidebar can show it at once. */
  readonly preview?: PreviewData;
}

export type Response<T> = ({ readonly ok: true } & T) | Failure;

/** The server functions the sidebar calls, by their global name in Code.js. */
export interface SidebarApi {
  sidebarLoad(): Response<LoadData>;
  sidebarPreview(request: PreviewRequest): Response<PreviewData>;
  sidebarSave(request: SaveRequest): Response<SaveData>;
  sidebarApply(request: ApplyRequest): Response<ApplyData>;
  sidebarUndo(): Response<UndoData>;
}

export type SidebarFunction = keyof SidebarApi;

/** Every server function of SidebarApi; test/dist checks each is a global of Code.js. */
export const SIDEBAR_FUNCTIONS: readonly SidebarFunction[] = [
  'sidebarLoad',
  'sidebarPreview',
  'sidebarSave',
  'sidebarApply',
  'sidebarUndo',
];
