// How the sidebar prints chances, amounts and plan names.
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../src/rules';
import { modifierAmount, PLAN_SHORT, percent, SOURCE_TEXT, signed } from '../../src/sidebar/format';

describe('percent', () => {
  it.each([
    [0, '0%'],
    [-0.2, '0%'],
    [1, '100%'],
    [1.5, '100%'],
    [0.6234, '62.3%'],
    [0.5, '50.0%'],
    [0.00049, '<0.1%'],
    [0.0005, '0.1%'],
    [0.99949, '99.9%'],
    [0.9995, '>99.9%'],
    [0.99999, '>99.9%'],
  ])('%f is %s', (chance, shown) => {
    expect(percent(chance)).toBe(shown);
  });
});

describe('signed and modifierAmount', () => {
  it('prints a true minus sign, a plus for gains, and a bare 0', () => {
    expect([signed(5), signed(-10), signed(0)]).toEqual(['+5', '−10', '0']);
  });

  it('adds % to a percent modifier only', () => {
    expect(modifierAmount({ amount: 5, measure: 'percent' })).toBe('+5%');
    expect(modifierAmount({ amount: -10, measure: 'points' })).toBe('−10');
  });
});

describe('the words for sources and plans', () => {
  it('names each source of a modifier line', () => {
    expect(SOURCE_TEXT).toEqual({ ticked: 'ticked', roster: 'from roster', plan: 'battle plan' });
  });

  it('has a distinct short name for every plan', () => {
    const shorts = PLANS.map((plan) => PLAN_SHORT[plan]);
    expect(shorts).toEqual(['FC', 'NA', 'En', 'Tr', 'Ho', 'Wd', 'NP']);
  });
});
