// What the playground page and its server say to each other (JSON over HTTP on 127.0.0.1). A request the
// server refuses gets a 4xx status and { ok: false, error } alone.

/**
 * What Sheets asks before a hand edit under a warning-only protection (its "Heads up!" dialog, OK or Cancel).
 */
export const WARNING_ONLY_QUESTION =
  "Heads up! You are trying to edit part of this sheet that shouldn't be changed accidentally. Edit anyway?";

/** The most rows of a sheet one view shows (the grid of a page stays usable; the server's answers bounded). */
export const MAX_VIEW_ROWS = 5000;

/** A cell as the grid shows it. Keys are short: a sheet sends thousands. */
export interface CellView {
  /** The text shown. */
  d?: string;
  /** What the formula bar shows: the formula, or the value as typed. */
  f?: string;
  /** n: number (right-aligned), b: boolean, e: error. */
  t?: 'n' | 'b' | 'e';
  /** A checkbox (validation), ticked or not. */
  cb?: boolean;
  /** A dropdown (list validation): its options. */
  ls?: string[];
  /** The cell is spilled from a formula above or left. */
  sp?: 1;
  bold?: 1;
  bg?: string;
  fg?: string;
  note?: string;
  /** The error's message (tooltip), as Sheets shows it on hover. */
  err?: string;
  /** The value breaks the cell's validation (allowed, but flagged as in Sheets). */
  bad?: 1;
}

export interface GridView {
  name: string;
  maxRows: number;
  maxColumns: number;
  frozenRows: number;
  /** Rows sent (1..rows); the page asks for more as it scrolls. */
  rows: number;
  lastRow: number;
  columnWidths: Record<string, number>;
  /** By "row,col" (1-based); cells not listed are blank. */
  cells: Record<string, CellView>;
  /** The protected areas of the sheet that refuse or warn the person acting (none listed: none). */
  guards?: GuardView[];
}

export interface HtmlView {
  /** Changes when the script shows another output. */
  id: number;
  title: string;
  content: string;
  width?: number;
  height?: number;
}

export interface StateView {
  name: string;
  /** Whom the page acts as (Session's active user), and the people it may act as: the owner, those the
   * spreadsheet is shared with, the Players sheet's. */
  user: string;
  people: string[];
  sheets: string[];
  menus: { caption: string; items: ({ caption: string; functionName: string } | { separator: true })[] }[];
  sidebar: HtmlView | null;
  dialog: HtmlView | null;
  /** Alerts and toasts shown since the last answer. */
  alerts: string[];
  toasts: { message: string; title: string; timeoutSeconds?: number }[];
  /** Notes from the server (e.g. a function Code.js lacks). */
  notes: string[];
}

/** The view a request wants back: the sheet on screen and how many rows. */
export interface ViewRequest {
  sheet?: string;
  rows?: number;
}

export interface Answer {
  ok: boolean;
  error?: string;
  /** google.script.run's result (absent for undefined). */
  result?: unknown;
  state: StateView;
  grid?: GridView;
}

export interface EditRequest {
  view?: ViewRequest;
  sheet: string;
  row: number;
  col: number;
  /** Text as typed ("=..." is a formula), or a checkbox's new state. */
  input: string | boolean;
  /** The person answered OK to Sheets' warning of a warning-only protection over the cell (asked by the page). */
  confirmed?: boolean;
}

/** Cells typed since the page's last answer, in the order typed: one request, applied in that order. */
export interface EditsRequest {
  view?: ViewRequest;
  edits: EditRequest[];
}

/**
 * An area of the sheet guarded from the person acting, as Sheets knows it in the page: a protection they may not
 * edit (a hand edit there is refused) or a warning-only one (`warn`: Sheets asks first). Boxes are
 * [row, col, numRows, numCols], 1-based; `except` are a sheet protection's unprotected ranges.
 */
export interface GuardView {
  box: [number, number, number, number];
  except?: [number, number, number, number][];
  warn?: 1;
}

export interface RunRequest {
  view?: ViewRequest;
  fn: string;
  args: unknown[];
}

/** A row inserted above or below one of a sheet's rows, or that row deleted, as a user does from the row's menu. */
export interface RowsRequest {
  view?: ViewRequest;
  sheet: string;
  row: number;
  op: 'insertAbove' | 'insertBelow' | 'delete';
}
