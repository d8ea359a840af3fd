// What the playground's page may do, each checked whole before it changes anything (guard.ts checks the
// request's shape, these its bounds): run a script function as google.script.run does, edit cells as a user types
// them and insert or delete a row (hand-edits.ts), switch the person acting (the open sidebar opens again for them),
// close a sidebar or dialog. Every answer shows the workbook recalculated, with the sheet the page views
// (answers.ts).
import { messageOf, toTransport } from '../gas';
import { pageAnswers } from './answers';
import { TurnedDown } from './guard';
import { handEdits, handRows } from './hand-edits';
import type { OpenWorkbook } from './opening';
import type { Answer, EditRequest, EditsRequest, RowsRequest, RunRequest, ViewRequest } from './protocol';

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
  const { env, persist, forget } = open;
  const wb = env.workbook;
  const { viewed, answer } = pageAnswers(open);
  const edits = handEdits(open, { viewed, answer }, print);
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

    rows: handRows(open, { viewed, answer }),

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
