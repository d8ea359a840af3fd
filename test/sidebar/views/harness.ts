// What the view tests load into the page beside the views: states built from the fixture campaign by the real
// state functions, and a fake controller that records each call (name and arguments) and changes nothing.
import { type BattleSetup, type CampaignData, openCampaign } from '../../../src/contract/campaign';
import type { Controller } from '../../../src/sidebar/controller';
import { initialState, loaded, type State, withRolls } from '../../../src/sidebar/state';
import { fixtureCampaign } from '../../support/campaign-data';
import type { Plan } from '../../../src/rules';

export { toggle } from '../../../src/sidebar/casualties';
export { previewOf } from '../../../src/sidebar/preview-model';
export { withSide } from '../../../src/sidebar/battle-setup';
export { initialState, loaded, pick, say, withRolls } from '../../../src/sidebar/state';
export { fixtureCampaign } from '../../support/campaign-data';
export { startApp } from '../../../src/sidebar/app';
export { renderActionBar, statusText, wireActionBar } from '../../../src/sidebar/views/action-bar';
export { renderAdvisor } from '../../../src/sidebar/views/advisor';
export { renderLog } from '../../../src/sidebar/views/log';
export { createMessagesView } from '../../../src/sidebar/views/messages';
export { NEW, renderPicker } from '../../../src/sidebar/views/picker';
export { renderPreview } from '../../../src/sidebar/views/preview';
export { createAppliedReport, reportBody } from '../../../src/sidebar/views/report';
export { reportAs } from '../../../src/contract/battle-report';
export { createResultSection } from '../../../src/sidebar/views/result';
export { renderRoll } from '../../../src/sidebar/views/roll';
export { createSideForm } from '../../../src/sidebar/views/side-form';
export { createSealPanel } from '../../../src/sidebar/views/seal-panel';
export { createSealedAdvice } from '../../../src/sidebar/views/sealed-advice';
export { createSealedDice } from '../../../src/sidebar/views/sealed-dice';
export { createSealedNote } from '../../../src/sidebar/views/sealed-note';
export { percent } from '../../../src/sidebar/format';
import { AS_ANA, AS_BOB, AS_GM, sealedFord, sealOf } from '../../support/sealed-data';

declare global {
  interface Window {
    h: typeof import('./harness');
  }
}

/** The Ford of Avanil as first loaded: Avanil 23 against Ghoere 32, not rolled. */
export const fordState = (): State => loaded(initialState(), fixtureCampaign());

/** The Ford decided by one roll: Avanil 90 → 113, Ghoere 10 → 42. */
export const fordRolled = (): State => withRolls(fordState(), [[90, 10]]);

/**
 * The Ford applied here (its answer adopted): the Log's newest entry applied it; with `later`, a new round was
 * written after it, so that entry is no longer the newest.
 */
export function fordApplied(later = false): State {
  const decided = withRolls(fordState(), [
    [40, 31],
    [90, 10],
  ]);
  const data = fixtureCampaign();
  const entry = (id: string, event: string, battle: string) => ({
    id,
    row: 2,
    event,
    battle,
    result: '',
    report: '',
  });
  const applied: CampaignData = {
    ...data,
    battles: data.battles.map((b) =>
      b.setup.name === 'Ford of Avanil' ? { ...b, appliedBy: 'entry-ford' } : b,
    ),
    entries: [
      ...(later ? [entry('entry-round', 'New round', '')] : []),
      entry('entry-ford', 'Battle', 'Ford of Avanil'),
    ],
  };
  return { ...decided, campaign: openCampaign(applied), appliedHere: { message: 'Applied.' } };
}

export type Recorded = [string, ...unknown[]];

export interface FakeController extends Controller {
  state: State;
  readonly calls: Recorded[];
}

/** A controller whose every action is recorded; `change` records the setup's JSON for easy comparison. */
export function fakeController(state: State): FakeController {
  const calls: Recorded[] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const later =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  return {
    state,
    calls,
    subscribe: rec('subscribe'),
    open: rec('open'),
    load: later('load'),
    reload: later('reload'),
    returned: later('returned'),
    pick: rec('pick'),
    rename: rec('rename'),
    change(setup: BattleSetup) {
      calls.push(['change', JSON.parse(JSON.stringify(setup))]);
    },
    army: rec('army'),
    renameArmy: rec('renameArmy'),
    setRollMode: rec('setRollMode'),
    roll: rec('roll'),
    typedDice: rec('typedDice'),
    clearDice: rec('clearDice'),
    fieldProblem: rec('fieldProblem'),
    toggle: rec('toggle'),
    save: later('save'),
    apply: later('apply'),
    undo: later('undo'),
    undoThis: later('undoThis'),
    newRound: later('newRound'),
    seal: later('seal'),
    reveal: later('reveal'),
  };
}

/** Each message box shown: its id, class, text and buttons' texts. */
export const shownMessages = () =>
  [...document.querySelectorAll<HTMLElement>('[id^="message-"]')]
    .filter((b) => !b.hidden)
    .map((b) => [
      b.id,
      b.className,
      b.textContent,
      [...b.querySelectorAll('button')].map((x) => x.textContent),
    ]);

/** The element of `selector`, or an error naming it. */
export function the<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

export type SealedCase = 'open' | 'anaSealed' | 'bothSealed' | 'revealed' | 'loggedSealed' | 'loggedRolled';
export type Viewer = 'ana' | 'bob' | 'gm';

/**
 * The Ford as `who`'s sidebar opens it in case `which`: Avanil (ana) seals Encircle, Ghoere (bob) Trap, each plan
 * in the answer to its own side's player only; revealed, both are in the setup; with Logged dice, a tie then a
 * deciding pair drawn.
 */
export function sealedState(which: SealedCase, who: Viewer): State {
  const mine = (side: 0 | 1) => (who === 'ana' && side === 0) || (who === 'bob' && side === 1);
  const by = (side: 0 | 1) => (side === 0 ? AS_ANA : AS_BOB).email;
  const commitment = (side: 0 | 1) => (side === 0 ? 'aaaaaaaaaaaa' : 'bbbbbbbbbbbb');
  const sealed = (side: 0 | 1, plan: Plan) =>
    sealOf(by(side), commitment(side), mine(side) ? plan : undefined);
  const revealed = (side: 0 | 1) => sealOf(by(side), commitment(side), undefined, true);
  const plans: [Plan, Plan] = ['Encircle', 'Trap'];
  const data = {
    open: () => sealedFord([null, null]),
    anaSealed: () => sealedFord([sealed(0, 'Encircle'), null]),
    bothSealed: () => sealedFord([sealed(0, 'Encircle'), sealed(1, 'Trap')]),
    revealed: () => sealedFord([revealed(0), revealed(1)], { revealed: plans }),
    loggedSealed: () => sealedFord([sealed(0, 'Encircle'), sealed(1, 'Trap')], { dice: 'Logged' }),
    loggedRolled: () =>
      sealedFord([revealed(0), revealed(1)], {
        dice: 'Logged',
        revealed: plans,
        logged: [
          [57, 50],
          [90, 10],
        ],
      }),
  }[which]();
  return { ...loaded(initialState(), data), you: { ana: AS_ANA, bob: AS_BOB, gm: AS_GM }[who] };
}
