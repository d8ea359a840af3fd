// HtmlService as the emulation gives it to Code.js, held to what Google does: a file's output is its text as it
// is (no scriptlet evaluated: only templates do that), setContent replaces it, and a sidebar shows the content
// it had when shown.
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../../dev/gas';

const SCRIPT = `
function show() {
  var out = HtmlService.createHtmlOutputFromFile('Page');
  var page = out.getContent();
  out.setContent(page.replace('null', '{"a":1}')).setTitle('Shown');
  SpreadsheetApp.getUi().showSidebar(out);
  out.setContent('changed after showing');
  return page;
}
function missing() {
  HtmlService.createHtmlOutputFromFile('Nowhere');
}
`;

const load = () => {
  const htmlDir = mkdtempSync(join(tmpdir(), 'gas-html-'));
  writeFileSync(
    join(htmlDir, 'Page.html'),
    '<p><?= 1 + 1 ?></p><script type="application/json">null</script>',
  );
  // Not a dist/ being rebuilt (the emulation waits a moment for a folder changed in the last seconds).
  utimesSync(htmlDir, new Date(0), new Date(0));
  return loadWorkbook({ code: SCRIPT, codePath: join(htmlDir, 'Code.js'), htmlDir });
};

describe('HtmlService in the emulation', () => {
  it('gives a file as it is, setContent replaces it, and the sidebar shows what it held when shown', () => {
    const lw = load();
    expect(lw.run('show')).toBe('<p><?= 1 + 1 ?></p><script type="application/json">null</script>');
    expect(lw.workbook.ui.sidebar).toEqual({
      title: 'Shown',
      content: '<p><?= 1 + 1 ?></p><script type="application/json">{"a":1}</script>',
    });
  });

  it('refuses a file that is not there, as Google does', () => {
    expect(() => load().run('missing')).toThrow('No HTML file named Nowhere was found.');
  });
});
