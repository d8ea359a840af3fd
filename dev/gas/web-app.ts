// The script as a web app, as Google documents it for a bound script deployed to execute as its deployer: doGet
// and the page's google.script.run calls run outside the spreadsheet (no active spreadsheet, no Ui, no document
// lock, no visitor's email), so the script opens its spreadsheet by id, which needs the manifest's full
// `spreadsheets` scope (SpreadsheetApp.openById's reference lists no other). ScriptApp.getService() says whether
// the web app is deployed, and where.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmulatedSpreadsheet } from './spreadsheet';
import type { Workbook } from './workbook';

/** The scope SpreadsheetApp.openById's reference asks for. */
export const SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/** The manifest's oauthScopes beside the script (appsscript.json), or none when there is no manifest. */
export function manifestScopes(dir: string): readonly string[] {
  const file = join(dir, 'appsscript.json');
  if (!existsSync(file)) return [];
  try {
    const scopes = JSON.parse(readFileSync(file, 'utf8')).oauthScopes;
    return Array.isArray(scopes) ? scopes.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * SpreadsheetApp.openById: refused without the `spreadsheets` scope (the stricter reading: the narrower
 * `spreadsheets.currentonly` covers only the spreadsheet a bound script runs in, which a web app has none of), and
 * for an id that is not this workbook's (the emulation holds one spreadsheet).
 */
export function openById(
  wb: Workbook,
  spreadsheet: EmulatedSpreadsheet,
  scopes: readonly string[],
  id: string,
): EmulatedSpreadsheet {
  wb.track('openById', '', undefined, 'SpreadsheetApp');
  if (!scopes.includes(SPREADSHEETS_SCOPE)) {
    throw wb.realm.error(
      `You do not have permission to call SpreadsheetApp.openById. Required permissions: ${SPREADSHEETS_SCOPE}`,
    );
  }
  if (String(id) !== wb.id) {
    throw wb.realm.error(
      'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
    );
  }
  return spreadsheet;
}

/** ScriptApp.getService(): the web app's URL once deployed (null before), and whether it is. */
export function webAppService(wb: Workbook): { getUrl(): string | null; isEnabled(): boolean } {
  wb.track('getService', '', undefined, 'ScriptApp');
  return { getUrl: () => wb.webApp.url, isEnabled: () => wb.webApp.url !== null };
}
