// The sidebar's controller: every user action as a change of State. Previews and rolls are worked out here in the
// browser; only Reload and the writes (writes.ts) call the server, one at a time, and each answer's campaign is
// shown at once with no second call.
import type { LoadAnswer } from '../contract/api';
import type { BattleSetup } from '../contract/campaign';
import { messageOf } from '../contract/cells';
import { type Box, toggle as toggleBox } from './casualties';
import { parseDie, rollD100, rollUntilDecided } from './dice';
import { newId } from './requests';
import { noAnswer, type Server } from './server';
import { nextStep } from './next-steps';
import { withArmy, withArmyRenamed } from './battle-setup';
import { createOnReturn } from './on-return';
import { createWrites, type Store, type Writes } from './writes';
import { createSealedActions, type SealedActions } from './sealed-actions';
import {
  adopt,
  canRoll,
  initialState,
  loggedDice,
  isApplied,
  keptNote,
  loaded,
  NO_TYPED,
  pick,
  quiet,
  recompute,
  type State,
  say,
  withFieldProblem,
  withRolls,
  withTypedProblems,
} from './state';

export interface Controller extends Writes, Pick<SealedActions, 'seal' | 'reveal'> {
  readonly state: State;
  /** Called after every change with the new state and the one before. */
  subscribe(listener: (state: State, previous: State) => void): void;
  /** Shows a load's answer: the one the page came with, or sidebarLoad's. */
  open(answer: LoadAnswer): void;
  load(): Promise<void>;
  reload(): Promise<void>;
  /**
   * The person came back to the sidebar (its focus, its tab shown again): a battle shown applied is read again, in
   * case it was undone outside (on-return.ts).
   */
  returned(): Promise<void>;
  pick(name: string | null): void;
  rename(name: string): void;
  change(setup: BattleSetup): void;
  army(side: 0 | 1, army: string, on: boolean): void;
  /** Renames an army of a side (a typo to the known name); refused, with a message, if the other side has it. */
  renameArmy(side: 0 | 1, from: string, to: string): void;
  setRollMode(mode: State['rollMode']): void;
  /** Rolls here; with Logged dice the server rolls (sealed-actions.ts). */
  roll(): Promise<void> | void;
  typedDice(a: string, b: string): void;
  clearDice(): void;
  /** A form field holds what its cell would refuse (or, with null, no longer does). */
  fieldProblem(field: string, problem: string | null): void;
  toggle(side: 0 | 1, row: number, box: Box, on: boolean): void;
}

export interface ControllerOptions {
  readonly die?: () => number;
  readonly id?: () => string;
}

export function createController(server: Server, options: ControllerOptions = {}): Controller {
  const die = options.die ?? rollD100;
  let state = initialState();
  const listeners: ((s: State, p: State) => void)[] = [];
  const store: Store = {
    get state() {
      return state;
    },
    set(next) {
      if (next === state) return;
      const previous = state;
      state = next;
      for (const l of listeners) l(state, previous);
    },
  };
  const set = store.set;
  const id = options.id ?? (() => newId());
  const sealed = createSealedActions(store, server, id);
  /** A change by the user: the old message goes unless the change brings its own. */
  const user = (next: State) => set(recompute(quiet(next)));
  const armyChange = (side: 0 | 1, r: ReturnType<typeof withArmy>) => {
    if (isApplied(state)) return;
    if (!r.ok) set(say(state, side === 0 ? 'side-0' : 'side-1', r.refused, { kind: 'error' }));
    else user({ ...state, setup: r.setup });
  };

  const controller: Controller = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.push(listener);
    },

    open(answer) {
      set(opened(state, answer));
    },
    async load() {
      if (state.busy) return;
      set(say({ ...state, busy: 'load' }, 'top', 'Reading the campaign…'));
      let answer: LoadAnswer;
      try {
        answer = await server.sidebarLoad();
      } catch (e) {
        const text = `${noAnswer('Reading the campaign', e)} Then press Retry.`;
        set(say({ ...state, busy: null }, 'top', text, { kind: 'error', reload: true }));
        return;
      }
      controller.open(answer);
    },
    reload() {
      return controller.load();
    },
    returned: createOnReturn(store, server),

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
    fieldProblem(field, problem) {
      if (isApplied(state)) return;
      set(withFieldProblem(state, field, problem));
    },
    toggle(side, row, box, on) {
      const o = state.outcome;
      if (!o?.ok || !state.selection || isApplied(state)) return;
      set({ ...state, selection: toggleBox(o.preview, state.selection, side, row, box, on) });
    },

    ...createDice(store, die, sealed.loggedRoll),
    ...createWrites(store, server, id),
    seal: sealed.seal,
    reveal: sealed.reveal,
  };
  return controller;
}

/**
 * The dice: rolled here until the battle is decided, or typed from the table, or cleared to start again; with
 * Logged dice, the server's logged roll.
 */
function createDice(
  store: Store,
  die: () => number,
  loggedRoll: () => Promise<void>,
): Pick<Controller, 'setRollMode' | 'roll' | 'typedDice' | 'clearDice'> {
  return {
    setRollMode(mode) {
      store.set({ ...store.state, rollMode: mode });
    },
    roll() {
      const state = store.state;
      if (loggedDice(state)) return loggedRoll();
      if (!canRoll(state) || !state.outcome?.ok) return;
      const [a, b] = state.outcome.preview.sides;
      store.set(withRolls(state, rollUntilDecided(state.rolls, a.battleValue, b.battleValue, die)));
    },
    typedDice(textA, textB) {
      const state = store.state;
      if (!canRoll(state) || !state.outcome?.ok) return;
      // Each field's message names it by its side's label, under the field; nothing is rolled meanwhile.
      const [a, b] = state.outcome.preview.sides;
      const da = parseDie(textA, `${a.label}’s die`);
      const db = parseDie(textB, `${b.label}’s die`);
      const problems = [typeof da === 'string' ? da : null, typeof db === 'string' ? db : null] as const;
      const next = withTypedProblems(quiet(state), [textA, textB], problems);
      if (typeof da === 'string' || typeof db === 'string') store.set(next);
      else store.set(withRolls(next, [...state.rolls, [da, db]]));
    },
    clearDice() {
      const state = store.state;
      if (isApplied(state)) return;
      store.set(recompute(quiet({ ...state, rolls: [], typed: NO_TYPED })));
    },
  };
}

/** The state showing a load's answer: its campaign (a refusal may bring one too), its notice, or its refusal. */
function opened(state: State, answer: LoadAnswer): State {
  const first = state.campaign === null;
  try {
    if (!answer.ok) {
      // A refusal offers Retry (another load), but for a missing permission: its message has the link that
      // grants it, which no Retry can.
      const s = answer.campaign ? loaded(state, answer.campaign) : state;
      return say({ ...s, busy: null }, 'top', `${answer.message}${nextStep(answer, 'load')}`, {
        kind: 'error',
        reload: answer.code !== 'authorization',
      });
    }
    const s = first ? loaded(state, answer.campaign) : adopt(state, answer.campaign, false);
    const shown = { ...s, busy: null, you: answer.you ?? null };
    if (answer.notice) return say(shown, 'top', answer.notice);
    if (first) return quiet(shown);
    return say(shown, 'top', `Reloaded: the sidebar shows the campaign as it stands.${keptNote(shown)}`, {
      kind: 'ok',
    });
  } catch (e) {
    const text = `The sidebar could not show the campaign (${messageOf(e)}). Press Retry.`;
    return say({ ...state, busy: null }, 'top', text, { kind: 'error', reload: true });
  }
}
