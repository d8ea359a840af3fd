// The Warcard menu and the formula reference dialog. onOpen runs with limited authorization: it only builds the menu.
import type { FailureCode } from '../contract/errors';
import { htmlService, spreadsheetApp } from './gas';
import { EXAMPLES } from './sheet-names';

/** Menu items: caption and the global function (src/apps-script/globals.js) each one calls. */
export const MENU_ITEMS: readonly (readonly [caption: string, functionName: string] | 'separator')[] = [
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
];

/** The caption of the menu item that calls the global `functionName`. */
export function captionOf(functionName: string): string {
  for (const item of MENU_ITEMS) if (item !== 'separator' && item[1] === functionName) return item[0];
  throw new Error(`No menu item calls ${functionName}.`);
}

/**
 * What to choose after the menu item calling `functionName` failed: the menu's own words, by the failure's code
 * alone. The server's message says what happened and what to fix in the sheet; the sidebar has its own words.
 */
export function menuNext(code: FailureCode, functionName: string): string {
  const again = `choose Warcard → ${captionOf(functionName)} again`;
  switch (code) {
    case 'locked':
      return ` Please ${again} in a moment.`;
    case 'refused':
      // The message names who may do it: choosing it again does not help.
      return '';
    case 'authorization':
      return ` Then ${again}.`;
    case 'setup':
    case 'unsafe':
      return ` Once it is fixed, ${again}.`;
    case 'failed':
      return ` Please ${again}: Warcard first puts back anything a failure left unfinished.`;
    default:
      return ` Please ${again}.`;
  }
}

export function onOpen(): void {
  const menu = spreadsheetApp().getUi().createMenu('Warcard');
  for (const item of MENU_ITEMS) {
    if (item === 'separator') menu.addSeparator();
    else menu.addItem(item[0], item[1]);
  }
  menu.addToUi();
}

/** One formula of SHEETS.md as the reference dialog and README present it; its example's tables as EXAMPLES gives them. */
export interface FormulaHelp {
  readonly name: string;
  readonly signature: string;
  readonly gives: string;
  readonly example: string;
}

export const FORMULA_HELP: readonly FormulaHelp[] = [
  {
    name: 'UNITVALUE',
    signature: 'UNITVALUE(units)',
    gives: 'A column headed Value: each unit’s value (card, or Override, plus realm spells).',
    get example() {
      return `=UNITVALUE(${EXAMPLES.units})`;
    },
  },
  {
    name: 'MUSTERCOST',
    signature: 'MUSTERCOST(units)',
    gives: 'A column headed Muster: 2 GB per 3 points of value or part of 3.',
    get example() {
      return `=MUSTERCOST(${EXAMPLES.units})`;
    },
  },
  {
    name: 'UPKEEP',
    signature: 'UPKEEP(units)',
    gives: 'A column headed Upkeep: 1 GB, 2 mounted or mercenary, 3 flying or value 9+.',
    get example() {
      return `=UPKEEP(${EXAMPLES.units})`;
    },
  },
  {
    name: 'UNITSTATS',
    signature: 'UNITSTATS(units)',
    gives: 'Three columns, Value, Muster and Upkeep, from one call: what set-up puts beside Units.',
    get example() {
      return `=UNITSTATS(${EXAMPLES.units})`;
    },
  },
  {
    name: 'CHARACTERVALUE',
    signature: 'CHARACTERVALUE(characters, [units])',
    gives: 'A column headed Bonus: each character’s standing bonus to its army.',
    get example() {
      return `=CHARACTERVALUE(${EXAMPLES.characters}, ${EXAMPLES.units})`;
    },
  },
  {
    name: 'ARMYVALUE',
    signature: 'ARMYVALUE(armies, units, [characters])',
    gives: 'The base army value of the comma-separated armies: Ready units plus character bonuses.',
    get example() {
      return `=ARMYVALUE("Elinvaire Host, Marcher Levies", ${EXAMPLES.units}, ${EXAMPLES.characters})`;
    },
  },
  {
    name: 'ARMIES',
    signature: 'ARMIES(units, [characters], [settings])',
    gives:
      'One row per army: units Ready, Routed, Destroyed and Captured, its base value, and the muster and upkeep of its Ready and Routed units.',
    get example() {
      return `=ARMIES(${EXAMPLES.units}, ${EXAMPLES.characters}, ${EXAMPLES.settings})`;
    },
  },
  {
    name: 'BATTLES',
    signature: 'BATTLES(battles, units, [characters], [settings])',
    gives:
      'For every Battles row: Base, Percent, Points, Battle Value, Win Chance, and once both sides rolled: Total, Outcome, Casualty Rate, Casualties, Routed, Destroyed.',
    get example() {
      return `=BATTLES(${EXAMPLES.battles}, ${EXAMPLES.units}, ${EXAMPLES.characters}, ${EXAMPLES.settings})`;
    },
  },
  {
    name: 'RESOLVEBATTLE',
    signature: 'RESOLVEBATTLE(valueA, valueB, rollA, rollB, [unitsA], [unitsB], [planA], [planB])',
    gives: 'One row: winner (A, B, Tie, No battle), difference, both casualty rates, both casualty points.',
    example: '=RESOLVEBATTLE(52, 47, 63, 18, 45, 40, "Hold", "No plan")',
  },
  {
    name: 'BATTLEODDS',
    signature: 'BATTLEODDS(valueA, valueB, [planA], [planB])',
    gives: 'The exact chance that side A wins, ties rolled again.',
    example: '=BATTLEODDS(52, 47)',
  },
  {
    name: 'TROOPRATIO',
    signature: 'TROOPRATIO(sizeA, sizeB)',
    gives: 'Side A’s troop-ratio bonus (0 unless A is the larger force).',
    example: '=TROOPRATIO(30, 12)',
  },
  {
    name: 'TACTICS',
    signature: 'TACTICS(planA, planB)',
    gives: 'One row: what the pair of battle plans does to side A and to side B.',
    example: '=TACTICS("Full charge", "Hold")',
  },
  {
    name: 'TREASURY',
    signature: 'TREASURY(realms, treasury, units, [settings])',
    gives:
      'One row per realm: its balance from the ledger, the upkeep and muster the next collection takes, the balance after it, and a note.',
    get example() {
      return `=TREASURY(${EXAMPLES.realms}, ${EXAMPLES.treasury}, ${EXAMPLES.unitsMustered}, ${EXAMPLES.settings})`;
    },
  },
];

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The dialogs' page: a language, a title and one heading (what a screen reader announces first). */
export function dialogPage(title: string, body: string, css = ''): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>` +
    'body{font:13px Arial,sans-serif;color:#202124;margin:12px}h1{font-size:15px;font-weight:500;margin:0 0 6px}' +
    `h2{font-size:13px;font-weight:500;margin:12px 0 4px}code{font:12px monospace;color:#188038}${css}` +
    // The dialog's own bar shows the title: the page's heading is for screen readers only, not seen twice.
    'h1.unseen{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}' +
    `</style></head><body><main><h1 class="unseen">${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

export function formulaReferenceHtml(): string {
  const rows = FORMULA_HELP.map(
    (f) =>
      `<tr><td><code>${escapeHtml(f.signature)}</code><div>${escapeHtml(f.gives)}</div></td>` +
      `<td><code>${escapeHtml(f.example)}</code></td></tr>`,
  ).join('');
  return (
    // A language, a title and one heading: what a screen reader announces first (axe-core finds nothing).
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Warcard formulas</title><style>' +
    'body{font:13px Arial,sans-serif;color:#202124;margin:12px}table{border-collapse:collapse;width:100%}' +
    'h1{font-size:15px;font-weight:500;margin:0 0 6px}th{text-align:left;color:#5f6368;font-weight:500;padding:6px}' +
    'td{border-bottom:1px solid #dadce0;padding:6px;vertical-align:top}code{font:12px monospace;color:#188038}' +
    'td div{color:#5f6368;margin-top:2px}</style></head><body><main><h1>Warcard formulas</h1>' +
    '<p>Give each formula whole tables, header row included; it values every row in one call.</p>' +
    '<table><thead><tr><th scope="col">Formula</th><th scope="col">Example</th></tr></thead>' +
    `<tbody>${rows}</tbody></table></main></body></html>`
  );
}

export function showFormulaReference(): void {
  const output = htmlService().createHtmlOutput(formulaReferenceHtml()).setWidth(720).setHeight(560);
  spreadsheetApp().getUi().showModalDialog(output, 'Warcard formulas');
}
