// The Players sheet read into records: headers by name, blank rows skipped, a row it cannot read named.
import { describe, expect, it } from 'vitest';
import { readPlayers } from '../../src/sheets/players';

describe('readPlayers', () => {
  it('reads each person, their role (blank: Player) and their armies', () => {
    const { records, problems } = readPlayers([
      ['player', 'ROLE', 'Armies', 'Notes'],
      ['gm@example.com', 'GM', '', 'runs it'],
      ['elin@example.com', '', 'Elinvaire Host, Marcher Levies', ''],
      ['', 'Player', 'Ghost Army', ''],
      ['', '', '', ''],
    ]);
    expect(records).toEqual([
      { email: 'gm@example.com', role: 'GM', armies: [] },
      { email: 'elin@example.com', role: 'Player', armies: ['Elinvaire Host', 'Marcher Levies'] },
    ]);
    expect(problems).toEqual([]);
  });

  it('names a row whose email or role it cannot read, reads that person as no more than a Player, and takes a name (a player by link only)', () => {
    const { records, problems } = readPlayers(
      [
        ['Player', 'Role', 'Armies'],
        ['not an@email', 'GM', ''],
        ['rolf@example.com', 'Boss', 'Roheryn Guard'],
        ['Aerin of Avanil', 'Player', 'Avanil'],
      ],
      3,
    );
    expect(records).toEqual([
      { email: 'rolf@example.com', role: 'Player', armies: ['Roheryn Guard'] },
      { email: 'Aerin of Avanil', role: 'Player', armies: ['Avanil'] },
    ]);
    expect(problems).toEqual([
      'Players row 4: Player must be a Google account email, or a name for someone who plays by link only (got "not an@email")',
      'Players row 5: Role must be GM or Player (got "Boss"); read as Player',
    ]);
  });

  it('names a missing header', () => {
    expect(() => readPlayers([['Player', 'Armies']])).toThrow(/Role/);
  });
});
