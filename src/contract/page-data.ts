// A player page (SHEETS.md "Player pages"): what one person's page holds, cut from the campaign as the server
// reads it for them. Only what their battles show leaves the server: their own units, the battles their armies
// fight (each side's armies and value, the plan of their own side, the other side's only once revealed or
// fought), the rolls, the Log entries of those battles with their reports (and the season entries of their realm),
// and their realm's treasury. Pure: the server builds it, the page shows it.
import { nameKey, type Plan, type RollPair } from '../rules';
import type { FailureCode, Result } from './errors';
import { type CampaignData, decodeUnits, sideLabel } from './campaign';
import { isGM, type You } from './rights';

/** One of the person's units: Status, value in battle, upkeep in GB (null where the row cannot be read). */
export interface PageUnit {
  readonly name: string;
  readonly army: string;
  readonly status: string;
  readonly value: number;
  readonly upkeep: number | null;
}

/** A side of a battle as the page shows it. */
export interface PageSide {
  readonly label: string;
  readonly armies: readonly string[];
  /** The person commands every army of it (a GM commands all): they may seal its plan. */
  readonly mine: boolean;
  /** The value of its Ready units. */
  readonly value: number;
  /** The side's seal: none, sealed (not revealed yet), or revealed. */
  readonly seal: 'none' | 'sealed' | 'revealed';
  /** Its plan: the person's own side's, or the other side's once revealed or fought; else null. */
  readonly plan: Plan | null;
  readonly roll: number | null;
}

/** A Log entry of one of the person's battles (a Battle, a Save, or a record: Seal, Reveal, Roll), or a season. */
export interface PageEntry {
  readonly id: string;
  /** Its Log row (where a report too long to send is read). */
  readonly row: number;
  readonly event: string;
  readonly battle: string;
  readonly result: string;
  /** The entry told in words; null when not sent (beyond the reports' budget, or a season that tells other realms). */
  readonly report: string | null;
  /** Who made it, as the Log's By says, and when (the spreadsheet's time zone). */
  readonly by: string;
  readonly when: string;
}

/** A Treasury row of the realm, as the page lists it. */
export interface PageLedgerRow {
  readonly season: string;
  readonly income: number;
  readonly upkeep: number;
  readonly muster: number;
  readonly other: number;
  readonly note: string;
}

/** A realm paying for the person's armies: its balance, its newest ledger rows and the coming season. */
export interface PageRealm {
  readonly realm: string;
  /** What is wrong with its rows when its figures cannot be worked out ('' when they can). */
  readonly error: string;
  readonly balance: number;
  /** Its newest Treasury rows, newest first (at most PAGE_LEDGER_ROWS), and how many it has in all. */
  readonly ledger: readonly PageLedgerRow[];
  readonly ledgerRows: number;
  /** The season being played (Settings' Season, '' when blank) and what its collection would take now. */
  readonly coming: {
    readonly season: string;
    readonly income: number;
    readonly upkeep: number;
    readonly muster: number;
    readonly next: number;
  } | null;
  readonly note: string;
}

/** The newest Treasury rows a page lists per realm: the balance sums them all, the page shows the recent. */
export const PAGE_LEDGER_ROWS = 8;

export interface PageBattle {
  readonly name: string;
  readonly sides: readonly [PageSide, PageSide];
  /** Applied (its Log entry not undone). */
  readonly fought: boolean;
  /** With Logged dice, the pairs the server drew. */
  readonly logged: readonly RollPair[];
  /** Its Log entries read (the newest), newest first. */
  readonly entries: readonly PageEntry[];
}

export interface PageData {
  /** The Players row's Player cell the link acts as. */
  readonly player: string;
  readonly role: 'GM' | 'Player';
  readonly armies: readonly string[];
  readonly dice: CampaignData['dice'];
  readonly units: readonly PageUnit[];
  readonly battles: readonly PageBattle[];
  /** The season entries of the person's realms (every one for a GM), newest first. */
  readonly seasons: readonly PageEntry[];
  /** The realms paying for the person's armies (every realm for a GM); null without a Realms sheet. */
  readonly treasury: readonly PageRealm[] | null;
}

/**
 * The page's answer to its opening or an action: its data as it now stands (null for a link that is not valid, or
 * a campaign that cannot be read), and what happened.
 */
export type PageAnswer = Result<
  { readonly page: PageData; readonly message: string },
  { readonly code: FailureCode; readonly message: string; readonly page: PageData | null }
>;

/** Whether the person commands the army (a GM commands every army). */
const commandsArmy = (you: You, army: string): boolean =>
  isGM(you) || you.armies.some((a) => nameKey(a) === nameKey(army));

/**
 * The page of `you` from the campaign read for them; `upkeep` by Units row; the treasury of their realms. Its
 * battles' entries come after (withEntries), read from the Log for these battles.
 */
export function pageDataOf(
  c: CampaignData,
  you: You,
  upkeep: ReadonlyMap<number, number>,
  treasury: readonly PageRealm[] | null = null,
): PageData {
  const units = decodeUnits(c.units, c.armies);
  const ready = new Map<string, number>();
  for (const u of units) {
    if (u.status === 'Ready') ready.set(nameKey(u.army), (ready.get(nameKey(u.army)) ?? 0) + u.value);
  }
  const battles: PageBattle[] = [];
  for (const b of c.battles) {
    const mine = [0, 1].map((i) => b.setup.sides[i as 0 | 1].armies.some((a) => commandsArmy(you, a)));
    if (!mine[0] && !mine[1]) continue;
    const fought = b.appliedBy !== null;
    const side = (i: 0 | 1): PageSide => {
      const s = b.setup.sides[i];
      const seal = b.seals[i];
      const own = s.armies.length > 0 && s.armies.every((a) => commandsArmy(you, a));
      const revealed = seal !== null && !seal.sealed;
      const plan = own
        ? (seal?.plan ?? s.circumstances.plan)
        : revealed || fought
          ? s.circumstances.plan
          : null;
      return {
        label: sideLabel(b.setup, i),
        armies: s.armies,
        mine: own,
        value: s.armies.reduce((n, a) => n + (ready.get(nameKey(a)) ?? 0), 0),
        seal: seal === null ? 'none' : seal.sealed ? 'sealed' : 'revealed',
        plan: plan ?? null,
        roll: b.rolls[i],
      };
    };
    battles.push({
      name: b.setup.name,
      sides: [side(0), side(1)],
      fought,
      logged: b.logged ?? [],
      entries: [],
    });
  }
  return {
    player: you.email,
    role: you.role,
    armies: you.armies,
    dice: c.dice,
    units: units
      .filter((u) => commandsArmy(you, u.army))
      .map((u) => ({
        name: u.name,
        army: u.army,
        status: u.status,
        value: u.value,
        upkeep: upkeep.get(u.row) ?? null,
      })),
    battles,
    seasons: [],
    treasury,
  };
}

/** The Log's Event of a season collected (SHEETS.md "Log and Undo"). */
export const SEASON_EVENT = 'Season';

/** The page with the Log entries read for it: each battle's own, and the season entries, newest first. */
export function withEntries(page: PageData, log: readonly PageEntry[]): PageData {
  return {
    ...page,
    battles: page.battles.map((b) => ({
      ...b,
      entries: log.filter((e) => e.event !== SEASON_EVENT && nameKey(e.battle) === nameKey(b.name)),
    })),
    seasons: log.filter((e) => e.event === SEASON_EVENT),
  };
}
