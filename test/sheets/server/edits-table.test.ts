// A table that edits while Warcard writes: each write (apply, undo, new round, save, and the put-back of a write a
// double fault left unfinished) × each person's edit (a row inserted, deleted or sorted on Units and on Battles, an
// army renamed, a cell the write changes typed) × each moment (between load and write, before each write call, after
// the last). Every case must end as if the edit and the write happened one after the other, in either order, or
// with the write refused and everything exactly as the person left it.
import { expect } from 'vitest';
import { columnLetters, editsOf, type LoadedWorkbook } from '../../../dev/gas';
import type { Written } from '../../../src/contract/api';
import { defined } from '../../../src/rules';
import {
  apply,
  asTyped,
  blankCard,
  call,
  editedFirstBattle,
  type EditedWrite,
  editsSweep,
  LOG_EDITS,
  type LastWrites,
  lastWritesOf,
  lastWriteTyped,
  FORD,
  FORD_ROLLS,
  fill,
  libraryCampaign,
  load,
  newestEntry,
  newRound,
  ok,
  open,
  type PersonEdit,
  ranEveryCase,
  requestFor,
  roster,
  setupOf,
  undo,
  unitRow,
  unitsWriteMethods,
  values,
} from '../../support';

const WRITES: readonly EditedWrite[] = [
  {
    name: 'apply',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const request = requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'table-apply');
      return { lw, run: () => apply(lw, request) };
    },
  },
  {
    name: 'undo',
    prepare: () => {
      const lw = open();
      const data = load(lw);
      const entry = newestEntry(
        ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'table-undo'))).campaign,
      ).id;
      return { lw, run: () => undo(lw, entry) };
    },
  },
  {
    name: 'new round',
    prepare: () => {
      const lw = open();
      return { lw, run: () => newRound(lw, 'table-round') };
    },
  },
  {
    name: 'save',
    prepare: () => {
      const lw = open();
      const { setup, fingerprint } = editedFirstBattle(lw);
      return {
        lw,
        run: () => call<Written>(lw, 'sidebarSave', { setup, battle: fingerprint }),
      };
    },
  },
  {
    name: 'fill from the Library',
    prepare: () => {
      const lw = open(0, fillCampaign());
      return { lw, run: () => fill(lw, 'table-fill') };
    },
  },
  {
    name: 'undo of a fill',
    prepare: () => {
      const lw = open(0, fillCampaign());
      ok(fill(lw, 'table-fill'));
      const entry = newestEntry(load(lw)).id;
      return { lw, run: () => undo(lw, entry) };
    },
  },
  {
    name: 'put-back',
    prepare: () => {
      // An apply whose second Units write fails, and every one after: its first cannot be put back.
      const methods = unitsWriteMethods();
      const lw = open();
      const data = load(lw);
      const method = defined(methods[1], 'a second Units write');
      lw.calls.failOn({
        method,
        sheet: 'Units',
        nth: methods.slice(0, 2).filter((m) => m === method).length,
        persistent: true,
      });
      if (method !== methods[0])
        lw.calls.failOn({ method: defined(methods[0], 'a write'), sheet: 'Units', nth: 2, persistent: true });
      const failed = apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS, 'table-putback'));
      expect(failed.ok).toBe(false);
      lw.calls.clearFaults();
      expect(values(lw, 'Log')[1]?.[12]).toBe('Pending');
      return { lw, run: () => call(lw, 'sidebarLoad') };
    },
  },
];

/** The test campaign with a Library: Avanil Bowmen, now Scouts, and two Ghoere Scouts have blank cards. */
function fillCampaign() {
  const tables = libraryCampaign();
  const units = defined(tables.Units, 'Units');
  const bowmen = units.findIndex((r) => r[0] === 'Avanil Bowmen');
  units[bowmen] = blankCard('Avanil Bowmen', 'Avanil', 'Scouts');
  // Twins (one name, one army): told apart by what the fill does not change, and by their rows.
  units.push(blankCard('Ghoere Scouts', 'Ghoere', 'Scouts'), blankCard('Ghoere Scouts', 'Ghoere', 'Scouts'));
  return tables;
}

/** A Battles row another user types at the top. */
const TYPED_BATTLE = ['Ambush at dawn', 'Scouts', 'Avanil'];
const byFirst = (a: readonly unknown[], b: readonly unknown[]) => String(a[0]).localeCompare(String(b[0]));

/** Where the first cell the write changes sits, on Units or else Battles, and a value neither before nor after. */
interface Typed {
  readonly sheet: string;
  readonly a1: string;
  readonly value: string;
}

const TYPED_EDIT = 'a cell the write changes typed';

type Edit = PersonEdit<Typed & LastWrites>;

const rowOf = (lw: LoadedWorkbook, sheet: string, name: string, last = false): number => {
  const rows = values(lw, sheet);
  const at = rows.map((r) => r[0] === name).lastIndexOf(true);
  return last ? at + 1 : rows.findIndex((r) => r[0] === name) + 1;
};

const EDITS: readonly Edit[] = [
  {
    name: 'a Units row inserted at the top',
    make: (lw) =>
      editsOf(lw.workbook).insertRow(
        'Units',
        2,
        asTyped([unitRow('New levy', 'Avanil', 'Levy', 'Melee', [1, 2, 0, 1, 0, 1, 2])])[0],
      ),
  },
  {
    name: 'a Units row deleted',
    make: (lw) => editsOf(lw.workbook).deleteRow('Units', rowOf(lw, 'Units', 'Avanil Bowmen')),
  },
  { name: 'Units sorted by name', make: (lw) => editsOf(lw.workbook).sortRows('Units', byFirst) },
  {
    name: 'a Battles row inserted at the top',
    make: (lw) => editsOf(lw.workbook).insertRow('Battles', 2, TYPED_BATTLE),
  },
  {
    name: 'a Battles row deleted',
    make: (lw) => editsOf(lw.workbook).deleteRow('Battles', rowOf(lw, 'Battles', 'Filler skirmish', true)),
  },
  { name: 'Battles sorted by name', make: (lw) => editsOf(lw.workbook).sortRows('Battles', byFirst) },
  {
    name: 'an army renamed on its Units rows',
    make: (lw) => {
      expect(editsOf(lw.workbook).rename('Units', 'Army', 'Ghoere', 'Ghoere Host')).toBeGreaterThan(0);
    },
  },
  {
    name: TYPED_EDIT,
    make: (lw, typed) => editsOf(lw.workbook).type(typed.sheet, typed.a1, typed.value),
  },
];

/** The first cell a clean run of the write changes (Units first), and a value to type there. */
function typedCell(before: ReturnType<typeof roster>, after: ReturnType<typeof roster>): Typed {
  for (const sheet of ['Units', 'Battles']) {
    const [b, a] = [before[sheet] as unknown[][], after[sheet] as unknown[][]];
    const header = (b[0] ?? []) as unknown[];
    for (let r = 1; r < Math.max(a.length, b.length); r++) {
      for (let c = 0; c < Math.max(a[r]?.length ?? 0, b[r]?.length ?? 0); c++) {
        const [x, y] = [b[r]?.[c] ?? '', a[r]?.[c] ?? ''];
        if (x === y) continue;
        const h = header[c];
        const value =
          h === 'Status'
            ? [x, y].includes('Captured')
              ? 'Destroyed'
              : 'Captured'
            : h === 'Plan'
              ? [x, y].includes('Hold')
                ? 'Normal attack'
                : 'Hold'
              : 'typed by a player';
        return { sheet, a1: `${columnLetters(c + 1)}${r + 1}`, value };
      }
    }
  }
  throw new Error('the write changed no Units or Battles cell');
}

/** The campaign as compared: the roster sheets, and the Log's entries with their states, and the Undo rows. */
const seen = (lw: LoadedWorkbook): string =>
  JSON.stringify({
    ...roster(lw),
    log: values(lw, 'Log')
      .slice(1)
      .map((r) => [r[1], r[12]]),
    undo: values(lw, 'Undo').length,
  }).replace(/"s-[0-9a-z]+-[0-9a-z]+"/g, '"ID"');

const counts = { cases: 0, written: 0, refused: 0 };

editsSweep(WRITES, [...EDITS, ...LOG_EDITS, lastWriteTyped('Units'), lastWriteTyped('Battles')], {
  seen,
  counts,
  context: (lw, run) => {
    const start = roster(lw);
    run();
    return { ...typedCell(start, roster(lw)), ...lastWritesOf(lw) };
  },
});

// 7 writes × 12 edits × their moments.
ranEveryCase('the table', 'edits table', counts, 7 * 12 * 5);
