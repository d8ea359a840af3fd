// A cell's value, and the messages that quote a cell (SHEETS.md: an `#ERR:` quotes at most 60 characters, 300 in
// all) or a caught error. Platform-free, so that the sheets' parsers and the sidebar's typed fields read a cell
// and word a refusal the same way, and both sides tell an error in the same short words. The errors thrown with
// these messages are errors.ts's.
import { cut } from './errors';

/** A cell as Sheets passes it: number, boolean (checkbox), string ("" when blank) or Date. */
export type Cell = unknown;

/** What a quote of a cell may hold (SHEETS.md): at most 60 characters. */
const MAX_QUOTE = 60;

/** A text as a message quotes it: in double quotes, cut to MAX_QUOTE characters. */
export const quote = (text: string): string => `"${cut(text, MAX_QUOTE)}"`;

/** A Date from any realm (the emulation and Apps Script hand over their own). */
export const isDate = (cell: Cell): cell is Date => Object.prototype.toString.call(cell) === '[object Date]';

/** A cell as a message shows it: text quoted, TRUE/FALSE, "a date", a number as written. */
export function showCell(cell: Cell): string {
  if (typeof cell === 'string') return quote(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (isDate(cell)) return 'a date';
  return cut(String(cell), MAX_QUOTE);
}

/** How much of a caught error's message a sentence in the sidebar quotes. */
const MAX_ERROR_QUOTE = 200;

/**
 * What a caught error says, cut to fit a sentence in the sidebar: an Error's message, or the message of an object
 * carrying one (what google.script.run's failure handler gets), else the thrown value as text.
 */
export function messageOf(e: unknown): string {
  const message = e instanceof Error ? e.message : (e as { readonly message?: unknown } | null)?.message;
  return cut(String(message ?? e), MAX_ERROR_QUOTE);
}
