// No test names a Battles column by its letter: a column inserted (a new circumstance beside Night Vision, say)
// would move every such address and break tests that have nothing to do with it. Tests address the campaign's
// cells by header through test/support/columns.ts (cellOf, cellsOf, rowOf, tableOf, formulaOf). Column A, the
// sheet's first (Battle), may start a range: it is where the table starts, not a column a change can move. The
// scan finds an address given with the sheet's name, in a BATTLES formula, or in a string of the few lines that
// follow a line naming the sheet.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST = import.meta.dirname;

/** Every TypeScript file under test/. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const A1 = String.raw`\$?[A-Z]{1,3}\$?\d*(?::\$?[A-Z]{1,3}\$?\d*)?`;
/** Where a test names a cell of the Battles sheet: a sheet and address pair, `Battles!…`, and BATTLES' table. */
const BATTLES_ADDRESSES = [
  new RegExp(String.raw`['"\`]Battles['"\`]\s*,\s*['"\`](${A1})['"\`]`, 'g'),
  new RegExp(String.raw`(?<![\w$])Battles!(${A1})`, 'g'),
  new RegExp(String.raw`=BATTLES\(\s*(?:Battles!)?(${A1})`, 'g'),
  new RegExp(String.raw`['"\`]Battles['"\`]\)\.cells(?:\.|\[['"\`])(${A1})`, 'g'),
];

/** The letters of an address other than column A. */
const lettersPastA = (a1: string): string[] =>
  a1
    .replace(/\d|\$/g, '')
    .split(':')
    .filter((letters) => letters !== '' && letters !== 'A');

/** A cell's address in a string or a formula (after a quote, a bracket or a comma). */
const CELL = /['"`(,]\s*(\$?[A-Z]{1,2}\$?\d+(?::\$?[A-Z]{1,2}\$?\d+)?)\b/g;
/** A line naming the Battles sheet; the lines of its statement follow it. */
const NAMES_BATTLES = /['"`]Battles['"`]/;
/** A line naming another of the campaign's sheets. */
const NAMES_OTHER = /['"`](Units|Characters|Settings|Library|Armies|Log|Undo|Players|Realms|Treasury)['"`]/;
/** How many lines after one naming Battles a cell address is taken to be one of Battles'. */
const STATEMENT_LINES = 4;

/** Each line of a source naming a Battles column by letter, as "line: address". */
function battlesLetters(source: string): string[] {
  const lines = source.split('\n');
  let namedAt = Number.NEGATIVE_INFINITY;
  return lines.flatMap((line, i) => {
    if (NAMES_BATTLES.test(line)) namedAt = i;
    else if (NAMES_OTHER.test(line)) namedAt = Number.NEGATIVE_INFINITY; // that statement is another sheet's
    const addresses = new Set(
      BATTLES_ADDRESSES.flatMap((pattern) => [...line.matchAll(pattern)].map((m) => m[1] ?? '')),
    );
    // A validation formula or a list of cells a line or a few below the sheet's name: `values: ['=AND(ISNUMBER(U2)…`.
    if (i - namedAt <= STATEMENT_LINES) for (const m of line.matchAll(CELL)) addresses.add(m[1] ?? '');
    return [...addresses].filter((a1) => lettersPastA(a1).length > 0).map((a1) => `${i + 1}: ${a1}`);
  });
}

describe('tests address the Battles sheet by header', () => {
  it('finds a letter wherever a test could write one', () => {
    expect(
      battlesLetters(
        [
          "wb.read('Battles', 'AA2:AA3')",
          'wb.put("Battles", "Z3", x)',
          "const a = 'Battles!AC2';",
          "put('Battles', 'AD1', [['=BATTLES(A1:AB, Units!A1:V)']])",
          "sheetOf(s, 'Battles').cells.AD1?.f",
          "wb.read('Battles', 'A1:A200'); wb.put('Battles', 'A2', rows)",
          "wb.read('Battles', cellOf('Battles', 'Roll', 2))",
          "expect(rule('Battles', 'Castle Level')).toMatchObject({",
          "  values: ['=AND(ISNUMBER(U2),U2=INT(U2))'],",
          "for (const [a1, plan] of [['AC2', SECRET]]) read('Battles', a1);",
          '',
          '',
          '',
          '',
          "expect(read('Units', 'V2')).toEqual(x);",
          "wb.read('Battles', x);",
          "expect(metaAt(s, 'Units', 'D2')).toBe(y);",
        ].join('\n'),
      ),
    ).toEqual(['1: AA2:AA3', '2: Z3', '3: AC2', '4: AD1', '4: A1:AB', '5: AD1', '9: U2', '10: AC2']);
  });

  it('no test file names a Battles column by letter', () => {
    const found = sources(TEST)
      .filter((path) => path !== import.meta.filename)
      .flatMap((path) =>
        battlesLetters(readFileSync(path, 'utf8')).map((hit) => `${relative(TEST, path)}:${hit}`),
      );
    expect(
      found,
      'Address these by header with cellOf, cellsOf, rowOf, tableOf or formulaOf (test/support/columns.ts): a ' +
        'letter moves when a Battles column is inserted',
    ).toEqual([]);
  });
});
