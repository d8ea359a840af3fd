// Reading a test's results by position: a missing item fails the test saying so, rather than the compiler being
// told it is there (`!`).

/** The item at `index`; throws naming the index and the length when there is none. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined)
    throw new Error(`expected an item at index ${index}, but there are ${items.length}`);
  return item;
}
