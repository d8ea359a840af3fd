// The formulas a write keeps (server/formulas.ts): which cells of a table's rows or of one column hold a formula,
// each set read with one getFormulas, keyed by sheet row and header, on a fake sheet that answers getFormulas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/contract/cells';
import { columnFormulas, formulaKey, rowFormulas, withFormula } from '../../../src/sheets/server/formulas';
import { fakeTable } from '../../support';

/** A title row, then the header (a blank-headed column at D), then four units: sheet rows 3 to 6. */
const VALUES: Cell[][] = [
  ['Roster of the realm', '', '', '', ''],
  ['Unit', 'Army', 'Status', '', 'Value'],
  ['Guard', 'Avanil', 'Ready', 'note', 3],
  ['Bowmen', 'Avanil', '', '', 2],
  ['Levy', 'Ghoere', 'Routed', '', 1],
  ['Horse', 'Ghoere', '', '', 4],
];
const FORMULAS: string[][] = [
  ['', '', '', '', ''],
  ['', '', '', '', '=UNITVALUE(A2:C)'],
  ['', '', '=IF(TRUE,"Ready")', '=1', ''],
  ['="Bow"&"men"', '', '', '', ''],
  ['', '', '', '', ''],
  ['', '', '=C3', '', ''],
];
const table = () => fakeTable(VALUES, { headerIndex: 1, formulas: FORMULAS });

describe('formulaKey and withFormula', () => {
  it('keys a cell by its sheet row and header', () => {
    expect(formulaKey(12, 'Status')).toBe('12:Status');
  });

  it("gives a change's beforeFormula only where the cell holds one", () => {
    const formulas = new Map([[formulaKey(3, 'Status'), '=C9']]);
    expect(withFormula(formulas, 3, 'Status')).toEqual({ beforeFormula: '=C9' });
    expect(withFormula(formulas, 4, 'Status')).toEqual({});
    expect(withFormula(formulas, 3, 'Unit')).toEqual({});
  });
});

describe('rowFormulas', () => {
  it('reads the rows from the first to the last given with one getFormulas, headed columns only', () => {
    const f = table();
    const got = rowFormulas(f.t, [6, 3]);
    expect(f.formulaReads).toEqual([[3, 1, 4, 5]]);
    // Row 4 lies between the two asked for: one read covers it, and its formula is kept too. Column D has no
    // header: its formula is no column of the table's.
    expect([...got]).toEqual([
      ['3:Status', '=IF(TRUE,"Ready")'],
      ['4:Unit', '="Bow"&"men"'],
      ['6:Status', '=C3'],
    ]);
  });

  it('leaves out rows that are not the table’s (the header, past its end) and reads nothing for none', () => {
    const f = table();
    expect([...rowFormulas(f.t, [1, 2, 4, 7, 40])]).toEqual([['4:Unit', '="Bow"&"men"']]);
    expect(f.formulaReads).toEqual([[4, 1, 1, 5]]);
    expect(rowFormulas(f.t, [2, 7]).size).toBe(0);
    expect(rowFormulas(f.t, []).size).toBe(0);
    expect(f.formulaReads).toHaveLength(1);
  });

  it('equals the formulas of every headed cell from the first row given to the last, read once (property)', () => {
    const headers = ['Unit', 'Army', 'Status', 'Value'];
    const arb = fc
      .record({
        grid: fc.array(fc.array(fc.constantFrom('', '', '=1', '=A2'), { minLength: 4, maxLength: 4 }), {
          minLength: 1,
          maxLength: 12,
        }),
        picks: fc.array(fc.nat(20), { maxLength: 6 }),
      })
      .map(({ grid, picks }) => ({ grid, rows: picks.map((p) => p + 1) }));
    fc.assert(
      fc.property(arb, ({ grid, rows }) => {
        const values: Cell[][] = [headers, ...grid.map((line) => line.map(() => 'x'))];
        const f = fakeTable(values, { formulas: [headers.map(() => ''), ...grid] });
        const inTable = rows.filter((r) => r >= 2 && r <= grid.length + 1);
        const want = new Map<string, string>();
        if (inTable.length > 0) {
          for (let r = Math.min(...inTable); r <= Math.max(...inTable); r++)
            grid[r - 2]?.forEach((cell, c) => {
              if (cell) want.set(formulaKey(r, headers[c] ?? ''), cell);
            });
        }
        expect(new Map(rowFormulas(f.t, rows))).toEqual(want);
        expect(f.formulaReads).toHaveLength(inTable.length > 0 ? 1 : 0);
      }),
    );
  });
});

describe('columnFormulas', () => {
  it('reads one column from the first row given to the last with one getFormulas', () => {
    const f = table();
    expect([...columnFormulas(f.t, 'Status', [6, 3])]).toEqual([
      ['3:Status', '=IF(TRUE,"Ready")'],
      ['6:Status', '=C3'],
    ]);
    expect(f.formulaReads).toEqual([[3, 3, 4, 1]]);
  });

  it('reads nothing for a header the table lacks or for no rows', () => {
    const f = table();
    expect(columnFormulas(f.t, 'Roll', [3, 4]).size).toBe(0);
    expect(columnFormulas(f.t, 'Status', []).size).toBe(0);
    expect(f.formulaReads).toEqual([]);
  });

  it('takes the span of 300,000 rows without spreading them into a call (that overflows the stack)', () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => i + 2);
    const formulas = Array.from({ length: 300_001 }, (_, i) => ['', i === 250_000 ? '=B2' : '']);
    const f = fakeTable(
      [
        ['Unit', 'Status'],
        ['u', ''],
      ],
      { maxRows: 300_001, formulas },
    );
    expect([...columnFormulas(f.t, 'Status', rows)]).toEqual([['250001:Status', '=B2']]);
    expect(f.formulaReads).toEqual([[2, 2, 300_000, 1]]);
  });
});
