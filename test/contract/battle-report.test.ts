// The battle report (contract/battle-report.ts): every element of an applied battle told, read back from its plain text
// into the same blocks, copied as Markdown and BBCode with users' names shown as typed, and bounded in length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AppliedBattle,
  bbcodeReport,
  battleReport,
  escapeBBCode,
  escapeMarkdown,
  FATES,
  type FallenUnit,
  markdownReport,
  nameText,
  newRoundReport,
  plainReport,
  REPORT_MAX,
  readReport,
  reportAs,
} from '../../src/contract/battle-report';
import { type BattleSide, fightBattle, PLANS, type RollPair, UNIT_ROLES } from '../../src/rules';
import { side, worth } from '../support/rules';
import { SAMPLE_REPORT } from './report-sample';

const SAMPLE_MARKDOWN = `## Battle: Greywater Ford

### Side A: Elinvaire, defender
Armies: Elinvaire Host, Marcher Levies  
Base value 139 (units 73, characters 66)  
Modifiers:  
- Morale, Home Realm: +5% (ticked for the battle)
- Defender, Friendly Holding: +5 pts (ticked for the battle)
- Defender, River Crossed: +15 pts (ticked for the battle)
- Diversity, Three or more general types (Role): +10% (from the units)

Plan Hold: Cas -10%  
Battle value 180 (percent +15%, points +20)  

### Side B: Ghorvant, attacker
Armies: Ghorvant Legion  
Base value 149 (units 80, characters 69)  
Modifiers:  
- Morale, Beaten Foe: +5% (ticked for the battle)
- Diversity, Three or more general types (Role): +10% (from the units)

Plan Normal attack: no effect  
Battle value 171 (percent +15%, points 0)  

### Rolls
- Roll 1: Elinvaire 41 + 180 = 221; Ghorvant 50 + 171 = 221: tie, rolled again
- Roll 2: Elinvaire 30 + 180 = 210; Ghorvant 80 + 171 = 251

### Result
**Winner: Ghorvant, by 41**  
Casualties of Elinvaire: 40% (table row 41-45: loser 50%, plan Cas -10%) of unit value 73 = 29 pts, 15 destroyed and 14 routed  
Casualties of Ghorvant: 50% (table row 41-45: winner 50%) of unit value 80 = 40 pts, 20 destroyed and 20 routed  

### Units that fell
- Elinvaire: Knights of the Silver Oath (Elinvaire Host), routed
- Elinvaire: Vaelmont Household Knights (Elinvaire Host), routed
- Elinvaire: Temple Guard of the Dawn (Elinvaire Host), destroyed
- Elinvaire: Riverwatch Infantry (Elinvaire Host), destroyed
- Elinvaire: Elinvaire Cavalry (Elinvaire Host), destroyed
- Ghorvant: Ghorvant Knights (Ghorvant Legion), routed
- Ghorvant: Black Lances (Ghorvant Legion), destroyed
- Ghorvant: Iron Guard (Ghorvant Legion), routed
- Ghorvant: Legion Veterans (Ghorvant Legion), routed
- Ghorvant: Legion Infantry (Ghorvant Legion), routed
- Ghorvant: Barrow Dead (Ghorvant Legion), destroyed
- Ghorvant: Hill Trolls (Ghorvant Legion), destroyed
`.replace(/\n$/, '');

describe('the sample battle’s report', () => {
  it('reads back from the Log’s plain text and copies as Markdown and BBCode', () => {
    expect(plainReport(readReport(SAMPLE_REPORT))).toBe(SAMPLE_REPORT);
    expect(reportAs('plain', SAMPLE_REPORT)).toBe(SAMPLE_REPORT);
    expect(reportAs('markdown', SAMPLE_REPORT)).toBe(SAMPLE_MARKDOWN);
    const bb = reportAs('bbcode', SAMPLE_REPORT).split('\n');
    expect(bb.slice(0, 8)).toEqual([
      '[b][u]Battle: Greywater Ford[/u][/b]',
      '',
      '[b]Side A: Elinvaire, defender[/b]',
      'Armies: Elinvaire Host, Marcher Levies',
      'Base value 139 (units 73, characters 66)',
      'Modifiers:',
      '[list]',
      '[*]Morale, Home Realm: +5% (ticked for the battle)',
    ]);
    expect(bb).toContain('[b]Winner: Ghorvant, by 41[/b]');
    expect(bb.slice(-3)).toEqual([
      '[*]Ghorvant: Barrow Dead (Ghorvant Legion), destroyed',
      '[*]Ghorvant: Hill Trolls (Ghorvant Legion), destroyed',
      '[/list]',
    ]);
  });
});

// ---- Random battles

const ROLE = fc.constantFrom(...UNIT_ROLES);
const NAME = fc.oneof(
  fc.constantFrom(
    'Knights',
    '*bold*',
    '[b]x[/b]',
    '<img>',
    '|pipe|',
    ' spaced  out ',
    '',
    '- dash',
    '1. first',
  ),
  fc.string({ maxLength: 12 }),
);
const UNIT = fc.record({ name: NAME, value: fc.integer({ min: 1, max: 9 }), role: ROLE });
const FLAGS = fc.record({
  defender: fc.boolean(),
  homeRealm: fc.boolean(),
  higherGround: fc.boolean(),
  friendlyHolding: fc.boolean(),
  castleLevel: fc.integer({ min: 0, max: 3 }),
  specialBonus: fc.boolean(),
  plan: fc.constantFrom(...PLANS),
});
const DIE = fc.integer({ min: 1, max: 100 });

const sideOf = (
  label: string,
  army: string,
  units: { name: string; value: number; role: (typeof UNIT_ROLES)[number] }[],
  f: typeof FLAGS extends fc.Arbitrary<infer T> ? T : never,
  defender: boolean,
) =>
  side(
    label,
    units.map((u) => worth(u.value, { name: u.name, army, role: u.role })),
    {
      defender,
      morale: { homeRealm: f.homeRealm },
      terrain: { higherGround: f.higherGround },
      defense: { friendlyHolding: f.friendlyHolding },
      castleLevel: defender ? f.castleLevel : 0,
      specialBonus: f.specialBonus,
      plan: f.plan,
    },
  );

describe('a random battle’s report', () => {
  it('holds every element, with the Fight’s numbers, and reads back into the same blocks', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: NAME,
          labels: fc.tuple(NAME, NAME),
          armies: fc.tuple(NAME, NAME),
          units: fc.tuple(
            fc.array(UNIT, { minLength: 1, maxLength: 8 }),
            fc.array(UNIT, { minLength: 1, maxLength: 8 }),
          ),
          flags: fc.tuple(FLAGS, FLAGS),
          rolls: fc.array(fc.tuple(DIE, DIE), { minLength: 1, maxLength: 4 }),
          fates: fc.array(fc.constantFrom(...FATES, null), { minLength: 16, maxLength: 16 }),
        }),
        (g) => {
          const armies = [g.armies[0] || 'Army A', g.armies[1] || 'Army B'] as const;
          const a = sideOf(g.labels[0], armies[0], g.units[0], g.flags[0], false);
          const b = sideOf(g.labels[1], armies[1], g.units[1], g.flags[1], g.flags[1].defender);
          const fight = fightBattle(
            a,
            b,
            { troopRatioBy: 'units', terrainModifiersAs: 'points' },
            g.rolls as RollPair[],
          );
          const result = fight.result;
          fc.pre(result.kind === 'decided');
          if (result.kind !== 'decided') return;
          const values = [fight.evaluation.a, fight.evaluation.b] as const;
          const fallen: FallenUnit[] = ([0, 1] as const).flatMap((i) =>
            values[i].fightingUnits.flatMap((u, k) => {
              const fate = g.fates[i * 8 + k];
              return fate ? [{ name: u.name, army: u.army, side: i, fate }] : [];
            }),
          );
          const battle: AppliedBattle = {
            name: g.name,
            sides: [
              { label: g.labels[0], armies: [armies[0]], defender: false },
              { label: g.labels[1], armies: [armies[1]], defender: g.flags[1].defender },
            ],
            fight,
            fallen,
          };
          const blocks = battleReport(battle);
          const plain = plainReport(blocks);
          expect(readReport(plain)).toEqual(blocks);
          expect(plain.length).toBeLessThanOrEqual(REPORT_MAX);
          const lines = plain.split('\n');
          const labels = [nameText(g.labels[0], 'Side A'), nameText(g.labels[1], 'Side B')] as const;
          expect(lines[0]).toBe(`Battle: ${nameText(g.name)}`);
          for (const i of [0, 1] as const) {
            const v = values[i];
            const tag = i === 0 ? 'A' : 'B';
            const at = lines.indexOf(
              `Side ${tag}: ${labels[i]}, ${battle.sides[i].defender ? 'defender' : 'attacker'}`,
            );
            expect(at).toBeGreaterThan(0);
            expect(lines[at + 1]).toBe(`  Armies: ${nameText(armies[i])}`);
            expect(lines[at + 2]).toMatch(
              new RegExp(`^  Base value ${v.base} \\(units ${v.unitValue}, characters 0\\)$`),
            );
            // The plan's own effect is on its Plan line, not among the modifiers.
            expect(lines.filter((l) => l.startsWith('  - Battle plan,'))).toEqual([]);
            v.modifiers
              .filter((m) => m.source !== 'plan')
              .forEach((m, n) => {
                const unit = m.measure === 'percent' ? '%' : Math.abs(m.amount) === 1 ? ' pt' : ' pts';
                const sign = m.amount > 0 ? '+' : m.amount < 0 ? '-' : '';
                expect(lines[at + 4 + n]).toContain(
                  `${m.group}, ${m.label}: ${sign}${Math.abs(m.amount)}${unit}`,
                );
              });
            expect(lines).toContain(
              `  Battle value ${v.battleValue} (percent ${v.percent > 0 ? '+' : ''}${v.percent}%, points ${v.points > 0 ? '+' : ''}${v.points})`,
            );
            const c = result.casualties[i];
            // The two lines after the winner's, A's then B's.
            const line = lines[lines.findIndex((l) => l.startsWith('  Winner: ')) + 1 + i] ?? '';
            expect(line.startsWith(`  Casualties of ${labels[i]}: ${result.rates[i]}% (table row `)).toBe(
              true,
            );
            expect(line).toMatch(
              new RegExp(
                ` = ${c.points} pts(?: \\(.*\\))?, ${c.destroyed} destroyed and ${c.routed} routed$`,
              ),
            );
          }
          result.rolls.forEach(([ra, rb], n) => {
            const [ta, tb] = [values[0].battleValue + ra, values[1].battleValue + rb];
            expect(lines).toContain(
              `  - Roll ${n + 1}: ${labels[0]} ${ra} + ${values[0].battleValue} = ${ta}; ${labels[1]} ${rb} + ${values[1].battleValue} = ${tb}${ta === tb ? ': tie, rolled again' : ''}`,
            );
          });
          expect(lines).toContain(
            `  Winner: ${labels[result.winner === 'A' ? 0 : 1]}, by ${result.difference}`,
          );
          for (const u of fallen)
            expect(lines).toContain(
              `  - ${labels[u.side]}: ${nameText(u.name)} (${nameText(u.army, 'no army')}), ${u.fate}`,
            );
          if (fallen.length === 0) expect(lines.at(-1)).toBe('  None');
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The plain report of two attacking sides fought with the rolls 90 and 5. */
function reportOf(
  name: string,
  a: BattleSide,
  b: BattleSide,
  armies: [string, string],
  fallen: FallenUnit[] = [],
) {
  const fight = fightBattle(a, b, { troopRatioBy: 'units', terrainModifiersAs: 'points' }, [[90, 5]]);
  return plainReport(
    battleReport({
      name,
      sides: [
        { label: a.label, armies: [armies[0]], defender: false },
        { label: b.label, armies: [armies[1]], defender: false },
      ],
      fight,
      fallen,
    }),
  );
}

describe('a side’s battle plan', () => {
  it('is told once, on its Plan line, when it moves the battle value', () => {
    const a = side('Avanil', [worth(5), worth(3)], { plan: 'Full charge' });
    const b = side('Ghoere', [worth(4), worth(4)], { plan: 'Hold' });
    const text = reportOf('Ford', a, b, ['Avanil', 'Ghoere']);
    const ghoere = text.slice(text.indexOf('Side B'), text.indexOf('Rolls'));
    expect(ghoere.match(/Hold/g)).toEqual(['Hold']);
    expect(ghoere.split('\n').slice(3, 7)).toEqual([
      '  Modifiers:',
      '  - Diversity, A single general type (Role): -10% (from the units)',
      '  Plan Hold: BV -15%',
      '  Battle value 6 (percent -25%, points 0)',
    ]);
  });
});

// ---- Names shown as typed

const HOSTILE = ['*bold*', '[b]x[/b]', '<img>', '|pipe|'];

/** A battle whose sides, armies and fallen units carry the hostile names. */
function hostileBattle(): string {
  const a = side('*bold*', [
    worth(5, { name: '*bold*', army: '<img>' }),
    worth(3, { name: '[b]x[/b]', army: '<img>' }),
  ]);
  const b = side('|pipe|', [
    worth(2, { name: '<img>', army: '|pipe|' }),
    worth(2, { name: '|pipe|', army: '|pipe|' }),
  ]);
  return reportOf(
    '[b]x[/b]',
    a,
    b,
    ['<img>', '|pipe|'],
    [
      { name: '*bold*', army: '<img>', side: 0, fate: 'destroyed' },
      { name: '[b]x[/b]', army: '<img>', side: 0, fate: 'routed' },
      { name: '<img>', army: '|pipe|', side: 1, fate: 'captured' },
      { name: '|pipe|', army: '|pipe|', side: 1, fate: 'destroyed in pursuit' },
    ],
  );
}

/** Markdown text as CommonMark shows it: a backslash before ASCII punctuation is the character itself. */
const unescapeMarkdown = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** BBCode as a forum shows it: the tags the report uses taken out, everything else as typed. */
const showBBCode = (s: string) => s.replace(/\[(\/?)(b|u|list|\*)\]/g, '');

describe('names typed by users, in Markdown and BBCode', () => {
  it('are escaped so that each shows literally', () => {
    expect(HOSTILE.map(escapeMarkdown)).toEqual([
      '\\*bold\\*',
      '\\[b\\]x\\[/b\\]',
      '\\<img\\>',
      '\\|pipe\\|',
    ]);
    expect(HOSTILE.map(escapeBBCode)).toEqual(['*bold*', '[[b][/b]b]x[[b][/b]/b]', '<img>', '|pipe|']);
    for (const name of HOSTILE) {
      expect(unescapeMarkdown(escapeMarkdown(name))).toBe(name);
      expect(showBBCode(escapeBBCode(name))).toBe(name);
    }
  });

  it('show literally in the Markdown and BBCode of a battle named with them', () => {
    const plain = hostileBattle();
    const md = markdownReport(readReport(plain));
    const bb = bbcodeReport(readReport(plain));
    // Every line of the Markdown, its markup taken off and unescaped, is the plain text's line.
    const mdLines = md
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) =>
        unescapeMarkdown(
          l
            .replace(/^(#+ |- )/, '')
            .replace(/^\*\*(.*)\*\* {2}$/, '$1')
            .replace(/ {2}$/, ''),
        ),
      );
    const plainLines = plain
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => l.replace(/^ {2}(- )?/, ''));
    expect(mdLines).toEqual(plainLines);
    // No markup of a user's: the only strong text is the winner, the only emphasis none.
    expect(md.split('\n').filter((l) => /(?<!\\)\*/.test(l))).toEqual(['**Winner: \\*bold\\*, by 88**  ']);
    expect(md).not.toMatch(/(?<!\\)[<|[]/);
    expect(md).toContain('- \\*bold\\*: \\[b\\]x\\[/b\\] (\\<img\\>), routed');
    // BBCode: shown, it is the plain text's lines; its own tags are only the report's.
    const bbLines = showBBCode(bb)
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(bbLines).toEqual(plainLines);
    expect(bb.match(/\[b\](?!\[\/b\])/g)?.length).toBe(1 + 5 + 1); // the title, five headings, the winner
  });
});

describe('a long report', () => {
  it('of a 10,000-unit new round stays within a cell, saying how many more units', () => {
    const units = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Knights of the Silver Oath ${i + 1}`,
      army: `Army ${i % 7}`,
    }));
    const plain = plainReport(newRoundReport(units));
    expect(plain.length).toBeLessThanOrEqual(REPORT_MAX);
    const lines = plain.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'New round',
      '',
      'Units returned to Ready: 10000',
      '  - Knights of the Silver Oath 1 (Army 0)',
    ]);
    const listed = lines.filter((l) => l.startsWith('  - Knights')).length;
    expect(lines.at(-1)).toBe(`  - … and ${10_000 - listed} more units`);
    expect(listed).toBeGreaterThan(500);
  });

  it('of units with names of thousands of characters stays within a cell too', () => {
    const units = Array.from({ length: 10_000 }, (_, i) => ({
      name: `${'N'.repeat(5_000)}${i}`,
      army: 'A'.repeat(5_000),
    }));
    const plain = plainReport(newRoundReport(units));
    expect(plain.length).toBeLessThanOrEqual(REPORT_MAX);
    expect(plain.split('\n').at(-1)).toMatch(/^ {2}- … and \d+ more units$/);
  });
});
