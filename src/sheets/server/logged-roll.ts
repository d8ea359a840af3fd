// Roll with Logged dice (Settings `Dice` = `Logged`): the server reveals any sealed plan, draws each d100 (a tie
// of the totals is rolled again, every pair kept), and writes the Roll cells and a Roll entry on the Log in one
// journaled write. Nobody can take a logged roll back: rolling again is a new logged roll, and Apply takes only the
// newest one's pairs (kept in the document's properties under the battle's name).
import type { BattleCallRequest, Response, Written } from '../../contract/api';
import { fightSetup } from '../../contract/fight-setup';
import { type BattleSetup, campaignOf } from '../../contract/campaign';
import { parseBattleCallRequest, MAX_ROLLS } from '../../contract/request-parsers';
import { nameKey, type RollPair } from '../../rules';
import { sheetOf, type Book, fail, serve } from './book';
import { Refusal } from '../../contract/errors';
import { campaignModel } from './campaign-read';
import { commitEntry, type WriteOutcome } from './journal';
import { type CellChange, EVENT_REVEAL, EVENT_ROLL } from './journal-sheets';
import { battleOnSheet, cellOfRow, revealedText } from './reveal';
import {
  drawD100,
  dropRoll,
  dropSeal,
  keepRoll,
  keptRoll,
  type LoggedRoll,
  type Reveal,
  revealOf,
  sideName,
} from './seals';
import { byOf } from './people';
import { atTheDoor, mayPlay } from './door';
import type { Person } from '../../contract/rights';
import { journaled, type WritePlan, serveLocked } from './write';

/** Sidebar → Roll, with Logged dice. The request is parsed before anything is read. */
export function sidebarRoll(raw: unknown): Response<Written> {
  return serve(() => {
    const parsed = parseBattleCallRequest(raw);
    if (!parsed.ok) return fail(parsed.error.code, parsed.error.message);
    const request = parsed.value;
    const { person } = atTheDoor('roll');
    return serveLocked(() =>
      journaled({
        acting: { person, deed: 'roll' },
        what: 'Rolling the dice',
        id: {
          value: request.id,
          same: (e) =>
            (e.event === EVENT_ROLL || e.event === EVENT_REVEAL) &&
            nameKey(e.battle) === nameKey(request.battle),
          already: (e) => `This roll was made already (Log row ${e.row}).`,
        },
        plan: (book) => rollPlan(book, request, person),
      }),
    );
  });
}

/** The pairs as the Log's Rolls cells list them. */
const listed = (pairs: readonly RollPair[], i: 0 | 1): string => pairs.map((p) => p[i]).join(', ');

function rollPlan(book: Book, request: BattleCallRequest, person: Person): WritePlan {
  if (book.dice !== 'Logged') {
    throw new Refusal(
      'invalid',
      'The Settings say Dice: Sidebar, so the sidebar rolls: nothing was written. A GM sets Dice to Logged for the server to roll.',
    );
  }
  const { battle, rows } = battleOnSheet(book, request.battle);
  mayPlay(
    person,
    'roll',
    battle.sides.map((s) => s.armies),
  );
  const battles = sheetOf(book, 'battles');
  const model = campaignModel(book, { battle: battle.name });
  const listing = model.data.battles.find((b) => nameKey(b.setup.name) === nameKey(battle.name));
  if (!listing) throw new Refusal('invalid', `Battle "${battle.name}" cannot be read: reload the sidebar.`);
  if (listing.rollFormula) {
    throw new Refusal(
      'invalid',
      `A Roll cell of battle "${battle.name}" holds a formula: clear it, then roll (with Logged dice the server rolls).`,
    );
  }
  const reveal: Reveal | null = battle.sides.some((s) => s.planSealed)
    ? revealOf(battle, rows, cellOfRow(battles))
    : null;
  const plans = reveal?.plans ?? [battle.sides[0].circumstances.plan, battle.sides[1].circumstances.plan];
  const setup: BattleSetup = {
    name: listing.setup.name,
    sides: [0, 1].map((i) => {
      const s = listing.setup.sides[i as 0 | 1];
      return { ...s, circumstances: { ...s.circumstances, plan: plans[i as 0 | 1] } };
    }) as unknown as BattleSetup['sides'],
  };
  const opened = campaignOf(model.data, model.units, model.characters);
  const pairs: RollPair[] = [];
  let noBattle = false;
  for (;;) {
    const fought = fightSetup(opened, setup, pairs);
    if (!fought.ok) throw new Refusal('invalid', fought.problem);
    const kind = fought.fight.result.kind;
    if (kind === 'noBattle') {
      noBattle = true;
      break;
    }
    if (kind === 'decided') break;
    if (pairs.length >= MAX_ROLLS) throw new Refusal('failed', 'The dice tied a hundred times: roll again.');
    pairs.push([drawD100(), drawD100()]);
  }
  const revealed = reveal ? `Plans revealed: ${revealedText(battle, reveal)}. ` : '';
  if (noBattle && !reveal) {
    throw new Refusal(
      'invalid',
      `The plans of battle "${battle.name}" rule out a battle: there is nothing to roll.`,
    );
  }
  const last = pairs[pairs.length - 1];
  const cell = cellOfRow(battles);
  const rollChanges: CellChange[] = last
    ? ([0, 1] as const).map((i) => ({
        sheet: 'battles',
        row: rows[i],
        header: 'Roll',
        name: battle.name,
        army: '',
        before: cell(rows[i], 'Roll'),
        after: last[i],
      }))
    : [];
  const changes = [...(reveal?.changes ?? []), ...rollChanges.filter((c) => c.before !== c.after)];
  const ties =
    pairs.length > 1
      ? ` (ties rolled again: ${pairs
          .slice(0, -1)
          .map((p) => `${p[0]}-${p[1]}`)
          .join(', ')})`
      : '';
  const result = last
    ? `${revealed}Rolled ${sideName(battle, 0)} ${last[0]}, ${sideName(battle, 1)} ${last[1]}${ties}`
    : `${revealed}No battle: the plans rule it out.`;
  const fields = {
    When: new Date(),
    Event: last ? EVENT_ROLL : EVENT_REVEAL,
    Battle: battle.name,
    'Side A': sideName(battle, 0),
    'Side B': sideName(battle, 1),
    'Rolls A': listed(pairs, 0),
    'Rolls B': listed(pairs, 1),
    Result: result,
    By: byOf(book.viewer?.email ?? ''),
  };
  const roll: LoggedRoll = { entry: request.id, pairs };
  return {
    changes,
    commit: (ends) => {
      if (!last) {
        const outcome = commitEntry(book, request.id, fields, changes, ends);
        if (outcome.ok) for (const c of reveal?.spent ?? []) dropSeal(c);
        return outcome;
      }
      // Kept before the cells are written, so Apply never meets logged Roll cells without their pairs; a write
      // put back restores the roll kept before it.
      const previous = keptRoll(battle.name);
      keepRoll(battle.name, roll);
      const putBack = () => {
        try {
          if (previous) keepRoll(battle.name, previous);
          else dropRoll(battle.name);
        } catch {
          // Apply then finds the Roll cells and the kept pairs disagree, and asks for a new roll.
        }
      };
      let outcome: WriteOutcome;
      try {
        outcome = commitEntry(book, request.id, fields, changes, ends);
      } catch (e) {
        putBack();
        throw e;
      }
      if (outcome.ok) for (const c of reveal?.spent ?? []) dropSeal(c);
      else if (outcome.restored) putBack();
      return outcome;
    },
    done: (logRow) => `${result}. Logged on Log row ${logRow}.`,
  };
}
