// The campaign as the sidebar's load sends it (contract/campaign.ts), read from the sheets by the same parsers
// as the formulas, with a fingerprint of every army, battle and the settings: a write re-reads, rebuilds this
// and compares, so it is refused when anything it depends on changed.
import type {
  ArmyData,
  BattleListing,
  BattleSetup,
  CampaignData,
  CampaignUnit,
  EntryListing,
} from '../../contract/campaign';
import { encodeCharacter, encodeUnits } from '../../contract/campaign';
import { battleUnit, type Character, isFighting, likelyTypos, nameKey, typoWarning } from '../../rules';
import { BATTLE_HEADERS, pairBattles } from '../battles';
import { CHARACTER_HEADERS } from '../characters';
import { characterRoster, type RosterRecord, unitRoster } from '../rosters';
import { UNIT_HEADERS } from '../units';
import { type Cell, text } from '../table';
import { hash } from '../fingerprint';
import { type SheetTable, sheetRowOf } from '../sheet-table';
import type { Book } from './book';
import { formulaKey } from './formulas';
import { appliedBattles, undoable } from './journal-sheets';

const MAX_PROBLEMS = 50;
/** Undoable entries the sidebar's Log lists, newest first: undo takes back the newest, so a few are plenty. */
export const MAX_ENTRIES = 10;
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
}

/**
 * Everything the sidebar shows and values, read from the book (units, characters, battles, log, settings). The
 * battles are those not yet fought and the last few fought (history does not grow what is sent), unless
 * `allBattles`: apply checks the battle it writes against every battle on the sheet.
 */
export function campaignData(book: Book, { allBattles = false } = {}): CampaignData {
  const problems: string[] = [];
  const armies = new Map<string, ArmyEntry>();
  const armyOf = (name: string): ArmyEntry => {
    const key = nameKey(name);
    let a = armies.get(key);
    if (!a) {
      a = { name, cells: [], problem: null, units: 0, ready: 0 };
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
      const army = armyOf(rec.army);
      army.cells.push(knownCells(t, rec.index, headers));
      if (sheet === 'Units') army.units++; // every unit of the army, sound or not
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
      units.push({ ...battleUnit(unit), name: rec.label, army: rec.army, row, type });
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
  const typos = likelyTypos(armyList).map((t) => `Units: ${typoWarning(t.name, t.meant)}.`);
  problems.unshift(...typos);

  return {
    rules: book.rules,
    settingsFingerprint: settingsFingerprint(book),
    armies: armyList,
    units: encodeUnits(units, (army) => armyIndex.get(nameKey(army)) ?? -1),
    characters: characters.map(encodeCharacter),
    battles: book.battles ? sent(battleListings(book, book.battles, problems), allBattles) : [],
    entries: book.log ? entryListings(book.log) : [],
    problems: problems.slice(0, MAX_PROBLEMS),
  };
}

export const settingsFingerprint = (book: Book): string => hash(JSON.stringify(book.rules));

/** Of a battle's two rows: every known column and where they are. */
export const battleFingerprint = (t: SheetTable, indices: readonly number[]): string =>
  hash(JSON.stringify(indices.map((i) => knownCells(t, i, BATTLE_HEADERS))));

/** The battles not yet fought and the last RECENT_FOUGHT fought ones, in sheet order; all when asked. */
function sent(battles: BattleListing[], all: boolean): BattleListing[] {
  if (all) return battles;
  let fought = 0;
  const keep = new Set<BattleListing>();
  for (let i = battles.length - 1; i >= 0; i--) {
    const b = battles[i];
    if (b && (!b.appliedBy || fought++ < RECENT_FOUGHT)) keep.add(b);
  }
  return battles.filter((b) => keep.has(b));
}

function battleListings(book: Book, t: SheetTable, problems: string[]): BattleListing[] {
  const applied = book.log ? appliedBattles(book.log, nameKey) : new Map();
  const out: BattleListing[] = [];
  pairBattles(t.table).forEach((r, i) => {
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
      rollFormula: rows.some((row) => book.battleFormulas.has(formulaKey(row, 'Roll'))),
      appliedBy: applied.get(nameKey(r.battle.name))?.id ?? (a.fought || b.fought ? APPLIED_EARLIER : null),
      fingerprint: battleFingerprint(t, r.battle.rows),
    });
  });
  return out;
}

function entryListings(log: SheetTable): EntryListing[] {
  return undoable(log)
    .slice(0, MAX_ENTRIES)
    .map((e) => ({ id: e.id, row: e.row, event: e.event, battle: e.battle, result: e.result }));
}
