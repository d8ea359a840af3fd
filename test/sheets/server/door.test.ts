// The door of each write call on the emulation: a crafted request is refused before the call touches the
// spreadsheet at all (no read, no lock, no write, at any roster size), and the refusals that need the campaign
// name their real cause.
import { describe, expect, it } from 'vitest';
import type { ApplyRequest, Written } from '../../../src/contract/api';
import type { CampaignData } from '../../../src/contract/campaign';
import { defined } from '../../../src/rules';
import {
  APPLY_CASES,
  type Case,
  changed,
  NEW_ROUND_CASES,
  SAVE_CASES,
  UNDO_CASES,
} from '../../contract/crafted';
import { apply, call, failed, FORD, FORD_ROLLS, load, open, requestFor, setupOf, state } from '../../support';
import { cellsOf } from '../../support/columns';

type Call = 'sidebarApply' | 'sidebarSave' | 'sidebarUndo' | 'sidebarNewRound';

/** Every crafted request of every call, on requests the sidebar would send for this campaign. */
function crafted(data: CampaignData): [string, Call, unknown, Case[3]][] {
  const ford = defined(data.battles[0], 'the Ford');
  const bases: [Call, readonly Case[], unknown][] = [
    ['sidebarApply', APPLY_CASES, requestFor(data, ford.setup, FORD_ROLLS)],
    ['sidebarSave', SAVE_CASES, { setup: ford.setup, battle: ford.fingerprint }],
    ['sidebarUndo', UNDO_CASES, { entry: 'e-0123456' }],
    ['sidebarNewRound', NEW_ROUND_CASES, { id: 'n-0123456' }],
  ];
  return bases.flatMap(([name, cases, base]) =>
    cases.map(([what, path, value, expected]): [string, Call, unknown, Case[3]] => [
      `${name}: ${what}`,
      name,
      changed(base, path, value),
      expected,
    ]),
  );
}

/** The crafted requests, built on the sample campaign as the sidebar loads it. */
const cases = crafted(open().run<{ campaign: CampaignData }>('sidebarLoad').campaign);

describe('the door: a crafted request is refused, naming the field, and nothing is touched', () => {
  const lw = open();

  it('has a case for every call', () => {
    const calls = new Set(cases.map(([, name]) => name));
    expect([...calls]).toEqual(['sidebarApply', 'sidebarSave', 'sidebarUndo', 'sidebarNewRound']);
    expect(cases.length).toBe(
      APPLY_CASES.length + SAVE_CASES.length + UNDO_CASES.length + NEW_ROUND_CASES.length,
    );
  });

  it.each(cases)('%s', (_, name, request, expected) => {
    const before = lw.workbook.snapshot();
    lw.calls.reset();
    const answer = call<Written>(lw, name, request);
    expect(answer).toEqual({ ok: false, code: 'invalid', message: expected.message, campaign: null });
    // Only the question every call asks Google first (every permission granted?), no call to the spreadsheet.
    expect(lw.calls.total).toBe(lw.calls.byMethod.getAuthorizationInfo);
    expect(lw.workbook.lock.waits).toEqual([]);
    expect(lw.workbook.snapshot()).toEqual(before);
  });
});

describe('the door at 40,000 units', () => {
  it('refuses every crafted request without a single call to the spreadsheet: no read, no lock, no write', () => {
    // The requests of the table above: the door refuses them before it could tell one campaign from another.
    const lw = open(40_000 - 10);
    const touched: string[] = [];
    for (const [what, name, request, expected] of cases) {
      lw.calls.reset();
      const answer = lw.run<Written>(name, request);
      expect(answer, what).toEqual({ ok: false, code: 'invalid', message: expected.message, campaign: null });
      const spreadsheetCalls = lw.calls.total - (lw.calls.byMethod.getAuthorizationInfo ?? 0);
      if (spreadsheetCalls > 0) touched.push(`${what}: ${spreadsheetCalls} calls`);
    }
    expect(touched).toEqual([]);
    expect(lw.workbook.lock.waits).toEqual([]);
  });
});

describe('refusals that need the campaign name their real cause', () => {
  /** The Ford's request with side B fighting as these armies, their fingerprints as the sidebar had them. */
  function withArmies(data: CampaignData, armies: string[]): ApplyRequest {
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const sides = request.setup.sides;
    const known = Object.fromEntries(
      data.armies.filter((a) => armies.includes(a.name)).map((a) => [a.name, a.fingerprint]),
    );
    return {
      ...request,
      setup: { ...request.setup, sides: [sides[0], { ...sides[1], armies }] },
      expect: {
        ...request.expect,
        armies: { Avanil: defined(request.expect.armies.Avanil, 'Avanil'), ...known },
      },
    };
  }

  it('an army that is on neither Units nor Characters, and was not loaded, is unknown, with the likely name', () => {
    const lw = open();
    const data = load(lw);
    const before = state(lw);
    const f = failed(apply(lw, withArmies(data, ['Ghoer'])));
    expect([f.code, f.message]).toEqual([
      'invalid',
      'Army "Ghoer" is not in the roster: no unit or character has that Army: did you mean "Ghoere"?',
    ]);
    const none = failed(apply(lw, withArmies(data, ['Mhoried'])));
    expect(none.message).toBe('Army "Mhoried" is not in the roster: no unit or character has that Army.');
    expect(state(lw)).toEqual(before);
  });

  it('an army the sidebar loaded that has left Units since is a change, not an unknown name', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    lw.workbook.put('Units', cellsOf('Units', 'Army', 7, 11), [
      ['Mhoried'],
      ['Mhoried'],
      ['Mhoried'],
      ['Mhoried'],
      ['Mhoried'],
    ]);
    const f = failed(apply(lw, request));
    expect([f.code, f.message]).toEqual([
      'stale',
      'Army "Ghoere" is no longer on Units or Characters since the sidebar loaded (another user, or an edit on the sheet). Nothing was written.',
    ]);
  });
});
