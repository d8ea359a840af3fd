// Array results of custom functions: the engine fixes an array's size before it runs the function, so a result
// of another size is fitted and its formula set again with the size now known (settle). A result that would
// run past the sheet's last row or column is #REF!, as in Sheets; one blocked by a value spills again once the
// way is clear.
import {
  CellError,
  DetailedCellError,
  EmptyValue,
  ErrorType,
  type HyperFormula,
  type SimpleCellAddress,
  SimpleRangeValue,
} from 'hyperformula';
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
   * Fits a custom function's result to the cells the engine set aside for it; a top-level result of another
   * size is noted to be set again (settle).
   */
  shapeResult(result: unknown, ast: unknown, state: any, graph: any, timeZone: string): unknown {
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
    const vertex = graph.getCell?.(state.formulaAddress);
    if (vertex === undefined || vertex.formula !== ast) {
      return data.length === 1 && width === 1 ? data[0]![0] : SimpleRangeValue.onlyValues(data as never);
    }
    const address = state.formulaAddress as SimpleCellAddress;
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
      this.fitTo(vertex, address, 1, 1);
      return new CellError(
        ErrorType.REF,
        `Result was not automatically expanded, please insert more ${past}.`,
      );
    }
    this.fitTo(vertex, address, width, data.length);
    return this.fitted(data, vertex);
  }

  /** A value of the vertex's present size: the data cut to it, blanks where it reaches past the data. */
  fitted(data: unknown[][], vertex: { width: number; height: number }): unknown {
    const out = Array.from({ length: vertex.height }, (_, r) =>
      Array.from({ length: vertex.width }, (_, c) => data[r]?.[c] ?? EmptyValue),
    );
    if (vertex.width === 1 && vertex.height === 1) return out[0]![0];
    return SimpleRangeValue.onlyValues(out as never);
  }

  private fitTo(
    vertex: { width: number; height: number },
    address: SimpleCellAddress,
    width: number,
    height: number,
  ) {
    const key = addressKey(address);
    if (vertex.width !== width || vertex.height !== height) {
      this.sizes.set(key, { width, height });
      this.resize.add(key);
    }
  }

  /** Notes the formulas an engine change left blocked (#SPILL!), to try again after the next change. */
  noteBlocked(changes: unknown): void {
    if (!Array.isArray(changes)) return;
    for (const ch of changes) {
      const v = (ch as { newValue?: unknown }).newValue;
      const a = (ch as { address?: SimpleCellAddress }).address;
      if (a && v instanceof DetailedCellError && v.type === ErrorType.SPILL) this.blocked.add(addressKey(a));
    }
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
          if (hf.getSheetName(addr.sheet) === undefined || !hf.doesCellHaveFormula(addr)) continue;
          hf.setCellContents(addr, hf.getCellFormula(addr)!);
        }
      });
      // Those still blocked wait for the next change.
      const stillBlocked = new Set<string>();
      for (const ch of changes) {
        const v = (ch as { newValue?: unknown }).newValue;
        const a = (ch as { address?: SimpleCellAddress }).address;
        if (a && v instanceof DetailedCellError && v.type === ErrorType.SPILL)
          stillBlocked.add(addressKey(a));
      }
      const done = this.resize.size === 0;
      for (const b of stillBlocked) this.blocked.add(b);
      if (done) return;
    }
  }
}
