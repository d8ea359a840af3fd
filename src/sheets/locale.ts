// The separator between a formula's arguments in the spreadsheet's locale (File → Settings → Locale): ";" where
// decimals are written with a comma (de_DE, fr_FR, pt_BR), "," elsewhere. Every formula the product writes (set-up's
// formulas, its rules' custom formulas) is joined with it; Warcard → Check this spreadsheet tries it for real.

/** The argument separator of formulas in a locale such as en_US or de_DE (the table is built per call: no work at load). */
export function argumentSeparator(locale: string): ',' | ';' {
  const name = String(locale ?? '').replace('-', '_');
  // Languages that write decimals with a comma in most of their countries; then their countries that write a
  // point (Switzerland's German and Italian, Central America's Spanish), and English in South Africa, a comma.
  const comma =
    /^(af|az|be|bg|bs|ca|cs|da|de|el|es|et|eu|fi|fr|gl|hr|hu|hy|id|is|it|ka|kk|ky|lt|lv|mk|nb|nl|nn|no|pl|pt|ro|ru|sk|sl|sq|sr|sv|tr|uk|uz|vi)(_|$)/i.test(
      name,
    ) && !/^(de_CH|de_LI|it_CH|es_(DO|GT|HN|MX|NI|PA|PE|PR|SV|US))$/.test(name);
  return comma || name === 'en_ZA' ? ';' : ',';
}
