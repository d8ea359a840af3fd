// Crafted requests, each field of each write request sent wrong in each way, and the refusal each must get:
// shared by the door's test on plain data (test/contract/request-parsers.test.ts) and on the emulation at 40,000 units
// (test/sheets/server/door.test.ts). A case changes one place of a request the sidebar would send.

export const MISSING = Symbol('missing');
export type Path = readonly (string | number)[];

/** A copy of `base` with the value at `path` replaced (or removed, for MISSING). */
export function changed(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value !== MISSING) at[last] = value;
  else if (Array.isArray(at)) at.splice(Number(last), 1);
  else delete at[last];
  return copy;
}

export interface Expected {
  readonly field: string;
  readonly message: string;
}

/** The refusal of what the sidebar never sends (an old sidebar, or a crafted call). */
export const refused = (field: string, problem: string): Expected => ({
  field,
  message: `Refused: ${field === '' ? 'the request' : `the request's ${field}`} ${problem}. Nothing was written.`,
});
/** A refusal the user can meet through the sidebar, in the user's words. */
const said = (field: string, message: string): Expected => ({ field, message });

/** [what, where in the request, the value sent there, the refusal]. */
export type Case = readonly [string, Path, unknown, Expected];

const BIG = 'x'.repeat(1_000_000);
const C = ['setup', 'sides', 0, 'circumstances'] as const;
const D = ['setup', 'sides', 1, 'circumstances'] as const;
const PLAN = 'must be a plan (Full charge, Normal attack, Encircle, Trap, Hold, Withdraw, No plan)';
const IMMUNITY = 'must be an immunity (None, Complete, 10%, Significant)';
const ID = 'must be an id of 6 to 64 letters, digits and dashes';
const PRINT = 'must be a fingerprint as the load sends it';
const ROW = 'must be a whole number from 1 to 10000000';
const DIE = 'must be a whole number from 1 to 100';
const CASTLE = 'must be a whole number from 0 to 100';
const ref = (row: unknown, name: unknown) => ({ row, name });
const c0 = 'setup.sides[0].circumstances';
const c1 = 'setup.sides[1].circumstances';
const COMMA =
  'Army "Ghoere, Mhoried" has a comma in its name, and the Armies cell separates armies with commas: it would read back as two armies. Rename the army on Units (and Characters) without a comma.';

/** Crafted apply requests (on the Ford of Avanil: Avanil attacks, Ghoere defends). */
// biome-ignore format: a table, one case a line
export const APPLY_CASES: readonly Case[] = [
  ['no request', [], null, refused('', 'must be an object, not null')],
  ['a list as the request', [], [], refused('', 'must be an object, not a list of 0')],
  ['an unknown field', ['extra'], 1, refused('extra', 'is not part of it')],
  ['no id', ['id'], MISSING, refused('id', 'is missing')],
  ['an id with spaces', ['id'], 'a b c d', refused('id', `${ID}, not "a b c d"`)],
  ['a numeric id', ['id'], 123456, refused('id', `${ID}, not 123456`)],
  ['a 65-letter id', ['id'], 'a'.repeat(65), refused('id', `${ID}, not a text of 65 characters`)],
  ['no setup', ['setup'], MISSING, refused('setup', 'is missing')],
  ['a setup as text', ['setup'], 'Ford', refused('setup', 'must be an object, not "Ford"')],
  ['a blank battle name', ['setup', 'name'], '   ', said('setup.name', 'Give the battle a name.')],
  ['a battle name as a number', ['setup', 'name'], 7, refused('setup.name', 'must be text, not 7')],
  ['a 201-character battle name', ['setup', 'name'], 'n'.repeat(201), said('setup.name', 'The battle name is too long (201 characters; 200 at most).')],
  ['a 1 MB battle name', ['setup', 'name'], BIG, said('setup.name', 'The battle name is too long (1000000 characters; 200 at most).')],
  ['sides as an object', ['setup', 'sides'], { 0: {}, 1: {} }, refused('setup.sides', 'must be a list of sides, not an object')],
  ['one side', ['setup', 'sides', 1], MISSING, refused('setup.sides', 'must be two sides, not 1')],
  ['three sides', ['setup', 'sides', 2], {}, refused('setup.sides', 'has 3 sides: too many (2 at most)')],
  ['a side as null', ['setup', 'sides', 0], null, refused('setup.sides[0]', 'must be an object, not null')],
  ['a 300-character label', ['setup', 'sides', 0, 'label'], 'l'.repeat(300), said('setup.sides[0].label', 'The label of side A is too long (300 characters; 200 at most).')],
  ['a label as a number', ['setup', 'sides', 1, 'label'], 2, refused('setup.sides[1].label', 'must be text, not 2')],
  ['armies as text', ['setup', 'sides', 1, 'armies'], 'Ghoere', refused('setup.sides[1].armies', 'must be a list of armies, not "Ghoere"')],
  ['no army', ['setup', 'sides', 1, 'armies'], [], said('setup.sides[1].armies', 'Choose at least one army for Ghoere.')],
  ['an army as a number', ['setup', 'sides', 1, 'armies'], [7], refused('setup.sides[1].armies[0]', 'must be text, not 7')],
  ['a blank army', ['setup', 'sides', 1, 'armies'], ['Ghoere', ' '], refused('setup.sides[1].armies[1]', 'is blank')],
  ['an army with a comma', ['setup', 'sides', 1, 'armies'], ['Ghoere, Mhoried'], said('setup.sides[1].armies[0]', COMMA)],
  ['a 201-character army', ['setup', 'sides', 0, 'armies'], ['a'.repeat(201)], said('setup.sides[0].armies[0]', 'An army name of side A is too long (201 characters; 200 at most).')],
  ['51 armies', ['setup', 'sides', 0, 'armies'], Array.from({ length: 51 }, (_, i) => `Army ${i}`), said('setup.sides[0].armies', 'Side A has more than 50 armies.')],
  ['the same army on both sides', ['setup', 'sides', 1, 'armies'], [' AVANIL '], said('setup.sides', 'Army "Avanil" is on both sides of battle "Ford of Avanil".')],
  ['both sides defending', [...C, 'defender'], true, said('setup.sides', 'Defender is ticked on both sides of battle "Ford of Avanil": tick it for one side only.')],
  ['circumstances as text', C, 'all', refused(c0, 'must be an object, not "all"')],
  ['no plan', [...C, 'plan'], MISSING, refused(`${c0}.plan`, 'is missing')],
  ['an unknown circumstance', [...C, 'ambush'], true, refused(`${c0}.ambush`, 'is not part of it')],
  ['defender "yes"', [...D, 'defender'], 'yes', refused(`${c1}.defender`, 'must be true or false, not "yes"')],
  ['a tick as 1', [...C, 'morale', 'homeRealm'], 1, refused(`${c0}.morale.homeRealm`, 'must be true or false, not 1')],
  ['a missing tick', [...D, 'terrain', 'mire'], MISSING, refused(`${c1}.terrain.mire`, 'is missing')],
  ['an unknown tick', [...C, 'morale', 'unknown'], true, refused(`${c0}.morale.unknown`, 'is not part of it')],
  ['a group as a list', [...C, 'environment'], [], refused(`${c0}.environment`, 'must be an object, not a list of 0')],
  ['circumstances as a string', C, 'defender,plan=Hold', refused(c0, 'must be an object, not "defender,plan=Hold"')],
  ['a castle level of 2.5', [...D, 'castleLevel'], 2.5, refused(`${c1}.castleLevel`, `${CASTLE}, not 2.5`)],
  ['a castle level as text', [...C, 'castleLevel'], '3', refused(`${c0}.castleLevel`, `${CASTLE}, not "3"`)],
  ['a castle level of 101', [...C, 'castleLevel'], 101, refused(`${c0}.castleLevel`, `${CASTLE}, not 101`)],
  ['an unknown immunity', [...C, 'immunity'], 'Total', refused(`${c0}.immunity`, `${IMMUNITY}, not "Total"`)],
  ['a 1 MB immunity', [...C, 'immunity'], BIG, refused(`${c0}.immunity`, `${IMMUNITY}, not a text of 1000000 characters`)],
  ['plan "Nuke"', [...C, 'plan'], 'Nuke', refused(`${c0}.plan`, `${PLAN}, not "Nuke"`)],
  ['plan "hold" (a sheet spelling)', [...D, 'plan'], 'hold', refused(`${c1}.plan`, `${PLAN}, not "hold"`)],
  ['special bonus "true"', [...D, 'specialBonus'], 'true', refused(`${c1}.specialBonus`, 'must be true or false, not "true"')],
  ['no rolls', ['rolls'], MISSING, refused('rolls', 'is missing')],
  ['no pair rolled', ['rolls'], [], said('rolls', 'The battle is not rolled yet. Nothing was written.')],
  ['101 roll pairs', ['rolls'], Array.from({ length: 101 }, () => [1, 2]), refused('rolls', 'has 101 pairs of dice: too many rolls (100 at most)')],
  ['a pair alone', ['rolls'], [40, 60], refused('rolls[0]', 'must be a list of dice, not 40')],
  ['a die of 0', ['rolls'], [[40, 60], [0, 5]], refused('rolls[1][0]', `${DIE}, not 0`)],
  ['a die of 101', ['rolls'], [[5, 101]], refused('rolls[0][1]', `${DIE}, not 101`)],
  ['a die of 4.5', ['rolls'], [[4.5, 5]], refused('rolls[0][0]', `${DIE}, not 4.5`)],
  ['a die as text', ['rolls'], [['40', 5]], refused('rolls[0][0]', `${DIE}, not "40"`)],
  ['three dice', ['rolls'], [[4, 5, 6]], refused('rolls[0]', 'has 3 dice: too many (2 at most)')],
  ['losses as an object', ['losses'], { 0: { destroyed: [], routed: [] }, 1: { destroyed: [], routed: [] } }, refused('losses', 'must be a list of sides, not an object')],
  ['losses of one side', ['losses', 1], MISSING, refused('losses', 'must be the losses of two sides, not 1')],
  ['destroyed: "all"', ['losses', 1, 'destroyed'], 'all', refused('losses[1].destroyed', 'must be a list of units, not "all"')],
  ['no routed list', ['losses', 0, 'routed'], MISSING, refused('losses[0].routed', 'is missing')],
  ['a unit as its row', ['losses', 1, 'routed'], [6], refused('losses[1].routed[0]', 'must be an object, not 6')],
  ['a row as text', ['losses', 1, 'routed'], [ref('6', 'Ghoere Levy 1')], refused('losses[1].routed[0].row', `${ROW}, not "6"`)],
  ['row 0', ['losses', 0, 'destroyed'], [ref(0, 'Anuire Guard')], refused('losses[0].destroyed[0].row', `${ROW}, not 0`)],
  ['a name as a number', ['losses', 0, 'destroyed'], [ref(4, 4)], refused('losses[0].destroyed[0].name', 'must be text, not 4')],
  ['a name no cell holds', ['losses', 0, 'destroyed'], [ref(4, 'g'.repeat(50_001))], refused('losses[0].destroyed[0].name', 'has 50001 characters: no cell holds more than 50000')],
  ['a unit with its army', ['captured'], [{ row: 8, name: 'Ghoere Horse', army: 'Ghoere' }], refused('captured[0].army', 'is not part of it')],
  ['100,001 units', ['pursued'], Array.from({ length: 100_001 }, () => ref(9, 'Ghoere Elite')), refused('pursued', 'has 100001 units: too many (100000 at most)')],
  ['no captured list', ['captured'], MISSING, refused('captured', 'is missing')],
  ['pursued as null', ['pursued'], null, refused('pursued', 'must be a list of units, not null')],
  ['no expectation', ['expect'], MISSING, refused('expect', 'is missing')],
  ['an expectation as text', ['expect'], 'fresh', refused('expect', 'must be an object, not "fresh"')],
  ['no settings expected', ['expect', 'settings'], MISSING, refused('expect.settings', 'is missing')],
  ['a 1 MB settings fingerprint', ['expect', 'settings'], BIG, refused('expect.settings', `${PRINT}, not a text of 1000000 characters`)],
  ['armies expected as a list', ['expect', 'armies'], [], refused('expect.armies', 'must be an object, not a list of 0')],
  ['an army fingerprint as a number', ['expect', 'armies', 'Avanil'], 5, refused('expect.armies["Avanil"]', `${PRINT}, not 5`)],
  ['no battle expected', ['expect', 'battle'], MISSING, refused('expect.battle', 'is missing')],
  ['a battle fingerprint of {}', ['expect', 'battle'], {}, refused('expect.battle', `${PRINT}, not an object`)],
];

/** Crafted save requests (on the Ford as listed). */
// biome-ignore format: a table, one case a line
export const SAVE_CASES: readonly Case[] = [
  ['no request', [], null, refused('', 'must be an object, not null')],
  ['no battle fingerprint', ['battle'], MISSING, refused('battle', 'is missing')],
  ['a battle fingerprint as a number', ['battle'], 7, refused('battle', `${PRINT}, not 7`)],
  ['an id (saves have none)', ['id'], 'abcdef', refused('id', 'is not part of it')],
  ['plan "Nuke"', ['setup', 'sides', 1, 'circumstances', 'plan'], 'Nuke', refused(`${c1}.plan`, `${PLAN}, not "Nuke"`)],
  ['an army with a comma', ['setup', 'sides', 1, 'armies'], ['Ghoere, Mhoried'], said('setup.sides[1].armies[0]', COMMA)],
  ['the same army on both sides', ['setup', 'sides', 0, 'armies'], ['ghoere'], said('setup.sides', 'Army "ghoere" is on both sides of battle "Ford of Avanil".')],
  ['both sides defending', ['setup', 'sides', 0, 'circumstances', 'defender'], true, said('setup.sides', 'Defender is ticked on both sides of battle "Ford of Avanil": tick it for one side only.')],
];

/** Crafted undo requests. */
// biome-ignore format: a table, one case a line
export const UNDO_CASES: readonly Case[] = [
  ['no request', [], null, refused('', 'must be an object, not null')],
  ['no entry', ['entry'], MISSING, refused('entry', 'is missing')],
  ['an entry as a number', ['entry'], 5, refused('entry', `${ID}, not 5`)],
  ['an entry with spaces', ['entry'], 'e raid 1', refused('entry', `${ID}, not "e raid 1"`)],
  ['one more field', ['all'], true, refused('all', 'is not part of it')],
];

/** Crafted new-round requests. */
// biome-ignore format: a table, one case a line
export const NEW_ROUND_CASES: readonly Case[] = [
  ['a list', [], [], refused('', 'must be an object, not a list of 0')],
  ['no id', ['id'], MISSING, refused('id', 'is missing')],
  ['a blank id', ['id'], '', refused('id', `${ID}, not ""`)],
  ['a 1 MB id', ['id'], BIG, refused('id', `${ID}, not a text of 1000000 characters`)],
];
