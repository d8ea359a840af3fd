// Army and battle names: the one rule for when two are the same, the sides that cannot meet, and "did you mean"
// for a name that is likely a typo of a known one.
/**
 * The one rule for when two army names, or two battle names, are the same: case is ignored, and so are spaces
 * around the name and how many spaces stand between its words ("Red  Army " is "red army").
 */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

/** What makes two sides unable to meet: an army on both, or both defending. Null when they can. */
export function sidesConflict(
  battle: string,
  a: { readonly armies: readonly string[]; readonly defender: boolean },
  b: { readonly armies: readonly string[]; readonly defender: boolean },
): string | null {
  const shared = a.armies.find((x) => b.armies.some((y) => sameName(x, y)));
  if (shared) return `army "${shared}" is on both sides of battle "${battle}"`;
  if (a.defender && b.defender) {
    return `Defender is ticked on both sides of battle "${battle}": tick it for one side only`;
  }
  return null;
}

/** Why an army name cannot be valued: no unit (or character) carries it, most likely a typo. */
export const unknownArmy = (name: string, withCharacters: boolean): string =>
  `army "${name}" is not in the roster: no unit${withCharacters ? ' or character' : ''} has that Army`;

/** The form names are compared in for "did you mean": case and every space ignored ("Red  Army" is "redarmy"). */
const typoKey = (name: string): string => name.replace(/\s+/g, '').toLowerCase();

/**
 * Edits between two names (insertions, deletions, substitutions, swapped neighbours: the optimal string
 * alignment distance), or `limit + 1` as soon as it is sure to be more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      }
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? 0, limit + 1);
}

/** How many edits a typo may be: "did you mean" looks no further. */
export const TYPO_EDITS = 2;

/**
 * The known name closest to `name` within two edits, case and spaces ignored; the first listed wins a tie.
 * Null when none is that close, or when `name` is one of them (it is no typo then).
 */
export function closestName(name: string, known: readonly string[]): string | null {
  const key = typoKey(name);
  let best: string | null = null;
  let bestDistance = TYPO_EDITS + 1;
  for (const candidate of known) {
    if (sameName(candidate, name)) return null;
    const d = editDistance(key, typoKey(candidate), TYPO_EDITS);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** The end of a message about an unknown name: ` did you mean "X"?` when a known one is close, else ''. */
export function didYouMean(name: string, known: readonly string[]): string {
  const close = closestName(name, known);
  return close === null ? '' : `: did you mean "${close}"?`;
}

/**
 * Armies of the Units sheet whose name is within two edits (one under 8 letters) of an army with more units:
 * likely typos ("Elinvaire Hots", one unit, beside "Elinvaire Host"). Each is listed with the closest bigger army (the biggest among
 * equally close ones); nothing is refused.
 */
export function likelyTypos(
  armies: readonly { readonly name: string; readonly units: number }[],
): { readonly name: string; readonly meant: string }[] {
  const out: { name: string; meant: string }[] = [];
  for (const a of armies) {
    if (a.units < 1) continue;
    // The biggest first: among equally close names, the army with the most units is the one meant.
    const bigger = armies
      .filter((b) => b.units > a.units)
      .sort((x, y) => y.units - x.units)
      .map((b) => b.name);
    const meant = closestName(a.name, bigger);
    // Short names lie close by nature (South and North are two edits apart): under 8 letters, one edit only.
    const edits = typoKey(a.name).length < 8 ? 1 : TYPO_EDITS;
    if (meant !== null && editDistance(typoKey(a.name), typoKey(meant), edits) <= edits) {
      out.push({ name: a.name, meant });
    }
  }
  return out;
}

/** A likely typo in words, e.g. `army "Elinvaire Hots" may be a typo of "Elinvaire Host"`. */
export const typoWarning = (name: string, meant: string): string =>
  `army "${name}" may be a typo of "${meant}" (an army with more units)`;
