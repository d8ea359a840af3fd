// Warcard → Help: the version the build fixed, the first steps, every menu item in a line, every formula with
// its example (in the locale's separator), every permission of the manifest and why, the one-account note and
// phones, playing as a table; its title shown once; it opens with no sheet read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { helpHtml, MENU_HELP, SCOPE_HELP, TABLE_HELP, TREASURY_HELP } from '../../src/sheets/help';
import { FORMULA_HELP, MENU_ITEMS } from '../../src/sheets/menu';
import { tableOf } from '../support/columns';

const ROOT = join(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

describe('Warcard → Help', () => {
  it('opens at once: no sheet read, one dialog', () => {
    const lw = loadWorkbook();
    lw.run('setUpSampleCampaign');
    lw.calls.reset();
    lw.run('showHelp');
    expect(lw.calls.log.map((c) => c.method)).toEqual(['getSpreadsheetLocale', 'showModalDialog']);
    expect(lw.workbook.ui.dialog?.title).toBe('Warcard help');
  });

  it('shows the version, the first steps, every menu item, formula and permission, one account and phones', () => {
    const lw = loadWorkbook();
    lw.run('showHelp');
    const html = lw.workbook.ui.dialog?.content ?? '';
    expect(html).toContain(`Version ${json('package.json').version}.`);
    expect(html).toMatch(/<h2>First steps<\/h2><ol>(<li>.*?<\/li>){3}<\/ol>/);
    for (const item of MENU_ITEMS) {
      if (item === 'separator') continue;
      expect(MENU_HELP[item[1]], item[1]).toBeTruthy();
      expect(html).toContain(`<b>${escaped(item[0])}</b>: ${escaped(MENU_HELP[item[1]] ?? '')}`);
    }
    for (const f of FORMULA_HELP) expect(html).toContain(`<code>${escaped(f.example)}</code>`);
    const scopes: string[] = json('appsscript.json').oauthScopes;
    for (const scope of scopes) {
      const [google = '', why = ''] = SCOPE_HELP[scope] ?? [];
      expect(why, scope).not.toBe('');
      expect(html).toContain(`<b>${escaped(google)}</b>: ${escaped(why)}`);
    }
    expect(html).toContain(
      `<h2>The treasury</h2><ul>${TREASURY_HELP.map((l) => `<li>${l}</li>`).join('')}</ul>`,
    );
    expect(html).toContain('several Google accounts');
    expect(html).toContain('show no Warcard menu and no sidebar');
  });

  it('tells a table Players, Protect realms, sealed plans and logged dice in a few lines each', () => {
    const html = helpHtml();
    const section = /<h2>Playing as a table<\/h2><ul>(.*?)<\/ul>/.exec(html)?.[1] ?? '';
    const items = [...section.matchAll(/<li><b>(.*?)<\/b>(.*?)<\/li>/g)].map((m) => [m[1], m[2] ?? '']);
    expect(items.map(([title]) => title)).toEqual([
      'Players',
      'Protect realms',
      'Sealed plans',
      'Logged dice',
    ]);
    // A few lines each: at most some 300 characters of text.
    for (const [title, text = ''] of items)
      expect(text.replace(/<[^>]+>/g, '').length, title).toBeLessThan(300);
    expect(TABLE_HELP).toHaveLength(4);
  });

  it('does not show its title twice: the dialog’s bar has it, the page’s heading is for screen readers only', () => {
    const html = helpHtml();
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<main><h1 class="unseen">Warcard help</h1><p>Version ');
    expect(html).toMatch(
      /h1\.unseen\{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect\(0 0 0 0\)/,
    );
  });

  it('writes the examples with ";" in a decimal-comma locale', () => {
    const lw = loadWorkbook({ locale: 'fr_FR' });
    lw.run('showHelp');
    const html = lw.workbook.ui.dialog?.content ?? '';
    expect(html).toContain(
      `<code>=ARMYVALUE(&quot;Elinvaire Host, Marcher Levies&quot;; ${tableOf('Units')}; ${tableOf('Characters')})</code>`,
    );
  });
});
