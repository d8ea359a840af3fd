// The web app in the emulation (dev/gas/web-app.ts): a bound script's doGet and page calls run outside the
// spreadsheet, as Google documents it, and the emulation refuses there what Google refuses.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../../dev/gas';
import { SPREADSHEETS_SCOPE } from '../../../dev/gas/web-app';

const SCRIPT = `
function probe() {
  var out = {};
  out.active = SpreadsheetApp.getActiveSpreadsheet() === null ? 'null' : 'spreadsheet';
  try { SpreadsheetApp.getUi(); out.ui = 'ui'; } catch (e) { out.ui = e.message; }
  out.documentLock = LockService.getDocumentLock() === null ? 'null' : 'lock';
  out.scriptLock = LockService.getScriptLock().tryLock(0);
  out.activeUser = Session.getActiveUser().getEmail();
  out.effectiveUser = Session.getEffectiveUser().getEmail();
  out.url = ScriptApp.getService().getUrl();
  out.props = PropertiesService.getDocumentProperties() === null ? 'null' : 'store';
  return out;
}
function openIt(id) {
  try { return SpreadsheetApp.openById(id).getName(); } catch (e) { return e.message; }
}
`;

/** A script directory with the manifest's scopes given. */
function scriptDir(scopes: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'warcard-webapp-'));
  writeFileSync(join(dir, 'Code.js'), SCRIPT);
  writeFileSync(join(dir, 'appsscript.json'), JSON.stringify({ oauthScopes: scopes }));
  return dir;
}

describe('a web app execution', () => {
  it('has no active spreadsheet, no Ui, no document lock and no visitor email; it runs as the owner', () => {
    const lw = loadWorkbook({ codePath: join(scriptDir([SPREADSHEETS_SCOPE]), 'Code.js') });
    lw.actAs('player@example.com');
    expect(lw.run('probe')).toEqual({
      active: 'spreadsheet',
      ui: 'ui',
      documentLock: 'lock',
      scriptLock: true,
      activeUser: 'player@example.com',
      effectiveUser: 'player@example.com',
      url: null,
      props: 'store',
    });
    lw.workbook.webApp.url = 'https://script.invalid/exec';
    expect(lw.runWebApp('probe')).toEqual({
      active: 'null',
      ui: 'Cannot call SpreadsheetApp.getUi() from this context.',
      documentLock: 'null',
      scriptLock: true,
      activeUser: '',
      effectiveUser: lw.workbook.people.owner,
      url: 'https://script.invalid/exec',
      props: 'store',
    });
  });

  it('opens its spreadsheet by id only with the spreadsheets scope (currentonly is not enough)', () => {
    const narrow = loadWorkbook({
      codePath: join(scriptDir(['https://www.googleapis.com/auth/spreadsheets.currentonly']), 'Code.js'),
    });
    expect(narrow.runWebApp('openIt', narrow.workbook.id)).toBe(
      `You do not have permission to call SpreadsheetApp.openById. Required permissions: ${SPREADSHEETS_SCOPE}`,
    );
    const full = loadWorkbook({ codePath: join(scriptDir([SPREADSHEETS_SCOPE]), 'Code.js') });
    expect(full.runWebApp('openIt', full.workbook.id)).toBe(full.workbook.name);
    expect(full.runWebApp('openIt', 'another-id')).toBe(
      'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
    );
  });
});
