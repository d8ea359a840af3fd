// Lookups the code's own logic guarantees (an index it counted, a key it put in): when one comes back empty
// it is a fault in Warcard, said plainly with what is missing, never passed on as undefined.

/** `value`, or an error saying which `what` is missing. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Warcard fault: ${what} is missing`);
  return value;
}

/** The last item of a list that cannot be empty. */
export const lastOf = <T>(list: readonly T[], what: string): T =>
  defined(list[list.length - 1], `the last ${what}`);
