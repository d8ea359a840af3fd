// The battle sidebar's server on the emulation (dev/gas): dist/Code.js in node:vm over a HyperFormula workbook,
// called as google.script.run calls it. Budgets, the lock, faults part way, undo cell for cell, text safety.
import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedWorkbook, loadWorkbook, toTransport } from '../../dev/gas';
import type {
  ApplyData,
  ApplyRequest,
  BattleSetup,
  Failure,
  LoadData,
  PreviewData,
  Response,
  RollPair,
  SaveData,
  UndoData,
} from '../../src/sheets/sidebar-api';
import { suggestCasualtySplit } from '../../src/rules';
import { applyRequest, newSetup, suggestedSelection, toggle, withArmy } from '../../src/sidebar/model';
import { asTyped, campaign } from './sidebar-fixture';

beforeAll(async () => {});

/** A campaign loaded in the emulation, with `filler` extra units in other armies. */
function open(filler = 0, tables = campaign(filler)): LoadedWorkbook {
  const lw = loadWorkbook();
  for (const [name, rows] of Object.entries(tables)) lw.workbook.put(name, 'A1', asTyped(rows));
  lw.calls.reset();
  return lw;
}

/** A server call as google.script.run makes it: the request and the answer must both cross the transport. */
function call<T>(lw: LoadedWorkbook, name: string, ...args: unknown[]): Response<T> {
  const response = lw.run<Response<T>>(name, ...(toTransport(args) as unknown[]));
  expect(toTransport(response)).toEqual(response);
  return response;
}

function ok<T>(r: Response<T>): { ok: true } & T {
  if (!r.ok) throw new Error(`expected ok, got ${r.code}: ${r.message}`);
  return r;
}

function failed<T>(r: Response<T>): Failure {
  if (r.ok) throw new Error('expected a failure');
  return r;
}

const load = (lw: LoadedWorkbook) => ok(call<LoadData>(lw, 'sidebarLoad'));

function setupOf(lw: LoadedWorkbook, name: string): BattleSetup {
  const found = load(lw).state.battles.find((b) => b.setup.name === name);
  if (!found) throw new Error(`no battle ${name}`);
  return found.setup;
}

const preview = (lw: LoadedWorkbook, setup: BattleSetup, rolls: RollPair[] = []) =>
  ok(call<PreviewData>(lw, 'sidebarPreview', { setup, rolls }));

/** Preview with rolls, then the apply request the sidebar would send for the suggested casualties. */
function requestFor(lw: LoadedWorkbook, setup: BattleSetup, rolls: RollPair[]): ApplyRequest {
  const p = preview(lw, setup, rolls);
  expect(p.result).not.toBeNull();
  return applyRequest(setup, p, suggestedSelection(p));
}

const apply = (lw: LoadedWorkbook, request: ApplyRequest) => call<ApplyData>(lw, 'sidebarApply', request);

/** A whole sheet's values as getValues would give them (uncounted). */
const grid = (lw: LoadedWorkbook, sheet: string, a1: string) => lw.workbook.read(sheet, a1);
const UNITS = 'A1:V1100';
const BATTLES = 'A1:AA40';
const LOG = 'A1:M40';

const FORD = 'Ford of Avanil';
const FORD_ROLLS: RollPair[] = [[90, 10]]; // Avanil (24 + 90) against Ghoere (32 + 10): Avanil wins by 72

describe('load and preview', () => {
  it('loads the armies, the battles of the Battles sheet and the rules catalogue', () => {
    const lw = open();
    const data = load(lw);
    expect(data.state.armies.map((a) => a.name)).toEqual(['Avanil', 'Ghoere']);
    expect(data.state.armies[1]).toEqual({ name: 'Ghoere', ready: 4, units: 5 });
    expect(data.state.battles.map((b) => b.setup.name)).toEqual([FORD, 'Filler skirmish']);
    expect(data.state.battles[0]!.setup.rows).toEqual([2, 3]);
    expect(data.state.battles[0]!.setup.sides[1].circumstances.defense.riverCrossed).toBe(true);
    expect(data.state.lastEntry).toBeNull();
    expect(data.catalogue.groups.map((g) => g.title)).toEqual([
      'Morale',
      'Environment',
      'Terrain',
      'Defender',
    ]);
    expect(data.catalogue.plans).toHaveLength(7);
  });

  it('values the battle as the BATTLES formula does, with every modifier line and its source', () => {
    const lw = open();
    lw.workbook.put('Check', 'A1', [['=BATTLES(Battles!A1:AA, Units!A1:V, Characters!A1:Q, Settings!A1:B)']]);
    lw.workbook.recalculate();
    const sheet = grid(lw, 'Check', 'A1:K3');
    const p = preview(lw, setupOf(lw, FORD));
    p.sides.forEach((side, i) => {
      const row = sheet[i + 1]!;
      expect(side.base).toBe(row[0]);
      expect(side.percent / 100).toBeCloseTo(row[1] as number, 9);
      expect(side.points).toBe(row[2]);
      expect(side.battleValue).toBe(row[3]);
    });
    expect(p.odds!.winA).toBeCloseTo(sheet[1]![4] as number, 9); // Sheets keeps 15 significant digits
    const [a, b] = p.sides;
    expect(a.modifiers).toContainEqual(expect.objectContaining({ label: 'Home realm', source: 'ticked' }));
    expect(a.modifiers).toContainEqual(expect.objectContaining({ group: 'Diversity', source: 'roster' }));
    expect(b.modifiers).toContainEqual(
      expect.objectContaining({ label: 'Attacker crossed a river', amount: 15 }),
    );
    expect(b.notFighting).toBe(1);
    expect(p.odds!.bands).toHaveLength(22);
    const total = p.odds!.bands.reduce((s, band) => s + band.a + band.b, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(p.advice.winA).toHaveLength(7);
    expect(p.advice.winA[4]![4]).toBeNull(); // Hold against Hold: no battle
  });

  it('works out the castle assault artillerists and the troop ratio from the roster', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    // Ghoere attacks Avanil's castle: its artillerist unit counts.
    const sides = JSON.parse(JSON.stringify(setup.sides));
    sides[0].circumstances.defender = true;
    sides[0].circumstances.castleLevel = 2;
    sides[1].circumstances.defender = false;
    const p = preview(lw, { ...setup, sides });
    expect(p.sides[1].modifiers).toContainEqual(
      expect.objectContaining({
        group: 'Castle assault',
        label: '1 artillerist units',
        amount: 2,
        source: 'roster',
      }),
    );
    expect(p.sides[0].modifiers).toContainEqual(
      expect.objectContaining({ label: 'Castle level 2', amount: 6 }),
    );
  });

  it('says when flying attackers halve or cancel the defender modifiers', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    lw.workbook.put('Units', 'D2', [['Flying melee']]); // one of Avanil's five units flies: at least 10%
    const some = preview(lw, setup);
    expect(some.sides[1].modifiers).toContainEqual(
      expect.objectContaining({ label: 'Attacker crossed a river (halved: flying attackers)', amount: 7.5 }),
    );
    expect(some.sides[1].notes).toEqual([expect.stringMatching(/halved \(5\.5\)/)]);
    lw.workbook.put('Units', 'D3', [
      ['Flying missile'],
      ['Flying melee'],
      ['Flying melee'],
      ['Flying melee'],
    ]);
    const all = preview(lw, setup);
    expect(all.sides[1].modifiers.some((m) => m.group === 'Defender')).toBe(false);
    expect(all.sides[1].notes).toEqual([expect.stringMatching(/do not count \(5\.5\)/)]);
    expect(all.sides[0].notes).toEqual([]);
  });

  it('keeps ties and settles on the first pair that is not a tie, with a suggested casualty split', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    // Battle values 24 and 32: 40 + 24 = 32 + 32 is a tie.
    const p = preview(lw, setup, [
      [40, 32],
      [90, 10],
      [1, 1],
    ]);
    expect(p.rolls).toEqual([
      [40, 32],
      [90, 10],
    ]);
    const r = p.result!;
    expect(r.winner).toBe('A');
    expect(r.difference).toBe(72);
    expect(r.points[1]).toBe(r.destroyedPoints[1] + r.routedPoints[1]);
    // The suggestion is RULES 6.9's, by sheet row.
    const units = p.sides[1].units;
    const split = suggestCasualtySplit(
      units.map((u) => u.value),
      r.destroyedPoints[1],
      r.routedPoints[1],
    );
    expect(r.suggested[1]).toEqual({
      destroyed: split.destroyed.map((i) => units[i]!.row),
      routed: split.routed.map((i) => units[i]!.row),
    });
    const tie = preview(lw, setup, [[40, 32]]);
    expect(tie.result).toBeNull();
  });

  it('says what is wrong: an unknown army, a bad setup, a missing sheet', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    const unknown = failed(
      call(lw, 'sidebarPreview', { setup: withArmy(setup, 0, 'Atlantis', true), rolls: [] }),
    );
    expect(unknown.message).toMatch(/Atlantis/);
    expect(failed(call(lw, 'sidebarPreview', { setup: { ...setup, name: ' ' }, rolls: [] })).message).toMatch(
      /name/,
    );
    expect(failed(call(lw, 'sidebarPreview', { setup, rolls: [[0, 101]] })).message).toMatch(/1 to 100/);
    const tables = campaign();
    delete (tables as Record<string, unknown>).Log;
    const noLog = open(0, tables);
    const r = failed(call(noLog, 'sidebarLoad'));
    expect(r.code).toBe('setup');
    expect(r.message).toMatch(/Log.*Warcard → Set up campaign/);
  });
});

describe('call budgets: each table read once, each changed sheet written once, whatever the roster size', () => {
  const calls = (lw: LoadedWorkbook) => lw.calls.log.map((c) => `${c.sheet}.${c.method}`);
  const count = (lw: LoadedWorkbook, method: string) =>
    Object.fromEntries(Object.entries(lw.calls.bySheet).map(([sheet, m]) => [sheet, m[method] ?? 0]));

  function budget(filler: number) {
    const lw = open(filler);
    const setup = setupOf(lw, FORD);
    lw.calls.reset();
    const p = preview(lw, setup, FORD_ROLLS);
    const previewCalls = calls(lw);
    const previewReads = count(lw, 'getValues');
    const previewWrites = lw.calls.writes;
    lw.calls.reset();
    ok(apply(lw, applyRequest(setup, p, suggestedSelection(p))));
    return {
      previewCalls,
      previewReads,
      previewWrites,
      applyCalls: calls(lw),
      applyReads: count(lw, 'getValues'),
      applyWrites: count(lw, 'setValues'),
    };
  }

  it('a preview reads Units, Characters and Settings once each and writes nothing', () => {
    const small = budget(0);
    expect(small.previewReads).toEqual({ Units: 1, Characters: 1, Settings: 1 });
    expect(small.previewWrites).toBe(0);
  });

  it('an apply reads each table once and writes Battles, Log and Units once each', () => {
    const small = budget(0);
    expect(small.applyReads).toEqual({ Units: 1, Characters: 1, Settings: 1, Battles: 1, Log: 1, '': 0 });
    expect(small.applyWrites).toMatchObject({ Battles: 1, Log: 1, Units: 1 });
    expect(Object.values(small.applyWrites).reduce((s, n) => s + n, 0)).toBe(3);
  });

  it('makes the very same calls for a 10-unit and a 1,000-unit roster', () => {
    const small = budget(0);
    const large = budget(990);
    expect(large.previewCalls).toEqual(small.previewCalls);
    expect(large.applyCalls).toEqual(small.applyCalls);
  });
});

describe('apply', () => {
  it('writes the rolls to Battles, a Log row with what undo needs, then the statuses', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    const p = preview(lw, setup, [
      [40, 32],
      [90, 10],
    ]);
    let sel = suggestedSelection(p);
    // The winner captures one routed Ghoere unit and destroys another in pursuit.
    const ghoere = p.sides[1].units;
    const routed = p.result!.suggested[1].routed[0];
    if (routed !== undefined) sel = toggle(p, sel, 1, routed, 'captured', true);
    const free = ghoere.find((u) => !sel.fates[1].has(u.row));
    if (free) sel = toggle(p, sel, 1, free.row, 'pursued', true);
    const done = ok(apply(lw, applyRequest(setup, p, sel)));
    expect(done.logRow).toBe(2);
    expect(done.message).toMatch(/Avanil won by 72/);

    const battles = grid(lw, 'Battles', 'A1:AA3');
    const roll = battles[0]!.indexOf('Roll');
    expect([battles[1]![roll], battles[2]![roll]]).toEqual([90, 10]);

    const log = grid(lw, 'Log', 'A1:M2');
    const entry = Object.fromEntries(log[0]!.map((h, i) => [h, log[1]![i]]));
    expect(entry.Event).toBe('Battle');
    expect(entry.Battle).toBe(FORD);
    expect(entry['Side A']).toBe('Avanil (Avanil)');
    expect(entry['Battle Value A']).toBe(24);
    expect(entry['Battle Value B']).toBe(32);
    expect(entry['Rolls A']).toBe('40, 90');
    expect(entry['Rolls B']).toBe('32, 10');
    expect(entry.Result).toMatch(/^Avanil won by 72/);
    expect(Object.prototype.toString.call(entry.When)).toBe('[object Date]');
    const undo = JSON.parse(entry['Undo Data'] as string);
    expect(undo.u.length).toBeGreaterThan(0);
    if (routed !== undefined) expect(entry.Changes).toMatch(/captured/);

    const units = grid(lw, 'Units', 'A1:V11');
    const status = units[0]!.indexOf('Status');
    const byName = new Map(units.slice(1).map((r) => [r[0], r[status]]));
    for (const row of p.result!.suggested[1].destroyed) {
      expect(byName.get(ghoere.find((u) => u.row === row)!.name)).toBe('Destroyed');
    }
    if (routed !== undefined) expect(byName.get(ghoere.find((u) => u.row === routed)!.name)).toBe('Captured');
    if (free) expect(byName.get(free.name)).toBe('Destroyed');
    expect(byName.get('Ghoere Levy 2')).toBe('Routed'); // not in the battle: untouched

    expect(load(lw).state.battles.find((b) => b.setup.name === FORD)!.applied).toBe(true);
    expect(failed(apply(lw, requestFor(lw, setupOf(lw, FORD), FORD_ROLLS))).message).toMatch(
      /already applied/,
    );
  });

  it('refuses, writing nothing, when the roster changed since the preview, and sends the fresh preview', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    const request = requestFor(lw, setup, FORD_ROLLS);
    lw.workbook.put('Units', 'L9', [[3]]); // Ghoere Horse gets a third hit
    const before = [grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES), grid(lw, 'Log', LOG)];
    lw.calls.reset();
    const r = failed(apply(lw, request));
    expect(r.code).toBe('stale');
    expect(r.message).toMatch(/changed since this preview/);
    expect(lw.calls.writes).toBe(0);
    expect([grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES), grid(lw, 'Log', LOG)]).toEqual(before);
    expect(r.preview!.sides[1].unitValue).toBe(16); // the Horse is worth 7 now, not 6
    // Applying again with the fresh preview works.
    const again = applyRequest(setup, r.preview!, suggestedSelection(r.preview!));
    ok(apply(lw, again));
  });

  it('says clearly when another user holds the lock, and writes nothing', () => {
    const lw = open();
    const request = requestFor(lw, setupOf(lw, FORD), FORD_ROLLS);
    const other = lw.lockAs('another-user');
    expect(other.tryLock(0)).toBe(true);
    lw.calls.reset();
    const r = failed(apply(lw, request));
    expect(r.code).toBe('locked');
    expect(r.message).toMatch(/Another user.*try again/);
    expect(lw.calls.writes).toBe(0);
    other.releaseLock();
    ok(apply(lw, request));
  });

  it('two applies racing for the lock both end recorded, the second on fresh data', () => {
    const lw = open(60);
    const units0 = grid(lw, 'Units', 'A1:V71');
    // Two users preview two battles at once, then both apply; the second waits while the first holds the lock.
    const fordRequest = requestFor(lw, setupOf(lw, FORD), FORD_ROLLS);
    const skirmishRequest = requestFor(lw, setupOf(lw, 'Filler skirmish'), [[5, 95]]);
    const first = lw.lockAs('first-user');
    expect(first.tryLock(0)).toBe(true);
    let firstResult: Response<ApplyData> | undefined;
    lw.workbook.lock.onContention = () => {
      lw.workbook.lock.onContention = undefined;
      first.releaseLock(); // the first user's execution goes on: it applies, then lets go
      firstResult = apply(lw, fordRequest);
    };
    const second = apply(lw, skirmishRequest);
    ok(firstResult!);
    ok(second);
    const log = grid(lw, 'Log', 'A1:C3');
    expect(log.slice(1).map((r) => r[2])).toEqual([FORD, 'Filler skirmish']);
    // Neither lost the other's statuses: the second wrote a Status column that held the first's changes.
    const units = grid(lw, 'Units', 'A1:V71');
    const status = units[0]!.indexOf('Status');
    const changedArmies = new Set(
      units
        .slice(1)
        .filter((r, i) => r[status] !== units0[i + 1]![status])
        .map((r) => r[1]),
    );
    expect(changedArmies.has('Ghoere')).toBe(true);
    expect(changedArmies.has('Filler army 1') || changedArmies.has('Filler army 2')).toBe(true);
  });

  it('racing over the same armies: the second is refused as stale with a fresh preview, then recorded on it', () => {
    const lw = open();
    const catalogue = load(lw).catalogue;
    const rematch = withArmy(
      withArmy(newSetup(catalogue, 'Ford rematch'), 0, 'Avanil', true),
      1,
      'Ghoere',
      true,
    );
    const fordRequest = requestFor(lw, setupOf(lw, FORD), FORD_ROLLS);
    const rematchRequest = requestFor(lw, rematch, [[60, 20]]);
    const first = lw.lockAs('first-user');
    first.tryLock(0);
    let firstResult: Response<ApplyData> | undefined;
    lw.workbook.lock.onContention = () => {
      lw.workbook.lock.onContention = undefined;
      first.releaseLock();
      firstResult = apply(lw, fordRequest);
    };
    const stale = failed(apply(lw, rematchRequest));
    ok(firstResult!);
    expect(stale.code).toBe('stale');
    // The fresh preview no longer counts the units the first battle took.
    const fresh = stale.preview!;
    const destroyed = new Set(ok(firstResult!) && fordRequest.casualties[1].destroyed.map((u) => u.row));
    expect(fresh.sides[1].units.some((u) => destroyed.has(u.row))).toBe(false);
    ok(apply(lw, applyRequest(rematch, fresh, suggestedSelection(fresh))));
    const log = grid(lw, 'Log', 'A1:C3');
    expect(log.slice(1).map((r) => r[2])).toEqual([FORD, 'Ford rematch']);
  });

  it('a write that fails part way puts back what was written and says so', () => {
    const lw = open();
    const request = requestFor(lw, setupOf(lw, FORD), FORD_ROLLS);
    const before = [grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES), grid(lw, 'Log', LOG)];
    lw.calls.failOn({ method: 'setValues', sheet: 'Units' });
    const r = failed(apply(lw, request));
    expect(r.code).toBe('failed');
    expect(r.message).toMatch(/while writing the unit statuses.*Nothing was changed/);
    expect([grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES), grid(lw, 'Log', LOG)]).toEqual(before);
    // The user tries again: it works.
    ok(apply(lw, request));
  });

  it('a Log write that fails leaves Battles as it was', () => {
    const lw = open();
    const request = requestFor(lw, setupOf(lw, FORD), FORD_ROLLS);
    const before = [grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES), grid(lw, 'Log', LOG)];
    lw.calls.failOn({ method: 'setValues', sheet: 'Log' });
    expect(failed(apply(lw, request)).message).toMatch(/the Log row/);
    expect([grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES), grid(lw, 'Log', LOG)]).toEqual(before);
  });

  it('when putting back fails too, the roster is restorable from the Log and the user is told how', () => {
    const lw = open();
    const request = requestFor(lw, setupOf(lw, FORD), FORD_ROLLS);
    const before = [grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES)];
    const fault = lw.calls.failOn({ method: 'setValues', sheet: 'Units', persistent: true });
    const r = failed(apply(lw, request));
    expect(r.message).toMatch(/Undo last battle \(Log row 2\)/);
    fault.remove();
    ok(call<UndoData>(lw, 'sidebarUndo'));
    expect([grid(lw, 'Units', UNITS), grid(lw, 'Battles', BATTLES)]).toEqual(before);
  });

  it('writes every text from the sheet or the sidebar so Sheets keeps it text', () => {
    const lw = open();
    const base = setupOf(lw, FORD);
    const setup: BattleSetup = {
      ...base,
      name: '=HYPERLINK("http://example.invalid","x")',
      rows: null,
      sides: [
        { ...base.sides[0], label: '+Avanil' },
        { ...base.sides[1], label: '@Ghoere' },
      ],
    };
    const p = preview(lw, setup, FORD_ROLLS);
    // Destroy the unit named "=1+1" (a Levy, value 1) on the winning side.
    let sel = suggestedSelection(p);
    const levy = p.sides[0].units.find((u) => u.name === '=1+1')!;
    sel = toggle(p, sel, 0, levy.row, 'destroyed', true);
    const done = ok(apply(lw, applyRequest(setup, p, sel)));
    const log = lw.workbook;
    for (const a1 of ['C2', 'D2', 'E2', 'J2', 'K2']) {
      expect(log.cell('Log', `${a1}`).formula).toBe('');
    }
    expect(log.cell('Log', 'C2').value).toBe(setup.name);
    expect(log.cell('Log', 'D2').value).toBe('+Avanil (Avanil)');
    expect(String(log.cell('Log', 'K2').value)).toContain('=1+1');
    const [first] = [5, 6];
    expect(log.cell('Battles', `A${first + 1}`).formula).toBe('');
    expect(log.cell('Battles', `A${first + 1}`).value).toBe(setup.name);
    expect(log.cell('Battles', `B${first + 2}`).value).toBe('@Ghoere');
    expect(done.state.battles.map((b) => b.setup.name)).toContain(setup.name);
  });
});

describe('undo and new round', () => {
  it('after several battles and a new round, undoing each gives back the roster and Battles cell for cell', () => {
    const lw = open(12);
    const units0 = grid(lw, 'Units', UNITS);
    const battles0 = grid(lw, 'Battles', BATTLES);
    ok(apply(lw, requestFor(lw, setupOf(lw, FORD), FORD_ROLLS)));
    ok(apply(lw, requestFor(lw, setupOf(lw, 'Filler skirmish'), [[77, 3]])));
    // A new battle, appended by the apply.
    const fresh = withArmy(
      withArmy(newSetup(load(lw).catalogue, 'Third field'), 0, 'Filler army 3', true),
      1,
      'Filler army 4',
      true,
    );
    ok(apply(lw, requestFor(lw, fresh, [[12, 80]])));
    lw.run('newRound');
    expect(lw.workbook.ui.toasts.at(-1)?.message).toMatch(/New round: \d+ routed units are Ready again/);
    expect(grid(lw, 'Units', UNITS)).not.toEqual(units0);
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) messages.push(ok(call<UndoData>(lw, 'sidebarUndo')).message);
    expect(messages[0]).toMatch(/the new round/);
    expect(messages[3]).toMatch(/Ford of Avanil/);
    expect(grid(lw, 'Units', UNITS)).toEqual(units0);
    expect(grid(lw, 'Battles', BATTLES)).toEqual(battles0);
    expect(failed(call(lw, 'sidebarUndo')).message).toMatch(/nothing to undo/i);
    const log = grid(lw, 'Log', 'A1:M6');
    expect(log.slice(1, 5).map((r) => r[12])).toEqual([true, true, true, true]);
  });

  it('finds units the user moved, and refuses when a name has become ambiguous or a status was edited since', () => {
    const lw = open();
    const units0 = grid(lw, 'Units', 'A1:V11');
    ok(apply(lw, requestFor(lw, setupOf(lw, FORD), FORD_ROLLS)));
    const after = grid(lw, 'Units', 'A1:V11');
    // Sort: the Ghoere rows go first.
    const moved = [after[0]!, ...after.slice(6), ...after.slice(1, 6)];
    lw.workbook.put('Units', 'A1', asTyped(moved as (string | number | boolean)[][]));
    // A copy of a unit the battle changed makes its name ambiguous.
    const status = after[0]!.indexOf('Status');
    const changed = after.slice(6).find((r) => r[status] === 'Destroyed')!;
    lw.workbook.put('Units', 'A12', [changed as (string | number | boolean)[]]);
    const snapshot = grid(lw, 'Units', 'A1:V12');
    lw.calls.reset();
    const r = failed(call(lw, 'sidebarUndo'));
    expect(r.code).toBe('unsafe');
    expect(r.message).toContain(String(changed[0]));
    expect(lw.calls.writes).toBe(0);
    expect(grid(lw, 'Units', 'A1:V12')).toEqual(snapshot);
    // Without the copy, the moved units are found by name and army.
    lw.workbook.put('Units', 'A12', [after[0]!.map(() => '')]);
    ok(call<UndoData>(lw, 'sidebarUndo'));
    const restored = grid(lw, 'Units', 'A1:V11');
    const expected = [units0[0]!, ...units0.slice(6), ...units0.slice(1, 6)];
    expect(restored).toEqual(expected);
  });

  it('refuses to undo over a status changed by hand since', () => {
    const lw = open();
    ok(apply(lw, requestFor(lw, setupOf(lw, FORD), FORD_ROLLS)));
    const units = grid(lw, 'Units', 'A1:V11');
    const status = units[0]!.indexOf('Status');
    const i = units.findIndex((r) => r[status] === 'Destroyed');
    lw.workbook.put('Units', `V${i + 1}`, [['Captured']]);
    const r = failed(call(lw, 'sidebarUndo'));
    expect(r.code).toBe('unsafe');
    expect(r.message).toMatch(/is Captured now, not Destroyed/);
  });

  it('New round and Undo last battle from the menu tell the user with a toast or an alert', () => {
    const lw = open();
    lw.run('undoLastBattle');
    expect(lw.workbook.ui.alerts.at(-1)).toMatch(/nothing to undo/i);
    const units0 = grid(lw, 'Units', UNITS);
    lw.run('newRound');
    const units = grid(lw, 'Units', 'A1:V11');
    expect(units.find((r) => r[0] === 'Ghoere Levy 2')![21]).toBe('Ready');
    const log = grid(lw, 'Log', 'A1:M2');
    expect(log[1]![1]).toBe('New round');
    lw.run('newRound');
    expect(lw.workbook.ui.toasts.at(-1)?.message).toMatch(/No unit is Routed/);
    lw.run('undoLastBattle');
    expect(lw.workbook.ui.toasts.at(-1)?.message).toMatch(/Undid the new round/);
    expect(grid(lw, 'Units', UNITS)).toEqual(units0);
  });
});

describe('on the sheets Warcard → Set up with sample campaign makes', () => {
  it('previews, applies and undoes the sample battle cell for cell', () => {
    const lw = loadWorkbook();
    if (!lw.has('setUpSampleCampaign')) return; // the set-up is not in this build
    lw.run('setUpSampleCampaign');
    const units0 = grid(lw, 'Units', 'A1:Y80');
    const battles0 = grid(lw, 'Battles', 'A1:AA10');
    const data = load(lw);
    expect(data.state.problems).toEqual([]);
    const setup = data.state.battles[0]!.setup;
    const p = preview(lw, setup, [[70, 20]]);
    expect(p.result).not.toBeNull();
    const done = ok(apply(lw, applyRequest(setup, p, suggestedSelection(p))));
    expect(grid(lw, 'Units', 'A1:Y80')).not.toEqual(units0);
    expect(done.state.lastEntry?.battle).toBe(setup.name);
    ok(call<UndoData>(lw, 'sidebarUndo'));
    expect(grid(lw, 'Units', 'A1:Y80')).toEqual(units0);
    expect(grid(lw, 'Battles', 'A1:AA10')).toEqual(battles0);
  });
});

describe('menu and sidebar', () => {
  it('adds Battle…, Undo last battle and New round to the Warcard menu', () => {
    const lw = open();
    lw.run('onOpen');
    const items = lw.workbook.ui.menus[0]!.items.map((i) => ('caption' in i ? i.functionName : '-'));
    expect(items.slice(0, 3)).toEqual(['openBattleSidebar', 'undoLastBattle', 'newRound']);
  });

  it('opens the sidebar from the built Sidebar.html, one file with nothing fetched', () => {
    const lw = open();
    lw.run('openBattleSidebar');
    const sidebar = lw.workbook.ui.sidebar!;
    expect(sidebar.title).toBe('Warcard battle');
    expect(sidebar.content).toContain('<main id="app">');
    expect(sidebar.content).not.toMatch(/<(link|img|iframe)\b|src=["']?https?:|@import|url\(/i);
    expect(sidebar.content).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|new Function|\beval\(/,
    );
  });

  it('saves a setup to its Battles rows with one write, and appends two rows for a new battle', () => {
    const lw = open();
    const setup = setupOf(lw, FORD);
    const sides = JSON.parse(JSON.stringify(setup.sides));
    sides[0].circumstances.morale.beatenFoe = true;
    lw.calls.reset();
    const saved = ok(call<SaveData>(lw, 'sidebarSave', { setup: { ...setup, sides } }));
    expect(saved.rows).toEqual([2, 3]);
    expect(lw.calls.bySheet.Battles?.setValues).toBe(1);
    expect(lw.calls.log.filter((c) => c.method === 'setValues')[0]!.a1).toBe('A2:AA2');
    expect(setupOf(lw, FORD).sides[0].circumstances.morale.beatenFoe).toBe(true);
    const fresh = withArmy(
      withArmy(newSetup(load(lw).catalogue, 'New field'), 0, 'Avanil', true),
      1,
      'Ghoere',
      true,
    );
    lw.calls.reset();
    const added = ok(call<SaveData>(lw, 'sidebarSave', { setup: fresh }));
    expect(added.rows).toEqual([6, 7]);
    expect(lw.calls.bySheet.Battles?.setValues).toBe(1);
    expect(setupOf(lw, 'New field').sides[1].armies).toEqual(['Ghoere']);
    expect(failed(call(lw, 'sidebarSave', { setup: fresh })).message).toMatch(/already on the Battles sheet/);
  });
});
