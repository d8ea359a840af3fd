// Cells as Apps Script writes them: values parsed as Sheets parses typed text, formulas (open ranges kept open),
// formats, notes and validations (a blank cell made a checkbox reads FALSE). Every range must fit its sheet.
import type { RawCellContent } from 'hyperformula';
import { type Box, cellA1, shiftFormula, toEngineFormula, withCellAs } from './a1';
import { toEngineLocale } from './locale';
import { isDateLike, zoneOffset } from './format';
import { PROTECTED_MESSAGE } from './people';
import { ReadableDocument } from './reading';
import type { CellMeta, SheetModel } from './sheet-model';
import { isValid, type ValidationSpec } from './validation';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const MONTH_DAY = new RegExp(`^${MONTH}\\s+(\\d{1,2})(?:,?\\s+(\\d{4}))?$`, 'i');
const DAY_MONTH = new RegExp(`^(\\d{1,2})\\s+${MONTH}(?:,?\\s+(\\d{4}))?$`, 'i');
const MONTH_YEAR = new RegExp(`^${MONTH}\\s+(\\d{4})$`, 'i');
/** A number with a currency sign, thousands separators or in parentheses (accounting's negative). */
const DRESSED_NUMBER = /^(-?)(\(?)\s*(-?)\$?\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(\)?)$/;

/**
 * What Sheets makes of text a script writes that HyperFormula would keep as text: dates with month names ("Jan 5"
 * in this year, "5 January 2024", "Mar 2026" its first day), currency and thousands ("$1,200.50"), a number in
 * parentheses ("(5)" is -5), month/day ("3/4", "4/2/1"). HyperFormula itself reads plain numbers, percents, "$5", TRUE/FALSE, ISO dates and
 * error literals (#N/A). Undefined when Sheets keeps the text.
 */
function typedText(text: string): string | number | undefined {
  const t = text.trim();
  const number = DRESSED_NUMBER.exec(t);
  if (number && (number[2] === '(') === (number[5] === ')')) {
    const [, minus, open, innerMinus, digits = ''] = number;
    if (open && (minus || innerMinus)) return undefined;
    const n = Number(digits.replace(/,/g, ''));
    return minus || innerMinus || open ? -n : n;
  }
  const date = (month: string | undefined, day: number, year: string | undefined) => {
    const m = MONTHS.indexOf((month ?? '').slice(0, 3).toLowerCase());
    const y = year === undefined ? new Date().getFullYear() : Number(year);
    if (m < 0 || day < 1 || day > new Date(Date.UTC(y, m + 1, 0)).getUTCDate()) return undefined;
    const p = (n: number) => String(n).padStart(2, '0');
    return `${y}-${p(m + 1)}-${p(day)}`;
  };
  let m = MONTH_DAY.exec(t);
  if (m) return date(m[1], Number(m[2]), m[3]);
  m = DAY_MONTH.exec(t);
  if (m) return date(m[2], Number(m[1]), m[3]);
  m = MONTH_YEAR.exec(t);
  if (m) return date(m[1], 1, m[2]);
  // Month/day with a short year or none ("3/4", "4/2/1"): Sheets' US dates; 00-29 are this century's years.
  const slashed = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{1,2}))?$/.exec(t);
  if (slashed) {
    const [, month = '', day = '', short] = slashed;
    const year =
      short === undefined
        ? undefined
        : String(Number(short) < 30 ? 2000 + Number(short) : 1900 + Number(short));
    return date(MONTHS[Number(month) - 1], Number(day), year);
  }
  return undefined;
}

/** The most characters a cell holds. */
export const MAX_CELL_CHARS = 50_000;

export class WritableDocument extends ReadableDocument {
  /** What the engine stores for a value written by setValues (or typed): Sheets' parsing of text included. */
  private content(model: SheetModel, row0: number, col0: number, value: unknown): RawCellContent {
    const meta = model.metaAt(row0, col0);
    if (value === null || value === undefined || value === '') {
      return meta?.validation?.criteria === 'CHECKBOX' ? false : null;
    }
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : value;
    if (isDateLike(value)) {
      // The wall clock the instant shows in the spreadsheet's time zone.
      const d = new Date(value.getTime() + zoneOffset(this.timeZone, value.getTime()));
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
    }
    const text = String(value);
    if (meta?.numberFormat === '@') return `'${text}`;
    if (this.behaviour.keepsApostrophe && text.startsWith("'")) return `'${text}`;
    if (text.startsWith('=') && text.length > 1) return this.engineFormula(model, row0, col0, text);
    return typedText(text) ?? text;
  }

  /** The value a cell holds once `content` is stored, as a rule sees it; undefined for a formula. */
  private heldValue(content: RawCellContent): unknown {
    if (content === null || content === undefined) return '';
    if (typeof content !== 'string') return content;
    if (content.startsWith("'")) return content.slice(1);
    if (content.startsWith('=')) return undefined;
    const t = content.trim();
    const n = Number(t);
    if (t !== '' && Number.isFinite(n)) return n;
    if (/^(true|false)$/i.test(t)) return t.toLowerCase() === 'true';
    return content;
  }

  /**
   * Whether a value in a cell passes the cell's validation. A custom formula is worked out at the cell (moved
   * from the rule's first cell), with the value in place of every reference to the cell itself: it passes when
   * it gives TRUE.
   */
  passesRule(model: SheetModel, row0: number, col0: number, value: unknown): boolean {
    const rule = model.metaAt(row0, col0)?.validation;
    if (!rule) return true;
    return isValid(rule, value, (formula) => {
      const [dr, dc] = rule.offset ?? [0, 0];
      const moved = toEngineLocale(shiftFormula(formula, dr, dc), this.decimalComma);
      const literal =
        typeof value === 'number' || typeof value === 'boolean'
          ? String(value).toUpperCase()
          : `"${String(value).replace(/"/g, '""')}"`;
      const text = withCellAs(moved, row0 + 1, col0 + 1, literal);
      try {
        return this.hf.calculateFormula(text.startsWith('=') ? text : `=${text}`, model.hfId) === true;
      } catch {
        return false;
      }
    });
  }

  /**
   * A script's setValue(s) into a cell whose rule rejects invalid input throws Google's message, and nothing of
   * the call is written. A user's paste (`put`) is not checked here.
   */
  refuseInvalid(model: SheetModel, box: Box, valueAt: (r: number, c: number) => unknown): void {
    this.fit(model, box);
    for (let r = 0; r < box.numRows; r++) {
      for (let c = 0; c < box.numCols; c++) {
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        const rule = model.metaAt(row0, col0)?.validation;
        if (!rule || rule.allowInvalid) continue;
        const value = valueAt(r, c);
        if (typeof value === 'string' && value.startsWith('=') && value.length > 1) continue;
        const held = this.heldValue(this.content(model, row0, col0, value));
        if (held === undefined || this.passesRule(model, row0, col0, held)) continue;
        throw this.realm.error(
          `The data you entered in cell ${cellA1(row0 + 1, col0 + 1)} violates the data validation rules set on this cell.`,
        );
      }
    }
  }

  /**
   * A script's write as the active user into cells a protection keeps from them throws Google's message. Google
   * does not say whether such a call writes some of its cells first: the emulation takes the stricter reading,
   * and `writePart` writes the cells before the first refused one (row by row) before the call throws.
   */
  refuseProtected(model: SheetModel, box: Box, writePart?: (part: Box, rowOffset: number) => void): void {
    if (this.behaviour.warningStopsScripts && this.people.warns(model, box))
      throw this.realm.error(PROTECTED_MESSAGE);
    const at = this.people.firstRefused(model, box, this.people.active);
    if (!at) return;
    const [r, c] = at;
    if (writePart && r > 0) writePart({ row: box.row, col: box.col, numRows: r, numCols: box.numCols }, 0);
    if (writePart && c > 0) writePart({ row: box.row + r, col: box.col, numRows: 1, numCols: c }, r);
    throw this.realm.error(PROTECTED_MESSAGE);
  }

  /** Refuses a change of rows or of the whole sheet that a protection keeps from the active user. */
  refuseProtectedRows(model: SheetModel, firstRow: number, numRows: number): void {
    const box = { row: firstRow, col: 1, numRows, numCols: model.maxColumns };
    if (this.people.firstRefused(model, box, this.people.active)) throw this.realm.error(PROTECTED_MESSAGE);
  }

  /** Translates a formula for the engine and marks the cell when it had open ranges. */
  engineFormula(model: SheetModel, row0: number, col0: number, formula: string): string {
    const { text, open } = toEngineFormula(toEngineLocale(formula, this.decimalComma), (sheet) =>
      this.maxRowsOf(sheet ?? model.name),
    );
    model.editMeta(row0, col0, (m) => {
      m.open = open || undefined;
    });
    return text;
  }

  /** A cell holds at most 50,000 characters: a longer value is refused with Sheets' message, nothing written. */
  private refuseTooLong(values: Iterable<unknown>): void {
    for (const v of values) {
      if (typeof v === 'string' && v.length > MAX_CELL_CHARS) {
        throw this.realm.error(
          `Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`,
        );
      }
    }
  }

  /** setValues: one value per cell ("=..." text is a formula, as in Sheets). The box must fit the sheet. */
  write(model: SheetModel, box: Box, values: unknown[][]): void {
    this.fit(model, box);
    for (const row of values) this.refuseTooLong(row);
    // Array.from makes host arrays: the script's arrays are of another realm, which the engine does not take.
    const contents = Array.from(values, (row, r) =>
      Array.from(row, (v, c) => {
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        model.editMeta(row0, col0, (m) => {
          m.open = undefined;
        });
        return this.content(model, row0, col0, v);
      }),
    );
    this.apply(() => {
      this.clearArraysFirst(model, box, (r, c) => contents[r]?.[c]);
      this.hf.setCellContents(this.address(model, box.row - 1, box.col - 1), contents);
    });
  }

  /**
   * The engine keeps a ghost of an array formula whose cell is set blank: rows removed below bring it back, and
   * setting it again then fails inside the engine. Overwriting such a cell with a value first clears it for good.
   */
  private clearArraysFirst(
    model: SheetModel,
    box: Box,
    contentAt: (r: number, c: number) => RawCellContent,
  ): void {
    for (let r = 0; r < box.numRows; r++) {
      for (let c = 0; c < box.numCols; c++) {
        if (contentAt(r, c) !== null) continue;
        const addr = this.address(model, box.row - 1 + r, box.col - 1 + c);
        if (this.hf.isCellPartOfArray(addr) && this.hf.doesCellHaveFormula(addr))
          this.hf.setCellContents(addr, 0);
      }
    }
  }

  /**
   * RangeList.setValue: one value in every cell of several boxes, as one call. Every box is checked first, so a
   * refused call writes nothing; the engine gets one batch.
   */
  writeBoxes(model: SheetModel, boxes: readonly Box[], value: unknown): void {
    for (const box of boxes) this.fit(model, box);
    this.refuseTooLong([value]);
    const writes = boxes.map((box) => {
      const contents = this.grid(box, (row0, col0) => {
        model.editMeta(row0, col0, (m) => {
          m.open = undefined;
        });
        return this.content(model, row0, col0, value);
      });
      return { box, contents };
    });
    this.apply(() => {
      for (const { box, contents } of writes) {
        this.clearArraysFirst(model, box, (r, c) => contents[r]?.[c] ?? null);
        this.hf.setCellContents(this.address(model, box.row - 1, box.col - 1), contents);
      }
    });
  }

  /** setFormula on a range: the formula in every cell, its relative references moved as a fill would. */
  writeFormula(model: SheetModel, box: Box, formula: string): void {
    const formulas = this.grid(box, (r, c) => shiftFormula(formula, r - (box.row - 1), c - (box.col - 1)));
    this.writeFormulas(model, box, formulas);
  }

  writeFormulas(model: SheetModel, box: Box, formulas: string[][]): void {
    this.fit(model, box);
    const contents = Array.from(formulas, (row, r) =>
      Array.from(row, (f, c) => {
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        model.editMeta(row0, col0, (m) => {
          m.open = undefined;
        });
        if (f === '' || f === null || f === undefined) return this.content(model, row0, col0, '');
        const text = String(f);
        return this.engineFormula(model, row0, col0, text.startsWith('=') ? text : `=${text}`);
      }),
    );
    this.apply(() => this.hf.setCellContents(this.address(model, box.row - 1, box.col - 1), contents));
  }

  /** clearContent: values and formulas go, formats and validations stay (a checkbox is unticked). */
  clear(model: SheetModel, box: Box): void {
    this.write(
      model,
      box,
      this.grid(box, () => ''),
    );
  }

  /** Sets meta on every cell of a box (one value, or one per cell). */
  setMeta<K extends keyof CellMeta>(
    model: SheetModel,
    box: Box,
    key: K,
    value: CellMeta[K] | CellMeta[K][][],
  ): void {
    this.fit(model, box);
    const perCell = Array.isArray(value) && Array.isArray(value[0]);
    const valueAt = (r: number, c: number): CellMeta[K] => {
      if (!perCell) return value as CellMeta[K];
      const row = (value as CellMeta[K][][])[r];
      if (row === undefined || c >= row.length) {
        throw new Error(`setMeta(${key}): no value for row ${r + 1}, column ${c + 1} of the range`);
      }
      return row[c];
    };
    const checkboxes: [number, number][] = [];
    for (let r = 0; r < box.numRows; r++) {
      for (let c = 0; c < box.numCols; c++) {
        const v = valueAt(r, c);
        const row0 = box.row - 1 + r;
        const col0 = box.col - 1 + c;
        model.editMeta(row0, col0, (m) => {
          m[key] = v === null ? undefined : v;
        });
        if (key === 'validation' && (v as ValidationSpec | undefined)?.criteria === 'CHECKBOX') {
          checkboxes.push([row0, col0]);
        }
      }
    }
    // A blank cell made a checkbox reads FALSE, as in Sheets. One write per run down a column: the engine's
    // cost is per call.
    const blanks = checkboxes.filter(([r, c]) => this.hf.isCellEmpty(this.address(model, r, c)));
    if (blanks.length > 0) {
      blanks.sort(([r1, c1], [r2, c2]) => c1 - c2 || r1 - r2);
      const runs: [number, number, number][] = [];
      for (const [r, c] of blanks) {
        const last = runs.at(-1);
        if (last && last[1] === c && last[0] + last[2] === r) last[2]++;
        else runs.push([r, c, 1]);
      }
      this.apply(() => {
        for (const [r, c, n] of runs) {
          this.hf.setCellContents(
            this.address(model, r, c),
            Array.from({ length: n }, () => [false]),
          );
        }
      });
    }
    this.changed();
  }
}
