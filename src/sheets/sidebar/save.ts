// Save to Battles sheet: the battle's two rows made to hold the setup, writing only the cells that change.
import type { Response, Written } from '../../contract/api';
import { parseSaveRequest } from '../../contract/requests';
import { indexOfSheetRow } from '../sheet-table';
import { fail, readBook, serve, sheetOf, withLock } from './book';
import { battleChanges, targetRows, unfightable } from './battle-rows';
import { battleFingerprint, campaignData } from './campaign';
import type { CellWrite } from './cells';
import { cellSteps, flushStep, run } from './journal';

/** Sidebar → Save to Battles sheet. The request is parsed before anything is read. */
export function sidebarSave(raw: unknown): Response<Written> {
  return serve(() => {
    const parsed = parseSaveRequest(raw);
    if (!parsed.ok) return fail('invalid', parsed.message);
    const { setup, battle: expected } = parsed.value;
    return withLock(() =>
      serve(() => {
        const book = readBook(['units', 'characters', 'settings', 'battles', 'log']);
        const cannot = unfightable(book, setup);
        if (cannot) return fail('invalid', cannot, campaignData(book));
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
          return fail(
            'stale',
            `${what}. Nothing was written: the sidebar now shows the sheet as it stands.`,
            campaignData(book),
          );
        }
        const changes = battleChanges(t, rows, setup, null, null, book.battleFormulas);
        if (changes.length === 0) {
          return {
            ok: true,
            message: `Battle "${setup.name}" is already saved as it stands.`,
            campaign: campaignData(book),
          };
        }
        const column = (header: string) => t.table.column(header) + 1;
        const after: CellWrite[] = changes.map((c) => ({
          row: c.row,
          column: column(c.header),
          value: c.after,
        }));
        const before: CellWrite[] = changes.map((c) => ({
          row: c.row,
          column: column(c.header),
          value: c.before,
        }));
        const outcome = run([...cellSteps(t, 'the Battles rows', after, before), flushStep], 0);
        if (!outcome.ok) {
          return outcome.restored
            ? fail(
                'failed',
                `Saving failed (${outcome.error}). Nothing was changed: try again.`,
                campaignData(book),
              )
            : fail(
                'failed',
                `Saving failed (${outcome.error}) and putting the rows back failed too: Battles rows ${rows[0]}-${rows[1]} are partly saved. Save again: it writes whatever is still missing.`,
                campaignData(book),
              );
        }
        return {
          ok: true,
          message: `Saved battle "${setup.name}" on Battles rows ${rows[0]}-${rows[1]}.`,
          campaign: campaignData(book),
        };
      }),
    );
  });
}
