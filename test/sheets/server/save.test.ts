// Save (server/save.ts) on the emulation: only the cells that change.
import { describe, expect, it } from 'vitest';
import type { Written } from '../../../src/contract/api';
import { defined } from '../../../src/rules';
import { ERR_PREFIX } from '../../../src/contract/errors';
import { SPARE_ROWS } from '../../../src/sheets/server/journal';
import { battleRow, call, failed, FORD, load, ok, open, setupOf, state, values } from '../../support';
import { cellOf, cellsOf, formulaOf, rowOf } from '../../support/columns';

/** The Ford saved as a new battle, Second ford, on Battles rows 6-7: its setup. */
function savedAnew(lw: ReturnType<typeof open>) {
  const data = load(lw);
  const setup = { ...setupOf(data, FORD), name: 'Second ford' };
  const saved = ok(call<Written>(lw, 'sidebarSave', { setup, battle: null }));
  expect(saved.message).toBe('Saved battle "Second ford" on Battles rows 6-7.');
  expect(lw.workbook.read('Battles', cellsOf('Battles', 'Battle', 6, 7, 'Armies'))).toEqual([
    ['Second ford', 'Avanil', 'Avanil'],
    ['Second ford', 'Ghoere', 'Ghoere'],
  ]);
  return setup;
}

describe('save: one call, only the cells that change', () => {
  it('appends a new battle, then refuses a second save of that name as new', () => {
    const lw = open();
    const setup = savedAnew(lw);
    expect(failed(call(lw, 'sidebarSave', { setup, battle: null })).code).toBe('stale');
  });

  it('writes the one changed cell of a battle and leaves a formula beside it', () => {
    const lw = open();
    lw.workbook.put('Battles', cellOf('Battles', 'Side', 2), [['="Avanil"']]);
    const data = load(lw);
    const listing = defined(data.battles[0], 'the first battle');
    const setup = structuredClone(listing.setup) as typeof listing.setup;
    (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
    lw.calls.reset();
    const saved = ok(call<Written>(lw, 'sidebarSave', { setup, battle: listing.fingerprint }));
    // One side's row written: the message names that row alone.
    expect(saved.message).toBe(`Saved battle "${FORD}" on Battles row 2.`);
    expect(values(lw, 'Log')[1]?.[10]).toBe('Saved on Battles row 2');
    // On Battles only the Plan cell; the save is journaled: its Undo row, then its Log row (Pending, then Done).
    expect(lw.calls.bySheet.Battles?.setValues).toBe(1);
    expect(lw.calls.log.filter((c) => c.kind === 'write').map((c) => `${c.sheet}!${c.a1}`)).toEqual([
      `Undo!${rowOf('Undo', 2)}`,
      `Log!${rowOf('Log', 2)}`,
      `Battles!${cellOf('Battles', 'Plan', 2)}`,
      `Log!${cellOf('Log', 'State', 2)}`,
    ]);
    expect(values(lw, 'Log')[1]?.slice(2, 4)).toEqual(['Save', FORD]);
    expect(values(lw, 'Log')[1]?.[12]).toBe('Done');
    expect(load(lw).entries).toEqual([]); // a save is not one Undo takes back
    expect(lw.workbook.read('Battles', cellOf('Battles', 'Plan', 2))).toEqual([['Full charge']]);
    expect(lw.workbook.cell('Battles', cellOf('Battles', 'Side', 2)).formula).toBe('="Avanil"');
  });

  it('refuses hostile input at the door, naming the field, writing nothing', () => {
    const lw = open();
    const before = state(lw);
    const ford = setupOf(load(lw), FORD);
    expect(
      failed(call(lw, 'sidebarSave', { setup: { ...ford, name: 'x'.repeat(500) }, battle: null })).message,
    ).toBe('The battle name is too long (500 characters; 200 at most).');
    expect(failed(call(lw, 'sidebarApply', { id: 'a b', setup: {} })).message).toBe(
      'Refused: the request\'s id must be an id of 6 to 64 letters, digits and dashes, not "a b". Nothing was written.',
    );
    expect(failed(call(lw, 'sidebarNewRound', null)).message).toBe(
      'Refused: the request must be an object, not null. Nothing was written.',
    );
    expect(state(lw)).toEqual(before);
  });
});

describe('save refuses a battle that can never be fought', () => {
  it('in the words BATTLES shows for it on the sheet, writing nothing', () => {
    const lw = open();
    const data = load(lw);
    const ford = setupOf(data, FORD);
    const bad: [string, string, string, Parameters<typeof battleRow>[3]][] = [
      ['Both sides', 'Avanil', 'Ghoere, avanil', {}],
      ['Two defenders', 'Avanil', 'Ghoere', { Defender: true }],
      ['Unknown', 'Avanil', 'Mhoried', {}],
      ['Typo', 'Avanil', 'Ghoer', {}],
    ];
    // Each battle typed on Battles by hand (rows 6-13), and what BATTLES shows for it.
    lw.workbook.put(
      'Battles',
      'A6',
      bad.flatMap(([name, a, b, cells]) => [
        battleRow(name, 'A', a, cells),
        battleRow(name, 'B', b, { Defender: true }),
      ]),
    );
    const formula = formulaOf('Battles');
    lw.workbook.put('Battles', cellOf('Battles', 'Base', 1), [[formula, ...Array(10).fill('')]]); // room for its 11 columns
    lw.workbook.recalculate();
    const shown = lw.workbook.read('Battles', cellsOf('Battles', 'Base', 6, 13)).map((r) => String(r[0]));
    const words = shown.filter((_, i) => i % 2 === 0).map((w) => w.slice(ERR_PREFIX.length));
    expect(shown.every((w) => w.startsWith(ERR_PREFIX))).toBe(true);
    expect(words).toEqual([
      'army "Avanil" is on both sides of battle "Both sides"',
      'Defender is ticked on both sides of battle "Two defenders": tick it for one side only',
      'army "Mhoried" is not in the roster: no unit or character has that Army',
      'army "Ghoer" is not in the roster: no unit or character has that Army: did you mean "Ghoere"?',
    ]);
    const sentence = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
    const before = state(lw);
    const answers = bad.map(([name, a, b, cells]) => {
      const side = (i: 0 | 1, armies: string, defender: boolean) => ({
        ...ford.sides[i],
        armies: armies.split(', '),
        circumstances: { ...ford.sides[i].circumstances, defender },
      });
      const setup = { name, sides: [side(0, a, cells?.Defender === true), side(1, b, true)] };
      lw.calls.reset();
      const f = failed(call<Written>(lw, 'sidebarSave', { setup, battle: null }));
      return [f.code, f.message, lw.calls.reads];
    });
    expect(answers).toEqual([
      // What the request alone shows is refused at the door, before a read.
      ['invalid', `${sentence(words[0] ?? '')}.`, 0],
      ['invalid', `${sentence(words[1] ?? '')}.`, 0],
      ['invalid', `${sentence(words[2] ?? '')}.`, expect.any(Number)],
      // BATTLES and the sidebar name the same closest army.
      ['invalid', sentence(words[3] ?? ''), expect.any(Number)],
    ]);
    expect(state(lw)).toEqual(before);
  });

  it('an army named with a comma, which would read back as two armies', () => {
    const lw = open();
    const data = load(lw);
    const ford = setupOf(data, FORD);
    const setup = {
      name: 'Comma',
      sides: [ford.sides[0], { ...ford.sides[1], armies: ['Ghoere, Mhoried'] }],
    };
    const before = state(lw);
    lw.calls.reset();
    expect(failed(call(lw, 'sidebarSave', { setup, battle: null })).message).toBe(
      'Army "Ghoere, Mhoried" has a comma in its name, and the Armies cell separates armies with commas: it would read back as two armies. Rename the army on Units (and Characters) without a comma.',
    );
    expect(lw.calls.total).toBe(lw.calls.byMethod.getAuthorizationInfo); // no call but the permissions' question
    expect(state(lw)).toEqual(before);
  });
});

describe('save: room to grow', () => {
  /** The campaign with every sheet Warcard writes cut to its last row (Google's sheets can be full). */
  const full = () => {
    const lw = open();
    for (const name of ['Battles', 'Log', 'Undo', 'Units']) {
      const model = lw.workbook.sheetOrThrow(name);
      const last = Math.max(1, lw.workbook.lastRow(model));
      if (model.maxRows > last) lw.workbook.deleteRows(model, last + 1, model.maxRows - last);
    }
    return lw;
  };
  const maxRows = (lw: ReturnType<typeof open>) =>
    Object.fromEntries(['Battles', 'Log', 'Undo'].map((s) => [s, lw.workbook.sheetOrThrow(s).maxRows]));

  it('saves a new battle on full sheets: the rows it needs added within the same write', () => {
    const lw = full();
    const before = maxRows(lw);
    savedAnew(lw);
    // The rows it needed: Battles full to its last row again, the Log and Undo with room for the next writes.
    expect(before).toEqual({ Battles: 5, Log: 1, Undo: 1 });
    expect(maxRows(lw)).toEqual({
      Battles: 7,
      Log: 2 + SPARE_ROWS,
      Undo: values(lw, 'Undo').length + SPARE_ROWS,
    });
  });

  it('a save on full sheets refused at its last write takes the added rows away again', () => {
    const lw = full();
    const before = { cells: state(lw), rows: maxRows(lw) };
    const data = load(lw);
    const setup = { ...setupOf(data, FORD), name: 'Second ford' };
    lw.calls.failOn({ method: 'flush' });
    expect(failed(call<Written>(lw, 'sidebarSave', { setup, battle: null })).message).toMatch(
      /Nothing was changed/,
    );
    expect({ cells: state(lw), rows: maxRows(lw) }).toEqual(before);
  });
});
