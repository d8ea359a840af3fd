// Calling the sidebar's server on the emulation as google.script.run does, and building requests as the
// browser builds them: from the loaded campaign, with the same contract code.
import { expect } from 'vitest';
import { columnLetters, HOST_REALM, type LoadedWorkbook, loadWorkbook, toTransport } from '../../dev/gas';
import type { ApplyRequest, Failure, Response, RollPair, Written } from '../../src/contract/api';
import { fightingUnits, fightSetup } from '../../src/contract/fight-setup';
import { openCampaign } from '../../src/contract/campaign';
import type { BattleSetup, CampaignData } from '../../src/contract/campaign';
import { defined, nameKey } from '../../src/rules';
import { asTyped, campaign } from './campaign-sheets';

/** A campaign loaded in the emulation, with `filler` extra units in other armies. */
export function open(filler = 0, tables = campaign(filler)): LoadedWorkbook {
  const lw = loadWorkbook();
  for (const [name, rows] of Object.entries(tables)) lw.workbook.put(name, 'A1', asTyped(rows));
  lw.calls.reset();
  return lw;
}

/** A call as google.script.run makes it: request and answer both cross the transport unchanged. */
export function call<T extends object>(lw: LoadedWorkbook, name: string, ...args: unknown[]): Response<T> {
  const response = lw.run<Response<T>>(name, ...(toTransport(args) as unknown[]));
  expect(toTransport(response)).toEqual(response);
  return response;
}

export function ok<T extends object>(r: Response<T>): { ok: true } & T {
  if (!r.ok) throw new Error(`expected ok, got ${r.code}: ${r.message}`);
  return r;
}

export function failed<T extends object>(r: Response<T>): Failure {
  if (r.ok) throw new Error(`expected a failure, got: ${(r as { message?: string }).message}`);
  return r;
}

export const load = (lw: LoadedWorkbook): CampaignData =>
  ok(call<{ campaign: CampaignData }>(lw, 'sidebarLoad')).campaign;

export function setupOf(data: CampaignData, name: string): BattleSetup {
  const found = data.battles.find((b) => b.setup.name === name);
  if (!found) throw new Error(`no battle ${name}`);
  return found.setup;
}

/**
 * A save worth writing: the campaign's first battle with side A's plan Full charge and side B's narrow pass ticked,
 * and the fingerprint of that battle as loaded.
 */
export function editedFirstBattle(lw: LoadedWorkbook): { setup: BattleSetup; fingerprint: string } {
  const listing = defined(load(lw).battles[0], 'the first battle');
  const setup = structuredClone(listing.setup) as BattleSetup;
  (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
  (setup.sides[1].circumstances.defense as { narrowPass: boolean }).narrowPass = true;
  return { setup, fingerprint: listing.fingerprint };
}

/** The newest undoable Log entry of a campaign. */
export const newestEntry = (data: CampaignData) => defined(data.entries[0], 'an undoable Log entry');

let ids = 0;
export const newId = (): string => `test-${++ids}-${Date.now().toString(36)}`;

/** The apply request the sidebar sends for the suggested casualties, built from what it loaded. */
export function requestFor(
  data: CampaignData,
  setup: BattleSetup,
  rolls: RollPair[],
  id = newId(),
): ApplyRequest {
  const fought = fightSetup(openCampaign(data), setup, rolls);
  if (!fought.ok) throw new Error(fought.problem);
  const { fight } = fought;
  const lossesOf = (i: 0 | 1) => {
    const units = fightingUnits(fight, i);
    const pick = fight.suggested?.[i] ?? { destroyed: [], routed: [] };
    const ref = (k: number) => {
      const { row, name } = defined(units[k], `fighting unit ${k} of side ${i + 1}`);
      return { row, name };
    };
    return { destroyed: pick.destroyed.map(ref), routed: pick.routed.map(ref) };
  };
  const losses: ApplyRequest['losses'] = [lossesOf(0), lossesOf(1)];
  const armies: Record<string, string> = {};
  for (const side of setup.sides) {
    for (const a of side.armies) {
      const army = data.armies.find((x) => nameKey(x.name) === nameKey(a));
      if (army)
        Object.defineProperty(armies, a, {
          value: army.fingerprint,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  const listing = data.battles.find((b) => nameKey(b.setup.name) === nameKey(setup.name));
  return {
    id,
    setup,
    rolls,
    losses,
    captured: [],
    pursued: [],
    expect: { settings: data.settingsFingerprint, armies, battle: listing?.fingerprint ?? null },
  };
}

export const apply = (lw: LoadedWorkbook, request: ApplyRequest) =>
  call<Written>(lw, 'sidebarApply', request);
export const undo = (lw: LoadedWorkbook, entry: string) => call<Written>(lw, 'sidebarUndo', { entry });
export const newRound = (lw: LoadedWorkbook, id = newId()) => call<Written>(lw, 'sidebarNewRound', { id });

/** A sheet's values, trailing blank rows and columns dropped (inserting empty rows changes nothing a user sees). */
export function values(lw: LoadedWorkbook, sheet: string): unknown[][] {
  const model = lw.workbook.sheet(sheet);
  if (!model) return [];
  const [lastRow, lastColumn] = [lw.workbook.lastRow(model), lw.workbook.lastColumn(model)];
  if (lastRow === 0 || lastColumn === 0) return [];
  const rows = lw.workbook.read(sheet, `A1:${columnLetters(lastColumn)}${lastRow}`).map((r) => {
    const out = [...r];
    while (out.length > 0 && (out[out.length - 1] === '' || out[out.length - 1] === null)) out.pop();
    return out;
  });
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
  return rows;
}

export const SHEETS = ['Units', 'Characters', 'Battles', 'Log', 'Undo', 'Settings'] as const;
export const state = (lw: LoadedWorkbook) => Object.fromEntries(SHEETS.map((s) => [s, values(lw, s)]));
/** The campaign as a player sees it: everything but the Log and Undo history. */
export const roster = (lw: LoadedWorkbook) =>
  Object.fromEntries(['Units', 'Characters', 'Battles', 'Settings'].map((s) => [s, values(lw, s)]));

export const FORD = 'Ford of Avanil';
/** Avanil against Ghoere at the ford: Avanil wins. */
export const FORD_ROLLS: RollPair[] = [[90, 10]];

const WHEN = /^\d{4}-\d\d-\d\dT/;
/**
 * A value as JSON to compare runs by, each date-time (the Log's When) as DATE and every other string through
 * `other` (an id or a minute the server makes): each run has its own.
 */
export const comparable = (value: unknown, other: (s: string) => string = (s) => s): string =>
  JSON.stringify(value, (_, v) => (typeof v === 'string' ? (WHEN.test(v) ? 'DATE' : other(v)) : v));

/** The Units write methods of a clean apply of the ford, in order. */
export function unitsWriteMethods(): string[] {
  const lw = open();
  const data = load(lw);
  lw.calls.reset();
  ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
  return lw.calls.log.filter((c) => c.kind === 'write' && c.sheet === 'Units').map((c) => c.method);
}

/** The services src/sheets/gas.ts reads as globals. */
const GLOBALS = [
  'SpreadsheetApp',
  'Session',
  'PropertiesService',
  'LockService',
  'Utilities',
  'ScriptApp',
] as const;

/**
 * Runs `body` as a server module called in this process rather than through the bundle (a module's own test): the
 * emulation's services are the globals src/sheets/gas.ts reads and its values are made in this realm; both are put
 * back afterwards, so that `lw.run` works as before. Calls are counted and faults fire as in the bundle.
 */
export function inProcess<T>(lw: LoadedWorkbook, body: () => T): T {
  const g = globalThis as Record<string, unknown>;
  const saved = GLOBALS.map((name) => [name, name in g, g[name]] as const);
  const realm = lw.workbook.realm;
  lw.workbook.realm = HOST_REALM;
  for (const name of GLOBALS) g[name] = lw.services[name];
  try {
    return body();
  } finally {
    for (const [name, had, value] of saved) {
      if (had) g[name] = value;
      else delete g[name];
    }
    lw.workbook.realm = realm;
  }
}
