// The custom functions of SHEETS.md. Each takes whole tables as Sheets passes them and values them in one call,
// grouping the rosters by army once (armies.ts), so its work grows with the rows, never rows times armies.
import {
  casualtiesOf,
  characterBonus,
  evaluateForces,
  type HouseRules,
  musterCost,
  outcome,
  type Plan,
  planCasualtyPercent,
  planEffects,
  planEffectText,
  STANDING,
  splitCasualties,
  troopRatioPercent,
  type Unit,
  unitValue,
  upkeep,
  winChance,
} from '../rules';
import { type ArmyBook, armiesNamed, armyBook, checkKnown, standingValue } from './armies';
import { battleForceSides, characterRoster, type PairedBattle, pairBattles, unitRoster } from './battles';
import {
  parseCharacter,
  parsePlan,
  parseUnit,
  readBattles,
  readCharacters,
  readSettings,
  readUnits,
} from './records';
import { type Cell, armyList, errorText, isBlankRow, RowError, showCell, type Table } from './table';

type Column = Cell[][];

/**
 * Columns headed `headers`, then per row the record's cells, "" for a blank row, or `#ERR: ...` in every column
 * for a bad one.
 */
function perRow<T>(
  t: Table,
  headers: readonly string[],
  parse: (t: Table, row: readonly Cell[]) => T,
  value: (record: T) => Cell[],
): Column {
  const out: Column = [[...headers]];
  for (const row of t.rows) {
    if (isBlankRow(row)) {
      out.push(headers.map(() => ''));
      continue;
    }
    try {
      out.push(value(parse(t, row)));
    } catch (e) {
      const message = errorText(e);
      out.push(headers.map(() => message));
    }
  }
  return out;
}

/** Each unit's value: the card's, or its override, plus realm spells (RULES 1, D-1, D-3, D-4). */
export function UNITVALUE(units: unknown): Column {
  return perRow(readUnits(units), ['Value'], parseUnit, (u) => [unitValue(u)]);
}

/** Each unit's muster cost in GB (RULES 4). */
export function MUSTERCOST(units: unknown): Column {
  return perRow(readUnits(units), ['Muster'], parseUnit, (u) => [musterCost(u)]);
}

/** Each unit's maintenance in GB (RULES 4, D-9). */
export function UPKEEP(units: unknown): Column {
  return perRow(readUnits(units), ['Upkeep'], parseUnit, (u) => [upkeep(u)]);
}

export const UNITSTATS_HEADER = ['Value', 'Muster', 'Upkeep'] as const;

/** Value, muster and upkeep of every unit from one call: the three functions above side by side. */
export function UNITSTATS(units: unknown): Column {
  return perRow(readUnits(units), UNITSTATS_HEADER, parseUnit, (u) => [
    unitValue(u),
    musterCost(u),
    upkeep(u),
  ]);
}

const isGiven = (arg: unknown): boolean => arg !== undefined && arg !== null && arg !== '';

/** The rosters of the tables given, grouped by army. */
function bookOf(units: unknown, characters?: unknown): ArmyBook {
  const people = isGiven(characters) ? characterRoster(readCharacters(characters, true)) : undefined;
  return armyBook(unitRoster(readUnits(units, true)), people);
}

/** Each character's standing bonus: no turning, no enemy magic resistance (RULES 3). */
export function CHARACTERVALUE(characters: unknown, units?: unknown): Column {
  const t = readCharacters(characters);
  const book = isGiven(units) ? armyBook(unitRoster(readUnits(units, true))) : undefined;
  return perRow(t, ['Bonus'], parseCharacter, (c) => {
    const armyUnits = c.battlewise && c.commands === undefined && book ? fightingCount(book, c.army) : 0;
    return [characterBonus(c, STANDING(armyUnits)).total];
  });
}

function fightingCount(book: ArmyBook, army: string): number {
  const found = army === '' ? undefined : book.get(army);
  if (!found) return 0;
  if (found.unitError) throw found.unitError;
  return found.forces().units;
}

/** The base army value of the armies named: their fighting units plus their characters' standing bonuses. */
export function ARMYVALUE(armies: unknown, units: unknown, characters?: unknown): number | string {
  const names = armyList(armies);
  if (names.length === 0)
    throw new Error('armies is empty: name one or more armies, comma-separated, e.g. "Avanil, Ghoere"');
  const book = bookOf(units, characters);
  try {
    for (const army of names) checkKnown(book, army);
    return standingValue(armiesNamed(book, names));
  } catch (e) {
    return errorText(e);
  }
}

export const ARMIES_HEADER = [
  'Army',
  'Ready',
  'Routed',
  'Destroyed',
  'Captured',
  'Value',
  'Muster',
  'Upkeep',
] as const;

/**
 * One row per army: its units by Status, its base value (as ARMYVALUE of that army alone), and the muster and
 * upkeep of its units still in the field (Ready and Routed). An army with a bad row shows why in place of
 * its figures.
 */
export function ARMIES(units: unknown, characters?: unknown, settings?: unknown): Column {
  readSettings(isGiven(settings) ? settings : undefined); // checked now, so a bad setting is said at once
  const book = bookOf(units, characters);
  const out: Column = [[...ARMIES_HEADER]];
  for (const army of book.armies) {
    try {
      const [counts, muster, upkeepTotal] = tally(armiesNamed(book, [army.name])[0]!.units);
      out.push([army.name, ...counts, standingValue([army]), muster, upkeepTotal]);
    } catch (e) {
      out.push([army.name, errorText(e), ...ARMIES_HEADER.slice(2).map(() => '')]);
    }
  }
  return out;
}

/** Units by Status (Ready, Routed, Destroyed, Captured), and the muster and upkeep of those in the field. */
function tally(units: readonly Unit[]): [number[], number, number] {
  const counts = { Ready: 0, Routed: 0, Destroyed: 0, Captured: 0 };
  let muster = 0;
  let upkeepTotal = 0;
  for (const u of units) {
    counts[u.status]++;
    if (u.status === 'Ready' || u.status === 'Routed') {
      muster += musterCost(u);
      upkeepTotal += upkeep(u);
    }
  }
  return [[counts.Ready, counts.Routed, counts.Destroyed, counts.Captured], muster, upkeepTotal];
}

export const BATTLES_HEADER = [
  'Base',
  'Percent',
  'Points',
  'Battle Value',
  'Win Chance',
  'Total',
  'Outcome',
  'Casualty Rate',
  'Casualties',
  'Routed',
  'Destroyed',
] as const;

const blankRow = (): Cell[] => BATTLES_HEADER.map(() => '');
const errorRow = (message: string): Cell[] => [message, ...BATTLES_HEADER.slice(1).map(() => '')];

/** Both sides of every battle: modifiers, battle values, exact odds and, once both have rolled, the result. */
export function BATTLES(battles: unknown, units: unknown, characters?: unknown, settings?: unknown): Column {
  const rules = readSettings(isGiven(settings) ? settings : undefined);
  const t = readBattles(battles);
  const book = bookOf(units, characters);
  const rows = pairBattles(t);
  const out: Column = [[...BATTLES_HEADER]];
  const done = new Map<object, [Cell[], Cell[]]>();
  for (const r of rows) {
    if (r.kind === 'blank') out.push(blankRow());
    else if (r.kind === 'error') out.push(errorRow(errorText(r.error)));
    else {
      let pair = done.get(r.battle);
      if (!pair) {
        pair = battleRows(r.battle, book, rules);
        done.set(r.battle, pair);
      }
      out.push(pair[r.sideIndex]);
    }
  }
  return out;
}

function battleRows(battle: PairedBattle, book: ArmyBook, rules: HouseRules): [Cell[], Cell[]] {
  let evaluation: ReturnType<typeof evaluateForces>;
  try {
    const [a, b] = battleForceSides(battle, book);
    evaluation = evaluateForces(a, b, rules);
  } catch (e) {
    const row = errorRow(errorText(e));
    return [row, [...row]];
  }
  const [a, b] = [evaluation.a, evaluation.b];
  const head = (s: typeof a, win: number): Cell[] => [s.base, s.percent / 100, s.points, s.battleValue, win];
  if (evaluation.noBattle) {
    return [
      [...head(a, 0), '', 'No battle', '', '', '', ''],
      [...head(b, 0), '', 'No battle', '', '', '', ''],
    ];
  }
  const odds = evaluation.odds!;
  const rowA = head(a, odds.winA);
  const rowB = head(b, odds.winB);
  const [rollA, rollB] = [battle.sides[0].roll, battle.sides[1].roll];
  if (rollA === undefined || rollB === undefined) {
    return [
      [...rowA, '', '', '', '', '', ''],
      [...rowB, '', '', '', '', '', ''],
    ];
  }
  const totalA = a.battleValue + rollA;
  const totalB = b.battleValue + rollB;
  const result = outcome(totalA, totalB, a.cas, b.cas);
  if (!result) {
    return [
      [...rowA, totalA, 'Tie: reroll', '', '', '', ''],
      [...rowB, totalB, 'Tie: reroll', '', '', '', ''],
    ];
  }
  const points = casualtiesOf(result, a.unitValue, b.unitValue, a.cas, b.cas);
  const tail = (total: number, won: boolean, rate: number, p: number): Cell[] => {
    const split = splitCasualties(p);
    return [total, won ? 'Won' : 'Lost', rate / 100, p, split.routed, split.destroyed];
  };
  return [
    [...rowA, ...tail(totalA, result.winner === 'A', result.rateA, points.a)],
    [...rowB, ...tail(totalB, result.winner === 'B', result.rateB, points.b)],
  ];
}

// ---- Scalar functions: a bad argument is the whole call's problem, so it throws with what to fix.

function scalar(value: unknown, name: string): unknown {
  if (Array.isArray(value)) {
    const flat = (value as unknown[]).flat();
    if (flat.length === 1) return flat[0];
    throw new Error(`${name} must be a single cell or number, not a range of ${flat.length} cells`);
  }
  return value;
}

function numberArg(value: unknown, name: string, what: string, test: (n: number) => boolean): number {
  const v = scalar(value, name);
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || !test(n)) {
    throw new Error(`${name} must be ${what} (got ${v === undefined || v === '' ? 'nothing' : showCell(v)})`);
  }
  return n;
}

const battleValueArg = (v: unknown, name: string) =>
  numberArg(v, name, 'a battle value: a whole number from 0', (n) => Number.isInteger(n) && n >= 0);
const rollArg = (v: unknown, name: string) =>
  numberArg(
    v,
    name,
    'a d100 roll: a whole number from 1 to 100',
    (n) => Number.isInteger(n) && n >= 1 && n <= 100,
  );
const unitsArg = (v: unknown, name: string) =>
  numberArg(
    v,
    name,
    "the total value of the side's fighting units: a whole number from 0",
    (n) => Number.isInteger(n) && n >= 0,
  );

function planArg(value: unknown, name: string): Plan {
  try {
    return parsePlan(scalar(value, name) ?? '', name);
  } catch (e) {
    if (e instanceof RowError) throw new Error(e.message);
    throw e;
  }
}

/**
 * One battle's result from battle values (every modifier in them) and the two d100 rolls:
 * winner, difference, casualty rates, and casualty points when the sides' unit values are given.
 */
export function RESOLVEBATTLE(
  valueA: unknown,
  valueB: unknown,
  rollA: unknown,
  rollB: unknown,
  unitsA?: unknown,
  unitsB?: unknown,
  planA?: unknown,
  planB?: unknown,
): Column {
  const va = battleValueArg(valueA, 'valueA');
  const vb = battleValueArg(valueB, 'valueB');
  const ra = rollArg(rollA, 'rollA');
  const rb = rollArg(rollB, 'rollB');
  const ua = isGiven(scalar(unitsA, 'unitsA')) ? unitsArg(unitsA, 'unitsA') : undefined;
  const ub = isGiven(scalar(unitsB, 'unitsB')) ? unitsArg(unitsB, 'unitsB') : undefined;
  const [effectA, effectB] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  if (effectA.kind === 'noBattle') return [['No battle', '', '', '', '', '']];
  const [casA, casB] = [planCasualtyPercent(effectA), planCasualtyPercent(effectB)];
  const result = outcome(va + ra, vb + rb, casA, casB);
  if (!result) return [['Tie', 0, '', '', '', '']];
  let pointsA: Cell = '';
  let pointsB: Cell = '';
  if (ua !== undefined && ub !== undefined) {
    const p = casualtiesOf(result, ua, ub, casA, casB);
    [pointsA, pointsB] = [p.a, p.b];
  } else if (result.winner === 'A' && ub !== undefined) {
    pointsB = casualtiesOf(result, 0, ub, casA, casB).b; // the loser's points need only its own units
  } else if (result.winner === 'B' && ua !== undefined) {
    pointsA = casualtiesOf(result, ua, 0, casA, casB).a;
  }
  return [[result.winner, result.difference, result.rateA / 100, result.rateB / 100, pointsA, pointsB]];
}

/** The chance that side A wins, ties rolled again; 0 when the plans rule out a battle. */
export function BATTLEODDS(valueA: unknown, valueB: unknown, planA?: unknown, planB?: unknown): number {
  const va = battleValueArg(valueA, 'valueA');
  const vb = battleValueArg(valueB, 'valueB');
  const [effectA] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  return effectA.kind === 'noBattle' ? 0 : winChance(va, vb);
}

/** Side A's troop-ratio bonus as a fraction; 0 when A is not the larger force (RULES 5.1). */
export function TROOPRATIO(sizeA: unknown, sizeB: unknown): number {
  const size = (v: unknown, name: string) =>
    numberArg(v, name, 'a force size: a number from 0', (n) => n >= 0);
  return troopRatioPercent(size(sizeA, 'sizeA'), size(sizeB, 'sizeB')) / 100;
}

/** The effects of a pair of battle plans, as the source prints them (RULES 5.10). */
export function TACTICS(planA: unknown, planB: unknown): Column {
  const [a, b] = planEffects(planArg(planA, 'planA'), planArg(planB, 'planB'));
  return [[planEffectText(a), planEffectText(b)]];
}
