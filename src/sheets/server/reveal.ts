// Reveal (a GM's, without rolling): a battle's sealed plans, each checked against its commitment, written into
// their Plan cells and, with their salts, into the Sealed cells, as one journaled Reveal on the Log. The battle on
// the sheet as the seal, the reveal and the logged roll find it is here too.
import type { BattleCallRequest, Response, Written } from '../../contract/api';
import { parseBattleCallRequest } from '../../contract/request-parsers';
import { nameKey } from '../../rules';
import { type PairedBattle, pairBattles } from '../battles';
import { cellAt, indexOfSheetRow, type SheetTable, sheetRowOf } from '../sheet-table';
import { type Book, sheetOf } from './book';
import { Refusal } from '../../contract/errors';
import { campaignData } from './campaign-read';
import { commitEntry, type WriteOutcome } from './journal';
import { appliedBattles, EVENT_REVEAL } from './journal-sheets';
import { boundPlans, dropSeal, forgetPlans, keepPlans, type Reveal, revealOf } from './seals';
import { sideLabel } from '../../contract/campaign';
import { byOf } from './people';
import { mayPlay } from './door';
import type { Person } from '../../contract/rights';
import { answerNow, battleCallId, journaledCall, type WritePlan } from './write';

/** A battle's two rows as the Battles sheet holds them now. */
export interface SheetBattle {
  readonly battle: PairedBattle;
  /** Sheet rows, in sheet order. */
  readonly rows: readonly [number, number];
}

/**
 * The battle of this name on the Battles sheet, read and paired: refused when it is not there, cannot be read, or
 * was applied already (a sealed plan, a reveal, a logged roll are for a battle still to fight).
 */
export function battleOnSheet(book: Book, name: string): SheetBattle {
  const t = sheetOf(book, 'battles');
  const key = nameKey(name);
  const results = pairBattles(t.table);
  let problem: string | null = null;
  for (const [i, r] of results.entries()) {
    if (r.kind === 'side' && nameKey(r.battle.name) === key) {
      const battle = r.battle;
      if (battle.sides.some((s) => s.fought) || (book.log && appliedBattles(book.log, nameKey).has(key))) {
        throw new Refusal('invalid', `Battle "${battle.name}" was applied already: it is fought.`);
      }
      return { battle, rows: [sheetRowOf(t, battle.rows[0]), sheetRowOf(t, battle.rows[1])] };
    }
    if (r.kind === 'error' && nameKey(String(t.table.rows[i]?.[t.table.column('Battle')] ?? '')) === key) {
      problem ??= `Battles row ${sheetRowOf(t, i)}: ${r.error.message}`;
    }
  }
  throw new Refusal(
    'invalid',
    problem
      ? `Battle "${name.slice(0, 60)}" cannot be read. ${problem}: fix the row. Nothing was written.`
      : `Battle "${name.slice(0, 60)}" is not on the Battles sheet: it is saved there first. Nothing was written.`,
  );
}

/** A cell of a sheet row, for the changes' befores. */
export const cellOfRow =
  (t: SheetTable) =>
  (row: number, header: string): unknown =>
    cellAt(t, indexOfSheetRow(t, row), header);

/** The Battles sheet needs its Sealed column to hold a seal. */
export function needSealedColumn(book: Book): void {
  if (!sheetOf(book, 'battles').table.has('Sealed')) {
    throw new Refusal(
      'setup',
      'The Battles sheet has no Sealed column (Warcard → Set up campaign adds it). Nothing was written.',
    );
  }
}

/** The Log's words for the plans a reveal wrote. */
export const revealedText = (battle: PairedBattle, reveal: Reveal): string =>
  ([0, 1] as const)
    .filter((i) => reveal.sealed[i])
    .map((i) => `${sideLabel(battle, i)} ${reveal.plans[i]} (#${reveal.sealed[i]?.commitment})`)
    .join(', ');

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
