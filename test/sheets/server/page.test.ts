// The load's answer inside the sidebar's page (src/sheets/server/page.ts): JSON that no sheet text can end or
// turn into markup, and the same value to JSON.parse.
import { describe, expect, it } from 'vitest';
import { LOAD_ANSWER_ELEMENT, scriptJson, withLoadAnswer } from '../../../src/sheets/server/page';

describe('scriptJson', () => {
  it('writes <, >, &, U+2028 and U+2029 as JSON escapes', () => {
    expect(scriptJson({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    );
    expect(scriptJson(['<!--', '-->', 'a & b', 'x\u2028y\u2029z'])).toBe(
      '["\\u003c!--","--\\u003e","a \\u0026 b","x\\u2028y\\u2029z"]',
    );
    expect(scriptJson('plain "quoted" \\ text')).toBe('"plain \\"quoted\\" \\\\ text"');
    expect(scriptJson(null)).toBe('null');
  });

  it('gives back the same value to JSON.parse', () => {
    const value = {
      units: ['</SCRIPT >', '<!--<script>', '&amp;', '\u2028', 'é ✓ 𝔘'],
      n: [1, 0.5, -3],
      ok: true,
      none: null,
    };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });

  it('holds no character that could end a script element or start markup', () => {
    const text = scriptJson({ a: '</script>', b: '<!--', c: '<script>', d: ']]>', e: '&lt;' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('refuses a value with no JSON', () => {
    expect(() => scriptJson(undefined)).toThrow('scriptJson: the value has no JSON form');
  });
});

describe('withLoadAnswer', () => {
  const page = `<html><head>${LOAD_ANSWER_ELEMENT}</head><body><script>start()</script></body></html>`;

  it('puts the answer in the load-answer element and leaves the rest of the page as it was', () => {
    expect(withLoadAnswer(page, { ok: false, message: '<b>x</b>' })).toBe(
      '<html><head><script type="application/json" id="load-answer">{"ok":false,"message":"\\u003cb\\u003ex\\u003c/b\\u003e"}</script></head><body><script>start()</script></body></html>',
    );
  });

  it('refuses a page without the element, or with two', () => {
    const why = 'Sidebar.html must hold the load-answer element once: rebuild dist/ (npm run build).';
    expect(() => withLoadAnswer('<html></html>', null)).toThrow(why);
    expect(() => withLoadAnswer(page + LOAD_ANSWER_ELEMENT, null)).toThrow(why);
  });
});
