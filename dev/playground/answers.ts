// What every answer of the playground's server shows: the workbook recalculated, the sheet the page views (a view
// checked against its sheet's bounds), the sidebar and dialog open, the alerts and toasts since the last answer,
// and who may act.
import type { SheetModel } from '../gas';
import { gridView } from './grid';
import { TurnedDown } from './guard';
import type { OpenWorkbook } from './opening';
import {
  type Answer,
  type GridView,
  type HtmlView,
  MAX_VIEW_ROWS,
  type StateView,
  type ViewRequest,
} from './protocol';

/** Rows of a sheet a view shows when the page names no number. */
const PAGE_ROWS = 100;

export interface PageAnswers {
  /**
   * The sheet a view shows (the first when it names none, or one no longer there) and its rows. Strict: 400
   * when it asks for more rows than its sheet has or the page may show; else such a view is cut to fit.
   */
  viewed(view: ViewRequest | undefined, strict: boolean): { model: SheetModel; rows: number } | undefined;
  /** Every answer shows the workbook recalculated: the moment Sheets takes to run the custom functions. */
  answer(ok: boolean, view: ViewRequest | undefined, extra?: Partial<Answer>): Answer;
}

/** The answers to the page about one open workbook. */
export function pageAnswers(open: OpenWorkbook): PageAnswers {
  const { env, notes } = open;
  const wb = env.workbook;

  const htmlIds = new WeakMap<object, number>();
  let nextHtmlId = 1;
  const htmlView = (
    record: { title: string; content: string; width?: number; height?: number } | null,
  ): HtmlView | null => {
    if (!record) return null;
    let id = htmlIds.get(record);
    if (id === undefined) {
      id = nextHtmlId++;
      htmlIds.set(record, id);
    }
    const view: HtmlView = { id, title: record.title, content: record.content };
    if (record.width !== undefined) view.width = record.width;
    if (record.height !== undefined) view.height = record.height;
    return view;
  };

  const stateView = (): StateView => ({
    name: wb.name,
    sheets: wb.sheets.map((s) => s.name),
    menus: wb.ui.menus,
    sidebar: htmlView(wb.ui.sidebar),
    dialog: htmlView(wb.ui.dialog),
    alerts: wb.ui.alerts.splice(0),
    toasts: wb.ui.toasts.splice(0),
    notes,
    user: wb.people.active,
    people: peopleOf(),
  });

  /** The owner, everyone the spreadsheet is shared with, and the emails on the Players sheet. */
  const peopleOf = (): string[] => {
    const found = new Set([wb.people.owner.toLowerCase(), ...wb.people.editors]);
    const players = wb.sheet('Players');
    if (players) {
      for (const [cell] of wb.values(players, {
        row: 2,
        col: 1,
        numRows: Math.min(200, players.maxRows - 1),
        numCols: 1,
      })) {
        const email = String(cell ?? '')
          .trim()
          .toLowerCase();
        if (/^[^\s@]+@[^\s@]+$/.test(email)) found.add(email);
      }
    }
    return [...found].sort();
  };

  const viewed = (
    view: ViewRequest | undefined,
    strict: boolean,
  ): { model: SheetModel; rows: number } | undefined => {
    const named = view?.sheet === undefined ? undefined : wb.sheet(view.sheet);
    const model = named ?? wb.sheets[0];
    if (!model) return undefined;
    const limit = Math.min(model.maxRows, MAX_VIEW_ROWS);
    const rows = view?.rows ?? PAGE_ROWS;
    if (strict && named && rows > limit) {
      throw new TurnedDown(400, `rows must be from 1 to ${limit} for sheet "${model.name}" (got ${rows})`);
    }
    return { model, rows: Math.min(rows, limit) };
  };

  const grid = (view: ViewRequest | undefined): GridView | undefined => {
    const shown = viewed(view, false);
    return shown ? gridView(wb, shown.model, shown.rows) : undefined;
  };

  const answer = (ok: boolean, view: ViewRequest | undefined, extra: Partial<Answer> = {}): Answer => {
    const activated = wb.ui.activated;
    if (activated !== undefined) {
      // The script activated a sheet (set-up lands on Units): the page shows it, as Sheets does.
      delete wb.ui.activated;
      if (view?.sheet?.toLowerCase() !== activated.toLowerCase()) view = { sheet: activated };
    }
    wb.recalculate();
    env.calls.reset(); // the custom functions' reads: nobody counts them here
    return { ok, ...extra, state: stateView(), grid: grid(view) };
  };

  return { viewed, answer };
}
