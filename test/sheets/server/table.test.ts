// A campaign shared by a table (SHEETS.md "Players", "Protect realms"): a GM, the players of two opposing realms
// and an unlisted user, each trying every write, with and without Warcard → Protect realms. Each write is
// allowed and written, or refused up front with the workbook unchanged cell for cell and a message naming the
// realm and the GM.
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import type { BattleSetup } from '../../../src/contract/campaign';
import { defined } from '../../../src/rules';
import {
  apply,
  AVANIL,
  call,
  FORD,
  FORD_ROLLS,
  GHOERE,
  GM,
  load,
  newRound,
  ok,
  open,
  requestFor,
  seatTable,
  setupOf,
  state,
  STRANGER,
  undo,
} from '../../support';

/** The table's Players rows (Ghoere's Role left blank: a Player). */
const SEATS = [
  [GM, 'GM', ''],
  [AVANIL, 'Player', 'Avanil'],
  [GHOERE, '', 'Ghoere'],
] as const;

function tableCampaign(protect: boolean): LoadedWorkbook {
  const lw = seatTable(open(), SEATS, { strangers: [STRANGER] });
  if (protect) lw.run('protectRealms');
  lw.calls.reset();
  return lw;
}

type Deed = 'save own side' | 'save enemy side' | 'apply' | 'undo' | 'new round';
const DEEDS: Deed[] = ['save own side', 'save enemy side', 'apply', 'undo', 'new round'];
const PEOPLE = [GM, AVANIL, GHOERE, STRANGER] as const;

/** The side a person calls theirs (the GM and the stranger: Avanil's). */
const ownSide = (who: string): 0 | 1 => (who === GHOERE ? 1 : 0);

/** The Ford with a circumstance ticked on one side. */
function withHigherGround(setup: BattleSetup, side: 0 | 1): BattleSetup {
  const copy = structuredClone(setup) as BattleSetup;
  const terrain = (copy.sides[side].circumstances as unknown as Record<string, Record<string, boolean>>)
    .terrain;
  if (!terrain) throw new Error('no terrain circumstances');
  terrain.higherGround = !terrain.higherGround;
  return copy;
}

/** Makes the write as the person: first what it needs, as the GM (an entry to undo). */
function attempt(lw: LoadedWorkbook, who: string, deed: Deed) {
  if (deed === 'undo') {
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
  }
  lw.actAs(who);
  const data = load(lw);
  const before = state(lw);
  const ford = data.battles.find((b) => b.setup.name === FORD);
  const listing = defined(ford, 'the Ford');
  let answer: ReturnType<typeof apply>;
  if (deed === 'save own side' || deed === 'save enemy side') {
    const side = deed === 'save own side' ? ownSide(who) : ((1 - ownSide(who)) as 0 | 1);
    answer = call<Written>(lw, 'sidebarSave', {
      setup: withHigherGround(listing.setup, side),
      battle: listing.fingerprint,
    });
  } else if (deed === 'apply') answer = apply(lw, requestFor(data, listing.setup, FORD_ROLLS));
  else if (deed === 'undo') answer = undo(lw, defined(data.entries[0], 'the entry').id);
  else answer = newRound(lw);
  return { answer, before, after: state(lw) };
}

/** Who may do what (SHEETS.md): the GM everything; a player their own side's save, and a new round that only
 * readies their own units (the fixture's only routed unit is Ghoere's); the stranger nothing. */
const ALLOWED: Record<(typeof PEOPLE)[number], Deed[]> = {
  [GM]: DEEDS,
  [AVANIL]: ['save own side'],
  [GHOERE]: ['save own side', 'new round'],
  [STRANGER]: [],
};

/** The realm a refusal of this write must name. */
function realmNamed(who: string, deed: Deed): string {
  if (deed === 'new round') return 'Ghoere';
  if (deed === 'save own side') return 'Avanil';
  if (deed === 'save enemy side') return who === GHOERE ? 'Avanil' : 'Ghoere';
  return who === GHOERE ? 'Avanil' : 'Ghoere';
}

const measured: string[] = [];
afterAll(() => {
  // The rights table as measured: WARCARD_RIGHTS_TABLE=1 prints it.
  if (process.env.WARCARD_RIGHTS_TABLE) console.log(measured.join('\n'));
});

describe.each([false, true])('a table, Protect realms %s', (protect) => {
  for (const who of PEOPLE) {
    for (const deed of DEEDS) {
      const allowed = ALLOWED[who].includes(deed);
      it(`${who} × ${deed}: ${allowed ? 'allowed and written' : 'refused up front'}`, () => {
        const lw = tableCampaign(protect);
        const { answer, before, after } = attempt(lw, who, deed);
        measured.push(
          `${protect ? 'protected' : 'open'} ${who} ${deed}: ${answer.ok ? 'written' : 'refused'}`,
        );
        if (allowed) {
          expect(answer.ok, answer.ok ? '' : answer.message).toBe(true);
          expect(after).not.toEqual(before);
          return;
        }
        expect(answer.ok).toBe(false);
        if (answer.ok) return;
        expect(answer.code).toBe('refused');
        expect(after).toEqual(before);
        expect(answer.message).toContain(`"${realmNamed(who, deed)}"`);
        expect(answer.message).toContain(GM);
        expect(answer.message).toContain('Nothing was written');
        expect(answer.message).not.toMatch(/try again/i);
      });
    }
  }
});
