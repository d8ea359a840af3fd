// The sidebar's calls: each one a whole Apps Script execution, so there are few. The sidebar loads once and
// computes every preview itself (contract/fight-setup.ts); it calls the server only to write. The server object
// `satisfies SidebarApi`; the browser calls it only through src/sidebar/server.ts. Everything here is plain data.
import type { Plan, RollPair } from '../rules';
import type { BattleSetup, CampaignData } from './campaign';
import type { FailureCode, Result } from './errors';
import type { You } from './rights';

export type { RollPair };

/** A unit as the sidebar names it back: its row on Units and its name, checked together. */
export interface UnitRef {
  readonly row: number;
  readonly name: string;
}

/** The units a side loses, as the user chose them. */
export interface SideLosses {
  readonly destroyed: readonly UnitRef[];
  readonly routed: readonly UnitRef[];
}

/** The fingerprints the sidebar's view was built on: a write refuses when what it depends on changed. */
export interface Expectation {
  readonly settings: string;
  /** Fingerprint of each army of the battle, by the army's name. */
  readonly armies: Readonly<Record<string, string>>;
  /** Of the battle's rows; null for a battle not on the sheet yet. */
  readonly battle: string | null;
}

export interface ApplyRequest {
  /** Made by the sidebar for this apply: sending it again never applies twice. */
  readonly id: string;
  readonly setup: BattleSetup;
  /** Every pair rolled, ties included. */
  readonly rolls: readonly RollPair[];
  readonly losses: readonly [SideLosses, SideLosses];
  /** The loser's routed units the winner captures. */
  readonly captured: readonly UnitRef[];
  /** The loser's remaining units the winner destroys in pursuit. */
  readonly pursued: readonly UnitRef[];
  readonly expect: Expectation;
}

export interface SaveRequest {
  readonly setup: BattleSetup;
  /** Fingerprint of the battle's rows as loaded; null for a new battle. */
  readonly battle: string | null;
}

export interface UndoRequest {
  /** The Log entry to take back: the newest one not undone, as the sidebar shows it. */
  readonly entry: string;
}

export interface NewRoundRequest {
  /** Made by the sidebar for this new round: sending it again never runs it twice. */
  readonly id: string;
}

export interface SealRequest {
  /** Made by the sidebar for this seal: sending it again never seals twice. */
  readonly id: string;
  /** The battle's name as on the Battles sheet. */
  readonly battle: string;
  /** 0 for the battle's first row, 1 for its second, as the sidebar loaded them. */
  readonly side: 0 | 1;
  /**
   * The side's armies as the sidebar loaded them: the side is found by them, wherever its row is now (the rows may
   * have been sorted since). Absent (an older sidebar): the side at row `side`.
   */
  readonly armies?: readonly string[];
  readonly plan: Plan;
}

/** A reveal (a GM's, without rolling) or a logged roll (which reveals first) of the battle named. */
export interface BattleCallRequest {
  readonly id: string;
  readonly battle: string;
}

/** Every answer carries the campaign as it now stands, so the sidebar needs no second call. */
export interface Written {
  readonly message: string;
  readonly campaign: CampaignData;
  /** Nothing needed doing (an entry undone already, from the menu or by another user): a note, not a success. */
  readonly unchanged?: boolean;
}

/** The failure codes are errors.ts's, listed once there. */
export type { FailureCode };

/** A call's failing answer: its code (what the sidebar branches on) and what happened, in words. */
export interface Failure {
  readonly ok: false;
  readonly code: FailureCode;
  readonly message: string;
  /** The campaign as it now stands, when it could be read: the sidebar shows it at once. */
  readonly campaign: CampaignData | null;
}

/** A call's answer: the one Result shape, its failure a Failure. */
export type Response<T extends object> = Result<T, Omit<Failure, 'ok'>>;

/**
 * sidebarLoad's answer (`notice`: what it put back of a write left unfinished); Battle… puts the same answer in the
 * sidebar's page.
 */
export type LoadAnswer = Response<{
  readonly campaign: CampaignData;
  readonly notice?: string;
  /** Who the sidebar is used by, and what they may do (contract/rights.ts); absent when it could not be read. */
  readonly you?: You;
}>;

/** The key of a call's signature: the checker's only (nothing is declared at run time). */
declare const signature: unique symbol;

/** A call as the list holds it: what it does, and (for the checker only) its signature. */
export interface Call<F extends (...args: never[]) => unknown> {
  /** A line on what the call does: the JSDoc of its global in Code.js. */
  readonly does: string;
  /** Never set: it carries the call's signature from the list to SidebarApi. */
  readonly [signature]?: F;
}

/**
 * The sidebar's calls, listed once. Everything else derives from this list: SidebarApi (which the server object
 * `satisfies`), the client's typed wrapper (src/sidebar/server.ts), the top-level functions of Code.js (written by
 * scripts/build.mjs, as google.script.run calls only those) and the names the playground lets its page call.
 * A new call is an entry here, its handler in src/sheets/server/ and its caller in the sidebar.
 */
export const SIDEBAR_CALLS = {
  sidebarLoad: {
    does: "the campaign in the rules' terms (units, characters, armies, battles, undoable Log entries), after putting back a write an earlier failure left unfinished (its `notice`)",
  } as Call<() => LoadAnswer>,
  sidebarSave: {
    does: "writes a battle's setup to its two Battles rows (only the cells that change), or appends a new battle",
  } as Call<(request: SaveRequest) => Response<Written>>,
  sidebarApply: {
    does: 'applies a rolled battle as one journaled entry: Battles rows, Log, Undo rows, unit statuses',
  } as Call<(request: ApplyRequest) => Response<Written>>,
  sidebarUndo: {
    does: 'takes back the Log entry named (the newest not undone), cell for cell',
  } as Call<(request: UndoRequest) => Response<Written>>,
  sidebarNewRound: {
    does: 'a new round (Routed units Ready again), as one journaled entry',
  } as Call<(request: NewRoundRequest) => Response<Written>>,
  sidebarSeal: {
    does: "seals a side's plan: kept in the document's properties, its commitment in the side's Sealed cell, a Seal on the Log",
  } as Call<(request: SealRequest) => Response<Written>>,
  sidebarReveal: {
    does: "reveals a battle's sealed plans, each checked against its commitment, into the Plan and Sealed cells (a Reveal on the Log)",
  } as Call<(request: BattleCallRequest) => Response<Written>>,
  sidebarRoll: {
    does: 'with Logged dice: reveals any sealed plan, draws the dice on the server (ties rolled again) and writes them to the Roll cells and the Log at once',
  } as Call<(request: BattleCallRequest) => Response<Written>>,
} as const;

export type SidebarFunction = keyof typeof SIDEBAR_CALLS;

/** The calls with their signatures: what the server implements and the client calls. */
export type SidebarApi = {
  readonly [K in SidebarFunction]: NonNullable<(typeof SIDEBAR_CALLS)[K][typeof signature]>;
};

/** The calls' names in the list's order; worked out when asked, so loading a script builds nothing. */
export function sidebarFunctions(): SidebarFunction[] {
  return Object.keys(SIDEBAR_CALLS) as SidebarFunction[];
}
