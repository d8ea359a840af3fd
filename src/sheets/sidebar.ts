// The battle sidebar's server: the functions google.script.run calls (SidebarApi in sidebar-api.ts) and the
// menu's Battle…, Undo last battle and New round. Each reads every table it needs once, whole, and writes each
// sheet it changes once; battles are valued exactly as the BATTLES formula values them (battles.ts).
import {
  type BattleEvaluation,
  CASTLE_ASSAULT,
  casualtiesOf,
  DEFENDER_MODIFIERS,
  DEFAULT_HOUSE_RULES,
  ENVIRONMENT_MODIFIERS,
  evaluateBattle,
  flyingAttackers,
  type HouseRules,
  IMMUNITIES,
  IMMUNITY_PERCENT,
  type Immunity,
  isFighting,
  MORALE_MODIFIERS,
  outcome,
  PER_CASTLE_LEVEL,
  PLANS,
  type Plan,
  percentWithoutPlan,
  planAdvice,
  planEffectText,
  type SideCircumstances,
  signed,
  type SituationalModifier,
  SPECIAL_BONUS_PERCENT,
  splitCasualties,
  suggestCasualtySplit,
  TERRAIN_MODIFIERS,
  UNIT_STATUSES,
  type Unit,
  unitValue,
} from '../rules';
import {
  appliedBattles,
  clip,
  decodeUndo,
  EVENT_BATTLE,
  EVENT_NEW_ROUND,
  encodeUndo,
  LOG_REQUIRED,
  lastLiveEntry,
  logRowWrites,
  sameUnit,
  type UnitChange,
  type BattleCellChange,
} from './battle-log';
import {
  armyKey,
  battleSides,
  characterRoster,
  type PairedBattle,
  pairBattles,
  type Roster,
  unitRoster,
} from './battles';
import { htmlService, lockService, spreadsheetApp } from './gas';
import {
  type BattleRow,
  BATTLE_HEADERS,
  BATTLE_REQUIRED,
  CHARACTER_REQUIRED_WITH_ARMY,
  SHEET_NAMES,
  UNIT_REQUIRED_WITH_ARMY,
  CIRCUMSTANCE_COLUMNS,
  CHARACTER_HEADERS,
  EXAMPLES,
  NUMBER_RANGES,
  parseImmunity,
  parsePlan,
  readSettings,
  SETTING_HEADERS,
  UNIT_HEADERS,
} from './records';
import type {
  AdviceListing,
  ApplyData,
  ApplyRequest,
  BattleListing,
  BattleSetup,
  CampaignState,
  Catalogue,
  Failure,
  FailureCode,
  FlagGroupKey,
  LoadData,
  LogEntryListing,
  ModifierGroup,
  PreviewData,
  PreviewRequest,
  Response,
  ResultListing,
  RollPair,
  SaveData,
  SaveRequest,
  SidePreview,
  SideSetup,
  UndoData,
  UnitListing,
  UnitRef,
} from './sidebar-api';
import { type Cell, checkbox, headerKey, isBlankCell, numberCell, RowError, text } from './table';
import {
  appendRow,
  type CellWrite,
  cellAt,
  ensureRows,
  hash,
  indexOfSheetRow,
  missingSheet,
  readSheetTable,
  type SheetTable,
  sheetColumnOf,
  sheetRowOf,
  writeCells,
} from './workbook';

export const SIDEBAR_TITLE = 'Warcard battle';
/** How long an apply, undo or new round waits for another user's to finish. */
export const LOCK_WAIT_MS = 5000;

const FLAG_TABLES: { [G in FlagGroupKey]: Record<string, SituationalModifier> } = {
  morale: MORALE_MODIFIERS,
  environment: ENVIRONMENT_MODIFIERS,
  terrain: TERRAIN_MODIFIERS,
  defense: DEFENDER_MODIFIERS,
};
const GROUP_TITLES: { [G in FlagGroupKey]: readonly [string, string] } = {
  morale: ['Morale', '5.2'],
  environment: ['Environment', '5.3'],
  terrain: ['Terrain', '5.4'],
  defense: ['Defender', '5.5'],
};
const FLAG_GROUPS = Object.keys(CIRCUMSTANCE_COLUMNS) as FlagGroupKey[];

/** The sidebar names units, so it needs the Unit column on top of what the formulas need. */
const UNITS_NEEDED = ['Unit', ...UNIT_REQUIRED_WITH_ARMY] as const;

// ---- Responses

const fail = (code: FailureCode, message: string): Failure => ({ ok: false, code, message });

/** Every server function answers; an Error becomes a message for the sidebar rather than a failure handler. */
function guard<T>(fn: () => Response<T>): Response<T> {
  try {
    return fn();
  } catch (e) {
    return fail('invalid', e instanceof Error ? e.message : String(e));
  }
}

class Refusal extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** Runs fn holding the document lock; another user holding it is a clear refusal, not a wait without end. */
function withLock<T>(fn: () => Response<T>): Response<T> {
  const lock = lockService().getDocumentLock();
  if (!lock)
    return fail('locked', 'Warcard could not get the document lock: reload the spreadsheet and try again.');
  if (!lock.tryLock(LOCK_WAIT_MS)) {
    return fail(
      'locked',
      'Another user is changing the campaign right now (a battle, an undo or a new round). Nothing was written: try again in a moment.',
    );
  }
  try {
    const response = fn();
    spreadsheetApp().flush();
    return response;
  } finally {
    lock.releaseLock();
  }
}

// ---- Reading the campaign

type TableName = 'units' | 'characters' | 'battles' | 'log' | 'settings';

interface Book {
  readonly units: SheetTable | null;
  readonly characters: SheetTable | null;
  readonly battles: SheetTable | null;
  readonly log: SheetTable | null;
  readonly rules: HouseRules;
}

/** Reads the tables asked for, each with one getValues. */
function readBook(need: readonly TableName[]): Book {
  const ss = spreadsheetApp().getActiveSpreadsheet();
  const has = (n: TableName) => need.includes(n);
  const units = has('units')
    ? readSheetTable(ss, SHEET_NAMES.units, 'Units', EXAMPLES.units, UNITS_NEEDED)
    : null;
  const characters = has('characters')
    ? readSheetTable(
        ss,
        SHEET_NAMES.characters,
        'Characters',
        EXAMPLES.characters,
        CHARACTER_REQUIRED_WITH_ARMY,
      )
    : null;
  const battles = has('battles')
    ? readSheetTable(ss, SHEET_NAMES.battles, 'Battles', EXAMPLES.battles, BATTLE_REQUIRED)
    : null;
  const log = has('log') ? readSheetTable(ss, SHEET_NAMES.log, 'Log', 'Log!A1:M', LOG_REQUIRED) : null;
  let rules = DEFAULT_HOUSE_RULES;
  if (has('settings')) {
    const settings = readSheetTable(ss, SHEET_NAMES.settings, 'Settings', EXAMPLES.settings, SETTING_HEADERS);
    if (settings) rules = readSettings(settings.values.slice(settings.headerIndex));
  }
  for (const n of need) {
    if ((n === 'units' && !units) || (n === 'battles' && !battles) || (n === 'log' && !log)) {
      throw new Refusal('setup', missingSheet(SHEET_NAMES[n]));
    }
  }
  return { units, characters, battles, log, rules };
}

/** Refusals become failures; anything else is left to guard. */
function refusals<T>(fn: () => Response<T>): Response<T> {
  try {
    return fn();
  } catch (e) {
    if (e instanceof Refusal) return fail(e.code, e.message);
    throw e;
  }
}

const serve = <T>(fn: () => Response<T>): Response<T> => guard(() => refusals(fn));

// ---- The catalogue: what the form shows, from the rules' own tables

function catalogue(rules: HouseRules): Catalogue {
  const groups: ModifierGroup[] = FLAG_GROUPS.map((key) => {
    const table = FLAG_TABLES[key];
    const columns = CIRCUMSTANCE_COLUMNS[key] as Record<string, string>;
    return {
      key,
      title: GROUP_TITLES[key][0],
      section: GROUP_TITLES[key][1],
      options: Object.keys(columns).map((k) => {
        const m = table[k]!;
        const percent = m.unit === 'percent' || rules.terrainModifiersAs === 'percent';
        return {
          key: k,
          label: m.label,
          header: columns[k]!,
          amount: `${signed(m.amount)}${percent ? '%' : ''}`,
        };
      }),
    };
  });
  return {
    groups,
    plans: [...PLANS],
    immunities: IMMUNITIES.map((value) => ({
      value,
      label: value === 'None' ? 'None' : `${value} (+${IMMUNITY_PERCENT[value]}%)`,
    })),
    castle: {
      perLevel: PER_CASTLE_LEVEL,
      perArtillerist: CASTLE_ASSAULT.perArtilleristUnit,
      engineering: CASTLE_ASSAULT.engineering,
      siegecraft: CASTLE_ASSAULT.siegecraft,
    },
    specialBonusPercent: SPECIAL_BONUS_PERCENT,
    terrainAs: rules.terrainModifiersAs,
  };
}

// ---- The campaign's state: armies, battles, the entry undo would take back

function campaignState(book: Book): CampaignState {
  const problems: string[] = [];
  const armies = new Map<string, { name: string; ready: number; units: number }>();
  if (book.units) {
    const roster = unitRoster(book.units.table);
    for (const rec of roster.records) {
      if (rec.error) {
        problems.push(
          `Units row ${book.units.headerIndex + rec.row}${rec.label ? ` (${rec.label})` : ''}: ${rec.error.message}`,
        );
      }
      if (!rec.army) continue;
      const key = armyKey(rec.army);
      const entry = armies.get(key) ?? { name: rec.army, ready: 0, units: 0 };
      entry.units++;
      if (rec.value && isFighting(rec.value)) entry.ready++;
      armies.set(key, entry);
    }
  }
  const applied = appliedBattles(book.log);
  const battles: BattleListing[] = [];
  if (book.battles) {
    const t = book.battles;
    pairBattles(t.table).forEach((r, i) => {
      if (r.kind === 'error') {
        problems.push(`Battles row ${sheetRowOf(t, i)}: ${r.error.message}`);
        return;
      }
      if (r.kind !== 'side' || r.sideIndex !== 0) return;
      const [a, b] = r.battle.sides;
      battles.push({
        setup: {
          name: r.battle.name,
          rows: [sheetRowOf(t, r.battle.rows[0]), sheetRowOf(t, r.battle.rows[1])],
          sides: [sideSetupOf(a), sideSetupOf(b)],
        },
        rolls: [a.roll ?? null, b.roll ?? null],
        applied: applied.has(headerKey(r.battle.name)),
      });
    });
  }
  const last = book.log ? lastLiveEntry(book.log) : null;
  const lastEntry: LogEntryListing | null = last
    ? { row: last.row, event: last.event, battle: last.battle, result: last.result }
    : null;
  return { armies: [...armies.values()], battles, lastEntry, problems: problems.slice(0, 50) };
}

/** The state to show once the sheets are written: a slip in reading it must not make a done change look failed. */
function stateAfterWrite(book: Book): CampaignState {
  try {
    return campaignState(book);
  } catch (e) {
    const problem = `The sidebar could not list the campaign afresh (${e instanceof Error ? e.message : String(e)}): reopen it.`;
    return { armies: [], battles: [], lastEntry: null, problems: [problem] };
  }
}

const sideSetupOf = (row: BattleRow): SideSetup => ({
  label: row.side,
  armies: [...row.armies],
  circumstances: row.circumstances,
});

// ---- A battle set up by the sidebar: checked, since it comes from the client

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function cleanSide(raw: unknown, index: number): SideSetup {
  const side = isRecord(raw) ? raw : {};
  const c = isRecord(side.circumstances) ? side.circumstances : {};
  const flags = <G extends FlagGroupKey>(group: G): SideCircumstances[G] => {
    const given = isRecord(c[group]) ? (c[group] as Record<string, unknown>) : {};
    const out: Record<string, boolean> = {};
    for (const key of Object.keys(CIRCUMSTANCE_COLUMNS[group])) out[key] = given[key] === true;
    return out as unknown as SideCircumstances[G];
  };
  const castle = Number(c.castleLevel ?? 0);
  if (!Number.isInteger(castle) || castle < 0 || castle > 100) {
    throw new Refusal('invalid', `Castle level must be a whole number from 0 (side ${index + 1})`);
  }
  const immunity = (IMMUNITIES as readonly string[]).includes(String(c.immunity))
    ? (c.immunity as Immunity)
    : 'None';
  const plan = (PLANS as readonly string[]).includes(String(c.plan)) ? (c.plan as Plan) : 'No plan';
  const seen = new Set<string>();
  const armies: string[] = [];
  for (const a of Array.isArray(side.armies) ? side.armies : []) {
    const name = text(a);
    if (name && !seen.has(armyKey(name))) {
      seen.add(armyKey(name));
      armies.push(name);
    }
  }
  return {
    label: text(side.label),
    armies,
    circumstances: {
      defender: c.defender === true,
      morale: flags('morale'),
      environment: flags('environment'),
      terrain: flags('terrain'),
      defense: flags('defense'),
      castleLevel: castle,
      engineering: c.engineering === true,
      siegecraft: c.siegecraft === true,
      immunity,
      specialBonus: c.specialBonus === true,
      plan,
    },
  };
}

/** The setup as sent, checked and normalized; a Refusal says what is wrong with it. */
export function cleanSetup(raw: unknown): BattleSetup {
  const s = isRecord(raw) ? raw : {};
  const name = text(s.name);
  if (!name) throw new Refusal('invalid', 'Give the battle a name.');
  const sides = Array.isArray(s.sides) ? s.sides : [];
  const [a, b] = [cleanSide(sides[0], 0), cleanSide(sides[1], 1)];
  for (const [side, i] of [
    [a, 0],
    [b, 1],
  ] as const) {
    if (side.armies.length === 0) {
      throw new Refusal(
        'invalid',
        `Choose at least one army for ${side.label || `side ${i === 0 ? 'A' : 'B'}`}.`,
      );
    }
  }
  const rows =
    Array.isArray(s.rows) && s.rows.length === 2 && s.rows.every((r) => Number.isInteger(r) && r >= 1)
      ? ([s.rows[0], s.rows[1]] as const)
      : null;
  return { name, rows, sides: [a, b] };
}

function cleanRolls(raw: unknown): RollPair[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((pair, i) => {
    const ok =
      Array.isArray(pair) &&
      pair.length === 2 &&
      pair.every((d) => Number.isInteger(d) && d >= 1 && d <= 100);
    if (!ok)
      throw new Refusal('invalid', `Roll ${i + 1} must be two d100 results, whole numbers from 1 to 100.`);
    return [pair[0], pair[1]] as const;
  });
}

/** The rolls that count (D-13): ties are kept and rolled again; the first pair that is not a tie decides. */
export function settleRolls(
  rolls: readonly RollPair[],
  valueA: number,
  valueB: number,
): { rolls: RollPair[]; decisive: RollPair | null } {
  const kept: RollPair[] = [];
  for (const pair of rolls) {
    kept.push(pair);
    if (valueA + pair[0] !== valueB + pair[1]) return { rolls: kept, decisive: pair };
  }
  return { rolls: kept, decisive: null };
}

// ---- The preview: the same reading of the roster as the BATTLES formula

interface UnitRecord extends UnitListing {
  /** Index in the Units table's rows. */
  readonly index: number;
}

interface Computed {
  readonly preview: PreviewData;
  readonly evaluation: BattleEvaluation;
  readonly fighting: readonly [readonly UnitRecord[], readonly UnitRecord[]];
  readonly decisive: RollPair | null;
}

const pairOf = (setup: BattleSetup): PairedBattle => {
  const row = (side: SideSetup): BattleRow => ({
    battle: setup.name,
    side: side.label,
    armies: side.armies,
    circumstances: side.circumstances,
    roll: undefined,
  });
  return { name: setup.name, rows: [0, 1], sides: [row(setup.sides[0]), row(setup.sides[1])] };
};

/** Records of these armies in roster (row) order. */
function recordsOf<T>(roster: Roster<T>, armies: readonly string[]) {
  const keys = [...new Set(armies.map(armyKey))];
  return keys.flatMap((k) => [...(roster.byArmy.get(k) ?? [])]).sort((x, y) => x.row - y.row);
}

/** The cells of the known columns of some table rows: what a fingerprint covers. */
function knownCells(t: SheetTable, rows: readonly number[], headers: readonly string[]): Cell[][] {
  const columns = headers.map((h) => t.table.column(h)).filter((c) => c >= 0);
  return rows.map((r) => [sheetRowOf(t, r - 2), ...columns.map((c) => t.table.rows[r - 2]![c])]);
}

function compute(book: Book, setup: BattleSetup, rolls: readonly RollPair[]): Computed {
  const units = book.units!;
  const roster = unitRoster(units.table);
  const people = book.characters ? characterRoster(book.characters.table) : undefined;
  let sides: ReturnType<typeof battleSides>;
  try {
    sides = battleSides(pairOf(setup), roster, people);
  } catch (e) {
    if (e instanceof RowError) throw new Refusal('invalid', e.message);
    throw e;
  }
  const evaluation = evaluateBattle(sides[0], sides[1], book.rules);
  const typeColumn = units.table.column('Type');
  const listings = setup.sides.map((side) => {
    const fighting: UnitRecord[] = [];
    let notFighting = 0;
    for (const rec of recordsOf(roster, side.armies)) {
      const unit = rec.value as Unit;
      if (!isFighting(unit)) {
        notFighting++;
        continue;
      }
      const index = rec.row - 2;
      fighting.push({
        index,
        row: sheetRowOf(units, index),
        name: rec.label,
        army: rec.army,
        type: typeColumn >= 0 ? text(units.table.rows[index]![typeColumn]) : '',
        value: unitValue(unit),
      });
    }
    return { fighting, notFighting };
  }) as [{ fighting: UnitRecord[]; notFighting: number }, { fighting: UnitRecord[]; notFighting: number }];

  const sidePreview = (i: 0 | 1): SidePreview => {
    const s = i === 0 ? evaluation.a : evaluation.b;
    return {
      label: setup.sides[i].label || (i === 0 ? 'Side A' : 'Side B'),
      armies: setup.sides[i].armies,
      base: s.base,
      unitValue: s.unitValue,
      characters: s.characters.map((c) => ({ name: c.character.name, bonus: c.bonus.total })),
      modifiers: s.modifiers,
      percent: s.percent,
      points: s.points,
      battleValue: s.battleValue,
      plan: s.plan,
      planEffect: planEffectText(s.planEffect),
      units: listings[i].fighting.map(({ index: _, ...u }) => u),
      notFighting: listings[i].notFighting,
      notes: sideNotes(setup, i, sides[1 - i]!.units.filter(isFighting)),
    };
  };
  const a = sidePreview(0);
  const b = sidePreview(1);

  const odds = evaluation.odds
    ? {
        winA: evaluation.odds.winA,
        winB: evaluation.odds.winB,
        bands: evaluation.odds.bands.map((band) => ({
          label: band.band.label,
          winnerPercent: band.band.winnerPercent,
          loserPercent: band.band.loserPercent,
          a: band.a,
          b: band.b,
        })),
        expectedCasualtiesA: evaluation.odds.expectedCasualtiesA ?? 0,
        expectedCasualtiesB: evaluation.odds.expectedCasualtiesB ?? 0,
      }
    : null;

  const planA = setup.sides[0].circumstances.plan;
  const planB = setup.sides[1].circumstances.plan;
  const advice = adviceListing(
    { base: a.base, percent: percentWithoutPlan(a.percent, planA, planB, 'a'), points: a.points },
    { base: b.base, percent: percentWithoutPlan(b.percent, planA, planB, 'b'), points: b.points },
  );

  const settled = evaluation.noBattle
    ? { rolls: [] as RollPair[], decisive: null }
    : settleRolls(rolls, a.battleValue, b.battleValue);
  const result = settled.decisive ? resultOf(evaluation, settled.decisive, listings) : null;

  const fingerprintSource = JSON.stringify([
    setup,
    settled.rolls,
    book.rules,
    knownCells(
      units,
      recordsOf(roster, [...setup.sides[0].armies, ...setup.sides[1].armies]).map((r) => r.row),
      UNIT_HEADERS,
    ),
    people && book.characters
      ? knownCells(
          book.characters,
          recordsOf(people, [...setup.sides[0].armies, ...setup.sides[1].armies]).map((r) => r.row),
          CHARACTER_HEADERS,
        )
      : [],
  ]);
  return {
    preview: {
      sides: [a, b],
      noBattle: evaluation.noBattle,
      odds,
      advice,
      rolls: settled.rolls,
      result,
      fingerprint: hash(fingerprintSource),
    },
    evaluation,
    fighting: [listings[0].fighting, listings[1].fighting],
    decisive: settled.decisive,
  };
}

/** What the rules do to this side's ticks that the lines alone would not show (RULES 5.3, 5.5, 5.6). */
function sideNotes(setup: BattleSetup, i: 0 | 1, enemyFighting: readonly Unit[]): string[] {
  const notes: string[] = [];
  const c = setup.sides[i].circumstances;
  const enemy = setup.sides[1 - i]!.circumstances;
  const defenseTicked = Object.values(c.defense).some(Boolean) || c.castleLevel > 0;
  if (c.defender && defenseTicked) {
    const flying = flyingAttackers(enemyFighting);
    if (flying === 'all')
      notes.push('Every attacking unit flies: the defender modifiers do not count (5.5).');
    if (flying === 'some')
      notes.push('At least 10% of the attacking units fly: the defender modifiers are halved (5.5).');
  } else if (defenseTicked) {
    notes.push('Defender modifiers are ticked, but this side does not defend: they do not count.');
  }
  if ((c.engineering || c.siegecraft) && !(enemy.defender && enemy.castleLevel > 0 && !c.defender)) {
    notes.push('Engineering and Siegecraft count only when attacking a defender with a castle level (5.6).');
  }
  if (c.environment.nightVision && enemy.environment.nightVision) {
    notes.push('Both sides see in the dark: night vision gives neither side its +10 (5.3).');
  }
  return notes;
}

function adviceListing(
  a: { base: number; percent: number; points: number },
  b: { base: number; percent: number; points: number },
): AdviceListing {
  const advice = planAdvice(a, b);
  const answer = (x: { against: Plan; best: { plan: Plan; chance: number | undefined } | undefined }) => ({
    against: x.against,
    plan: x.best?.plan ?? null,
    chance: x.best?.chance ?? null,
  });
  return {
    plans: [...PLANS],
    winA: advice.table.map((row) => row.map((cell) => (cell.noBattle ? null : cell.winA))),
    bestForA: advice.bestForA.map(answer),
    bestForB: advice.bestForB.map(answer),
    maximinA: { plan: advice.maximinA.plan, chance: advice.maximinA.chance ?? null },
    maximinB: { plan: advice.maximinB.plan, chance: advice.maximinB.chance ?? null },
  };
}

function resultOf(
  evaluation: BattleEvaluation,
  decisive: RollPair,
  listings: readonly { fighting: readonly UnitRecord[] }[],
): ResultListing {
  const { a, b } = evaluation;
  const totals = [a.battleValue + decisive[0], b.battleValue + decisive[1]] as const;
  const result = outcome(totals[0], totals[1], a.cas, b.cas)!;
  const points = casualtiesOf(result, a.unitValue, b.unitValue, a.cas, b.cas);
  const splits = [splitCasualties(points.a), splitCasualties(points.b)] as const;
  const suggested = splits.map((split, i) => {
    const fighting = listings[i]!.fighting;
    const pick = suggestCasualtySplit(
      fighting.map((u) => u.value),
      split.destroyed,
      split.routed,
    );
    return {
      destroyed: pick.destroyed.map((k) => fighting[k]!.row),
      routed: pick.routed.map((k) => fighting[k]!.row),
    };
  });
  return {
    winner: result.winner,
    difference: result.difference,
    totals,
    rates: [result.rateA, result.rateB],
    points: [points.a, points.b],
    destroyedPoints: [splits[0].destroyed, splits[1].destroyed],
    routedPoints: [splits[0].routed, splits[1].routed],
    suggested: [suggested[0]!, suggested[1]!],
  };
}

// ---- Writing a battle's rows back to Battles

/** Immunity as the Battles column reads it (records.ts): Sheets turns "10%" into 0.1. */
const sameAs = <T>(read: () => T, wanted: T): boolean => {
  try {
    return read() === wanted;
  } catch {
    return false;
  }
};

const armyListKey = (armies: readonly string[]): string => armies.map(armyKey).join(',');

/** What one Battles column should hold for a side, and whether the cell already says so. */
function desiredCell(
  header: string,
  current: Cell,
  setup: BattleSetup,
  side: SideSetup,
  roll: number | null,
): { value: Cell; same: boolean } | null {
  const c = side.circumstances;
  const flag = (wanted: boolean) => ({
    value: wanted,
    same: sameAs(() => checkbox(current, header), wanted),
  });
  switch (header) {
    case 'Battle':
      return { value: setup.name, same: text(current) === setup.name };
    case 'Side':
      return { value: side.label, same: text(current) === side.label };
    case 'Armies': {
      const wanted = side.armies.join(', ');
      const currentList = text(current)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return { value: wanted, same: armyListKey(currentList) === armyListKey(side.armies) };
    }
    case 'Defender':
      return flag(c.defender);
    case 'Castle Level':
      return {
        value: c.castleLevel,
        same: sameAs(() => numberCell(current, header, NUMBER_RANGES['Castle Level'], 0), c.castleLevel),
      };
    case 'Engineering':
      return flag(c.engineering);
    case 'Siegecraft':
      return flag(c.siegecraft);
    case 'Immunity':
      return { value: c.immunity, same: sameAs(() => parseImmunity(current), c.immunity) };
    case 'Special Bonus':
      return flag(c.specialBonus);
    case 'Plan':
      return { value: c.plan, same: sameAs(() => parsePlan(current), c.plan) };
    case 'Roll':
      if (roll === null) return null;
      return { value: roll, same: sameAs(() => numberCell(current, header, NUMBER_RANGES.Roll), roll) };
  }
  for (const group of FLAG_GROUPS) {
    const columns = CIRCUMSTANCE_COLUMNS[group] as Record<string, string>;
    for (const key of Object.keys(columns)) {
      if (columns[key] === header) return flag((c[group] as Record<string, boolean>)[key] === true);
    }
  }
  return null;
}

/** A value the sheet has no column for must be at its default, or the write would lose it. */
const isDefault = (value: Cell): boolean =>
  value === false || value === 0 || value === '' || value === 'None' || value === 'No plan';

/**
 * The writes that make Battles rows hold this setup (and rolls): every known column of each row is written, so a
 * row is one block; the cells that change are returned for the Log. Refuses when a column needed is missing.
 */
function battleWrites(
  t: SheetTable,
  rows: readonly [number, number],
  setup: BattleSetup,
  rolls: readonly [number, number] | null,
): { writes: CellWrite[]; changes: BattleCellChange[] } {
  const writes: CellWrite[] = [];
  const changes: BattleCellChange[] = [];
  const missing = new Set<string>();
  rows.forEach((row, i) => {
    const index = indexOfSheetRow(t, row);
    for (const header of BATTLE_HEADERS) {
      const column = sheetColumnOf(t, header);
      const current = column > 0 ? cellAt(t, index, header) : '';
      const wanted = desiredCell(header, current, setup, setup.sides[i]!, rolls ? rolls[i]! : null);
      if (column === 0) {
        if (wanted && !isDefault(wanted.value) && !wanted.same) missing.add(header);
        continue;
      }
      const value = !wanted || wanted.same ? current : wanted.value;
      writes.push({ row, column, value });
      if (wanted && !wanted.same) changes.push({ row, header, before: current, after: wanted.value });
    }
  });
  if (missing.size > 0) {
    const list = [...missing].map((h) => `"${h}"`).join(', ');
    throw new Refusal(
      'invalid',
      `The Battles sheet has no ${list} column: add it (Warcard → Set up campaign adds missing columns), or clear that setting.`,
    );
  }
  return { writes, changes };
}

/** Rows of the battle of this name on Battles (two for a sound pair). */
function rowsNamed(t: SheetTable, name: string): number[] {
  const key = headerKey(name);
  const rows: number[] = [];
  t.table.rows.forEach((_, i) => {
    if (headerKey(cellAt(t, i, 'Battle')) === key) rows.push(sheetRowOf(t, i));
  });
  return rows;
}

/** Where the battle's two rows are, or go: its rows when it exists, two new rows after the last record when new. */
function targetRows(t: SheetTable, setup: BattleSetup): readonly [number, number] {
  const found = rowsNamed(t, setup.name);
  if (setup.rows === null) {
    if (found.length > 0) {
      throw new Refusal(
        'invalid',
        `A battle named "${setup.name}" is already on the Battles sheet (row ${found[0]}): choose it from the list, or give this one another name.`,
      );
    }
    const first = appendRow(t);
    ensureRows(t, first + 1);
    return [first, first + 1];
  }
  if (found.length !== 2) {
    throw new Refusal(
      'invalid',
      found.length === 0
        ? `Battle "${setup.name}" is no longer on the Battles sheet (renamed or deleted?): reload the sidebar.`
        : `Battle "${setup.name}" has ${found.length} rows on the Battles sheet; it needs exactly two.`,
    );
  }
  return [found[0]!, found[1]!];
}

// ---- Writing in stages that can be put back

interface Stage {
  readonly what: string;
  readonly write: () => void;
  /** Puts the sheet back as it was before this stage; undefined when there is nothing to put back. */
  readonly revert?: () => void;
}

/**
 * Runs the stages in order. When one fails, puts back the stages already run (the failed one too: a write may
 * have landed in part), last first, and stops at the first put-back that fails. Returns null when all went well.
 */
function runStages(
  stages: readonly Stage[],
): { failed: string; error: string; restored: boolean; ran: number } | null {
  for (let i = 0; i < stages.length; i++) {
    try {
      stages[i]!.write();
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      let restored = true;
      for (let j = i; j >= 0; j--) {
        try {
          stages[j]!.revert?.();
        } catch {
          restored = false;
          break;
        }
      }
      return { failed: stages[i]!.what, error, restored, ran: i };
    }
  }
  return null;
}

// ---- Statuses

const STATUS_KEYS = new Map(UNIT_STATUSES.map((s) => [headerKey(s), s]));
/** A Status cell as the rules read it ("" is Ready); the raw text when it is not a status. */
function statusOf(cell: Cell): string {
  if (isBlankCell(cell)) return 'Ready';
  return STATUS_KEYS.get(headerKey(cell)) ?? text(cell);
}

function statusColumn(units: SheetTable): number {
  const column = sheetColumnOf(units, 'Status');
  if (column === 0) {
    throw new Refusal(
      'setup',
      'The Units sheet has no Status column: add one (Warcard → Set up campaign adds it).',
    );
  }
  return column;
}

// ---- The server functions

/** Warcard → Battle…: the sidebar. */
export function openBattleSidebar(): void {
  const output = htmlService().createHtmlOutputFromFile('Sidebar').setTitle(SIDEBAR_TITLE);
  spreadsheetApp().getUi().showSidebar(output);
}

/** The sidebar's first call: the form's catalogue and the campaign's armies, battles and last Log entry. */
export function sidebarLoad(): Response<LoadData> {
  return serve(() => {
    const book = readBook(['units', 'battles', 'log', 'settings']);
    return { ok: true, catalogue: catalogue(book.rules), state: campaignState(book) };
  });
}

/** Values the battle as set up, with the rolls so far: modifiers, odds, plan advice and, once rolled, the result. */
export function sidebarPreview(request: PreviewRequest): Response<PreviewData> {
  return serve(() => {
    const setup = cleanSetup(request?.setup);
    const rolls = cleanRolls(request?.rolls);
    const book = readBook(['units', 'characters', 'settings']);
    return { ok: true, ...compute(book, setup, rolls).preview };
  });
}

/** Writes the setup to its Battles rows (one setValues of the rows that change), or appends two rows for a new battle. */
export function sidebarSave(request: SaveRequest): Response<SaveData> {
  return serve(() => {
    const setup = cleanSetup(request?.setup);
    return withLock(() =>
      refusals(() => {
        const book = readBook(['battles']);
        const t = book.battles!;
        const rows = targetRows(t, setup);
        const { writes, changes } = battleWrites(t, rows, setup, null);
        const changedRows = new Set(changes.map((c) => c.row));
        writeCells(
          t,
          writes.filter((w) => changedRows.has(w.row)),
        );
        const message =
          changes.length === 0
            ? `Battle "${setup.name}" is already saved as it stands.`
            : `Saved battle "${setup.name}" on Battles rows ${rows[0]}-${rows[1]}.`;
        return { ok: true, rows, message };
      }),
    );
  });
}

const sideText = (side: SideSetup, fallback: string): string =>
  `${side.label || fallback} (${side.armies.join(', ')})`;
const rollsText = (rolls: readonly RollPair[], i: 0 | 1): Cell =>
  rolls.length === 1 ? rolls[0]![i] : rolls.map((p) => p[i]).join(', ');
const names = (units: readonly { name: string }[]): string =>
  units.map((u) => u.name || '(no name)').join(', ');

/** Applies a rolled battle: rolls to Battles, a Log row with what undo needs, then the units' statuses. */
export function sidebarApply(request: ApplyRequest): Response<ApplyData> {
  return serve(() => {
    const setup = cleanSetup(request?.setup);
    const rolls = cleanRolls(request?.rolls);
    return withLock(() => refusals(() => applyLocked(request, setup, rolls)));
  });
}

function applyLocked(request: ApplyRequest, setup: BattleSetup, rolls: RollPair[]): Response<ApplyData> {
  const book = readBook(['units', 'characters', 'settings', 'battles', 'log']);
  const units = book.units!;
  const battles = book.battles!;
  const log = book.log!;
  const status = statusColumn(units);
  const computed = compute(book, setup, rolls);
  const { preview } = computed;
  if (preview.fingerprint !== request.fingerprint) {
    return {
      ok: false,
      code: 'stale',
      message:
        'The roster or the battle changed since this preview (another user, or an edit on the sheet). Nothing was written: check the fresh preview and apply again.',
      preview,
    };
  }
  if (preview.noBattle)
    throw new Refusal('invalid', 'The plans rule out a battle: there is nothing to apply.');
  if (!preview.result || !computed.decisive)
    throw new Refusal('invalid', 'Roll the dice first (a tie is rolled again).');
  const applied = appliedBattles(log).get(headerKey(setup.name));
  if (applied !== undefined) {
    throw new Refusal(
      'invalid',
      `Battle "${setup.name}" was already applied (Log row ${applied}). Undo it first, or give this battle a new name.`,
    );
  }

  const result = preview.result;
  const winner = result.winner === 'A' ? 0 : 1;
  const loser = 1 - winner;
  const changes = unitChanges(units, computed.fighting, request, loser);

  // Battles: the setup and the deciding rolls.
  const rows = targetRows(battles, setup);
  const battle = battleWrites(battles, rows, setup, computed.decisive);

  // Log: one new row.
  const [labelA, labelB] = [preview.sides[0].label, preview.sides[1].label];
  const winnerLabel = winner === 0 ? labelA : labelB;
  const summary =
    `${winnerLabel} won by ${result.difference}: ${labelA} ${result.rates[0]}% = ${result.points[0]} pts, ` +
    `${labelB} ${result.rates[1]}% = ${result.points[1]} pts`;
  const changeText = [0, 1]
    .map((i) => {
      const mine = changes.filter((c) => c.side === i);
      const part = (status: string, what: string) => {
        const list = mine.filter((c) => c.after === status && c.how === what);
        return list.length ? `${what}: ${names(list)}` : '';
      };
      const parts = [
        part('Destroyed', 'destroyed'),
        part('Routed', 'routed'),
        part('Captured', 'captured'),
        part('Destroyed', 'destroyed in pursuit'),
      ].filter(Boolean);
      return `${preview.sides[i]!.label}: ${parts.length ? parts.join('; ') : 'no losses'}`;
    })
    .join(' | ');
  const logRow = appendRow(log);
  const undoData = encodeUndo({
    kind: 'battle',
    battle: setup.name,
    units: changes,
    battleCells: battle.changes,
  });
  const logWrites = logRowWrites(log, logRow, {
    When: new Date(),
    Event: EVENT_BATTLE,
    Battle: setup.name,
    'Side A': sideText(setup.sides[0], 'Side A'),
    'Side B': sideText(setup.sides[1], 'Side B'),
    'Battle Value A': preview.sides[0].battleValue,
    'Battle Value B': preview.sides[1].battleValue,
    'Rolls A': rollsText(preview.rolls, 0),
    'Rolls B': rollsText(preview.rolls, 1),
    Result: summary,
    Changes: clip(changeText),
    'Undo Data': undoData,
    Undone: false,
  });
  const unitWrites = changes.map((c) => ({ row: c.row, column: status, value: c.after }));
  const unitReverts = changes.map((c) => ({ row: c.row, column: status, value: c.before }));
  const battleReverts = battle.changes.map((c) => ({
    row: c.row,
    column: sheetColumnOf(battles, c.header),
    value: c.before,
  }));
  const logClear = logWrites.map((w) => ({ ...w, value: '' }));

  const failure = runStages([
    {
      what: 'the Battles rows',
      write: () => writeCells(battles, battle.writes),
      revert: () => writeCells(battles, battleReverts),
    },
    {
      what: 'the Log row',
      write: () => {
        ensureRows(log, logRow);
        writeCells(log, logWrites);
      },
      revert: () => writeCells(log, logClear),
    },
    {
      what: 'the unit statuses',
      write: () => writeCells(units, unitWrites, true),
      revert: () => writeCells(units, unitReverts, true),
    },
  ]);
  if (failure) {
    const tail = failure.restored
      ? 'Nothing was changed: what had been written was put back. Try again.'
      : `Putting back what had been written failed too: run Warcard → Undo last battle (Log row ${logRow}) to restore the roster and the Battles rows.`;
    return fail(
      'failed',
      `Applying the battle failed while writing ${failure.failed} (${failure.error}). ${tail}`,
    );
  }
  const lost = (i: number) => changes.filter((c) => c.side === i).length;
  return {
    ok: true,
    logRow,
    message: `${summary}. ${lost(0)} + ${lost(1)} units changed; logged on Log row ${logRow}.`,
    state: stateAfterWrite(book),
  };
}

interface SideChange extends UnitChange {
  readonly side: number;
  readonly how: string;
}

/** The status each chosen unit takes, checked against the fighting units the preview listed. */
function unitChanges(
  units: SheetTable,
  fighting: readonly [readonly UnitRecord[], readonly UnitRecord[]],
  request: ApplyRequest,
  loser: number,
): SideChange[] {
  const byRow = fighting.map((list) => new Map(list.map((u) => [u.row, u])));
  const taken = new Map<number, SideChange>();
  const find = (side: number, ref: UnitRef, what: string): UnitRecord => {
    const unit = isRecord(ref) ? byRow[side]!.get(Number(ref.row)) : undefined;
    if (!unit || unit.name !== text(ref.name)) {
      throw new Refusal(
        'invalid',
        `${what}: "${isRecord(ref) ? text(ref.name) : '?'}" is not a fighting unit of that side on Units row ${isRecord(ref) ? ref.row : '?'}. Reload the preview.`,
      );
    }
    return unit;
  };
  const take = (side: number, ref: UnitRef, after: string, how: string, what: string) => {
    const unit = find(side, ref, what);
    if (taken.has(unit.row)) {
      throw new Refusal('invalid', `${unit.name} is chosen twice (${taken.get(unit.row)!.how} and ${how}).`);
    }
    taken.set(unit.row, {
      row: unit.row,
      name: unit.name,
      army: unit.army,
      before: cellAt(units, unit.index, 'Status'),
      after,
      side,
      how,
    });
  };
  const list = (v: unknown): UnitRef[] => (Array.isArray(v) ? (v as UnitRef[]) : []);
  const captured = new Set(list(request.captured).map((r) => Number(isRecord(r) ? r.row : 0)));
  for (const side of [0, 1]) {
    const chosen = isRecord(request.casualties?.[side as 0 | 1]) ? request.casualties[side as 0 | 1] : null;
    for (const ref of list(chosen?.destroyed)) take(side, ref, 'Destroyed', 'destroyed', 'Destroyed');
    for (const ref of list(chosen?.routed)) {
      const isCaptured = side === loser && captured.has(Number(ref?.row));
      take(side, ref, isCaptured ? 'Captured' : 'Routed', isCaptured ? 'captured' : 'routed', 'Routed');
    }
  }
  for (const ref of list(request.captured)) {
    const unit = find(loser, ref, 'Captured');
    if (taken.get(unit.row)?.how !== 'captured') {
      throw new Refusal('invalid', `${unit.name} can be captured only if it is routed.`);
    }
  }
  for (const ref of list(request.pursued)) take(loser, ref, 'Destroyed', 'destroyed in pursuit', 'Pursuit');
  return [...taken.values()].sort((x, y) => x.row - y.row);
}

/** Takes back the last Log entry not undone: statuses and Battles cells as they were; marks the entry Undone. */
export function sidebarUndo(): Response<UndoData> {
  return serve(() => withLock(() => refusals(undoLocked)));
}

function undoLocked(): Response<UndoData> {
  const book = readBook(['units', 'battles', 'log']);
  const units = book.units!;
  const battles = book.battles!;
  const log = book.log!;
  const entry = lastLiveEntry(log);
  if (!entry) return fail('invalid', 'There is nothing to undo: every Log entry is undone already.');
  const what = entry.event === EVENT_NEW_ROUND ? 'the new round' : `battle "${entry.battle}"`;
  let record: ReturnType<typeof decodeUndo>;
  try {
    record = decodeUndo(entry.undoData);
  } catch (e) {
    return fail('unsafe', `Log row ${entry.row} cannot be undone: ${(e as Error).message}.`);
  }
  const status = statusColumn(units);

  // Units: at their row when the name and army still match there, else the one unit that carries them.
  const problems: string[] = [];
  const unitWrites: CellWrite[] = [];
  const nameColumn = units.table.column('Unit');
  const armyColumn = units.table.column('Army');
  const identityAt = (i: number) => ({
    name: text(units.table.rows[i]?.[nameColumn]),
    army: armyColumn >= 0 ? text(units.table.rows[i]?.[armyColumn]) : '',
  });
  let byIdentity: Map<string, number[]> | undefined;
  const locate = (change: UnitChange): number | undefined => {
    const at = indexOfSheetRow(units, change.row);
    if (at >= 0 && at < units.table.rows.length) {
      const id = identityAt(at);
      if (sameUnit(change, record.hashed, id.name, id.army)) return at;
    }
    if (!byIdentity) {
      byIdentity = new Map();
      units.table.rows.forEach((_, i) => {
        const id = identityAt(i);
        const key = record.hashed
          ? `#${hash(`${id.name}\u0000${id.army}`)}`
          : `${id.name}\u0000${headerKey(id.army)}`;
        byIdentity!.set(key, [...(byIdentity!.get(key) ?? []), i]);
      });
    }
    const key = record.hashed ? change.name : `${change.name}\u0000${headerKey(change.army)}`;
    const found = byIdentity.get(key) ?? [];
    return found.length === 1 ? found[0] : undefined;
  };
  for (const change of record.units) {
    const i = locate(change);
    const label = `${change.name.startsWith('#') ? 'a unit' : `"${change.name}"`} (was row ${change.row})`;
    if (i === undefined) {
      problems.push(`${label} is no longer on Units, or several units now carry its name`);
      continue;
    }
    const current = cellAt(units, i, 'Status');
    if (statusOf(current) === statusOf(change.before)) continue; // never written, or already put back
    if (statusOf(current) !== statusOf(change.after)) {
      problems.push(
        `${label} is ${statusOf(current)} now, not ${statusOf(change.after)} as the entry left it`,
      );
      continue;
    }
    unitWrites.push({ row: sheetRowOf(units, i), column: status, value: change.before });
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 8).join('; ');
    const more = problems.length > 8 ? `; and ${problems.length - 8} more` : '';
    return fail(
      'unsafe',
      `Undoing ${what} (Log row ${entry.row}) would not be safe: ${shown}${more}. The roster was reordered or edited since; nothing was changed. Fix those units by hand, or put the rows back and try again.`,
    );
  }

  // Battles: the cells the entry changed, where they still hold what it wrote.
  const battleWrites: CellWrite[] = [];
  let untouched = 0;
  if (record.battleCells.length > 0) {
    const recorded = [...new Set(record.battleCells.map((c) => c.row))].sort((x, y) => x - y);
    const now = rowsNamed(battles, record.battle);
    const rowMap = new Map<number, number>();
    const stillThere = recorded.every(
      (r) => headerKey(cellAt(battles, indexOfSheetRow(battles, r), 'Battle')) === headerKey(record.battle),
    );
    if (stillThere) for (const r of recorded) rowMap.set(r, r);
    else if (now.length === recorded.length) {
      recorded.forEach((r, k) => {
        rowMap.set(r, now[k]!);
      });
    }
    for (const c of record.battleCells) {
      const row = rowMap.get(c.row);
      const column = sheetColumnOf(battles, c.header);
      if (row === undefined || column === 0) {
        untouched++;
        continue;
      }
      const current = cellAt(battles, indexOfSheetRow(battles, row), c.header);
      if (sameCell(current, c.after)) battleWrites.push({ row, column, value: c.before });
      else if (!sameCell(current, c.before)) untouched++;
    }
  }

  const undoneColumn = sheetColumnOf(log, 'Undone');
  const failure = runStages([
    { what: 'the unit statuses', write: () => writeCells(units, unitWrites, true) },
    { what: 'the Battles rows', write: () => writeCells(battles, battleWrites) },
    {
      what: 'the Log',
      write: () => writeCells(log, [{ row: entry.row, column: undoneColumn, value: true }]),
    },
  ]);
  if (failure) {
    return fail(
      'failed',
      `Undo failed while writing ${failure.failed} (${failure.error}). Run Undo last battle again: it finishes what is left.`,
    );
  }
  const note = untouched > 0 ? ` ${untouched} Battles cells edited since were left as they are.` : '';
  return {
    ok: true,
    message: `Undid ${what} (Log row ${entry.row}): ${unitWrites.length} units put back.${note}`,
    state: stateAfterWrite(book),
  };
}

/** Cells equal as Sheets would show them: a Date by its time, text trimmed. */
function sameCell(x: Cell, y: Cell): boolean {
  if (x instanceof Date || y instanceof Date) return String(x) === String(y);
  if (typeof x === 'string' && typeof y === 'string') return x.trim() === y.trim();
  if (isBlankCell(x) && isBlankCell(y)) return x === y || (x === '' && y === '') || x === y;
  return x === y;
}

/** New round: every Routed unit is Ready again (RULES 6.7), logged so that undo takes it back. */
export function newRoundNow(): Response<UndoData> {
  return serve(() => withLock(() => refusals(newRoundLocked)));
}

function newRoundLocked(): Response<UndoData> {
  const book = readBook(['units', 'log']);
  const units = book.units!;
  const log = book.log!;
  const status = statusColumn(units);
  const roster = unitRoster(units.table);
  const changes: UnitChange[] = [];
  for (const rec of roster.records) {
    const index = rec.row - 2;
    const current = cellAt(units, index, 'Status');
    if (statusOf(current) === 'Routed') {
      changes.push({
        row: sheetRowOf(units, index),
        name: rec.label,
        army: rec.army,
        before: current,
        after: 'Ready',
      });
    }
  }
  if (changes.length === 0)
    return { ok: true, message: 'No unit is Routed: nothing to do.', state: stateAfterWrite(book) };
  const logRow = appendRow(log);
  const logWrites = logRowWrites(log, logRow, {
    When: new Date(),
    Event: EVENT_NEW_ROUND,
    Battle: '',
    Result: `${changes.length} routed units are Ready again`,
    Changes: clip(`Routed → Ready: ${names(changes)}`),
    'Undo Data': encodeUndo({ kind: 'round', battle: '', units: changes, battleCells: [] }),
    Undone: false,
  });
  const failure = runStages([
    {
      what: 'the Log row',
      write: () => {
        ensureRows(log, logRow);
        writeCells(log, logWrites);
      },
      revert: () =>
        writeCells(
          log,
          logWrites.map((w) => ({ ...w, value: '' })),
        ),
    },
    {
      what: 'the unit statuses',
      write: () =>
        writeCells(
          units,
          changes.map((c) => ({ row: c.row, column: status, value: c.after })),
          true,
        ),
      revert: () =>
        writeCells(
          units,
          changes.map((c) => ({ row: c.row, column: status, value: c.before })),
          true,
        ),
    },
  ]);
  if (failure) {
    const tail = failure.restored
      ? 'Nothing was changed. Try again.'
      : `Putting it back failed too: run Warcard → Undo last battle (Log row ${logRow}).`;
    return fail('failed', `The new round failed while writing ${failure.failed} (${failure.error}). ${tail}`);
  }
  return {
    ok: true,
    message: `New round: ${changes.length} routed units are Ready again (Log row ${logRow}).`,
    state: stateAfterWrite(book),
  };
}

/** Tells the user how a menu action went: a toast when it worked, an alert when it did not. */
function report(response: Response<{ message: string }>): void {
  if (response.ok) spreadsheetApp().getActiveSpreadsheet().toast(response.message, 'Warcard', 8);
  else spreadsheetApp().getUi().alert(response.message);
}

/** Warcard → Undo last battle. */
export function undoLastBattle(): void {
  report(sidebarUndo());
}

/** Warcard → New round. */
export function newRound(): void {
  report(newRoundNow());
}
