// A number column of a table row, read by the one number rule (contract/numbers.ts) with the column's range.
import { rangeOf, type NumberColumn, numberCell } from '../contract/numbers';
import { cellOf, type Table } from './table';
import type { Cell } from '../contract/cells';

/** A number column of a row, read by the one number parser with the column's range. */
export function numberColumn(
  t: Table,
  row: readonly Cell[],
  h: NumberColumn,
  blank: number | 'required',
): number;
export function numberColumn(
  t: Table,
  row: readonly Cell[],
  h: NumberColumn,
  blank: 'absent',
): number | undefined;
export function numberColumn(
  t: Table,
  row: readonly Cell[],
  h: NumberColumn,
  blank: number | 'required' | 'absent',
): number | undefined {
  return numberCell(cellOf(t, row, h), h, rangeOf(h), blank);
}

/** A count column: blank is 0. */
export const countColumn = (t: Table, row: readonly Cell[], h: NumberColumn): number =>
  numberColumn(t, row, h, 0);
