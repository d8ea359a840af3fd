// The parts of HyperFormula's function-plugin interface the custom functions use. The package exports no type
// for a formula's syntax tree, the interpreter's state or the dependency graph's cells, so they are taken from
// FunctionPlugin's own members; the one field its typings hide (the tree a formula cell holds) is read in
// wholeFormulaOf, and only there.
import type { FunctionPlugin, SimpleRangeValue } from 'hyperformula';

type EvaluateAst = FunctionPlugin['evaluateAst'];
/** A node of a formula's syntax tree. */
export type FormulaAst = Parameters<EvaluateAst>[0];
/** What the interpreter knows while it computes a formula: its cell above all. */
export type InterpreterState = Parameters<EvaluateAst>[1];
/** A function call in a formula (`UNITVALUE(A1:V)`). */
export type CallAst = Extract<FormulaAst, { procedureName: string }>;
/** One cell's value inside the engine: a number, text, a boolean, an error or the empty value. */
export type EngineScalar = Parameters<typeof SimpleRangeValue.onlyValues>[0][number][number];
type DependencyGraph = FunctionPlugin['dependencyGraph'];
/** A cell of the dependency graph: a value, an empty cell, or a formula and the size of its result. */
export type CellVertex = NonNullable<ReturnType<DependencyGraph['getCell']>>;

/** The cells an array formula's result takes, as the engine set them aside before computing it. */
export interface ResultSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The formula cell whose whole formula is this call (`=DOUBLE(A1:A3)`, not `=SUM(DOUBLE(A1:A3))`): only such
 * a call's result spills. Undefined for a call inside a larger formula.
 */
export function wholeFormulaOf(vertex: CellVertex | undefined, call: CallAst): ResultSize | undefined {
  if (vertex === undefined) return undefined;
  // HyperFormula's typings give the graph's cells as an abstract class and keep a formula's tree protected;
  // at run time a formula cell holds them as plain fields, checked here before use.
  const cell = vertex as unknown as { formula?: unknown; width?: unknown; height?: unknown };
  if (cell.formula !== call || typeof cell.width !== 'number' || typeof cell.height !== 'number')
    return undefined;
  return { width: cell.width, height: cell.height };
}
