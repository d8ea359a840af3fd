// No function of src/sheets, src/contract or src/rules is over 120 lines (issue #29), measured by
// scripts/function-sizes.mjs; and the measure itself counts what it should.
import { describe, expect, it } from 'vitest';
import { codeOnly, functionSizes, sizesUnder } from '../../scripts/function-sizes.mjs';

const ROOT = `${__dirname}/../..`;
const MAX_LINES = 120;

describe('function sizes', () => {
  it(`no function of src/sheets, src/contract or src/rules is over ${MAX_LINES} lines`, () => {
    const all = sizesUnder(ROOT, ['src/sheets', 'src/contract', 'src/rules']);
    expect(all.length).toBeGreaterThan(300);
    const over = all
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}:${f.line} ${f.name} ${f.lines}`);
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
  });
});
