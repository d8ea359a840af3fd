// Values between Sheets' shape and the formula engine's (HyperFormula): errors as Sheets shows them, dates in
// the spreadsheet's time zone, and what a custom function may return.
import { CellError, EmptyValue, ErrorType, type SimpleCellAddress } from 'hyperformula';
import type { EngineScalar } from './engine-types';
import { isDateLike, serialToZonedDate, zonedDateToSerial } from './format';

/** Errors as Sheets shows them: HyperFormula's #SPILL! and #CYCLE! are #REF! there. */
const ERROR_TEXT: Record<string, string> = {
  DIV_BY_ZERO: '#DIV/0!',
  NA: '#N/A',
  NAME: '#NAME?',
  NUM: '#NUM!',
  REF: '#REF!',
  VALUE: '#VALUE!',
  CYCLE: '#REF!',
  ERROR: '#ERROR!',
  LIC: '#ERROR!',
  SPILL: '#REF!',
};

export const errorText = (e: { type: string }): string => ERROR_TEXT[e.type] ?? '#ERROR!';

/** What a custom function's cell shows until Sheets has run it (after any change to what it reads). */
export const LOADING = 'Loading...';

export const addressKey = (a: SimpleCellAddress): string => `${a.sheet}:${a.row}:${a.col}`;

export function addressOfKey(key: string): SimpleCellAddress {
  const [sheet, row, col] = key.split(':').map(Number) as [number, number, number];
  return { sheet, row, col };
}

/** A value inside the engine (InterpreterValue) as Sheets passes it in a range to a custom function. */
export function fromInterpreter(v: unknown, timeZone: string): unknown {
  if (v === EmptyValue || v === null || v === undefined) return '';
  if (v instanceof CellError) return errorText(v);
  if (typeof v === 'object' && 'val' in (v as object)) {
    const n = (v as { val: number }).val;
    return /Date|Time/.test((v as object).constructor.name) ? serialToZonedDate(n, timeZone) : n;
  }
  return v;
}

/** A custom function's result cell as the engine takes it. */
export function toInterpreter(v: unknown, timeZone: string): EngineScalar {
  if (v === null || v === undefined) return EmptyValue;
  if (typeof v === 'number') return Number.isFinite(v) ? v : new CellError(ErrorType.NUM);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (isDateLike(v)) return zonedDateToSerial(v, timeZone);
  return new CellError(ErrorType.VALUE, `The function returned an unsupported value: ${String(v)}`);
}
