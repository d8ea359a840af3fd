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
import { isSingle } from './a1';
import { type CallAst, type FormulaAst, type InterpreterState, wholeFormulaOf } from './engine-types';
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
          if (this.wb.hf.getSheetName(addr.sheet) === undefined) continue; // the sheet was removed
          const formula = this.wb.hf.getCellFormula(addr);
          if (formula !== undefined) this.wb.hf.setCellContents(addr, formula);
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
  private readsVolatile(ast: FormulaAst, base: SimpleCellAddress): boolean {
    if ('procedureName' in ast && VOLATILE.has(ast.procedureName.toUpperCase())) return true;
    if (ast.type === 'CELL_REFERENCE') {
      const a = ast.reference.toSimpleCellAddress(base);
      return this.volatiles().some((v) => v.sheet === a.sheet && v.row === a.row && v.col === a.col);
    }
    if (ast.type === 'CELL_RANGE') {
      const s = ast.start.toSimpleCellAddress(base);
      const e = ast.end.toSimpleCellAddress(base);
      return this.volatiles().some(
        (v) => v.sheet === s.sheet && v.row >= s.row && v.row <= e.row && v.col >= s.col && v.col <= e.col,
      );
    }
    return childrenOf(ast).some((child) => this.readsVolatile(child, base));
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
      private argumentsOf(ast: CallAst, state: InterpreterState): unknown[] | CellError {
        const args: unknown[] = [];
        for (const arg of ast.args) {
          if (arg.type === 'EMPTY') {
            args.push(undefined);
            continue;
          }
          const v = this.evaluateAst(arg, state);
          if (v instanceof SimpleRangeValue) {
            const raw = v.rawData();
            if (isSingle(raw) && isSingle(raw[0])) {
              const only = raw[0][0];
              if (only instanceof CellError) return only;
              args.push(fromInterpreter(only, wb.timeZone));
            } else args.push(raw.map((row) => row.map((x) => fromInterpreter(x, wb.timeZone))));
          } else if (v instanceof CellError) {
            return v;
          } else args.push(fromInterpreter(v, wb.timeZone));
        }
        return args;
      }

      customFunction(ast: CallAst, state: InterpreterState): unknown {
        const whole = wholeFormulaOf(this.dependencyGraph.getCell(state.formulaAddress), ast);
        if (!cf.computing) {
          cf.pending.add(addressKey(state.formulaAddress));
          return whole ? wb.spills.fitted([[LOADING]], whole) : LOADING;
        }
        if (ast.args.some((a) => cf.readsVolatile(a, state.formulaAddress))) {
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
        return wb.spills.shapeResult(result, whole, state.formulaAddress, wb.timeZone);
      }

      /**
       * The engine sizes an array before it computes it: the size last seen at this cell, or else the size of a
       * trial run on the arguments as they stand (while recalculating, when they can be read yet); a wrong
       * guess costs one more evaluation (settle).
       */
      customFunctionSize(ast: CallAst, state: InterpreterState): ArraySize {
        const known = wb.spills.sizes.get(addressKey(state.formulaAddress));
        if (known) return new ArraySize(known.width, known.height);
        if (!cf.computing) return ArraySize.scalar();
        // Sheets never calls a function whose arguments read a volatile cell: no trial run either.
        if (ast.args.some((a) => cf.readsVolatile(a, state.formulaAddress))) return ArraySize.scalar();
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

/** The nodes directly under a node of a formula's tree (a function's arguments, an operator's operands...). */
function childrenOf(ast: FormulaAst): FormulaAst[] {
  switch (ast.type) {
    case 'FUNCTION_CALL':
      return ast.args;
    case 'ARRAY':
      return ast.args.flat();
    case 'PARENTHESES':
      return [ast.expression];
    default:
      if ('left' in ast) return [ast.left, ast.right];
      if ('value' in ast && typeof ast.value === 'object') return [ast.value];
      return [];
  }
}
