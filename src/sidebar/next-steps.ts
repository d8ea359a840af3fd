// What to press after a failing answer: the sidebar's own words, chosen by the answer's code alone (contract/
// errors.ts). The server's message says what happened and what to fix in the sheet; it never names a button,
// since the same message also reaches the menu's alerts, which have other buttons.
import type { Failure } from '../contract/api';
import type { FailureCode } from '../contract/errors';
import type { Busy } from './state';

/** The button that makes each call, as the sidebar labels it. */
const BUTTON: Record<Busy, string> = {
  load: 'Retry',
  save: 'Save to Battles sheet',
  apply: 'Apply to roster',
  undo: 'Undo',
  newRound: 'New round',
  seal: 'Seal plan',
  reveal: 'Reveal plans',
  roll: 'Roll',
};

/** What to do after a write found the campaign changed under it (a stale answer). */
const STALE_NEXT: Record<Busy, string> = {
  load: 'check it and try again',
  save: 'check the battle and save again',
  apply: 'check the battle and apply again',
  undo: 'check the Log and undo again',
  newRound: 'check it and start the new round again',
  seal: 'check the battle and seal again',
  reveal: 'check the battle and reveal again',
  roll: 'check the battle and roll again',
};

const SHOWN = ' The sidebar now shows the campaign as it stands';

/** A write's failure that brought the campaign (shown at once): what the user does next. */
function withCampaign(code: FailureCode, busy: Busy): string {
  if (code === 'stale') return `${SHOWN}: ${STALE_NEXT[busy]}.`;
  if (code === 'failed' || code === 'locked') return `${SHOWN}: press ${BUTTON[busy]} again.`;
  return `${SHOWN}.`;
}

/** A failure without the campaign: the words beside the Reload (or, for the load, Retry) button it offers. */
function withoutCampaign(code: FailureCode, busy: Busy): string {
  const again = busy === 'load' ? 'Press Retry' : `Press ${BUTTON[busy]} again`;
  switch (code) {
    case 'locked':
      return ` ${again} in a moment.`;
    case 'failed':
      return busy === 'load'
        ? ' Press Retry.'
        : ` Press Reload (a load first puts back anything a failure left unfinished), then ${BUTTON[busy]} again.`;
    case 'authorization':
      // No Retry is offered: a sidebar opened before the permissions were granted cannot use them.
      return ' Then open Warcard → Battle… again.';
    case 'refused':
      // The message names who may do it: no button of this sidebar helps.
      return '';
    case 'setup':
    case 'unsafe':
      return busy === 'load' ? ' Press Retry once it is fixed.' : ' Press Reload once it is fixed.';
    default:
      return busy === 'load' ? ' Press Retry.' : ' Press Reload to see the campaign as it stands.';
  }
}

/**
 * The sidebar's words after a failing answer, by its code alone: the server's message says what happened, these
 * what the sidebar now shows and what to press.
 */
export function nextStep(answer: Failure, busy: Busy): string {
  return answer.campaign ? withCampaign(answer.code, busy) : withoutCampaign(answer.code, busy);
}
