// Warcard → Help: the version, the first steps, the menu, the formulas with an example each, the permissions and
// why, the one-account note and what works on a phone. Built from constants (the version and the manifest's
// scopes are fixed by the build) with no sheet read: only the locale, for the examples' separator.
import { argumentSeparator } from './locale';
import { dialogPage, escapeHtml, FORMULA_HELP, MENU_ITEMS } from './menu';
import { htmlService, spreadsheetApp } from './gas';

declare const WARCARD_VERSION: string | undefined;
declare const WARCARD_SCOPES: readonly string[] | undefined;

/** package.json's version, fixed by the build ('development' when the source runs unbuilt, as in unit tests). */
export const VERSION = typeof WARCARD_VERSION === 'string' ? WARCARD_VERSION : 'development';
/** The manifest's scopes, fixed by the build. */
export const SCOPES: readonly string[] = typeof WARCARD_SCOPES === 'object' ? (WARCARD_SCOPES ?? []) : [];

/** What each menu item does, in a line (by the global function it calls). */
export const MENU_HELP: Readonly<Record<string, string>> = {
  openBattleSidebar: 'the battle sidebar: pick a battle, see the odds, roll, apply the result to the roster.',
  undoLastBattle: 'takes back the newest battle, new round, fill or season collected of the Log, exactly.',
  newRound: 'every Routed unit is Ready again (logged, so it can be undone).',
  fillFromLibrary:
    'each Units row whose Type is a Library row’s gets that card in its blank cells (Role to Override); cells you typed are kept and named, a misspelt Type gets “did you mean”. A player fills their own armies’ rows. Logged, so it can be undone.',
  collectSeason:
    'GMs only: a Treasury row per realm for Settings’ Season (income, upkeep, muster), logged, so it can be undone.',
  showFormulaReference: 'every formula with what it gives and an example.',
  showHelp: 'this page.',
  checkSpreadsheet: 'tries what Warcard expects of Google on this spreadsheet, and leaves it as it was.',
  setUpCampaign:
    'adds the sheets, headers, formulas, checkboxes and dropdowns the campaign lacks; never changes a cell you wrote.',
  setUpSampleCampaign: 'the same, with a sample war in tables that have no rows yet.',
  protectRealms:
    'GMs only: has Google keep each realm’s rows to its players and the GMs, as the Players sheet says (re-runnable; a roster too large for one run is protected over several, each going on where the last stopped).',
  showPlayerLinks:
    'GMs only: a private link per Players row to the person’s own page (their realm, their battles, Seal plan; any phone). A link is shown once; New link ends the old one at once, Remove ends it. Deploy the script as a web app first (the dialog says how); see README “Playing by link”.',
};

/** Why Warcard asks for each permission, by scope, and what Google's screen calls it. */
export const SCOPE_HELP: Readonly<Record<string, readonly [google: string, why: string]>> = {
  'https://www.googleapis.com/auth/spreadsheets': [
    'See, edit, create and delete all your Google Sheets spreadsheets',
    'to read the campaign, write battles, the Log and Undo, and set up the sheets. Warcard opens no other file: the player pages (a web app, which runs outside the spreadsheet) open this one by its id, and Google grants that only with this permission.',
  ],
  'https://www.googleapis.com/auth/script.container.ui': [
    'Display and run third-party web content in prompts and sidebars inside Google applications',
    'to show the Warcard menu, its dialogs and the battle sidebar.',
  ],
  'https://www.googleapis.com/auth/userinfo.email': [
    'See your primary Google Account email address',
    'to know who applies a battle (the Log) and which realm is yours.',
  ],
};

/** Playing as a table, a few lines each (raw HTML: constants only). */
export const TABLE_HELP: readonly string[] = [
  '<b>Players</b>: the Players sheet lists the table, a row per person: their Google email, Role (GM or Player) ' +
    'and the armies they command. A GM may do everything; a player writes only the rows of their own armies, and ' +
    'the sidebar offers only that. With no GM on it, everyone acts as a GM.',
  '<b>Protect realms</b> (GMs): has Google hold hand edits to the same: each army’s rows to its players and the ' +
    'GMs, Settings, Players and Library to the GMs, Log and Undo with a warning. Run it again after the roster or ' +
    'the Players sheet changes.',
  '<b>Sealed plans</b>: a side’s player chooses a plan and presses Seal plan in the sidebar; nobody else sees it ' +
    'until the reveal at the roll, and the Log’s commitment proves it was not changed after.',
  '<b>Logged dice</b>: Settings <code>Dice</code> = <code>Logged</code> has Warcard draw every roll and write it to ' +
    'the Roll cells and the Log at once, so a roll cannot be taken again; the battle is applied with those dice.',
];

/** A realm's treasury in a few lines (README "Paying for war" tells a whole season). */
export const TREASURY_HELP: readonly string[] = [
  '<b>Realms</b>: a row per realm with the armies it pays for, its Income each season and its Start in GB.',
  '<b>Treasury</b>: the ledger, a row per realm per season (Income, Upkeep, Muster, Other, Note); a GM may add rows by hand.',
  '<b>TREASURY</b> beside Realms: Balance = Start + every row’s Income − Upkeep − Muster + Other, and what the ' +
    'next season takes: the upkeep of Ready and Routed units, the muster of units whose Mustered is Settings’ Season.',
  '<b>Warcard → Collect the season</b> (GMs only) writes those figures as a Treasury row per realm for Settings’ ' +
    'Season and tells each closing balance; Undo last battle takes it back. Then set Season to the next season.',
  'Units destroyed or captured cost no more upkeep: the battle sidebar shows what each side’s losses save.',
];

const list = (items: readonly string[], tag = 'ul'): string =>
  `<${tag}>${items.map((i) => `<li>${i}</li>`).join('')}</${tag}>`;

/** The Help page; `sep` is the locale's argument separator, used in the examples. */
export function helpHtml(sep: ',' | ';' = ','): string {
  const menu = MENU_ITEMS.flatMap((item) =>
    item === 'separator' ? [] : [`<b>${escapeHtml(item[0])}</b>: ${escapeHtml(MENU_HELP[item[1]] ?? '')}`],
  );
  // An example as this spreadsheet's locale takes it (";" between arguments where decimals take a comma).
  const local = (example: string) =>
    sep === ',' ? example : example.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ';');
  const formulas = FORMULA_HELP.map(
    (f) => `<code>${escapeHtml(local(f.example))}</code>: ${escapeHtml(f.gives)}`,
  );
  const scopes = SCOPES.map((scope) => {
    const [google, why] = SCOPE_HELP[scope] ?? [scope, ''];
    return `<b>${escapeHtml(google)}</b>: ${escapeHtml(why)}`;
  });
  const body =
    `<p>Version ${escapeHtml(VERSION)}. Warcard settles mass battles of a Birthright campaign with the quick ` +
    'warcard rules.</p><h2>First steps</h2>' +
    list(
      [
        '<b>Warcard → Set up campaign</b> (or with the sample campaign) once: it makes the sheets.',
        'Type your units on Units and your characters on Characters; a battle is two rows of Battles.',
        '<b>Warcard → Battle…</b>: pick the battle, roll, and apply the result to the roster.',
      ],
      'ol',
    ) +
    `<h2>The menu</h2>${list(menu)}<h2>Playing as a table</h2>${list(TABLE_HELP)}` +
    `<h2>Formulas</h2>${list(formulas)}` +
    `<h2>The treasury</h2>${list(TREASURY_HELP)}` +
    `<h2>Permissions Google asks for</h2>${list(scopes)}` +
    '<h2>One Google account</h2><p>With several Google accounts signed in at once, Apps Script sidebars and ' +
    'dialogs can fail: use one account, or a private window.</p><h2>On a phone</h2><p>Google’s Sheets apps ' +
    'show no Warcard menu and no sidebar. The formulas compute, and you can tick checkboxes, type dice in Roll and ' +
    'set Status by hand; apply battles from a computer. A player with a player link (<b>Player links…</b>) plays ' +
    'from any phone: their page shows their realm and battles, and seals their plan.</p><h2>Player links</h2><p>A ' +
    'link acts as its Players row, with that row’s rights; the Log’s By says “(link)”. Whoever holds a link acts ' +
    'as that person: send each link to its player alone, and make a New link if one is shared. Players who play by ' +
    'link need no access to the spreadsheet: share it with nobody, or as Viewer with copying turned off.</p>';
  return dialogPage('Warcard help', body, 'li{margin:3px 0}');
}

/** Warcard → Help. */
export function showHelp(): void {
  const app = spreadsheetApp();
  const sep = argumentSeparator(app.getActiveSpreadsheet().getSpreadsheetLocale());
  const output = htmlService().createHtmlOutput(helpHtml(sep)).setWidth(640).setHeight(560);
  app.getUi().showModalDialog(output, 'Warcard help');
}
