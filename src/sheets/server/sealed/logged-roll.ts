// Roll with Logged dice (Settings `Dice` = `Logged`): the server reveals any sealed plan, draws each d100 (a tie
// of the totals is rolled again, every pair kept), and writes the Roll cells and a Roll entry on the Log in one
// journaled write. Nobody can take a logged roll back: rolling again is a new logged roll, and Apply takes only the
// newest one's pairs (kept in the document's properties under the battle's name).
import type { BattleCallRequest, Response, Written } from '../../../contract/api';
import { fightSetup } from '../../../contract/fight-setup';
import {
  type BattleListing,
  type BattleSetup,
  campaignOf,
  type OpenedCampaign,
  sideLabel,
} from '../../../contract/campaign';
import type { Cell } from '../../../contract/cells';
import type { PairedBattle } from '../../battles';
import { parseBattleCallRequest, MAX_ROLLS } from '../../../contract/request-parsers';
import { nameKey, type Plan, type RollPair } from '../../../rules';
import { sheetOf, type Book } from '../book';
import { Refusal } from '../../../contract/errors';
import { campaignModel } from '../campaign-read';
import { commitEntry, type WriteOutcome } from '../journal';
import { type CellChange, EVENT_REVEAL, EVENT_ROLL, type Ends } from '../journal-sheets';
import {
  bindingPlans,
  drawD100,
  dropRoll,
  dropSeal,
  keepRoll,
  keptRoll,
  type LoggedRoll,
  readKept,
  rollsWith,
} from '../seals';
import { sealTime } from '../../../contract/seal';
import { byOf } from '../people';
import { mayPlay } from '../door';
import type { Person } from '../../../contract/rights';
import { battleCallId, journaledCall, type WritePlan } from '../write';
import { battleOnSheet, cellOfRow, sideCellChange } from './battle-on-sheet';
import { holdToRevealed, revealOf, boundPlans, revealedText } from './reveal-check';
import type { Reveal } from './reveal-check';
import { listed } from './roll-entries';
import { nothingWritten, nothingWrittenAfter } from '../../../contract/refusals';

/** Sidebar → Roll, with Logged dice. The request is parsed before anything is read. */
export const sidebarRoll = (raw: unknown): Response<Written> =>
  journaledCall({
    deed: 'roll',
    request: () => parseBattleCallRequest(raw),
    write: (request, person) => ({
      what: 'Rolling the dice',
      id: battleCallId(
        request.id,
        request.battle,
        [EVENT_ROLL, EVENT_REVEAL],
        (e) => `This roll was made already (Log row ${e.row}).`,
      ),
      plan: (book) => rollPlan(book, request, person, new Date()),
    }),
  });

/** The battle's setup as listed, each side's plan the revealed one (or the plan its cell held open). */
function setupWithPlans(listing: BattleListing, plans: readonly [Plan, Plan]): BattleSetup {
  return {
    name: listing.setup.name,
    sides: [0, 1].map((i) => {
      const s = listing.setup.sides[i as 0 | 1];
      return { ...s, circumstances: { ...s.circumstances, plan: plans[i as 0 | 1] } };
    }) as unknown as BattleSetup['sides'],
  };
}

/** Pairs of d100 drawn until one decides the battle (every tie kept); none when the plans rule the battle out. */
function drawUntilDecided(opened: OpenedCampaign, setup: BattleSetup): RollPair[] {
  const pairs: RollPair[] = [];
  for (;;) {
    const fought = fightSetup(opened, setup, pairs);
    if (!fought.ok) throw new Refusal('invalid', fought.problem);
    const kind = fought.fight.result.kind;
    if (kind === 'noBattle' || kind === 'decided') return pairs;
    if (pairs.length >= MAX_ROLLS)
      throw new Refusal('failed', 'The dice tied a hundred times: nothing was rolled or written.');
    pairs.push([drawD100(), drawD100()]);
  }
}

/** The Roll cells the deciding pair changes. */
function rollCellChanges(
  book: Book,
  battle: PairedBattle,
  rows: readonly [number, number],
  last: RollPair,
): CellChange[] {
  const cell = cellOfRow(sheetOf(book, 'battles'));
  return ([0, 1] as const)
    .map((i): CellChange => sideCellChange(battle, rows, i, cell)('Roll', last[i]))
    .filter((c) => c.before !== c.after);
}

/** The Log's Result of a logged roll: the plans revealed, the deciding pair and the ties before it. */
function rollResult(battle: PairedBattle, reveal: Reveal | null, pairs: readonly RollPair[]): string {
  const revealed = reveal ? `Plans revealed: ${revealedText(battle, reveal)}. ` : '';
  const last = pairs[pairs.length - 1];
  if (!last) return `${revealed}No battle: the plans rule it out.`;
  const ties =
    pairs.length > 1
      ? ` (ties rolled again: ${pairs
          .slice(0, -1)
          .map((p) => `${p[0]}-${p[1]}`)
          .join(', ')})`
      : '';
  return `${revealed}Rolled ${sideLabel(battle, 0)} ${last[0]}, ${sideLabel(battle, 1)} ${last[1]}${ties}`;
}

/**
 * Commits the entry; a roll's pairs are kept before the cells are written, so Apply never meets logged Roll cells
 * without their pairs, and a write put back restores the roll kept before it.
 */
function commitRoll(
  entry: {
    readonly book: Book;
    readonly id: string;
    readonly fields: Readonly<Record<string, Cell>>;
    readonly changes: readonly CellChange[];
    readonly ends: Ends;
  },
  kept: {
    /** The battle's name, under which its roll is kept. */
    readonly battle: string;
    /** The roll to keep; null for a reveal that ruled the battle out. */
    readonly roll: LoggedRoll | null;
    /** The commitments of the seals the reveal spent, dropped once written. */
    readonly spent: readonly string[];
    /** The roll kept before this one, put back if this write is. */
    readonly previous: LoggedRoll | null;
  },
): WriteOutcome {
  const { book, id, fields, changes, ends } = entry;
  const { battle, roll, spent, previous } = kept;
  if (!roll) {
    const outcome = commitEntry(book, id, fields, changes, ends);
    if (outcome.ok) for (const c of spent) dropSeal(c);
    return outcome;
  }
  keepRoll(battle, roll);
  const putBack = () => {
    try {
      if (previous) keepRoll(battle, previous);
      else dropRoll(battle);
    } catch {
      // Apply then finds the Roll cells and the kept pairs disagree, and asks for a new roll.
    }
  };
  let outcome: WriteOutcome;
  try {
    outcome = commitEntry(book, id, fields, changes, ends);
  } catch (e) {
    putBack();
    throw e;
  }
  if (outcome.ok) for (const c of spent) dropSeal(c);
  else if (outcome.restored) putBack();
  return outcome;
}

/** The plan of a logged roll: any sealed plan revealed, the dice drawn, the Roll cells and the Log entry. */
function rollPlan(book: Book, request: BattleCallRequest, person: Person, when: Date): WritePlan {
  if (book.settings.dice !== 'Logged') {
    throw new Refusal(
      'invalid',
      nothingWrittenAfter(
        'The Settings say Dice: Sidebar, so the sidebar rolls',
        'A GM sets Dice to Logged for the server to roll.',
      ),
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
  if (!listing)
    throw new Refusal(
      'invalid',
      nothingWritten(`Battle "${battle.name}" cannot be read from the Battles sheet.`),
    );
  if (listing.rollFormula) {
    throw new Refusal(
      'invalid',
      nothingWritten(
        `A Roll cell of battle "${battle.name}" holds a formula: clear it, as with Logged dice the server rolls.`,
      ),
    );
  }
  const sealed = battle.sides.some((s) => s.planSealed);
  const kept = readKept();
  const reveal: Reveal | null = sealed ? revealOf(battle, rows, cellOfRow(battles), kept) : null;
  const plans = reveal?.plans ?? [battle.sides[0].circumstances.plan, battle.sides[1].circumstances.plan];
  // Plans revealed before (a GM's Reveal, an earlier roll) bind this roll; a sealed side is checked by its reveal.
  const bound = sealed ? null : bindingPlans(battle.name, kept);
  if (bound) holdToRevealed(bound, battle, plans);
  const setup = setupWithPlans(listing, plans);
  const pairs = drawUntilDecided(campaignOf(model.data, model.units, model.characters), setup);
  if (pairs.length === 0 && !reveal) {
    throw new Refusal(
      'invalid',
      `The plans of battle "${battle.name}" rule out a battle: there is nothing to roll.`,
    );
  }
  const last = pairs[pairs.length - 1];
  const changes = [...(reveal?.changes ?? []), ...(last ? rollCellChanges(book, battle, rows, last) : [])];
  const result = rollResult(battle, reveal, pairs);
  const fields = {
    When: when,
    Event: last ? EVENT_ROLL : EVENT_REVEAL,
    Battle: battle.name,
    'Side A': sideLabel(battle, 0),
    'Side B': sideLabel(battle, 1),
    'Rolls A': listed(pairs, 0),
    'Rolls B': listed(pairs, 1),
    Result: result,
    By: byOf(book.viewer?.email ?? ''),
  };
  // The roll binds the plans it was rolled with, open ones too, and joins the battle's kept rolls.
  const previous = keptRoll(battle.name, kept);
  const made = { entry: request.id, by: fields.By, when: sealTime(when), pairs };
  const roll: LoggedRoll | null = last
    ? {
        entry: request.id,
        pairs,
        plans: bound ?? boundPlans(battle, plans, reveal?.sealed ?? null, request.id),
        ...rollsWith(previous, made),
      }
    : null;
  return {
    ok: true,
    changes,
    commit: (ends) =>
      commitRoll(
        { book, id: request.id, fields, changes, ends },
        { battle: battle.name, roll, spent: reveal?.spent ?? [], previous },
      ),
    done: (logRow) => `${result}. Logged on Log row ${logRow}.`,
  };
}
