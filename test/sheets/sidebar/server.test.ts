// The sidebar's server on the emulation: dist/Code.js in node:vm, called as google.script.run calls it.
import { describe, expect, it } from 'vitest';
import { SIDEBAR_FUNCTIONS, type Written } from '../../../src/contract/api';
import { decodeUnits } from '../../../src/contract/campaign';
import { defined } from '../../../src/rules';
import {
  apply,
  call,
  FORD,
  FORD_ROLLS,
  failed,
  load,
  newestEntry,
  newId,
  newRound,
  ok,
  open,
  requestFor,
  roster,
  setupOf,
  state,
  undo,
  values,
} from './helpers';

describe('load: one call, the campaign in the rules terms', () => {
  it('reads each sheet once, writes nothing, and sends armies, units, battles and fingerprints', () => {
    const lw = open();
    const data = load(lw);
    expect(lw.calls.writes).toBe(0);
    expect(lw.calls.byMethod.getValues).toBe(5);
    expect(data.armies.map((a) => [a.name, a.units, a.ready, a.problem])).toEqual([
      ['Avanil', 5, 5, null],
      ['Ghoere', 5, 4, null],
    ]);
    const units = decodeUnits(data.units, data.armies);
    expect(units.map((u) => [u.row, u.name, u.army, u.status])).toContainEqual([
      8,
      'Ghoere Levy 2',
      'Ghoere',
      'Routed',
    ]);
    expect(units.find((u) => u.name === 'Knights of Avanil')).toMatchObject({
      row: 2,
      role: 'Mounted',
      type: 'Knights',
    });
    expect(data.battles.map((b) => [b.setup.name, b.rows, b.rolls, b.appliedBy])).toEqual([
      [FORD, [2, 3], [null, null], null],
      ['Filler skirmish', [4, 5], [null, null], null],
    ]);
    expect(data.entries).toEqual([]);
    expect(data.settingsFingerprint).toMatch(/^[0-9a-f]{14}$/);
  });

  it('names every contract call as a global function of Code.js', () => {
    const lw = open();
    for (const name of SIDEBAR_FUNCTIONS) expect(lw.has(name)).toBe(true);
  });

  it('lists a bad unit row as a problem and keeps its army from being valued', () => {
    const lw = open();
    lw.workbook.put('Units', 'L3', [['x']]); // Hits of Avanil Bowmen
    const data = load(lw);
    const avanil = data.armies.find((a) => a.name === 'Avanil');
    expect(avanil?.problem).toBe(
      'Units row 3 (Avanil Bowmen): Hits must be a whole number from 1 to 1,000 (got "x")',
    );
    expect(data.problems).toContain(avanil?.problem);
  });
});

describe('apply: one call, checked and written once', () => {
  it('writes the rolls, the fought figures, the Log entry, its Undo rows and the statuses, and nothing else', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const chosen = request.losses.flatMap((l) => [...l.destroyed, ...l.routed]).map((u) => u.row);
    const before = values(lw, 'Units');
    lw.calls.reset();
    const answer = ok(apply(lw, request));
    expect(answer.message).toMatch(/^Avanil won by \d+: .* logged on Log row 2\.$/);
    expect(lw.calls.byMethod.getValues).toBe(6);
    // Units: only the chosen Status cells changed.
    const after = values(lw, 'Units');
    after.forEach((row, i) => {
      if (!chosen.includes(i + 1)) expect(row).toEqual(before[i]);
    });
    expect(chosen.length).toBeGreaterThan(0);
    // Battles: the deciding rolls and what each side was when it fought.
    expect(lw.workbook.read('Battles', 'AA2:AB3')).toEqual([
      [90, '21 +15% 0 pts, units 17'],
      [10, '15 +10% +15 pts, units 15'],
    ]);
    const log = values(lw, 'Log');
    expect(log[1]).toContain('Done');
    expect(values(lw, 'Undo').length - 1).toBe(chosen.length + 4);
    // The answer is the campaign as it now stands: the battle is applied, the entry undoable.
    expect(answer.campaign.entries.map((e) => e.id)).toEqual([request.id]);
    expect(answer.campaign.battles[0]?.appliedBy).toBe(request.id);
  });

  it('writes casualties equal to what BATTLES shows for the same sides and rolls, before and after', () => {
    // The sample battle, then a few others with random plans and rolls (seeded: the same every run).
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const plans = ['Normal attack', 'Full charge', 'Hold', 'Encircle', 'No plan'];
    for (let trial = 0; trial < 4; trial++) {
      const lw = open();
      lw.workbook.put('Battles', 'AD1', [['=BATTLES(A1:AB, Units!A1:V, Characters!A1:Q, Settings!A1:B)']]);
      const rolls: [number, number] = trial === 0 ? [90, 10] : [1 + next(100), 1 + next(100)];
      if (trial > 0) lw.workbook.put('Battles', 'Z2:Z3', [[plans[next(5)]], [plans[next(5)]]]);
      lw.workbook.put('Battles', 'AA2:AA3', [[rolls[0]], [rolls[1]]]);
      const shown = lw.workbook.read('Battles', 'AD2:AN3');
      const [rowA, rowB] = [defined(shown[0], 'BATTLES row 2'), defined(shown[1], 'BATTLES row 3')];
      if (rowA[6] !== 'Won' && rowA[6] !== 'Lost') continue; // a tie or no battle: nothing to apply
      lw.workbook.put('Battles', 'AA2:AA3', [[''], ['']]);
      const data = load(lw);
      ok(apply(lw, requestFor(data, setupOf(data, FORD), [rolls])));
      const result = String(values(lw, 'Log')[1]?.[10]);
      // "<winner> won by <difference>: <A> <rate>% = <points> pts, <B> <rate>% = <points> pts"
      const m = /won by (\d+): .* (\d+)% = (\d+) pts, .* (\d+)% = (\d+) pts$/.exec(result);
      if (!m) throw new Error(`the Log's result does not read as a result: ${result}`);
      expect([rowA[7], rowA[8], rowB[7], rowB[8]]).toEqual([
        Number(m[2]) / 100,
        Number(m[3]),
        Number(m[4]) / 100,
        Number(m[5]),
      ]);
      // After apply the row shows the battle as fought, not the roster as it now stands.
      expect(lw.workbook.read('Battles', 'AD2:AN3')).toEqual(shown);
    }
  });

  it('keeps a formula and another user’s edit between the changed Status cells', () => {
    const lw = open();
    lw.workbook.put('Units', 'V4', [['="Ready"']]);
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    ok(apply(lw, request));
    const changed = request.losses.flatMap((l) => [...l.destroyed, ...l.routed]).map((u) => u.row);
    if (!changed.includes(4)) expect(lw.workbook.cell('Units', 'V4').formula).toBe('="Ready"');
  });

  it('refuses, writing nothing, when the battle’s Plan changed on the sheet since the load', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    lw.workbook.put('Battles', 'Z3', [['Withdraw']]);
    const before = state(lw);
    const f = failed(apply(lw, request));
    expect(f.code).toBe('stale');
    expect(f.message).toBe(
      `Battle "${FORD}" changed on the Battles sheet since the sidebar loaded (another user, or an edit on the sheet). Nothing was written: the sidebar now shows the campaign as it stands; check the battle and apply again.`,
    );
    expect(state(lw)).toEqual(before);
    expect(f.campaign?.battles[0]?.setup.sides[1].circumstances.plan).toBe('Withdraw');
  });

  it('refuses, writing nothing, when a unit of the battle changed, naming its army', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    lw.workbook.put('Units', 'G7', [[3]]); // Ghoere Levy 1's Melee
    const f = failed(apply(lw, request));
    expect(f.message).toMatch(/^The units or characters of Ghoere changed since the sidebar loaded/);
  });

  it('applies once when the same request is sent twice', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    ok(apply(lw, request));
    const after = state(lw);
    expect(ok(apply(lw, request)).message).toBe('This battle was applied already (Log row 2).');
    expect(state(lw)).toEqual(after);
  });

  it('refuses a Roll cell that holds a formula', () => {
    const lw = open();
    lw.workbook.put('Battles', 'AA2', [['=2*40']]);
    const data = load(lw);
    expect(data.battles[0]?.rollFormula).toBe(true);
    const f = failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    expect(f.message).toMatch(/holds a formula: it rolls again on every edit/);
  });

  it('refuses a unit that is not in the battle, naming it', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const bad: typeof request = {
      ...request,
      losses: [{ destroyed: [{ row: 12, name: 'Filler 0' }], routed: [] }, request.losses[1]],
    };
    expect(failed(apply(lw, bad)).message).toBe(
      'Destroyed: "Filler 0" is not a fighting unit of that side on Units row 12. Reload the sidebar.',
    );
  });
});

describe('undo and new round: one call each, exact, several steps back', () => {
  it('takes back two battles in a row, putting every sheet but the history back cell for cell', () => {
    const lw = open(50);
    const start = roster(lw);
    let data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    data = load(lw);
    const second = requestFor(data, setupOf(data, 'Filler skirmish'), [[70, 30]]);
    const afterFirst = roster(lw);
    data = ok(apply(lw, second)).campaign;
    expect(data.entries.map((e) => e.battle)).toEqual(['Filler skirmish', FORD]);
    lw.calls.reset();
    data = ok(undo(lw, newestEntry(data).id)).campaign;
    expect(roster(lw)).toEqual(afterFirst);
    data = ok(undo(lw, newestEntry(data).id)).campaign;
    expect(roster(lw)).toEqual(start);
    expect(data.entries).toEqual([]);
    expect(
      values(lw, 'Log')
        .slice(1)
        .map((r) => r[12]),
    ).toEqual(['Undone', 'Undone']);
  });

  it('undoes only the entry asked for, and only once', () => {
    const lw = open();
    let data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    data = load(lw);
    const first = newestEntry(data).id;
    data = ok(newRound(lw)).campaign;
    const f = failed(undo(lw, first));
    expect(f.code).toBe('stale');
    const newest = newestEntry(data).id;
    ok(undo(lw, newest));
    const after = state(lw);
    expect(ok(undo(lw, newest)).message).toMatch(/was undone already/);
    expect(state(lw)).toEqual(after);
  });

  it('runs a new round of 10,000 routed units and undoes it exactly: no cell holds the undo data', () => {
    const lw = open(10_000);
    const units = values(lw, 'Units');
    for (const row of units.slice(11, 10_011)) row[21] = 'Routed';
    lw.workbook.put('Units', 'A1', units as never);
    const before = roster(lw);
    const data = ok(newRound(lw)).campaign;
    expect(
      values(lw, 'Units')
        .slice(11, 10_011)
        .map((r) => r[21]),
    ).toEqual(Array.from({ length: 10_000 }, () => 'Ready'));
    expect(values(lw, 'Undo').length).toBe(1 + 10_001);
    ok(undo(lw, newestEntry(data).id));
    expect(roster(lw)).toEqual(before);
  }, 60_000);

  it('says so when undo would overwrite a later edit, and changes nothing', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const answer = ok(apply(lw, request));
    const lost = defined(request.losses.flatMap((l) => [...l.destroyed, ...l.routed])[0], 'a unit lost');
    lw.workbook.put('Units', `V${lost.row}`, [['Captured']]);
    const before = state(lw);
    const f = failed(undo(lw, newestEntry(answer.campaign).id));
    expect(f.code).toBe('unsafe');
    expect(f.message).toContain(`"${lost.name}" (was Units row ${lost.row}) has Status Captured now`);
    expect(state(lw)).toEqual(before);
  });
});

describe('save: one call, only the cells that change', () => {
  it('appends a new battle, then refuses a second save of that name as new', () => {
    const lw = open();
    const data = load(lw);
    const setup = { ...setupOf(data, FORD), name: 'Second ford' };
    const saved = ok(call<Written>(lw, 'sidebarSave', { setup, battle: null }));
    expect(saved.message).toBe('Saved battle "Second ford" on Battles rows 6-7.');
    expect(lw.workbook.read('Battles', 'A6:C7')).toEqual([
      ['Second ford', 'Avanil', 'Avanil'],
      ['Second ford', 'Ghoere', 'Ghoere'],
    ]);
    expect(failed(call(lw, 'sidebarSave', { setup, battle: null })).code).toBe('stale');
  });

  it('writes the one changed cell of a battle and leaves a formula beside it', () => {
    const lw = open();
    lw.workbook.put('Battles', 'B2', [['="Avanil"']]);
    const data = load(lw);
    const listing = defined(data.battles[0], 'the first battle');
    const setup = structuredClone(listing.setup) as typeof listing.setup;
    (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
    lw.calls.reset();
    ok(call(lw, 'sidebarSave', { setup, battle: listing.fingerprint }));
    expect(lw.calls.byMethod.setValues).toBe(1);
    expect(lw.workbook.read('Battles', 'Z2')).toEqual([['Full charge']]);
    expect(lw.workbook.cell('Battles', 'B2').formula).toBe('="Avanil"');
  });

  it('refuses hostile input with a message, writing nothing', () => {
    const lw = open();
    const before = state(lw);
    expect(failed(call(lw, 'sidebarSave', { setup: { name: 'x'.repeat(500) }, battle: null })).message).toBe(
      'The battle name is too long (500 characters; 200 at most).',
    );
    expect(failed(call(lw, 'sidebarApply', { id: 'a b', setup: {} })).message).toBe(
      'The request has no valid id: reload the sidebar.',
    );
    expect(failed(call(lw, 'sidebarNewRound', null)).message).toBe(
      'The request has no valid id: reload the sidebar.',
    );
    expect(state(lw)).toEqual(before);
    void newId;
  });
});
