// How the sidebar shows numbers and rules terms: chances, signed amounts, modifier lines, plan abbreviations.
import { type ModifierLine, type Plan, signed as signedWith } from '../rules';

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
