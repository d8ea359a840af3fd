// The separator between a formula's arguments in the spreadsheet's locale (File → Settings → Locale): ";" where
// decimals are written with a comma (de_DE, fr_FR, pt_BR), "," elsewhere. Every formula the product writes (set-up's
// formulas, its rules' custom formulas) is joined with it; Warcard → Check this spreadsheet tries it for real.

/** Languages that write decimals with a comma in most of their countries. */
const COMMA_LANGUAGES = new Set(
  'af az be bg bs ca cs da de el es et eu fi fr gl hr hu hy id is it ka kk ky lt lv mk nb nl nn no pl pt ro ru sk sl sq sr sv tr uk uz vi'.split(
    ' ',
  ),
);

/** Their countries that write a point (Switzerland's German and Italian, Central America's Spanish), and en_ZA. */
const POINT_LOCALES = new Set(
  'de_CH de_LI it_CH es_DO es_GT es_HN es_MX es_NI es_PA es_PE es_PR es_SV es_US'.split(' '),
);

/** The argument separator of formulas in a locale such as en_US or de_DE. */
export function argumentSeparator(locale: string): ',' | ';' {
  const name = String(locale ?? '').replace('-', '_');
  if (name === 'en_ZA') return ';';
  const comma = COMMA_LANGUAGES.has(name.split('_')[0]?.toLowerCase() ?? '') && !POINT_LOCALES.has(name);
  return comma ? ';' : ',';
}
