// The script's @customfunction functions inside the formula engine, run as Sheets runs them: asynchronously
// (after a change a cell shows "Loading..." until the workbook recalculates), with arguments as Sheets passes
// them (a range as a 2D array, error cells as their text; a single error argument is the result without a
// call), never with a volatile function (RAND, NOW...) among what they read, and their results spilled.
import {
  ArraySize,
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type SimpleCellAddress,
  SimpleRangeValue,
} from 'hyperformula';
import { addressKey, addressOfKey, fromInterpreter, LOADING } from './engine-values';
import { messageOf } from './realm';
import type { Spills } from './spills';

/** The custom functions a workbook's engine can call (registered from Code.js's @customfunction JSDoc). */
export interface CustomFunctionHost {
  /** Function names as Sheets sees them (upper case). */
  readonly names: readonly string[];
  /** Calls one with arguments as Sheets passes them; returns its result or throws. */
  call(name: string, args: unknown[]): unknown;
}

/** Built-in functions whose value changes on every recalculation: Sheets refuses them to custom functions. */
const VOLATILE = new Set(['RAND', 'RANDBETWEEN', 'RANDARRAY', 'NOW', 'TODAY']);
const VOLATILE_CALL = /\b(RAND|RANDBETWEEN|RANDARRAY|NOW|TODAY)\s*\(/i;
export const VOLATILE_MESSAGE =
  'This function is not allowed to reference a cell with NOW(), RAND(), or RANDBETWEEN().';

/** What the custom functions need of the workbook. */
export interface CustomFunctionWorkbook {
  readonly hf: HyperFormula;
  readonly spills: Spills;
  readonly timeZone: string;
  /** The engine's sheet ids. */
  sheetIds(): number[];
}

export class CustomFunctions {
  /** Formula cells whose custom functions wait to run, by address key. */
  readonly pending = new Set<string>();
  /** True while the workbook recalculates: custom functions run instead of waiting. */
  computing = false;
  private volatileCells: SimpleCellAddress[] | undefined;

  constructor(
    private readonly wb: CustomFunctionWorkbook,
    readonly host: CustomFunctionHost,
  ) {}

  /**
   * Runs every custom function waiting since the last change, as Sheets does a moment after it: their cells
   * and what depends on them compute. Returns how many formula cells it ran.
   */
  recalculate(): number {
    if (this.pending.size === 0) return 0;
    const keys = [...this.pending];
    this.pending.clear();
    this.computing = true;
    this.volatileCells = undefined;
    try {
      const changes = this.wb.hf.batch(() => {
        for (const key of keys) {
          const addr = addressOfKey(key);
          if (this.wb.hf.getSheetName(addr.sheet) === undefined || !this.wb.hf.doesCellHaveFormula(addr))
            continue;
          this.wb.hf.setCellContents(addr, this.wb.hf.getCellFormula(addr)!);
        }
      });
      this.wb.spills.noteBlocked(changes);
      this.wb.spills.settle();
    } finally {
      this.computing = false;
    }
    return keys.length;
  }

  /** Cells whose formula calls a volatile function (found once per recalculation). */
  private volatiles(): SimpleCellAddress[] {
    if (this.volatileCells) return this.volatileCells;
    const found: SimpleCellAddress[] = [];
    for (const sheet of this.wb.sheetIds()) {
      this.wb.hf.getSheetFormulas(sheet).forEach((row, r) => {
        row?.forEach((f, c) => {
          if (f !== undefined && VOLATILE_CALL.test(f)) found.push({ sheet, row: r, col: c });
        });
      });
    }
    this.volatileCells = found;
    return found;
  }

  /** Whether an argument calls a volatile function or reads a cell that does. */
  private readsVolatile(ast: any, base: SimpleCellAddress): boolean {
    if (ast === null || typeof ast !== 'object') return false;
    if (ast.type === 'FUNCTION_CALL' && VOLATILE.has(String(ast.procedureName).toUpperCase())) return true;
    if (ast.type === 'CELL_REFERENCE') {
      const a = ast.reference.toSimpleCellAddress(base) as SimpleCellAddress;
      return this.volatiles().some((v) => v.sheet === a.sheet && v.row === a.row && v.col === a.col);
    }
    if (ast.type === 'CELL_RANGE') {
      const s = ast.start.toSimpleCellAddress(base) as SimpleCellAddress;
      const e = ast.end.toSimpleCellAddress(base) as SimpleCellAddress;
      return this.volatiles().some(
        (v) => v.sheet === s.sheet && v.row >= s.row && v.row <= e.row && v.col >= s.col && v.col <= e.col,
      );
    }
    for (const key of ['args', 'left', 'right', 'value', 'expression']) {
      const child = ast[key];
      if (
        Array.isArray(child)
          ? child.some((x) => this.readsVolatile(x, base))
          : this.readsVolatile(child, base)
      )
        return true;
    }
    return false;
  }

  /** The engine plugin that calls the script's functions. */
  plugin() {
    const cf = this;
    const { host, wb } = this;
    const translations = Object.fromEntries(host.names.map((n) => [n, n]));
    for (const code of HyperFormula.getRegisteredLanguagesCodes()) {
      HyperFormula.getLanguage(code).extendFunctions(translations);
    }
    class CodeJsFunctions extends FunctionPlugin {
      static implementedFunctions = Object.fromEntries(
        host.names.map((n) => [
          n,
          {
            method: 'customFunction',
            sizeOfResultArrayMethod: 'customFunctionSize',
            parameters: [{ argumentType: FunctionArgumentType.ANY, optionalArg: true }],
            repeatLastArgs: 1,
          },
        ]),
      );

      /** The arguments as Sheets passes them, or the error a single-cell argument holds (then no call). */
      private argumentsOf(ast: any, state: any): unknown[] | CellError {
        const args: unknown[] = [];
        for (const arg of ast.args as any[]) {
          if (arg.type === 'EMPTY') {
            args.push(undefined);
            continue;
          }
          const v = this.evaluateAst(arg, state);
          if (v instanceof SimpleRangeValue) {
            const data = v.rawData().map((row) => row.map((x) => fromInterpreter(x, wb.timeZone)));
            if (data.length === 1 && data[0]!.length === 1) {
              const only = v.rawData()[0]![0];
              if (only instanceof CellError) return only;
              args.push(data[0]![0]);
            } else args.push(data);
          } else if (v instanceof CellError) {
            return v;
          } else args.push(fromInterpreter(v, wb.timeZone));
        }
        return args;
      }

      customFunction(ast: any, state: any): unknown {
        const vertex = this.dependencyGraph.getCell?.(state.formulaAddress) as any;
        const topLevel = vertex !== undefined && vertex.formula === ast;
        if (!cf.computing) {
          cf.pending.add(addressKey(state.formulaAddress));
          return topLevel ? wb.spills.fitted([[LOADING]], vertex) : LOADING;
        }
        if ((ast.args as any[]).some((a) => cf.readsVolatile(a, state.formulaAddress))) {
          return new CellError(ErrorType.ERROR, VOLATILE_MESSAGE);
        }
        const args = this.argumentsOf(ast, state);
        if (args instanceof CellError) return args;
        let result: unknown;
        try {
          result = host.call(ast.procedureName, args);
        } catch (e) {
          return new CellError(ErrorType.ERROR, messageOf(e));
        }
        return wb.spills.shapeResult(result, ast, state, this.dependencyGraph, wb.timeZone);
      }

      /**
       * The engine sizes an array before it computes it: the size last seen at this cell, or else the size of a
       * trial run on the arguments as they stand (while recalculating, when they can be read yet); a wrong
       * guess costs one more evaluation (settle).
       */
      customFunctionSize(ast: any, state: any): ArraySize {
        const known = wb.spills.sizes.get(addressKey(state.formulaAddress));
        if (known) return new ArraySize(known.width, known.height);
        if (!cf.computing) return ArraySize.scalar();
        try {
          const args = this.argumentsOf(ast, state);
          const result = args instanceof CellError ? undefined : host.call(ast.procedureName, args);
          if (Array.isArray(result) && result.length > 0) {
            const width = Math.max(1, ...result.map((row) => (Array.isArray(row) ? row.length : 1)));
            return new ArraySize(width, result.length);
          }
        } catch {
          // Not computable yet (an argument is a formula not computed) or an error: one cell until it runs.
        }
        return ArraySize.scalar();
      }
    }
    return CodeJsFunctions;
  }
}
