// src/contract/season-report.ts: a season collected, told in its three copies (plain, Markdown, BBCode) as a
// battle's report is, from the same blocks.
import { describe, expect, it } from 'vitest';
import { bbcodeReport, markdownReport, plainReport, readReport } from '../../src/contract/battle-report';
import { seasonReport } from '../../src/contract/season-report';
import { seasonDue } from '../../src/rules';
import { worth } from '../support/rules';

const host = {
  name: 'Avanil Host',
  units: [
    { unit: worth(4, { name: 'Pikes', army: 'Avanil Host' }), mustered: '' },
    {
      unit: worth(6, { name: 'Knights [1st]', army: 'Avanil Host', role: 'Mounted' }),
      mustered: 'Summer 1522',
    },
  ],
};
const due = seasonDue(10, [host], 'Summer 1522'); // upkeep 1 + 2, muster 4
const blocks = seasonReport('Summer 1522', [
  { realm: 'Avanil', opening: 21, due, closing: 24, note: '' },
  {
    realm: 'Ghoere',
    opening: 1,
    due: seasonDue(0, [{ name: 'Levy', units: [] }], 'Summer 1522'),
    closing: -3,
    note: 'short by 3 GB',
  },
]);

describe('the season report', () => {
  it('tells each realm’s opening balance, income, upkeep by army, muster by unit and closing balance', () => {
    expect(plainReport(blocks)).toBe(
      [
        'Season collected: Summer 1522',
        '',
        'Avanil',
        '  Opening balance: 21 GB',
        '  Income: 10 GB',
        '  Upkeep: 3 GB',
        '  - Avanil Host: 3 GB (2 units)',
        '  Muster: 4 GB',
        '  - Knights [1st] (Avanil Host): 4 GB',
        '  Closing balance: 24 GB',
        '',
        'Ghoere',
        '  Opening balance: 1 GB',
        '  Income: 0 GB',
        '  Upkeep: 0 GB',
        '  - Levy: 0 GB (0 units)',
        '  Muster: 0 GB',
        '  Closing balance: −3 GB',
        '  Note: short by 3 GB',
      ].join('\n'),
    );
    expect(readReport(plainReport(blocks))).toEqual(blocks);
  });

  it('copies as Markdown and BBCode, names escaped', () => {
    const md = markdownReport(blocks);
    expect(md.split('\n').slice(0, 10)).toEqual([
      '## Season collected: Summer 1522',
      '',
      '### Avanil',
      'Opening balance: 21 GB  ',
      'Income: 10 GB  ',
      'Upkeep: 3 GB  ',
      '- Avanil Host: 3 GB (2 units)',
      '',
      'Muster: 4 GB  ',
      '- Knights \\[1st\\] (Avanil Host): 4 GB',
    ]);
    const bb = bbcodeReport(blocks);
    expect(bb).toContain(
      '[list]\n[*]Knights [[b][/b]1st] (Avanil Host): 4 GB\n[/list]\nClosing balance: 24 GB',
    );
    expect(bb.startsWith('[b][u]Season collected: Summer 1522[/u][/b]\n\n[b]Avanil[/b]')).toBe(true);
  });
});
