// Who uses the sidebar and what they may do (contract/rights.ts, as the load told it): the line that says so, and
// why an action is not theirs. The server checks the same at its door; the sidebar only offers what it allows.
import { applyRefusal, commands, describePerson, isGM, saveRefusal, whoCan } from '../contract/rights';
import type { State } from './state';

/** Each write the sidebar offers, and why it is not this person's ('' when it is). */
export interface Offers {
  readonly save: string;
  readonly apply: string;
  readonly undo: string;
  readonly newRound: string;
}

const ALL: Offers = { save: '', apply: '', undo: '', newRound: '' };

/** What the sidebar offers the person for the battle shown. */
export function offersOf(s: State): Offers {
  const you = s.you;
  if (!you || isGM(you)) return ALL;
  const sides = s.setup.sides.map((side) => side.armies);
  const can = whoCan(you);
  const short = (why: string | null) =>
    why
      ? `Not yours: ${why.replace(/^You may not /, '').split('. Nothing')[0]}. ${can[0]?.toUpperCase()}${can.slice(1)} can.`
      : '';
  const armies = (s.campaign?.data.armies ?? []).map((a) => a.name);
  const everything = armies.length > 0 && armies.every((a) => commands(you, a));
  const gmOnly = `Not yours: ${whoCan(you)} does it, as it changes the units of realms not yours.`;
  return {
    save: short(saveRefusal(you, sides)),
    apply: short(applyRefusal(you, sides)),
    undo: everything ? '' : gmOnly,
    newRound: everything ? '' : gmOnly,
  };
}

/** The line at the top: who you are, and why you may do less. */
export function youText(s: State): string {
  const you = s.you;
  if (!you) return '';
  const why = you.why ? ` ${you.why}.` : '';
  const problems = you.problems.length > 0 ? ` Players sheet: ${you.problems.join('; ')}.` : '';
  return `You: ${describePerson(you)}.${why}${problems}`;
}
