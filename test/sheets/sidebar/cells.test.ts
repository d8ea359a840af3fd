// Only the cells that change are written, in as few setValues as possible, each value kept what it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CellWrite, rectangles, writeChanged, writeRows } from '../../../src/sheets/sidebar/cells';
import { fakeTable } from './sheet-table';

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

describe('writeRows', () => {
  it('writes whole records from a row with one setValues, after adding the rows', () => {
    const { t, writes, inserted } = fakeTable([['Entry', 'Event']]);
    writeRows(t, 2, [
      ['e-1', 'Battle'],
      ['e-2', '+New round'],
    ]);
    expect(inserted).toEqual([[1, 2]]);
    expect(writes).toEqual([
      {
        row: 2,
        column: 1,
        values: [
          ['e-1', 'Battle'],
          ['e-2', "'+New round"],
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
