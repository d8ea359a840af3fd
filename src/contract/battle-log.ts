// The Log's words for an applied battle (SHEETS.md "Log"): its sides, battle values, rolls, result, the units
// that fell and the report, from the decided Fight apply wrote. Pure, the date given by the caller: the server adds
// only the Event, the entry's id and who acts.
import type { DecidedResult, Fight, RollPair } from '../rules';
import {
  battleReport,
  type FallenUnit,
  FATES,
  type LoggedRolls,
  plainReport,
  type ReportSide,
} from './battle-report';
import { type BattleSetup, type SideSeal, sideLabel } from './campaign';
import type { Cell } from './cells';

/** What the Log's row of an applied battle says, column by column. */
export interface BattleLogWords {
  readonly When: Date;
  readonly Battle: string;
  readonly 'Side A': string;
  readonly 'Side B': string;
  readonly 'Battle Value A': number;
  readonly 'Battle Value B': number;
  readonly 'Rolls A': Cell;
  readonly 'Rolls B': Cell;
  readonly Result: string;
  readonly Changes: string;
  readonly Report: string;
}

export interface AppliedWords {
  readonly setup: BattleSetup;
  readonly fight: Fight;
  readonly result: DecidedResult;
  /** The units that fell, in their Units rows' order. */
  readonly fallen: readonly FallenUnit[];
  /** Each side's seal as the Battles sheet told it (a revealed one is told in the report). */
  readonly seals?: readonly [SideSeal | null, SideSeal | null];
  /** With Logged dice, the battle's rolls as the server kept them. */
  readonly logged?: LoggedRolls;
  readonly when: Date;
}

/** A side as the Log's Side cell names it: its label and its armies. */
const sideText = (setup: BattleSetup, i: 0 | 1): string =>
  `${sideLabel(setup, i)} (${setup.sides[i].armies.join(', ')})`;

/** One roll as its number; ties before it as a list. */
function rollsText(rolls: readonly RollPair[], i: 0 | 1): Cell {
  const [only, ...more] = rolls;
  return only && more.length === 0 ? only[i] : rolls.map((p) => p[i]).join(', ');
}

/** The result in a line: who won by how much, each side's rate and points. */
export function resultSummary(setup: BattleSetup, result: DecidedResult): string {
  const c = result.casualties;
  const label = (i: 0 | 1) => sideLabel(setup, i);
  return (
    `${label(result.winner === 'A' ? 0 : 1)} won by ${result.difference}: ` +
    `${label(0)} ${result.rates[0]}% = ${c[0].points} pts, ${label(1)} ${result.rates[1]}% = ${c[1].points} pts`
  );
}

/** Each side's losses by fate, sides apart: "Avanil: destroyed: X; routed: Y | Ghoere: no losses". */
export function lossesText(setup: BattleSetup, fallen: readonly FallenUnit[]): string {
  return ([0, 1] as const)
    .map((i) => {
      const mine = fallen.filter((f) => f.side === i);
      const part = (fate: string) => {
        const names = mine.filter((f) => f.fate === fate).map((f) => f.name || '(no name)');
        return names.length ? `${fate}: ${names.join(', ')}` : '';
      };
      const parts = FATES.map(part).filter(Boolean);
      return `${sideLabel(setup, i)}: ${parts.length ? parts.join('; ') : 'no losses'}`;
    })
    .join(' | ');
}

/** A side as the report tells it, with its seal once revealed. */
function reportSide(setup: BattleSetup, i: 0 | 1, seal: SideSeal | null | undefined): ReportSide {
  return {
    label: sideLabel(setup, i),
    armies: setup.sides[i].armies,
    defender: setup.sides[i].circumstances.defender,
    ...(seal?.salt !== undefined
      ? {
          sealed: {
            by: seal.by,
            when: seal.when,
            commitment: seal.commitment,
            plan: setup.sides[i].circumstances.plan,
          },
        }
      : {}),
  };
}

/** The Log's words for an applied battle. */
export function battleLogWords(a: AppliedWords): BattleLogWords {
  const { setup, fight, result } = a;
  return {
    When: a.when,
    Battle: setup.name,
    'Side A': sideText(setup, 0),
    'Side B': sideText(setup, 1),
    'Battle Value A': fight.evaluation.a.battleValue,
    'Battle Value B': fight.evaluation.b.battleValue,
    'Rolls A': rollsText(result.rolls, 0),
    'Rolls B': rollsText(result.rolls, 1),
    Result: resultSummary(setup, result),
    Changes: lossesText(setup, a.fallen),
    Report: plainReport(
      battleReport({
        name: setup.name,
        sides: [reportSide(setup, 0, a.seals?.[0]), reportSide(setup, 1, a.seals?.[1])],
        fight,
        fallen: a.fallen,
        ...(a.logged ? { logged: a.logged } : {}),
      }),
    ),
  };
}
