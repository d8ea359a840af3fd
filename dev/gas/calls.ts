// Counts every call the product makes to the emulated services, per method and per sheet, so tests can hold
// the product to a budget; and injects faults ("the 2nd setValues on Battles fails").

export type CallKind = 'read' | 'write' | 'other';

/** Methods that fetch data from the document (each a round trip in Apps Script). */
const READS = new Set([
  'getValues',
  'getSheetValues',
  'getDisplayValues',
  'getFormulas',
  'getDataValidations',
  'getNumberFormats',
  'getNote',
  'getNotes',
  'getLastRow',
  'getLastColumn',
  'getMaxRows',
  'getMaxColumns',
  'getFrozenRows',
  'getConditionalFormatRules',
  'getDataRange',
  'getSheets',
  'getSheetByName',
  'getSpreadsheetTimeZone',
  'getProperty',
  'getProperties',
  'getProtections',
  'canEdit',
  'canDomainEdit',
  'getEditors',
  'getDescription',
  'isWarningOnly',
  'getUnprotectedRanges',
  'getSpreadsheetLocale',
  'getActiveSheet',
  'getOwner',
]);

/** Methods that change the document. */
const WRITES = new Set([
  'setValues',
  'setValue',
  'setFormula',
  'setFormulas',
  'setDataValidation',
  'setDataValidations',
  'setNumberFormat',
  'setNumberFormats',
  'setFontWeight',
  'setBackground',
  'setNote',
  'setNotes',
  'clearContent',
  'insertSheet',
  'deleteSheet',
  'setActiveSheet',
  'insertRowsAfter',
  'deleteRows',
  'insertColumnsAfter',
  'setFrozenRows',
  'setConditionalFormatRules',
  'setColumnWidth',
  'setProperty',
  'deleteProperty',
  'protect',
  'addEditor',
  'addEditors',
  'removeEditor',
  'removeEditors',
  'setDescription',
  'setDomainEdit',
  'setWarningOnly',
  'setUnprotectedRanges',
  'remove',
  'sort',
]);

export const kindOf = (method: string): CallKind =>
  READS.has(method) ? 'read' : WRITES.has(method) ? 'write' : 'other';

export interface Call {
  method: string;
  kind: CallKind;
  /** The sheet the call touched ("" for spreadsheet-wide calls like getSheets). */
  sheet: string;
  /** The range, for range calls. */
  a1?: string;
}

export interface FaultSpec {
  method: string;
  /** Only calls on this sheet count (any sheet when omitted). */
  sheet?: string;
  /** The nth matching call from now on fails (1 = the next one). Default 1. */
  nth?: number;
  /** The error message; Google's usual service failure by default. */
  message?: string;
  /** Fail every matching call from the nth on, not just the nth. */
  persistent?: boolean;
}

interface Fault extends Required<Omit<FaultSpec, 'sheet'>> {
  sheet?: string;
  seen: number;
  fired: number;
}

export class CallCounter {
  reads = 0;
  writes = 0;
  others = 0;
  /** Calls per method name, all sheets together. */
  byMethod: Record<string, number> = {};
  /** Calls per sheet name, then per method name: `bySheet.Units?.setValues`. */
  bySheet: Record<string, Record<string, number>> = {};
  /** Every call in order (cleared by reset). */
  log: Call[] = [];
  /**
   * Runs before each call the product makes, as another user's edit would land between two calls (a test's hook:
   * it may change the workbook, never through the product's services).
   */
  beforeCall: ((call: Call) => void) | undefined = undefined;
  private faults: Fault[] = [];
  private edits: { left: number; edit: () => void; ran: boolean }[] = [];

  constructor(private readonly documentId: () => string = () => 'emulated') {}

  get total(): number {
    return this.reads + this.writes + this.others;
  }

  /** Reads (or writes) on one sheet. */
  readsOn(sheet: string): number {
    return this.log.filter((c) => c.sheet === sheet && c.kind === 'read').length;
  }

  writesOn(sheet: string): number {
    return this.log.filter((c) => c.sheet === sheet && c.kind === 'write').length;
  }

  /** Zeroes the counts (installed faults stay). */
  reset(): void {
    this.reads = 0;
    this.writes = 0;
    this.others = 0;
    this.byMethod = {};
    this.bySheet = {};
    this.log = [];
  }

  /** Makes a chosen call throw, e.g. `failOn({ method: 'setValues', sheet: 'Battles', nth: 2 })`. */
  failOn(spec: FaultSpec): { readonly fired: number; remove(): void } {
    const fault: Fault = {
      method: spec.method,
      sheet: spec.sheet,
      nth: spec.nth ?? 1,
      message: spec.message ?? '',
      persistent: spec.persistent ?? false,
      seen: 0,
      fired: 0,
    };
    this.faults.push(fault);
    return {
      get fired() {
        return fault.fired;
      },
      remove: () => {
        this.faults = this.faults.filter((f) => f !== fault);
      },
    };
  }

  clearFaults(): void {
    this.faults = [];
  }

  /**
   * A person's edit (edits.ts) made just before the nth call from now (1 = the next), as if it landed between two
   * Google calls of a write; `ran` says whether the write made that many calls.
   */
  editBefore(nth: number, edit: () => void): { readonly ran: boolean } {
    const pending = { left: nth, edit, ran: false };
    this.edits.push(pending);
    return {
      get ran() {
        return pending.ran;
      },
    };
  }

  /** Drops the edits that have not run. */
  clearEdits(): void {
    this.edits = [];
  }

  /** Records a call; returns the message of an injected fault when this call must fail. */
  record(method: string, sheet: string, a1?: string): string | undefined {
    const kind = kindOf(method);
    for (const e of [...this.edits]) {
      if (--e.left > 0) continue;
      this.edits = this.edits.filter((x) => x !== e);
      e.ran = true;
      e.edit();
    }
    this.beforeCall?.({ method, kind, sheet, a1 });
    if (kind === 'read') this.reads++;
    else if (kind === 'write') this.writes++;
    else this.others++;
    this.byMethod[method] = (this.byMethod[method] ?? 0) + 1;
    const perSheet = this.bySheet[sheet] ?? {};
    this.bySheet[sheet] = perSheet;
    perSheet[method] = (perSheet[method] ?? 0) + 1;
    this.log.push({ method, kind, sheet, a1 });
    for (const f of this.faults) {
      if (f.method !== method || (f.sheet !== undefined && f.sheet !== sheet)) continue;
      f.seen++;
      if (f.seen === f.nth || (f.persistent && f.seen > f.nth)) {
        f.fired++;
        if (!f.persistent) this.faults = this.faults.filter((x) => x !== f);
        return (
          f.message || `Service Spreadsheets failed while accessing document with id ${this.documentId()}.`
        );
      }
    }
    return undefined;
  }
}
