// What a battle costs on the platform, measured in the emulation (dev/gas: dist/Code.js in node:vm over
// HyperFormula), each function run by battle.mjs in a fresh process: executions per battle, write calls per
// apply, undo and new round, and what a load sends and an apply takes after a history of battles. The campaigns
// are the sidebar tests' own (test/sheets/server/fixture.ts); requests are built by the browser's own code.
import { join } from 'node:path';
import { importTs, root } from './_lib.mjs';

/** The battle every figure fights: two filler armies of the fixture, Side A winning 80 to 20. */
const SKIRMISH = 'Filler skirmish';
const DICE = [80, 20];
/** Named units of the fixture's campaign besides its filler. */
const NAMED_UNITS = 10;

async function tools() {
  const [gas, fixture, campaigns, preview, requests, casualties, controller] = await Promise.all(
    [
      'dev/gas/index.ts',
      'test/support/campaign-sheets.ts',
      'src/contract/campaign.ts',
      'src/sidebar/preview-model.ts',
      'src/sidebar/requests.ts',
      'src/sidebar/casualties.ts',
      'src/sidebar/controller.ts',
    ].map(importTs),
  );
  const codePath = join(root, 'dist/Code.js');
  /** A workbook holding `tables` (sheet name → rows), its script loaded once as one execution's would be. */
  const open = (tables) => {
    const lw = gas.loadWorkbook({ codePath });
    for (const [name, rows] of Object.entries(tables)) lw.workbook.put(name, 'A1', fixture.asTyped(rows));
    lw.calls.reset();
    return lw;
  };
  /** A server call as google.script.run makes it: arguments and answer cross the transport. */
  const call = (lw, name, ...args) => gas.toTransport(lw.run(name, ...gas.toTransport(args)));
  const ok = (answer, what) => {
    if (!answer.ok) throw new Error(`${what} failed: ${answer.message}`);
    return answer;
  };
  const load = (lw) => ok(call(lw, 'sidebarLoad'), 'sidebarLoad').campaign;
  /** The apply request the sidebar sends for the skirmish with its suggested casualties. */
  const applyRequest = (data, id) => {
    const campaign = campaigns.openCampaign(data);
    const setup = data.battles.find((b) => b.setup.name === SKIRMISH)?.setup;
    if (!setup) throw new Error(`no battle ${SKIRMISH} in the campaign`);
    const o = preview.previewOf(campaign, setup, [DICE]);
    if (!o.ok) throw new Error(o.problem);
    const shown = o.preview;
    return { id, ...requests.applyBody(campaign, setup, shown, casualties.suggestedSelection(shown)) };
  };
  return { gas, fixture, controller, open, call, ok, load, applyRequest, codePath };
}

/**
 * Executions from Battle… to an applied battle on a roster of 1,000 units. Each menu click and each
 * google.script.run call is one execution. The menu's Battle… (openBattleSidebar) runs in the emulation; the
 * page it shows either carries the campaign (the roster's names are in it) or does not, and then the sidebar's
 * start (src/sidebar/app.ts) asks for it with sidebarLoad. The calls the user's work then makes are counted
 * by driving the sidebar's own controller (src/sidebar/controller.ts) over the emulation: pick the battle, roll,
 * apply with the suggested casualties. The controller is given the campaign through its load, which is counted
 * only when the page did not carry it (the Chromium test of the playground holds the page to that).
 */
export async function executions() {
  const t = await tools();
  const lw = t.open(t.fixture.campaign(1_000 - NAMED_UNITS));
  if (!lw.has('openBattleSidebar')) throw new Error('Code.js has no openBattleSidebar (the menu’s Battle…)');
  lw.run('openBattleSidebar');
  const menuReads = lw.calls.reads;
  const page = lw.workbook.ui.sidebar?.content ?? '';
  if (!page) throw new Error('Battle… showed no sidebar');
  const carries = page.includes('Ghoere Engines') && page.includes(SKIRMISH);
  const sent = [];
  const server = new Proxy(
    {},
    {
      get:
        (_, name) =>
        async (...args) => {
          sent.push(String(name));
          return t.call(lw, String(name), ...args);
        },
    },
  );
  const dice = [...DICE];
  const c = t.controller.createController(server, {
    die: () => dice.shift() ?? 50,
    id: () => 'bench-battle',
  });
  await c.load();
  if (!c.state.campaign) throw new Error(`the sidebar did not load: ${c.state.message?.text}`);
  const start = carries ? [] : sent.splice(0);
  sent.length = 0;
  c.pick(SKIRMISH);
  c.roll();
  await c.apply();
  if (c.state.message?.kind !== 'ok') throw new Error(`apply did not apply: ${c.state.message?.text}`);
  return { carries, menuReads, start, battle: [...sent], total: 1 + start.length + sent.length };
}

/**
 * Write calls (all, and setValues and RangeList setValue apart) and read calls of apply, undo and new round at
 * `units` units.
 */
export async function writeCalls(units) {
  const t = await tools();
  const lw = t.open(t.fixture.campaign(units - NAMED_UNITS));
  const data = t.load(lw);
  const counted = (what, run) => {
    lw.calls.reset();
    const answer = t.ok(run(), what);
    const m = lw.calls.byMethod;
    return {
      answer,
      writes: lw.calls.writes,
      setValues: m.setValues ?? 0,
      setValue: m.setValue ?? 0,
      reads: lw.calls.reads,
    };
  };
  const request = t.applyRequest(data, 'bench-writes');
  const lost = request.losses.reduce((n, l) => n + l.destroyed.length + l.routed.length, 0);
  const apply = counted('sidebarApply', () => t.call(lw, 'sidebarApply', request));
  const entry = apply.answer.campaign.entries[0]?.id;
  const undo = counted('sidebarUndo', () => t.call(lw, 'sidebarUndo', { entry }));
  const newRound = counted('sidebarNewRound', () => t.call(lw, 'sidebarNewRound', { id: 'bench-round' }));
  const strip = ({ answer, ...n }) => n;
  return { lost, apply: strip(apply), undo: strip(undo), newRound: strip(newRound) };
}

/**
 * After each number of `battles` of history on a 1,000-unit roster (the fixture's withHistory): the bytes
 * sidebarLoad sends, and the best times of `runs` sidebarLoads and sidebarApplys (other work on the machine only
 * ever adds time), each apply on a fresh copy of the campaign. The runs take the histories in turn, so a busy
 * spell of the machine falls on all of them alike.
 */
export async function history(battles, runs) {
  const t = await tools();
  const timed = (fn) => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };
  const cases = battles.map((n) => {
    const lw = t.open(t.fixture.withHistory(n, 1_000 - NAMED_UNITS));
    const snapshot = lw.workbook.snapshot();
    return {
      lw,
      snapshot,
      bytes: JSON.stringify(t.load(lw)).length,
      undoRows: lw.workbook.lastRow(lw.workbook.sheet('Undo')),
      loads: [],
      applies: [],
    };
  });
  for (let i = 0; i < runs; i++) {
    for (const c of cases) {
      c.loads.push(timed(() => t.load(c.lw)));
      const fresh = t.gas.loadWorkbook({ codePath: t.codePath, snapshot: c.snapshot });
      const request = t.applyRequest(t.load(fresh), `bench-history-${i}`);
      c.applies.push(timed(() => t.ok(t.call(fresh, 'sidebarApply', request), 'sidebarApply')));
    }
  }
  return cases.map((c) => ({
    bytes: c.bytes,
    undoRows: c.undoRows,
    loadMs: Math.min(...c.loads),
    applyMs: Math.min(...c.applies),
  }));
}
