// The sidebar's state and its changes: the loaded campaign, the battle shown and its setup, the rolls, the
// preview worked out from them, the casualty choice, the write on its way and the message to show. The
// controller (controller.ts) drives these with the server's answers; the views only read a State. Each change
// gives a new State from the old one; the one thing kept outside a State is `seq`, the count of messages said,
// which makes each message new to the view (say).
import { type OpenedCampaign, openCampaign } from '../contract/campaign';
import type { You } from '../contract/rights';
import type { BattleListing, BattleSetup, CampaignData } from '../contract/campaign';
import { lastOf, type RollPair } from '../rules';
import { type Selection, suggestedSelection } from './casualties';
import { type Catalogue, catalogue } from './catalogue';
import { type PreviewOutcome, previewOf } from './preview-model';
import {
  cloneSetup,
  listedRolls,
  listingNamed,
  mergeSetup,
  newSetup,
  setupProblem,
  withOwnPlans,
} from './battle-setup';

/** A write (or the load) on its way: its button shows it, and no other write is sent meanwhile. */
export type Busy = 'load' | 'save' | 'apply' | 'undo' | 'newRound' | 'seal' | 'reveal' | 'roll';

/** Where a message stands: beside what the user just did. */
export type Spot = 'top' | 'battle' | 'side-0' | 'side-1' | 'roll' | 'result' | 'apply' | 'log';

export interface Message {
  readonly text: string;
  readonly kind: 'info' | 'error' | 'ok';
  readonly spot: Spot;
  /** Offer a Reload beside it (one sidebarLoad call, only when pressed). */
  readonly reload: boolean;
  /** Each message is new: the view scrolls to it and announces it even if the text repeats. */
  readonly seq: number;
}

/** The id of a write sent and not yet answered with success, with the body it was sent for. */
export interface Pending {
  readonly key: string;
  readonly id: string;
}

export interface State {
  readonly campaign: OpenedCampaign | null;
  readonly catalogue: Catalogue | null;
  /** The battle of the Battles sheet shown (its name as listed), or null for a new one. */
  readonly picked: string | null;
  readonly setup: BattleSetup;
  /** Every pair rolled for this battle; the preview counts those up to the first that decides. */
  readonly rolls: readonly RollPair[];
  /** The preview of setup and rolls; null before the campaign is loaded. */
  readonly outcome: PreviewOutcome | null;
  readonly selection: Selection | null;
  /** What made the selection: a new result starts again from its suggestion. */
  readonly selectionKey: string;
  readonly rollMode: 'auto' | 'typed';
  readonly busy: Busy | null;
  /** This battle was applied from here: the preview stays as it was fought. */
  readonly appliedHere: { readonly message: string } | null;
  readonly message: Message | null;
  readonly pending: { readonly apply: Pending | null; readonly newRound: Pending | null };
  /** Battles picked so far: each pick shows both sides expanded. */
  readonly picks: number;
  /** The dice last typed (as typed) and each field's problem: a die refused is never counted as rolled. */
  readonly typed: {
    readonly texts: readonly [string, string];
    readonly problems: readonly [string | null, string | null];
  };
  /** A field of the form holding what its cell would refuse, by field name: the preview is not worked out. */
  readonly fieldProblems: Readonly<Record<string, string>>;
  /**
   * What the last campaign shown did to set-up not yet saved: null when there was none to keep, else the fields
   * the sheet changed too (so the sheet's stand), none when all was kept.
   */
  readonly kept: { readonly dropped: readonly string[] } | null;
  /** Who uses the sidebar, as the load told (null: not told; every action is offered, the server decides). */
  readonly you: You | null;
}

export const NO_TYPED: State['typed'] = { texts: ['', ''], problems: [null, null] };

export function initialState(): State {
  return {
    campaign: null,
    catalogue: null,
    picked: null,
    setup: newSetup(),
    rolls: [],
    outcome: null,
    selection: null,
    selectionKey: '',
    rollMode: 'auto',
    busy: null,
    appliedHere: null,
    message: null,
    pending: { apply: null, newRound: null },
    picks: 0,
    typed: NO_TYPED,
    fieldProblems: {},
    kept: null,
    you: null,
  };
}

/** The listing of the battle shown, when it is on the Battles sheet. */
export const shownListing = (s: State): BattleListing | undefined =>
  s.picked === null || !s.campaign ? undefined : listingNamed(s.campaign.data.battles, s.picked);

/**
 * The Log entry "Undo this battle" takes back: the one that applied the battle shown here, while it is still the
 * newest (undo takes back the newest only; after a new round, or another user's write, it is not).
 */
export function undoableHere(s: State): string | null {
  const applied = s.appliedHere ? shownListing(s)?.appliedBy : null;
  return applied && s.campaign?.data.entries[0]?.id === applied ? applied : null;
}

/** The battle shown is applied (here, or by a Log entry not undone): it cannot be rolled or applied again. */
export const isApplied = (s: State): boolean => s.appliedHere !== null || Boolean(shownListing(s)?.appliedBy);

/** Settings `Dice` = `Logged`: the server rolls (sealed-actions.ts), never the browser. */
export const loggedDice = (s: State): boolean => s.campaign?.data.dice === 'Logged';

/** A side's plan is sealed (the Plan cell reads Sealed): the result waits for the reveal. */
export const waitsForReveal = (s: State): boolean =>
  !isApplied(s) && (shownListing(s)?.seals.some((x) => x?.sealed === true) ?? false);

/**
 * Dice may be rolled or typed here (not with Logged dice, nor while a plan is sealed): the battle is worked out,
 * has two sides, no result yet, and is not applied.
 */
export function canRoll(s: State): boolean {
  const o = s.outcome;
  const here = !loggedDice(s) && !waitsForReveal(s);
  return Boolean(here && o?.ok && !o.preview.noBattle && !o.preview.result && !isApplied(s));
}

/** The field of a side's castle level, as fieldProblems names it. */
export const castleField = (side: 0 | 1): string => `castle-${side}`;

/**
 * The problems of fields that count now: a castle level only while its side defends (the rules ignore it
 * otherwise, and the field is disabled, so a problem left there could not be fixed).
 */
function liveFieldProblems(s: State): string[] {
  return Object.entries(s.fieldProblems)
    .filter(([field]) =>
      ([0, 1] as const).every((i) => field !== castleField(i) || s.setup.sides[i].circumstances.defender),
    )
    .map(([, problem]) => problem);
}

/** The preview worked out again from the setup and rolls; the choice kept unless the result changed. */
export function recompute(s: State): State {
  if (!s.campaign || s.appliedHere) return s;
  const [field] = liveFieldProblems(s);
  if (field !== undefined) {
    const outcome = { ok: false as const, problem: `Not worked out until this is fixed: ${field}` };
    return { ...s, outcome, selection: null, selectionKey: '' };
  }
  const outcome = previewOf(s.campaign, s.setup, s.rolls);
  if (!outcome.ok) return { ...s, outcome, selection: null, selectionKey: '' };
  const p = outcome.preview;
  const key = JSON.stringify([p.rolls, p.result]);
  const fresh = key !== s.selectionKey;
  return {
    ...s,
    outcome,
    selection: fresh ? (p.result ? suggestedSelection(p) : null) : s.selection,
    selectionKey: key,
  };
}

/** Shows a battle of the sheet (by its name) or a new one, both sides expanded. */
export function pick(s: State, name: string | null): State {
  const listing = name === null || !s.campaign ? undefined : listingNamed(s.campaign.data.battles, name);
  const base = {
    ...s,
    appliedHere: null,
    selection: null,
    selectionKey: '',
    picks: s.picks + 1,
    typed: NO_TYPED,
    fieldProblems: {},
  };
  if (!listing) return recompute({ ...base, picked: null, setup: newSetup(), rolls: [] });
  return recompute({
    ...base,
    picked: listing.setup.name,
    setup: cloneSetup(listing.setup),
    rolls: listedRolls(listing),
  });
}

/** The campaign as first loaded: the first battle not applied yet is shown, or a new one. */
export function loaded(s: State, answered: CampaignData): State {
  const data = withOwnPlans(answered);
  const campaign = openCampaign(data);
  const first = data.battles.find((b) => !b.appliedBy) ?? data.battles[0];
  return pick({ ...s, campaign, catalogue: catalogue(data.rules) }, first ? first.setup.name : null);
}

/**
 * The campaign as a write, a refusal or a reload answered it. The user's setup and rolls stay. When the battle
 * shown changed on the sheet meanwhile (`keepSetup` false), it is shown as the sheet now holds it with what the
 * user set up here and has not saved laid over it, field by field (a field the sheet changed too takes the
 * sheet's, and `kept` names it), and with the dice rolled here unless the sheet holds dice of its own. A battle
 * applied here stays shown as fought until its entry is undone.
 */
export function adopt(s: State, answered: CampaignData, keepSetup: boolean): State {
  const data = withOwnPlans(answered);
  const before = shownListing(s);
  const campaign = openCampaign(data);
  const next: State = { ...s, campaign, catalogue: catalogue(data.rules), kept: null };
  const now = listingNamed(data.battles, s.picked ?? s.setup.name);
  if (!now) {
    // Gone from the sheet (deleted, or undone away): the same battle, as a new one.
    return recompute({ ...next, picked: null, appliedHere: null });
  }
  if (s.appliedHere && now.appliedBy) return { ...next, picked: now.setup.name };
  const changed = before !== undefined && before.fingerprint !== now.fingerprint;
  if (s.picked !== null && changed && !keepSetup) {
    // The dice rolled here stay unless the sheet now holds its own (or they were applied and undone): a
    // refusal must not grant a second roll.
    const shown = pick(next, now.setup.name);
    const keepDice = s.rolls.length > 0 && shown.rolls.length === 0 && !s.appliedHere;
    const withDice = keepDice ? { ...shown, rolls: s.rolls } : shown;
    const unsaved = !s.appliedHere && JSON.stringify(s.setup) !== JSON.stringify(before.setup);
    if (!unsaved) return keepDice ? recompute(withDice) : shown;
    const { setup, dropped } = mergeSetup(before.setup, s.setup, now.setup);
    return recompute({ ...withDice, setup, picks: s.picks, kept: { dropped } });
  }
  return recompute({ ...next, picked: now.setup.name, appliedHere: null });
}

/**
 * After an undo of a battle's entry: that battle shown as it now stands, ready to fight and apply again, with the
 * undo's message. The battle shown stays instead when it holds set-up typed here and not saved (a pick would lose
 * it), or when the undone battle is no longer on the Battles sheet.
 */
export function showUndone(s: State, battle: string): State {
  const listing = s.campaign ? listingNamed(s.campaign.data.battles, battle) : undefined;
  if (!listing || listing.appliedBy || s.picked === listing.setup.name) return s;
  const shown = shownListing(s);
  const unsaved = JSON.stringify(s.setup) !== JSON.stringify(shown ? shown.setup : newSetup());
  return unsaved ? s : { ...pick(s, listing.setup.name), message: s.message };
}

/** What a message adds when the campaign shown came with set-up not yet saved: kept, or what was dropped. */
export function keptNote(s: State): string {
  if (!s.kept) return '';
  const { dropped } = s.kept;
  return dropped.length === 0
    ? ' Your set-up not yet saved is kept.'
    : ` Your set-up not yet saved is kept, but for what the sheet changed too (the sheet's stands): ${dropped.join(', ')}.`;
}

/** Dice typed with a problem in either field: one message under each field, nothing rolled. */
export const withTypedProblems = (
  s: State,
  texts: readonly [string, string],
  problems: readonly [string | null, string | null],
): State => ({ ...s, typed: { texts, problems } });

/** A field's problem set (or, with null, cleared), and the preview worked out again. */
export function withFieldProblem(s: State, field: string, problem: string | null): State {
  const { [field]: _old, ...rest } = s.fieldProblems;
  if (problem === null && _old === undefined) return s;
  return recompute({ ...s, fieldProblems: problem === null ? rest : { ...rest, [field]: problem } });
}

/** New dice: once they decide, the result is said where the user looks; a tie asks for another roll. */
export function withRolls(s: State, rolls: readonly RollPair[]): State {
  const next = recompute(quiet({ ...s, rolls, typed: rolls.length ? s.typed : NO_TYPED }));
  const p = next.outcome?.ok ? next.outcome.preview : null;
  if (!p) return next;
  const [a, b] = p.sides;
  if (p.result) {
    const r = p.result;
    const ties = p.rolls.length - 1;
    const after = ties > 0 ? ` after ${ties} tie${ties > 1 ? 's' : ''}` : '';
    const text = `${p.sides[r.winner].label} wins by ${r.difference}${after} (${a.label} ${r.totals[0]}, ${b.label} ${r.totals[1]}). Casualties are suggested below.`;
    return say(next, 'result', text, { kind: 'ok' });
  }
  if (p.tie) {
    const total = a.battleValue + lastOf(p.rolls, 'roll of a tie')[0];
    return say(next, 'roll', `Tie — roll again (${a.label} and ${b.label} both ${total}).`);
  }
  return next;
}

/** What keeps the battle shown from being applied, beyond a result to apply. */
export function applyProblem(s: State): string | null {
  if (!s.campaign) return 'Wait for the campaign.';
  const listing = shownListing(s);
  if (listing?.rollFormula) {
    return `A Roll cell of battle "${listing.setup.name}" holds a formula: it rolls again on every edit of the sheet. Clear it on the Battles sheet, then Reload.`;
  }
  return setupProblem(s.setup, !listing, s.campaign.data.battles);
}

/** Messages said so far in this sidebar: the one counter outside a State, so that a repeated text is new. */
let seq = 0;

export interface SayOptions {
  /** How the message shows: a note (the default), a success or a problem. */
  readonly kind?: Message['kind'];
  /** A Reload (or Retry) button stands beside the message. */
  readonly reload?: boolean;
}

/** The message said at a spot. */
export function say(
  s: State,
  spot: Spot,
  text: string,
  { kind = 'info', reload = false }: SayOptions = {},
): State {
  return { ...s, message: { text, kind, spot, reload, seq: ++seq } };
}

export const quiet = (s: State): State => (s.message ? { ...s, message: null } : s);
