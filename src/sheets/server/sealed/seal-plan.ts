// Seal plan: a side's plan kept out of every sheet (in the document's properties, under its commitment), its
// commitment written to the side's Sealed cell and `Sealed` to its Plan cell, as one journaled Seal on the Log.
// A side may seal again until the battle is rolled or revealed: each seal is a new commitment, logged.
import type { Response, SealRequest, Written } from '../../../contract/api';
import { parseSealRequest } from '../../../contract/request-parsers';
import { commitmentOf, SEALED, sealText, sealTime } from '../../../contract/seal';
import { nameKey } from '../../../rules';
import { type Book, sheetOf } from '../book';
import { fail } from '../serve';
import { Refusal } from '../../../contract/errors';
import { commitEntry, type WriteOutcome } from '../journal';
import { EVENT_SEAL } from '../journal-sheets';
import { bindingPlans, digest, drawSalt, dropSeal, keepSeal, readKept, sideKey } from '../seals';
import { sideLabel } from '../../../contract/campaign';
import { byOf } from '../people';
import { mayPlay } from '../door';
import type { Person } from '../../../contract/rights';
import { answerNow, battleCallId, journaledCall, type WritePlan } from '../write';
import { campaignData } from '../campaign-read';
import type { PairedBattle } from '../../battles';
import { needSealedColumn, battleOnSheet, cellOfRow, sideCellChange } from './battle-on-sheet';
import { nothingWritten } from '../../../contract/refusals';

/** Sidebar → Seal plan. The request is parsed before anything is read. */
export const sidebarSeal = (raw: unknown): Response<Written> =>
  journaledCall({
    deed: 'seal',
    request: () => parseSealRequest(raw),
    write: (request, person) => ({
      what: 'Sealing the plan',
      id: battleCallId(
        request.id,
        request.battle,
        [EVENT_SEAL],
        (e) => `This plan was sealed already (Log row ${e.row}).`,
      ),
      plan: (book) => sealPlan(book, request, person),
    }),
  });

/**
 * The side the request seals: the one with the armies the sidebar loaded, wherever its row is now; null when
 * neither side has them any more. A request without armies (an older sidebar) names it by its row.
 */
function sideSealed(battle: PairedBattle, request: SealRequest): 0 | 1 | null {
  if (!request.armies) return request.side;
  // Their order, their case and an army listed twice aside: the request's list is deduplicated at the door, a
  // Battles cell may name an army twice.
  const wanted = sideKey(request.armies);
  const found = ([0, 1] as const).filter((i) => sideKey(battle.sides[i].armies) === wanted);
  if (found.length === 2) return request.side;
  return found[0] ?? null;
}

function sealPlan(book: Book, request: SealRequest, person: Person): WritePlan {
  needSealedColumn(book);
  const { battle, rows } = battleOnSheet(book, request.battle);
  const i = sideSealed(battle, request);
  // A person who may not seal for the armies sent is refused as such, never told the battle changed.
  if (i === null) mayPlay(person, 'seal', [request.armies ?? []]);
  if (i === null) {
    return answerNow(
      fail(
        'stale',
        nothingWritten(
          `Neither side of battle "${battle.name}" has the armies ${(request.armies ?? []).join(', ').slice(0, 120)} any more: its Battles rows changed since the sidebar loaded.`,
        ),
        campaignData(book),
      ),
    );
  }
  mayPlay(person, 'seal', [battle.sides[i].armies]);
  const side = battle.sides[i];
  const name = sideLabel(battle, i);
  if (battle.sides.some((s) => s.roll !== undefined)) {
    throw new Refusal(
      'invalid',
      nothingWritten(`Battle "${battle.name}" is rolled already: a plan is sealed before the roll.`),
    );
  }
  if (battle.sides.some((s) => s.seal?.revealed)) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `The plans of battle "${battle.name}" were revealed already: they cannot be sealed again.`,
      ),
    );
  }
  // A player clearing the Plan and Sealed cells after the reveal does not open the plans again: the kept record does.
  const bound = bindingPlans(battle.name, readKept());
  if (bound) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `The plans of battle "${battle.name}" were revealed already (Log entry ${bound.entry}): they bind it, and cannot be sealed again.`,
      ),
    );
  }
  const by = byOf(book.viewer?.email ?? '');
  const salt = drawSalt();
  const commitment = commitmentOf(request.plan, salt, digest);
  const before = side.planSealed ? side.seal?.commitment : undefined;
  const cell = cellOfRow(sheetOf(book, 'battles'));
  const change = sideCellChange(battle, rows, i, cell);
  const changes = [
    ...(side.planSealed ? [] : [change('Plan', SEALED)]),
    change('Sealed', sealText({ by, when: sealTime(new Date()), commitment })),
  ];
  const again = before ? ' again' : '';
  const fields = {
    When: new Date(),
    Event: EVENT_SEAL,
    Battle: battle.name,
    [i === 0 ? 'Side A' : 'Side B']: name,
    Result: `${name} sealed its plan${again} (#${commitment})`,
    By: by,
  };
  return {
    ok: true,
    changes,
    commit: (ends) => {
      // Kept before the cells name it: a failure of the write forgets it again; one of keeping it wrote nothing.
      keepSeal(commitment, {
        battle: nameKey(battle.name),
        side: sideKey(side.armies),
        by: (book.viewer?.email ?? '').toLowerCase(),
        plan: request.plan,
        salt,
      });
      let outcome: WriteOutcome;
      try {
        outcome = commitEntry(book, request.id, fields, changes, ends);
      } catch (e) {
        // A read before the first write failed: nothing was written, so nothing may stay kept either.
        dropSeal(commitment);
        throw e;
      }
      if (outcome.ok && before) dropSeal(before);
      if (!outcome.ok && outcome.restored) dropSeal(commitment);
      return outcome;
    },
    done: (logRow) =>
      `${name}'s plan is sealed${again} (#${commitment}): ${request.plan}, seen only by ${name}'s own players until the reveal. Logged on Log row ${logRow}.`,
  };
}
