// Every refusal's words, built in one place from typed data (after HyperFormula's errors.ts): a refusal before any
// write says what is wrong, that nothing was written, and what to do; each kind has its constructor here, so its
// stock phrases are written once (test/contract/refusals.test.ts forbids them anywhere else in src).

/** What follows "Nothing was written": a colon and the fix, a sentence more, or the entry's state. */
export type Afterwards = `: ${string}` | `. ${string}` | `, ${string}`;

/**
 * A refusal before anything was written: the problem (a sentence, its own stop included), then "Nothing was
 * written." or, with `afterwards`, what follows it in the same sentence.
 */
export const nothingWritten = (problem: string, afterwards?: Afterwards): string =>
  `${problem} Nothing was written${afterwards ?? '.'}`;

/** The same, said at the end of the problem's sentence ("…: nothing was written."), then what to do. */
export const nothingWrittenAfter = (problem: string, then?: string): string =>
  `${problem}: nothing was written.${then ? ` ${then}` : ''}`;

/** A refusal of a write (an undo) that changed nothing: the problem, then "Nothing was changed." or what follows. */
export const nothingChanged = (problem: string, afterwards?: Afterwards): string =>
  `${problem} Nothing was changed${afterwards ?? '.'}`;

/** The same, said at the end of the problem's sentence ("…: nothing was changed."). */
export const nothingChangedAfter = (problem: string): string => `${problem}: nothing was changed.`;

/** A write that failed and was put back whole (`then`: what is said after, its leading space included). */
export const putBackWhole = (problem: string, then = ''): string =>
  nothingChanged(problem, `: the campaign is exactly as it was.${then}`);

/** A request the sidebar never sends (an old sidebar, or a crafted call): the field and what is wrong with it. */
export const badRequest = (what: string, problem: string): string =>
  nothingWritten(`Refused: ${what} ${problem}.`);

/** A write the sidebar planned on what has changed since it loaded (`what`: what changed). */
export const stale = (what: string): string =>
  nothingWritten(`${what} since the sidebar loaded (another user, or an edit on the sheet).`);

/** Something unexpected failed before anything was written (`error`: its message). */
export const couldNotDo = (error: string): string => nothingWritten(`Warcard could not do that: ${error}.`);

/** A sheet the write needs could not be read (`error`: why). */
export const couldNotRead = (sheet: string, error: string): string =>
  nothingWritten(`Warcard could not read the ${sheet} sheet (${error}).`);

/** Another user holds the lock, or (`error`) the lock could not be had at all. */
export function locked(why: 'busy' | 'no lock' | { readonly error: string }): string {
  const busy = nothingWritten(
    'Another user is changing the campaign right now (a battle, an undo or a new round).',
  );
  if (why === 'busy') return busy;
  if (why === 'no lock') return `Warcard could not get the document lock. ${busy}`;
  return nothingWritten(`Warcard could not get the document lock (${why.error}).`);
}

/**
 * A write that is not this person's: what they may not do, why (what it would change, or whose deed it is, as
 * the rights see them), and who can (`ask`, a sentence).
 */
export const notYours = (deed: string, why: string, ask: string): string =>
  nothingWritten(`You may not ${deed}: ${why}.`, `. ${ask}`);

/** The message for a sheet the set-up creates but the spreadsheet lacks. */
export const missingSheet = (name: string): string =>
  `This spreadsheet has no ${name} sheet: run Warcard → Set up campaign first (it adds the missing sheets and keeps yours).`;

/** Columns a write needs that its sheet lacks: set-up adds them. */
export function missingColumns(sheet: string, columns: readonly string[]): string {
  const one = columns.length === 1;
  return nothingWritten(
    `The ${sheet} sheet has no ${columns.join(', ')} column${one ? '' : 's'}: Warcard → Set up campaign adds ${one ? 'it' : 'them'}.`,
  );
}

/** The Battles sheet without its Sealed column cannot hold a seal. */
export const noSealedColumn = (): string =>
  nothingWritten('The Battles sheet has no Sealed column (Warcard → Set up campaign adds it).');

/** The Units sheet without its Status column: a write of units' fates (apply, new round) has nowhere to put them. */
export const NO_STATUS_COLUMN =
  'The Units sheet has no Status column: add one (Warcard → Set up campaign adds it).';
