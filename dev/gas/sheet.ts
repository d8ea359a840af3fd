// A Sheet as Apps Script gives it to the product: its ranges (which must lie inside it), size, frozen rows,
// conditional format rules and column widths. Every call is counted and may be made to fail.
import type {
  ConditionalFormatRuleApi,
  ProtectionApi,
  RangeApi,
  RangeListApi,
  SheetApi,
} from '../../src/sheets/gas';
import { type Box, boxA1 } from './a1';
import { EmulatedProtection } from './protection';
import { EmulatedRange } from './range';
import { EmulatedRangeList } from './range-list';
import { PROTECTED_MESSAGE } from './people';
import { localeRefusal } from './locale';
import { ConditionalFormatRule } from './validation';
import type { SheetModel, Workbook } from './workbook';

export class EmulatedSheet implements SheetApi {
  constructor(
    private readonly wb: Workbook,
    readonly model: SheetModel,
  ) {}

  private track(method: string, a1?: string): void {
    this.wb.track(method, this.model.name, a1, 'Sheet');
  }

  getName(): string {
    this.track('getName');
    return this.model.name;
  }

  getSheetId(): number {
    this.track('getSheetId');
    return this.model.sheetId;
  }

  getRange(a1Notation: string): RangeApi;
  getRange(row: number, column: number, numRows?: number, numColumns?: number): RangeApi;
  getRange(a: string | number, column?: number, numRows?: number, numColumns?: number): RangeApi {
    let box: Box;
    if (typeof a === 'string') {
      this.track('getRange', a);
      box = this.wb.boxOf(this.model, a);
    } else {
      if (typeof a !== 'number' || typeof column !== 'number') {
        throw this.wb.realm.error(
          "The parameters don't match the method signature for SpreadsheetApp.Sheet.getRange.",
        );
      }
      box = { row: a, col: column, numRows: numRows ?? 1, numCols: numColumns ?? 1 };
      this.track('getRange', boxA1(box));
    }
    this.wb.fit(this.model, box);
    return new EmulatedRange(this.wb, this.model, box);
  }

  /** Several ranges of this sheet for one call; each must be A1 notation of a range inside the sheet. */
  getRangeList(a1Notations: string[]): RangeListApi {
    if (!Array.isArray(a1Notations) || a1Notations.some((a) => typeof a !== 'string')) {
      throw this.wb.realm.error(
        "The parameters (String) don't match the method signature for SpreadsheetApp.Sheet.getRangeList.",
      );
    }
    this.track('getRangeList', a1Notations.join(','));
    const boxes = a1Notations.map((a1) => {
      const box = this.wb.boxOf(this.model, a1);
      this.wb.fit(this.model, box);
      return box;
    });
    return new EmulatedRangeList(this.wb, this.model, boxes);
  }

  getDataRange(): RangeApi {
    this.track('getDataRange');
    const box = {
      row: 1,
      col: 1,
      numRows: Math.max(1, this.wb.lastRow(this.model)),
      numCols: Math.max(1, this.wb.lastColumn(this.model)),
    };
    return new EmulatedRange(this.wb, this.model, box);
  }

  /**
   * Google: "Returns the rectangular grid of values for this range starting at the given coordinates. A -1 value
   * given as the row or column position is equivalent to getting the very last row or column that has data in the
   * sheet." Read as the scripts that use it do: -1 rows or columns reach the sheet's last row or column with data.
   * Where Google is silent the stricter: a -1 start, or a grid of no rows (an empty sheet), is refused as getRange
   * refuses it.
   */
  getSheetValues(startRow: number, startColumn: number, numRows: number, numColumns: number): unknown[][] {
    const numbers = [startRow, startColumn, numRows, numColumns];
    const box = {
      row: startRow,
      col: startColumn,
      numRows:
        numRows === -1
          ? (this.wb.behaviour.sheetValuesToMaxRows ? this.model.maxRows : this.wb.lastRow(this.model)) -
            startRow +
            1
          : numRows,
      numCols: numColumns === -1 ? this.wb.lastColumn(this.model) - startColumn + 1 : numColumns,
    };
    const inside = box.row >= 1 && box.col >= 1 && box.numRows >= 1 && box.numCols >= 1;
    this.track('getSheetValues', inside ? boxA1(box) : undefined);
    if (!numbers.every((n) => typeof n === 'number' && Number.isInteger(n))) {
      throw this.wb.realm.error(
        "The parameters don't match the method signature for SpreadsheetApp.Sheet.getSheetValues.",
      );
    }
    this.wb.fit(this.model, box);
    return this.wb.realm.clone(this.wb.values(this.model, box));
  }

  getLastRow(): number {
    this.track('getLastRow');
    return this.wb.lastRow(this.model);
  }

  getLastColumn(): number {
    this.track('getLastColumn');
    return this.wb.lastColumn(this.model);
  }

  getMaxRows(): number {
    this.track('getMaxRows');
    return this.model.maxRows;
  }

  getMaxColumns(): number {
    this.track('getMaxColumns');
    return this.model.maxColumns;
  }

  insertRowsAfter(afterPosition: number, howMany: number): SheetApi {
    this.track('insertRowsAfter');
    this.refuseStructure(afterPosition);
    this.wb.insertRows(this.model, afterPosition, howMany);
    return this;
  }

  deleteRows(rowPosition: number, howMany: number): void {
    this.track('deleteRows');
    if (typeof rowPosition === 'number' && typeof howMany === 'number' && howMany >= 1 && rowPosition >= 1)
      this.wb.refuseProtectedRows(
        this.model,
        rowPosition,
        Math.min(howMany, this.model.maxRows - rowPosition + 1),
      );
    this.wb.deleteRows(this.model, rowPosition, howMany);
  }

  insertColumnsAfter(afterPosition: number, howMany: number): SheetApi {
    this.track('insertColumnsAfter');
    this.refuseSheetProtection();
    this.wb.insertColumns(this.model, afterPosition, howMany);
    return this;
  }

  /** A protected sheet's structure is its editors' to change (the stricter reading where Google is silent). */
  private refuseSheetProtection(): void {
    const people = this.wb.people;
    const user = people.active;
    if (people.isOwner(user)) return;
    const sheetWide = people.protections.filter((p) => p.sheet === this.model && p.type === 'SHEET');
    if (!people.mayEditSpreadsheet(user) || sheetWide.some((p) => !people.canEdit(p, user))) {
      throw this.wb.realm.error(PROTECTED_MESSAGE);
    }
  }

  /** Rows inserted into a protected sheet, or inside a protected range (which grows), are its editors' to add. */
  private refuseStructure(after: number): void {
    this.refuseSheetProtection();
    const people = this.wb.people;
    const user = people.active;
    if (people.isOwner(user) || typeof after !== 'number') return;
    const inside = people.protections.some(
      (p) =>
        p.sheet === this.model &&
        p.box !== undefined &&
        p.box.row <= after &&
        after < p.box.row + p.box.numRows - 1 &&
        !people.canEdit(p, user),
    );
    if (inside) throw this.wb.realm.error(PROTECTED_MESSAGE);
  }

  /**
   * Protects the sheet. Google: the permissions mirror the spreadsheet's until the script changes the editors;
   * "If the sheet is already protected, this method returns an object representing the existing protection".
   */
  protect(): ProtectionApi {
    this.track('protect');
    const people = this.wb.people;
    const existing = people.protections.find((p) => p.sheet === this.model && p.type === 'SHEET');
    if (existing) return new EmulatedProtection(this.wb, existing);
    this.refuseSheetProtection();
    if (people.firstRefused(this.model, this.wholeSheet(), people.active))
      throw this.wb.realm.error(PROTECTED_MESSAGE);
    return new EmulatedProtection(this.wb, people.add('SHEET', this.model, undefined));
  }

  /** The protections of this sheet of one type (RANGE or SHEET), oldest first. */
  getProtections(type: GoogleAppsScript.Spreadsheet.ProtectionType): ProtectionApi[] {
    this.track('getProtections');
    const kind = String(type);
    if (kind !== 'RANGE' && kind !== 'SHEET') {
      throw this.wb.realm.error(
        "The parameters don't match the method signature for SpreadsheetApp.Sheet.getProtections.",
      );
    }
    const found = this.wb.people.protections.filter((p) => p.sheet === this.model && p.type === kind);
    return this.wb.realm.clone(found.map((p) => new EmulatedProtection(this.wb, p)));
  }

  private wholeSheet() {
    return { row: 1, col: 1, numRows: this.model.maxRows, numCols: this.model.maxColumns };
  }

  getFrozenRows(): number {
    this.track('getFrozenRows');
    return this.model.frozenRows;
  }

  /** Makes this the sheet the user sees (a viewer such as the playground shows it). */
  activate(): SheetApi {
    this.track('activate');
    this.wb.ui.activated = this.model.name;
    this.wb.activeSheet = this.model;
    this.wb.ui.version++;
    return this;
  }

  setFrozenRows(rows: number): void {
    this.track('setFrozenRows');
    this.refuseSheetProtection();
    if (rows < 0 || rows > this.model.maxRows) throw this.wb.realm.error('Invalid number of frozen rows.');
    this.model.frozenRows = rows;
    this.wb.changed();
  }

  getConditionalFormatRules(): ConditionalFormatRuleApi[] {
    this.track('getConditionalFormatRules');
    const rules = this.model.conditionalRules.map(
      (spec) =>
        new ConditionalFormatRule(
          structuredClone(spec),
          spec.ranges.map((a1) => new EmulatedRange(this.wb, this.model, this.wb.boxOf(this.model, a1))),
        ),
    );
    return this.wb.realm.clone(rules);
  }

  setConditionalFormatRules(rules: ConditionalFormatRuleApi[]): void {
    this.track('setConditionalFormatRules');
    this.refuseSheetProtection();
    this.model.conditionalRules = rules.map((rule) => {
      if (!(rule instanceof ConditionalFormatRule)) {
        throw this.wb.realm.error(
          "The parameters (Object[]) don't match the method signature for SpreadsheetApp.Sheet.setConditionalFormatRules.",
        );
      }
      const refusal =
        rule.spec.formula === null
          ? undefined
          : localeRefusal(rule.spec.formula, this.wb.decimalComma, this.wb.locale);
      if (refusal) throw this.wb.realm.error(refusal);
      return structuredClone(rule.spec);
    });
    this.wb.changed();
  }

  setColumnWidth(columnPosition: number, width: number): SheetApi {
    this.track('setColumnWidth');
    this.refuseSheetProtection();
    this.model.columnWidths.set(columnPosition, width);
    this.wb.changed();
    return this;
  }
}
