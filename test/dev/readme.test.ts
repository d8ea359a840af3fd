// Every example formula of the README and of the formula reference dialog works on the sample campaign, and the
// install's check holds for an empty campaign.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { FORMULA_HELP } from '../../src/sheets/menu';
import { columnPast, rowOf } from '../support/columns';

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

describe('the install’s check', () => {
  it('holds for an empty campaign: the tabs it names, opened on Units, the Library valued', () => {
    const tabs = /the tabs (.*?) are there/s.exec(README)?.[1]?.replace(/\s+/g, ' ') ?? '';
    const named = tabs.split(/, | and /);
    const lw = loadWorkbook();
    lw.workbook.addSheet('Sheet1');
    lw.run('setUpCampaign');
    lw.workbook.recalculate();
    expect(lw.workbook.snapshot().sheets.map((x) => x.name)).toEqual(named);
    expect(lw.workbook.ui.activated).toBe('Units');
    const head = lw.workbook.read('Library', rowOf('Library', 1))[0] ?? [];
    const at = (h: string) => head.indexOf(h);
    const rows = lw.workbook.read('Library', `A2:${columnPast('Library')}40`).filter((r) => r[0] !== '');
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows)
      for (const h of ['Value', 'Muster', 'Upkeep']) expect(typeof r[at(h)], `${r[0]} ${h}`).toBe('number');
  });
});
