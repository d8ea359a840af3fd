// Reveal (a GM's, without rolling): a battle's sealed plans, each checked against its commitment, written into
// their Plan cells and, with their salts, into the Sealed cells, as one journaled Reveal on the Log.
import type { BattleCallRequest, Response, Written } from '../../../contract/api';
import { parseBattleCallRequest } from '../../../contract/request-parsers';
import { type Book, sheetOf } from '../book';
import { campaignData } from '../campaign-read';
import { commitEntry, type WriteOutcome } from '../journal';
import { EVENT_REVEAL } from '../journal-sheets';
import { dropSeal, forgetPlans, keepPlans } from '../seals';
import { sideLabel } from '../../../contract/campaign';
import { byOf } from '../people';
import { mayPlay } from '../door';
import type { Person } from '../../../contract/rights';
import { answerNow, battleCallId, journaledCall, type WritePlan } from '../write';
import { cellOfRow, battleOnSheet } from './battle-on-sheet';
import { revealedText, revealOf, boundPlans } from './reveal-check';

/** Sidebar → Reveal plans. The request is parsed before anything is read. */
export const sidebarReveal = (raw: unknown): Response<Written> =>
  journaledCall({
    deed: 'reveal',
    request: () => parseBattleCallRequest(raw),
    write: (request, person) => ({
      what: 'Revealing the plans',
      id: battleCallId(
        request.id,
        request.battle,
        [EVENT_REVEAL],
        (e) => `These plans were revealed already (Log row ${e.row}).`,
      ),
      plan: (book) => revealPlan(book, request, person),
    }),
  });

function revealPlan(book: Book, request: BattleCallRequest, person: Person): WritePlan {
  const { battle, rows } = battleOnSheet(book, request.battle);
  mayPlay(
    person,
    'reveal',
    battle.sides.map((s) => s.armies),
  );
  if (!battle.sides.some((s) => s.planSealed)) {
    return answerNow({
      ok: true,
      message: `Battle "${battle.name}" has no sealed plan to reveal.`,
      campaign: campaignData(book),
    });
  }
  const reveal = revealOf(battle, rows, cellOfRow(sheetOf(book, 'battles')));
  const what = revealedText(battle, reveal);
  const fields = {
    When: new Date(),
    Event: EVENT_REVEAL,
    Battle: battle.name,
    'Side A': sideLabel(battle, 0),
    'Side B': sideLabel(battle, 1),
    Result: `Plans revealed: ${what}`,
    By: byOf(book.viewer?.email ?? ''),
  };
  const bound = boundPlans(battle, reveal.plans, reveal.sealed, request.id);
  return {
    ok: true,
    changes: reveal.changes,
    commit: (ends) => {
      // Kept before the cells show them, so that no moment has the plans revealed and not binding.
      keepPlans(battle.name, bound);
      let outcome: WriteOutcome;
      try {
        outcome = commitEntry(book, request.id, fields, reveal.changes, ends);
      } catch (e) {
        forgetPlans(battle.name);
        throw e;
      }
      if (outcome.ok) for (const c of reveal.spent) dropSeal(c);
      else if (outcome.restored) forgetPlans(battle.name);
      return outcome;
    },
    done: (logRow) => `Plans revealed: ${what}; logged on Log row ${logRow}.`,
  };
}
