// The one door of the sidebar's write requests. google.script.run hands the server whatever a browser sent, so
// each call parses its request here first, before it reads a sheet: `unknown` in, the typed request out, or a
// refusal naming the field. It accepts exactly what the sidebar sends (a crafted request is refused, never
// defaulted), so nothing past the door checks a request's shape again; what only the campaign can tell (is this
// unit in the battle, is this army on Units) stays with the call.
import { IMMUNITIES, nameKey, PLANS, type RollPair, type SideCircumstances, sidesConflict } from '../rules';
import type {
  ApplyRequest,
  BattleCallRequest,
  Expectation,
  NewRoundRequest,
  SaveRequest,
  SealRequest,
  SideLosses,
  UndoRequest,
  UnitRef,
} from './api';
import { sentence } from './fight-setup';
import type { BattleSetup, SideSetup } from './campaign';
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup } from './circumstances';
import { type Parsed, RequestError } from './errors';
import { badRequest, nothingWritten } from './refusals';

/** A request as parsed: the typed request, or the RequestError naming the field at fault (`""`: the whole). */
export type ParsedRequest<T> = Parsed<T, RequestError>;

/** Battle names, side labels and army names are a line of text; a longer one is a mistake, not a name. */
export const MAX_NAME = 200;
export const MAX_ARMIES = 50;
/** Pairs of dice a battle may take: ties are rare, so a hundred is far more than any battle rolls. */
export const MAX_ROLLS = 100;
/** A unit's name is a Units cell, which holds at most 50,000 characters. */
const MAX_UNIT_NAME = 50_000;
/** Units one list of an apply may name; more than a roster can hold. */
export const MAX_UNIT_REFS = 100_000;
/** A sheet's rows: Sheets holds ten million cells in all. */
const MAX_ROW = 10_000_000;
/** The separator of the Armies cell: a name holding it reads back as two armies. */
export const ARMY_SEPARATOR = ',';

/** An operation id as the sidebar (and the menu) make them, and a Log entry's id, which is one. */
const ID = /^[A-Za-z0-9-]{6,64}$/;
/** A fingerprint as the load sends it: a short word of printable characters (hex digits today). */
const FINGERPRINT = /^[!-~]{1,100}$/;

/** A refusal of what the sidebar never sends: an old sidebar, or a crafted call. */
function bad(field: string, problem: string): never {
  const what = field === '' ? 'the request' : `the request's ${field}`;
  throw new RequestError(field, badRequest(what, problem));
}

/** A refusal the user can meet through the sidebar, said in the user's words. */
function refuse(field: string, message: string): never {
  throw new RequestError(field, message);
}

/** A plain object (not a list): the one such test in src. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as a refusal quotes it: short, whatever was sent. */
function shown(v: unknown): string {
  if (typeof v === 'string') return v.length <= 40 ? JSON.stringify(v) : `a text of ${v.length} characters`;
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (isRecord(v)) return 'an object';
  return String(v);
}

/** Refuses a value that is not the kind wanted: "is missing" when it was not sent. */
function notA(field: string, v: unknown, kind: string): never {
  return bad(field, v === undefined ? 'is missing' : `must be ${kind}, not ${shown(v)}`);
}

const path = (field: string, key: string | number): string =>
  typeof key === 'number' ? `${field}[${key}]` : field === '' ? key : `${field}.${key}`;

/** An object with these keys and no other; each is parsed in turn (one not sent is "missing" then). */
function record<K extends string>(v: unknown, field: string, keys: readonly K[]): Record<K, unknown> {
  if (!isRecord(v)) return notA(field, v, 'an object');
  const own = Object.keys(v);
  for (const key of own) {
    if (!(keys as readonly string[]).includes(key)) bad(path(field, key), 'is not part of it');
  }
  // Its own keys only: `constructor` or `toString` from a prototype is no field.
  return Object.fromEntries(keys.map((key) => [key, own.includes(key) ? v[key] : undefined])) as Record<
    K,
    unknown
  >;
}

function list(v: unknown, field: string, max: number, what: string): readonly unknown[] {
  if (!Array.isArray(v)) return notA(field, v, `a list of ${what}`);
  if (v.length > max) bad(field, `has ${v.length} ${what}: too many (${max} at most)`);
  return v;
}

function flag(v: unknown, field: string): boolean {
  return typeof v === 'boolean' ? v : notA(field, v, 'true or false');
}

function wholeNumber(v: unknown, field: string, min: number, max: number): number {
  if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
  return notA(field, v, `a whole number from ${min} to ${max}`);
}

function oneOf<T extends string>(v: unknown, field: string, words: readonly T[], kind: string): T {
  if ((words as readonly unknown[]).includes(v)) return v as T;
  return notA(field, v, `${kind} (${words.join(', ')})`);
}

function id(v: unknown, field: string): string {
  if (typeof v === 'string' && ID.test(v)) return v;
  return notA(field, v, 'an id of 6 to 64 letters, digits and dashes');
}

function fingerprint(v: unknown, field: string): string {
  if (typeof v === 'string' && FINGERPRINT.test(v)) return v;
  return notA(field, v, 'a fingerprint as the load sends it');
}

/** A name or label: text, trimmed, a line long. */
function name(v: unknown, field: string, called: string): string {
  if (typeof v !== 'string') return notA(field, v, 'text');
  const s = v.trim();
  if (s.length > MAX_NAME) {
    refuse(field, `${called} is too long (${s.length} characters; ${MAX_NAME} at most).`);
  }
  return s;
}

const CIRCUMSTANCE_KEYS = [
  'defender',
  'morale',
  'environment',
  'terrain',
  'defense',
  'castleLevel',
  'engineering',
  'siegecraft',
  'immunity',
  'specialBonus',
  'plan',
] as const satisfies readonly (keyof SideCircumstances)[];

function circumstances(v: unknown, field: string): SideCircumstances {
  const c = record(v, field, CIRCUMSTANCE_KEYS);
  const ticks = <G extends CircumstanceGroup>(group: G): SideCircumstances[G] => {
    const keys = Object.keys(CIRCUMSTANCE_COLUMNS[group]);
    const given = record(c[group], path(field, group), keys);
    return Object.fromEntries(
      keys.map((key) => [key, flag(given[key], path(path(field, group), key))]),
    ) as SideCircumstances[G]; // every key of the group, each a boolean
  };
  return {
    defender: flag(c.defender, path(field, 'defender')),
    morale: ticks('morale'),
    environment: ticks('environment'),
    terrain: ticks('terrain'),
    defense: ticks('defense'),
    castleLevel: wholeNumber(c.castleLevel, path(field, 'castleLevel'), 0, 100),
    engineering: flag(c.engineering, path(field, 'engineering')),
    siegecraft: flag(c.siegecraft, path(field, 'siegecraft')),
    immunity: oneOf(c.immunity, path(field, 'immunity'), IMMUNITIES, 'an immunity'),
    specialBonus: flag(c.specialBonus, path(field, 'specialBonus')),
    plan: oneOf(c.plan, path(field, 'plan'), PLANS, 'a plan'),
  };
}

/** A side's armies: each named once, none blank, none holding the Armies cell's separator. */
function armyNames(given: unknown, field: string, whose: string): string[] {
  if (Array.isArray(given) && given.length > MAX_ARMIES) {
    refuse(field, `${whose[0]?.toUpperCase()}${whose.slice(1)} has more than ${MAX_ARMIES} armies.`);
  }
  const armies: string[] = [];
  const seen = new Set<string>();
  list(given, field, MAX_ARMIES, 'armies').forEach((a, i) => {
    const at = path(field, i);
    const army = name(a, at, `An army name of ${whose}`);
    if (army === '') bad(at, 'is blank');
    if (army.includes(ARMY_SEPARATOR)) refuse(at, armyWithSeparator(army));
    // The same army twice is one army (a Battles cell may list it twice).
    if (!seen.has(nameKey(army))) armies.push(army);
    seen.add(nameKey(army));
  });
  return armies;
}

function side(v: unknown, field: string, tag: 'A' | 'B'): SideSetup {
  const s = record(v, field, ['label', 'armies', 'circumstances']);
  const label = name(s.label, path(field, 'label'), `The label of side ${tag}`);
  const armiesField = path(field, 'armies');
  const armies = armyNames(s.armies, armiesField, `side ${tag}`);
  if (armies.length === 0) refuse(armiesField, `Choose at least one army for ${label || `side ${tag}`}.`);
  return { label, armies, circumstances: circumstances(s.circumstances, path(field, 'circumstances')) };
}

/** Why an army name cannot be written to the Armies cell: it would read back as two armies. */
export const armyWithSeparator = (army: string): string =>
  `Army "${army.slice(0, 60)}" has a comma in its name, and the Armies cell separates armies with commas: it would read back as two armies. Rename the army on Units (and Characters) without a comma.`;

function setup(v: unknown, field: string): BattleSetup {
  const s = record(v, field, ['name', 'sides']);
  const battle = name(s.name, path(field, 'name'), 'The battle name');
  if (battle === '') refuse(path(field, 'name'), 'Give the battle a name.');
  const sidesField = path(field, 'sides');
  const sides = list(s.sides, sidesField, 2, 'sides');
  if (sides.length !== 2) bad(sidesField, `must be two sides, not ${sides.length}`);
  const a = side(sides[0], path(sidesField, 0), 'A');
  const b = side(sides[1], path(sidesField, 1), 'B');
  // What BATTLES marks as an error on the sheet can never be fought: the same words, before anything is read.
  const conflict = sidesConflict(
    battle,
    { armies: a.armies, defender: a.circumstances.defender },
    { armies: b.armies, defender: b.circumstances.defender },
  );
  if (conflict) refuse(sidesField, sentence(conflict));
  return { name: battle, sides: [a, b] };
}

function rolls(v: unknown, field: string): RollPair[] {
  if (Array.isArray(v) && v.length > MAX_ROLLS) {
    bad(field, `has ${v.length} pairs of dice: too many rolls (${MAX_ROLLS} at most)`);
  }
  const pairs = list(v, field, MAX_ROLLS, 'pairs of dice');
  if (pairs.length === 0) refuse(field, nothingWritten('The battle is not rolled yet.'));
  return pairs.map((pair, i) => {
    const dice = list(pair, path(field, i), 2, 'dice');
    if (dice.length !== 2) bad(path(field, i), `must be a pair of dice, not ${dice.length}`);
    return [
      wholeNumber(dice[0], path(path(field, i), 0), 1, 100),
      wholeNumber(dice[1], path(path(field, i), 1), 1, 100),
    ];
  });
}

function unitRefs(v: unknown, field: string): UnitRef[] {
  return list(v, field, MAX_UNIT_REFS, 'units').map((u, i) => {
    const ref = record(u, path(field, i), ['row', 'name']);
    const unitName = ref.name;
    if (typeof unitName !== 'string') return notA(path(path(field, i), 'name'), unitName, 'text');
    if (unitName.length > MAX_UNIT_NAME) {
      bad(
        path(path(field, i), 'name'),
        `has ${unitName.length} characters: no cell holds more than ${MAX_UNIT_NAME}`,
      );
    }
    return { row: wholeNumber(ref.row, path(path(field, i), 'row'), 1, MAX_ROW), name: unitName };
  });
}

function losses(v: unknown, field: string): readonly [SideLosses, SideLosses] {
  const pair = list(v, field, 2, 'sides');
  if (pair.length !== 2) bad(field, `must be the losses of two sides, not ${pair.length}`);
  const of = (i: 0 | 1): SideLosses => {
    const l = record(pair[i], path(field, i), ['destroyed', 'routed']);
    return {
      destroyed: unitRefs(l.destroyed, path(path(field, i), 'destroyed')),
      routed: unitRefs(l.routed, path(path(field, i), 'routed')),
    };
  };
  return [of(0), of(1)];
}

function expectation(v: unknown, field: string): Expectation {
  const e = record(v, field, ['settings', 'armies', 'battle']);
  const armiesField = path(field, 'armies');
  if (!isRecord(e.armies)) return notA(armiesField, e.armies, 'an object');
  const keys = Object.keys(e.armies);
  if (keys.length > 2 * MAX_ARMIES)
    bad(armiesField, `has ${keys.length} armies: too many (${2 * MAX_ARMIES} at most)`);
  const armies = Object.fromEntries(
    Object.entries(e.armies).map(([army, print]) => {
      if (army.length > MAX_NAME) bad(armiesField, `names an army of ${army.length} characters`);
      return [army, fingerprint(print, `${armiesField}[${JSON.stringify(army)}]`)];
    }),
  );
  return {
    settings: fingerprint(e.settings, path(field, 'settings')),
    armies,
    battle: e.battle === null ? null : fingerprint(e.battle, path(field, 'battle')),
  };
}

/** Runs a parse: its value, or the refusal it met. */
function parsed<T>(parse: () => T): ParsedRequest<T> {
  try {
    return { ok: true, value: parse() };
  } catch (e) {
    if (e instanceof RequestError) return { ok: false, error: e };
    throw e;
  }
}

export const parseApplyRequest = (raw: unknown): ParsedRequest<ApplyRequest> =>
  parsed(() => {
    const r = record(raw, '', ['id', 'setup', 'rolls', 'losses', 'captured', 'pursued', 'expect']);
    return {
      id: id(r.id, 'id'),
      setup: setup(r.setup, 'setup'),
      rolls: rolls(r.rolls, 'rolls'),
      losses: losses(r.losses, 'losses'),
      captured: unitRefs(r.captured, 'captured'),
      pursued: unitRefs(r.pursued, 'pursued'),
      expect: expectation(r.expect, 'expect'),
    };
  });

export const parseSaveRequest = (raw: unknown): ParsedRequest<SaveRequest> =>
  parsed(() => {
    const r = record(raw, '', ['setup', 'battle']);
    return {
      setup: setup(r.setup, 'setup'),
      battle: r.battle === null ? null : fingerprint(r.battle, 'battle'),
    };
  });

export const parseUndoRequest = (raw: unknown): ParsedRequest<UndoRequest> =>
  parsed(() => ({ entry: id(record(raw, '', ['entry']).entry, 'entry') }));

export const parseNewRoundRequest = (raw: unknown): ParsedRequest<NewRoundRequest> =>
  parsed(() => ({ id: id(record(raw, '', ['id']).id, 'id') }));

/** The name of a battle on the Battles sheet. */
function battleName(v: unknown, field: string): string {
  const n = name(v, field, 'The battle name');
  if (n === '') bad(field, 'is blank');
  return n;
}

export const parseSealRequest = (raw: unknown): ParsedRequest<SealRequest> =>
  parsed(() => {
    const r = record(raw, '', ['id', 'battle', 'side', 'armies', 'plan']);
    const side = wholeNumber(r.side, 'side', 0, 1) as 0 | 1;
    // Absent from a sidebar older than the field: the side is then found by its row alone.
    const armies = r.armies === undefined ? [] : armyNames(r.armies, 'armies', 'the side');
    if (r.armies !== undefined && armies.length === 0) bad('armies', 'is empty');
    return {
      id: id(r.id, 'id'),
      battle: battleName(r.battle, 'battle'),
      side,
      ...(armies.length > 0 ? { armies } : {}),
      plan: oneOf(r.plan, 'plan', PLANS, 'a plan'),
    };
  });

/** A reveal's or a logged roll's request. */
export const parseBattleCallRequest = (raw: unknown): ParsedRequest<BattleCallRequest> =>
  parsed(() => {
    const r = record(raw, '', ['id', 'battle']);
    return { id: id(r.id, 'id'), battle: battleName(r.battle, 'battle') };
  });
