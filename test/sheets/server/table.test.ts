// A campaign shared by a table (SHEETS.md "Players", "Protect realms"): a GM, the players of two opposing realms
// and an unlisted user, each trying every write, with and without Warcard → Protect realms, from the sidebar and
// from a player link (SHEETS.md "Player pages": the web app, executing as the GM who deployed it). Each write is
// allowed and written, or refused up front with the workbook unchanged cell for cell and a message naming the
// realm and the GM; by link exactly as by email, the Log's By then the Player cell and " (link)".
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import type { PageAnswer } from '../../../src/contract/page-data';
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
  newId,
  ok,
  open,
  requestFor,
  seatTable,
  setupOf,
  state,
  STRANGER,
  values,
} from '../../support';

/** The table's Players rows (Ghoere's Role left blank: a Player). */
const SEATS = [
  [GM, 'GM', ''],
  [AVANIL, 'Player', 'Avanil'],
  [GHOERE, '', 'Ghoere'],
] as const;

/** Each person's link key, when the table plays by link (the GM made them with Player links…). */
type Links = Readonly<Record<string, string>>;

function tableCampaign(protect: boolean, byLink: boolean): { lw: LoadedWorkbook; links: Links | null } {
  const lw = seatTable(open(), SEATS, { strangers: [STRANGER] });
  if (protect) lw.run('protectRealms');
  let links: Links | null = null;
  if (byLink) {
    lw.workbook.webApp.url = 'https://script.invalid/exec';
    lw.run('showPlayerLinks');
    const made: Record<string, string> = {};
    for (const [who] of SEATS) {
      const html = lw.run<{ html: string }>('playerLinkNew', who).html;
      made[who] = defined(/[?&]k=([0-9a-f]{64})"/.exec(html)?.[1], `${who}'s link`);
    }
    links = made;
  }
  lw.calls.reset();
  return { lw, links };
}

/** A sidebar call as the person makes it: from the sidebar as the active user, or from their page by link. */
function send(lw: LoadedWorkbook, links: Links | null, who: string, name: string, request: object) {
  if (!links) return call<Written>(lw, name, request);
  const answer = lw.runWebApp<PageAnswer>('pageAction', links[who] ?? 'no link', name, request);
  return answer.ok
    ? { ok: true as const }
    : { ok: false as const, code: answer.code, message: answer.message };
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
function attempt(lw: LoadedWorkbook, links: Links | null, who: string, deed: Deed) {
  if (deed === 'undo') {
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
  }
  lw.actAs(links ? GM : who); // by link, the person is the link's; the spreadsheet's own user plays no part
  const data = load(lw);
  const before = state(lw);
  const ford = data.battles.find((b) => b.setup.name === FORD);
  const listing = defined(ford, 'the Ford');
  let answer: { ok: true } | { ok: false; code: string; message: string };
  if (deed === 'save own side' || deed === 'save enemy side') {
    const side = deed === 'save own side' ? ownSide(who) : ((1 - ownSide(who)) as 0 | 1);
    answer = send(lw, links, who, 'sidebarSave', {
      setup: withHigherGround(listing.setup, side),
      battle: listing.fingerprint,
    });
  } else if (deed === 'apply')
    answer = send(lw, links, who, 'sidebarApply', requestFor(data, listing.setup, FORD_ROLLS));
  else if (deed === 'undo')
    answer = send(lw, links, who, 'sidebarUndo', { entry: defined(data.entries[0], 'the entry').id });
  else answer = send(lw, links, who, 'sidebarNewRound', { id: newId() });
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

describe.each([
  [false, false],
  [true, false],
  [false, true],
  [true, true],
])('a table, Protect realms %s, by link %s', (protect, byLink) => {
  // By link: the people of the Players sheet (an unlisted person has no link: test/sheets/server/page-server.test.ts).
  for (const who of byLink ? PEOPLE.filter((p) => p !== STRANGER) : PEOPLE) {
    for (const deed of DEEDS) {
      const allowed = ALLOWED[who].includes(deed);
      it(`${who} × ${deed}: ${allowed ? 'allowed and written' : 'refused up front'}`, () => {
        const { lw, links } = tableCampaign(protect, byLink);
        const { answer, before, after } = attempt(lw, links, who, deed);
        measured.push(
          `${protect ? 'protected' : 'open'}${byLink ? ' by link' : ''} ${who} ${deed}: ${answer.ok ? 'written' : 'refused'}`,
        );
        if (allowed) {
          expect(answer.ok, answer.ok ? '' : answer.message).toBe(true);
          expect(after).not.toEqual(before);
          if (byLink) {
            const log = values(lw, 'Log');
            const by = log[0]?.indexOf('By') ?? -1;
            expect(log.at(-1)?.[by]).toBe(`${who} (link)`);
          }
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
