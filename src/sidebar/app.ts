// The battle sidebar: the controller (every action, the few server calls) and one view per section, redrawn from
// the state after each change with the focus kept where the user is.
import type { LoadAnswer } from '../contract/api';
import { type Controller, createController } from './controller';
import { byId, redraw } from './dom';
import { percent } from './format';
import type { Preview } from './preview-model';
import type { Server } from './server';
import { isApplied, type State } from './state';
import { youText } from './you';
import { renderActionBar, wireActionBar } from './views/action-bar';
import { renderAdvisor } from './views/advisor';
import { renderLog } from './views/log';
import { createMessagesView } from './views/messages';
import { busy, NEW, renderPicker } from './views/picker';
import { renderPreview } from './views/preview';
import { createAppliedReport } from './views/report';
import { createResultSection } from './views/result';
import { renderRoll } from './views/roll';
import { createProblems } from './views/problems';
import { createSides } from './views/sides';
import { hiddenSides } from './sealing';
import { createSealedAdvice } from './views/sealed-advice';
import { createSealedDice } from './views/sealed-dice';
import { createSealedNote } from './views/sealed-note';

/** `first`: the load's answer the page came with (no call); null: the sidebar loads the campaign itself. */
export function startApp(server: Server, first: LoadAnswer | null = null): Controller {
  const controller = createController(server);
  const ui = sidebarUi();
  const announce = (text: string) => {
    ui.announce.textContent = text;
  };
  const messages = createMessagesView(controller);
  const result = createResultSection(byId('result'), announce, controller);
  const report = createAppliedReport(byId('battle-report'));
  const sides = createSides(ui, controller);
  const problems = createProblems(ui.problems, controller);
  // Sealed plans and logged dice (sealing.ts): each part its own view, beside the section it speaks for.
  const sealedNote = createSealedNote(ui.preview);
  ui.preview.before(sealedNote.element);
  const sealedAdvice = createSealedAdvice(byId<HTMLDetailsElement>('advisor'));
  ui.advisor.before(sealedAdvice.element);
  const sealedDice = createSealedDice(controller);

  const render = (s: State, prev: State | null) => {
    const p = s.outcome?.ok ? s.outcome.preview : null;
    const applied = isApplied(s);
    redraw(
      () => {
        renderPicker(ui.picker, s, prev);
        const you = youText(s);
        if (ui.you.textContent !== you) ui.you.textContent = you;
        ui.you.hidden = you === '';
        sides.sync(s, prev, p);
        sealedNote.sync(s);
        sealedAdvice.sync(s);
        ui.previewOdds.textContent = hiddenSides(s).length
          ? 'plans sealed'
          : p?.odds
            ? `${percent(p.odds.winA)} : ${percent(p.odds.winB)}`
            : p?.noBattle
              ? 'no battle'
              : '';
        // Dice change only the result: the preview and the advisor stay as they are (nothing rebuilt unchanged).
        const sameBattle =
          prev?.outcome?.ok && s.outcome?.ok && prev.setup === s.setup && prev.campaign === s.campaign;
        // Before a campaign, the preview says "Reading the campaign…" only while a load is on its way.
        if (!prev || (s.outcome !== prev.outcome && !sameBattle) || (!s.campaign && s.busy !== prev.busy)) {
          const problem =
            s.outcome && !s.outcome.ok
              ? s.outcome.problem
              : !s.campaign && s.busy !== 'load'
                ? 'No campaign to show: the message at the top says why.'
                : null;
          renderPreview(ui.preview, problem, p);
          renderAdvisor(ui.advisor, p);
        }
        const diceShown = sealedDice.sync(s);
        if (diceShown && ui.roll.firstChild !== sealedDice.element)
          ui.roll.replaceChildren(sealedDice.element);
        else if (
          !diceShown &&
          (!prev ||
            ui.roll.firstChild === sealedDice.element ||
            s.outcome !== prev.outcome ||
            s.rollMode !== prev.rollMode ||
            s.rolls !== prev.rolls ||
            s.typed !== prev.typed ||
            isApplied(prev) !== applied)
        )
          renderRoll(ui.roll, s, controller);
        result.update(s);
        report.update(s);
        renderActionBar(ui.bar, s);
        busy(ui.result.section, s.busy === 'apply');
        busy(ui.bar.element, s.busy === 'apply' || s.busy === 'undo');
        renderLog(s, ui.log, prev);
        busy(ui.log.section, s.busy === 'undo' || s.busy === 'newRound');
        problems.sync(s, prev);
      },
      () => (p?.result ? ui.result.heading : null),
    );
    messages.update(s.message, prev?.message ?? null);
    followResult(ui, s, prev, p);
    announceBattle(announce, s, prev, p);
  };

  controller.subscribe(render);
  render(controller.state, null);
  // What focus scrolls into view stops above the pinned bar, whatever its height (messages come and go in it).
  new ResizeObserver(() => {
    document.documentElement.style.scrollPaddingBottom = `${ui.bar.element.offsetHeight + 8}px`;
  }).observe(ui.bar.element);

  ui.picker.select.addEventListener('change', () =>
    controller.pick(ui.picker.select.value === NEW ? null : ui.picker.select.value),
  );
  ui.picker.nameInput.addEventListener('input', () => controller.rename(ui.picker.nameInput.value));
  ui.picker.saveButton.addEventListener('click', () => void controller.save());
  wireActionBar(ui.bar, controller);
  ui.log.undoButton.addEventListener('click', () => void controller.undo());
  ui.log.newRoundButton.addEventListener('click', () => void controller.newRound());
  // No server can tell a sidebar of a change made outside it: it asks when the person comes back (never a poll).
  window.addEventListener('focus', () => void controller.returned());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void controller.returned();
  });
  if (first) controller.open(first);
  else void controller.load();
  return controller;
}

/** The page's elements the sections fill, found once. */
function sidebarUi() {
  return {
    announce: byId('announce'),
    problems: byId('problems'),
    you: byId('you'),
    picker: {
      select: byId<HTMLSelectElement>('battle-select'),
      nameRow: byId('new-name-row'),
      nameInput: byId<HTMLInputElement>('battle-name'),
      saveButton: byId<HTMLButtonElement>('save-button'),
      section: byId('battle-section'),
    },
    sides: [byId('side-0'), byId('side-1')] as const,
    sideTitles: [byId('side-0-title'), byId('side-1-title')] as const,
    sideBvs: [byId('side-0-bv'), byId('side-1-bv')] as const,
    sideDetails: [
      byId<HTMLDetailsElement>('side-0-details'),
      byId<HTMLDetailsElement>('side-1-details'),
    ] as const,
    preview: byId('preview'),
    previewOdds: byId('preview-odds'),
    advisor: byId('advisor-body'),
    roll: byId('roll'),
    result: { section: byId('result-section'), heading: byId('result-heading') },
    bar: {
      element: byId('action-bar'),
      status: byId('status'),
      roll: byId<HTMLButtonElement>('roll-button'),
      useDice: byId<HTMLButtonElement>('use-dice-button'),
      apply: byId<HTMLButtonElement>('apply-button'),
      undoThis: byId<HTMLButtonElement>('undo-this-button'),
    },
    log: {
      section: byId('log-section'),
      undoButton: byId<HTMLButtonElement>('undo-button'),
      newRoundButton: byId<HTMLButtonElement>('new-round-button'),
      note: byId('undo-note'),
      entries: byId('entries'),
    },
  };
}

type Ui = ReturnType<typeof sidebarUi>;

/**
 * A result just rolled: the Result section goes to the top of the view, so the winner, the casualty points and
 * the first suggested units show without scrolling; focus on its heading, Tab goes on to the units.
 */
function followResult(ui: Ui, s: State, prev: State | null, p: Preview | null): void {
  const before = prev?.outcome?.ok ? prev.outcome.preview : null;
  if (prev && p?.result && !before?.result && !isApplied(s) && s.picked === prev.picked) {
    ui.result.heading.focus({ preventScroll: true });
    ui.result.heading.scrollIntoView({ block: 'start' });
  }
}

/** The live status always says the battle as it stands, also when a message (a refusal, a reload) came with it. */
function announceBattle(
  announce: (text: string) => void,
  s: State,
  prev: State | null,
  p: Preview | null,
): void {
  if (!prev || s.outcome === prev.outcome || !p) return;
  const [a, b] = p.sides;
  const chances = hiddenSides(s).length
    ? ': plans sealed'
    : p.odds
      ? `: ${a.label} wins ${percent(p.odds.winA)}, ${b.label} ${percent(p.odds.winB)}`
      : ': no battle';
  announce(`Battle values ${a.battleValue} and ${b.battleValue}${chances}.`);
}
