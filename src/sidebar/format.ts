// How the sidebar shows numbers and rules terms: chances, signed amounts, modifier lines, plan abbreviations.
import { type ModifierLine, type Plan, type PlanEffect, signed as signedWith } from '../rules';

/** A chance as a percentage with one decimal: 0.6234 → "62.3%"; exact 0 and 1 without decimals. */
export function percent(chance: number): string {
  if (chance <= 0) return '0%';
  if (chance >= 1) return '100%';
  const p = Math.round(chance * 1000) / 10;
  if (p === 0) return '<0.1%';
  if (p === 100) return '>99.9%';
  return `${p.toFixed(1)}%`;
}

/** A signed number with a true minus sign (−), as the sidebar prints amounts. */
export const signed = (n: number): string => signedWith(n, '−');

/** A modifier line's amount as the preview lists it: "+5%", "−10". */
export const modifierAmount = (m: Pick<ModifierLine, 'amount' | 'measure'>): string =>
  `${signed(m.amount)}${m.measure === 'percent' ? '%' : ''}`;

export const SOURCE_TEXT: Record<ModifierLine['source'], string> = {
  ticked: 'ticked',
  roster: 'from roster',
  plan: 'battle plan',
};

/** Short plan names for the advisor table's columns. */
export const PLAN_SHORT: Readonly<Record<Plan, string>> = {
  'Full charge': 'FC',
  'Normal attack': 'NA',
  Encircle: 'En',
  Trap: 'Tr',
  Hold: 'Ho',
  Withdraw: 'Wd',
  'No plan': 'NP',
};

/**
 * A field's one message, led by its own label: "Ghorvant’s die: a whole number from 1 to 100 (got 0)", or, when
 * nothing was typed, "…: type a whole number from 1 to 100" (never "required" over a value typed).
 */
export function wholeNumberProblem(
  label: string,
  text: string,
  range: { readonly min: number; readonly max: number },
): string {
  const typed = text.trim();
  const span = `a whole number from ${range.min} to ${range.max}`;
  return typed === '' ? `${label}: type ${span}` : `${label}: ${span} (got ${typed})`;
}

/** "1 unit", "2 units": a count with its noun, singular or plural. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A plan's effect in words, where the printed tactics table says "BV −10%" or "Cas −10%". */
export function planEffectWords(effect: PlanEffect): string {
  switch (effect.kind) {
    case 'none':
      return '-';
    case 'bv':
      return `battle value ${signed(effect.percent)}%`;
    case 'cas':
      return `casualty rate ${signed(effect.percent)}%`;
    case 'noBattle':
      return 'no battle';
  }
}
