// The product's writes under set-up's validation: a cell may hold what its rule marks (typed before set-up added
// the rule, e.g. a Status "ready"), and apply, undo, new round and save still go through, ending right. The
// emulation refuses a script's write into a refusing cell as Sheets does, so a refusing rule would show here.
import { columnLetters } from '../../../dev/gas';
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import {
  apply,
  call,
  failed,
  FORD,
  FORD_ROLLS,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  requestFor,
  roster,
  setupOf,
  undo,
  values,
} from '../../support';

/** The fixture campaign with every Status typed "ready" and the ford's plans "hold", then set up. */
function typedBeforeSetUp(): { lw: LoadedWorkbook; status: string; units: number } {
  const lw = open();
  const units = values(lw, 'Units');
  const col = units[0]?.indexOf('Status') ?? -1;
  expect(col).toBeGreaterThan(0);
  const status = columnLetters(col + 1);
  const named = units.slice(1).filter((r) => r[0] !== '');
  lw.workbook.put(
    'Units',
    `${status}2`,
    named.map(() => ['ready']),
  );
  lw.run('setUpCampaign');
  return { lw, status, units: named.length };
}

/** The roster once Sheets has recomputed. */
const shown = (lw: LoadedWorkbook) => {
  lw.workbook.recalculate();
  return roster(lw);
};

/** Whether a cell's value breaks its rule (set-up's rules mark it: the user sees it). */
const marked = (lw: LoadedWorkbook, sheet: string, row: number, col: number) => {
  const model = lw.workbook.sheetOrThrow(sheet);
  const value = lw.workbook.values(model, { row, col, numRows: 1, numCols: 1 })[0]?.[0];
  return !lw.workbook.passesRule(model, row - 1, col - 1, value);
};

describe('writes over cells typed before set-up', () => {
  it('apply, undo, new round and save go through; undo puts the typed "ready" back', () => {
    const { lw, status } = typedBeforeSetUp();
    const col = status.charCodeAt(0) - 64;
    expect(marked(lw, 'Units', 2, col)).toBe(true); // "ready" is not in the dropdown's words
    const start = shown(lw);
    let data = load(lw);
    data = ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS))).campaign;
    expect(shown(lw)).not.toEqual(start);
    data = ok(undo(lw, newestEntry(data).id)).campaign;
    expect(shown(lw)).toEqual(start);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    const routed = values(lw, 'Units').filter((r) => r[col - 1] === 'Routed').length;
    expect(routed).toBeGreaterThan(0);
    ok(newRound(lw));
    expect(values(lw, 'Units').filter((r) => r[col - 1] === 'Routed')).toEqual([]);
    data = load(lw);
    const setup = { ...setupOf(data, FORD), name: 'Second ford' };
    expect(ok(call<Written>(lw, 'sidebarSave', { setup, battle: null })).message).toMatch(
      /^Saved battle "Second ford"/,
    );
  });

  it('a refusing rule would refuse undo with Google’s message, the campaign left as after the battle; set-up again makes it warn', () => {
    const { lw, status, units: rows } = typedBeforeSetUp();
    const col = status.charCodeAt(0) - 64;
    const model = lw.workbook.sheetOrThrow('Units');
    const refusing = lw.workbook.values(model, { row: 2, col, numRows: rows, numCols: 1 }).map((_, r) => {
      const rule = model.metaAt(1 + r, col - 1)?.validation;
      if (!rule) throw new Error('no rule on Status');
      return [{ ...rule, allowInvalid: false }];
    });
    lw.workbook.setMeta(model, { row: 2, col, numRows: rows, numCols: 1 }, 'validation', refusing);
    let data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    const after = shown(lw);
    data = load(lw);
    const refused = failed(undo(lw, newestEntry(data).id));
    expect(refused.message).toBe(
      `Undoing battle "${FORD}" failed while writing the unit statuses (The data you entered in cell ${status}3 violates the data validation rules set on this cell.). Nothing was changed: the campaign is exactly as it was. Warcard → Set up campaign makes cell checks warn instead of refusing.`,
    );
    expect(shown(lw)).toEqual(after);
    lw.run('setUpCampaign');
    expect(model.metaAt(1, col - 1)?.validation?.allowInvalid).toBe(true);
    data = load(lw);
    ok(undo(lw, newestEntry(data).id));
    expect(
      values(lw, 'Units')
        .slice(1, rows + 1)
        .map((r) => r[col - 1]),
    ).toEqual(Array.from({ length: rows }, () => 'ready'));
  });
});
