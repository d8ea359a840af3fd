// The scalar formulas of SHEETS.md: RESOLVEBATTLE, BATTLEODDS, TROOPRATIO, TACTICS.
import { describe, expect, it } from 'vitest';
import { BATTLEODDS, RESOLVEBATTLE, TACTICS, TROOPRATIO } from '../../src/sheets/scalar-formulas';

describe('RESOLVEBATTLE', () => {
  it('the worked battle: winner, difference, rates, casualty points', () => {
    expect(RESOLVEBATTLE(27, 44, 80, 30, 22, 22, 'Full charge', 'Hold')).toEqual([
      ['A', 33, 0.8, 0.5, 18, 11],
    ]);
  });

  it('D-15 70% of 45 is 31.5 → 32', () => {
    // 50 + 50 against 45 + 50: A by 5 → 70% / 30%. A 70% of 45 = 31.5 → 32; B 30% of 40 = 12.
    expect(RESOLVEBATTLE(50, 45, 50, 50, 45, 40)).toEqual([['A', 5, 0.7, 0.3, 32, 12]]);
  });

  it('B can win: the row still lists side A first', () => {
    expect(RESOLVEBATTLE(45, 50, 50, 50, 40, 45)).toEqual([['B', 5, 0.3, 0.7, 12, 32]]);
  });

  it("attrition: the winner loses at least 20% of the loser's points", () => {
    // By 290 → 5% / 80%: A 5% of 40 = 2; B 80% of 50 = 40; 20% of 40 = 8.
    expect(RESOLVEBATTLE(300, 10, 50, 50, 40, 50)).toEqual([['A', 290, 0.05, 0.8, 8, 40]]);
  });

  it("Hold against No plan, winning: rate 5% - 10 → 0% (clamped), at least 10% of the loser's points", () => {
    expect(RESOLVEBATTLE(300, 10, 50, 50, 40, 50, 'Hold', '')).toEqual([['A', 290, 0, 0.8, 4, 40]]);
    expect(RESOLVEBATTLE(300, 10, 50, 50, 40, 50, 'Hold', 'No plan')).toEqual([['A', 290, 0, 0.8, 4, 40]]);
  });

  it("attrition never more than the winner's units are worth", () => {
    expect(RESOLVEBATTLE(300, 10, 50, 50, 3, 100)).toEqual([['A', 290, 0.05, 0.8, 3, 80]]);
  });

  it('rates clamp at 100%: a withdrawing loser (Cas +30) at 80%', () => {
    // Withdraw - Full charge: Withdraw Cas +30%, Full charge BV +10% (already in the battle values).
    expect(RESOLVEBATTLE(10, 300, 50, 50, 20, 20, 'Withdraw', 'Full charge')).toEqual([
      ['B', 290, 1, 0.05, 20, 4],
    ]);
  });

  it('D-14 a difference of 401 is the 400+ row', () => {
    expect(RESOLVEBATTLE(400, 0, 1, 1, 10, 10)[0]?.slice(0, 4)).toEqual(['A', 400, 0.05, 0.9]);
    expect(RESOLVEBATTLE(401, 0, 1, 1, 10, 10)[0]?.slice(0, 4)).toEqual(['A', 401, 0.05, 1]);
  });

  it('D-13 a tie: Tie, and no rates or points', () => {
    const [row] = RESOLVEBATTLE(40, 40, 50, 50, 20, 20);
    expect(row?.[0]).toBe('Tie');
    expect(row?.slice(2)).toEqual(['', '', '', '']);
  });

  it('No battle when the plans rule it out', () => {
    const [row] = RESOLVEBATTLE(40, 20, 50, 50, 20, 20, 'Hold', 'Withdraw');
    expect(row?.[0]).toBe('No battle');
    expect(row?.slice(2)).toEqual(['', '', '', '']);
  });

  it('the points stay blank without the units', () => {
    expect(RESOLVEBATTLE(50, 45, 50, 50)).toEqual([['A', 5, 0.7, 0.3, '', '']]);
  });

  it('numbers typed as text are read as numbers', () => {
    expect(RESOLVEBATTLE('50', '45', '50', '50', '45', '40')).toEqual([['A', 5, 0.7, 0.3, 32, 12]]);
  });

  it('takes battle values below zero, as SHEETS.md allows (from -10^12)', () => {
    // Totals 49 and 95: B wins by 46, the 46-50 row: winner 50%, loser 60%.
    expect(RESOLVEBATTLE(-1, 45, 50, 50)).toEqual([['B', 46, 0.6, 0.5, '', '']]);
    expect(BATTLEODDS(-5, -5)).toBe(0.5);
    expect(RESOLVEBATTLE(-1e12, 1e12, 50, 50)).toEqual([['B', 2e12, 1, 0.05, '', '']]);
  });

  it('bad arguments throw an Error naming the argument and what it must be', () => {
    expect(() => RESOLVEBATTLE(50, 45, 0, 50)).toThrow(/rollA/);
    expect(() => RESOLVEBATTLE(50, 45, 50, 101)).toThrow(/rollB/);
    expect(() => RESOLVEBATTLE(50, 45, 'x', 50)).toThrow(/rollA/);
    expect(() => RESOLVEBATTLE(-1e12 - 1, 45, 50, 50)).toThrow(/valueA/);
    expect(() => RESOLVEBATTLE(50, 'lots', 50, 50)).toThrow(/valueB/);
    expect(() => RESOLVEBATTLE(50, 45, 50, 50, -3, 10)).toThrow(/unitsA/);
    expect(() => RESOLVEBATTLE(50, 45, 50, 50, 10, 10, 'Charge!')).toThrow(/planA/);
    expect(() => RESOLVEBATTLE([[50, 60]], 45, 50, 50)).toThrow(/valueA/);
  });
});

describe('BATTLEODDS', () => {
  it("side A's chance to win, ties rolled again (the worked battle: 3403 / 9917)", () => {
    expect(BATTLEODDS(27, 44)).toBeCloseTo(3403 / 9917, 14);
    expect(BATTLEODDS(44, 27)).toBeCloseTo(6514 / 9917, 14);
    expect(BATTLEODDS(50, 50)).toBe(0.5);
    expect(BATTLEODDS(200, 50)).toBe(1);
    expect(BATTLEODDS(50, 200)).toBe(0);
  });

  it('0 when the plans make it no battle; other plans do not change the chance', () => {
    expect(BATTLEODDS(80, 20, 'Hold', 'Hold')).toBe(0);
    expect(BATTLEODDS(80, 20, 'withdraw', 'HOLD')).toBe(0);
    expect(BATTLEODDS(27, 44, 'Full charge', 'Hold')).toBeCloseTo(3403 / 9917, 14);
  });

  it('numbers typed as text', () => {
    expect(BATTLEODDS('27', '44')).toBeCloseTo(3403 / 9917, 14);
  });

  it('bad arguments throw an Error naming them', () => {
    expect(() => BATTLEODDS('', 44)).toThrow(/valueA/);
    expect(() => BATTLEODDS(27, 4.5)).toThrow(/valueB/);
    expect(() => BATTLEODDS(27, 44, 'Ambush')).toThrow(/planA/);
    expect(() => BATTLEODDS(27, 44, '', 'Ambush')).toThrow(/planB/);
  });
});

describe('TROOPRATIO', () => {
  it.each([
    [149, 100, 0],
    [150, 100, 0.02],
    [3, 2, 0.02],
    [2, 1, 0.04],
    [3, 1, 0.06],
    [4, 1, 0.08],
    [5, 1, 0.1],
    [6, 1, 0.15],
    [7, 1, 0.2],
    [8, 1, 0.3],
    [10, 1, 0.3],
    [11, 1, 0.4],
    [15, 1, 0.4],
    [16, 1, 0.5],
    [2, 3, 0],
    [5, 5, 0],
  ])('TROOPRATIO(%s, %s) = %s', (a, b, fraction) => {
    expect(TROOPRATIO(a, b)).toBeCloseTo(fraction, 14);
  });

  it('sizes typed as text', () => {
    expect(TROOPRATIO('16', '1')).toBeCloseTo(0.5, 14);
  });

  it('by value: base army values with a quarter (a magic-resisted caster) compare exactly', () => {
    // 30.75 : 20.5 = 1.5 exactly.
    expect(TROOPRATIO(30.75, 20.5)).toBeCloseTo(0.02, 14);
    expect(TROOPRATIO(30.5, 20.5)).toBe(0);
  });

  it('decimal sizes at a row boundary: 3.3 : 1.1 is exactly 3 : 1 (includes a), so +6%', () => {
    // In binary floating point 3 * 1.1 = 3.3000000000000003 > 3.3; the ratio is still exactly 3.
    expect(TROOPRATIO(3.3, 1.1)).toBeCloseTo(0.06, 14);
    expect(TROOPRATIO(0.3, 0.1)).toBeCloseTo(0.06, 14);
  });

  it('bad sizes throw an Error naming them', () => {
    expect(() => TROOPRATIO(-1, 3)).toThrow(/sizeA/);
    expect(() => TROOPRATIO(3, 'many')).toThrow(/sizeB/);
  });
});

describe('TACTICS', () => {
  it('the effects as text, both ways round', () => {
    expect(TACTICS('Full charge', 'Normal attack')).toEqual([['Cas +20%', 'BV -10%']]);
    expect(TACTICS('Normal attack', 'Full charge')).toEqual([['BV -10%', 'Cas +20%']]);
    expect(TACTICS('Encircle', 'No plan')).toEqual([['-', 'Cas +30%']]);
    expect(TACTICS('Withdraw', 'Encircle')).toEqual([['Cas -10%', 'BV +5%']]);
  });

  it('No battle', () => {
    expect(TACTICS('Hold', 'Withdraw')).toEqual([['No battle', 'No battle']]);
    expect(TACTICS('Withdraw', 'Hold')).toEqual([['No battle', 'No battle']]);
  });

  it('blank means No plan; No plan against No plan has no effect', () => {
    expect(TACTICS('', '')).toEqual([['-', '-']]);
    expect(TACTICS('No plan', '')).toEqual([['-', '-']]);
    expect(TACTICS('', 'Hold')).toEqual([['-', 'Cas -10%']]);
  });

  it('plan names match loosely', () => {
    expect(TACTICS('full-charge', 'NORMAL ATTACK')).toEqual([['Cas +20%', 'BV -10%']]);
  });

  it('an unknown plan throws an Error naming the argument and the plans', () => {
    expect(() => TACTICS('Ambush', 'Hold')).toThrow(/planA.*Full charge/);
    expect(() => TACTICS('Hold', 'Ambush')).toThrow(/planB/);
  });
});
