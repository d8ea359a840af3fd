// What the playground's page may do, each checked whole before it changes anything (guard.ts checks the
// request's shape, these its bounds): run a script function as google.script.run does, edit cells as a user types
// them (protections, validation, onEdit), insert or delete a row, switch the person acting (the open sidebar opens
// again for them), close a sidebar or dialog. Every answer shows the workbook recalculated, with the sheet the
// page views.
import {
  EmulatedRange,
  EmulatedSheet,
  EmulatedSpreadsheet,
  messageOf,
  onlyCell,
  PROTECTED_MESSAGE,
  type SheetModel,
  toTransport,
} from '../gas';
import { gridView } from './grid';
import { TurnedDown } from './guard';
import type { OpenWorkbook } from './opening';
import {
  type Answer,
  type EditRequest,
  type EditsRequest,
  type GridView,
  type HtmlView,
  MAX_VIEW_ROWS,
  type RowsRequest,
  type RunRequest,
  type StateView,
  type ViewRequest,
} from './protocol';

/**
 * A hand edit under a warning-only protection that came without the person's OK (the page asks before it sends
 * one: Sheets' "You are trying to edit part of this sheet that shouldn't be changed accidentally").
 */
export const UNCONFIRMED_MESSAGE =
  "This part of the sheet shouldn't be changed accidentally: Sheets asks before a hand edit here, and this edit came without an OK. Type it again and answer OK.";

/** Rows of a sheet a view shows when the page names no number. */
const PAGE_ROWS = 100;

export interface CloseRequest {
  which: 'sidebar' | 'dialog';
  view?: ViewRequest;
}

export interface Actions {
  /** The answer to GET /api/state: 400 for a view out of bounds. */
  state(view: ViewRequest): Answer;
  run(request: RunRequest): Answer;
  /** One cell typed, as `edits` takes it. */
  edit(request: EditRequest): Answer;
  /** The cells typed since the page's last answer, in the order typed (POST /api/edit). */
  edits(request: EditsRequest): Answer;
  /** A row inserted or deleted, as a user does it (the script's rules for the sheet's bounds). */
  rows(request: RowsRequest): Answer;
  close(request: CloseRequest): Answer;
  /** Acts as another person from now on ("Acting as"): Session's active user, held to the protections. */
  act(request: { email: string; view?: ViewRequest }): Answer;
}

/**
 * The page's actions on an open workbook; `functions` are the script functions the page may call, `print`
 * the console.
 */
export function playgroundActions(
  open: OpenWorkbook,
  functions: readonly string[],
  print: (line: string) => void,
): Actions {
  const { env, notes, persist, forget } = open;
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

  /**
   * The sheet a view shows (the first when it names none, or one no longer there) and its rows. Strict: 400
   * when it asks for more rows than its sheet has or the page may show; else such a view is cut to fit.
   */
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

  /** Every answer shows the workbook recalculated: the moment Sheets takes to run the custom functions. */
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

  /** The sheet an edit is for: 400 when there is none of that name or the cell lies outside it. */
  const sheetOfEdit = (request: EditRequest): SheetModel => {
    const model = wb.sheet(request.sheet);
    if (!model) throw new TurnedDown(400, `No sheet "${request.sheet}"`);
    if (request.row > model.maxRows || request.col > model.maxColumns) {
      throw new TurnedDown(
        400,
        `Row ${request.row}, column ${request.col} is outside sheet "${model.name}" ` +
          `(${model.maxRows} rows, ${model.maxColumns} columns)`,
      );
    }
    return model;
  };

  /**
   * One cell typed by the person acting, as Sheets takes a hand edit: refused under a protection they may not
   * edit (Google's words), or a warning-only one they did not confirm, or by the cell's rule; else written, and
   * onEdit fired. Answers the refusal, or undefined when written.
   */
  const typeCell = (model: SheetModel, request: EditRequest): string | undefined => {
    const box = { row: request.row, col: request.col, numRows: 1, numCols: 1 };
    const where = `${model.name}!${wb.cellA1(box.row, box.col)}`;
    if (wb.people.firstRefused(model, box, wb.people.active)) return `${where}: ${PROTECTED_MESSAGE}`;
    if (!request.confirmed && wb.people.warns(model, box)) return `${where}: ${UNCONFIRMED_MESSAGE}`;
    const rule = model.metaAt(box.row - 1, box.col - 1)?.validation;
    const input = request.input;
    const old = onlyCell(wb.values(model, box));
    if (typeof input === 'string' && input.startsWith('=') && input.length > 1) {
      wb.writeFormula(model, box, input);
    } else {
      if (
        rule &&
        !rule.allowInvalid &&
        typeof input === 'string' &&
        !wb.passesRule(model, box.row - 1, box.col - 1, typedValue(input))
      ) {
        return `Invalid: ${rule.helpText ?? `input must satisfy the cell's ${rule.criteria} rule`}`;
      }
      wb.write(model, box, [[input]]);
    }
    if (env.has('onEdit')) {
      // The simple trigger, as Sheets fires it for a user's edit.
      const event = {
        authMode: 'LIMITED',
        range: new EmulatedRange(wb, model, box),
        source: new EmulatedSpreadsheet(wb),
        value: String(onlyCell(wb.values(model, box))),
        oldValue: old === '' ? undefined : String(old),
        user: { email: '', nickname: '' },
      };
      try {
        env.run('onEdit', event);
      } catch (e) {
        print(`[onEdit] ${messageOf(e)}`);
      }
    }
    return undefined;
  };

  /**
   * The cells typed since the page's last answer, each taken in the order typed (a refused one is left as it was,
   * the others go on, as in Sheets); every edit is checked against its sheet before any is applied. Saved once.
   */
  const edits = (request: EditsRequest): Answer => {
    const models = request.edits.map(sheetOfEdit);
    viewed(request.view, true);
    const refusals: string[] = [];
    request.edits.forEach((edit, i) => {
      const model = models[i];
      const refused = model && typeCell(model, edit);
      if (refused) refusals.push(refused);
    });
    forget();
    if (refusals.length < request.edits.length) persist();
    return refusals.length === 0
      ? answer(true, request.view)
      : answer(false, request.view, { error: refusals.join('\n') });
  };

  const allowed = new Set(functions);
  /** The script function whose run showed the open sidebar ("Acting as" runs it again for the new person). */
  let sidebarBy: string | undefined;

  return {
    state(view) {
      viewed(view, true);
      return answer(true, view);
    },

    run(request) {
      const fn = request.fn;
      // Apps Script's private functions end in _; names not in the list (inherited ones too) are not the page's.
      if (!allowed.has(fn) || fn.endsWith('_') || !env.has(fn)) {
        throw new TurnedDown(404, `Script function not found: ${fn}`);
      }
      viewed(request.view, true);
      let args: unknown[];
      try {
        // As google.script.run carries them: undefined in the list arrives as null.
        args = request.args.map((a, i) => toTransport(a, `argument[${i}]`) ?? null);
      } catch (e) {
        throw new TurnedDown(400, messageOf(e));
      }
      let result: unknown;
      const sidebar = wb.ui.sidebar;
      try {
        result = env.run(fn, ...args);
        if (wb.ui.sidebar !== sidebar) sidebarBy = wb.ui.sidebar ? fn : undefined;
      } catch (e) {
        persist();
        return answer(false, request.view, { error: messageOf(e) });
      } finally {
        forget();
      }
      persist();
      try {
        const sent = toTransport(result, 'result');
        return answer(true, request.view, sent === undefined ? {} : { result: sent });
      } catch (e) {
        return answer(false, request.view, {
          error: `${fn} returned a value google.script.run cannot carry (Google passes null instead): ${messageOf(e)}`,
        });
      }
    },

    edit(request) {
      return edits({ view: request.view, edits: [request] });
    },

    edits,

    rows(request) {
      const model = wb.sheet(request.sheet);
      if (!model) throw new TurnedDown(400, `No sheet "${request.sheet}"`);
      if (request.row > model.maxRows) {
        throw new TurnedDown(
          400,
          `Row ${request.row} is outside sheet "${model.name}" (${model.maxRows} rows)`,
        );
      }
      viewed(request.view, true);
      try {
        // As the person acting, held to the protections (a protected range's rows are its editors' to change).
        const hand = new EmulatedSheet(wb, model);
        if (request.op === 'delete') hand.deleteRows(request.row, 1);
        else hand.insertRowsAfter(request.op === 'insertAbove' ? request.row - 1 : request.row, 1);
      } catch (e) {
        return answer(false, request.view, { error: messageOf(e) });
      }
      forget();
      persist();
      return answer(true, request.view);
    },

    act(request) {
      env.actAs(request.email);
      print(`Acting as ${request.email}.`);
      // What the sidebar and the dialog show was made for the last person (their sealed plan, their "You:"):
      // the dialog closes, and the sidebar opens again for the new person, by the menu item that opened it.
      wb.ui.dialog = null;
      const reopen = wb.ui.sidebar ? sidebarBy : undefined;
      wb.ui.sidebar = null;
      sidebarBy = undefined;
      if (reopen === undefined) return answer(true, request.view);
      try {
        env.run(reopen);
        sidebarBy = wb.ui.sidebar ? reopen : undefined;
      } catch (e) {
        wb.ui.sidebar = null;
        return answer(false, request.view, { error: `${reopen} as ${request.email}: ${messageOf(e)}` });
      } finally {
        forget();
        persist();
      }
      return answer(true, request.view);
    },
    close(request) {
      viewed(request.view, true);
      if (request.which === 'sidebar') {
        wb.ui.sidebar = null;
        sidebarBy = undefined;
      } else wb.ui.dialog = null;
      return answer(true, request.view);
    },
  };
}

/** Text typed in a cell, as a value to check against a rule. */
export function typedValue(input: string): unknown {
  const n = Number(input);
  return input.trim() !== '' && Number.isFinite(n) ? n : input;
}
