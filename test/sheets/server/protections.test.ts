// A protected cell is never a mystery: a protection found before the write refuses it up front, naming the
// sheet, the realm, the protection and who can; one that appears mid-write is rolled back like any failure,
// named, with no "try again".
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { apply, failed, FORD, FORD_ROLLS, load, open, requestFor, setupOf, state } from '../../support';

const OWNER = 'gm@example.com';
const HELPER = 'helper@example.com';

/** A campaign without a Players sheet (everyone who edits acts as a GM), owned by the GM, edited by a helper. */
function shared(): LoadedWorkbook {
  const lw = open();
  lw.workbook.people.owner = OWNER;
  lw.actAs(OWNER);
  lw.actAs(HELPER);
  return lw;
}

/** The owner protects Ghoere's Units rows (7-11) for themselves alone, as a GM would by hand. */
function protectGhoere(lw: LoadedWorkbook): void {
  const people = lw.workbook.people;
  const p = people.add('RANGE', lw.workbook.sheetOrThrow('Units'), {
    row: 7,
    col: 1,
    numRows: 5,
    numCols: 22,
  });
  p.description = 'Ghoere is mine';
  p.editors = [];
}

describe('protections and the write', () => {
  it('refuses up front a write into a range protected between load and apply, changing nothing', () => {
    const lw = shared();
    const data = load(lw);
    protectGhoere(lw);
    const before = state(lw);
    lw.calls.reset();
    const answer = failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    expect(answer.code).toBe('refused');
    expect(answer.message).toContain('the Units sheet (rows');
    expect(answer.message).toContain('realm "Ghoere")');
    expect(answer.message).toContain('"Ghoere is mine"');
    expect(answer.message).toContain('Nothing was written');
    expect(answer.message).not.toMatch(/try again/i);
    expect(state(lw)).toEqual(before);
    expect(lw.calls.writes).toBe(0);
  });

  it('rolls back a write a protection fails midway, names it, and does not say try again', () => {
    const lw = shared();
    const data = load(lw);
    const before = state(lw);
    let added = false;
    lw.calls.beforeCall = (call) => {
      if (!added && call.kind === 'write' && call.sheet === 'Units') {
        added = true;
        protectGhoere(lw);
      }
    };
    const answer = failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    lw.calls.beforeCall = undefined;
    expect(added).toBe(true);
    expect(answer.code).toBe('refused');
    expect(answer.message).toContain('a protection ("Ghoere is mine" on Units)');
    expect(answer.message).toContain('Nothing was changed: the campaign is exactly as it was.');
    expect(answer.message).not.toMatch(/try again/i);
    expect(state(lw)).toEqual(before);
  });

  it('refuses at a bounded cost however many protections the sheet holds, naming the rows and realm', () => {
    const lw = shared();
    const data = load(lw);
    // One protection a row, as Protect realms leaves a roster mixed across armies, then the owner's on Ghoere.
    const units = lw.workbook.sheetOrThrow('Units');
    for (let row = 2; row <= 400; row++) {
      const p = lw.workbook.people.add('RANGE', units, { row: 1000 + row, col: 1, numRows: 1, numCols: 22 });
      p.description = `Warcard: Units row ${row}`;
      p.editors = [];
    }
    protectGhoere(lw);
    lw.calls.reset();
    const answer = failed(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    expect(answer.code).toBe('refused');
    expect(answer.message).toContain('the Units sheet (rows');
    expect(answer.message).toContain('realm "Ghoere")');
    // Ghoere's protection is the 400th: past what a refusal looks through, so it is not named.
    expect(answer.message).not.toContain('Ghoere is mine');
    expect(answer.message).toContain('Nothing was written');
    expect(lw.calls.writes).toBe(0);
    expect(lw.calls.total).toBeLessThan(400);
  });

  it('writes through a warning-only protection of the Log and Undo, as every sidebar must', () => {
    const lw = shared();
    for (const name of ['Log', 'Undo']) {
      const p = lw.workbook.people.add('SHEET', lw.workbook.sheetOrThrow(name), undefined);
      p.warningOnly = true;
      p.editors = [];
    }
    const data = load(lw);
    const answer = apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS));
    expect(answer.ok, answer.ok ? '' : answer.message).toBe(true);
  });
});
