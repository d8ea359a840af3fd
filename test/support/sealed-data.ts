// The sidebar's payload of the Ford of Avanil with sealed plans, as the server's answers carry them to each person
// (the plan of a sealed side only to its own players, its Plan then No plan), and the people of its table as the
// load tells them (the emails those of sealing.ts).
import type { CampaignData, DiceMode, SideSeal } from '../../src/contract/campaign';
import type { You } from '../../src/contract/rights';
import type { Plan, RollPair } from '../../src/rules';
import { fixtureCampaign } from './campaign-data';

const GM = 'gm@example.com';
const ANA = 'ana@example.com'; // Avanil: side A
const BOB = 'bob@example.com'; // Ghoere: side B

const person = (email: string, role: 'GM' | 'Player', armies: string[]): You => ({
  email,
  role,
  armies,
  gms: [GM],
  why: '',
  problems: [],
});
export const AS_GM = person(GM, 'GM', []);
export const AS_ANA = person(ANA, 'Player', ['Avanil']);
export const AS_BOB = person(BOB, 'Player', ['Ghoere']);

/** A side's seal: sealed (its plan given when the answer is to its own players), or revealed with its salt. */
export function sealOf(by: string, commitment: string, plan?: Plan, revealed = false): SideSeal {
  const base = { by, when: '2026-11-27 18:02 UTC', commitment };
  if (revealed) return { ...base, sealed: false, salt: 'abcdefghijklmnop1234' };
  return plan === undefined ? { ...base, sealed: true } : { ...base, sealed: true, plan };
}

/**
 * The Ford with these seals: a sealed side's Plan is No plan in the setup (as the Battles row is read); a revealed
 * one's is the plan revealed (`revealed`), and `logged` the server's pairs with Logged dice.
 */
export function sealedFord(
  seals: readonly [SideSeal | null, SideSeal | null],
  options: {
    dice?: DiceMode;
    logged?: RollPair[];
    revealed?: readonly [Plan, Plan];
    fingerprint?: string;
  } = {},
): CampaignData {
  const data = fixtureCampaign();
  const [ford, ...rest] = data.battles;
  if (!ford) throw new Error('the fixture has the Ford');
  const sides = ford.setup.sides.map((side, i) => {
    const seal = seals[i];
    const plan = seal?.sealed ? 'No plan' : (options.revealed?.[i] ?? side.circumstances.plan);
    return { ...side, circumstances: { ...side.circumstances, plan } };
  }) as unknown as typeof ford.setup.sides;
  const last = options.logged?.[options.logged.length - 1];
  return {
    ...data,
    dice: options.dice ?? 'Sidebar',
    battles: [
      {
        ...ford,
        setup: { ...ford.setup, sides },
        seals,
        fingerprint: options.fingerprint ?? 'battle-ford-sealed',
        ...(last ? { rolls: last, logged: options.logged } : {}),
      },
      ...rest,
    ],
  };
}
