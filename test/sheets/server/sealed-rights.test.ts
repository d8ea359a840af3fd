// Who may seal, reveal and roll at a table (SHEETS.md "Players", "Sealed plans"): a seal is the side's own players'
// (or a GM's), a reveal and a logged roll write both sides' rows and are a GM's; a refusal comes before anything is
// written, naming the realm and the GM; and a sealed plan reaches every player of its side, and nobody else.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { CampaignData } from '../../../src/contract/campaign';
import { defined } from '../../../src/rules';
import {
  ANA,
  BOB,
  call,
  failed,
  FORD,
  GM,
  ok,
  open,
  reveal,
  roll,
  seal,
  seatTable,
  seeded,
  state,
  STRANGER,
} from '../../support';

/** A second player of Avanil's, who did not seal. */
const ANA2 = 'ana2@example.com';

function table(dice: 'Sidebar' | 'Logged' = 'Sidebar'): LoadedWorkbook {
  const lw = open();
  seeded(lw);
  const seats = [
    [GM, 'GM', ''],
    [ANA, 'Player', 'Avanil'],
    [ANA2, 'Player', 'Avanil'],
    [BOB, 'Player', 'Ghoere'],
  ] as const;
  return seatTable(lw, seats, { dice, strangers: [STRANGER] });
}

const fordOf = (lw: LoadedWorkbook) =>
  defined(
    ok(call<{ campaign: CampaignData }>(lw, 'sidebarLoad')).campaign.battles.find(
      (b) => b.setup.name === FORD,
    ),
    FORD,
  );

describe('the rights of sealed plans and logged dice', () => {
  it('lets a side’s player seal it and refuses the other side’s player and an unlisted person up front', () => {
    const lw = table();
    lw.actAs(BOB);
    const before = state(lw);
    const refused = failed(seal(lw, 0, 'Encircle'));
    expect(refused.code).toBe('refused');
    expect(refused.message).toContain('"Avanil"');
    expect(refused.message).toContain(GM);
    expect(state(lw)).toEqual(before);
    expect(lw.workbook.properties.size).toBe(0);
    lw.actAs(STRANGER);
    expect(failed(seal(lw, 0, 'Encircle')).code).toBe('refused');
    expect(state(lw)).toEqual(before);
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Hold'));
  });

  it('shows the sealed plan to every player of its side and to nobody else, the GM included', () => {
    const lw = table();
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle'));
    lw.actAs(ANA2);
    expect(fordOf(lw).seals[0]).toMatchObject({ sealed: true, plan: 'Encircle' });
    for (const who of [BOB, GM, STRANGER]) {
      lw.actAs(who);
      const ford = fordOf(lw);
      expect(ford.seals[0]?.sealed).toBe(true);
      expect(JSON.stringify(ford)).not.toContain('Encircle');
    }
  });

  it('keeps the reveal and the logged roll to the GM: a player of one side is refused, nothing written', () => {
    const lw = table('Logged');
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Hold'));
    const before = state(lw);
    for (const attempt of [() => reveal(lw), () => roll(lw)]) {
      const refused = failed(attempt());
      expect(refused.code).toBe('refused');
      expect(refused.message).toContain('"Avanil"');
      expect(refused.message).toContain(GM);
      expect(state(lw)).toEqual(before);
    }
    lw.actAs(GM);
    const rolled = ok(roll(lw));
    expect(rolled.message).toContain('Rolled');
  });
});
