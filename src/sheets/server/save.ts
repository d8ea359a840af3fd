// Save to Battles sheet: the battle's two rows made to hold the setup, writing only the cells that change, as one
// journaled entry (a Save on the Log): a write cut short by a failure is put back, by itself or by the next call.
import type { Response, SaveRequest, Written } from '../../contract/api';
import { parseSaveRequest } from '../../contract/request-parsers';
import { indexOfSheetRow } from '../sheet-table';
import { type Book, sheetOf } from './book';
import { fail } from './serve';
import { battleChanges, targetRows, unfightable } from './battle-rows';
import { battleFingerprint, campaignData } from './campaign-read';
import { rowFormulas } from './formulas';
import { commitEntry } from './journal';
import { answerNow, journaledCall, type WritePlan } from './write';
import { EVENT_SAVE, serverId } from './journal-sheets';
import { nothingWritten } from '../../contract/refusals';

/** Sidebar → Save to Battles sheet. The request is parsed before anything is read. */
export const sidebarSave = (raw: unknown): Response<Written> =>
  journaledCall({
    deed: 'save',
    request: () => parseSaveRequest(raw),
    door: (request) => ({ setup: request.setup }),
    write: (request) => ({ what: 'Saving the battle', plan: (book) => savePlan(book, request) }),
  });

/** The plan of a save: the battle's rows as the sidebar saw them, and the cells it changes. */
function savePlan(book: Book, request: SaveRequest): WritePlan {
  const { setup, battle: expected } = request;
  const cannot = unfightable(book, setup);
  if (cannot) return answerNow(fail('invalid', cannot, campaignData(book)));
  const t = sheetOf(book, 'battles');
  const { rows, isNew } = targetRows(t, setup.name);
  const now = isNew
    ? null
    : battleFingerprint(
        t,
        rows.map((r) => indexOfSheetRow(t, r)),
      );
  if (now !== expected) {
    const what =
      expected === null
        ? `A battle named "${setup.name}" is already on the Battles sheet`
        : now === null
          ? `Battle "${setup.name}" is no longer on the Battles sheet`
          : `Battle "${setup.name}" changed on the Battles sheet since the sidebar loaded`;
    return answerNow(fail('stale', nothingWritten(`${what}.`), campaignData(book)));
  }
  const changes = battleChanges(t, rows, setup, null, null, rowFormulas(t, rows));
  if (changes.length === 0) {
    return answerNow({
      ok: true,
      message: `Battle "${setup.name}" is already saved as it stands.`,
      campaign: campaignData(book),
    });
  }
  const fields = {
    When: new Date(),
    Event: EVENT_SAVE,
    Battle: setup.name,
    Result: `Saved on Battles ${rowWords(changes.map((c) => c.row))}`,
  };
  return {
    ok: true,
    changes,
    commit: (ends) => commitEntry(book, serverId('s'), fields, changes, ends),
    done: () => `Saved battle "${setup.name}" on Battles ${rowWords(changes.map((c) => c.row))}.`,
  };
}

/** The Battles rows a save wrote, in words: "row 4" for one side's, "rows 4-5" or "rows 4 and 9" for both. */
export function rowWords(written: readonly number[]): string {
  const [a = 0, b] = [...new Set(written)].sort((x, y) => x - y);
  if (b === undefined) return `row ${a}`;
  return b === a + 1 ? `rows ${a}-${b}` : `rows ${a} and ${b}`;
}
