// A player's own page (the web app, SHEETS.md "Player pages"): phone first. It starts on the answer doGet put in
// the page (no call), shows the person's units and battles, and makes one call per action (Seal plan), which
// answers with the page as it now stands. The link's key is read from the page's address
// (google.script.url.getLocation), never from the page itself.
import type { PageAnswer, PageBattle, PageData, PageEntry, PageRealm, PageSide } from '../contract/page-data';
import { PLANS, type Plan } from '../rules';
import { byId, el, fill } from './dom';
import { reportBody } from './views/report';

interface Runner {
  withSuccessHandler(f: (answer: PageAnswer) => void): Runner;
  withFailureHandler(f: (error: Error) => void): Runner;
  pageAction(key: string, call: 'sidebarSeal', request: unknown): void;
}

declare const google: {
  script: {
    run: Runner;
    url: { getLocation(f: (location: { parameter: Record<string, string> }) => void): void };
  };
};

let key = '';
let busy = false;
let calls = 0;

/** Shows what happened (a status line the page keeps at its top). */
function say(text: string, kind: 'ok' | 'error' | 'note' = 'note'): void {
  const box = byId('status');
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = text === '';
}

const sideLine = (s: PageSide): HTMLElement =>
  el(
    'li',
    { class: s.mine ? 'side mine' : 'side' },
    el('b', {}, s.label),
    s.mine ? ' (yours)' : '',
    el('br'),
    el('span', { class: 'note' }, `${s.armies.join(', ') || 'no army'} · value ${s.value}`),
    el('br'),
    s.seal === 'sealed' ? 'Plan sealed' : s.seal === 'revealed' ? 'Plan revealed' : 'Plan not sealed',
    s.plan !== null ? `: ${s.plan}` : '',
    s.roll !== null ? ` · roll ${s.roll}` : '',
  );

/** The Seal plan form of the person's side, while the battle is not fought and the side not revealed. */
function sealForm(b: PageBattle, i: 0 | 1): HTMLElement {
  const side = b.sides[i];
  const select = el('select', { 'aria-label': `Plan for ${b.name}`, 'data-battle': b.name });
  for (const p of PLANS)
    select.append(el('option', { value: p, selected: p === (side.plan ?? 'No plan') }, p));
  const button = el(
    'button',
    {
      type: 'button',
      class: 'primary',
      'data-seal': b.name,
      onclick: () => seal(b, i, select.value as Plan),
    },
    side.seal === 'sealed' ? 'Seal again' : 'Seal plan',
  );
  return el('div', { class: 'seal' }, el('label', {}, 'Your plan ', select), button);
}

/** A Log entry: its event and result, who made it and when, and a battle's report. */
const entryCard = (e: PageEntry): HTMLElement =>
  el(
    'div',
    { class: 'entry', 'data-event': e.event },
    el('p', {}, el('b', {}, e.event), e.result ? `: ${e.result}` : ''),
    el('p', { class: 'note' }, `${e.when}${e.by ? ` · by ${e.by}` : ''}`),
    e.event === 'Battle' ? reportBody(e) : null,
  );

function battleCard(b: PageBattle): HTMLElement {
  const mine = ([0, 1] as const).find((i) => b.sides[i].mine && b.sides[i].seal !== 'revealed');
  const entries = b.entries.map(entryCard);
  return el(
    'section',
    { class: 'battle', 'data-battle': b.name },
    el('h3', {}, b.name, b.fought ? ' — fought' : ''),
    el('ul', { class: 'sides' }, sideLine(b.sides[0]), sideLine(b.sides[1])),
    b.logged.length > 0
      ? el('p', { class: 'note' }, `Logged rolls: ${b.logged.map((r) => `${r[0]}–${r[1]}`).join(', ')}`)
      : null,
    !b.fought && mine !== undefined ? sealForm(b, mine) : null,
    ...entries,
  );
}

const gb = (n: number): string => `${n} GB`;

/** A realm's treasury: its balance, the coming season and its newest ledger rows. */
function realmCard(r: PageRealm): HTMLElement {
  if (r.error)
    return el('div', { class: 'realm' }, el('h3', {}, r.realm), el('p', { class: 'note' }, r.error));
  const c = r.coming;
  const rows = r.ledger.map((l) =>
    el(
      'tr',
      {},
      el('td', {}, l.season),
      el('td', {}, l.income),
      el('td', {}, l.upkeep + l.muster),
      el('td', {}, l.other),
    ),
  );
  return el(
    'div',
    { class: 'realm', 'data-realm': r.realm },
    el('h3', {}, r.realm),
    el('p', { class: 'balance' }, 'Balance ', el('b', {}, gb(r.balance))),
    c
      ? el(
          'p',
          { class: 'note' },
          `${c.season || 'Next season'}: income ${c.income}, upkeep ${c.upkeep}, muster ${c.muster}; then ${gb(c.next)}`,
        )
      : null,
    r.note ? el('p', { class: 'note' }, r.note) : null,
    rows.length === 0
      ? null
      : el(
          'table',
          {},
          el(
            'tr',
            {},
            el('th', {}, 'Season'),
            el('th', {}, 'Income'),
            el('th', {}, 'Paid'),
            el('th', {}, 'Other'),
          ),
          ...rows,
        ),
    r.ledgerRows > r.ledger.length
      ? el('p', { class: 'note' }, `The newest ${r.ledger.length} of ${r.ledgerRows} rows.`)
      : null,
  );
}

function render(page: PageData): void {
  fill(
    byId('who'),
    el('b', {}, page.player),
    ` · ${page.role}${page.armies.length ? `: ${page.armies.join(', ')}` : ''}`,
  );
  const rows = page.units.map((u) =>
    el(
      'tr',
      {},
      el('td', {}, u.name),
      el('td', {}, u.status),
      el('td', {}, u.value),
      el('td', {}, u.upkeep ?? ''),
    ),
  );
  fill(
    byId('units'),
    page.units.length === 0
      ? el('p', { class: 'note' }, 'No units.')
      : el(
          'table',
          {},
          el(
            'tr',
            {},
            el('th', {}, 'Unit'),
            el('th', {}, 'Status'),
            el('th', {}, 'Value'),
            el('th', {}, 'Upkeep'),
          ),
          ...rows,
        ),
  );
  byId('treasury').hidden = page.treasury === null;
  fill(
    byId('treasury-body'),
    page.treasury?.length === 0 ? el('p', { class: 'note' }, 'No realm pays for your armies.') : null,
    ...(page.treasury ?? []).map(realmCard),
    ...page.seasons.map(entryCard),
  );
  fill(
    byId('battles'),
    page.battles.length === 0 ? el('p', { class: 'note' }, 'None of your armies fights a battle now.') : null,
    ...page.battles.map(battleCard),
  );
}

function show(answer: PageAnswer): void {
  if (answer.page) render(answer.page);
  byId('content').hidden = answer.page === null;
  if (!answer.ok) say(answer.message, 'error');
  else say(answer.message, 'ok');
}

/** Seal plan: one call, answered with the page as it now stands. */
function seal(b: PageBattle, side: 0 | 1, plan: Plan): void {
  if (busy) return;
  busy = true;
  say('Sealing…');
  calls++;
  document.body.dataset.calls = String(calls);
  const request = {
    id: `page-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    battle: b.name,
    side,
    armies: b.sides[side].armies,
    plan,
  };
  google.script.run
    .withSuccessHandler((answer) => {
      busy = false;
      show(answer);
      document.body.dataset.answered = String(calls);
    })
    .withFailureHandler((error) => {
      busy = false;
      say(`Warcard could not be reached (${error.message}). Nothing was sealed.`, 'error');
      document.body.dataset.answered = String(calls);
    })
    .pageAction(key, 'sidebarSeal', request);
}

function start(): void {
  const raw = byId('page-answer').textContent ?? 'null';
  const answer = JSON.parse(raw) as PageAnswer | null;
  if (answer === null) {
    say('This page opens from a player link.', 'error');
    return;
  }
  show(answer);
  google.script.url.getLocation((location) => {
    key = location.parameter.k ?? '';
  });
  document.body.dataset.ready = 'true';
}

start();
