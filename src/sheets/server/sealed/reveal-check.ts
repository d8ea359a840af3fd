// The reveal of a battle's sealed plans, each checked against its commitment, the plans it binds the battle to,
// and the refusal of any other plan once revealed: taken by Reveal, the logged roll and Apply.
import { sideLabel } from '../../../contract/campaign';
import type { Cell } from '../../../contract/cells';
import { matchesCommitment, SALT, type Seal, sealText } from '../../../contract/seal';
import { nameKey, type Plan } from '../../../rules';
import type { PairedBattle } from '../../battles';
import { Refusal } from '../../../contract/errors';
import type { CellChange } from '../journal-sheets';
import { madeByLink } from '../link-actor';
import type { BoundSide, KeptPlans, Kept } from '../seals';
import { keptSeal, digest, readKept, sideKey, sealOfSide } from '../seals';
import { nothingWritten } from '../../../contract/refusals';
import { sideCellChange } from './battle-on-sheet';

/** The plans a reveal (or a logged roll with open plans) binds the battle to. */
export function boundPlans(
  battle: PairedBattle,
  plans: readonly [Plan, Plan],
  sealed: Reveal['sealed'] | null,
  entry: string,
): KeptPlans {
  const side = (i: 0 | 1): BoundSide => {
    const seal = sealed?.[i];
    return { side: sideKey(battle.sides[i].armies), plan: plans[i], ...(seal ? { sealed: seal } : {}) };
  };
  return { entry, sides: [side(0), side(1)] };
}

/**
 * Refuses plans other than the revealed ones: a side's Plan cell changed since the reveal, or a request fighting
 * another plan, each naming the side and both plans. `cells` are the Plan cells as read, `asked` the plans a
 * request fights with (none for a logged roll, which fights the cells').
 */
export function holdToRevealed(
  bound: KeptPlans,
  battle: {
    readonly name: string;
    readonly sides: readonly [
      { readonly armies: readonly string[]; readonly label: string },
      { readonly armies: readonly string[]; readonly label: string },
    ];
  },
  cells: readonly [Plan, Plan],
  asked?: readonly [Plan, Plan],
): void {
  for (const i of [0, 1] as const) {
    const name = sideLabel(battle, i);
    const revealed = bound.sides.find((s) => s.side === sideKey(battle.sides[i].armies));
    if (!revealed) {
      throw new Refusal(
        'invalid',
        nothingWritten(
          `The armies of ${name} in battle "${battle.name}" changed since its plans were revealed (Log entry ${bound.entry}): a revealed battle is fought by the sides revealed.`,
          ': put the Armies cell back as it was.',
        ),
      );
    }
    if (cells[i] !== revealed.plan) {
      throw new Refusal(
        'invalid',
        nothingWritten(
          `The Plan cell of ${name} in battle "${battle.name}" holds ${cells[i]}, but ${revealed.plan} was revealed for it (Log entry ${bound.entry}): a revealed plan binds.`,
          `: put ${revealed.plan} back in the cell.`,
        ),
      );
    }
    if (asked && asked[i] !== revealed.plan) {
      throw new Refusal(
        'invalid',
        nothingWritten(
          `The request fights ${name} in battle "${battle.name}" with ${asked[i]}, but ${revealed.plan} was revealed for it (Log entry ${bound.entry}): a revealed plan binds.`,
        ),
      );
    }
  }
}

/** What a reveal writes: both plans, each checked against its commitment, and the Battles cells it changes. */
export interface Reveal {
  /** Each side's plan: the revealed one, or the plan its Plan cell held open. */
  readonly plans: readonly [Plan, Plan];
  /** The sides that were sealed (the report tells them), with their seals as revealed. */
  readonly sealed: readonly [Seal | null, Seal | null];
  readonly changes: readonly CellChange[];
  /** The properties no cell needs once the reveal is written. */
  readonly spent: readonly string[];
}

/**
 * The reveal of a battle's sealed plans: each sealed side's kept plan checked against the commitment in its
 * Sealed cell; one that is missing, not this battle's, or does not match is refused, naming the side, and nothing
 * is written. `rows` are the two sheet rows; `cell` reads a row's cell; `given`, the properties when read already.
 */
export function revealOf(
  battle: PairedBattle,
  rows: readonly [number, number],
  cell: (row: number, header: string) => Cell,
  given?: Kept,
): Reveal {
  const kept = given ?? (battle.sides.some((s) => s.planSealed) ? readKept() : {});
  const plans: Plan[] = [];
  const sealed: (Seal | null)[] = [];
  const changes: CellChange[] = [];
  const spent: string[] = [];
  const commitments = battle.sides.map((s) => s.seal?.commitment);
  for (const i of [0, 1] as const) {
    const side = battle.sides[i];
    if (!side.planSealed) {
      plans.push(side.circumstances.plan);
      sealed.push(null);
      continue;
    }
    const name = sideLabel(battle, i);
    const seal = side.seal;
    const refuse = (why: string): never => {
      throw new Refusal(
        'invalid',
        `The sealed plan of ${name} ${why}. Nothing was revealed and the battle is not fought on it: ${name} seals its plan again, or a GM sets the Plan cell by hand.`,
      );
    };
    if (!seal) return refuse('has no commitment (its Sealed cell is blank)');
    if (commitments[0] === commitments[1])
      refuse(`has the same commitment as the other side's (#${seal.commitment})`);
    const k = keptSeal(seal.commitment, kept);
    if (!k && madeByLink(seal.by))
      return refuse(
        `(#${seal.commitment}) was sealed by link, so it is kept where only the web app reads it (as the GM who deployed it): that GM reveals it in the spreadsheet`,
      );
    if (!k) return refuse(`(#${seal.commitment}) is not kept in this spreadsheet`);
    if (k.battle !== nameKey(battle.name)) refuse(`(#${seal.commitment}) was sealed for another battle`);
    if (!sealOfSide(k, battle.name, side.armies))
      refuse(`(#${seal.commitment}) was sealed for another side, or the side's armies changed since`);
    if (!SALT.test(k.salt) || !matchesCommitment(seal.commitment, k.plan, k.salt, digest)) {
      refuse(`does not match its commitment #${seal.commitment}: it was changed after sealing`);
    }
    const revealed: Seal = { ...seal, revealed: { plan: k.plan, salt: k.salt } };
    plans.push(k.plan);
    sealed.push(revealed);
    spent.push(seal.commitment);
    const change = sideCellChange(battle, rows, i, cell);
    changes.push(change('Plan', k.plan), change('Sealed', sealText(revealed)));
  }
  return {
    plans: [plans[0] ?? 'No plan', plans[1] ?? 'No plan'],
    sealed: [sealed[0] ?? null, sealed[1] ?? null],
    changes,
    spent,
  };
}

/** The Log's words for the plans a reveal wrote. */
export const revealedText = (battle: PairedBattle, reveal: Reveal): string =>
  ([0, 1] as const)
    .filter((i) => reveal.sealed[i])
    .map((i) => `${sideLabel(battle, i)} ${reveal.plans[i]} (#${reveal.sealed[i]?.commitment})`)
    .join(', ');
