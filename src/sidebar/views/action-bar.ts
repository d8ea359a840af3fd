// The next step, pinned to the bottom of the sidebar: one line saying where the battle stands and the one button
// that moves it on (Roll, Use these dice, Apply to roster, Undo this battle). Updated in place: the same
// elements, only their text and hidden states change.
import type { Controller } from '../controller';
import { percent } from '../format';
import { canRoll, isApplied, loggedDice, type State, undoableHere, waitsForReveal } from '../state';
import { rollOffered } from '../sealing';
import { diceProblemsOf } from './roll';
import { offersOf } from '../you';

export interface ActionBarUi {
  readonly status: HTMLElement;
  readonly roll: HTMLButtonElement;
  readonly useDice: HTMLButtonElement;
  readonly apply: HTMLButtonElement;
  readonly undoThis: HTMLButtonElement;
}

/** The status line: what the battle shows now, in words. */
export function statusText(s: State): { text: string; off: boolean } {
  // Not loaded: while reading, say so; a load that failed has its own message and Retry above, not this line.
  if (!s.campaign) return { text: s.busy === 'load' ? 'Reading the campaign…' : '', off: false };
  const o = s.outcome;
  if (!o) return { text: '', off: false };
  if (!o.ok) return { text: o.problem, off: true };
  const p = o.preview;
  const [a, b] = p.sides;
  if (isApplied(s)) {
    return {
      text: p.result
        ? `Applied: ${p.sides[p.result.winner].label} won by ${p.result.difference}. Undo it to fight it again.`
        : 'This battle is applied already (see the Log). Undo it to fight it again.',
      off: false,
    };
  }
  if (waitsForReveal(s)) return { text: 'Plans sealed: the result waits for the reveal.', off: false };
  if (p.noBattle) return { text: `No battle: ${a.plan} against ${b.plan} rules it out.`, off: false };
  if (p.result) {
    const r = p.result;
    return {
      text: `${p.sides[r.winner].label} wins by ${r.difference}. Casualties: ${a.label} ${r.points[0]} pts, ${b.label} ${r.points[1]} pts.`,
      off: false,
    };
  }
  const dice = diceProblemsOf(s);
  if (dice) return { text: `Not rolled: ${dice}`, off: true };
  if (p.tie) return { text: 'Tie — roll again', off: false };
  const odds = p.odds ? ` · ${a.label} wins ${percent(p.odds.winA)}` : '';
  return { text: `${a.label} ${a.battleValue} v ${b.label} ${b.battleValue}${odds}`, off: false };
}

export function renderActionBar(ui: ActionBarUi, s: State): void {
  const { text, off } = statusText(s);
  if (ui.status.textContent !== text) ui.status.textContent = text;
  ui.status.classList.toggle('off', off);
  const p = s.outcome?.ok ? s.outcome.preview : null;
  const applied = isApplied(s);
  const logged = loggedDice(s);
  ui.roll.hidden = !rollOffered(s) || (s.rollMode !== 'auto' && !logged);
  ui.roll.textContent = s.busy === 'roll' ? 'Rolling…' : p?.tie && !logged ? 'Roll again' : 'Roll';
  ui.roll.disabled = logged && s.busy !== null;
  ui.useDice.hidden = !canRoll(s) || s.rollMode !== 'typed';
  const notYours = offersOf(s).apply;
  ui.apply.hidden = !p?.result || !s.selection || (applied && s.busy !== 'apply');
  ui.apply.disabled = s.busy !== null || notYours !== '';
  ui.apply.title = notYours;
  if (notYours && !ui.apply.hidden && ui.status.textContent !== `${text} ${notYours}`)
    ui.status.textContent = `${text} ${notYours}`;
  ui.apply.textContent = s.busy === 'apply' ? 'Applying…' : 'Apply to roster';
  ui.undoThis.hidden = undoableHere(s) === null;
  ui.undoThis.disabled = s.busy !== null || notYours !== '';
  ui.undoThis.title = notYours;
  ui.undoThis.textContent = s.busy === 'undo' ? 'Undoing…' : 'Undo this battle';
}

/** Wires the bar's buttons to the controller, once. */
export function wireActionBar(ui: ActionBarUi, controller: Controller): void {
  ui.roll.addEventListener('click', () => controller.roll());
  ui.apply.addEventListener('click', () => void controller.apply());
  ui.undoThis.addEventListener('click', () => void controller.undoThis());
}
