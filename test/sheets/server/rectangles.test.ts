// The fewest rectangles covering a set of cells exactly, against a brute force over every partition.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Block, fewestRectangles } from '../../../src/sheets/server/rectangles';

type Cells = readonly (readonly [number, number])[];
const key = (r: number, c: number) => `${r}:${c}`;

/** The least number of rectangles that partition the cells: the first cell left (by row, then column) is always
 * the top left corner of its rectangle, so try every rectangle from there. */
function leastByBruteForce(cells: Cells): number {
  const memo = new Map<string, number>();
  const go = (left: ReadonlySet<string>): number => {
    if (left.size === 0) return 0;
    const id = [...left].sort().join(' ');
    const known = memo.get(id);
    if (known !== undefined) return known;
    const [r0, c0] = cells
      .filter(([r, c]) => left.has(key(r, c)))
      .reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
    let best = Number.POSITIVE_INFINITY;
    for (let w = 1; left.has(key(r0, c0 + w - 1)); w++) {
      for (
        let h = 1;
        Array.from({ length: w }, (_, k) => key(r0 + h - 1, c0 + k)).every((k) => left.has(k));
        h++
      ) {
        const rest = new Set(left);
        for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) rest.delete(key(r, c));
        best = Math.min(best, 1 + go(rest));
      }
    }
    memo.set(id, best);
    return best;
  };
  return go(new Set(cells.map(([r, c]) => key(r, c))));
}

/** The cells of the blocks, each once, or an error naming a cell covered twice. */
function covered(blocks: readonly Block[]): string[] {
  const out = new Set<string>();
  for (const b of blocks) {
    for (let r = b.row; r < b.row + b.rows; r++) {
      for (let c = b.column; c < b.column + b.columns; c++) {
        if (out.has(key(r, c))) throw new Error(`cell ${key(r, c)} is in two rectangles`);
        out.add(key(r, c));
      }
    }
  }
  return [...out].sort();
}

/** Any set of cells of a rows x columns grid, each cell in or out by a coin: dense, ragged shapes with holes. */
const grid = (rows: number, columns: number) =>
  fc
    .array(fc.boolean(), { minLength: rows * columns, maxLength: rows * columns })
    .map((bits) =>
      bits.flatMap((on, i) => (on ? [[Math.floor(i / columns) + 1, (i % columns) + 1] as const] : [])),
    );

describe('fewestRectangles', () => {
  it.each<[string, Cells, Block[]]>([
    ['nothing', [], []],
    ['one cell', [[3, 4]], [{ row: 3, column: 4, rows: 1, columns: 1 }]],
    [
      'a block given in any order',
      [
        [3, 3],
        [2, 4],
        [2, 3],
        [3, 4],
      ],
      [{ row: 2, column: 3, rows: 2, columns: 2 }],
    ],
    [
      'a column with a gap: two runs',
      [
        [2, 22],
        [3, 22],
        [5, 22],
      ],
      [
        { row: 2, column: 22, rows: 2, columns: 1 },
        { row: 5, column: 22, rows: 1, columns: 1 },
      ],
    ],
    [
      'a column with a cell beside its middle: the column whole, and the cell (not three row runs)',
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [3, 1],
      ],
      [
        { row: 1, column: 1, rows: 3, columns: 1 },
        { row: 2, column: 2, rows: 1, columns: 1 },
      ],
    ],
    [
      'two cells touching at a corner only',
      [
        [1, 1],
        [2, 2],
      ],
      [
        { row: 1, column: 1, rows: 1, columns: 1 },
        { row: 2, column: 2, rows: 1, columns: 1 },
      ],
    ],
  ])('%s', (_, cells, blocks) => {
    expect(fewestRectangles(cells)).toEqual(blocks);
  });

  it('a ring around a hole takes four rectangles', () => {
    const ring: [number, number][] = [];
    for (let r = 1; r <= 3; r++) for (let c = 1; c <= 3; c++) if (r !== 2 || c !== 2) ring.push([r, c]);
    expect(fewestRectangles(ring)).toHaveLength(4);
    expect(covered(fewestRectangles(ring))).toEqual(ring.map(([r, c]) => key(r, c)).sort());
  });

  it('property: covers exactly the cells, each once, with as few rectangles as any partition', () => {
    fc.assert(
      fc.property(grid(4, 5), (cells) => {
        const blocks = fewestRectangles(cells);
        expect(covered(blocks)).toEqual(cells.map(([r, c]) => key(r, c)).sort());
        expect(blocks.length).toBe(leastByBruteForce(cells));
      }),
      { numRuns: 400 },
    );
  });

  it('property: sparse cells over a larger sheet', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 })), {
          selector: ([r, c]) => key(r, c),
          maxLength: 18,
        }),
        (cells) => {
          const blocks = fewestRectangles(cells);
          expect(covered(blocks)).toEqual(cells.map(([r, c]) => key(r, c)).sort());
          expect(blocks.length).toBe(leastByBruteForce(cells));
        },
      ),
      { numRuns: 200 },
    );
  });
});
