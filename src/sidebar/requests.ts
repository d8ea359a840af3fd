// The write requests as the sidebar sends them: the battle as the user set it, with the fingerprints of what
// the view was built on, and an id that makes a retry of the same write harmless.
import type { ApplyRequest, Expectation, UnitRef } from '../contract/api';
import type { OpenedCampaign } from '../contract/campaign';
import type { BattleSetup } from '../contract/campaign';
import { defined, nameKey } from '../rules';
import type { Fate, Selection } from './casualties';
import { loserOf } from './casualties';
import type { Preview } from './preview-model';
import { listingNamed } from './battle-setup';

/** An operation id: the time and 48 random bits, in the letters the server accepts. */
export function newId(now: number = Date.now(), random: () => number = cryptoRandom): string {
  const part = () => random().toString(36).padStart(5, '0');
  return `${now.toString(36)}-${part()}${part()}`;
}

function cryptoRandom(): number {
  const [bits] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return (defined(bits, 'the random word') >>> 8) & 0xffffff;
}

/** The fingerprints of what an apply of this setup depends on, as the campaign was loaded. */
export function expectation(campaign: OpenedCampaign, setup: BattleSetup): Expectation {
  const armies: Record<string, string> = {};
  for (const name of [...setup.sides[0].armies, ...setup.sides[1].armies]) {
    const roster = campaign.armies.get(nameKey(name));
    // Defined, not assigned: an army named "__proto__" must be a key, not the object's prototype.
    if (roster)
      Object.defineProperty(armies, name, {
        value: roster.army.fingerprint,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return {
    settings: campaign.data.settingsFingerprint,
    armies,
    battle: listingNamed(campaign.data.battles, setup.name)?.fingerprint ?? null,
  };
}

/** The apply request for the preview's battle with this choice, the id left to the caller. */
export function applyBody(
  campaign: OpenedCampaign,
  setup: BattleSetup,
  preview: Preview,
  sel: Selection,
): Omit<ApplyRequest, 'id'> {
  const refs = (i: 0 | 1, rows: Iterable<number>): UnitRef[] => {
    const byRow = new Map(preview.sides[i].units.map((u) => [u.row, u.name]));
    return [...rows]
      .sort((x, y) => x - y)
      .flatMap((row) => {
        const name = byRow.get(row);
        return name === undefined ? [] : [{ row, name }];
      });
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
    losses: [
      { destroyed: of(0, 'destroyed'), routed: of(0, 'routed') },
      { destroyed: of(1, 'destroyed'), routed: of(1, 'routed') },
    ],
    captured: refs(loser, sel.captured),
    pursued: refs(loser, sel.pursued),
    expect: expectation(campaign, setup),
  };
}

/**
 * The id for a write with this body: the one sent before when the same body was sent and not answered with
 * success (a retry, which the server applies at most once), else a fresh one.
 */
export function idFor(
  previous: { readonly key: string; readonly id: string } | null,
  body: unknown,
  fresh: () => string,
) {
  const key = JSON.stringify(body);
  return previous && previous.key === key ? previous : { key, id: fresh() };
}
