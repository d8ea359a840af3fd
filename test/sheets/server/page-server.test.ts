// Player pages on the server (src/sheets/server/page-server.ts, link-keys.ts, src/sheets/player-links.ts): a GM
// makes a link per Players row; the link opens that person's page (doGet, one execution, their data inside) and
// seals through the sidebar's own handler as that row, the Log's By saying "(link)"; a link that is not valid gets
// the same page with no campaign data, whatever the key; the key is kept only as its digest.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type LoadedWorkbook, makeACopy } from '../../../dev/gas';
import type { PageAnswer, PageData } from '../../../src/contract/page-data';
import { defined } from '../../../src/rules';
import { propertiesService, spreadsheetApp } from '../../../src/sheets/gas';
import { NOT_VALID } from '../../../src/sheets/server/page-server';
import {
  apply,
  call,
  FORD,
  GM,
  inProcess,
  load,
  ok,
  open,
  requestFor,
  reveal,
  roll,
  seatTable,
  seeded,
  setupOf,
  state,
  values,
} from '../../support';
import { cellOf, columnAfterTable, columnOf } from '../../support/columns';

/** Players who play by link only: their Player cells are names, not accounts. */
const AERIN = 'Aerin of Avanil';
const GAVIN = 'Gavin of Ghoere';
const URL = 'https://script.invalid/macros/s/warcard/exec';

function table(): LoadedWorkbook {
  const lw = open();
  seeded(lw);
  seatTable(
    lw,
    [
      [GM, 'GM', ''],
      [AERIN, 'Player', 'Avanil'],
      [GAVIN, 'Player', 'Ghoere'],
    ],
    { dice: 'Logged' },
  );
  lw.workbook.webApp.url = URL;
  lw.run('showPlayerLinks');
  return lw;
}

interface LinksAnswer {
  ok: boolean;
  html: string;
}

/** The GM's New link for a row: the key shown once in the dialog. */
function newLink(lw: LoadedWorkbook, player: string): string {
  const answer = lw.run<LinksAnswer>('playerLinkNew', player);
  expect(answer.ok).toBe(true);
  return defined(/[?&]k=([0-9a-f]{64})"/.exec(answer.html)?.[1], `the link of ${player}`);
}

/** The page a link opens: its HTML and the answer inside. */
function openPage(lw: LoadedWorkbook, key: string): { html: string; answer: PageAnswer } {
  const out = lw.runWebApp<{ getContent(): string }>('doGet', { parameter: { k: key } });
  const html = out.getContent();
  const json = defined(/id="page-answer">([\s\S]*?)<\/script>/.exec(html)?.[1], 'the page-answer element');
  return { html, answer: JSON.parse(json) as PageAnswer };
}

const pageOf = (answer: PageAnswer): PageData => defined(answer.page ?? undefined, 'the page');

/** The salts of the seals a property store keeps. */
const saltsOf = (store: ReadonlyMap<string, string> | undefined): string[] =>
  [...(store ?? [])]
    .filter(([k]) => k.startsWith('warcard.seal.'))
    .map(([, v]) => (JSON.parse(v) as { salt: string }).salt);

describe('a player link', () => {
  it('opens its person’s page: their units (with upkeep) and their battle, in one execution', () => {
    const lw = table();
    const key = newLink(lw, AERIN);
    lw.calls.reset();
    const { html, answer } = openPage(lw, key);
    expect(answer.ok).toBe(true);
    const page = pageOf(answer);
    expect(page.player).toBe(AERIN);
    expect(page.role).toBe('Player');
    expect(new Set(page.units.map((u) => u.army))).toEqual(new Set(['Avanil']));
    expect(page.units.find((u) => u.name === 'Knights of Avanil')).toMatchObject({
      status: 'Ready',
      upkeep: 2,
    });
    expect(page.battles.map((b) => b.name)).toEqual([FORD]);
    expect(page.battles[0]?.sides.map((s) => s.mine)).toEqual([true, false]);
    expect(page.treasury).toBeNull();
    expect(html).not.toContain(key);
    // The web app opened its spreadsheet by id: it has no active one.
    expect(lw.calls.byMethod.openById).toBeGreaterThan(0);
  });

  it('seals from each player’s own link as their Players row; By is the Player cell and " (link)"; no page or answer carries the other side’s plan or a key', () => {
    const lw = table();
    const aerin = newLink(lw, AERIN);
    const gavin = newLink(lw, GAVIN);
    const received: string[] = [];
    const a = openPage(lw, aerin);
    received.push(a.html);
    const sealA = lw.runWebApp<PageAnswer>('pageAction', aerin, 'sidebarSeal', {
      id: 'page-a',
      battle: FORD,
      side: 0,
      armies: ['Avanil'],
      plan: 'Encircle',
    });
    expect(sealA.ok).toBe(true);
    received.push(JSON.stringify(sealA));
    expect(pageOf(sealA).battles[0]?.sides.map((s) => [s.seal, s.plan])).toEqual([
      ['sealed', 'Encircle'],
      ['none', null],
    ]);
    const g = openPage(lw, gavin);
    const sealB = lw.runWebApp<PageAnswer>('pageAction', gavin, 'sidebarSeal', {
      id: 'page-b',
      battle: FORD,
      side: 1,
      armies: ['Ghoere'],
      plan: 'Trap',
    });
    expect(sealB.ok).toBe(true);
    expect(pageOf(sealB).battles[0]?.sides.map((s) => [s.seal, s.plan])).toEqual([
      ['sealed', null],
      ['sealed', 'Trap'],
    ]);
    const gavinSaw = [g.html, JSON.stringify(sealB)];
    // Sealed by link: kept in the deploying GM's own properties (the web app runs as them), not the document's.
    const salts = saltsOf(lw.workbook.userProperties.get(GM.toLowerCase()));
    expect(salts).toHaveLength(2);
    expect(saltsOf(lw.workbook.properties)).toEqual([]);
    const log = values(lw, 'Log');
    const by = log[0]?.indexOf('By') ?? -1;
    expect(log.filter((r) => r.includes('Seal')).map((r) => r[by])).toEqual([
      `${AERIN} (link)`,
      `${GAVIN} (link)`,
    ]);

    // Gavin may not seal Avanil's side by his link: the sidebar's refusal, nothing written.
    const before = state(lw);
    const refused = lw.runWebApp<PageAnswer>('pageAction', gavin, 'sidebarSeal', {
      id: 'page-c',
      battle: FORD,
      side: 0,
      armies: ['Avanil'],
      plan: 'Hold',
    });
    expect(refused).toMatchObject({ ok: false, code: 'refused' });
    expect(refused.message).toContain('"Avanil"');
    expect(state(lw)).toEqual(before);
    gavinSaw.push(JSON.stringify(refused));

    // The GM rolls (logged dice) and applies in the sidebar; each page then shows the result and the report.
    lw.actAs(GM);
    const rolled = ok(roll(lw));
    const pairs = defined(rolled.campaign.battles.find((b) => b.setup.name === FORD)?.logged, 'logged');
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), [...pairs])));
    for (const [key, saw] of [
      [aerin, received],
      [gavin, gavinSaw],
    ] as const) {
      const after = openPage(lw, key);
      saw.push(after.html);
      const battle = defined(pageOf(after.answer).battles[0], 'the battle');
      expect(battle.fought).toBe(true);
      expect(battle.sides.map((s) => s.plan)).toEqual(['Encircle', 'Trap']);
      const report = defined(battle.entries.find((e) => e.event === 'Battle')?.report ?? undefined, 'report');
      expect(report).toContain(FORD);
    }
    // Before the reveal no page-answer or answer Aerin received named Gavin's plan, nor Gavin's Aerin's; no page
    // carried a seal's salt (the kept seals are gone once revealed: their salts are in the Log's records) or a key.
    const dataOf = (text: string) => /id="page-answer">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? text;
    expect(received.slice(0, 2).map(dataOf).join('\n')).not.toMatch(/Trap/);
    expect(gavinSaw.slice(0, 3).map(dataOf).join('\n')).not.toMatch(/Encircle/);
    for (const text of [...received, ...gavinSaw]) {
      for (const salt of salts) expect(text).not.toContain(salt);
      expect(text).not.toContain(aerin);
      expect(text).not.toContain(gavin);
      expect(text).not.toMatch(/warcard\.(seal|links)/);
    }
  });
});

/** Avanil and Ghoere as realms, with a ledger: ten seasons of Avanil's, one of Ghoere's, one collected by Warcard. */
function withRealms(lw: LoadedWorkbook): void {
  lw.workbook.put('Realms', 'A1', [
    ['Realm', 'Armies', 'Income', 'Start'],
    ['Avanil', 'Avanil', 30, 100],
    ['Ghoere', 'Ghoere', 25, 777],
  ]);
  const avanil = Array.from({ length: 10 }, (_, i) => [
    `Season ${i + 1}`,
    'Avanil',
    30,
    20,
    0,
    0,
    '',
    '',
    '',
  ]);
  lw.workbook.put('Treasury', 'A1', [
    ['Season', 'Realm', 'Income', 'Upkeep', 'Muster', 'Other', 'Note', 'Entry', 'By'],
    ...avanil,
    ['Season 10', 'Ghoere', 25, 10, 0, 3, 'Ghoere buried its gold', '', ''],
    ['Season 11', 'Avanil', 30, 25, 0, 0, '', 'season-11', GM],
    ['Season 11', 'Ghoere', 25, 12, 0, 0, '', 'season-11', GM],
  ]);
  lw.workbook.put('Settings', 'A5', [['Season', 'Season 12']]);
}

describe('a player page’s treasury and Log', () => {
  it('shows the realm paying for the person’s armies: its balance, newest ledger rows and coming season; never another realm’s', () => {
    const lw = table();
    withRealms(lw);
    const key = newLink(lw, AERIN);
    const { answer } = openPage(lw, key);
    const page = pageOf(answer);
    const [avanil, ...more] = defined(page.treasury ?? undefined, 'the treasury');
    expect(more).toEqual([]);
    expect(avanil?.realm).toBe('Avanil');
    expect(avanil?.error).toBe('');
    // 100 + 10 × (30 − 20) + (30 − 25)
    expect(avanil?.balance).toBe(205);
    expect(avanil?.ledgerRows).toBe(11);
    expect(avanil?.ledger.map((r) => r.season)).toEqual([
      'Season 11',
      'Season 10',
      'Season 9',
      'Season 8',
      'Season 7',
      'Season 6',
      'Season 5',
      'Season 4',
    ]);
    // The coming season's upkeep is the page's own units' in the field, as the units table shows them.
    const fielded = page.units.filter((u) => u.status === 'Ready' || u.status === 'Routed');
    const upkeep = fielded.reduce((n, u) => n + defined(u.upkeep ?? undefined, `${u.name}'s upkeep`), 0);
    expect(upkeep).toBeGreaterThan(0);
    expect(avanil?.coming).toEqual({
      season: 'Season 12',
      income: 30,
      upkeep,
      muster: 0,
      next: 205 + 30 - upkeep,
    });
    // Ghoere's figures are not on Aerin's page; the season entry is, without the words that tell Ghoere's.
    const text = JSON.stringify(page);
    expect(text).not.toMatch(/777|buried/);
    // A GM's page has every realm.
    const gm = pageOf(openPage(lw, newLink(lw, GM)).answer);
    expect(gm.treasury?.map((r) => r.realm)).toEqual(['Avanil', 'Ghoere']);
  });

  it('says what to fix when the Realms table cannot be read, and shows the rest of the page', () => {
    const lw = table();
    withRealms(lw);
    const doubled = columnAfterTable('Realms', 2); // a header cell of TREASURY's block
    lw.workbook.put('Realms', `${doubled}1`, [['Armies']]);
    const { answer } = openPage(lw, newLink(lw, AERIN));
    expect(answer.ok).toBe(true);
    const page = pageOf(answer);
    expect(page.treasury?.map((r) => [r.realm, r.error])).toEqual([
      [
        'Treasury',
        `Realms: the range's columns ${columnOf('Realms', 'Armies')} and ${doubled} are both headed "Armies"; rename or remove one`,
      ],
    ]);
    expect(page.battles.map((b) => b.name)).toEqual([FORD]);
  });

  it('has no treasury without a Realms sheet', () => {
    const lw = table();
    expect(pageOf(openPage(lw, newLink(lw, AERIN)).answer).treasury).toBeNull();
  });

  it('lists the Log entries of the person’s battles, records included, newest first, with By and When; and their realm’s seasons', () => {
    const lw = table();
    withRealms(lw);
    const { aerin } = sealBothByLink(lw);
    // Warcard's season entry, as Collect the season writes it (the Treasury rows name it).
    const log = values(lw, 'Log');
    const season: Record<string, string> = {
      Entry: 'season-11',
      Event: 'Season',
      Battle: 'Season 11',
      Result: 'Avanil 5, Ghoere 13',
      State: 'Done',
      By: GM,
    };
    lw.workbook.put('Log', `A${log.length + 1}`, [(log[0] ?? []).map((h) => season[String(h)] ?? '')]);
    const page = pageOf(openPage(lw, aerin).answer);
    const entries = defined(page.battles[0], 'the battle').entries;
    expect(entries.map((e) => [e.event, e.battle, e.by])).toEqual([
      ['Seal', FORD, `${GAVIN} (link)`],
      ['Seal', FORD, `${AERIN} (link)`],
    ]);
    for (const e of entries) expect(e.when).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Their realm's season, without its Result and Report (they tell every realm's figures).
    expect(page.seasons.map((e) => [e.id, e.event, e.by, e.result, e.report])).toEqual([
      ['season-11', 'Season', GM, '', null],
    ]);
    const gm = pageOf(openPage(lw, newLink(lw, GM)).answer);
    expect(gm.seasons.map((e) => e.result)).toEqual(['Avanil 5, Ghoere 13']);
  });

  it('reads the Log from its end, back in steps and never past its bound: a long history costs a page no more', () => {
    const reads: number[] = [];
    const found: number[] = [];
    for (const rows of [100, 1_000, 4_000]) {
      const lw = table();
      const key = newLink(lw, AERIN);
      expect(lw.runWebApp<PageAnswer>('pageAction', key, 'sidebarSeal', sealOf(0)).ok).toBe(true);
      const log = values(lw, 'Log');
      const width = log[0]?.length ?? 0;
      const other = Array.from({ length: rows }, (_, i) => {
        const row: (string | number)[] = Array.from({ length: width }, () => '');
        row[1] = `other-${i}`;
        row[2] = 'Save';
        row[3] = 'Elsewhere';
        row[12] = 'Done';
        return row;
      });
      lw.workbook.put('Log', `A${log.length + 1}`, other);
      lw.calls.reset();
      const page = pageOf(openPage(lw, key).answer);
      reads.push(lw.calls.reads);
      found.push(page.battles[0]?.entries.length ?? -1);
    }
    // 100 rows back, the seal is found by reading back a step; 1,000 rows back or more it is past the bound.
    expect(found).toEqual([1, 0, 0]);
    expect(reads[2]).toBe(reads[1]);
    expect(reads[0]).toBeLessThan(defined(reads[1], 'reads'));
  });
});

/** Both players' links, and each side's plan sealed by its player's link: Aerin's Encircle, Gavin's Trap. */
function sealBothByLink(lw: LoadedWorkbook): { aerin: string; gavin: string } {
  const aerin = newLink(lw, AERIN);
  const gavin = newLink(lw, GAVIN);
  for (const [key, side, plan] of [
    [aerin, 0, 'Encircle'],
    [gavin, 1, 'Trap'],
  ] as const) {
    expect(lw.runWebApp<PageAnswer>('pageAction', key, 'sidebarSeal', sealOf(side, plan)).ok).toBe(true);
  }
  return { aerin, gavin };
}

/** A side's seal as its player's page sends it. */
const sealOf = (side: 0 | 1, plan = 'Encircle') => ({
  id: `page-${side}`,
  battle: FORD,
  side,
  armies: [side === 0 ? 'Avanil' : 'Ghoere'],
  plan,
});

describe('a copy of the spreadsheet', () => {
  it('made by a viewer, with its own script run by them, holds no sealed plan, salt or key in anything it can read; the GM still reveals', () => {
    const lw = table();
    const { aerin, gavin } = sealBothByLink(lw);
    const salts = saltsOf(lw.workbook.userProperties.get(GM.toLowerCase()));
    expect(salts).toHaveLength(2);

    // File → Make a copy by a viewer: the emulation's copy carries every property store (the stricter reading).
    const PEEK = 'peek@example.com';
    const copy = makeACopy(lw, PEEK);
    expect(saltsOf(copy.workbook.userProperties.get(GM.toLowerCase()))).toHaveLength(2);
    // What the copier's own script can read: every property store open to them, every cell, and Warcard's load.
    const seen = inProcess(copy, () => {
      const service = propertiesService();
      const ss = spreadsheetApp().getActiveSpreadsheet();
      return JSON.stringify([
        service.getDocumentProperties().getProperties(),
        service.getUserProperties().getProperties(),
        ss.getSheets().map((sheet) => sheet.getDataRange().getValues()),
      ]);
    });
    const loaded = JSON.stringify(call(copy, 'sidebarLoad'));
    const revealed = reveal(copy);
    expect(revealed).toMatchObject({ ok: false, code: 'invalid' });
    expect(revealed.ok ? '' : revealed.message).toContain('was sealed by link');
    for (const text of [seen, loaded, JSON.stringify(revealed)]) {
      expect(text).not.toMatch(/Encircle|Trap/);
      for (const salt of salts) expect(text).not.toContain(salt);
      for (const key of [aerin, gavin]) expect(text).not.toContain(key);
    }
    // The copy's sheets show both sides sealed, and its load lists no problem for them.
    expect(JSON.parse(loaded).campaign.problems).toEqual([]);

    // The GM who deployed the web app reveals in the spreadsheet: the seals are theirs to read.
    lw.actAs(GM);
    ok(reveal(lw));
    const plans = values(lw, 'Battles').map((r) => r[values(lw, 'Battles')[0]?.indexOf('Plan') ?? -1]);
    expect(plans.slice(1, 3)).toEqual(['Encircle', 'Trap']);
    expect(saltsOf(lw.workbook.userProperties.get(GM.toLowerCase()))).toEqual([]);
  });
});

describe('a link that is not valid', () => {
  it('gets the same page with no campaign data, whatever the key, before any sheet is read', () => {
    const lw = table();
    const old = newLink(lw, AERIN);
    const current = newLink(lw, AERIN); // New link: the old one ends at once
    const removed = newLink(lw, GAVIN);
    expect(lw.run<LinksAnswer>('playerLinkRemove', GAVIN).ok).toBe(true);
    const near = current.slice(0, -1) + (current.endsWith('0') ? '1' : '0');
    const answers: string[] = [];
    const reads: number[] = [];
    for (const key of ['', 'nonsense', near, old, removed, `${current}x`]) {
      lw.calls.reset();
      const { answer, html } = openPage(lw, key);
      reads.push(lw.calls.reads);
      expect(answer).toEqual({ ok: false, code: 'refused', message: NOT_VALID, page: null });
      expect(html).not.toMatch(/Avanil|Ghoere|Ford/);
      answers.push(JSON.stringify(answer));
      expect(
        lw.runWebApp<PageAnswer>('pageAction', key, 'sidebarSeal', {
          id: 'x',
          battle: FORD,
          side: 0,
          plan: 'Hold',
        }),
      ).toEqual(answer);
    }
    expect(new Set(answers).size).toBe(1);
    // The same one read for every key, the links' property: no sheet.
    expect(reads).toEqual(reads.map(() => 1));
    expect(lw.calls.byMethod.getValues ?? 0).toBe(0);
    expect(openPage(lw, current).answer.ok).toBe(true);
  });

  it('cannot reach the sidebar’s calls or the GM’s dialog by google.script.run: only doGet and pageAction open the spreadsheet', () => {
    // A page's google.script.run can call any global of the script (Google's HTML Service: communication), in an
    // execution run as the GM who deployed it; a visitor's email is blank there. With no GM row on Players every
    // email acts as a GM, so the door alone would let anyone with the page's address write.
    for (const gmRow of [true, false]) {
      const lw = table();
      if (!gmRow) lw.workbook.put('Players', cellOf('Players', 'Role', 2), [['Player']]);
      const before = JSON.stringify(state(lw));
      const refusals = [
        lw.runWebApp<{ ok: boolean; message: string }>('sidebarLoad'),
        lw.runWebApp<{ ok: boolean; message: string }>('sidebarNewRound', { id: 'web-1' }),
        lw.runWebApp<{ ok: boolean; message: string }>('sidebarUndo', { id: 'web-2', entry: null }),
        lw.runWebApp<{ ok: boolean; html: string }>('playerLinkNew', AERIN),
      ];
      for (const r of refusals) {
        expect(r.ok).toBe(false);
        expect(JSON.stringify(r)).not.toMatch(/Avanil|Ghoere|Ford|Knights/);
      }
      expect(JSON.stringify(state(lw))).toBe(before);
    }
  });

  it('opens the spreadsheet for no global of the script but doGet and pageAction, called by google.script.run', () => {
    // Every global, not only the sidebar's: Google lets a page's google.script.run call any of them (only a name
    // ending in _ is private), so each must refuse or throw there, writing nothing and telling nothing.
    const lw = table();
    newLink(lw, AERIN); // a link Remove would end
    const globals = Object.keys(lw.context).filter(
      (name) => typeof lw.context[name] === 'function' && name !== 'doGet' && name !== 'pageAction',
    );
    expect(globals).toEqual(
      expect.arrayContaining(['sidebarLoad', 'sidebarSeal', 'playerLinkRemove', 'newRound']),
    );
    const cells = JSON.stringify(state(lw));
    const stores = () =>
      JSON.stringify([
        [...lw.workbook.properties.entries()],
        [...lw.workbook.userProperties.entries()].map(([who, store]) => [who, [...store.entries()]]),
      ]);
    const properties = stores();
    for (const name of globals) {
      let told: string;
      try {
        told = JSON.stringify(lw.runWebApp(name, AERIN, AERIN) ?? null);
      } catch (e) {
        told = String(e);
      }
      // Beyond the argument it was given back (a custom function's error names its argument):
      expect(told.replaceAll(AERIN, ''), name).not.toMatch(/Avanil|Ghoere|Ford|Knights/);
      expect(JSON.stringify(state(lw)), name).toBe(cells);
      expect(stores(), name).toBe(properties);
    }
  });

  it('keeps only each key’s SHA-256, in the document’s properties; a Player may not make links', () => {
    const lw = table();
    lw.calls.reset();
    const key = newLink(lw, AERIN);
    // The Players sheet read once for the rights and the list both.
    expect(lw.calls.byMethod.getSheetValues).toBe(1);
    const kept = [...lw.workbook.properties.values()].join('\n');
    expect(kept).not.toContain(key);
    expect(kept).toContain(createHash('sha256').update(key).digest('hex'));
    expect(values(lw, 'Log').flat().join('\n')).not.toContain(key);
    lw.workbook.people.editors.add('aerin@example.com');
    lw.workbook.put('Players', 'A4', [['aerin@example.com', 'Player', 'Avanil']]);
    lw.actAs('aerin@example.com');
    const refused = lw.run<LinksAnswer>('playerLinkNew', AERIN);
    expect(refused.ok).toBe(false);
    expect(refused.html).toContain('Only a GM may make or remove player links');
  });

  it('without a deployed web app, the dialog gives the steps to deploy it', () => {
    const lw = table();
    lw.workbook.webApp.url = null;
    lw.run('showPlayerLinks');
    const dialog = defined(lw.workbook.ui.dialog ?? undefined, 'the dialog');
    expect(dialog.content).toContain('Deploy → New deployment; Select type: Web app.');
    expect(dialog.content).toContain('Execute as: Me');
  });
});
