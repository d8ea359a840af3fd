// dist/Code.js in a bare node:vm context, given only the services Battle… touches: the menu builds the sidebar
// from dist/Sidebar.html with the load's answer inside, and on a spreadsheet with no campaign sheets it still
// opens it, the answer saying which sheet is missing and how to add it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../../dist');

describe('Battle… in dist/Code.js', () => {
  it('shows Sidebar.html with the answer in it, even with no Units sheet', () => {
    const shown: { content: string; title: string }[] = [];
    const output = (content: string) => {
      let title = '';
      const out = {
        getContent: () => content,
        setContent: (c: string) => {
          content = c;
          return out;
        },
        setTitle: (t: string) => {
          title = t;
          return out;
        },
        get title() {
          return title;
        },
      };
      return out;
    };
    const context = vm.createContext({
      SpreadsheetApp: {
        getActiveSpreadsheet: () => ({ getSheetByName: () => null }),
        getUi: () => ({
          showSidebar: (o: ReturnType<typeof output>) =>
            shown.push({ content: o.getContent(), title: o.title }),
        }),
      },
      HtmlService: {
        createHtmlOutputFromFile: (name: string) => output(readFileSync(join(dist, `${name}.html`), 'utf8')),
      },
      // Every permission granted: the menu's check passes.
      ScriptApp: {
        AuthMode: { FULL: 'FULL' },
        AuthorizationStatus: { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' },
        getAuthorizationInfo: () => ({
          getAuthorizationStatus: () => 'NOT_REQUIRED',
          getAuthorizationUrl: () => null,
        }),
      },
    });
    vm.runInContext(readFileSync(join(dist, 'Code.js'), 'utf8'), context, { filename: 'Code.js' });
    vm.runInContext('openBattleSidebar()', context);
    expect(shown.map((s) => s.title)).toEqual(['Warcard battle']);
    const m = /<script type="application\/json" id="load-answer">([^<]*)<\/script>/.exec(
      shown[0]?.content ?? '',
    );
    expect(JSON.parse(m?.[1] ?? 'null')).toEqual({
      ok: false,
      code: 'setup',
      message:
        'This spreadsheet has no Units sheet: run Warcard → Set up campaign first (it adds the missing sheets and keeps yours).',
      campaign: null,
    });
  });
});
