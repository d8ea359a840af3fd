// Apply to roster: the battle as the user set it in the sidebar, checked against the sheets as they are now and
// valued again by the same rules function, then written as one journaled entry.
import type { ApplyRequest, Expectation, Response, UnitRef, Written } from '../../contract/api';
import { fightingUnits, fightSetup, unknownArmyProblem } from '../../contract/fight-setup';
import {
  type OpenedCampaign,
  campaignOf,
  type BattleListing,
  type BattleSetup,
  type CampaignData,
  type CampaignUnit,
  type FoughtSide,
  type SideSeal,
} from '../../contract/campaign';
import { type DecidedResult, type Fight, lastOf, nameKey, type RollPair } from '../../rules';
import { parseApplyRequest } from '../../contract/request-parsers';
import type { Fate, LoggedRolls } from '../../contract/battle-report';
import { battleLogWords } from '../../contract/battle-log';
import { cellAt, indexOfSheetRow } from '../sheet-table';
import { type Book, sheetOf } from './book';
import { fail } from './serve';
import { Refusal } from '../../contract/errors';
import { battleChanges, targetRows } from './battle-rows';
import { battleFingerprint, campaignModel } from './campaign-read';
import { unitKeyAt } from './row-identity';
import { columnFormulas, rowFormulas, withFormula } from './formulas';
import { commitEntry } from './journal';
import {
  type CellChange,
  clipChanges,
  EVENT_BATTLE,
  EVENT_REVEAL,
  EVENT_ROLL,
  entries,
} from './journal-sheets';
import {
  bindingPlans,
  forgetPlans,
  forgetRoll,
  type Kept,
  type KeptPlans,
  keptPlans,
  readKept,
  sideKey,
} from './seals';
import { answerNow, battleCallId, journaledCall, type WritePlan } from './write';
import { holdToRevealed } from './sealed/reveal-check';
import { typedOver, checkLogged, logNote, rollsOnLog } from './sealed/kept-rolls';
import { NO_STATUS_COLUMN, nothingWritten, stale } from '../../contract/refusals';

/**
 * What changed since the sidebar loaded, among what this write depends on; null when nothing did. An army on
 * neither Units nor Characters that the sidebar did not load either is no change but a name never known: refused.
 */
export function staleness(
  campaign: CampaignData,
  book: Book,
  setup: BattleSetup,
  e: Expectation,
): string | null {
  if (e.settings !== campaign.settingsFingerprint) return 'The Settings (house rules) changed';
  const given = new Map(Object.entries(e.armies).map(([k, v]) => [nameKey(k), v]));
  for (const name of [...setup.sides[0].armies, ...setup.sides[1].armies]) {
    const now = campaign.armies.find((a) => nameKey(a.name) === nameKey(name));
    if (!now && !given.has(nameKey(name))) {
      const known = campaign.armies.map((a) => a.name);
      throw new Refusal('invalid', unknownArmyProblem(name, known));
    }
    if (!now) return `Army "${name}" is no longer on Units or Characters`;
    if (given.get(nameKey(name)) !== now.fingerprint) return `The units or characters of ${now.name} changed`;
  }
  const listing = campaign.battles.find((b) => nameKey(b.setup.name) === nameKey(setup.name));
  const expected = e.battle;
  if (expected === null && listing)
    return `A battle named "${listing.setup.name}" is now on the Battles sheet`;
  if (expected !== null) {
    if (!listing) return `Battle "${setup.name}" is no longer on the Battles sheet (renamed or deleted?)`;
    const t = sheetOf(book, 'battles');
    const now = battleFingerprint(
      t,
      listing.rows.map((r) => indexOfSheetRow(t, r)),
    );
    if (now !== expected) return `Battle "${listing.setup.name}" changed on the Battles sheet`;
  }
  return null;
}

/** The unit a reference names: a fighting unit of that side at that row, with that name. */
function find(units: readonly CampaignUnit[], ref: UnitRef, what: string): CampaignUnit {
  const unit = units.find((u) => u.row === ref.row);
  if (!unit || unit.name !== ref.name) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `${what}: "${ref.name.slice(0, 60)}" is not a fighting unit of that side on Units row ${ref.row}.`,
      ),
    );
  }
  return unit;
}

interface UnitFate {
  readonly unit: CampaignUnit;
  readonly status: 'Destroyed' | 'Routed' | 'Captured';
  readonly how: Fate;
  readonly side: 0 | 1;
}

/** The status each chosen unit takes, each checked: in the battle, fighting, chosen once, captured only if routed. */
export function unitFates(fight: Fight, result: DecidedResult, request: ApplyRequest): UnitFate[] {
  const loser = result.winner === 'A' ? 1 : 0;
  const taken = new Map<number, UnitFate>();
  const take = (side: 0 | 1, ref: UnitRef, status: UnitFate['status'], how: Fate, what: string) => {
    const unit = find(fightingUnits(fight, side), ref, what);
    const before = taken.get(unit.row);
    if (before) throw new Refusal('invalid', `${unit.name} is chosen twice (${before.how} and ${how}).`);
    taken.set(unit.row, { unit, status, how, side });
  };
  const captured = new Set(request.captured.map((r) => r.row));
  for (const side of [0, 1] as const) {
    const chosen = request.losses[side];
    for (const ref of chosen.destroyed) take(side, ref, 'Destroyed', 'destroyed', 'Destroyed');
    for (const ref of chosen.routed) {
      const capture = side === loser && captured.has(ref.row);
      take(side, ref, capture ? 'Captured' : 'Routed', capture ? 'captured' : 'routed', 'Routed');
    }
  }
  for (const ref of request.captured) {
    const unit = find(fightingUnits(fight, loser), ref, 'Captured');
    if (taken.get(unit.row)?.status !== 'Captured') {
      throw new Refusal('invalid', `${unit.name} can be captured only if it is routed.`);
    }
  }
  for (const ref of request.pursued) take(loser, ref, 'Destroyed', 'destroyed in pursuit', 'Pursuit');
  return [...taken.values()].sort((x, y) => x.unit.row - y.unit.row);
}

/** Sidebar → Apply to roster. The request is parsed before anything is read: a refusal costs no valuing. */
export const sidebarApply = (raw: unknown): Response<Written> =>
  journaledCall({
    deed: 'apply',
    request: () => parseApplyRequest(raw),
    door: (request) => ({ setup: request.setup }),
    write: (request) => ({
      what: 'Applying the battle',
      id: battleCallId(
        request.id,
        request.setup.name,
        [EVENT_BATTLE],
        (e) => `This battle was applied already (Log row ${e.row}).`,
      ),
      tells: true,
      plan: (book) => applyPlan(book, request, new Date()),
    }),
  });

/** What Apply found kept for the battle: the plans that bind it, and what the Roll cells held against its roll. */
interface Applicable {
  readonly bound: KeptPlans | null;
  /** A GM's Reveal's plans are kept on their own, and forgotten once applied. */
  readonly revealKept: boolean;
  /** With Logged dice, the battle's kept rolls held to the Log. */
  readonly logged: LoggedRolls | null;
  /** What the answer adds: Roll cells typed over, Roll rows deleted or changed. */
  readonly note: string;
}

/**
 * The kept records, read only for a battle that may have some: Logged dice, a seal on its rows, or a Reveal or Roll
 * of it among the Log rows read (a player clearing both Sealed cells does not hide a reveal on the Log).
 */
function keptFor(book: Book, listing: BattleListing | undefined, name: string): Kept {
  const logged = book.settings.dice === 'Logged';
  const sealed = !!listing?.seals.some((s) => s !== null);
  const told = (e: { event: string; battle: string }) =>
    (e.event === EVENT_REVEAL || e.event === EVENT_ROLL) && nameKey(e.battle) === nameKey(name);
  const onLog = !!book.log && entries(book.log).some(told);
  return logged || sealed || onLog ? readKept() : {};
}

/**
 * Refuses a battle the sheet does not let apply: applied already, a Roll formula, a plan still sealed, plans other
 * than the revealed ones, or with Logged dice rolls that are not the logged ones.
 */
function checkApplicable(
  book: Book,
  listing: BattleListing | undefined,
  setup: BattleSetup,
  rolls: readonly RollPair[],
): Applicable {
  if (listing?.appliedBy) {
    throw new Refusal(
      'invalid',
      `Battle "${listing.setup.name}" was applied already: undo it first, or give this battle a new name.`,
    );
  }
  if (listing?.rollFormula) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `A Roll cell of battle "${listing.setup.name}" holds a formula: it rolls again on every edit of the sheet. Clear it: the sidebar rolls, or takes typed dice.`,
      ),
    );
  }
  const sealedSides = listing?.seals.filter((s) => s?.sealed).length ?? 0;
  if (listing && sealedSides > 0) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `Battle "${listing.setup.name}" has ${sealedSides === 1 ? 'a sealed plan' : 'sealed plans'}: ${sealedSides === 1 ? 'it is' : 'they are'} revealed (by the roll, or a GM's Reveal) before the battle is applied.`,
      ),
    );
  }
  const kept = keptFor(book, listing, setup.name);
  const bound = bindingPlans(setup.name, kept);
  const plansOf = (b: BattleSetup) => [b.sides[0].circumstances.plan, b.sides[1].circumstances.plan] as const;
  if (bound) holdToRevealed(bound, setup, listing ? plansOf(listing.setup) : plansOf(setup), plansOf(setup));
  const revealKept = keptPlans(setup.name, kept) !== null;
  if (book.settings.dice !== 'Logged') return { bound, revealKept, logged: null, note: '' };
  const roll = checkLogged(setup.name, rolls, kept);
  const logged = rollsOnLog(book, roll);
  return { bound, revealKept, logged, note: typedOver(roll, listing?.rolls ?? null) + logNote(logged) };
}

/** Each side's seal as its revealed plans were kept, for the report: what was sealed, by whom, and revealed. */
function revealedSeals(setup: BattleSetup, bound: KeptPlans): [SideSeal | null, SideSeal | null] {
  const seal = (i: 0 | 1): SideSeal | null => {
    const s = bound.sides.find((b) => b.side === sideKey(setup.sides[i].armies))?.sealed;
    if (!s?.revealed) return null;
    return { by: s.by, when: s.when, commitment: s.commitment, sealed: false, salt: s.revealed.salt };
  };
  return [seal(0), seal(1)];
}

/** The battle valued again by the same rules function and decided by these rolls, or the refusal saying why not. */
function decidedFight(
  opened: OpenedCampaign,
  setup: BattleSetup,
  rolls: readonly RollPair[],
): { readonly fight: Fight; readonly result: DecidedResult } {
  const fought = fightSetup(opened, setup, rolls);
  if (!fought.ok) throw new Refusal('invalid', fought.problem);
  const { fight } = fought;
  const result = fight.result;
  if (result.kind === 'noBattle')
    throw new Refusal('invalid', 'The plans rule out a battle: there is nothing to apply.');
  if (result.kind !== 'decided')
    throw new Refusal(
      'invalid',
      nothingWritten('The battle has no deciding roll yet (a tie is rolled again).'),
    );
  if (result.rolls.length < rolls.length) {
    const n = result.rolls.length;
    throw new Refusal(
      'invalid',
      nothingWritten(
        `rolls[${n}]: pair ${n} decided the battle, so no pair is rolled after it, and ${rolls.length - n} more ${rolls.length - n === 1 ? 'was' : 'were'} sent.`,
        ': send the rolls up to the deciding pair.',
      ),
    );
  }
  return { fight, result };
}

/** The Status cells the units' fates change, each with its unit's identity and any formula it held. */
function statusChanges(book: Book, fates: readonly UnitFate[]): CellChange[] {
  const units = sheetOf(book, 'units');
  if (units.table.column('Status') < 0 && fates.length > 0) {
    throw new Refusal('setup', NO_STATUS_COLUMN);
  }
  const statusFormulas = columnFormulas(
    units,
    'Status',
    fates.map((f) => f.unit.row),
  );
  return fates.map((f) => ({
    sheet: 'units',
    row: f.unit.row,
    header: 'Status',
    name: f.unit.name,
    army: f.unit.army,
    before: cellAt(units, indexOfSheetRow(units, f.unit.row), 'Status'),
    after: f.status,
    key: unitKeyAt(units, indexOfSheetRow(units, f.unit.row)),
    ...withFormula(statusFormulas, f.unit.row, 'Status'),
  }));
}

/** The Battles cells of the battle fought: its setup, the deciding roll and each side's figures as fought. */
function foughtChanges(book: Book, setup: BattleSetup, fight: Fight, result: DecidedResult): CellChange[] {
  const battles = sheetOf(book, 'battles');
  const { rows } = targetRows(battles, setup.name);
  const figures = (i: 0 | 1): FoughtSide => {
    const s = i === 0 ? fight.evaluation.a : fight.evaluation.b;
    return { base: s.base, percent: s.percent, points: s.points, unitValue: s.unitValue };
  };
  const decisive = lastOf(result.rolls, 'roll of a decided battle');
  return battleChanges(battles, rows, setup, decisive, [figures(0), figures(1)], rowFormulas(battles, rows));
}

/** The plan of an apply: the battle valued again on the sheets as they are now, the cells it changes, its Log words. */
function applyPlan(book: Book, request: ApplyRequest, when: Date): WritePlan {
  const { id, setup, rolls } = request;
  const model = campaignModel(book, { battle: setup.name });
  const campaign = model.data;
  const changed = staleness(campaign, book, setup, request.expect);
  if (changed) return answerNow(fail('stale', stale(changed), campaign));
  const listing = campaign.battles.find((b) => nameKey(b.setup.name) === nameKey(setup.name));
  const found = checkApplicable(book, listing, setup, rolls);
  const { fight, result } = decidedFight(campaignOf(campaign, model.units, model.characters), setup, rolls);
  const fates = unitFates(fight, result, request);
  const unitChanges = statusChanges(book, fates);
  const changes = [...foughtChanges(book, setup, fight, result), ...unitChanges];
  const fallen = fates.map((f) => ({ name: f.unit.name, army: f.unit.army, side: f.side, fate: f.how }));
  const seals = found.bound ? revealedSeals(setup, found.bound) : listing?.seals;
  const logged = found.logged ? { logged: found.logged } : {};
  const words = battleLogWords({ setup, fight, result, fallen, seals, when, ...logged });
  const fields = { ...words, Event: EVENT_BATTLE, Changes: clipChanges(words.Changes) };
  return {
    ok: true,
    changes,
    commit: (ends) => {
      const outcome = commitEntry(book, id, fields, changes, ends);
      // Applied, its logged roll is on the Log: the kept copy goes (an undo keeps it again).
      if (outcome.ok && book.settings.dice === 'Logged') forgetRoll(setup.name);
      if (outcome.ok && found.revealKept) forgetPlans(setup.name);
      return outcome;
    },
    done: (logRow) =>
      `${words.Result}. ${fates.length} ${fates.length === 1 ? 'unit' : 'units'} changed; logged on Log row ${logRow}.${found.note}`,
  };
}
