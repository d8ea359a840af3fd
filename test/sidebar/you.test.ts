// Who uses the sidebar, as the load tells it: the line that says so, and the actions offered (the server
// checks the same at its door).
import { describe, expect, it } from 'vitest';
import { personOf, type PlayerRecord } from '../../src/contract/rights';
import { newSetup } from '../../src/sidebar/battle-setup';
import { initialState, type State } from '../../src/sidebar/state';
import { offersOf, youText } from '../../src/sidebar/you';

const PLAYERS: PlayerRecord[] = [
  { email: 'gm@example.com', role: 'GM', armies: [] },
  { email: 'elin@example.com', role: 'Player', armies: ['Elinvaire Host'] },
];

function shown(email: string, sides: [string[], string[]]): State {
  const setup = newSetup('Ford');
  const withArmies = {
    ...setup,
    sides: [
      { ...setup.sides[0], armies: sides[0] },
      { ...setup.sides[1], armies: sides[1] },
    ] as const,
  };
  return { ...initialState(), setup: withArmies, you: { ...personOf(email, PLAYERS), problems: [] } };
}

describe('the sidebar knows who you are', () => {
  it('says who you are and what you command', () => {
    expect(youText(shown('elin@example.com', [[], []]))).toBe(
      'You: elin@example.com, Player: Elinvaire Host.',
    );
    expect(youText(shown('gm@example.com', [[], []]))).toBe('You: gm@example.com, GM.');
    expect(youText(shown('x@example.com', [[], []]))).toContain('not on the Players sheet');
    expect(youText(initialState())).toBe('');
  });

  it('offers a player the save of their side, not the apply of a battle against another realm, and says why', () => {
    const offers = offersOf(shown('elin@example.com', [['Elinvaire Host'], ['Ghorvant Legion']]));
    expect(offers.save).toBe('');
    expect(offers.apply).toContain('"Ghorvant Legion"');
    expect(offers.apply).toContain('gm@example.com');
    expect(offers.newRound).toContain('gm@example.com');
  });

  it('offers a GM everything, and everyone everything when the load told nothing', () => {
    const all = { save: '', apply: '', undo: '', newRound: '' };
    expect(offersOf(shown('gm@example.com', [['Elinvaire Host'], ['Ghorvant Legion']]))).toEqual(all);
    expect(offersOf(initialState())).toEqual(all);
  });

  it('refuses a stranger every write', () => {
    const offers = offersOf(shown('x@example.com', [['Elinvaire Host'], ['Ghorvant Legion']]));
    expect(offers.save).not.toBe('');
    expect(offers.apply).not.toBe('');
  });
});
