// Reading a range as a table (src/sheets/table.ts): headers, cells of each kind, records, and the one place
// #ERR: texts and thrown messages are cut.
import { describe, expect, it } from 'vitest';
import {
  armyList,
  cellOf,
  checkbox,
  choice,
  errorText,
  headerKey,
  isBlankRow,
  isGiven,
  parseRecord,
  rangeRowOf,
  readTable,
  text,
} from '../../src/sheets/table';
import { quote } from '../../src/contract/cells';
import { MAX_MESSAGE, RowError, TableError } from '../../src/contract/errors';
import { tableOf } from '../support/columns';

const long = 'x'.repeat(100_000);
const cutTo60 = `"${'x'.repeat(59)}…"`;

describe('messages: quotes cut to 60 characters, the whole to 300', () => {
  it('a quote keeps short text and cuts long text with an ellipsis', () => {
    expect(quote('Knights')).toBe('"Knights"');
    expect(quote('y'.repeat(60))).toBe(`"${'y'.repeat(60)}"`);
    expect(quote(long)).toBe(cutTo60);
  });

  it('never splits a surrogate pair', () => {
    expect(quote(`${'y'.repeat(57)}😀😀`)).toBe(`"${'y'.repeat(57)}😀…"`);
    expect(quote(`${'y'.repeat(58)}😀😀`)).toBe(`"${'y'.repeat(58)}…"`);
  });

  it('an #ERR: text is at most 300 characters, however long the message', () => {
    const text = errorText(new RowError(`Role must be one of ${long}`));
    expect(text).toHaveLength(MAX_MESSAGE);
    expect(text.startsWith('#ERR: Role must be one of xxx')).toBe(true);
    expect(text.endsWith('x…')).toBe(true);
  });

  it('a thrown structural error is as short', () => {
    expect(new TableError(long).message).toHaveLength(MAX_MESSAGE);
    expect(() => readTable([[long, long]], 'units', tableOf('Units'))).toThrow(
      `units: the range's columns A and B are both headed ${cutTo60}; rename or remove one`,
    );
  });
});

describe('readTable', () => {
  it('finds columns by header key: case, spaces, - _ & . ignored; -1 for a missing one', () => {
    const t = readTable(
      [
        ['Unit', 'Special-Moves', ' realm & spells ', ''],
        ['Guard', 1, 2, 'note'],
      ],
      'units',
      'U',
    );
    expect([t.column('Unit'), t.column('Special Moves'), t.column('Realm Spells'), t.column('Hits')]).toEqual(
      [0, 1, 2, -1],
    );
    expect([t.has('unit'), t.has('Hits')]).toEqual([true, false]);
    expect(t.rows).toEqual([['Guard', 1, 2, 'note']]);
  });

  it.each([
    [5, `units must be a range with a header row, e.g. ${tableOf('Units')} (got a single value)`],
    [[], `units is empty: give the range with its header row, e.g. ${tableOf('Units')}`],
    [
      [['Unit']],
      `units has no "Role", "Hits" columns: include them in the range, headed in its first row, e.g. ${tableOf('Units')} (Warcard → Set up campaign adds missing columns)`,
    ],
    [
      [['Role', 'hits', 'ROLE']],
      'units: the range\'s columns A and C are both headed "ROLE"; rename or remove one',
    ],
    [
      [
        [4, 'Ghorvant Knights', 4, 4],
        [5, 'Ghorvant Foot', 5, 5],
      ],
      `units: the first row of the range must be the header row, e.g. ${tableOf('Units')} (got 4, "Ghorvant Knights", 4, …)`,
    ],
  ])('refuses %j: %s', (range, message) => {
    expect(() => readTable(range, 'units', tableOf('Units'), ['Role', 'Hits'])).toThrow(
      new TableError(message),
    );
  });
});

describe('cells', () => {
  const t = readTable([['Unit', 'Army']], 'units', 'U');

  it('cellOf reads under a header, "" for a column the table lacks', () => {
    expect([cellOf(t, ['Guard', 'Host'], 'army'), cellOf(t, ['Guard', 'Host'], 'Hits')]).toEqual([
      'Host',
      '',
    ]);
  });

  it.each([
    [true, true],
    ['', false],
    [' Yes ', true],
    ['x', true],
    ['n', false],
    [null, false],
  ])('checkbox %j is %s', (cell, ticked) => {
    expect(checkbox(cell, 'Mercenary')).toBe(ticked);
  });

  it('checkbox refuses anything else, naming the column', () => {
    expect(() => checkbox(1, 'Mercenary')).toThrow('Mercenary must be a checkbox, TRUE or FALSE (got 1)');
  });

  it('choice matches words like headers, takes aliases, and gives the blank default', () => {
    const sizes = ['Small', 'Very large'] as const;
    expect(choice(' very-LARGE ', 'Size', sizes, 'required')).toBe('Very large');
    expect(choice('huge', 'Size', sizes, 'Small', { huge: 'Very large' })).toBe('Very large');
    expect(choice('', 'Size', sizes, 'Small')).toBe('Small');
    expect(choice('  ', 'Size', sizes, 'absent')).toBeUndefined();
    expect(() => choice('', 'Size', sizes, 'required')).toThrow('Size is required: one of Small, Very large');
    expect(() => choice(3, 'Size', sizes, 'Small')).toThrow('Size must be one of Small, Very large (got 3)');
  });

  it('text trims, shows numbers and booleans as Sheets would, and a date as its day', () => {
    expect([
      text('  Host '),
      text(3.5),
      text(true),
      text(null),
      text(new Date(Date.UTC(2024, 0, 5))),
    ]).toEqual(['Host', '3.5', 'true', '', '2024-01-05']);
  });

  it('armyList reads names from one cell or a range, comma-separated, blanks dropped', () => {
    expect(armyList(' Avanil, Ghoere ,,')).toEqual(['Avanil', 'Ghoere']);
    expect(
      armyList([
        ['Avanil', ''],
        ['Marches, Roesone', 7],
      ]),
    ).toEqual(['Avanil', 'Marches', 'Roesone', '7']);
    expect(armyList('')).toEqual([]);
  });

  it('headerKey, isGiven and isBlankRow', () => {
    expect(headerKey(' Spell_Immune. ')).toBe('spellimmune');
    expect([undefined, null, '', 0, false].map(isGiven)).toEqual([false, false, false, true, true]);
    expect([isBlankRow(['', false, null]), isBlankRow(['', true])]).toEqual([true, false]);
  });
});

describe('records', () => {
  const t = readTable([['Unit', 'Hits']], 'units', 'U');
  const parse = (_: unknown, row: readonly unknown[]) => {
    if (row[1] === 'x') throw new RowError('Hits is bad');
    if (row[1] === 'fault') throw new Error('a fault');
    return String(row[0]);
  };

  it('parseRecord gives the value, the RowError, or undefined for a blank row, and throws a fault on', () => {
    expect(parseRecord(t, ['Guard', 2], parse)).toEqual({ ok: true, value: 'Guard' });
    expect(parseRecord(t, ['Guard', 'x'], parse)).toEqual({ ok: false, error: new RowError('Hits is bad') });
    expect(parseRecord(t, ['', false], parse)).toBeUndefined();
    expect(() => parseRecord(t, ['Guard', 'fault'], parse)).toThrow('a fault');
  });

  it('a record at index 0 is range row 2, below the header', () => {
    expect([0, 1, 9].map(rangeRowOf)).toEqual([2, 3, 11]);
  });
});
