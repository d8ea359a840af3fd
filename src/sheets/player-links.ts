// Warcard → Player links… (GMs only, SHEETS.md "Player pages"): each Players row with the state of its link, New
// link (the old one ends at once) and Remove. A link made is shown once, with a copy button: only its key's digest
// is kept. Where the web app is not deployed yet (ScriptApp.getService() gives no URL), the steps to deploy it.
import { Refusal } from '../contract/errors';
import { isGM } from '../contract/rights';
import { nameKey } from '../rules';
import { htmlService, scriptApp, spreadsheetApp } from './gas';
import { dialogPage, escapeHtml } from './menu';
import { actingAmong, playersOf } from './server/people';
import { linkOf, makeLink, readLinks, removeLink } from './server/link-keys';
import { keepSpreadsheetId, theSpreadsheet } from './spreadsheet';

export const LINKS_TITLE = 'Warcard: player links';

/** The dialog's answer to New link and Remove: its list again, or why not. */
export interface LinksAnswer {
  readonly ok: boolean;
  readonly html: string;
}

const DEPLOY_STEPS = [
  'In the spreadsheet, open Extensions → Apps Script.',
  'Deploy → New deployment; Select type: Web app.',
  'Execute as: Me (the page reads and writes the campaign as you, the GM).',
  'Who has access: Anyone (players need no Google account) or Anyone with Google account.',
  'Deploy, grant the permissions, and open Warcard → Player links… again.',
];

/** The Players rows, for a GM only: anyone else is refused, named as the rights see them. */
function gmPlayers() {
  const players = playersOf();
  const { person } = actingAmong(players);
  if (!isGM(person)) {
    throw new Refusal(
      'refused',
      `Only a GM may make or remove player links: you are ${person.email || 'not named by Google'}, a Player.`,
    );
  }
  return players?.records ?? [];
}

/**
 * The list: each Players row, its link's state (or the link just made), New link and Remove. `read`: the rows
 * a change already read for a GM (none: read them here, after the deploy steps, which anyone may see).
 */
function listHtml(
  made: { player: string; link: string } | null,
  read: ReturnType<typeof gmPlayers> | null = null,
): string {
  const url = scriptApp().getService().getUrl();
  if (!url) {
    return `<p>No web app is deployed for this spreadsheet yet. To deploy it:</p><ol>${DEPLOY_STEPS.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`;
  }
  const players = read ?? gmPlayers();
  const links = readLinks();
  if (players.length === 0) return '<p>The Players sheet lists nobody: add a row per person first.</p>';
  const rows = players.map((p) => {
    const kept = links[nameKey(p.email)];
    const state =
      made && nameKey(made.player) === nameKey(p.email)
        ? `<input class="link" readonly value="${escapeHtml(made.link)}"> <button class="copy">Copy</button><br><small>Shown this once: send it to ${escapeHtml(p.email)} alone.</small>`
        : kept
          ? `link made ${escapeHtml(kept.made)} UTC`
          : 'no link';
    const who = escapeHtml(p.email);
    return `<tr><td>${who}<br><small>${escapeHtml(p.role)}${p.armies.length ? `: ${escapeHtml(p.armies.join(', '))}` : ''}</small></td><td>${state}</td><td><button class="new" data-player="${who}">New link</button>${kept ? ` <button class="remove" data-player="${who}">Remove</button>` : ''}</td></tr>`;
  });
  return `<table><tr><th>Player</th><th>Link</th><th></th></tr>${rows.join('')}</table>`;
}

const DIALOG_SCRIPT = `
function render(a) { document.getElementById('links').innerHTML = a.html; }
document.addEventListener('click', function (e) {
  var b = e.target;
  if (!(b instanceof HTMLButtonElement)) return;
  if (b.className === 'copy') {
    var input = b.parentNode.querySelector('input.link');
    input.select();
    (navigator.clipboard ? navigator.clipboard.writeText(input.value) : Promise.reject()).catch(function () { document.execCommand('copy'); });
    b.textContent = 'Copied';
    return;
  }
  var player = b.getAttribute('data-player');
  b.disabled = true;
  var run = google.script.run.withSuccessHandler(render).withFailureHandler(function (err) {
    var p = document.createElement('p');
    p.textContent = String(err && err.message);
    document.getElementById('links').replaceChildren(p);
  });
  if (b.className === 'new') run.playerLinkNew(player);
  if (b.className === 'remove') run.playerLinkRemove(player);
});`;

/** Warcard → Player links…: the dialog (an alert for anyone but a GM). */
export function showPlayerLinks(): void {
  let list: string;
  try {
    keepSpreadsheetId(theSpreadsheet());
    list = listHtml(null);
  } catch (e) {
    if (e instanceof Refusal) {
      spreadsheetApp().getUi().alert(e.message);
      return;
    }
    throw e;
  }
  const page = dialogPage(
    'Player links',
    `<p>Each link opens its person’s own page, acting as their Players row.</p><div id="links">${list}</div><script>${DIALOG_SCRIPT}</script>`,
    'td{vertical-align:top;padding:4px}input.link{width:220px}',
  );
  const output = htmlService().createHtmlOutput(page).setWidth(600).setHeight(480);
  spreadsheetApp().getUi().showModalDialog(output, LINKS_TITLE);
}

/** Runs a change of a Players row's link for a GM; the list as it now stands, or why not. */
function changeLink(
  player: unknown,
  change: (player: string) => { player: string; link: string } | null,
): LinksAnswer {
  try {
    const players = gmPlayers();
    const row = players.find((p) => typeof player === 'string' && nameKey(p.email) === nameKey(player));
    if (!row) return { ok: false, html: `<p>${escapeHtml(String(player))} is not on the Players sheet.</p>` };
    return { ok: true, html: listHtml(change(row.email), players) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, html: `<p>${escapeHtml(e.message)}</p>` };
    throw e;
  }
}

/** The dialog's New link: a new key for the row (its old link ends at once), shown once. */
export function playerLinkNew(player: unknown): LinksAnswer {
  return changeLink(player, (p) => {
    const url = scriptApp().getService().getUrl();
    const key = makeLink(p, new Date());
    return url ? { player: p, link: linkOf(url, key) } : null;
  });
}

/** The dialog's Remove: the row's link ends at once. */
export function playerLinkRemove(player: unknown): LinksAnswer {
  return changeLink(player, (p) => {
    removeLink(p);
    return null;
  });
}
