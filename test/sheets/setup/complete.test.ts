// Set-up's validation rules per column (src/sheets/setup/complete.ts): a checkbox or dropdown built once and
// shared down its column, a number or army check built for each cell, since its formula names the cell.
import { describe, expect, it } from 'vitest';
import type { SpreadsheetAppApi } from '../../../src/sheets/gas';
import { ruleMakers } from '../../../src/sheets/setup/complete';
import { list } from '../../../src/sheets/setup/schema';

/** An app whose validation builder records each rule built: its kind and formula. */
function recordingApp() {
  const built: string[] = [];
  const app = {
    newDataValidation() {
      let what = '';
      const builder = {
        requireCheckbox() {
          what = 'checkbox';
          return builder;
        },
        requireValueInList(values: string[]) {
          what = `list ${values.join('/')}`;
          return builder;
        },
        requireFormulaSatisfied(formula: string) {
          what = formula;
          return builder;
        },
        setAllowInvalid: () => builder,
        setHelpText: () => builder,
        build: () => {
          built.push(what);
          return { what };
        },
      };
      return builder;
    },
  };
  return { app: app as unknown as SpreadsheetAppApi, built };
}

describe('ruleMakers', () => {
  it('builds a checkbox or dropdown once per column, and a number or army check per run it starts (naming its cell)', () => {
    const { app, built } = recordingApp();
    const makers = ruleMakers(
      app,
      new Map([
        [2, { kind: 'army' as const, help: 'no comma' }],
        [3, list(['Melee', 'Missile'])],
        [4, { kind: 'checkbox' as const }],
        [5, { kind: 'number' as const, range: { min: 1, max: 9, whole: true }, help: 'Hits' }],
      ]),
    );
    const cells = [2, 3, 4].map((row) => [2, 3, 4, 5].map((column) => makers.get(column)?.(row)));
    // The same rule object down a checkbox or dropdown column.
    expect(cells[0]?.[1]).toBe(cells[2]?.[1]);
    expect(cells[0]?.[2]).toBe(cells[2]?.[2]);
    expect(built.filter((b) => b === 'checkbox' || b.startsWith('list'))).toEqual([
      'list Melee/Missile',
      'checkbox',
    ]);
    expect(built.filter((b) => b.startsWith('='))).toEqual([
      '=ISERROR(FIND(",",B2))',
      expect.stringContaining('E2'),
      '=ISERROR(FIND(",",B3))',
      expect.stringContaining('E3'),
      '=ISERROR(FIND(",",B4))',
      expect.stringContaining('E4'),
    ]);
  });
});
