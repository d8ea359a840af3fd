// The sidebar's page as Battle… sends it: Sidebar.html with the load's answer inside, so the sidebar shows the
// campaign with no call of its own. The answer is JSON in a <script type="application/json"> element, escaped so
// that no text of the sheets (a unit named "</script>" or "<!--") can end the element or become markup.

/** The element of Sidebar.html the answer goes in; `null` there means "none: call sidebarLoad". */
export const LOAD_ANSWER_ELEMENT = '<script type="application/json" id="load-answer">null</script>';

/** The characters a script element's text may not hold as they are, and their JSON escapes. */
const UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * A value as JSON that may stand inside a script element: `<`, `>`, `&`, U+2028 and U+2029 written as \u003c,
 * \u003e, \u0026, \u2028 and \u2029 (the same string to JSON.parse). Throws when the value has no JSON.
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error('scriptJson: the value has no JSON form');
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The sidebar's page with the answer in its load-answer element; the page must hold that element once. */
export const withLoadAnswer = (page: string, answer: unknown): string =>
  withJsonIn(page, LOAD_ANSWER_ELEMENT, answer, 'Sidebar.html');

/**
 * A page (the file named `file`) with `value` as the JSON of its `element` (a script element holding `null`),
 * which the page must hold once.
 */
export function withJsonIn(page: string, element: string, value: unknown, file: string): string {
  const at = page.indexOf(element);
  if (at < 0 || page.indexOf(element, at + 1) >= 0) {
    const id = /id="([^"]+)"/.exec(element)?.[1] ?? element;
    throw new Error(`${file} must hold the ${id} element once: rebuild dist/ (npm run build).`);
  }
  const filled = element.replace('>null<', () => `>${scriptJson(value)}<`);
  return page.slice(0, at) + filled + page.slice(at + element.length);
}
