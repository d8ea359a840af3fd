// Dice for the Roll step: each d100 uniform on 1-100; ties rolled again and kept (RULES 6.1, D-13).
import { rangeOf, numberCell } from '../contract/numbers';
import { defined, type RollPair } from '../rules';
import { wholeNumberProblem } from './format';

/** A d100 from 32 random bits, without modulo bias: values past the last whole multiple of 100 are drawn again. */
export function d100From(next32: () => number): number {
  const limit = 4294967296 - (4294967296 % 100);
  for (;;) {
    const x = next32() >>> 0;
    if (x < limit) return 1 + (x % 100);
  }
}

/** The browser's cryptographic source (never Math.random): 32 random bits a call. */
export function cryptoBits(): number {
  const [bits] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return defined(bits, 'the random word');
}

export const rollD100 = (): number => d100From(cryptoBits);

export const isTie = (pair: RollPair, valueA: number, valueB: number): boolean =>
  valueA + pair[0] === valueB + pair[1];

/** Whether the rolls so far decide the battle: the last pair is not a tie. */
export function isDecided(rolls: readonly RollPair[], valueA: number, valueB: number): boolean {
  const last = rolls[rolls.length - 1];
  return last !== undefined && !isTie(last, valueA, valueB);
}

/** Rolls both dice, again and again while the totals tie; returns the rolls so far with the new ones. */
export function rollUntilDecided(
  rolls: readonly RollPair[],
  valueA: number,
  valueB: number,
  die: () => number = rollD100,
): RollPair[] {
  const out = [...rolls];
  // A tie has at most a 1-in-100 chance a pair: 50 pairs in a row is beyond any real run.
  for (let i = 0; i < 50; i++) {
    const pair: RollPair = [die(), die()];
    out.push(pair);
    if (!isTie(pair, valueA, valueB)) break;
  }
  return out;
}

/**
 * A die typed from the table, read by the one number rule of a Roll cell (contract/numbers.ts): the number, or
 * one message naming the field by its label, e.g. "Ghorvant’s die: a whole number from 1 to 100 (got 0)".
 */
export function parseDie(text: string, field = 'Each die'): number | string {
  try {
    return numberCell(text, field, rangeOf('Roll'), 'required');
  } catch {
    return wholeNumberProblem(field, text, rangeOf('Roll'));
  }
}
