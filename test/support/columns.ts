// Cells and ranges of the campaign's sheets by header, never by letter: each sheet's columns as set-up lays them
// out (its declared headers, then each formula's block), so a column inserted moves every address a test names.
// `test/columns-by-header.test.ts` fails on a test that names a Battles column by letter.
import { columnLetters } from '../../dev/gas';
import { BATTLES_HEADER } from '../../src/sheets/battle-formulas';
import { ARMIES_HEADER, UNITSTATS_HEADER } from '../../src/sheets/roster-formulas';
import { setupTables } from '../../src/sheets/setup/schema';
import { SHEET_NAMES } from '../../src/sheets/sheet-names';
import { TREASURY_HEADER } from '../../src/sheets/treasury-formula';

/** A sheet set-up makes, by its name. */
export type CampaignSheet = (typeof SHEET_NAMES)[keyof typeof SHEET_NAMES];

/** Each formula's own header row, by the function set-up places in a header cell. */
const BLOCK_HEADERS: Readonly<Record<string, readonly string[]>> = {
  UNITSTATS: UNITSTATS_HEADER,
  CHARACTERVALUE: ['Bonus'],
  BATTLES: BATTLES_HEADER,
  ARMIES: ARMIES_HEADER,
  TREASURY: TREASURY_HEADER,
};

function specOf(sheet: CampaignSheet) {
  const spec = setupTables().find((t) => SHEET_NAMES[t.key] === sheet);
  if (!spec) throw new Error(`set-up makes no sheet ${sheet}`);
  return spec;
}

/** The sheet's declared headers only (the table a formula reads), in set-up's order. */
export const tableHeadersOf = (sheet: CampaignSheet): readonly string[] => specOf(sheet).headers;

/**
 * The sheet's columns as set-up lays them out: the table's headers, then each formula's block beside it (its
 * formula in the block's first header cell). A header of the table comes before a block's header of that name.
 */
export function headersOf(sheet: CampaignSheet): readonly string[] {
  const spec = specOf(sheet);
  const blocks = spec.computed.flatMap((c) => {
    const headers = BLOCK_HEADERS[c.fn];
    if (!headers || headers.length !== c.width) {
      throw new Error(`${sheet}: the block of ${c.fn} is ${c.width} wide; declare its headers here`);
    }
    return headers;
  });
  return [...spec.headers, ...blocks];
}

/** The column letters of a header of the sheet (its table's column first, else a formula block's). */
export function columnOf(sheet: CampaignSheet, header: string): string {
  const index = headersOf(sheet).indexOf(header);
  if (index < 0) throw new Error(`${sheet} has no column headed "${header}": ${headersOf(sheet).join(', ')}`);
  return columnLetters(index + 1);
}

/** The column `offset` columns right of the sheet's last column as set-up lays it out (1: the first free one). */
export const columnPast = (sheet: CampaignSheet, offset = 1): string =>
  columnLetters(headersOf(sheet).length + offset);

/** The column `offset` columns right of the sheet's table (1: where its first formula stands). */
export const columnAfterTable = (sheet: CampaignSheet, offset = 1): string =>
  columnLetters(tableHeadersOf(sheet).length + offset);

/** One cell by its header and sheet row: `cellOf('Battles', 'Roll', 2)` is the first side's Roll. */
export const cellOf = (sheet: CampaignSheet, header: string, row: number): string =>
  `${columnOf(sheet, header)}${row}`;

/**
 * A rectangle by headers and sheet rows: from `from`'s column to `to`'s (the one column when left out), rows
 * `first` to `last` (one row when left out). `cellsOf('Battles', 'Roll', 2, 3)` is both sides' Roll.
 */
export function cellsOf(
  sheet: CampaignSheet,
  from: string,
  first: number,
  last = first,
  to: string = from,
): string {
  return `${cellOf(sheet, from, first)}:${cellOf(sheet, to, last)}`;
}

/** A whole row of the sheet's columns as set-up lays them out (table and blocks), e.g. `A2:AN2`. */
export const rowOf = (sheet: CampaignSheet, row: number, tableOnly = false): string =>
  `A${row}:${columnLetters((tableOnly ? tableHeadersOf(sheet) : headersOf(sheet)).length)}${row}`;

/**
 * The table as a formula is given it: from the header row down, open below, to its last declared column
 * (`A1:` and its letters), with the sheet's name when read from another sheet. `extra`: columns past the declared
 * ones (Units' optional Mustered, which TREASURY reads).
 */
export function tableOf(
  sheet: CampaignSheet,
  opts: { from?: CampaignSheet; headerRow?: number; extra?: number } = {},
): string {
  const range = `A${opts.headerRow ?? 1}:${columnLetters(tableHeadersOf(sheet).length + (opts.extra ?? 0))}`;
  return opts.from === sheet ? range : `${sheet}!${range}`;
}

/**
 * The formula set-up places on the sheet (its first, unless `fn` names another), each table as set-up gives it:
 * `formulaOf('Battles')` is BATTLES given the Battles table on its own sheet, then Units, Characters and Settings. `headerRows`: a
 * table whose header row is not row 1.
 */
export function formulaOf(
  sheet: CampaignSheet,
  opts: { fn?: string; headerRows?: Partial<Record<CampaignSheet, number>> } = {},
): string {
  const spec = specOf(sheet);
  const block = opts.fn === undefined ? spec.computed[0] : spec.computed.find((c) => c.fn === opts.fn);
  if (!block) throw new Error(`set-up places no ${opts.fn ?? 'formula'} on ${sheet}`);
  const args = block.reads.map((key) => {
    const table = SHEET_NAMES[key];
    return tableOf(table, { from: sheet, headerRow: opts.headerRows?.[table] });
  });
  return `=${block.fn}(${args.join(', ')})`;
}

/**
 * The block a formula set-up places on the sheet spills (its first, unless `fn` names another), rows `first` to
 * `last`, every column of it or its first `width`: `blockOf('Realms', 2)` is the TREASURY figures of the first realm.
 */
export function blockOf(
  sheet: CampaignSheet,
  first: number,
  last = first,
  opts: { fn?: string; width?: number } = {},
): string {
  const spec = specOf(sheet);
  const at = opts.fn === undefined ? 0 : spec.computed.findIndex((c) => c.fn === opts.fn);
  const block = spec.computed[at];
  if (!block) throw new Error(`set-up places no ${opts.fn ?? 'formula'} on ${sheet}`);
  const start = spec.headers.length + 1 + spec.computed.slice(0, at).reduce((n, c) => n + c.width, 0);
  const end = start + (opts.width ?? block.width) - 1;
  return `${columnLetters(start)}${first}:${columnLetters(end)}${last}`;
}
