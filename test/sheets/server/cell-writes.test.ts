// Only the cells that change are written, in as few setValues as possible, each value kept what it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockA1,
  type CellWrite,
  rectangles,
  writeCalls,
  writeChanged,
  writeRows,
} from '../../../src/sheets/server/cell-writes';
import { fakeTable } from '../../support';

const w = (row: number, column: number, value: unknown = `${row}:${column}`): CellWrite => ({
  row,
  column,
  value,
});

describe('rectangles', () => {
  it('puts a block of writes, in any order, in one rectangle with its values in place', () => {
    expect(rectangles([w(3, 3, 'd'), w(2, 4, 'b'), w(2, 3, 'a'), w(3, 4, 'c')])).toEqual([
      {
        row: 2,
        column: 3,
        values: [
          ['a', 'b'],
          ['d', 'c'],
        ],
      },
    ]);
  });

  it('keeps the last value of a cell written twice', () => {
    expect(rectangles([w(2, 2, 'first'), w(2, 2, 'last')])).toEqual([
      { row: 2, column: 2, values: [['last']] },
    ]);
  });

  it('writes a column with a cell beside its middle as the column and the cell: two, not three', () => {
    expect(rectangles([w(1, 1), w(2, 1), w(2, 2), w(3, 1)])).toEqual([
      { row: 1, column: 1, values: [['1:1'], ['2:1'], ['3:1']] },
      { row: 2, column: 2, values: [['2:2']] },
    ]);
  });

  it('property: every cell written once with its last value, no other cell, no two rectangles that make one', () => {
    const cell = fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer());
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 30 }), (cells) => {
        const writes = cells.map(([r, c, v]) => w(r, c, v));
        const last = new Map(writes.map((x) => [`${x.row}:${x.column}`, x.value]));
        const seen = new Map<string, unknown>();
        const rects = rectangles(writes);
        for (const rect of rects) {
          rect.values.forEach((line, i) => {
            expect(line).toHaveLength(rect.values[0]?.length ?? 0);
            line.forEach((value, j) => {
              const at = `${rect.row + i}:${rect.column + j}`;
              expect(seen.has(at), `${at} written twice`).toBe(false);
              seen.set(at, value);
            });
          });
        }
        expect(seen).toEqual(last);
        // The fewest is proved in rectangles.test.ts; here, at least, no two side by side with the same span.
        for (const a of rects) {
          for (const b of rects) {
            if (a === b) continue;
            const sameColumns = a.column === b.column && a.values[0]?.length === b.values[0]?.length;
            const sameRows = a.row === b.row && a.values.length === b.values.length;
            expect(sameColumns && a.row + a.values.length === b.row).toBe(false);
            expect(sameRows && a.column + (a.values[0]?.length ?? 0) === b.column).toBe(false);
          }
        }
      }),
    );
  });
});

describe('writeChanged', () => {
  const sheet = () =>
    fakeTable([
      ['Unit', 'Army', 'Status'],
      ['Knights', 'Avanil', 'Ready'],
      ['Levy', 'Avanil', 'Ready'],
      ['Horse', 'Ghoere', 'Ready'],
    ]);

  it('writes each rectangle with one setValues, text kept text, and updates the table it read', () => {
    const { t, writes, inserted } = sheet();
    writeChanged(t, [w(2, 3, 'Routed'), w(3, 3, 'Destroyed'), w(4, 1, '=1+1'), w(4, 2, null)]);
    expect(writes).toEqual([
      // Text Sheets would read as something else (a formula) with an apostrophe, other text as it is.
      { row: 2, column: 3, values: [['Routed'], ['Destroyed']] },
      { row: 4, column: 1, values: [["'=1+1", '']] },
    ]);
    expect(inserted).toEqual([]);
    expect(t.values.slice(1)).toEqual([
      ['Knights', 'Avanil', 'Routed'],
      ['Levy', 'Avanil', 'Destroyed'],
      ['=1+1', null, 'Ready'],
    ]);
    expect(t.table.rows[2]).toEqual(['=1+1', null, 'Ready']);
  });

  it('writes nothing for no change', () => {
    const { t, writes } = sheet();
    writeChanged(t, []);
    expect(writes).toEqual([]);
  });

  it('adds the rows a write past the sheet needs, and the new rows join the table', () => {
    const { t, writes, inserted } = sheet();
    writeChanged(t, [w(6, 2, 'Rjurik')]);
    expect(inserted).toEqual([[4, 2]]);
    expect(writes).toEqual([{ row: 6, column: 2, values: [['Rjurik']] }]);
    expect(t.values.slice(4)).toEqual([
      ['', '', ''],
      ['', 'Rjurik', ''],
    ]);
    expect(t.table.rows).toHaveLength(5);
  });
});

describe('writeCalls', () => {
  it('writes scattered cells of one value with one RangeList call, whatever their number', () => {
    const { t, writes, lists } = fakeTable(
      [['Unit', 'Status'], ...Array.from({ length: 10_000 }, (_, i) => [`U${i}`, 'Ready'])],
      { name: 'Units' },
    );
    // Every third unit lost: routed or destroyed by turns, so no two neighbours share a value.
    const lost = Array.from({ length: 3_333 }, (_, k) => w(2 + 3 * k, 2, k % 2 ? 'Routed' : 'Destroyed'));
    writeChanged(t, lost);
    expect(writes).toEqual([]);
    expect(lists.map((l) => [l.value, l.a1s.length])).toEqual([
      ['Destroyed', 1667],
      ['Routed', 1666],
    ]);
    expect(lists[0]?.a1s.slice(0, 2)).toEqual(['B2', 'B8']);
    expect(t.values[4]).toEqual(['U3', 'Routed']);
    expect(t.values[3]).toEqual(['U2', 'Ready']);
  });

  it('merges a run of one value down a column into one block of the list', () => {
    expect(
      writeCalls([w(2, 22, 'Routed'), w(3, 22, 'Routed'), w(4, 22, 'Routed'), w(9, 22, 'Routed')]),
    ).toEqual([
      {
        kind: 'same',
        value: 'Routed',
        blocks: [
          { row: 2, column: 22, rows: 3, columns: 1 },
          { row: 9, column: 22, rows: 1, columns: 1 },
        ],
        cells: [w(2, 22, 'Routed'), w(3, 22, 'Routed'), w(4, 22, 'Routed'), w(9, 22, 'Routed')],
      },
    ]);
  });

  it('writes a block of differing values with one setValues when that takes fewer calls', () => {
    const calls = writeCalls([w(5, 10, 54), w(5, 11, 'x'), w(6, 10, 78), w(6, 11, 'y')]);
    expect(calls.map((c) => c.kind)).toEqual(['rectangle']);
  });

  it('keeps a value its type: the number 5 and the text "5" are two calls', () => {
    const calls = writeCalls([w(2, 1, 5), w(4, 1, '5')]);
    expect(
      calls.map((c) =>
        c.kind === 'rectangle' ? c.rectangle.values : c.kind === 'same' ? c.value : c.formula,
      ),
    ).toEqual([[[5]], [['5']]]);
  });

  it('property: the calls write every cell once with its last value, and no more calls than values or rectangles', () => {
    const cell = fc.tuple(
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 1, max: 4 }),
      fc.constantFrom('Ready', 'Routed', 'Destroyed', 3),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 40 }), (cells) => {
        const writes = cells.map(([r, c, v]) => w(r, c, v));
        const last = new Map(writes.map((x) => [`${x.row}:${x.column}`, x.value]));
        const seen = new Map<string, unknown>();
        const calls = writeCalls(writes);
        for (const call of calls) {
          if (call.kind === 'rectangle') {
            call.rectangle.values.forEach((line, i) => {
              line.forEach((value, j) => {
                const at = `${call.rectangle.row + i}:${call.rectangle.column + j}`;
                expect(seen.has(at), `${at} written twice`).toBe(false);
                seen.set(at, value);
              });
            });
          } else if (call.kind === 'same') {
            for (const b of call.blocks) {
              for (let i = 0; i < b.rows; i++) {
                for (let j = 0; j < b.columns; j++) {
                  const at = `${b.row + i}:${b.column + j}`;
                  expect(seen.has(at), `${at} written twice`).toBe(false);
                  seen.set(at, call.value);
                }
              }
            }
          }
        }
        expect(seen).toEqual(last);
        expect(calls.length).toBeLessThanOrEqual(new Set(last.values()).size);
        expect(calls.length).toBeLessThanOrEqual(rectangles(writes).length);
      }),
    );
  });
});

describe('writeCalls with formulas', () => {
  it('puts a formula back with its own setFormula, and the other cells by value', () => {
    const calls = writeCalls([
      { row: 4, column: 22, value: 'Ready', formula: '=IF(1=1,"Ready","")' },
      w(5, 22, 'Ready'),
      w(9, 22, 'Ready'),
    ]);
    expect(calls).toEqual([
      {
        kind: 'same',
        value: 'Ready',
        blocks: [
          { row: 5, column: 22, rows: 1, columns: 1 },
          { row: 9, column: 22, rows: 1, columns: 1 },
        ],
        cells: [w(5, 22, 'Ready'), w(9, 22, 'Ready')],
      },
      {
        kind: 'formula',
        formula: '=IF(1=1,"Ready","")',
        cells: [{ row: 4, column: 22, value: 'Ready', formula: '=IF(1=1,"Ready","")' }],
      },
    ]);
  });
});

describe('blockA1', () => {
  it.each([
    [{ row: 7, column: 22, rows: 1, columns: 1 }, 'V7'],
    [{ row: 7, column: 22, rows: 3, columns: 1 }, 'V7:V9'],
    [{ row: 2, column: 26, rows: 1, columns: 2 }, 'Z2:AA2'],
    [{ row: 1, column: 703, rows: 1, columns: 1 }, 'AAA1'],
  ])('%o is %s', (block, a1) => {
    expect(blockA1(block)).toBe(a1);
  });
});

describe('writeRows', () => {
  it('writes whole records from a row with one setValues (the sheet has the rows: journal.ts adds them)', () => {
    const { t, writes, inserted } = fakeTable([['Entry', 'Event']], { maxRows: 3 });
    writeRows(t, 2, [
      ['e-1', 'Battle'],
      ['e-2', '+New round'],
    ]);
    expect(inserted).toEqual([]);
    expect(writes).toEqual([
      {
        row: 2,
        column: 1,
        values: [
          ["'e-1", 'Battle'],
          ["'e-2", "'+New round"],
        ],
      },
    ]);
    expect(t.table.rows).toEqual([
      ['e-1', 'Battle'],
      ['e-2', '+New round'],
    ]);
  });

  it('writes nothing for no rows', () => {
    const { t, writes } = fakeTable([['Entry', 'Event']]);
    writeRows(t, 2, []);
    expect(writes).toEqual([]);
  });
});
