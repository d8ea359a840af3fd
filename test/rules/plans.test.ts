// RULES 5.10: the tactics matrix. Every one of the 49 ordered pairs, from the published rows and the mirror rule.
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNoBattle, type Plan, planEffects, planEffectText } from '../../src/rules';

const SOURCE = new URL('../../../shared/warcard-rules-source.txt', import.meta.url);

// The source's rows as published: side A plan | side B plan | effect for A | effect for B.
const PUBLISHED = `
Full charge | Full charge | Cas +20% | Cas +20%
Full charge | Normal attack | Cas +20% | BV -10%
Full charge | Encircle | BV +5% | Cas +10%
Full charge | Trap | Cas +20% | BV +10%
Full charge | Hold | Cas +20% | BV -15%
Full charge | Withdraw | BV +10% | Cas +30%
Full charge | No plan | Cas +10% | BV -20%
Normal attack | Normal attack | Cas +10% | Cas +10%
Normal attack | Encircle | Cas +10% | BV -5%
Normal attack | Trap | Cas +10% | BV +5%
Normal attack | Hold | - | Cas -10%
Normal attack | Withdraw | BV +5% | Cas +20%
Normal attack | No plan | - | -
Encircle | Encircle | - | -
Encircle | Trap | Cas -10% | BV -10%
Encircle | Hold | BV +10% | Cas +20%
Encircle | Withdraw | BV +5% | Cas -10%
Encircle | No plan | - | Cas +30%
Trap | Trap | - | -
Trap | Hold | BV -10% | Cas -10%
Trap | Withdraw | Cas -10% | Cas -10%
Trap | No plan | - | Cas +10%
Hold | Hold | No battle | No battle
Hold | Withdraw | No battle | No battle
Hold | No plan | Cas -10% | -
Withdraw | Withdraw | No battle | No battle
Withdraw | No plan | Cas -20% | -`
  .trim()
  .split('\n')
  .map((line) => line.split(' | ') as [Plan, Plan, string, string]);

const PLAN_NAMES: Plan[] = [
  'Full charge',
  'Normal attack',
  'Encircle',
  'Trap',
  'Hold',
  'Withdraw',
  'No plan',
];

/** The expected effects of every ordered pair: the printed row, or its mirror; No plan vs No plan: nothing. */
function expected(a: Plan, b: Plan): [string, string] {
  for (const [x, y, ex, ey] of PUBLISHED) {
    if (x === a && y === b) return [ex, ey];
    if (x === b && y === a) return [ey, ex];
  }
  if (a === 'No plan' && b === 'No plan') return ['-', '-'];
  throw new Error(`no row for ${a} - ${b}`);
}

const pairs = PLAN_NAMES.flatMap((a) => PLAN_NAMES.map((b) => [a, b] as const));

describe('RULES 5.10 all 49 plan pairs', () => {
  it('there are 49 ordered pairs, each settled by a printed row, its mirror, or No plan - No plan', () => {
    expect(pairs).toHaveLength(49);
    for (const [a, b] of pairs) expect(() => expected(a, b)).not.toThrow();
  });

  it.each(pairs)('%s vs %s', (a, b) => {
    const [ea, eb] = planEffects(a, b);
    expect([planEffectText(ea), planEffectText(eb)]).toEqual(expected(a, b));
  });

  it('No plan vs No plan: no effect on either side (the assumed choice; no printed row)', () => {
    const [ea, eb] = planEffects('No plan', 'No plan');
    expect(ea.kind).toBe('none');
    expect(eb.kind).toBe('none');
  });

  it('the mirror rule: Withdraw - Full charge gives Withdraw Cas +30% and Full charge BV +10%', () => {
    const [ea, eb] = planEffects('Withdraw', 'Full charge');
    expect(ea).toEqual({ kind: 'cas', percent: 30 });
    expect(eb).toEqual({ kind: 'bv', percent: 10 });
  });

  it('the mirror rule: No plan - Hold gives Hold its Cas -10%', () => {
    expect(planEffects('No plan', 'Hold')[1]).toEqual({ kind: 'cas', percent: -10 });
    expect(planEffects('No plan', 'Hold')[0].kind).toBe('none');
  });

  it('"No battle" exactly for Hold-Hold, Hold-Withdraw, Withdraw-Hold and Withdraw-Withdraw', () => {
    const none = pairs.filter(([a, b]) => isNoBattle(a, b)).map(([a, b]) => `${a}-${b}`);
    expect(none.sort()).toEqual(['Hold-Hold', 'Hold-Withdraw', 'Withdraw-Hold', 'Withdraw-Withdraw']);
  });

  it('property: A-B and B-A effects mirror', () => {
    const plan = fc.constantFrom(...PLAN_NAMES);
    fc.assert(
      fc.property(plan, plan, (a, b) => {
        const [x, y] = planEffects(a, b);
        const [y2, x2] = planEffects(b, a);
        expect(x2).toEqual(x);
        expect(y2).toEqual(y);
      }),
    );
  });

  it.skipIf(!existsSync(SOURCE))('the rows above match the published text', () => {
    const text = readFileSync(SOURCE, 'utf8');
    const names = PLAN_NAMES.join('|');
    const effect = String.raw`(?:BV|Cas) [+-]\d+%|-|No battle`;
    const re = new RegExp(`^(${names}) \\| (${names}) \\| (${effect}) \\| (${effect}) \\|$`, 'gm');
    const rows = [...text.matchAll(re)].map((m) => [m[1], m[2], m[3], m[4]]);
    expect(rows).toEqual(PUBLISHED);
  });
});
