import { afterEach, describe, expect, it } from 'vitest';
import {
  dialogPage,
  FORMULA_HELP,
  formulaReferenceHtml,
  MENU_ITEMS,
  onOpen,
  showFormulaReference,
} from '../../src/sheets/menu';
import { tableOf } from '../support/columns';

/** Just enough of SpreadsheetApp and HtmlService to watch what the menu does. */
function fakeServices() {
  const menus: { caption: string; items: (string | [string, string])[] }[] = [];
  const dialogs: { html: string; title: string; width?: number }[] = [];
  const ui = {
    createMenu(caption: string) {
      const menu = { caption, items: [] as (string | [string, string])[] };
      const api = {
        addItem: (c: string, fn: string) => {
          menu.items.push([c, fn]);
          return api;
        },
        addSeparator: () => {
          menu.items.push('separator');
          return api;
        },
        addToUi: () => void menus.push(menu),
      };
      return api;
    },
    showModalDialog: (out: { getContent(): string; width?: number }, title: string) =>
      dialogs.push({ html: out.getContent(), title, width: out.width }),
  };
  const g = globalThis as Record<string, unknown>;
  g.SpreadsheetApp = { getUi: () => ui };
  g.HtmlService = {
    createHtmlOutput: (html: string) => {
      const out = {
        width: undefined as number | undefined,
        getContent: () => html,
        setWidth: (w: number) => {
          out.width = w;
          return out;
        },
        setHeight: () => out,
        setTitle: () => out,
      };
      return out;
    },
  };
  return { menus, dialogs };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).SpreadsheetApp;
  delete (globalThis as Record<string, unknown>).HtmlService;
});

const FORMULAS = [
  'UNITVALUE',
  'MUSTERCOST',
  'UPKEEP',
  'UNITSTATS',
  'CHARACTERVALUE',
  'ARMYVALUE',
  'ARMIES',
  'BATTLES',
  'RESOLVEBATTLE',
  'BATTLEODDS',
  'TROOPRATIO',
  'TACTICS',
  'TREASURY',
];

describe('the Warcard menu', () => {
  it('onOpen adds one Warcard menu: battle, undo, new round, the Library fill, collect the season, the reference, help, the check, the two set-ups, protect realms, player links', () => {
    const { menus } = fakeServices();
    onOpen();
    expect(menus).toEqual([
      {
        caption: 'Warcard',
        items: [
          ['Battle…', 'openBattleSidebar'],
          ['Undo last battle', 'undoLastBattle'],
          ['New round', 'newRound'],
          ['Fill units from the Library', 'fillFromLibrary'],
          ['Collect the season', 'collectSeason'],
          'separator',
          ['Formula reference', 'showFormulaReference'],
          ['Help', 'showHelp'],
          ['Check this spreadsheet', 'checkSpreadsheet'],
          'separator',
          ['Set up campaign', 'setUpCampaign'],
          ['Set up with sample campaign', 'setUpSampleCampaign'],
          ['Protect realms', 'protectRealms'],
          ['Player links…', 'showPlayerLinks'],
        ],
      },
    ]);
    expect(MENU_ITEMS).toHaveLength(14);
  });

  it('the formula reference helps with every formula of SHEETS.md, in order, each with its example', () => {
    expect(FORMULA_HELP.map((f) => f.name)).toEqual(FORMULAS);
    for (const f of FORMULA_HELP) {
      expect(f.signature.startsWith(`${f.name}(`), f.name).toBe(true);
      expect(f.example.startsWith(`=${f.name}(`), f.name).toBe(true);
    }
  });

  it('shows the reference in a 720-pixel dialog, a table row per formula', () => {
    const { dialogs } = fakeServices();
    showFormulaReference();
    expect(dialogs.map((d) => [d.title, d.width])).toEqual([['Warcard formulas', 720]]);
    const html = dialogs[0]?.html ?? '';
    // A header row, then a row per formula; the page has its language, title and one heading.
    expect(html.match(/<tr>/g)).toHaveLength(FORMULAS.length + 1);
    expect(html).toContain('<html lang="en"><head><meta charset="utf-8"><title>Warcard formulas</title>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain(
      '<tr><td><code>BATTLEODDS(valueA, valueB, [planA], [planB])</code>' +
        '<div>The exact chance that side A wins, ties rolled again.</div></td>' +
        '<td><code>=BATTLEODDS(52, 47)</code></td></tr>',
    );
  });

  it('gives a dialog page (Help, Check) its title as an unseen heading: the dialog’s bar shows it already', () => {
    const html = dialogPage('Warcard: check this spreadsheet', '<p>Everything is as Warcard expects.</p>');
    expect(html).toContain('<title>Warcard: check this spreadsheet</title>');
    expect(html).toContain(
      '<main><h1 class="unseen">Warcard: check this spreadsheet</h1><p>Everything is as Warcard expects.</p></main>',
    );
  });

  it('escapes what it shows: quotes in an example become &quot;', () => {
    const html = formulaReferenceHtml();
    expect(html).toContain(
      `<code>=ARMYVALUE(&quot;Elinvaire Host, Marcher Levies&quot;, ${tableOf('Units')}, ${tableOf('Characters')})</code>`,
    );
    expect(html).not.toContain('"Elinvaire');
  });
});
