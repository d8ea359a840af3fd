// A1 notation as Sheets reads it: cells, ranges, open ranges (A1:V), whole columns (A:V), whole rows (1:3),
// and the references inside formulas (to translate Sheets-only syntax for HyperFormula and back).

export interface Box {
  /** 1-based, as Apps Script counts. */
  row: number;
  col: number;
  numRows: number;
  numCols: number;
}

/** Whether a list (a grid, or a row of one) has exactly one element. */
export const isSingle = <T>(list: readonly T[]): list is readonly [T] => list.length === 1;

/** The value of a grid of one cell; an Error for any other shape (a fault of the emulation, not of the script). */
export function onlyCell<T>(grid: readonly (readonly T[])[]): T {
  if (isSingle(grid) && isSingle(grid[0])) return grid[0][0];
  throw new Error(`Expected one cell, got rows of ${grid.map((row) => row.length).join(', ') || 'nothing'}`);
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function columnLetters(index: number): string {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export const cellA1 = (row: number, col: number): string => `${columnLetters(col)}${row}`;

export function boxA1(box: Box): string {
  const start = cellA1(box.row, box.col);
  if (box.numRows === 1 && box.numCols === 1) return start;
  return `${start}:${cellA1(box.row + box.numRows - 1, box.col + box.numCols - 1)}`;
}

/** A sheet name as a formula writes it: quoted when it is not a plain word. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

const PART = /^(\$?)([A-Za-z]{1,3})?(\$?)(\d+)?$/;

interface Part {
  col?: number;
  row?: number;
}

function part(text: string): Part | undefined {
  const m = PART.exec(text);
  if (!m || (!m[2] && !m[4])) return undefined;
  return { col: m[2] ? columnIndex(m[2]) : undefined, row: m[4] ? Number(m[4]) : undefined };
}

/**
 * Reads A1 notation ("A1", "A1:B2", "A1:V", "A:V", "2:5", optionally "Sheet!A1") against a sheet's size.
 * Returns undefined when the text is no range, as Sheets answers "Range not found".
 */
export function parseA1(
  text: string,
  maxRows: number,
  maxCols: number,
): (Box & { sheet?: string }) | undefined {
  let rest = text.trim();
  let sheet: string | undefined;
  const bang = rest.lastIndexOf('!');
  if (bang >= 0) {
    sheet = rest.slice(0, bang);
    if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
    rest = rest.slice(bang + 1);
  }
  const [a, b, extra] = rest.split(':');
  if (a === undefined || extra !== undefined) return undefined;
  const start = part(a);
  const end = b === undefined ? start : part(b);
  if (!start || !end) return undefined;
  if (b === undefined && (start.col === undefined || start.row === undefined)) return undefined;
  // A column with no row runs from row 1 (start) or to the last row (end); a row with no column likewise.
  const r1 = start.row ?? 1;
  const c1 = start.col ?? 1;
  const r2 = end.row ?? (start.row === undefined || start.col !== undefined ? maxRows : start.row);
  const c2 = end.col ?? (start.col === undefined ? maxCols : start.col);
  if (end.col === undefined && start.col !== undefined) return undefined; // "A1:5" is not A1 notation
  const row = Math.min(r1, r2);
  const col = Math.min(c1, c2);
  if (row < 1 || col < 1) return undefined;
  return { row, col, numRows: Math.abs(r2 - r1) + 1, numCols: Math.abs(c2 - c1) + 1, sheet };
}

// ---- References inside formulas.

/** A reference in a formula: optional sheet, start cell, optional end (which may lack its row: open range). */
interface FormulaRef {
  sheet?: string;
  sheetText: string;
  startColAbs: boolean;
  startCol: string;
  startRowAbs: boolean;
  startRow?: number;
  end?: { colAbs: boolean; col: string; rowAbs: boolean; row?: number };
}

const REF =
  /(?<![\w$.'!:])((?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?(\$?)([A-Za-z]{1,3})(\$?)(\d+)?(?::(\$?)([A-Za-z]{1,3})(\$?)(\d+)?)?(?![\w(!:])/g;

/** Applies `edit` to every cell or range reference outside string literals; returns the new formula. */
function mapRefs(formula: string, edit: (ref: FormulaRef) => string | undefined): string {
  const pieces = formula.split(/("(?:[^"]|"")*")/);
  return pieces
    .map((piece, i) => {
      if (i % 2 === 1) return piece; // a string literal
      return piece.replace(REF, (whole, sheetText, sca, sc, sra, sr, eca, ec, era, er) => {
        if (sr === undefined && ec === undefined) return whole; // a bare word (TRUE, a name): no reference
        if (sr === undefined && er !== undefined) return whole;
        let sheet: string | undefined;
        if (sheetText) {
          const raw = sheetText.slice(0, -1);
          sheet = raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
        }
        const ref: FormulaRef = {
          sheet,
          sheetText: sheetText ?? '',
          startColAbs: sca === '$',
          startCol: sc,
          startRowAbs: sra === '$',
          startRow: sr === undefined ? undefined : Number(sr),
          end:
            ec === undefined
              ? undefined
              : {
                  colAbs: eca === '$',
                  col: ec,
                  rowAbs: era === '$',
                  row: er === undefined ? undefined : Number(er),
                },
        };
        return edit(ref) ?? whole;
      });
    })
    .join('');
}

/**
 * A formula with every reference to one cell (same sheet, no sheet named) replaced by a literal: how a custom
 * validation formula is asked about a value before the cell holds it.
 */
export function withCellAs(formula: string, row: number, col: number, literal: string): string {
  return mapRefs(formula, (ref) =>
    ref.sheet === undefined && !ref.end && ref.startRow === row && columnIndex(ref.startCol) === col
      ? literal
      : undefined,
  );
}

function refText(ref: FormulaRef): string {
  const d = (abs: boolean) => (abs ? '$' : '');
  let s = `${ref.sheetText}${d(ref.startColAbs)}${ref.startCol}${ref.startRow === undefined ? '' : `${d(ref.startRowAbs)}${ref.startRow}`}`;
  if (ref.end) {
    s += `:${d(ref.end.colAbs)}${ref.end.col}${ref.end.row === undefined ? '' : `${d(ref.end.rowAbs)}${ref.end.row}`}`;
  }
  return s;
}

/**
 * Sheets' open ranges (`A1:V`, `Units!A2:V`) run to the sheet's last row; HyperFormula has no such syntax,
 * so they become `A1:V<max rows>`. `open` says whether the formula had any (it must be translated again when
 * the sheet grows, and shown open again).
 */
export function toEngineFormula(
  formula: string,
  maxRowsOf: (sheet: string | undefined) => number,
): { text: string; open: boolean } {
  let open = false;
  const text = mapRefs(formula, (ref) => {
    if (ref.startRow === undefined || !ref.end || ref.end.row !== undefined) return undefined;
    open = true;
    return refText({ ...ref, end: { ...ref.end, row: maxRowsOf(ref.sheet) } });
  });
  return { text, open };
}

/**
 * The reverse of toEngineFormula: a range that ends on its sheet's last row (`isLastRow`) is shown open again.
 */
export function fromEngineFormula(
  formula: string,
  isLastRow: (sheet: string | undefined, row: number) => boolean,
): string {
  return mapRefs(formula, (ref) => {
    if (ref.startRow === undefined || ref.end?.row === undefined) return undefined;
    if (ref.end.rowAbs || ref.end.row < ref.startRow || !isLastRow(ref.sheet, ref.end.row)) return undefined;
    return refText({ ...ref, end: { ...ref.end, row: undefined } });
  });
}

/** A formula moved by (rows, cols) as Sheets fills it: relative parts move, `$` parts and open ends stay. */
export function shiftFormula(formula: string, rows: number, cols: number): string {
  if (rows === 0 && cols === 0) return formula;
  const col = (abs: boolean, letters: string) => (abs ? letters : columnLetters(columnIndex(letters) + cols));
  const row = (abs: boolean, n: number | undefined) => (n === undefined || abs ? n : n + rows);
  return mapRefs(formula, (ref) =>
    refText({
      ...ref,
      startCol: col(ref.startColAbs, ref.startCol),
      startRow: row(ref.startRowAbs, ref.startRow),
      end: ref.end && {
        ...ref.end,
        col: col(ref.end.colAbs, ref.end.col),
        row: row(ref.end.rowAbs, ref.end.row),
      },
    }),
  );
}
