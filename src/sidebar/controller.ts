// The sidebar's controller: every user action as a change of State, and the four writes as one server call
// each. Previews and rolls are worked out here in the browser; only Reload, Save, Apply, Undo and New round call
// the server, one at a time, and each answer's campaign is shown at once with no second call.
import type { LoadAnswer, Response, Written } from '../contract/api';
import type { BattleSetup } from '../contract/campaign';
import { messageOf } from '../contract/cells';
import type { RollPair } from '../rules';
import { type Box, toggle as toggleBox } from './casualties';
import { parseDie, rollD100, rollUntilDecided } from './dice';
import { applyBody, idFor, newId } from './requests';
import { noAnswer, type Server } from './server';
import { labelledSetup, setupProblem, withArmy, withArmyRenamed } from './battle-setup';
import {
  adopt,
  applyProblem,
  type Busy,
  initialState,
  isApplied,
  keptNote,
  loaded,
  NO_TYPED,
  pick,
  quiet,
  recompute,
  type Spot,
  type State,
  say,
  shownListing,
  undoableHere,
  withFieldProblem,
  withRolls,
  withTypedProblems,
} from './state';

export interface Controller {
  readonly state: State;
  /** Called after every change with the new state and the one before. */
  subscribe(listener: (state: State, previous: State) => void): void;
  /** Shows a load's answer: the one the page came with, or sidebarLoad's. */
  open(answer: LoadAnswer): void;
  load(): Promise<void>;
  reload(): Promise<void>;
  pick(name: string | null): void;
  rename(name: string): void;
  change(setup: BattleSetup): void;
  army(side: 0 | 1, army: string, on: boolean): void;
  /** Renames an army of a side (a typo to the known name); refused, with a message, if the other side has it. */
  renameArmy(side: 0 | 1, from: string, to: string): void;
  setRollMode(mode: State['rollMode']): void;
  roll(): void;
  typedDice(a: string, b: string): void;
  clearDice(): void;
  /** A form field holds what its cell would refuse (or, with null, no longer does). */
  fieldProblem(field: string, problem: string | null): void;
  toggle(side: 0 | 1, row: number, box: Box, on: boolean): void;
  save(): Promise<void>;
  apply(): Promise<void>;
  undo(): Promise<void>;
  /** Undoes the battle applied here, when its entry is still the newest (undoableHere); else nothing. */
  undoThis(): Promise<void>;
  newRound(): Promise<void>;
}

export interface ControllerOptions {
  readonly die?: () => number;
  readonly id?: () => string;
}

const WORDS: Record<Busy, string> = {
  load: 'Reading the campaign',
  save: 'Saving',
  apply: 'Applying',
  undo: 'Undoing',
  newRound: 'Starting the new round',
};

export function createController(server: Server, options: ControllerOptions = {}): Controller {
  const die = options.die ?? rollD100;
  const id = options.id ?? (() => newId());
  let state = initialState();
  const listeners: ((s: State, p: State) => void)[] = [];
  const set = (next: State) => {
    if (next === state) return;
    const previous = state;
    state = next;
    for (const l of listeners) l(state, previous);
  };
  /** A change by the user: the old message goes unless the change brings its own. */
  const user = (next: State) => set(recompute(quiet(next)));

  /**
   * One write: nothing is sent while another is on its way. The answer's campaign is shown at once; a
   * refusal stands beside the button (with a Reload when it brought no campaign); a call lost in transit
   * says how to retry.
   */
  async function write(
    busy: Busy,
    spot: Spot,
    call: () => Promise<Response<Written>>,
    done: (s: State, answer: Written) => State,
    retry: string,
    keepSetup = false,
  ): Promise<void> {
    if (state.busy) return;
    set({ ...quiet(state), busy });
    let answer: Response<Written>;
    try {
      answer = await call();
    } catch (e) {
      set(say({ ...state, busy: null }, spot, `${noAnswer(WORDS[busy], e)} ${retry}`, 'error', true));
      return;
    }
    if (answer.ok) {
      const shown = adopt({ ...state, busy: null }, answer.campaign, keepSetup);
      // A write that found nothing to do (another user's or the menu's did it) is a note, never a success.
      const text = answer.unchanged
        ? `${answer.message} The sidebar now shows the campaign as it stands.`
        : answer.message;
      set(done(say(shown, spot, `${text}${keptNote(shown)}`, answer.unchanged ? 'info' : 'ok'), answer));
      return;
    }
    const shown = answer.campaign
      ? adopt({ ...state, busy: null }, answer.campaign, false)
      : { ...state, busy: null };
    const fresh = answer.campaign ? ' The sidebar now shows the campaign as it stands.' : '';
    const told = answer.message.includes('sidebar now shows') ? answer.message : `${answer.message}${fresh}`;
    const text = `${told}${keptNote(shown)}`;
    // A refusal that brought the campaign has already shown it: a Reload beside it would only fetch it again.
    set(say(shown, spot, text, 'error', !answer.campaign && answer.code !== 'authorization'));
  }

  const controller: Controller = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.push(listener);
    },

    open(answer) {
      const first = state.campaign === null;
      try {
        if (!answer.ok) {
          // A refusal may still bring the campaign; either way the message offers Retry (another load), but for a
          // missing permission: its message has the link that grants it, which no Retry can.
          const s = answer.campaign ? loaded(state, answer.campaign) : state;
          set(say({ ...s, busy: null }, 'top', answer.message, 'error', answer.code !== 'authorization'));
          return;
        }
        const s = first ? loaded(state, answer.campaign) : adopt(state, answer.campaign, false);
        const shown = { ...s, busy: null, you: answer.you ?? null };
        if (answer.notice) set(say(shown, 'top', answer.notice, 'info'));
        else if (first) set(quiet(shown));
        else
          set(
            say(
              shown,
              'top',
              `Reloaded: the sidebar shows the campaign as it stands.${keptNote(shown)}`,
              'ok',
            ),
          );
      } catch (e) {
        set(
          say(
            { ...state, busy: null },
            'top',
            `The sidebar could not show the campaign (${messageOf(e)}). Press Retry.`,
            'error',
            true,
          ),
        );
      }
    },
    async load() {
      if (state.busy) return;
      set(say({ ...state, busy: 'load' }, 'top', 'Reading the campaign…'));
      let answer: LoadAnswer;
      try {
        answer = await server.sidebarLoad();
      } catch (e) {
        set(
          say(
            { ...state, busy: null },
            'top',
            `${noAnswer('Reading the campaign', e)} Then press Retry.`,
            'error',
            true,
          ),
        );
        return;
      }
      controller.open(answer);
    },
    reload() {
      return controller.load();
    },

    pick(name) {
      set(quiet(pick(state, name)));
    },
    rename(name) {
      if (state.picked !== null) return;
      user({ ...state, setup: { ...state.setup, name } });
    },
    change(setup) {
      if (isApplied(state)) return;
      user({ ...state, setup });
    },
    army(side, army, on) {
      armyChange(side, withArmy(state.setup, side, army, on));
    },
    renameArmy(side, from, to) {
      armyChange(side, withArmyRenamed(state.setup, side, from, to));
    },

    setRollMode(mode) {
      set({ ...state, rollMode: mode });
    },
    roll() {
      const o = state.outcome;
      if (!o?.ok || o.preview.noBattle || o.preview.result || isApplied(state)) return;
      const [a, b] = o.preview.sides;
      rolled(rollUntilDecided(state.rolls, a.battleValue, b.battleValue, die));
    },
    typedDice(textA, textB) {
      const o = state.outcome;
      if (!o?.ok || o.preview.noBattle || o.preview.result || isApplied(state)) return;
      // Each field's message names it by its side's label, under the field; nothing is rolled meanwhile.
      const [a, b] = o.preview.sides;
      const da = parseDie(textA, `${a.label}’s die`);
      const db = parseDie(textB, `${b.label}’s die`);
      const problems = [typeof da === 'string' ? da : null, typeof db === 'string' ? db : null] as const;
      const next = withTypedProblems(quiet(state), [textA, textB], problems);
      if (typeof da === 'string' || typeof db === 'string') set(next);
      else set(withRolls(next, [...state.rolls, [da, db]]));
    },
    fieldProblem(field, problem) {
      if (isApplied(state)) return;
      set(withFieldProblem(state, field, problem));
    },
    clearDice() {
      if (isApplied(state)) return;
      user({ ...state, rolls: [], typed: NO_TYPED });
    },

    toggle(side, row, box, on) {
      const o = state.outcome;
      if (!o?.ok || !state.selection || isApplied(state)) return;
      set({ ...state, selection: toggleBox(o.preview, state.selection, side, row, box, on) });
    },

    save() {
      const listing = shownListing(state);
      const problem = state.campaign
        ? setupProblem(state.setup, !listing, state.campaign.data.battles)
        : 'Wait for the campaign.';
      if (problem) {
        set(say(state, 'battle', problem, 'error'));
        return Promise.resolve();
      }
      const setup = labelledSetup(state.setup);
      return write(
        'save',
        'battle',
        () => server.sidebarSave({ setup, battle: listing?.fingerprint ?? null }),
        (s) => s,
        'Press Save again.',
        true,
      );
    },

    apply() {
      const o = state.outcome;
      if (
        state.busy ||
        !state.campaign ||
        !o?.ok ||
        !o.preview.result ||
        !state.selection ||
        isApplied(state)
      ) {
        return Promise.resolve();
      }
      const problem = applyProblem(state);
      if (problem) {
        set(say(state, 'apply', problem, 'error'));
        return Promise.resolve();
      }
      const body = applyBody(state.campaign, labelledSetup(state.setup), o.preview, state.selection);
      const pending = idFor(state.pending.apply, body, id);
      set({ ...state, pending: { ...state.pending, apply: pending } });
      const frozen = { outcome: state.outcome, selection: state.selection, selectionKey: state.selectionKey };
      return write(
        'apply',
        'apply',
        () => server.sidebarApply({ id: pending.id, ...body }),
        (s, answer) => ({
          ...s,
          ...frozen,
          appliedHere: { message: answer.message },
          pending: { ...s.pending, apply: null },
        }),
        'Press Apply to roster again: a battle is never applied twice.',
        true,
      );
    },

    undo() {
      const entry = state.campaign?.data.entries[0];
      return entry ? undoEntry(entry.id) : Promise.resolve();
    },

    undoThis() {
      const entry = undoableHere(state);
      return entry ? undoEntry(entry) : Promise.resolve();
    },

    newRound() {
      const pending = state.pending.newRound ?? { key: '', id: id() };
      set({ ...state, pending: { ...state.pending, newRound: pending } });
      return write(
        'newRound',
        'log',
        () => server.sidebarNewRound({ id: pending.id }),
        (s) => ({ ...s, pending: { ...s.pending, newRound: null } }),
        'Press New round again: it never runs twice.',
      );
    },
  };

  const rolled = (rolls: RollPair[]) => set(withRolls(state, rolls));
  const armyChange = (side: 0 | 1, r: ReturnType<typeof withArmy>) => {
    if (isApplied(state)) return;
    if ('refused' in r) set(say(state, side === 0 ? 'side-0' : 'side-1', r.refused, 'error'));
    else user({ ...state, setup: r.setup });
  };
  const undoEntry = (entry: string) =>
    write(
      'undo',
      'log',
      () => server.sidebarUndo({ entry }),
      (s) => s,
      'Press Undo again.',
    );

  return controller;
}
