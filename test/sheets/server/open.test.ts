// Warcard → Battle… on the emulation (dist/Code.js in node:vm): the sidebar's page comes with the load's answer
// inside, the very answer sidebarLoad gives, read in the menu's own execution; a campaign that cannot be read
// still opens the sidebar with the reason; a write left unfinished is put back on the way, and said.
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import { describe, expect, it } from 'vitest';
import { type LoadedWorkbook, toTransport, columnLetters } from '../../../dev/gas';
import type { LoadAnswer } from '../../../src/contract/api';
import { UNIT_HEADERS } from '../../../src/contract/columns';
import {
  apply,
  COMMENT_NAME,
  FORD,
  FORD_ROLLS,
  HOSTILE_ARMY,
  HOSTILE_BATTLE,
  hostileCampaign,
  load,
  ok,
  open,
  requestFor,
  roster,
  SCRIPT_NAME,
  setupOf,
} from '../../support';

/** Battle… run as the menu runs it; the page it showed and the answer in it. */
function openSidebar(lw: LoadedWorkbook): { page: string; title: string; answer: LoadAnswer; text: string } {
  lw.calls.reset();
  lw.run('openBattleSidebar');
  const shown = lw.workbook.ui.sidebar;
  if (!shown) throw new Error('Battle… showed no sidebar');
  const m = /<script type="application\/json" id="load-answer">([^<]*)<\/script>/.exec(shown.content);
  if (!m?.[1]) throw new Error('the sidebar has no load answer');
  return { page: shown.content, title: shown.title, answer: JSON.parse(m[1]) as LoadAnswer, text: m[1] };
}

describe('Battle… opens the sidebar with the campaign inside', () => {
  it('holds the answer sidebarLoad gives, read with the same calls, and writes nothing', () => {
    const lw = open();
    const { page, title, answer } = openSidebar(lw);
    const menuCalls = [lw.calls.reads, lw.calls.writes, { ...lw.calls.byMethod }];
    expect(title).toBe('Warcard battle');
    expect(lw.calls.writes).toBe(0);
    // Each sheet read once: the Log from its end (getValues), the others whole (getSheetValues).
    expect([lw.calls.byMethod.getSheetValues, lw.calls.byMethod.getValues]).toEqual([4, 1]);
    lw.calls.reset();
    const loaded = lw.run<LoadAnswer>('sidebarLoad');
    expect(answer).toEqual(toTransport(loaded));
    expect(ok(answer).campaign.battles.map((b) => b.setup.name)).toEqual([FORD, 'Filler skirmish']);
    // Reading in the menu costs what a load costs: Showing the sidebar is one more (UI) call.
    const { showSidebar, ...reads } = menuCalls[2] as Record<string, number>;
    expect(showSidebar).toBe(1);
    expect(reads).toEqual(lw.calls.byMethod);
    expect([menuCalls[0], menuCalls[1]]).toEqual([lw.calls.reads, 0]);
    // The page is the built Sidebar.html with only the element filled.
    expect(page.match(/id="load-answer"/g)).toHaveLength(1);
  });

  it('keeps a unit, an army and a battle named like markup as text inside the JSON', () => {
    const lw = open(0, hostileCampaign());
    const { page, answer, text } = openSidebar(lw);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    const data = ok(answer).campaign;
    expect(data.battles.map((b) => b.setup.name)).toEqual([HOSTILE_BATTLE, 'Filler skirmish']);
    expect(data.armies.map((a) => a.name)).toContain(HOSTILE_ARMY);
    expect(data.units.names).toEqual(expect.arrayContaining([SCRIPT_NAME, COMMENT_NAME]));
    // Nothing of the names is markup: the page has the built file's script elements and no more.
    const built = open();
    const plain = openSidebar(built).page;
    expect(page.match(/<script/gi)?.length).toBe(plain.match(/<script/gi)?.length);
    expect(page.match(/<!--/g)?.length).toBe(plain.match(/<!--/g)?.length);
  });

  it('opens on a campaign it cannot read, with the sheet, the header and the fix', () => {
    const lw = open();
    const role = columnLetters(UNIT_HEADERS.indexOf('Role') + 1);
    lw.workbook.put('Units', `${role}1`, [['']]);
    const { answer } = openSidebar(lw);
    expect(answer).toEqual({
      ok: false,
      code: 'setup',
      message:
        'The Units sheet has no "Role" header in its header row (row 1): type it back above its column. If a column itself was deleted, Warcard → Set up campaign adds it back, empty.',
      campaign: null,
    });
    expect(lw.workbook.ui.alerts).toEqual([]);
  });

  it('puts back a write left unfinished in the menu’s execution, and the page says so', () => {
    const lw = open();
    const start = roster(lw);
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'cut-short-open')));
    lw.workbook.put('Log', `${columnLetters(LOG_HEADERS.indexOf('State') + 1)}2`, [['Pending']]); // as a failure between the Units writes and the State write
    const { answer } = openSidebar(lw);
    expect(ok(answer).notice).toBe('A battle left unfinished by a failure (Log row 2) was put back.');
    expect(roster(lw)).toEqual(start);
    expect(ok(openSidebar(lw).answer).notice).toBeUndefined();
  });

  it('says a read failed, in a read’s words, when Google fails a read or another user holds the lock', () => {
    const lw = open();
    lw.calls.failOn({
      method: 'getSheetValues',
      sheet: 'Battles',
      message: 'Service Spreadsheets timed out',
    });
    expect(openSidebar(lw).answer).toEqual({
      ok: false,
      code: 'failed',
      message: 'Warcard could not read the campaign (Service Spreadsheets timed out).',
      campaign: null,
    });
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'cut-short-locked')));
    lw.workbook.put('Log', `${columnLetters(LOG_HEADERS.indexOf('State') + 1)}2`, [['Pending']]);
    const other = lw.lockAs('another user');
    expect(other.tryLock(0)).toBe(true);
    expect(openSidebar(lw).answer).toEqual({
      ok: false,
      code: 'locked',
      message:
        'Another user is writing to the campaign right now (a battle, an undo, a new round or a save): their change is not shown until it is done.',
      campaign: null,
    });
    other.releaseLock();
    expect(ok(openSidebar(lw).answer).notice).toBe(
      'A battle left unfinished by a failure (Log row 2) was put back.',
    );
  });
});
