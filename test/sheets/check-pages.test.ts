// Check this spreadsheet's player pages rows (src/sheets/check.ts, playerPages): the web app deployed, and this
// spreadsheet opened by its id as the pages open it (SpreadsheetApp.openById needs the spreadsheets scope, which
// the emulation holds to the manifest beside the script).
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { DIST } from '../../dev/gas/script';
import type { CheckResult } from '../../src/sheets/check';

const URL = 'https://script.invalid/macros/s/warcard/exec';

function pageRows(lw: ReturnType<typeof loadWorkbook>) {
  const results = lw.run<CheckResult[]>('checkSpreadsheet');
  return results.filter((r) => r.check.startsWith('Player pages')).map((r) => [r.check, r.verdict, r.found]);
}

describe('Check this spreadsheet, player pages', () => {
  it('finds the web app deployed and this spreadsheet opening by the id Player links… kept', () => {
    const lw = loadWorkbook();
    lw.run('setUpSampleCampaign');
    lw.workbook.webApp.url = URL;
    lw.run('showPlayerLinks');
    expect(pageRows(lw)).toEqual([
      ['Player pages: the web app', 'expected', `Deployed: ${URL}`],
      [
        'Player pages: this spreadsheet by its id',
        'expected',
        'It opens by its id, the one Player links… kept.',
      ],
    ]);
  });

  it('says what stops the pages when the manifest lacks the spreadsheets scope', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warcard-check-pages-'));
    for (const f of ['Code.js', 'Sidebar.html', 'Page.html']) copyFileSync(join(DIST, f), join(dir, f));
    writeFileSync(
      join(dir, 'appsscript.json'),
      JSON.stringify({ oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] }),
    );
    const lw = loadWorkbook({ codePath: join(dir, 'Code.js') });
    lw.run('setUpSampleCampaign');
    lw.workbook.webApp.url = URL;
    const [, opened] = pageRows(lw);
    expect(opened).toEqual([
      'Player pages: this spreadsheet by its id',
      'could not check',
      'You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
    ]);
  });
});
