// A battle's setup as the user changes it, on plain data: blank sides, one side changed, the defender, armies
// added (never moved from the other side), and what keeps a setup from being saved or applied.
import { CIRCUMSTANCE_COLUMNS, type CircumstanceGroup } from '../contract/circumstances';
import {
  type BattleListing,
  type BattleSetup,
  type CampaignData,
  type SideSetup,
  sideLabel,
} from '../contract/campaign';
import type { Result } from '../contract/errors';
import { ARMY_SEPARATOR, armyWithSeparator } from '../contract/request-parsers';
import { nameKey, type SideCircumstances, type SituationalModifier } from '../rules';

const flags = <G extends CircumstanceGroup>(group: G): SideCircumstances[G] =>
  Object.fromEntries(Object.keys(CIRCUMSTANCE_COLUMNS[group]).map((k) => [k, false])) as SideCircumstances[G];

export function blankCircumstances(): SideCircumstances {
  return {
    defender: false,
    morale: flags('morale'),
    environment: flags('environment'),
    terrain: flags('terrain'),
    defense: flags('defense'),
    castleLevel: 0,
    engineering: false,
    siegecraft: false,
    immunity: 'None',
    specialBonus: false,
    plan: 'No plan',
  };
}

/** A side's own fields that its form shows outside the circumstances: who defends, and the plan. */
const OUTSIDE_CIRCUMSTANCES: ReadonlySet<string> = new Set<keyof SideCircumstances>(['defender', 'plan']);

/**
 * How many of a side's circumstances are set: each ticked box of the declared groups, and each other circumstance
 * that differs from a blank side's (castle level, NWPs, immunity, special bonus, and any added later: a new one
 * joins blankCircumstances, which its type requires, and so this count).
 */
export function circumstancesSet(c: SideCircumstances, blankSide = blankCircumstances()): number {
  const blank = blankSide as unknown as Readonly<Record<string, unknown>>;
  const own = c as unknown as Readonly<Record<string, unknown>>;
  let set = 0;
  for (const key of Object.keys(blank)) {
    if (OUTSIDE_CIRCUMSTANCES.has(key)) continue;
    if (key in CIRCUMSTANCE_COLUMNS) {
      const ticks = own[key] as Readonly<Record<string, boolean>>;
      set += Object.keys(CIRCUMSTANCE_COLUMNS[key as CircumstanceGroup]).filter(
        (k) => ticks[k] === true,
      ).length;
    } else if (own[key] !== blank[key]) set++;
  }
  return set;
}

/** A new battle: no name yet, each side unnamed (labelled from its first army until named: sideName). */
export function newSetup(name = ''): BattleSetup {
  const side = (): SideSetup => ({ label: '', armies: [], circumstances: blankCircumstances() });
  return { name, sides: [side(), side()] };
}

/** The setup as it is written: a side left unnamed takes its name from its first army. */
export const labelledSetup = (setup: BattleSetup): BattleSetup =>
  setup.sides.every((s) => s.label.trim() !== '' || s.armies.length === 0)
    ? setup
    : {
        ...setup,
        sides: [0, 1].map((i) => ({
          ...setup.sides[i as 0 | 1],
          label: sideName(setup, i as 0 | 1),
        })) as unknown as BattleSetup['sides'],
      };

/** A copy safe to change: setups are plain data. */
export const cloneSetup = (setup: BattleSetup): BattleSetup =>
  JSON.parse(JSON.stringify(setup)) as BattleSetup;

export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

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

export const hasArmy = (side: SideSetup, army: string): boolean =>
  side.armies.some((a) => nameKey(a) === nameKey(army));

/** A side's name as the form shows it: the contract's one sideLabel. */
export const sideName = sideLabel;

/** A side's armies changed: the setup, or why not (the army fights for the other side, or its name has a comma). */
export type ArmyChange = Result<{ readonly setup: BattleSetup }, { readonly refused: string }>;

/**
 * Adds an army to a side, or takes it off. An army already on the other side is never moved, and one whose name
 * holds the Armies cell's separator is never added: the answer says why, and the setup stays as it was.
 */
export function withArmy(setup: BattleSetup, index: 0 | 1, army: string, on: boolean): ArmyChange {
  const other = (1 - index) as 0 | 1;
  if (on && army.includes(ARMY_SEPARATOR)) return { ok: false, refused: armyWithSeparator(army) };
  if (on && hasArmy(setup.sides[other], army)) {
    return {
      ok: false,
      refused: `${army} fights for ${sideName(setup, other)}: untick it there first to move it to ${sideName(setup, index)}.`,
    };
  }
  return {
    ok: true,
    setup: withSide(setup, index, (s) => {
      const kept = s.armies.filter((a) => nameKey(a) !== nameKey(army));
      s.armies = on ? [...kept, army] : kept;
    }),
  };
}

/**
 * An army of a side renamed to `to` (a typo replaced by the known name), refused as withArmy refuses adding `to`:
 * never an army on both sides.
 */
export function withArmyRenamed(setup: BattleSetup, index: 0 | 1, from: string, to: string): ArmyChange {
  const without = withArmy(setup, index, from, false);
  return !without.ok ? without : withArmy(without.setup, index, to, true);
}

/** The battle of the Battles sheet with this name, if any. */
export const listingNamed = (battles: readonly BattleListing[], name: string): BattleListing | undefined =>
  battles.find((b) => nameKey(b.setup.name) === nameKey(name));

/**
 * What keeps a setup from being saved or applied: a name (unique for a new battle) and an army on each side.
 * `isNew`: the battle is not on the Battles sheet yet.
 */
export function setupProblem(
  setup: BattleSetup,
  isNew: boolean,
  battles: readonly BattleListing[],
): string | null {
  if (!setup.name.trim()) return 'Give the battle a name.';
  if (isNew) {
    const taken = listingNamed(battles, setup.name);
    if (taken) {
      return `A battle named "${taken.setup.name}" is on the Battles sheet already: pick it in the Battle picker, or choose another name.`;
    }
  }
  for (const i of [0, 1] as const) {
    if (setup.sides[i].armies.length === 0) return `Choose an army for ${sideName(setup, i)}.`;
  }
  return null;
}

/** Option text for a battle of the picker. */
export function battleOptionText(b: BattleListing): string {
  const vs = `${b.setup.sides[0].armies.join(', ')} vs ${b.setup.sides[1].armies.join(', ')}`;
  return `${b.setup.name} (${vs})${b.appliedBy ? ' — applied' : ''}`;
}

/**
 * The rolls a battle of the sheet opens with, while it is not applied yet: with Logged dice every pair the server
 * drew (ties included), else its Roll cells when both hold a die.
 */
export function listedRolls(b: BattleListing): [number, number][] {
  const [a, c] = b.rolls;
  if (b.appliedBy) return [];
  if (b.logged) return b.logged.map(([x, y]) => [x, y]);
  return a !== null && c !== null ? [[a, c]] : [];
}

/**
 * The campaign with each sealed plan the answer carried (the person's own side's) in its side's setup, where the
 * listing has No plan: the person previews with the plan they sealed, and sealing again starts from it.
 */
export function withOwnPlans(data: CampaignData): CampaignData {
  if (!data.battles.some((b) => b.seals.some((s) => s?.sealed && s.plan !== undefined))) return data;
  const battles = data.battles.map((b) => {
    const own = b.seals.map((s) => (s?.sealed ? s.plan : undefined));
    if (own.every((p) => p === undefined)) return b;
    const sides = b.setup.sides.map((side, i) => {
      const plan = own[i];
      return plan === undefined ? side : { ...side, circumstances: { ...side.circumstances, plan } };
    }) as unknown as BattleSetup['sides'];
    return { ...b, setup: { ...b.setup, sides } };
  });
  return { ...data, battles };
}

/** The Battles header of each field of a side's setup that is not a circumstance checkbox. */
const FIELD_HEADERS: Readonly<Record<string, string>> = {
  label: 'Side',
  armies: 'Armies',
  defender: 'Defender',
  castleLevel: 'Castle Level',
  engineering: 'Engineering',
  siegecraft: 'Siegecraft',
  immunity: 'Immunity',
  specialBonus: 'Special Bonus',
  plan: 'Plan',
};

/** Each field of a side's setup by its path, with its Battles header. */
function sideFields(side: SideSetup): { path: string; header: string; value: unknown }[] {
  const out: { path: string; header: string; value: unknown }[] = [
    { path: 'label', header: 'Side', value: side.label },
    { path: 'armies', header: 'Armies', value: side.armies.map(nameKey).join('\u0000') },
  ];
  for (const [key, value] of Object.entries(side.circumstances)) {
    const group = CIRCUMSTANCE_COLUMNS[key as CircumstanceGroup] as
      | Record<string, SituationalModifier>
      | undefined;
    if (group) {
      for (const [flag, on] of Object.entries(value as Record<string, boolean>))
        out.push({ path: `${key}.${flag}`, header: group[flag]?.label ?? flag, value: on });
    } else out.push({ path: key, header: FIELD_HEADERS[key] ?? key, value });
  }
  return out;
}

function setField(side: Mutable<SideSetup>, path: string, from: SideSetup): void {
  if (path === 'label') side.label = from.label;
  else if (path === 'armies') side.armies = [...from.armies];
  else {
    const [key, flag] = path.split('.') as [keyof SideCircumstances, string | undefined];
    const circ = side.circumstances as unknown as Record<string, unknown>;
    const source = from.circumstances as unknown as Record<string, unknown>;
    if (flag === undefined) circ[key] = source[key];
    else (circ[key] as Record<string, unknown>)[flag] = (source[key] as Record<string, unknown>)[flag];
  }
}

/**
 * The user's unsaved set-up laid over the battle as the sheet now holds it: each field the user changed from
 * `base` (the battle as the sidebar had it) is kept, unless the sheet changed that field too (then the sheet's
 * stands, and the field is named in `dropped`, "Ghoere: Plan").
 */
export function mergeSetup(
  base: BattleSetup,
  mine: BattleSetup,
  theirs: BattleSetup,
): { setup: BattleSetup; dropped: string[] } {
  const merged = cloneSetup(theirs) as Mutable<BattleSetup>;
  const dropped: string[] = [];
  ([0, 1] as const).forEach((i) => {
    const was = new Map(sideFields(base.sides[i]).map((f) => [f.path, f.value]));
    const now = new Map(sideFields(theirs.sides[i]).map((f) => [f.path, f.value]));
    for (const f of sideFields(mine.sides[i])) {
      if (f.value === was.get(f.path)) continue; // not changed here
      if (now.get(f.path) === was.get(f.path))
        setField(merged.sides[i] as Mutable<SideSetup>, f.path, mine.sides[i]);
      else if (now.get(f.path) !== f.value) dropped.push(`${sideName(theirs, i)}: ${f.header}`);
    }
  });
  if (merged.sides.every((side) => side.circumstances.defender)) {
    // Each side made the defender, one here and one on the sheet: the sheet's choice stands.
    merged.sides.forEach((side, i) => {
      (side.circumstances as Mutable<SideCircumstances>).defender =
        theirs.sides[i as 0 | 1].circumstances.defender;
    });
    dropped.push('Defender');
  }
  return { setup: merged as BattleSetup, dropped };
}
