// Battles rows found by identity (the battle's name and the side's armies), never by the row number read: another
// user typing a row at the top of Battles while a battle is applied, saved or undone moves every battle's rows.
import { describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import { defined } from '../../../src/rules';
import {
  apply,
  call,
  comparable,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  ok,
  open,
  requestFor,
  roster,
  setupOf,
  state,
  undo,
  values,
} from '../../support';

/** A row another user types at the top of Battles: the start of a battle of their own. */
const TYPED = ['Ambush at dawn', 'Scouts', 'Avanil'];

function typeRowAtTop(lw: LoadedWorkbook): void {
  lw.workbook.insertRows(defined(lw.workbook.sheet('Battles'), 'Battles'), 1, 1);
  lw.workbook.put('Battles', 'A2', [TYPED]);
}

/** A workbook's sheets without the row typed at the top of Battles (to compare with a run without it). */
function withoutTyped(lw: LoadedWorkbook) {
  const s = state(lw);
  const battles = s.Battles as unknown[][];
  const at = battles.findIndex((r) => r[0] === TYPED[0]);
  if (at >= 0) battles.splice(at, 1);
  return comparable(s);
}

describe('a row typed at the top of Battles while a battle is applied', () => {
  it('ends with the rolls and Fought cells on the battle’s own rows, or refused as stale with everything as it was', () => {
    const clean = open();
    const data = load(clean);
    const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'battles-insert-1');
    const start = withoutTyped(clean);
    clean.calls.reset();
    ok(apply(clean, request));
    const end = withoutTyped(clean);
    const calls = clean.calls.log.length;
    const outcomes = { applied: 0, refused: 0 };
    for (let k = 1; k <= calls; k++) {
      const lw = open();
      load(lw);
      let seen = 0;
      lw.calls.beforeCall = () => {
        if (++seen === k) typeRowAtTop(lw);
      };
      const answer = apply(lw, request);
      lw.calls.beforeCall = undefined;
      if (answer.ok) {
        outcomes.applied++;
        expect(withoutTyped(lw), `a row typed before call ${k}`).toBe(end);
      } else {
        outcomes.refused++;
        expect(answer.code, `before call ${k}: ${answer.message}`).toBe('stale');
        expect(answer.message).toMatch(/Nothing was (changed|written)/);
        expect(withoutTyped(lw), `a row typed before call ${k}`).toBe(start);
      }
      expect(values(lw, 'Battles')[1], `call ${k}`).toEqual(TYPED);
    }
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.applied).toBeGreaterThan(0);
  });
});

describe('undo after a row was typed at the top of Battles', () => {
  function appliedThenTyped() {
    const lw = open();
    const start = roster(lw);
    const data = load(lw);
    const entry = newestEntry(ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign).id;
    typeRowAtTop(lw);
    return { lw, start, entry };
  }

  it('puts back the cells of the battle’s own rows, and says nothing of cells edited since', () => {
    const { lw, start, entry } = appliedThenTyped();
    const answer = ok(undo(lw, entry));
    expect(answer.message).not.toMatch(/edited/);
    const now = roster(lw);
    (now.Battles as unknown[][]).splice(1, 1);
    expect(now).toEqual(start);
    expect(values(lw, 'Battles')[1]).toEqual(TYPED);
  });

  it('leaves the battle free to be applied again, and undone again', () => {
    const { lw, entry } = appliedThenTyped();
    let data = ok(undo(lw, entry)).campaign;
    const listing = defined(
      data.battles.find((b) => b.setup.name === FORD),
      'the ford',
    );
    expect(listing.appliedBy).toBeNull();
    data = ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign;
    const undone = ok(undo(lw, newestEntry(data).id));
    expect(undone.message).toMatch(/^Undid battle "Ford of Avanil"/);
  });

  it('says a Battles cell was edited since only when its value changed, and leaves it', () => {
    const { lw, entry } = appliedThenTyped();
    // The ford's first row is now row 3: its Fought cell typed over by a player.
    const fought = values(lw, 'Battles')[0]?.indexOf('Fought') ?? -1;
    expect(fought).toBeGreaterThan(0);
    const a1 = `${columnLetters(fought + 1)}3`;
    lw.workbook.put('Battles', a1, [['typed by the GM']]);
    const answer = ok(undo(lw, entry));
    expect(answer.message).toContain('1 Battles cell edited or deleted since was left as it is.');
    expect(lw.workbook.read('Battles', a1)).toEqual([['typed by the GM']]);
  });
});

describe('a row typed at the top of Battles while a battle is saved', () => {
  it('saves on the battle’s own rows, or refuses as stale with everything as it was', () => {
    const prepare = () => {
      const lw = open();
      const data = load(lw);
      const listing = defined(data.battles[0], 'the first battle');
      const setup = structuredClone(listing.setup) as typeof listing.setup;
      (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
      return { lw, run: () => call<Written>(lw, 'sidebarSave', { setup, battle: listing.fingerprint }) };
    };
    const clean = prepare();
    const start = withoutTyped(clean.lw);
    clean.lw.calls.reset();
    ok(clean.run());
    const norm = (s: string) => s.replace(/"s-[0-9a-z]+-[0-9a-z]+"/g, '"ID"');
    const end = norm(withoutTyped(clean.lw));
    const calls = clean.lw.calls.log.length;
    let refused = 0;
    for (let k = 1; k <= calls; k++) {
      const { lw, run } = prepare();
      let seen = 0;
      lw.calls.beforeCall = () => {
        if (++seen === k) typeRowAtTop(lw);
      };
      const answer = run();
      lw.calls.beforeCall = undefined;
      if (answer.ok) expect(norm(withoutTyped(lw)), `before call ${k}`).toBe(end);
      else {
        refused++;
        expect(answer.code, `before call ${k}: ${answer.message}`).toBe('stale');
        expect(withoutTyped(lw), `before call ${k}`).toBe(start);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
