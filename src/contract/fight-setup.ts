// A battle set up in the sidebar, valued from the loaded campaign: the browser does it for every preview and the
// server for apply, on the same campaign data, with the same rules function (fightBattle).
import {
  type BattleSide,
  type Character,
  didYouMean,
  type Fight,
  fightBattle,
  nameKey,
  type RollPair,
  sidesConflict,
  unknownArmy,
} from '../rules';
import { type BattleSetup, type CampaignUnit, type OpenedCampaign, sideLabel } from './campaign';
import type { Result } from './errors';

const capital = (message: string): string => `${message.charAt(0).toUpperCase()}${message.slice(1)}`;

/** A rule's message as the sidebar and the server's refusals say it: a sentence. */
export const sentence = (message: string): string => `${capital(message)}.`;

/**
 * An army no unit or character carries, as the sidebar and the server both say it (BATTLES' words), with the
 * closest known army when one is a likely typo.
 */
export function unknownArmyProblem(name: string, known: readonly string[], withCharacters = true): string {
  const hint = didYouMean(name, known);
  const message = unknownArmy(name, withCharacters);
  return hint ? `${capital(message)}${hint}` : sentence(message);
}

/** Both sides of a battle with their units (roster order) and characters; or what keeps it from being valued. */
export function battleSides(
  campaign: OpenedCampaign,
  setup: BattleSetup,
): Result<{ readonly sides: readonly [BattleSide, BattleSide] }, { readonly problem: string }> {
  const [a, b] = setup.sides;
  for (const [side, tag] of [
    [a, 'A'],
    [b, 'B'],
  ] as const) {
    if (side.armies.length === 0)
      return { ok: false, problem: `Choose at least one army for ${side.label || `side ${tag}`}.` };
  }
  const conflict = sidesConflict(
    setup.name || 'this battle',
    { armies: a.armies, defender: a.circumstances.defender },
    { armies: b.armies, defender: b.circumstances.defender },
  );
  if (conflict) return { ok: false, problem: sentence(conflict) };
  const side = (i: 0 | 1): BattleSide | string => {
    const s = setup.sides[i];
    const units: CampaignUnit[] = [];
    const characters: Character[] = [];
    for (const key of new Set(s.armies.map(nameKey))) {
      const army = campaign.armies.get(key);
      if (!army) {
        const name = s.armies.find((x) => nameKey(x) === key) ?? key;
        const known = campaign.data.armies.map((x) => x.name);
        return unknownArmyProblem(name, known);
      }
      if (army.army.problem) return `Army "${army.army.name}" cannot be valued: ${army.army.problem}`;
      units.push(...army.units);
      characters.push(...army.characters);
    }
    units.sort((x, y) => x.row - y.row);
    return {
      label: sideLabel(setup, i),
      units,
      characters,
      circumstances: s.circumstances,
    };
  };
  const sa = side(0);
  if (typeof sa === 'string') return { ok: false, problem: sa };
  const sb = side(1);
  if (typeof sb === 'string') return { ok: false, problem: sb };
  return { ok: true, sides: [sa, sb] };
}

/** The battle valued and, with rolls, resolved; the suggestion comes with a decided result. */
export function fightSetup(
  campaign: OpenedCampaign,
  setup: BattleSetup,
  rolls: readonly RollPair[],
): Result<
  { readonly fight: Fight; readonly sides: readonly [BattleSide, BattleSide] },
  { readonly problem: string }
> {
  const found = battleSides(campaign, setup);
  if (!found.ok) return found;
  const [a, b] = found.sides;
  return { ok: true, fight: fightBattle(a, b, campaign.data.rules, rolls), sides: found.sides };
}

/** The fighting units of a side as the fight listed them, with their rows (the suggestion's indices point here). */
export const fightingUnits = (fight: Fight, i: 0 | 1): readonly CampaignUnit[] =>
  (i === 0 ? fight.evaluation.a : fight.evaluation.b).fightingUnits as readonly CampaignUnit[];
