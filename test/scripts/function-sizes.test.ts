// No function of src or dev is over 120 lines and no module over 400 (issues #29, #39), measured by
// scripts/function-sizes.mjs; and the measure itself counts what it should.
import { describe, expect, it } from 'vitest';
import { codeOnly, functionSizes, moduleSizes, sizesUnder } from '../../scripts/function-sizes.mjs';

const ROOT = `${__dirname}/../..`;
const MEASURED = ['src', 'dev'];
const MAX_LINES = 120;
const MAX_MODULE_LINES = 400;

describe('function sizes', () => {
  it(`no function of ${MEASURED.join(' or ')} is over ${MAX_LINES} lines`, () => {
    const all = sizesUnder(ROOT, MEASURED);
    expect(all.length).toBeGreaterThan(1000);
    const over = all
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}:${f.line} ${f.name} ${f.lines}`);
    expect(over).toEqual([]);
  });

  it(`no module of ${MEASURED.join(' or ')} is over ${MAX_MODULE_LINES} lines (split it by what it holds)`, () => {
    const all = moduleSizes(ROOT, MEASURED);
    expect(all.length).toBeGreaterThan(150);
    const over = all.filter((m) => m.lines > MAX_MODULE_LINES).map((m) => `${m.file} ${m.lines}`);
    expect(over).toEqual([]);
  });

  it('measures declarations, arrows and methods to their closing brace, braces in strings and comments aside', () => {
    const text = [
      'export function a(x: { y: number }): { z: number } {', // 1
      "  const s = '}}}'; // }", // 2
      '  const t = `$' + '{x.y} }`;', // 3: a template's placeholder and a brace in its text
      '  return { z: 1 };', // 4
      '}', // 5
      'const b = (n: number) => {', // 6
      '  /* { */ return n;', // 7
      '};', // 8
      'const c = (n: number) => n + 1;', // 9
      'const o = {', // 10
      '  m(v: string) {', // 11
      '    return v;', // 12
      '  },', // 13
      '};', // 14
    ].join('\n');
    expect(functionSizes(text)).toEqual([
      { name: 'a', line: 1, lines: 5 },
      { name: 'b', line: 6, lines: 3 },
      { name: 'm', line: 11, lines: 3 },
    ]);
    expect(codeOnly("'{'").includes('{')).toBe(false);
    // A module's lines as `wc -l` counts them: src/sidebar/entry.ts is six lines, each ended by a newline.
    expect(moduleSizes(ROOT, ['src/sidebar']).find((m) => m.file === 'src/sidebar/entry.ts')).toEqual({
      file: 'src/sidebar/entry.ts',
      lines: 6,
    });
  });
});
