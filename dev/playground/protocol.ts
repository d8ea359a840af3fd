// What the playground page and its server say to each other (JSON over HTTP on 127.0.0.1). A request the
// server refuses gets a 4xx status and { ok: false, error } alone.

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
