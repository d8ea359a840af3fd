// The fewest rectangles that cover a set of cells exactly (a minimum partition of a rectilinear shape), so that
// the changed cells of a sheet go out in as few setValues as possible without touching a cell that stays.
//
// Every concave corner of the shape must be cut. A straight cut joining two concave corners serves both, so first
// as many such joining cuts as can be drawn without any two touching (a maximum independent set of them: the
// horizontal and vertical ones form a bipartite graph, solved by a matching), then every corner still uncut gets
// a cut of its own, run until it meets an edge or another cut. That is the least number of rectangles:
// corners − joining cuts − holes + 1 for each connected shape.

import { defined } from '../../rules';

export interface Block {
  /** Top left cell, 1-based. */
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

/** Keys as numbers (a sheet has at most 18,278 columns): point (i, j) is the top left corner of cell (i, j). */
const WIDE = 65536;
const cellKey = (row: number, column: number): number => row * WIDE + column;
/** The edge on line `i` between points (i, j) and (i, j + 1): cell (i - 1, j) above it, (i, j) below. */
const across = (i: number, j: number): number => 2 * (i * WIDE + j);
/** The edge on line `j` between points (i, j) and (i + 1, j): cell (i, j - 1) left of it, (i, j) right. */
const down = (i: number, j: number): number => 2 * (i * WIDE + j) + 1;

interface Chord {
  /** The line it runs on, and its ends along it (points). */
  readonly line: number;
  readonly from: number;
  readonly to: number;
}

export function fewestRectangles(cells: readonly (readonly [number, number])[]): Block[] {
  const filled = new Map(cells.map(([r, c]) => [cellKey(r, c), [r, c] as const]));
  const has = (r: number, c: number) => filled.has(cellKey(r, c));
  /** How many of the four cells around point (i, j) are in the shape. */
  const around = (i: number, j: number) =>
    Number(has(i - 1, j - 1)) + Number(has(i - 1, j)) + Number(has(i, j - 1)) + Number(has(i, j));
  const acrossInside = (i: number, j: number) => has(i - 1, j) && has(i, j);
  const downInside = (i: number, j: number) => has(i, j - 1) && has(i, j);

  // Concave corners: three of the four cells around the point are in the shape.
  const corners = new Map<number, readonly [number, number]>();
  const corner = (i: number, j: number) => {
    if (around(i, j) === 3) corners.set(cellKey(i, j), [i, j]);
  };
  for (const [r, c] of filled.values()) {
    corner(r, c);
    corner(r, c + 1);
    corner(r + 1, c);
    corner(r + 1, c + 1);
  }
  const isCorner = (i: number, j: number) => corners.has(cellKey(i, j));

  // Joining cuts, each found from its left (top) corner: through the shape's inside to the next concave corner.
  const horizontal: Chord[] = [];
  const vertical: Chord[] = [];
  for (const [i, j] of corners.values()) {
    for (let k = j; acrossInside(i, k); k++) {
      if (isCorner(i, k + 1)) horizontal.push({ line: i, from: j, to: k + 1 });
      if (around(i, k + 1) !== 4) break;
    }
    for (let k = i; downInside(k, j); k++) {
      if (isCorner(k + 1, j)) vertical.push({ line: j, from: i, to: k + 1 });
      if (around(k + 1, j) !== 4) break;
    }
  }

  const cuts = new Set<number>();
  const [keptH, keptV] = independent(horizontal, vertical);
  horizontal.forEach((h, k) => {
    if (keptH.has(k)) for (let j = h.from; j < h.to; j++) cuts.add(across(h.line, j));
  });
  vertical.forEach((v, k) => {
    if (keptV.has(k)) for (let i = v.from; i < v.to; i++) cuts.add(down(i, v.line));
  });

  // Each corner still uncut: a vertical cut into the shape, until it meets the edge or another cut.
  const cutAt = (i: number, j: number) =>
    cuts.has(across(i, j - 1)) || cuts.has(across(i, j)) || cuts.has(down(i - 1, j)) || cuts.has(down(i, j));
  const sorted = [...corners.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (const [i, j] of sorted) {
    if (cutAt(i, j)) continue;
    const step = downInside(i, j) ? 1 : -1;
    for (let k = i; ; k += step) {
      const edge = step === 1 ? down(k, j) : down(k - 1, j);
      const next = k + step;
      // Whether the point reached already meets a cut, before this one is drawn into it.
      const met = cutAt(next, j);
      cuts.add(edge);
      if (met || around(next, j) !== 4) break;
    }
  }

  // The pieces: cells joined across every edge not cut, each a rectangle.
  const seen = new Set<number>();
  const blocks: Block[] = [];
  for (const [key, start] of filled) {
    if (seen.has(key)) continue;
    seen.add(key);
    const queue: (readonly [number, number])[] = [start];
    /** Joins the cell across an edge to the piece, unless the edge is cut. */
    const visit = (r: number, c: number, edge: number) => {
      const k = cellKey(r, c);
      const cell = filled.get(k);
      if (!cell || seen.has(k) || cuts.has(edge)) return;
      seen.add(k);
      queue.push(cell);
    };
    let [top, left, bottom, right] = [start[0], start[1], start[0], start[1]];
    for (let at = 0; at < queue.length; at++) {
      const [r, c] = defined(queue[at], 'a queued cell');
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
      visit(r, c + 1, down(r, c + 1));
      visit(r, c - 1, down(r, c));
      visit(r + 1, c, across(r + 1, c));
      visit(r - 1, c, across(r, c));
    }
    blocks.push({ row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 });
  }
  const area = blocks.reduce((s, b) => s + b.rows * b.columns, 0);
  if (area !== filled.size)
    throw new Error(`Warcard fault: the cut of ${filled.size} cells left a piece that is not a rectangle`);
  return blocks.sort((x, y) => x.row - y.row || x.column - y.column);
}

const touches = (h: Chord, v: Chord): boolean =>
  h.from <= v.line && v.line <= h.to && v.from <= h.line && h.line <= v.to;

/**
 * The largest set of joining cuts no two of which touch: the complement of a minimum vertex cover of the
 * touching graph (König), found from a maximum matching by augmenting paths.
 */
function independent(horizontal: readonly Chord[], vertical: readonly Chord[]): [Set<number>, Set<number>] {
  const neighbours = horizontal.map((h) => vertical.flatMap((v, k) => (touches(h, v) ? [k] : [])));
  const matchOfVertical = new Map<number, number>();
  const augment = (h: number, visited: Set<number>): boolean => {
    for (const v of neighbours[h] ?? []) {
      if (visited.has(v)) continue;
      visited.add(v);
      const other = matchOfVertical.get(v);
      if (other === undefined || augment(other, visited)) {
        matchOfVertical.set(v, h);
        return true;
      }
    }
    return false;
  };
  for (const h of horizontal.keys()) augment(h, new Set());
  const matched = new Set(matchOfVertical.values());
  // From every unmatched horizontal cut, alternating paths: any edge to a vertical cut, its matching edge back.
  const reachedH = new Set<number>();
  const reachedV = new Set<number>();
  const visit = (h: number) => {
    if (reachedH.has(h)) return;
    reachedH.add(h);
    for (const v of neighbours[h] ?? []) {
      if (reachedV.has(v)) continue;
      reachedV.add(v);
      const back = matchOfVertical.get(v);
      if (back !== undefined) visit(back);
    }
  };
  horizontal.forEach((_, h) => {
    if (!matched.has(h)) visit(h);
  });
  // Cover: horizontal cuts not reached, vertical cuts reached. Independent: the rest.
  const keepV = new Set(vertical.map((_, k) => k).filter((k) => !reachedV.has(k)));
  return [reachedH, keepV];
}
