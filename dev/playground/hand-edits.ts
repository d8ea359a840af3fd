// The cells and rows a person changes by hand on the playground's page, taken as Sheets takes hand edits: held to
// the protections (refused, or asked to confirm under a warning-only one), to each cell's rule, and firing onEdit.
import {
  EmulatedRange,
  EmulatedSheet,
  EmulatedSpreadsheet,
  messageOf,
  onlyCell,
  PROTECTED_MESSAGE,
  type SheetModel,
} from '../gas';
import type { PageAnswers } from './answers';
import { TurnedDown } from './guard';
import type { OpenWorkbook } from './opening';
import type { Answer, EditRequest, EditsRequest, RowsRequest } from './protocol';

/**
 * A hand edit under a warning-only protection that came without the person's OK (the page asks before it sends
 * one: Sheets' "You are trying to edit part of this sheet that shouldn't be changed accidentally").
 */
export const UNCONFIRMED_MESSAGE =
  "This part of the sheet shouldn't be changed accidentally: Sheets asks before a hand edit here, and this edit came without an OK. Type it again and answer OK.";

/**
 * The cells typed since the page's last answer, each taken in the order typed (a refused one is left as it was,
 * the others go on, as in Sheets); every edit is checked against its sheet before any is applied. Saved once.
 */
export function handEdits(
  open: OpenWorkbook,
  { viewed, answer }: PageAnswers,
  print: (line: string) => void,
): (request: EditsRequest) => Answer {
  const { env, persist, forget } = open;
  const wb = env.workbook;

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

  return (request: EditsRequest): Answer => {
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
}

/** A row inserted or deleted by the person acting, as a user does it (the script's rules for the sheet's bounds). */
export function handRows(
  open: OpenWorkbook,
  { viewed, answer }: PageAnswers,
): (request: RowsRequest) => Answer {
  const { env, persist, forget } = open;
  const wb = env.workbook;
  return (request: RowsRequest): Answer => {
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
  };
}

/** Text typed in a cell, as a value to check against a rule. */
export function typedValue(input: string): unknown {
  const n = Number(input);
  return input.trim() !== '' && Number.isFinite(n) ? n : input;
}
