// TREASURY (src/sheets/treasury-formula.ts, reading src/sheets/realm-treasury.ts) called with 2D arrays as Sheets passes
// ranges: balances from the ledger, the next collection from the units, and bad rows said in place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TREASURY, TREASURY_HEADER } from '../../src/sheets/treasury-formula';
import { REALM_HEADERS, TREASURY_HEADERS, UNIT_HEADERS } from '../../src/contract/columns';
import { TableError } from '../../src/contract/errors';
import { range, type Row } from './formula-fixtures';

const UNIT_BOXES = ['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune'];
const roster = (rows: readonly (Row | 'blank')[]) => range([...UNIT_HEADERS, 'Mustered'], rows, UNIT_BOXES);
// Override sets each value: 4 (upkeep 1, muster 4), 9 (elite: upkeep 3, muster 6); Mounted 6 (upkeep 2, muster 4).
const foot = (name: string, army: string, over: Row = {}): Row => ({
  Unit: name,
  Army: army,
  Role: 'Melee',
  Morale: 2,
  Hits: 2,
  Override: 4,
  ...over,
});
const UNITS = roster([
  foot('Pikes', 'Avanil Host'),
  foot('Knights', 'Avanil Host', { Role: 'Mounted', Override: 6, Mustered: 'Summer 1522' }),
  foot('Archers', 'Avanil Host', { Status: 'Routed' }),
  foot('Fallen', 'Avanil Host', { Status: 'Destroyed' }),
  foot('Guard', 'Avanil Guard', { Override: 9, Mustered: 'summer 1522' }),
  foot('Levy', 'Ghoere Levy'),
  foot('Levy 2', 'Ghoere Levy'),
]);
const REALMS = range(REALM_HEADERS, [
  { Realm: 'Avanil', Armies: 'Avanil Host, Avanil Guard', Income: 10, Start: 20 },
  'blank',
  { Realm: 'Ghoere', Armies: 'Ghoere Levy', Income: 3, Start: '' },
]);
const LEDGER = range(TREASURY_HEADERS, [
  { Season: 'Spring 1522', Realm: 'Avanil', Income: 10, Upkeep: 4, Muster: 0, Entry: 'e1', By: 'gm@x' },
  { Season: 'Spring 1522', Realm: 'ghoere', Income: 3, Upkeep: 2, Entry: 'e1', By: 'gm@x' },
  { Season: 'Spring 1522', Realm: 'Avanil', Other: -5, Note: 'a bribe' },
]);
const SETTINGS = [
  ['Setting', 'Value'],
  ['Season', 'Summer 1522'],
];

describe('TREASURY', () => {
  it('gives each realm its balance and the next collection, in one call, row for Realms row', () => {
    // Avanil: 20 + (10 − 4 − 0) + (−5) = 21. Upkeep: Pikes 1 + Knights 2 + Archers 1 (routed) + Guard 3 = 7.
    // Muster due: Knights 4 + Guard 6 = 10. Next: 21 + 10 − 7 − 10 = 14.
    // Ghoere: 0 + (3 − 2) = 1; upkeep 2; next 1 + 3 − 2 = 2.
    expect(TREASURY(REALMS, LEDGER, UNITS, SETTINGS)).toEqual([
      [...TREASURY_HEADER],
      ['Avanil', 21, 7, 10, 14, ''],
      ['', '', '', '', '', ''],
      ['Ghoere', 1, 2, 0, 2, ''],
    ]);
  });

  it('without Settings musters nothing; a collected season takes upkeep only and says it is collected', () => {
    expect(TREASURY(REALMS, LEDGER, UNITS)[1]).toEqual(['Avanil', 21, 7, 0, 24, '']);
    const collected = [
      ...LEDGER,
      ...range(TREASURY_HEADERS, [
        {
          Season: 'Summer 1522',
          Realm: 'Avanil',
          Income: 10,
          Upkeep: 7,
          Muster: 10,
          Entry: 'e2',
          By: 'gm@x',
        },
      ]).slice(1),
    ];
    expect(TREASURY(REALMS, collected, UNITS, SETTINGS)[1]).toEqual([
      'Avanil',
      14,
      7,
      0,
      17,
      'Summer 1522 is collected (treasury row 5)',
    ]);
  });

  it('notes a shortfall by how much and the costliest units, and an army no unit carries with did-you-mean', () => {
    const realms = range(REALM_HEADERS, [
      { Realm: 'Avanil', Armies: 'Avanil Host, Avanil Gard', Income: 0, Start: 0 },
    ]);
    expect(TREASURY(realms, range(TREASURY_HEADERS, []), UNITS, SETTINGS)[1]).toEqual([
      'Avanil',
      0,
      4,
      4,
      -8,
      'short by 8 GB; most upkeep: Knights of Avanil Host (2 GB), Pikes of Avanil Host (1 GB), Archers of Avanil Host (1 GB); army "Avanil Gard" carries no unit: did you mean "Avanil Guard"?',
    ]);
  });

  it('a bad row is an #ERR: in place, and the other realms still compute', () => {
    const realms = range(REALM_HEADERS, [
      { Realm: 'Avanil', Armies: 'Avanil Host', Income: 'lots' },
      { Realm: 'Ghoere', Armies: 'Ghoere Levy', Income: 3 },
      { Realm: 'ghoere ', Armies: '' },
      { Realm: 'Mhoried', Armies: 'Ghoere Levy' },
    ]);
    expect(TREASURY(realms, range(TREASURY_HEADERS, []), UNITS)).toEqual([
      [...TREASURY_HEADER],
      ['Avanil', '#ERR: Income must be a whole number from 0 to 1,000,000 (got "lots")', '', '', '', ''],
      ['Ghoere', 0, 2, 0, 1, ''],
      ['ghoere', '#ERR: realm "ghoere" is on realms row 3 already', '', '', '', ''],
      ['Mhoried', '#ERR: army "Ghoere Levy" is paid for by realm "Ghoere" already', '', '', '', ''],
    ]);
  });

  it('a ledger row for a misspelt realm is an #ERR: on the realm it likely meant, with did-you-mean', () => {
    const ledger = range(TREASURY_HEADERS, [
      { Season: 'Spring', Realm: 'Avanill', Income: 3 },
      { Season: '', Realm: 'Ghoere', Income: 3 },
    ]);
    const out = TREASURY(REALMS, ledger, UNITS);
    expect(out[1]).toEqual([
      'Avanil',
      '#ERR: treasury row 2: realm "Avanill" is not on Realms: did you mean "Avanil"?',
      '',
      '',
      '',
      '',
    ]);
    expect(out[3]).toEqual([
      'Ghoere',
      '#ERR: treasury row 3: Season is required: the season’s label, e.g. Spring 1522',
      '',
      '',
      '',
      '',
    ]);
  });

  it('a bad unit of a realm’s army is the realm’s #ERR:, naming the row', () => {
    const units = roster([foot('Pikes', 'Avanil Host', { Hits: 0 })]);
    const realms = range(REALM_HEADERS, [{ Realm: 'Avanil', Armies: 'Avanil Host' }]);
    expect(TREASURY(realms, range(TREASURY_HEADERS, []), units)[1]).toEqual([
      'Avanil',
      '#ERR: units row 2 (Pikes): Hits must be a whole number from 1 to 1,000 (got 0)',
      '',
      '',
      '',
      '',
    ]);
  });

  it('a ledger row naming no realm near any on Realms, or none, stops the table with what to fix', () => {
    const ledger = range(TREASURY_HEADERS, [{ Season: 'Spring', Realm: 'Talinie', Income: 3 }]);
    expect(() => TREASURY(REALMS, ledger, UNITS)).toThrow(
      new TableError(
        'treasury row 2: realm "Talinie" is not on Realms: name a realm of the Realms table, or add the realm there',
      ),
    );
    expect(() => TREASURY(range(['Realm'], []), LEDGER, UNITS)).toThrow(/realms has no "Armies" column/);
  });

  it('balance = Start + the sum of the ledger rows, for any ledger (property)', () => {
    const gb = fc.integer({ min: 0, max: 1000 });
    const row = fc.record({
      realm: fc.constantFrom('Avanil', 'Ghoere'),
      income: gb,
      upkeep: gb,
      muster: gb,
      other: fc.integer({ min: -1000, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.array(row, { maxLength: 40 }), (start, rows) => {
        const realms = range(REALM_HEADERS, [
          { Realm: 'Avanil', Armies: 'Avanil Host', Start: start },
          { Realm: 'Ghoere', Armies: 'Ghoere Levy', Start: 0 },
        ]);
        const ledger = range(
          TREASURY_HEADERS,
          rows.map((r, i) => ({
            Season: `S${i}`,
            Realm: r.realm,
            Income: r.income,
            Upkeep: r.upkeep,
            Muster: String(r.muster),
            Other: r.other,
          })),
        );
        const sum = (realm: string) =>
          rows
            .filter((r) => r.realm === realm)
            .reduce((s, r) => s + r.income - r.upkeep - r.muster + r.other, 0);
        const out = TREASURY(realms, ledger, UNITS);
        expect(out[1]?.[1]).toBe(start + sum('Avanil'));
        expect(out[2]?.[1]).toBe(sum('Ghoere'));
      }),
    );
  });
});
