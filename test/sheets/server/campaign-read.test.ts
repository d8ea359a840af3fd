// The campaign a call builds from the sheets it read (src/sheets/server/campaign-read.ts), on plain tables: battles
// fought long ago are neither parsed nor listed, so a Battles sheet long with history costs a call no more than a
// short one, while every battle not yet fought, the last few fought and the one a write names are read whole.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/rules';
import type { Book } from '../../../src/sheets/server/book';
import { campaignModel, RECENT_FOUGHT } from '../../../src/sheets/server/campaign-read';
import { BATTLE_HEADERS } from '../../../src/contract/columns';
import { fakeTable, withHistory } from '../../support';

type Tables = ReturnType<typeof withHistory>;

const bookOf = (tables: Tables): Book => {
  const t = (name: keyof Tables) => fakeTable(tables[name] ?? [], { name }).t;
  return {
    units: t('Units'),
    characters: t('Characters'),
    battles: t('Battles'),
    log: t('Log'),
    undo: t('Undo'),
    settings: defaultSettings(),
    rollFormulas: new Map(),
    later: {},
  };
};

/** The history's tables with a cell of the first Battles row of `battle` set to `value`. */
function withCell(tables: Tables, battle: string, header: string, value: string): Tables {
  const battles = (tables.Battles ?? []).map((row) => [...row]);
  const row = battles.find((r) => r[0] === battle);
  if (!row) throw new Error(`no battle ${battle}`);
  row[BATTLE_HEADERS.indexOf(header as (typeof BATTLE_HEADERS)[number])] = value;
  return { ...tables, Battles: battles };
}

const listed = (book: Book, battle = '') => campaignModel(book, { battle }).data;
const names = (data: ReturnType<typeof listed>) => data.battles.map((b) => b.setup.name);
/** The sheet row of a battle's first row in the history's tables (the header is row 1). */
const rowOf = (tables: Tables, battle: string) =>
  (tables.Battles ?? []).findIndex((r) => r[0] === battle) + 1;

describe('battles fought long ago', () => {
  it(`are not listed: every battle not fought, then the last ${RECENT_FOUGHT} fought`, () => {
    expect(RECENT_FOUGHT).toBe(3);
    expect(names(listed(bookOf(withHistory(8))))).toEqual([
      'Ford of Avanil',
      'Filler skirmish',
      'Old battle 5',
      'Old battle 6',
      'Old battle 7',
    ]);
  });

  it('are not parsed: a bad cell there is left to BATTLES, while one on a recent battle is a problem', () => {
    const tables = withCell(
      withCell(withHistory(8), 'Old battle 0', 'Castle Level', 'lots'),
      'Old battle 6',
      'Castle Level',
      'many',
    );
    const data = listed(bookOf(tables));
    expect(data.problems).toEqual([
      `Battles row ${rowOf(tables, 'Old battle 6')}: Castle Level must be a whole number from 0 to 100 (got "many")`,
      `Battles row ${rowOf(tables, 'Old battle 6') + 1}: the other side of battle "Old battle 6" (row ${rowOf(tables, 'Old battle 6')}) is bad: Castle Level must be a whole number from 0 to 100 (got "many")`,
    ]);
  });

  it('are read whole when a write names one, and its bad cell is then a problem', () => {
    const tables = withCell(withHistory(8), 'Old battle 0', 'Castle Level', 'lots');
    const data = listed(bookOf(tables), 'old BATTLE 0');
    expect(data.problems[0]).toBe(
      `Battles row ${rowOf(tables, 'Old battle 0')}: Castle Level must be a whole number from 0 to 100 (got "lots")`,
    );
    const named = listed(bookOf(withHistory(8)), 'Old battle 0');
    // Besides the battles sent anyway: the one named is read once and sent, the three recent ones still sent.
    expect(names(named)).toEqual([
      'Ford of Avanil',
      'Filler skirmish',
      'Old battle 0',
      'Old battle 5',
      'Old battle 6',
      'Old battle 7',
    ]);
    expect(named.battles.find((b) => b.setup.name === 'Old battle 0')?.appliedBy).toBe('past-0');
  });

  it('are told by their Fought cells when the Log no longer holds them; a Fought cell Apply did not write is read', () => {
    const history = withHistory(8);
    const noLog = {
      ...history,
      Log: (history.Log ?? []).slice(0, 1),
      Undo: (history.Undo ?? []).slice(0, 1),
    };
    expect(names(listed(bookOf(noLog)))).toEqual([
      'Ford of Avanil',
      'Filler skirmish',
      'Old battle 5',
      'Old battle 6',
      'Old battle 7',
    ]);
    const scribbled = withCell(noLog, 'Old battle 1', 'Fought', 'won, I think');
    const data = listed(bookOf(scribbled));
    expect(data.problems[0]).toMatch(
      new RegExp(
        `^Battles row ${rowOf(scribbled, 'Old battle 1')}: Fought must be blank or as Apply wrote it`,
      ),
    );
  });
});
