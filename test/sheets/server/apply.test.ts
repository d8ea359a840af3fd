// Apply (server/apply.ts) on the emulation: dist/Code.js in node:vm, called as google.script.run calls it.
import { describe, expect, it } from 'vitest';
import { defined } from '../../../src/rules';
import {
  apply,
  failed,
  FORD,
  FORD_ROLLS,
  load,
  ok,
  open,
  requestFor,
  setupOf,
  state,
  values,
} from '../../support';
import { cellOf, cellsOf, formulaOf } from '../../support/columns';

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
    // Six sheets read once (the Log and Undo from their ends with getValues, the others whole with getSheetValues);
    // the rows the Undo and Log rows go to, checked blank just before they are written; then the Battles rows and
    // the Units rows each checked just before each of their writes (the Units statuses here go out in two calls)
    // and after the last, and the Log row before Done.
    expect([lw.calls.byMethod.getSheetValues, lw.calls.byMethod.getValues]).toEqual([4, 10]);
    // Units: only the chosen Status cells changed.
    const after = values(lw, 'Units');
    after.forEach((row, i) => {
      if (!chosen.includes(i + 1)) expect(row).toEqual(before[i]);
    });
    expect(chosen.length).toBeGreaterThan(0);
    // Battles: the deciding rolls and what each side was when it fought.
    expect(lw.workbook.read('Battles', cellsOf('Battles', 'Roll', 2, 3, 'Fought'))).toEqual([
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
      lw.workbook.put('Battles', cellOf('Battles', 'Base', 1), [[formulaOf('Battles')]]);
      const rolls: [number, number] = trial === 0 ? [90, 10] : [1 + next(100), 1 + next(100)];
      if (trial > 0)
        lw.workbook.put('Battles', cellsOf('Battles', 'Plan', 2, 3), [[plans[next(5)]], [plans[next(5)]]]);
      lw.workbook.put('Battles', cellsOf('Battles', 'Roll', 2, 3), [[rolls[0]], [rolls[1]]]);
      const shown = lw.workbook.read('Battles', cellsOf('Battles', 'Base', 2, 3, 'Destroyed'));
      const [rowA, rowB] = [defined(shown[0], 'BATTLES row 2'), defined(shown[1], 'BATTLES row 3')];
      if (rowA[6] !== 'Won' && rowA[6] !== 'Lost') continue; // a tie or no battle: nothing to apply
      lw.workbook.put('Battles', cellsOf('Battles', 'Roll', 2, 3), [[''], ['']]);
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
      expect(lw.workbook.read('Battles', cellsOf('Battles', 'Base', 2, 3, 'Destroyed'))).toEqual(shown);
    }
  });

  it('keeps a formula and another user’s edit between the changed Status cells', () => {
    const lw = open();
    lw.workbook.put('Units', cellOf('Units', 'Status', 4), [['="Ready"']]);
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    ok(apply(lw, request));
    const changed = request.losses.flatMap((l) => [...l.destroyed, ...l.routed]).map((u) => u.row);
    if (!changed.includes(4))
      expect(lw.workbook.cell('Units', cellOf('Units', 'Status', 4)).formula).toBe('="Ready"');
  });

  it('refuses, writing nothing, when the battle’s Plan changed on the sheet since the load', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    lw.workbook.put('Battles', cellOf('Battles', 'Plan', 3), [['Withdraw']]);
    const before = state(lw);
    const f = failed(apply(lw, request));
    expect(f.code).toBe('stale');
    expect(f.message).toBe(
      `Battle "${FORD}" changed on the Battles sheet since the sidebar loaded (another user, or an edit on the sheet). Nothing was written.`,
    );
    expect(state(lw)).toEqual(before);
    expect(f.campaign?.battles[0]?.setup.sides[1].circumstances.plan).toBe('Withdraw');
  });

  it('refuses, writing nothing, when a unit of the battle changed, naming its army', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    lw.workbook.put('Units', cellOf('Units', 'Melee', 7), [[3]]); // Ghoere Levy 1's Melee
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
    lw.workbook.put('Battles', cellOf('Battles', 'Roll', 2), [['=2*40']]);
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
      'Destroyed: "Filler 0" is not a fighting unit of that side on Units row 12. Nothing was written.',
    );
  });
});

describe('apply and the document lock', () => {
  it('refuses, writing nothing, while another user holds the lock, and waits no longer than it says', () => {
    const lw = open();
    const data = load(lw);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS);
    const other = lw.lockAs('another user');
    expect(other.tryLock(0)).toBe(true);
    const before = state(lw);
    const f = failed(apply(lw, request));
    expect(f.code).toBe('locked');
    expect(f.message).toBe(
      'Another user is changing the campaign right now (a battle, an undo or a new round). Nothing was written.',
    );
    expect(lw.workbook.lock.waits.map((w) => w.timeoutInMillis)).toEqual([5000]);
    expect(state(lw)).toEqual(before);
    other.releaseLock();
    expect(apply(lw, request).ok).toBe(true);
  });

  it('refuses, writing nothing, when Apps Script gives no lock at all', () => {
    const lw = open();
    const data = load(lw);
    lw.workbook.lock.available = false;
    const before = state(lw);
    const f = failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    expect(f.code).toBe('locked');
    expect(f.message).toMatch(/^Warcard could not get the document lock\. /);
    expect(state(lw)).toEqual(before);
  });
});
