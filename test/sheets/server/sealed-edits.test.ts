// The edits table of the sealed plans and logged dice: each of seal, reveal, logged roll and the apply of a logged
// roll × each edit a table makes of them (a Plan, Roll or Sealed cell typed, the battle renamed, an army renamed on
// the Battles sheet) × each moment (between load and write, before the write's first call, just after each of its
// write calls, after the last). Every case ends as if the edit and the write happened one after the other, in
// either order, or with the write refused and everything as the person left it, the kept seals, plans and rolls
// included.
import { describe, expect, it } from 'vitest';
import { columnLetters, editsOf, type LoadedWorkbook } from '../../../dev/gas';
import type { Response, Written } from '../../../src/contract/api';
import type { RollPair } from '../../../src/rules';
import { defined } from '../../../src/rules';
import {
  ANA,
  apply,
  BOB,
  FORD,
  GM,
  load,
  ok,
  open,
  ranEveryCase,
  requestFor,
  reveal,
  roll,
  seal,
  sealedSeen,
  seeded,
  setupOf,
  values,
} from '../../support';

interface Write {
  readonly name: string;
  /** A workbook in the state before, and the write to run on it (the same request, the same draws, every time). */
  readonly prepare: () => { lw: LoadedWorkbook; run: () => Response<Written> };
}

/** The Ford with Dice Logged; sealed by both sides when asked. */
function ford(sealed: boolean): LoadedWorkbook {
  const lw = open();
  lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  seeded(lw, 100);
  if (sealed) {
    lw.actAs(ANA);
    ok(seal(lw, 0, 'Encircle', 'edits-seal-0'));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Trap', 'edits-seal-1'));
  }
  lw.actAs(GM);
  return lw;
}

/** The write, its draws made the same in every run. */
const repeatable = (lw: LoadedWorkbook, call: () => Response<Written>) => () => {
  seeded(lw, 7);
  return call();
};

const WRITES: readonly Write[] = [
  {
    name: 'seal',
    prepare: () => {
      const lw = ford(false);
      lw.actAs(ANA);
      return { lw, run: repeatable(lw, () => seal(lw, 0, 'Encircle', 'edits-seal')) };
    },
  },
  {
    name: 'reveal',
    prepare: () => {
      const lw = ford(true);
      return { lw, run: () => reveal(lw, 'edits-reveal') };
    },
  },
  {
    name: 'logged roll',
    prepare: () => {
      const lw = ford(true);
      return { lw, run: repeatable(lw, () => roll(lw, 'edits-roll')) };
    },
  },
  {
    name: 'apply of a logged roll',
    prepare: () => {
      const lw = ford(true);
      const rolled = ok(roll(lw, 'edits-roll'));
      const pairs = defined(rolled.campaign.battles.find((b) => b.setup.name === FORD)?.logged, 'pairs');
      const data = load(lw);
      const request = requestFor(data, setupOf(data, FORD), pairs as RollPair[], 'edits-apply');
      return { lw, run: () => apply(lw, request) };
    },
  },
];

/** A Battles cell of the Ford's row of this army, by header. */
function fordCell(lw: LoadedWorkbook, army: string, header: string): string {
  const [head = [], ...rows] = values(lw, 'Battles');
  const at = (h: string) => head.indexOf(h);
  const row = rows.findIndex((r) => r[at('Battle')] === FORD && String(r[at('Armies')]) === army) + 2;
  expect(row, `the Ford's ${army} row`).toBeGreaterThan(1);
  return `${columnLetters(at(header) + 1)}${row}`;
}

/** A commitment of no kept seal, as a player types it (the same at every moment, as the other edits are). */
const TYPED_SEAL = 'Sealed by bob@example.com, 2026-01-01 00:00 UTC #0123456789ab';

interface Edit {
  readonly name: string;
  readonly make: (lw: LoadedWorkbook) => void;
}

const EDITS: readonly Edit[] = [
  {
    name: 'a Plan cell typed',
    make: (lw) => editsOf(lw.workbook).type('Battles', fordCell(lw, 'Ghoere', 'Plan'), 'Withdraw'),
  },
  {
    name: 'a Roll cell typed',
    make: (lw) => editsOf(lw.workbook).type('Battles', fordCell(lw, 'Avanil', 'Roll'), 42),
  },
  {
    name: 'a Sealed cell typed',
    make: (lw) => editsOf(lw.workbook).type('Battles', fordCell(lw, 'Ghoere', 'Sealed'), TYPED_SEAL),
  },
  {
    name: 'the battle renamed',
    make: (lw) => {
      expect(editsOf(lw.workbook).rename('Battles', 'Battle', FORD, 'Ford of Avanil renamed')).toBe(2);
    },
  },
  {
    name: 'an army renamed on the Battles sheet',
    make: (lw) => {
      expect(editsOf(lw.workbook).rename('Battles', 'Armies', 'Ghoere', 'Ghoere Host')).toBeGreaterThan(0);
    },
  },
];

const counts = { cases: 0, written: 0, refused: 0 };

describe.each(WRITES)('a table edits while Warcard writes: $name', ({ name, prepare }) => {
  const clean = prepare();
  clean.lw.calls.reset();
  expect(clean.run().ok).toBe(true);
  const calls = clean.lw.calls.log;
  const writeCalls = calls.flatMap((c, k) => (c.kind === 'write' ? [k + 1] : []));
  const moments = [...new Set([0, 1, ...writeCalls.map((p) => p + 1), calls.length + 1])];

  it.each(EDITS)(
    '$name: at every moment, written right or refused with everything as the person left it',
    (edit) => {
      const edited = prepare();
      edit.make(edited.lw);
      const refusedState = sealedSeen(edited.lw);
      const editFirst = edited.run().ok ? sealedSeen(edited.lw) : null;
      const later = prepare();
      expect(later.run().ok).toBe(true);
      edit.make(later.lw);
      const writeFirst = sealedSeen(later.lw);
      for (const k of moments) {
        const { lw, run } = prepare();
        let answer: Response<Written>;
        if (k === 0) {
          edit.make(lw);
          answer = run();
        } else {
          lw.calls.reset();
          const e = lw.calls.editBefore(k, () => edit.make(lw));
          answer = run();
          lw.calls.clearEdits();
          if (!e.ran) edit.make(lw);
        }
        const now = sealedSeen(lw);
        const where = `${name}, ${edit.name}, before call ${k} (${calls[k - 1]?.method ?? '-'} on ${calls[k - 1]?.sheet ?? '-'})`;
        counts.cases++;
        if (answer.ok) counts.written++;
        else counts.refused++;
        if (answer.ok) {
          expect([editFirst, writeFirst], `${where}: ${answer.message ?? ''}`).toContain(now);
        } else {
          expect(answer.message, where).not.toMatch(/partly/);
          expect(now, `${where}: ${answer.message}`).toBe(refusedState);
        }
      }
    },
  );
});

ranEveryCase('the sealed edits table', 'sealed edits table', counts, 4 * 5 * 4);
