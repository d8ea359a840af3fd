// A spreadsheet's locale as Sheets reads formulas in it: where the decimal separator is a comma (de_DE, fr_FR),
// arguments are separated by ";" and a decimal is written 1,5. The engine takes formulas as en_US writes them, so
// a formula is translated on its way in and back on its way out. Google documents getSpreadsheetLocale but not
// which separator a script's setFormula takes there: the emulation reads the stricter way, the locale's own, and
// refuses "," between arguments in a decimal-comma locale (the cell shows a parse error, as Sheets shows one).
// The decimal separator comes from Node's CLDR data (Intl), not from the product's own table.

/** Whether a locale (en_US, de_DE, de) writes decimals with a comma. */
export function decimalComma(locale: string): boolean {
  try {
    const parts = new Intl.NumberFormat(locale.replace(/_/g, '-')).formatToParts(1.5);
    return parts.find((p) => p.type === 'decimal')?.value === ',';
  } catch {
    return false;
  }
}

/** Marks a formula the locale refused, so that getFormulas gives it back as written and the engine fails it. */
const REFUSED = '\u2063';

/**
 * Runs `replace` over each character outside string literals ("...") and quoted sheet names ('...'); returns
 * undefined when it does.
 */
function mapOutsideQuotes(
  formula: string,
  replace: (ch: string, i: number) => string | undefined,
): string | undefined {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < formula.length; i++) {
    const ch = formula[i] ?? '';
    if (quote !== null) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      out += ch;
      continue;
    }
    const r = replace(ch, i);
    if (r === undefined) return undefined;
    out += r;
  }
  return out;
}

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * A formula as the locale writes it, for the engine (en_US). In a decimal-comma locale ";" separates arguments
 * and a comma between digits is a decimal point; any other comma is a parse error: the formula comes back marked,
 * so the engine fails it and `fromEngineLocale` gives it back as written.
 */
export function toEngineLocale(formula: string, comma: boolean): string {
  if (!comma) return formula;
  const text = mapOutsideQuotes(formula, (ch, i) => {
    if (ch === ';') return ',';
    if (ch !== ',') return ch;
    return isDigit(formula[i - 1]) && isDigit(formula[i + 1]) ? '.' : undefined;
  });
  return text ?? `=${REFUSED}${formula.slice(1)}`;
}

/** Google's refusal of a rule's formula the locale cannot read (the stricter reading: the call fails). */
export function localeRefusal(formula: string, comma: boolean, locale: string): string | undefined {
  if (!toEngineLocale(formula, comma).startsWith(`=${REFUSED}`)) return undefined;
  return `The formula ${formula} is not valid in this spreadsheet's locale (${locale}): its arguments are separated by ";".`;
}

/** The engine's formula as the locale writes it (the reverse of toEngineLocale). */
export function fromEngineLocale(formula: string, comma: boolean): string {
  if (formula.startsWith(`=${REFUSED}`)) return `=${formula.slice(2)}`;
  if (!comma) return formula;
  return (
    mapOutsideQuotes(formula, (ch, i) => {
      if (ch === ',') return ';';
      if (ch === '.' && isDigit(formula[i - 1]) && isDigit(formula[i + 1])) return ',';
      return ch;
    }) ?? formula
  );
}
