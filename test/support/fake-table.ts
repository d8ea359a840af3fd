// A SheetTable on plain arrays for the sidebar server's modules: a fake sheet that records every setValues and
// RangeList.setValue (and every row it had to add) and refuses any other call, so a test sees exactly what would
// reach the sheet.
import type { RangeApi, SheetApi } from '../../src/sheets/gas';
import { readTable } from '../../src/sheets/table';
import type { Cell } from '../../src/contract/cells';
import type { SheetTable } from '../../src/sheets/sheet-table';

export interface SetValuesCall {
  /** Sheet row and column (1-based) of the top left cell. */
  readonly row: number;
  readonly column: number;
  readonly values: Cell[][];
}

/** A RangeList.setValue: the blocks in A1 notation and the one value written in every cell of them. */
export interface RangeListCall {
  readonly a1s: string[];
  readonly value: Cell;
}

export interface FakeTable {
  readonly t: SheetTable;
  readonly writes: SetValuesCall[];
  readonly lists: RangeListCall[];
  /** [after, howMany] of each insertRowsAfter. */
  readonly inserted: [number, number][];
  /** [position, howMany] of each deleteRows. */
  readonly deleted: [number, number][];
  /** [row, column, numRows, numColumns] of each getFormulas (answered only when `formulas` are given). */
  readonly formulaReads: [number, number, number, number][];
}

const notUsed = (name: string) => (): never => {
  throw new Error(`${name} is not used on this fake sheet`);
};

/**
 * The table of these values (header row at `headerIndex`), on a sheet of `maxRows` rows (the values' length
 * unless given).
 */
export function fakeTable(
  values: Cell[][],
  {
    name = 'Sheet',
    headerIndex = 0,
    maxRows = values.length,
    formulas,
  }: {
    name?: string;
    headerIndex?: number;
    maxRows?: number;
    /** The sheet's formulas from A1 ('' where a cell holds none): getFormulas answers from them. */
    formulas?: readonly (readonly string[])[];
  } = {},
): FakeTable {
  const writes: SetValuesCall[] = [];
  const lists: RangeListCall[] = [];
  const inserted: [number, number][] = [];
  const deleted: [number, number][] = [];
  const formulaReads: [number, number, number, number][] = [];
  let rows = maxRows;
  const range = (row: number, column: number, numRows: number, numColumns: number): RangeApi => {
    const r: RangeApi = {
      setValues(given: Cell[][]) {
        if (given.length !== numRows || given.some((line) => line.length !== numColumns)) {
          throw new Error(`setValues of ${given.length} rows on a range of ${numRows} x ${numColumns}`);
        }
        if (row + numRows - 1 > rows) throw new Error(`row ${row + numRows - 1} is past the sheet's ${rows}`);
        writes.push({ row, column, values: given.map((line) => [...line]) });
        return r;
      },
      getValues: notUsed('getValues'),
      getDisplayValues: notUsed('getDisplayValues'),
      // Every cell of the fake sheet in the default (automatic) format.
      getNumberFormats: () =>
        Array.from({ length: numRows }, () => Array.from({ length: numColumns }, () => '')),
      getFormulas: formulas
        ? () => {
            if (row + numRows - 1 > rows)
              throw new Error(`row ${row + numRows - 1} is past the sheet's ${rows}`);
            formulaReads.push([row, column, numRows, numColumns]);
            return Array.from({ length: numRows }, (_, i) =>
              Array.from({ length: numColumns }, (_, j) => formulas[row - 1 + i]?.[column - 1 + j] ?? ''),
            );
          }
        : notUsed('getFormulas'),
      setFormula: notUsed('setFormula'),
      setFormulas: notUsed('setFormulas'),
      getRow: () => row,
      getColumn: () => column,
      getNumRows: () => numRows,
      getNumColumns: () => numColumns,
      getA1Notation: notUsed('getA1Notation'),
      getSheet: () => sheet,
      getDataValidations: notUsed('getDataValidations'),
      setDataValidation: notUsed('setDataValidation'),
      setDataValidations: notUsed('setDataValidations'),
      setNumberFormat: notUsed('setNumberFormat'),
      setNumberFormats: notUsed('setNumberFormats'),
      setFontWeight: notUsed('setFontWeight'),
      setBackground: notUsed('setBackground'),
      setNote: notUsed('setNote'),
      setNotes: notUsed('setNotes'),
      getNote: notUsed('getNote'),
      getNotes: notUsed('getNotes'),
      clearContent: notUsed('clearContent'),
      canEdit: notUsed('canEdit'),
      protect: notUsed('protect'),
      sort: notUsed('sort'),
    };
    return r;
  };
  const sheet: SheetApi = {
    getName: () => name,
    getSheetId: () => 1,
    getRange(a: string | number, column?: number, numRows?: number, numColumns?: number): RangeApi {
      if (typeof a === 'string' || column === undefined)
        throw new Error('the fake sheet takes numeric ranges');
      return range(a, column, numRows ?? 1, numColumns ?? 1);
    },
    getDataRange: notUsed('getDataRange'),
    getSheetValues: notUsed('getSheetValues'),
    activate: notUsed('activate'),
    getRangeList(a1s: string[]) {
      const list = {
        getRanges: notUsed('getRanges'),
        setValue(value: Cell) {
          lists.push({ a1s: [...a1s], value });
          return list;
        },
      };
      return list;
    },
    getLastRow: notUsed('getLastRow'),
    getLastColumn: notUsed('getLastColumn'),
    getMaxRows: () => rows,
    getMaxColumns: notUsed('getMaxColumns'),
    insertRowsAfter(after: number, howMany: number) {
      inserted.push([after, howMany]);
      rows += howMany;
      return sheet;
    },
    deleteRows(position: number, howMany: number) {
      deleted.push([position, howMany]);
      rows -= howMany;
    },
    insertColumnsAfter: notUsed('insertColumnsAfter'),
    getFrozenRows: notUsed('getFrozenRows'),
    setFrozenRows: notUsed('setFrozenRows'),
    getConditionalFormatRules: notUsed('getConditionalFormatRules'),
    setConditionalFormatRules: notUsed('setConditionalFormatRules'),
    setColumnWidth: notUsed('setColumnWidth'),
    protect: notUsed('protect'),
    getProtections: notUsed('getProtections'),
  };
  const table = readTable(values.slice(headerIndex), name, `${name}!A1:Z`);
  return { t: { sheet, values, headerIndex, table }, writes, lists, inserted, deleted, formulaReads };
}
