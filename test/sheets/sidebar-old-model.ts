// The old sidebar's model, kept only for the old server's test until the lead's new server replaces both.
// The sidebar's logic without the DOM: setups, the casualty choice with its running totals, the apply request,
// and how numbers are shown. test/sidebar covers it.
import type {
  ApplyRequest,
  BattleListing,
  BattleSetup,
  Catalogue,
  FlagGroupKey,
  ModifierLine,
  PreviewData,
  SideCircumstances,
  SideSetup,
  UnitListing,
  UnitRef,
} from '../../src/sheets/sidebar-api';

// ---- Setups

export function blankCircumstances(catalogue: Catalogue): SideCircumstances {
  const flags = (key: FlagGroupKey) =>
    Object.fromEntries(
      (catalogue.groups.find((g) => g.key === key)?.options ?? []).map((o) => [o.key, false]),
    );
  return {
    defender: false,
    morale: flags('morale') as unknown as SideCircumstances['morale'],
    environment: flags('environment') as unknown as SideCircumstances['environment'],
    terrain: flags('terrain') as unknown as SideCircumstances['terrain'],
    defense: flags('defense') as unknown as SideCircumstances['defense'],
    castleLevel: 0,
    engineering: false,
    siegecraft: false,
    immunity: 'None',
    specialBonus: false,
    plan: 'No plan',
  };
}

export function newSetup(catalogue: Catalogue, name = ''): BattleSetup {
  const side = (label: string): SideSetup => ({
    label,
    armies: [],
    circumstances: blankCircumstances(catalogue),
  });
  return { name, rows: null, sides: [side('Side A'), side('Side B')] };
}

/** A copy safe to change: setups are plain data. */
export const cloneSetup = (setup: BattleSetup): BattleSetup =>
  JSON.parse(JSON.stringify(setup)) as BattleSetup;

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

/** A setup with one side changed by `change`, the other side kept. */
export function withSide(
  setup: BattleSetup,
  index: 0 | 1,
  change: (side: Mutable<SideSetup>) => void,
): BattleSetup {
  const copy = cloneSetup(setup) as Mutable<BattleSetup>;
  change(copy.sides[index] as Mutable<SideSetup>);
  return copy as BattleSetup;
}

/** Marks one side the defender (or neither): at most one side defends. */
export function withDefender(setup: BattleSetup, defender: 0 | 1 | null): BattleSetup {
  const copy = cloneSetup(setup) as Mutable<BattleSetup>;
  copy.sides.forEach((s, i) => {
    (s.circumstances as Mutable<SideCircumstances>).defender = i === defender;
  });
  return copy as BattleSetup;
}

export const defenderOf = (setup: BattleSetup): 0 | 1 | null =>
  setup.sides[0].circumstances.defender ? 0 : setup.sides[1].circumstances.defender ? 1 : null;

const armyKey = (name: string): string => name.trim().toLowerCase();

/** Adds or removes an army on a side; an army is on one side at most, so adding it removes it from the other. */
export function withArmy(setup: BattleSetup, index: 0 | 1, army: string, on: boolean): BattleSetup {
  const copy = cloneSetup(setup) as Mutable<BattleSetup>;
  copy.sides.forEach((s, i) => {
    const kept = s.armies.filter((a) => armyKey(a) !== armyKey(army));
    s.armies = i === index && on ? [...kept, army] : kept;
  });
  return copy as BattleSetup;
}

export const hasArmy = (side: SideSetup, army: string): boolean =>
  side.armies.some((a) => armyKey(a) === armyKey(army));

/** The side label the form shows when the Side cell is blank. */
export const sideName = (setup: BattleSetup, i: 0 | 1): string =>
  setup.sides[i].label.trim() || (i === 0 ? 'Side A' : 'Side B');

/** Whether the setup can be valued: a name and an army on each side. */
export function setupProblem(setup: BattleSetup): string | null {
  if (!setup.name.trim()) return 'Give the battle a name.';
  for (const i of [0, 1] as const) {
    if (setup.sides[i].armies.length === 0) return `Choose an army for ${sideName(setup, i)}.`;
  }
  return null;
}

/** Option text for a battle of the list. */
export function battleOptionText(b: BattleListing): string {
  const vs = `${b.setup.sides[0].armies.join(', ')} vs ${b.setup.sides[1].armies.join(', ')}`;
  return `${b.setup.name} (${vs})${b.applied ? ' — applied' : ''}`;
}

// ---- The casualty choice (RULES 6.7-6.9): per side, each fighting unit destroyed, routed or neither

export type Fate = 'destroyed' | 'routed';

export interface Selection {
  /** Fate by Units row, per side. */
  readonly fates: readonly [Map<number, Fate>, Map<number, Fate>];
  /** The loser's routed units the winner captures. */
  readonly captured: Set<number>;
  /** The loser's remaining units the winner destroys in pursuit. */
  readonly pursued: Set<number>;
}

/** The suggestion of the preview's result, as the starting choice. */
export function suggestedSelection(preview: PreviewData): Selection {
  const fates: [Map<number, Fate>, Map<number, Fate>] = [new Map(), new Map()];
  const result = preview.result;
  if (result) {
    result.suggested.forEach((s, i) => {
      for (const row of s.destroyed) fates[i]!.set(row, 'destroyed');
      for (const row of s.routed) fates[i]!.set(row, 'routed');
    });
  }
  return { fates, captured: new Set(), pursued: new Set() };
}

export const loserOf = (preview: PreviewData): 0 | 1 | null =>
  preview.result ? (preview.result.winner === 'A' ? 1 : 0) : null;

/**
 * Ticks or unticks one box. Destroyed and routed exclude each other; a unit captured must be routed, and loses
 * its capture when it is no longer routed; a unit pursued is neither destroyed nor routed. Only the loser's units
 * can be captured or pursued.
 */
export function toggle(
  preview: PreviewData,
  sel: Selection,
  side: 0 | 1,
  row: number,
  box: Fate | 'captured' | 'pursued',
  on: boolean,
): Selection {
  const fates: [Map<number, Fate>, Map<number, Fate>] = [new Map(sel.fates[0]), new Map(sel.fates[1])];
  const captured = new Set(sel.captured);
  const pursued = new Set(sel.pursued);
  const loser = loserOf(preview);
  if (box === 'captured' || box === 'pursued') {
    if (side !== loser) return sel;
    if (box === 'captured') {
      if (on) {
        fates[side].set(row, 'routed');
        pursued.delete(row);
        captured.add(row);
      } else captured.delete(row);
    } else if (on) {
      fates[side].delete(row);
      captured.delete(row);
      pursued.add(row);
    } else pursued.delete(row);
    return { fates, captured, pursued };
  }
  if (on) {
    fates[side].set(row, box);
    pursued.delete(row);
    if (box !== 'routed') captured.delete(row);
  } else if (fates[side].get(row) === box) {
    fates[side].delete(row);
    if (box === 'routed') captured.delete(row);
  }
  return { fates, captured, pursued };
}

export interface SideTotals {
  readonly destroyed: number;
  readonly routed: number;
  readonly captured: number;
  readonly pursued: number;
  /** The points the result asks for. */
  readonly destroyedTarget: number;
  readonly routedTarget: number;
}

const unitsByRow = (units: readonly UnitListing[]) => new Map(units.map((u) => [u.row, u]));

/** Running totals of the chosen units against the points of each side. */
export function totals(preview: PreviewData, sel: Selection): [SideTotals, SideTotals] {
  const result = preview.result;
  return ([0, 1] as const).map((i) => {
    const byRow = unitsByRow(preview.sides[i].units);
    let destroyed = 0;
    let routed = 0;
    let captured = 0;
    let pursued = 0;
    for (const [row, fate] of sel.fates[i]) {
      const value = byRow.get(row)?.value ?? 0;
      if (fate === 'destroyed') destroyed += value;
      else routed += value;
      if (sel.captured.has(row)) captured += value;
    }
    for (const row of sel.pursued) pursued += byRow.get(row)?.value ?? 0;
    return {
      destroyed,
      routed,
      captured,
      pursued,
      destroyedTarget: result ? result.destroyedPoints[i] : 0,
      routedTarget: result ? result.routedPoints[i] : 0,
    };
  }) as [SideTotals, SideTotals];
}

/** The apply request for the preview's battle with this choice. */
export function applyRequest(setup: BattleSetup, preview: PreviewData, sel: Selection): ApplyRequest {
  const refs = (i: 0 | 1, rows: Iterable<number>): UnitRef[] => {
    const byRow = unitsByRow(preview.sides[i].units);
    return [...rows]
      .filter((row) => byRow.has(row))
      .sort((x, y) => x - y)
      .map((row) => ({ row, name: byRow.get(row)!.name }));
  };
  const of = (i: 0 | 1, fate: Fate) =>
    refs(
      i,
      [...sel.fates[i]].filter(([, f]) => f === fate).map(([row]) => row),
    );
  const loser = loserOf(preview) ?? 1;
  return {
    setup,
    rolls: preview.rolls,
    fingerprint: preview.fingerprint,
    casualties: [
      { destroyed: of(0, 'destroyed'), routed: of(0, 'routed') },
      { destroyed: of(1, 'destroyed'), routed: of(1, 'routed') },
    ],
    captured: refs(loser, sel.captured),
    pursued: refs(loser, sel.pursued),
  };
}

// ---- Showing numbers

/** A chance as a percentage with one decimal: 0.6234 → "62.3%"; exact 0 and 1 without decimals. */
export function percent(chance: number): string {
  if (chance <= 0) return '0%';
  if (chance >= 1) return '100%';
  const p = Math.round(chance * 1000) / 10;
  if (p === 0) return '<0.1%';
  if (p === 100) return '>99.9%';
  return `${p.toFixed(1)}%`;
}

export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A modifier line as the preview lists it: "+5% Home realm". */
export const modifierAmount = (m: ModifierLine): string =>
  `${signed(m.amount)}${m.unit === 'percent' ? '%' : ''}`;

export const SOURCE_TEXT: Record<ModifierLine['source'], string> = {
  ticked: 'ticked',
  roster: 'from roster',
  plan: 'battle plan',
};

/** Short plan names for the advisor table's columns. */
export const PLAN_SHORT: Record<string, string> = {
  'Full charge': 'FC',
  'Normal attack': 'NA',
  Encircle: 'En',
  Trap: 'Tr',
  Hold: 'Ho',
  Withdraw: 'Wd',
  'No plan': 'NP',
};
