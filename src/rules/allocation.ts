/**
 * Which units fill a side's casualty points (RULES 6.9): a suggestion the user may change.
 *
 * The rule, deterministic and documented in the README:
 * 1. Of all sets of units, take those whose values add up closest to the points; when a set under and a set
 *    over the points are equally close, the one over (the losses are not understated).
 * 2. Among sets with that sum, the one highest up the list: units are listed by value, highest first (equal
 *    values in roster order); the set's lowest-placed unit is placed as high as possible, then its next-lowest,
 *    and so on. Each sum remembers the first unit in the list that made it reachable, which gives exactly that.
 * An exact subset-sum over the sums up to the points plus the largest value, 32 sums a step: O(units x sums / 32).
 *
 * Bounded work: when units x sums passes EXACT_WORK, or the sums MAX_SUMS (very large rosters, or values in the
 * hundreds of thousands), the exact search would take seconds to minutes. Then the suggestion fills from the top of
 * the list without passing the points and improves the set by single moves (add, drop or swap one unit) while a
 * move brings the sum closer by rule 1: O(units x log units) a move, at most MAX_MOVES moves.
 */
import { defined } from './defined';

/** Units x sums the exact search may cover: 2^28 is 2^23 steps of 32 sums, some tens of milliseconds. */
export const EXACT_WORK = 2 ** 28;
/** Sums the exact search may track: each costs 4 bytes for the unit that first reached it. */
export const MAX_SUMS = 2 ** 22;
/** Improving moves of the bounded fallback; each one brings the sum strictly closer. */
const MAX_MOVES = 64;

interface Listed {
  readonly value: number;
  /** Index into the values given. */
  readonly index: number;
  /** Position in the list, highest value first. */
  readonly at: number;
}

export function suggestCasualties(values: readonly number[], points: number): number[] {
  const total = checkInput(values, points);
  if (points <= 0 || values.length === 0) return [];
  const order: Listed[] = values
    .map((value, index) => ({ value, index }))
    .filter((u) => u.value > 0)
    .sort((x, y) => y.value - x.value || x.index - y.index)
    .map((u, at) => ({ value: u.value, index: u.index, at }));
  if (points >= total) return order.map((u) => u.index).sort((x, y) => x - y);

  // Some reachable sum lies in [points, points + max) since every value is below max + 1. Points below the
  // total leave at least one unit worth more than 0.
  const cap = Math.min(total, points + defined(order[0], 'the highest unit').value - 1);
  const exact = cap < MAX_SUMS && order.length * (cap + 1) <= EXACT_WORK;
  const chosen = exact ? exactSet(order, points, cap) : closeSet(order, points);
  return chosen.map((u) => u.index).sort((x, y) => x - y);
}

/** Values whole and from 0, points whole, the total exact: anything else is a caller's fault, said plainly. */
function checkInput(values: readonly number[], points: number): number {
  if (!Number.isSafeInteger(points)) {
    throw new RangeError(`casualty points must be a whole number below 2^53 (got ${points})`);
  }
  let total = 0;
  values.forEach((v, i) => {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(`unit values must be whole numbers from 0 below 2^53 (got ${v} at position ${i})`);
    }
    total += v;
  });
  if (!Number.isSafeInteger(total)) throw new RangeError(`unit values add up past 2^53 (${total})`);
  return total;
}

/**
 * The documented rule, exactly: the chosen units. Sums are bits, 32 to a word. Every word read lies within the
 * arrays; `?? 0` only says what a word past them would hold: no sums.
 */
function exactSet(order: readonly Listed[], points: number, cap: number): Listed[] {
  const reached = new Int32Array((cap >>> 5) + 1);
  const madeBy = new Int32Array(cap + 1); // the first unit (position in order) that reached the sum
  const isReached = (s: number) => ((reached[s >>> 5] ?? 0) & (1 << (s & 31))) !== 0;
  reached[0] = 1;
  let high = 0; // highest sum reached so far
  for (const { value: v, at: i } of order) {
    const top = Math.min(cap, high + v);
    const wordShift = v >>> 5;
    const bitShift = v & 31;
    const topWord = top >>> 5;
    const topMask = (top & 31) === 31 ? -1 : (1 << ((top & 31) + 1)) - 1;
    // Downwards, so each word reads only words this unit has not changed yet.
    for (let w = topWord; w >= wordShift; w--) {
      const from = w - wordShift;
      let shifted = (reached[from] ?? 0) << bitShift;
      if (bitShift !== 0 && from > 0) shifted |= (reached[from - 1] ?? 0) >>> (32 - bitShift);
      const had = reached[w] ?? 0;
      let added = shifted & ~had;
      if (w === topWord) added &= topMask;
      if (added === 0) continue;
      reached[w] = had | added;
      for (; added !== 0; added &= added - 1) madeBy[w * 32 + 31 - Math.clz32(added & -added)] = i;
    }
    high = top;
    if (isReached(points)) break; // exact: later units cannot change the chosen set
  }

  let best = -1;
  for (let gap = 0; best < 0; gap++) {
    if (points + gap <= cap && isReached(points + gap)) best = points + gap;
    else if (points - gap >= 0 && isReached(points - gap)) best = points - gap;
  }
  const chosen: Listed[] = [];
  for (let s = best; s > 0; ) {
    const unit = defined(order[defined(madeBy[s], 'a reached sum')], 'the unit that reached a sum');
    chosen.push(unit);
    s -= unit.value;
  }
  return chosen;
}

/** Rule 1 between two excesses (sum - points): strictly closer, or as close and at or above the points. */
const closer = (excess: number, than: number): boolean =>
  Math.abs(excess) < Math.abs(than) || (Math.abs(excess) === Math.abs(than) && excess >= 0 && than < 0);

/** The bounded fallback: fill from the top without passing the points, then single improving moves. */
function closeSet(order: readonly Listed[], points: number): Listed[] {
  const taken = new Uint8Array(order.length);
  let excess = -points;
  for (const u of order) {
    if (excess + u.value <= 0) {
      taken[u.at] = 1;
      excess += u.value;
    }
  }
  // Units by value rising, equal values highest in the list first: the untaken units are searched in it.
  const rising = [...order].sort((x, y) => x.value - y.value || x.at - y.at);
  for (let move = 0; move < MAX_MOVES && excess !== 0; move++) {
    const free = rising.filter((u) => taken[u.at] === 0);
    const freeValues = free.map((u) => u.value);
    let best: { excess: number; drop: Listed | null; add: Listed | null } = { excess, drop: null, add: null };
    const consider = (drop: Listed | null, add: Listed | null) => {
      const e = excess - (drop ? drop.value : 0) + (add ? add.value : 0);
      if (closer(e, best.excess)) best = { excess: e, drop, add };
    };
    /** The free units nearest above and below a wanted value: the first of each run of equal values. */
    const nearest = (wanted: number, drop: Listed | null) => {
      const at = firstAtLeast(freeValues, wanted);
      const above = free[at];
      if (above) consider(drop, above);
      const below = free[at - 1];
      if (below) consider(drop, defined(free[firstAtLeast(freeValues, below.value)], 'a free unit'));
    };
    nearest(-excess, null); // add one unit
    for (const u of order) {
      if (taken[u.at] === 0) continue;
      consider(u, null); // drop it
      nearest(u.value - excess, u); // swap it for a free unit
    }
    if (!best.drop && !best.add) break;
    if (best.drop) taken[best.drop.at] = 0;
    if (best.add) taken[best.add.at] = 1;
    excess = best.excess;
  }
  return order.filter((u) => taken[u.at] === 1);
}

/** The first index of a rising list whose value is at least `wanted` (the length when none is). */
function firstAtLeast(rising: readonly number[], wanted: number): number {
  let lo = 0;
  let hi = rising.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const value = rising[mid];
    if (value !== undefined && value < wanted) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface CasualtySplit {
  /** Indices (into the values given) of the units suggested destroyed, then routed. */
  readonly destroyed: number[];
  readonly routed: number[];
}

/** Destroyed units closest to the destroyed points, then routed ones from the rest closest to the routed points. */
export function suggestCasualtySplit(
  values: readonly number[],
  destroyed: number,
  routed: number,
): CasualtySplit {
  const lost = suggestCasualties(values, destroyed);
  const taken = new Set(lost);
  const rest = values.map((v, i) => (taken.has(i) ? 0 : v));
  return { destroyed: lost, routed: suggestCasualties(rest, routed) };
}
