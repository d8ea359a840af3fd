// Random sequences of battles, undos, new rounds, hand edits and failing calls against a model of the campaign:
// a stack of rosters, one per entry Undo can take back. Whatever happens, the roster is the model's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RollPair } from '../../../src/contract/api';
import type { CampaignData } from '../../../src/contract/campaign';
import {
  apply,
  FORD,
  load,
  newestEntry,
  newRound,
  open,
  requestFor,
  roster,
  setupOf,
  undo,
  values,
} from '../../support';

type PlainOp =
  | { kind: 'battle'; battle: string; rolls: RollPair }
  | { kind: 'undo' }
  | { kind: 'round' }
  | { kind: 'edit'; row: number; text: string };
type Op = PlainOp | { kind: 'fault'; nth: number; op: PlainOp };

const battleOp = fc.record({
  kind: fc.constant('battle' as const),
  battle: fc.constantFrom(FORD, 'Filler skirmish'),
  rolls: fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 })),
});
const plainOp: fc.Arbitrary<PlainOp> = fc.oneof(
  battleOp,
  fc.constant({ kind: 'undo' as const }),
  fc.constant({ kind: 'round' as const }),
  fc.record({
    kind: fc.constant('edit' as const),
    row: fc.integer({ min: 2, max: 40 }),
    text: fc.string({ maxLength: 8 }),
  }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: plainOp },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      nth: fc.integer({ min: 1, max: 12 }),
      op: plainOp,
    }),
  },
);

const START: Op[] = [{ kind: 'battle', battle: FORD, rolls: [90, 10] }, { kind: 'round' }, { kind: 'undo' }];

/** The Type column (C): no entry ever writes it, so an edit there is kept through every undo. */
const TYPE = 2;

describe('sequences against a model', () => {
  const done = { battle: 0, undo: 0, round: 0, edit: 0 };
  it('keeps the roster equal to the model whatever the order of battles, undos, rounds, edits and faults', () => {
    fc.assert(
      // Each sequence starts with a battle, a new round and an undo, so every write is exercised every run.
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 7 }).map((ops): Op[] => [...START, ...ops]),
        (ops) => {
          const lw = open(30);
          /** The roster before each entry still undoable, newest last. */
          const stack: ReturnType<typeof roster>[] = [];
          let data: CampaignData = load(lw);
          const runOp = (o: PlainOp): boolean => {
            data = load(lw);
            const before = roster(lw);
            if (o.kind === 'edit') {
              lw.workbook.put('Units', `C${o.row}`, [
                [o.text === '' ? 'x' : o.text.replace(/^[=+\-@']/, 'x')],
              ]);
              const typed = values(lw, 'Units')[o.row - 1]?.[TYPE];
              for (const r of stack) {
                const units = r.Units as unknown[][];
                const row = units[o.row - 1];
                if (row) row[TYPE] = typed;
              }
              return true;
            }
            let answer: ReturnType<typeof undo>;
            if (o.kind === 'battle') {
              const listing = data.battles.find((b) => b.setup.name === o.battle);
              if (!listing) return false;
              let request: ReturnType<typeof requestFor>;
              try {
                request = requestFor(data, setupOf(data, o.battle), [o.rolls]);
              } catch {
                return false;
              }
              answer = apply(lw, request);
              if (listing.appliedBy !== null) {
                expect(answer.ok).toBe(false);
                expect(roster(lw)).toEqual(before);
                return false;
              }
            } else if (o.kind === 'undo') {
              const newest = data.entries[0];
              if (!newest) return false;
              answer = undo(lw, newest.id);
            } else {
              answer = newRound(lw);
            }
            const now = roster(lw);
            if (!answer.ok) {
              expect(now).toEqual(before);
              return false;
            }
            if (o.kind === 'undo') expect(now).toEqual(stack.pop());
            else if (JSON.stringify(now) !== JSON.stringify(before)) stack.push(before);
            return true;
          };
          for (const o of ops) {
            if (o.kind === 'fault') {
              lw.calls.failOn({ method: 'setValues', nth: o.nth });
              runOp(o.op);
              lw.calls.clearFaults();
            } else if (runOp(o)) done[o.kind]++;
          }
          // Everything undone, in order, gives back the first roster (with the edits).
          while (stack.length > 0) {
            data = load(lw);
            expect(undo(lw, newestEntry(data).id).ok).toBe(true);
            expect(roster(lw)).toEqual(stack.pop());
          }
        },
      ),
      { numRuns: 12 },
    );
    // The sequences did exercise every write (not only refusals).
    expect(done.battle).toBeGreaterThanOrEqual(12);
    expect(done.undo).toBeGreaterThanOrEqual(12);
    expect(done.round).toBeGreaterThanOrEqual(12);
  }, 120_000);
});
