// The rights of a table (SHEETS.md "Players"): who is a GM, what a player commands, and the refusal that names
// the realms and the GMs.
import { describe, expect, it } from 'vitest';
import {
  allowedOf,
  checkWrite,
  commands,
  commandsSide,
  describePerson,
  foreignRealms,
  type PlayerRecord,
  personOf,
} from '../../src/contract/rights';

const PLAYERS: PlayerRecord[] = [
  { email: 'gm@example.com', role: 'GM', armies: [] },
  { email: 'Elin@Example.com', role: 'Player', armies: ['Elinvaire Host', 'Marcher Levies'] },
  { email: 'rolf@example.com', role: 'Player', armies: ['Roheryn Guard'] },
];

describe('personOf', () => {
  it('makes everyone a GM without a Players sheet, or with no GM on it', () => {
    expect(personOf('anyone@example.com', null).role).toBe('GM');
    expect(personOf('', null).role).toBe('GM');
    const noGm = PLAYERS.filter((p) => p.role !== 'GM');
    expect(personOf('rolf@example.com', noGm)).toMatchObject({ role: 'GM', why: '' });
  });

  it('finds a listed person by email without case, with their armies', () => {
    const elin = personOf(' elin@example.com', PLAYERS);
    expect(elin).toMatchObject({ role: 'Player', armies: ['Elinvaire Host', 'Marcher Levies'], why: '' });
    expect(elin.gms).toEqual(['gm@example.com']);
    expect(personOf('GM@example.com', PLAYERS).role).toBe('GM');
    expect(describePerson(elin)).toBe('elin@example.com, Player: Elinvaire Host, Marcher Levies');
  });

  it('makes an unlisted person, or one Google gives no email of, a Player with no armies, and says why', () => {
    const stranger = personOf('x@example.com', PLAYERS);
    expect(stranger).toMatchObject({ role: 'Player', armies: [] });
    expect(stranger.why).toContain('not on the Players sheet');
    expect(personOf('', PLAYERS).why).toContain('Google does not give Warcard your email address');
  });
});

describe('what a person may touch', () => {
  const elin = personOf('elin@example.com', PLAYERS);
  const gm = personOf('gm@example.com', PLAYERS);

  it('gives a player their own armies (names compared as everywhere: case and spaces ignored)', () => {
    expect(commands(elin, 'elinvaire  host')).toBe(true);
    expect(commands(elin, 'Roheryn Guard')).toBe(false);
    expect(commandsSide(elin, ['Elinvaire Host', 'Marcher Levies'])).toBe(true);
    expect(commandsSide(elin, ['Elinvaire Host', 'Roheryn Guard'])).toBe(false);
    expect(commandsSide(elin, [])).toBe(false);
    expect(commandsSide(gm, [])).toBe(true);
    expect(foreignRealms(elin, ['Roheryn Guard', 'Elinvaire Host', 'roheryn guard'])).toEqual([
      'Roheryn Guard',
    ]);
  });

  it('lets a GM write anything and a player only their own realms', () => {
    expect(
      checkWrite(gm, { deed: 'apply this battle', realms: ['Roheryn Guard'], realmless: true }),
    ).toBeNull();
    expect(checkWrite(elin, { deed: 'apply this battle', realms: ['Elinvaire Host'] })).toBeNull();
    const no = checkWrite(elin, { deed: 'apply this battle', realms: ['Elinvaire Host', 'Roheryn Guard'] });
    expect(no).toBe(
      'You may not apply this battle: it would change realm "Roheryn Guard", and you are elin@example.com, Player: Elinvaire Host, Marcher Levies. Nothing was written. Ask a GM (gm@example.com) to do it, or to give you those armies on the Players sheet.',
    );
    expect(
      checkWrite(elin, { deed: 'start a new round', realms: ['Elinvaire Host'], realmless: true }),
    ).toContain('rows of no army');
  });

  it('refuses every write of a person with no armies, naming why', () => {
    const stranger = personOf('x@example.com', PLAYERS);
    const no = checkWrite(stranger, { deed: 'save this battle', realms: [] });
    expect(no).toContain('not on the Players sheet');
    expect(no).toContain('gm@example.com');
    expect(allowedOf(stranger)).toEqual({ everything: false, anything: false });
    expect(allowedOf(elin)).toEqual({ everything: false, anything: true });
    expect(allowedOf(gm)).toEqual({ everything: true, anything: true });
  });
});
