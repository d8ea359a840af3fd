// The casualty choice (RULES 6.7-6.9), on plain data: per side, each fighting unit destroyed, routed or neither;
// the loser's routed units the winner captures; the loser's others it destroys in pursuit. Starts as the
// suggestion; the running totals say how close the choice is to the points the result asks for.
import type { Preview } from './preview-model';

export type Fate = 'destroyed' | 'routed';
export type Box = Fate | 'captured' | 'pursued';

export interface Selection {
  /** Fate by Units row, per side. */
  readonly fates: readonly [ReadonlyMap<number, Fate>, ReadonlyMap<number, Fate>];
  readonly captured: ReadonlySet<number>;
  readonly pursued: ReadonlySet<number>;
}

export const loserOf = (preview: Preview): 0 | 1 | null =>
  preview.result ? (preview.result.winner === 0 ? 1 : 0) : null;

/** The suggestion of the preview's result, as the starting choice. */
export function suggestedSelection(preview: Preview): Selection {
  const fates: [Map<number, Fate>, Map<number, Fate>] = [new Map(), new Map()];
  const suggested = preview.result?.suggested;
  for (const i of [0, 1] as const) {
    for (const row of suggested?.[i].destroyed ?? []) fates[i].set(row, 'destroyed');
    for (const row of suggested?.[i].routed ?? []) fates[i].set(row, 'routed');
  }
  return { fates, captured: new Set(), pursued: new Set() };
}

/**
 * A side's units in the order the Result lists them: the suggested destroyed, then the suggested routed, then the
 * rest, each part in the preview's order (highest value first). So the first suggested casualty is at the top of
 * its side whatever the roll, never below the fold among unticked units.
 */
export function viewOrder<U extends { readonly row: number }>(
  units: readonly U[],
  suggested: { readonly destroyed: readonly number[]; readonly routed: readonly number[] } | undefined,
): U[] {
  if (!suggested) return [...units];
  const rank = new Map<number, number>();
  for (const row of suggested.destroyed) rank.set(row, 0);
  for (const row of suggested.routed) if (!rank.has(row)) rank.set(row, 1);
  const part = (n: number) => units.filter((u) => (rank.get(u.row) ?? 2) === n);
  return [...part(0), ...part(1), ...part(2)];
}

/**
 * Ticks or unticks one box. Destroyed and routed exclude each other; a captured unit is routed, and loses its
 * capture when it is no longer routed; a unit pursued is neither destroyed nor routed. Only the loser's units
 * can be captured or pursued.
 */
export function toggle(
  preview: Preview,
  sel: Selection,
  side: 0 | 1,
  row: number,
  box: Box,
  on: boolean,
): Selection {
  const fates: [Map<number, Fate>, Map<number, Fate>] = [new Map(sel.fates[0]), new Map(sel.fates[1])];
  const captured = new Set(sel.captured);
  const pursued = new Set(sel.pursued);
  if (box === 'captured' || box === 'pursued') {
    if (side !== loserOf(preview)) return sel;
    if (box === 'captured') {
      if (on) {
        fates[side].set(row, 'routed');
        pursued.delete(row);
        captured.add(row);
      } else captured.delete(row);
    } else if (on) {
      fates[side].delete(row);
      captured.delete(row);
      pursued.add(row);
    } else pursued.delete(row);
    return { fates, captured, pursued };
  }
  if (on) {
    fates[side].set(row, box);
    if (side === loserOf(preview)) pursued.delete(row);
    if (box !== 'routed') captured.delete(row);
  } else if (fates[side].get(row) === box) {
    fates[side].delete(row);
    if (box === 'routed') captured.delete(row);
  }
  return { fates, captured, pursued };
}

export interface SideTotals {
  readonly destroyed: number;
  readonly routed: number;
  readonly captured: number;
  readonly pursued: number;
  /** The points the result asks for. */
  readonly destroyedTarget: number;
  readonly routedTarget: number;
  /**
   * The upkeep its losses save next season (GB): a unit destroyed, captured or destroyed in pursuit is no longer
   * maintained; a routed one still is (as ARMIES and TREASURY count Ready and Routed units).
   */
  readonly upkeepSaved: number;
}

/** Running totals of the chosen units' values against the points of each side. */
export function totals(preview: Preview, sel: Selection): [SideTotals, SideTotals] {
  const result = preview.result;
  const loser = loserOf(preview);
  const side = (i: 0 | 1): SideTotals => {
    const value = new Map(preview.sides[i].units.map((u) => [u.row, u.value]));
    const upkeepOf = new Map(preview.sides[i].units.map((u) => [u.row, u.upkeep]));
    let upkeepSaved = 0;
    let destroyed = 0;
    let routed = 0;
    let captured = 0;
    let pursued = 0;
    for (const [row, fate] of sel.fates[i]) {
      const v = value.get(row) ?? 0;
      const lost = fate === 'destroyed' || (i === loser && sel.captured.has(row));
      if (fate === 'destroyed') destroyed += v;
      else routed += v;
      if (i === loser && sel.captured.has(row)) captured += v;
      if (lost) upkeepSaved += upkeepOf.get(row) ?? 0;
    }
    if (i === loser)
      for (const row of sel.pursued) {
        pursued += value.get(row) ?? 0;
        upkeepSaved += upkeepOf.get(row) ?? 0;
      }
    return {
      destroyed,
      routed,
      captured,
      pursued,
      destroyedTarget: result ? result.destroyedPoints[i] : 0,
      routedTarget: result ? result.routedPoints[i] : 0,
      upkeepSaved,
    };
  };
  return [side(0), side(1)];
}

/** The running totals in words, for screen readers. */
export function totalsText(preview: Preview, sel: Selection): string {
  const sums = totals(preview, sel);
  return ([0, 1] as const)
    .map((i) => {
      const t = sums[i];
      return `${preview.sides[i].label}: destroyed ${t.destroyed} of ${t.destroyedTarget} points, routed ${t.routed} of ${t.routedTarget} points.`;
    })
    .join(' ');
}
