import { afterEach, describe, expect, it } from 'vitest';
import {
  FORMULA_HELP,
  formulaReferenceHtml,
  MENU_ITEMS,
  onOpen,
  showFormulaReference,
} from '../../src/sheets/menu';

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

describe('the Warcard menu', () => {
  it('onOpen adds one Warcard menu with every item', () => {
    const { menus } = fakeServices();
    onOpen();
    expect(menus).toHaveLength(1);
    expect(menus[0]!.caption).toBe('Warcard');
    expect(menus[0]!.items).toEqual(MENU_ITEMS.map((i) => (i === 'separator' ? 'separator' : [i[0], i[1]])));
    expect(menus[0]!.items).toContainEqual(['Formula reference', 'showFormulaReference']);
  });

  it('the formula reference lists every formula with an example', () => {
    const { dialogs } = fakeServices();
    showFormulaReference();
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]!.title).toBe('Warcard formulas');
    for (const name of [
      'UNITVALUE',
      'MUSTERCOST',
      'UPKEEP',
      'CHARACTERVALUE',
      'ARMYVALUE',
      'BATTLES',
      'RESOLVEBATTLE',
      'BATTLEODDS',
      'TROOPRATIO',
      'TACTICS',
    ]) {
      const help = FORMULA_HELP.find((f) => f.name === name);
      expect(help, name).toBeDefined();
      expect(help!.example.startsWith(`=${name}(`)).toBe(true);
      expect(dialogs[0]!.html).toContain(help!.example.replace(/"/g, '&quot;'));
    }
  });

  it('escapes what it shows', () => {
    expect(formulaReferenceHtml()).not.toContain('"Avanil"');
  });
});
