// Every way Warcard fails, in one place: the list of failure codes an answer carries (the sidebar branches on the
// code, never on a message's words), one Result shape for every outcome that may fail, told apart by `ok` alone,
// and a class for each condition thrown on the way, which sets its `name` and carries its code and its data.
// Platform-free: the formulas, the server and the sidebar share it.

/**
 * Why a call did nothing, or not all it was asked. setup: a sheet or a header is missing; locked: another user is
 * writing; stale: what the write depends on changed since the sidebar loaded; invalid: the request cannot be
 * carried out as sent; unsafe: undo would overwrite later changes; failed: Google (or Warcard) failed part way,
 * the message says whether anything changed; authorization: the user has not granted every permission (the
 * message has the link; a retry cannot help); refused: the person acting may not make this write
 * (contract/rights.ts, or a protection keeps them out).
 */
export const FAILURE_CODES = [
  'setup',
  'locked',
  'stale',
  'invalid',
  'unsafe',
  'failed',
  'authorization',
  'refused',
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];

/** An outcome that may fail: a success with its data, or a failure with its own; `ok` tells them apart. */
export type Result<T extends object, F extends object> =
  | ({ readonly ok: true } & T)
  | ({ readonly ok: false } & F);

/** Something read (a row, a request): its value, or the error saying what to fix. */
export type Parsed<T, E extends WarcardError = WarcardError> = Result<
  { readonly value: T },
  { readonly error: E }
>;

/** Cuts a text to `max` characters, an ellipsis marking the cut, never splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** What an `#ERR:` text or a thrown message may hold (SHEETS.md): a quote of at most 60 characters, 300 in all. */
export const MAX_MESSAGE = 300;
export const ERR_PREFIX = '#ERR: ';

/** Every error Warcard throws on purpose: its condition's name, its code, and a message saying what to fix. */
export class WarcardError extends Error {
  readonly code: FailureCode;
  constructor(code: FailureCode, message: string) {
    super(message);
    this.name = 'WarcardError';
    this.code = code;
  }
}

/** Bad input in one row: the row's output becomes `#ERR: <message>`, the other rows still compute. */
export class RowError extends WarcardError {
  constructor(message: string) {
    super('invalid', cut(message, MAX_MESSAGE - ERR_PREFIX.length));
    this.name = 'RowError';
  }
}

/** A structural problem (missing header, wrong argument): the whole call throws it, as short as a row's. */
export class TableError extends WarcardError {
  constructor(message: string) {
    super('setup', cut(message, MAX_MESSAGE));
    this.name = 'TableError';
  }
}

/** A request the door refuses (contract/request-parsers.ts), with the field at fault (`""`: the whole request). */
export class RequestError extends WarcardError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('invalid', message);
    this.name = 'RequestError';
    this.field = field;
  }
}

/** A sidebar call refused on the server, for the reason its code names: thrown inside a call, nothing written. */
export class Refusal extends WarcardError {
  constructor(code: FailureCode, message: string) {
    super(code, message);
    this.name = 'Refusal';
  }
}
