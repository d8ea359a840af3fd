// The campaign as the sidebar's load sends it (contract/campaign.ts), read from the sheets by the same parsers
// as the formulas, with a fingerprint of every army, battle and the settings: a write re-reads, rebuilds this
// and compares, so it is refused when anything it depends on changed.
import {
  type ArmyData,
  type BattleListing,
  type BattleSetup,
  type CampaignData,
  type CampaignUnit,
  type EntryListing,
  encodeCharacter,
  encodeUnits,
} from '../../contract/campaign';
import { ARMY_SEPARATOR, armyWithSeparator } from '../../contract/request-parsers';
import {
  fingerprinted,
  houseRules,
  battleUnit,
  type Character,
  isFighting,
  likelyTypos,
  nameKey,
  typoWarning,
  upkeep,
} from '../../rules';
import { pairBattles, parseFought } from '../battles';
import { BATTLE_HEADERS, CHARACTER_HEADERS, UNIT_HEADERS } from '../../contract/columns';
import { characterRoster, type RosterRecord, unitRoster } from '../rosters';
import { text } from '../table';
import type { Cell } from '../../contract/cells';
import { hash } from '../fingerprint';
import { type SheetTable, sheetRowOf } from '../sheet-table';
import type { Book } from './book';
import { formulaKey } from './formulas';
import { appliedBattles, EVENT_BATTLE, entries, undoable } from './journal-sheets';
import { NOBODY } from './viewer';
import { sideSeal, withKept } from './sealed/kept-listings';

const MAX_PROBLEMS = 50;
/** Undoable entries the sidebar's Log lists, newest first: undo takes back the newest, so a few are plenty. */
export const MAX_ENTRIES = 10;
/**
 * Characters of reports a load sends, beyond the newest entry's (always sent, at most 50,000): the listed entries'
 * reports up to this, so that the payload stays small whatever the reports hold.
 */
export const REPORTS_SENT = 100_000;
/** Battles already fought that the sidebar lists (the last on the sheet), besides every battle not yet fought. */
export const RECENT_FOUGHT = 3;
/** appliedBy of a battle whose Fought cells say it was applied by an entry older than the Log rows read. */
export const APPLIED_EARLIER = 'earlier';

/** The known columns of a table row, with its sheet row: what a fingerprint covers (not notes beside it). */
function knownCells(t: SheetTable, index: number, headers: readonly string[]): Cell[] {
  const row = t.table.rows[index] ?? [];
  return [sheetRowOf(t, index), ...headers.map((h) => row[t.table.column(h)] ?? '')];
}

interface ArmyEntry {
  name: string;
  cells: Cell[][];
  problem: string | null;
  units: number;
  ready: number;
  /** Its first row on Units: where a typo in its name is to be fixed. */
  firstRow: number | null;
}

/**
 * Everything the sidebar shows and values, read from the book (units, characters, battles, log, settings). The
 * battles are those not yet fought and the last few fought (history does not grow what is sent), and `battle`
 * whatever its state: apply checks the battle it writes.
 */
export const campaignData = (book: Book): CampaignData => campaignModel(book).data;

/** The payload and the units and characters it encodes: apply values the battle from these, decoding nothing. */
export function campaignModel(
  book: Book,
  { battle = '' } = {},
): { readonly data: CampaignData; readonly units: CampaignUnit[]; readonly characters: Character[] } {
  const problems: string[] = [];
  const armies = new Map<string, ArmyEntry>();
  const armyOf = (name: string): ArmyEntry => {
    const key = nameKey(name);
    let a = armies.get(key);
    if (!a) {
      a = { name, cells: [], problem: null, units: 0, ready: 0, firstRow: null };
      armies.set(key, a);
    }
    return a;
  };

  /** Each record: its problem listed, its cells added to its army's fingerprint; the sound ones to `keep`. */
  const walk = <T>(
    t: SheetTable,
    records: readonly RosterRecord<T>[],
    sheet: 'Units' | 'Characters',
    headers: readonly string[],
    keep: (value: T, army: ArmyEntry, rec: RosterRecord<T>, row: number) => void,
  ) => {
    for (const rec of records) {
      const row = sheetRowOf(t, rec.index);
      const problem = rec.error
        ? `${sheet} row ${row}${rec.label ? ` (${rec.label})` : ''}: ${rec.error.message}`
        : null;
      if (problem) problems.push(problem);
      if (!rec.army) continue;
      // Listed, not refused: the army still fights, but no battle can name it until it is renamed.
      if (rec.army.includes(ARMY_SEPARATOR) && !armies.has(nameKey(rec.army)))
        problems.push(`${sheet} row ${row}: ${armyWithSeparator(rec.army)}`);
      const army = armyOf(rec.army);
      army.cells.push(knownCells(t, rec.index, headers));
      if (sheet === 'Units') army.units++; // every unit of the army, sound or not
      if (sheet === 'Units') army.firstRow ??= row;
      if (problem) army.problem ??= problem;
      if (rec.value !== undefined) keep(rec.value, army, rec, row);
    }
  };

  const units: CampaignUnit[] = [];
  if (book.units) {
    const t = book.units;
    const typeColumn = t.table.column('Type');
    walk(t, unitRoster(t.table).records, 'Units', UNIT_HEADERS, (unit, army, rec, row) => {
      if (isFighting(unit)) army.ready++;
      const type = typeColumn >= 0 ? text(t.table.rows[rec.index]?.[typeColumn]) : '';
      units.push({ ...battleUnit(unit), name: rec.label, army: rec.army, row, type, upkeep: upkeep(unit) });
    });
  }
  const characters: Character[] = [];
  if (book.characters) {
    const t = book.characters;
    walk(t, characterRoster(t.table).records, 'Characters', CHARACTER_HEADERS, (character, _army, rec) => {
      characters.push({ ...character, army: rec.army });
    });
  }

  const armyList: ArmyData[] = [...armies.values()].map((a) => ({
    name: a.name,
    fingerprint: hash(JSON.stringify(a.cells)),
    problem: a.problem,
    units: a.units,
    ready: a.ready,
  }));
  const armyIndex = new Map(armyList.map((a, i) => [nameKey(a.name), i]));
  // Likely typos first: a one-unit army beside a bigger one is said before the row problems cut the list short.
  const typos = likelyTypos(armyList).map((t) => {
    const row = armies.get(nameKey(t.name))?.firstRow;
    return `Units${row ? ` row ${row}, Army` : ''}: ${typoWarning(t.name, t.meant)}.`;
  });
  problems.unshift(...typos);

  const listings = book.battles ? battleListings(book, book.battles, problems, nameKey(battle)) : [];
  const data: CampaignData = {
    rules: houseRules(book.settings),
    dice: book.settings.dice,
    settingsFingerprint: settingsFingerprint(book),
    armies: armyList,
    units: encodeUnits(units, (army) => armyIndex.get(nameKey(army)) ?? -1),
    characters: characters.map(encodeCharacter),
    battles: withKept(listings, book.viewer ?? NOBODY, book.settings.dice === 'Logged', problems),
    entries: book.log ? entryListings(book.log) : [],
    problems: problems.slice(0, MAX_PROBLEMS),
  };
  return { data, units, characters };
}

/** Of the settings declared to join the fingerprint (src/rules/house-rules.ts), in their declared order. */
export const settingsFingerprint = (book: Book): string => hash(JSON.stringify(fingerprinted(book.settings)));

/** Of a battle's two rows: every known column and where they are. */
export const battleFingerprint = (t: SheetTable, indices: readonly number[]): string =>
  hash(JSON.stringify(indices.map((i) => knownCells(t, i, BATTLE_HEADERS))));

/**
 * The battles sent, in sheet order: those not yet fought, the last RECENT_FOUGHT fought ones, and the one named by
 * `wanted` (a name key). The others are never parsed (foughtLongAgo), so only those sent are fingerprinted: the
 * hash is the cost, and it must not grow with history.
 */
function battleListings(book: Book, t: SheetTable, problems: string[], wanted: string): BattleListing[] {
  const applied = book.log ? appliedBattles(book.log, nameKey) : new Map();
  // A battle whose newest entry read is Undone can be applied again, whatever its Fought cells say (undo leaves a
  // cell edited since as it is).
  const undone = new Set(
    (book.log ? entries(book.log) : [])
      .filter((e) => e.event === EVENT_BATTLE && e.state === 'Undone' && !applied.has(nameKey(e.battle)))
      .map((e) => nameKey(e.battle)),
  );
  const out: (Omit<BattleListing, 'fingerprint'> & { readonly indices: readonly number[] })[] = [];
  pairBattles(t.table, foughtLongAgo(t, applied, wanted)).forEach((r, i) => {
    if (r.kind === 'error') {
      problems.push(`Battles row ${sheetRowOf(t, i)}: ${r.error.message}`);
      return;
    }
    if (r.kind !== 'side' || r.sideIndex !== 0) return;
    const [a, b] = r.battle.sides;
    const rows = [sheetRowOf(t, r.battle.rows[0]), sheetRowOf(t, r.battle.rows[1])] as const;
    const setup: BattleSetup = {
      name: r.battle.name,
      sides: [
        { label: a.label, armies: [...a.armies], circumstances: a.circumstances },
        { label: b.label, armies: [...b.armies], circumstances: b.circumstances },
      ],
    };
    out.push({
      setup,
      rows,
      rolls: [a.roll ?? null, b.roll ?? null],
      rollFormula: rows.some((row) => book.rollFormulas.has(formulaKey(row, 'Roll'))),
      appliedBy:
        applied.get(nameKey(r.battle.name))?.id ??
        ((a.fought || b.fought) && !undone.has(nameKey(r.battle.name)) ? APPLIED_EARLIER : null),
      seals: [sideSeal(a.planSealed === true, a.seal), sideSeal(b.planSealed === true, b.seal)],
      indices: r.battle.rows,
    });
  });
  return out.map(({ indices, ...b }) => ({ ...b, fingerprint: battleFingerprint(t, indices) }));
}

/** A Fought cell: blank, as Apply wrote it, or anything else (a problem the sidebar lists). */
function foughtCell(cell: Cell): 'blank' | 'fought' | 'bad' {
  try {
    return parseFought(cell) === undefined ? 'blank' : 'fought';
  } catch {
    return 'bad';
  }
}

/**
 * The rows of battles fought long ago: each pair of rows sharing a name that was applied (its Log entry or its
 * Fought cells say so), but the last RECENT_FOUGHT of them and the one `wanted`. Only their Battle and Fought
 * cells are read, so a Battles sheet long with history costs a call no more parsing than a short one; a fought
 * row's other cells are BATTLES' to check. A Fought cell Apply did not write keeps its pair read, to be listed.
 */
function foughtLongAgo(t: SheetTable, applied: ReadonlyMap<string, unknown>, wanted: string): Set<number> {
  const battle = t.table.column('Battle');
  const fought = t.table.column('Fought');
  const pairs = new Map<string, number[]>();
  t.table.rows.forEach((row, i) => {
    const name = text(row[battle]);
    if (name === '') return;
    const key = nameKey(name);
    const rows = pairs.get(key);
    if (rows) rows.push(i);
    else pairs.set(key, [i]);
  });
  const skip = new Set<number>();
  let recent = 0;
  for (const [key, rows] of [...pairs].reverse()) {
    if (rows.length !== 2 || key === wanted) continue;
    const cells = fought < 0 ? [] : rows.map((i) => foughtCell(t.table.rows[i]?.[fought]));
    if (cells.includes('bad')) continue;
    if (!applied.has(key) && !cells.includes('fought')) continue;
    if (recent++ < RECENT_FOUGHT) continue;
    for (const i of rows) skip.add(i);
  }
  return skip;
}

function entryListings(log: SheetTable): EntryListing[] {
  let sent = 0;
  return undoable(log)
    .slice(0, MAX_ENTRIES)
    .map((e, i) => {
      sent += e.report.length;
      const report = i === 0 || sent <= REPORTS_SENT ? e.report : null;
      return { id: e.id, row: e.row, event: e.event, battle: e.battle, result: e.result, report };
    });
}
