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
