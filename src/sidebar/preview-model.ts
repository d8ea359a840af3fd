// The preview as a view-model, pure: from the loaded campaign, the setup and the rolls to everything the sidebar
// shows — each side's base, modifiers and where they came from, battle value, exact odds, expected casualties,
// the chart's bands with the plans' Cas in their rates, the plan advisor, and once decided the result with its
// suggested casualties. The same fightBattle the server applies with, so the two never disagree.
import { fightingUnits, fightSetup } from '../contract/fight-setup';
import type { OpenedCampaign } from '../contract/campaign';
import type { BattleSetup, CampaignUnit } from '../contract/campaign';
import { messageOf } from '../contract/cells';
import type { Result } from '../contract/errors';
import {
  type BattleSide,
  defined,
  type Fight,
  flyingAttackers,
  type ModifierLine,
  PLANS,
  type Plan,
  type PlanChances,
  percentWithoutPlan,
  planAdvice,
  type RollPair,
  type SideValue,
} from '../rules';
import { planEffectWords } from './format';

export interface UnitView {
  /** Its row on Units. */
  readonly row: number;
  readonly name: string;
  readonly army: string;
  readonly type: string;
  readonly value: number;
  /** GB a season: what losing it saves. */
  readonly upkeep: number;
}

export interface SideView {
  readonly label: string;
  readonly armies: readonly string[];
  /** Fighting units plus character bonuses (RULES 2). */
  readonly base: number;
  /** The fighting units' value: casualties are a share of it. */
  readonly unitValue: number;
  readonly characters: readonly { readonly name: string; readonly bonus: number }[];
  readonly modifiers: readonly ModifierLine[];
  readonly percent: number;
  readonly points: number;
  readonly battleValue: number;
  readonly plan: Plan;
  /** The plan pair's effect on this side, as the tactics table prints it. */
  readonly planEffect: string;
  /** The plan's change to this side's casualty rates, in percentage points. */
  readonly cas: number;
  /** Fighting (Ready) units, in roster order. */
  readonly units: readonly UnitView[];
  /** Units of the side's armies that do not fight (Routed, Destroyed, Captured). */
  readonly notFighting: number;
  /** What the rules do to this side's ticks that the lines alone would not show. */
  readonly notes: readonly string[];
}

export interface BandView {
  readonly label: string;
  /** Chance that side A (B) wins by a difference in this band. */
  readonly a: number;
  readonly b: number;
  /** Casualty rates [A, B] in whole percent when A (B) wins in this band, plan Cas included. */
  readonly ratesIfA: readonly [number, number];
  readonly ratesIfB: readonly [number, number];
}

export interface OddsView {
  readonly winA: number;
  readonly winB: number;
  readonly bands: readonly BandView[];
  /** Expected casualty points of each side, attrition included. */
  readonly expected: readonly [number, number];
}

export interface Answer {
  readonly against: Plan;
  readonly plan: Plan | null;
  readonly chance: number | null;
}

export interface AdviceView {
  readonly plans: readonly Plan[];
  /** winA[i][j]: side A's chance with plans[i] against side B's plans[j]; null where the plans rule out battle. */
  readonly winA: readonly (readonly (number | null)[])[];
  readonly bestForA: readonly Answer[];
  readonly bestForB: readonly Answer[];
  readonly maximinA: { readonly plan: Plan; readonly chance: number | null };
  readonly maximinB: { readonly plan: Plan; readonly chance: number | null };
  /** chances[i][k][j]: side i's chance with plans[k] against the enemy's plans[j]; null where no battle. */
  readonly chances: readonly [ChanceTable, ChanceTable];
}

export type ChanceTable = readonly (readonly (number | null)[])[];

export interface ResultView {
  readonly winner: 0 | 1;
  readonly difference: number;
  readonly totals: readonly [number, number];
  readonly rates: readonly [number, number];
  readonly points: readonly [number, number];
  readonly destroyedPoints: readonly [number, number];
  readonly routedPoints: readonly [number, number];
  /** The units suggested destroyed and routed (RULES 6.9), by Units row. */
  readonly suggested: readonly [
    { readonly destroyed: readonly number[]; readonly routed: readonly number[] },
    { readonly destroyed: readonly number[]; readonly routed: readonly number[] },
  ];
}

export interface Preview {
  readonly sides: readonly [SideView, SideView];
  readonly noBattle: boolean;
  /** Null when there is no battle. */
  readonly odds: OddsView | null;
  readonly advice: AdviceView;
  /** The rolls that count: every tie, then the deciding pair. */
  readonly rolls: readonly RollPair[];
  /** Every pair so far ties: roll again. */
  readonly tie: boolean;
  readonly result: ResultView | null;
}

/** The preview, or what keeps the battle from being valued. */
export type PreviewOutcome = Result<{ readonly preview: Preview }, { readonly problem: string }>;

const clamp = (p: number): number => Math.min(100, Math.max(0, p));

/** The preview of this setup with these rolls, or what keeps the battle from being valued. */
export function previewOf(
  campaign: OpenedCampaign,
  setup: BattleSetup,
  rolls: readonly RollPair[],
): PreviewOutcome {
  let found: ReturnType<typeof fightSetup>;
  try {
    found = fightSetup(campaign, setup, rolls);
  } catch (e) {
    return {
      ok: false,
      problem: `This battle cannot be valued: ${messageOf(e)}`,
    };
  }
  if (!found.ok) return { ok: false, problem: found.problem };
  const { fight, sides } = found;
  const { evaluation } = fight;
  const side = (i: 0 | 1): SideView => sideView(fight, sides, setup, i);
  const a = side(0);
  const b = side(1);
  const odds = evaluation.odds
    ? {
        winA: evaluation.odds.winA,
        winB: evaluation.odds.winB,
        expected: [
          evaluation.odds.expectedCasualtiesA ?? 0,
          evaluation.odds.expectedCasualtiesB ?? 0,
        ] as const,
        bands: evaluation.odds.bands.map((x) => ({
          label: x.band.label,
          a: x.a,
          b: x.b,
          ratesIfA: [clamp(x.band.winnerPercent + a.cas), clamp(x.band.loserPercent + b.cas)] as const,
          ratesIfB: [clamp(x.band.loserPercent + a.cas), clamp(x.band.winnerPercent + b.cas)] as const,
        })),
      }
    : null;
  const r = fight.result;
  return {
    ok: true,
    preview: {
      sides: [a, b],
      noBattle: evaluation.noBattle,
      odds,
      advice: adviceOf(a, b),
      rolls: r.kind === 'tie' || r.kind === 'decided' ? r.rolls : [],
      tie: r.kind === 'tie',
      result: resultView(fight, [a, b]),
    },
  };
}

function sideView(
  fight: Fight,
  sides: readonly [BattleSide, BattleSide],
  setup: BattleSetup,
  i: 0 | 1,
): SideView {
  const s: SideValue = i === 0 ? fight.evaluation.a : fight.evaluation.b;
  const fighting = fightingUnits(fight, i);
  const enemy = fightingUnits(fight, i === 0 ? 1 : 0);
  return {
    label: sides[i].label,
    armies: setup.sides[i].armies,
    base: s.base,
    unitValue: s.unitValue,
    characters: s.characters.map((c) => ({ name: c.character.name, bonus: c.bonus.total })),
    modifiers: s.modifiers,
    percent: s.percent,
    points: s.points,
    battleValue: s.battleValue,
    plan: s.plan,
    planEffect: planEffectWords(s.planEffect),
    cas: s.cas,
    units: fighting.map(unitView),
    notFighting: sides[i].units.length - fighting.length,
    notes: sideNotes(setup, i, enemy),
  };
}

const unitView = (u: CampaignUnit): UnitView => ({
  row: u.row,
  name: u.name,
  army: u.army,
  type: u.type,
  value: u.value,
  upkeep: u.upkeep,
});

/** What the rules do to this side's ticks that the lines alone would not show (RULES 5.3, 5.5, 5.6). */
export function sideNotes(setup: BattleSetup, i: 0 | 1, enemyFighting: readonly CampaignUnit[]): string[] {
  const notes: string[] = [];
  const c = setup.sides[i].circumstances;
  const enemy = setup.sides[i === 0 ? 1 : 0].circumstances;
  const defenseTicked = Object.values(c.defense).some(Boolean) || c.castleLevel > 0;
  if (c.defender && defenseTicked) {
    const flying = flyingAttackers(enemyFighting);
    if (flying === 'all') notes.push('Every attacking unit flies: the defender modifiers do not count');
    if (flying === 'some')
      notes.push('At least 10% of the attacking units fly: the defender modifiers are halved');
  } else if (defenseTicked) {
    notes.push('Defender modifiers are ticked, but this side does not defend: they do not count.');
  }
  if ((c.engineering || c.siegecraft) && !(enemy.defender && enemy.castleLevel > 0 && !c.defender)) {
    notes.push('Engineering and Siegecraft count only when attacking a defender with a castle level.');
  }
  if (c.environment.nightVision && enemy.environment.nightVision) {
    notes.push('Both sides see in the dark: night vision gives neither side its +10.');
  }
  return notes;
}

/** The plan advisor: every pair of plans for these two sides, their modifiers without the plans' own. */
function adviceOf(a: SideView, b: SideView): AdviceView {
  const advice = planAdvice(
    { base: a.base, percent: percentWithoutPlan(a.percent, a.plan, b.plan, 'a'), points: a.points },
    { base: b.base, percent: percentWithoutPlan(b.percent, a.plan, b.plan, 'b'), points: b.points },
  );
  const answer = (x: (typeof advice.bestForA)[number]): Answer => ({
    against: x.against,
    plan: x.best?.plan ?? null,
    chance: x.best?.chance ?? null,
  });
  return {
    plans: [...PLANS],
    winA: advice.table.map((row) => row.map((cell) => (cell.noBattle ? null : cell.winA))),
    bestForA: advice.bestForA.map(answer),
    bestForB: advice.bestForB.map(answer),
    maximinA: { plan: advice.maximinA.plan, chance: advice.maximinA.chance ?? null },
    maximinB: { plan: advice.maximinB.plan, chance: advice.maximinB.chance ?? null },
    chances: [table(advice.chancesA), table(advice.chancesB)],
  };
}

const table = (rows: readonly PlanChances[]): ChanceTable => rows.map((r) => r.chances.map((c) => c ?? null));

function resultView(fight: Fight, sides: readonly [SideView, SideView]): ResultView | null {
  const r = fight.result;
  if (r.kind !== 'decided' || !fight.suggested) return null;
  const rows = (i: 0 | 1, indices: readonly number[]) =>
    indices.map((k) => defined(sides[i].units[k], `fighting unit ${k} of side ${i + 1}`).row);
  const [ca, cb] = r.casualties;
  return {
    winner: r.winner === 'A' ? 0 : 1,
    difference: r.difference,
    totals: r.totals,
    rates: r.rates,
    points: [ca.points, cb.points],
    destroyedPoints: [ca.destroyed, cb.destroyed],
    routedPoints: [ca.routed, cb.routed],
    suggested: [
      { destroyed: rows(0, fight.suggested[0].destroyed), routed: rows(0, fight.suggested[0].routed) },
      { destroyed: rows(1, fight.suggested[1].destroyed), routed: rows(1, fight.suggested[1].routed) },
    ],
  };
}
