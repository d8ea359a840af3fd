// The sidebar's writes: Save, Apply, Undo and New round (and, through `write`, sealed-actions.ts's), each one
// server call, never two at a time. The answer's campaign is shown at once; a refusal stands beside the button; a
// call lost in transit says how to retry.
import type { Response, Written } from '../contract/api';
import { labelledSetup, setupProblem } from './battle-setup';
import { nextStep } from './next-steps';
import { applyBody, idFor } from './requests';
import { noAnswer, type Server } from './server';
import {
  adopt,
  applyProblem,
  type Busy,
  isApplied,
  keptNote,
  quiet,
  type Spot,
  type State,
  say,
  showUndone,
  shownListing,
  undoableHere,
} from './state';

/** The controller's state as its parts share it: read it, set the next one (the listeners hear of it). */
export interface Store {
  readonly state: State;
  set(next: State): void;
}

export interface Writes {
  save(): Promise<void>;
  apply(): Promise<void>;
  undo(): Promise<void>;
  /** Undoes the battle applied here, when its entry is still the newest (undoableHere); else nothing. */
  undoThis(): Promise<void>;
  newRound(): Promise<void>;
}

const WORDS: Record<Busy, string> = {
  load: 'Reading the campaign',
  save: 'Saving',
  apply: 'Applying',
  undo: 'Undoing',
  newRound: 'Starting the new round',
  seal: 'Sealing the plan',
  reveal: 'Revealing the plans',
  roll: 'Rolling the logged dice',
};

export interface WriteOptions {
  readonly busy: Busy;
  /** Where the answer's message stands. */
  readonly spot: Spot;
  readonly call: () => Promise<Response<Written>>;
  /** The state after a written answer (the answer's campaign already shown); by default as it is. */
  readonly done?: (s: State, answer: Written) => State;
  /** What to press when the call was lost in transit. */
  readonly retry: string;
  /** The battle being set up stays as the person left it (Save, Apply), not the sheet's. */
  readonly keepSetup?: boolean;
}

/** One write: nothing is sent while another is on its way. */
export async function write(store: Store, o: WriteOptions): Promise<void> {
  if (store.state.busy) return;
  store.set({ ...quiet(store.state), busy: o.busy });
  let answer: Response<Written>;
  try {
    answer = await o.call();
  } catch (e) {
    const text = `${noAnswer(WORDS[o.busy], e)} ${o.retry}`;
    store.set(say({ ...store.state, busy: null }, o.spot, text, { kind: 'error', reload: true }));
    return;
  }
  const state = store.state;
  if (answer.ok) {
    const shown = adopt({ ...state, busy: null }, answer.campaign, o.keepSetup ?? false);
    // A write that found nothing to do (another user's or the menu's did it) is a note, never a success.
    const text = answer.unchanged
      ? `${answer.message} The sidebar now shows the campaign as it stands.`
      : answer.message;
    const kind = answer.unchanged ? 'info' : 'ok';
    const said = say(shown, o.spot, `${text}${keptNote(shown)}`, { kind });
    store.set(o.done ? o.done(said, answer) : said);
    return;
  }
  const shown = answer.campaign
    ? adopt({ ...state, busy: null }, answer.campaign, false)
    : { ...state, busy: null };
  const text = `${answer.message}${nextStep(answer, o.busy)}${keptNote(shown)}`;
  // A refusal that brought the campaign has already shown it: a Reload beside it would only fetch it again.
  const reload = !answer.campaign && answer.code !== 'authorization';
  store.set(say(shown, o.spot, text, { kind: 'error', reload }));
}

export function createWrites(store: Store, server: Server, id: () => string): Writes {
  const undoEntry = (entry: string) => {
    // A battle undone is shown as it now stands, ready to fight again (not left as applied, nor to pick again).
    const listed = store.state.campaign?.data.entries.find((e) => e.id === entry);
    const battle = listed?.event === 'Battle' ? listed.battle : null;
    return write(store, {
      busy: 'undo',
      spot: 'log',
      call: () => server.sidebarUndo({ entry }),
      retry: 'Press Undo again.',
      done: (s) => (battle ? showUndone(s, battle) : s),
    });
  };

  return {
    save() {
      const state = store.state;
      const listing = shownListing(state);
      const problem = state.campaign
        ? setupProblem(state.setup, !listing, state.campaign.data.battles)
        : 'Wait for the campaign.';
      if (problem) {
        store.set(say(state, 'battle', problem, { kind: 'error' }));
        return Promise.resolve();
      }
      const setup = labelledSetup(state.setup);
      return write(store, {
        busy: 'save',
        spot: 'battle',
        call: () => server.sidebarSave({ setup, battle: listing?.fingerprint ?? null }),
        retry: 'Press Save again.',
        keepSetup: true,
      });
    },

    apply() {
      const state = store.state;
      const o = state.outcome;
      if (
        state.busy ||
        !state.campaign ||
        !o?.ok ||
        !o.preview.result ||
        !state.selection ||
        isApplied(state)
      )
        return Promise.resolve();
      const problem = applyProblem(state);
      if (problem) {
        store.set(say(state, 'apply', problem, { kind: 'error' }));
        return Promise.resolve();
      }
      const body = applyBody(state.campaign, labelledSetup(state.setup), o.preview, state.selection);
      const pending = idFor(state.pending.apply, body, id);
      store.set({ ...state, pending: { ...state.pending, apply: pending } });
      const frozen = { outcome: state.outcome, selection: state.selection, selectionKey: state.selectionKey };
      return write(store, {
        busy: 'apply',
        spot: 'apply',
        call: () => server.sidebarApply({ id: pending.id, ...body }),
        done: (s, answer) => ({
          ...s,
          ...frozen,
          appliedHere: { message: answer.message },
          pending: { ...s.pending, apply: null },
        }),
        retry: 'Press Apply to roster again: a battle is never applied twice.',
        keepSetup: true,
      });
    },

    undo() {
      const entry = store.state.campaign?.data.entries[0];
      return entry ? undoEntry(entry.id) : Promise.resolve();
    },

    undoThis() {
      const entry = undoableHere(store.state);
      return entry ? undoEntry(entry) : Promise.resolve();
    },

    newRound() {
      const state = store.state;
      const pending = state.pending.newRound ?? { key: '', id: id() };
      store.set({ ...state, pending: { ...state.pending, newRound: pending } });
      return write(store, {
        busy: 'newRound',
        spot: 'log',
        call: () => server.sidebarNewRound({ id: pending.id }),
        done: (s) => ({ ...s, pending: { ...s.pending, newRound: null } }),
        retry: 'Press New round again: it never runs twice.',
      });
    },
  };
}
