/**
 * Which units fill a side's casualty points (RULES 6.9): a suggestion the user may change.
 *
 * The rule, deterministic and documented in the README:
 * 1. Of all sets of units, take those whose values add up closest to the points; when a set under and a set
 *    over the points are equally close, the one over (the losses are not understated).
 * 2. Among sets with that sum, the one highest up the list: units are listed by value, highest first (equal
 *    values in roster order); the set's lowest-placed unit is placed as high as possible, then its next-lowest,
 *    and so on. Each sum remembers the first unit in the list that made it reachable, which gives exactly that.
 * An exact subset-sum over the sums up to the points plus the largest value: O(units x points).
 */
export function suggestCasualties(values: readonly number[], points: number): number[] {
  if (points <= 0 || values.length === 0) return [];
  const order = values
    .map((value, index) => ({ value, index }))
    .filter((u) => u.value > 0)
    .sort((x, y) => y.value - x.value || x.index - y.index);
  const total = order.reduce((s, u) => s + u.value, 0);
  if (points >= total) return order.map((u) => u.index).sort((x, y) => x - y);

  // Some reachable sum lies in [points, points + max) since every value is below max + 1.
  const cap = Math.min(total, points + (order[0]?.value ?? 0) - 1);
  const madeBy = new Int32Array(cap + 1).fill(-1); // the first unit (position in order) that reached the sum
  const reached = new Uint8Array(cap + 1);
  reached[0] = 1;
  let high = 0; // highest sum reached so far
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!.value;
    const top = Math.min(cap, high + v);
    for (let s = top; s >= v; s--) {
      if (reached[s] === 0 && reached[s - v] === 1) {
        reached[s] = 1;
        madeBy[s] = i;
      }
    }
    if (top > high) high = top;
    if (reached[points] === 1) break; // exact: later units cannot change the chosen set
  }

  let best = -1;
  for (let gap = 0; best < 0; gap++) {
    if (points + gap <= cap && reached[points + gap] === 1) best = points + gap;
    else if (points - gap >= 0 && reached[points - gap] === 1) best = points - gap;
  }
  const chosen: number[] = [];
  for (let s = best; s > 0; ) {
    const i = madeBy[s]!;
    chosen.push(order[i]!.index);
    s -= order[i]!.value;
  }
  return chosen.sort((x, y) => x - y);
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
