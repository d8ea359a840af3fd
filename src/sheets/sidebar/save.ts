// Save to Battles sheet: the battle's two rows made to hold the setup, writing only the cells that change.
import type { Response, SaveRequest, Written } from '../../contract/api';
import { indexOfSheetRow } from '../workbook';
import { fail, messageOf, readBook, serve, sheetOf, withLock } from './book';
import { battleChanges, cleanSetup, targetRows } from './battle-rows';
import { battleFingerprint, campaignData } from './campaign';
import { type CellWrite, writeChanged } from './cells';
import { spreadsheetApp } from '../gas';

/** Sidebar → Save to Battles sheet. */
export function sidebarSave(request: SaveRequest): Response<Written> {
  return serve(() => {
    const setup = cleanSetup(request?.setup);
    const expected = typeof request?.battle === 'string' ? request.battle : null;
    return withLock(() =>
      serve(() => {
        const book = readBook(['units', 'characters', 'settings', 'battles', 'log']);
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
        const changes = battleChanges(t, rows, setup, null, null);
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
        try {
          writeChanged(t, after);
          spreadsheetApp().flush();
        } catch (e) {
          try {
            writeChanged(t, before);
            spreadsheetApp().flush();
          } catch {
            return fail(
              'failed',
              `Saving failed (${messageOf(e)}) and putting the rows back failed too: Battles rows ${rows[0]}-${rows[1]} may be partly saved. Save again: it writes whatever is still missing.`,
            );
          }
          return fail(
            'failed',
            `Saving failed (${messageOf(e)}). Nothing was changed: try again.`,
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
