// Every example formula of the README and of the formula reference dialog works on the sample campaign.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { FORMULA_HELP } from '../../src/sheets/menu';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The examples column of the README's formula table. */
const readmeExamples = [...README.matchAll(/^\| `[A-Z]+\(.*\| `(=[A-Z]+\(.*\))` \|$/gm)].flatMap((m) =>
  m[1] === undefined ? [] : [m[1]],
);

describe('example formulas on the sample campaign', () => {
  it('the README lists an example for every formula of the reference dialog', () => {
    expect(readmeExamples.map((e) => /^=([A-Z]+)/.exec(e)?.[1])).toEqual(FORMULA_HELP.map((f) => f.name));
  });

  it('each example computes without an error', () => {
    const lw = loadWorkbook();
    lw.run('setUpSampleCampaign');
    const examples = [...new Set([...readmeExamples, ...FORMULA_HELP.map((f) => f.example)])];
    for (const [i, example] of examples.entries()) lw.workbook.put(`Example ${i + 1}`, 'A1', [[example]]);
    lw.workbook.recalculate();
    for (const [i, example] of examples.entries()) {
      const first = lw.workbook.read(`Example ${i + 1}`, 'A1:K3');
      const shown = first
        .flat()
        .filter((v) => typeof v === 'string' && (v.startsWith('#') || v === 'Loading...'));
      expect(shown, example).toEqual([]);
      expect(first[0]?.[0] ?? '', example).not.toBe(''); // a missing cell fails too
    }
  });
});
