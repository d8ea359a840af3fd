// One sheet's own state besides its cells' contents (which live in the formula engine): its name, size, frozen
// rows, column widths, conditional format rules, and per-cell formats, notes and validations. And what the
// scripts showed the user (menus, sidebar, dialog, alerts, toasts).
import type { ConditionalRuleSpec, ValidationSpec } from './validation';

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;

/** What a cell carries besides its content. */
export interface CellMeta {
  numberFormat?: string;
  fontWeight?: string;
  background?: string;
  note?: string;
  validation?: ValidationSpec;
  /** The formula had open ranges (A1:V): translated for the engine, shown open, translated again on growth. */
  open?: boolean;
}

export class SheetModel {
  /** row (0-based) -> col (0-based) -> meta */
  readonly meta = new Map<number, Map<number, CellMeta>>();
  frozenRows = 0;
  readonly columnWidths = new Map<number, number>();
  conditionalRules: ConditionalRuleSpec[] = [];

  constructor(
    readonly hfId: number,
    public name: string,
    readonly sheetId: number,
    public maxRows = DEFAULT_ROWS,
    public maxColumns = DEFAULT_COLUMNS,
  ) {}

  metaAt(row0: number, col0: number): CellMeta | undefined {
    return this.meta.get(row0)?.get(col0);
  }

  /** Changes a cell's meta; an emptied meta is dropped. */
  editMeta(row0: number, col0: number, edit: (m: CellMeta) => void): void {
    let row = this.meta.get(row0);
    const m: CellMeta = { ...row?.get(col0) };
    edit(m);
    for (const k of Object.keys(m) as (keyof CellMeta)[]) if (m[k] === undefined) delete m[k];
    if (Object.keys(m).length === 0) {
      row?.delete(col0);
      if (row?.size === 0) this.meta.delete(row0);
      return;
    }
    if (!row) {
      row = new Map();
      this.meta.set(row0, row);
    }
    row.set(col0, m);
  }

  *metas(): Generator<[number, number, CellMeta]> {
    for (const [r, cols] of this.meta) for (const [c, m] of cols) yield [r, c, m];
  }
}

export interface MenuRecord {
  caption: string;
  items: ({ caption: string; functionName: string } | { separator: true })[];
}

export interface HtmlRecord {
  content: string;
  title: string;
  width?: number;
  height?: number;
}

/** What the scripts showed the user: menus, sidebar, dialog, alerts, toasts (the playground displays them). */
export interface UiState {
  menus: MenuRecord[];
  sidebar: HtmlRecord | null;
  dialog: HtmlRecord | null;
  alerts: string[];
  /** The buttons a person will choose for the next questions (an alert with buttons); none left: they close it. */
  answers?: string[];
  toasts: { message: string; title: string; timeoutSeconds?: number }[];
  /** The sheet a script last activated (Sheet.activate()), for a viewer to show; it takes it and clears it. */
  activated?: string;
  /** Bumped on every change, so a viewer knows when to look again. */
  version: number;
}
