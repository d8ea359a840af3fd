// Array results of custom functions: the engine fixes an array's size before it runs the function, so a result
// of another size is fitted and its formula set again with the size now known (settle). A result that would
// run past the sheet's last row or column is #REF!, as in Sheets; one blocked by a value spills again once the
// way is clear.
import {
  CellError,
  DetailedCellError,
  EmptyValue,
  ErrorType,
  ExportedCellChange,
  type ExportedChange,
  type HyperFormula,
  type SimpleCellAddress,
  SimpleRangeValue,
} from 'hyperformula';
import { isSingle } from './a1';
import type { EngineScalar, ResultSize } from './engine-types';
import { addressKey, addressOfKey, toInterpreter } from './engine-values';

/** The size of the sheet a formula sits on. */
export type SheetSize = (hfSheet: number) => { maxRows: number; maxColumns: number } | undefined;

export class Spills {
  /** The size last seen of each array formula's result, by address key. */
  readonly sizes = new Map<string, { width: number; height: number }>();
  private readonly resize = new Set<string>();
  private readonly blocked = new Set<string>();

  constructor(
    private readonly hf: () => HyperFormula,
    private readonly sheetSize: SheetSize,
  ) {}

  /**
   * Fits a custom function's result to the cells the engine set aside for it (`whole`: the formula's result
   * size, when the call is the whole formula; a call inside a larger formula gives its value as it is); a
   * result of another size is noted to be set again (settle).
   */
  shapeResult(
    result: unknown,
    whole: ResultSize | undefined,
    address: SimpleCellAddress,
    timeZone: string,
  ): unknown {
    let rows: unknown[][];
    if (Array.isArray(result)) {
      if (result.length === 0) return new CellError(ErrorType.NA, 'Result was not a valid value.');
      rows = result.map((row) => (Array.isArray(row) ? row : [row]));
    } else {
      rows = [[result]];
    }
    const width = Math.max(...rows.map((r) => r.length));
    const data = rows.map((r) => {
      const out = r.map((v) => toInterpreter(v, timeZone));
      while (out.length < width) out.push(EmptyValue);
      return out;
    });
    if (whole === undefined) return engineValue(data);
    const size = this.sheetSize(address.sheet);
    const past =
      size === undefined
        ? ''
        : address.row + data.length > size.maxRows
          ? `rows (${address.row + data.length - size.maxRows})`
          : address.col + width > size.maxColumns
            ? `columns (${address.col + width - size.maxColumns})`
            : '';
    if (past !== '') {
      this.fitTo(whole, address, 1, 1);
      return new CellError(
        ErrorType.REF,
        `Result was not automatically expanded, please insert more ${past}.`,
      );
    }
    this.fitTo(whole, address, width, data.length);
    return this.fitted(data, whole);
  }

  /** A value of the result's present size: the data cut to it, blanks where it reaches past the data. */
  fitted(data: EngineScalar[][], size: ResultSize): unknown {
    return engineValue(
      Array.from({ length: size.height }, (_, r) =>
        Array.from({ length: size.width }, (_, c) => data[r]?.[c] ?? EmptyValue),
      ),
    );
  }

  private fitTo(present: ResultSize, address: SimpleCellAddress, width: number, height: number) {
    const key = addressKey(address);
    if (present.width !== width || present.height !== height) {
      this.sizes.set(key, { width, height });
      this.resize.add(key);
    }
  }

  /** Notes the formulas an engine change left blocked (#SPILL!), to try again after the next change. */
  noteBlocked(changes: readonly ExportedChange[]): void {
    for (const address of spillBlocked(changes)) this.blocked.add(addressKey(address));
  }

  /** Marks an array formula to be set again (its size worked out afresh after rows or columns moved). */
  again(address: SimpleCellAddress): void {
    this.resize.add(addressKey(address));
  }

  /** Sets again the formulas whose array size changed, and those that could not spill, until all is stable. */
  settle(): void {
    const hf = this.hf();
    for (let round = 0; round < 8; round++) {
      const again = new Set([...this.resize, ...this.blocked]);
      this.resize.clear();
      this.blocked.clear();
      if (again.size === 0) return;
      const changes = hf.batch(() => {
        for (const key of again) {
          const addr = addressOfKey(key);
          if (hf.getSheetName(addr.sheet) === undefined) continue; // the sheet was removed
          const formula = hf.getCellFormula(addr);
          if (formula !== undefined) hf.setCellContents(addr, formula);
        }
      });
      // Those still blocked wait for the next change.
      const stillBlocked = spillBlocked(changes).map(addressKey);
      const done = this.resize.size === 0;
      for (const b of stillBlocked) this.blocked.add(b);
      if (done) return;
    }
  }
}

/** The cells an engine change left showing #SPILL! (an array blocked by a value). */
function spillBlocked(changes: readonly ExportedChange[]): SimpleCellAddress[] {
  return changes.flatMap((ch) =>
    ch instanceof ExportedCellChange &&
    ch.newValue instanceof DetailedCellError &&
    ch.newValue.type === ErrorType.SPILL
      ? [ch.address]
      : [],
  );
}

/** Rows of engine values as one value: a single cell as itself, more as an array. */
function engineValue(data: EngineScalar[][]): unknown {
  if (isSingle(data) && isSingle(data[0])) return data[0][0];
  return SimpleRangeValue.onlyValues(data);
}
