/**
 * Dev-only emulation of the Google services Warcard uses (src/sheets/gas.ts), over HyperFormula. Never in dist/.
 *
 * `loadWorkbook({ codePath?, code?, snapshot?, htmlDir?, timeZone?, freshScript?, log? })` loads dist/Code.js into a bare
 * node:vm context holding only the emulated globals (SpreadsheetApp, HtmlService, LockService,
 * PropertiesService, Utilities, Session, Logger, console), as Apps Script runs one script in one global
 * scope, and registers every function its JSDoc marks `@customfunction` with the formula engine. It returns:
 *
 * - `workbook`: the document. Uncounted helpers for tests: `put(sheet, a1, rows)` (values or "=..." formulas,
 *   creates the sheet), `read(sheet, a1)` (values as getValues gives them), `cell(sheet, a1)` ({ value,
 *   display, formula, error }), `errorAt(sheet, a1)` (the message of a formula's error, e.g. what a custom
 *   function threw), `recalculate()` (runs the custom functions that show "Loading..." since a change, as
 *   Sheets does a moment later), `snapshot()` / `restore(snapshot)` (JSON), `ui` (menus, sidebar, dialog,
 *   alerts, toasts the script showed), `properties` (document properties), `lock` (the document lock).
 * - `context`: the script's global scope (Code.js's functions and the services).
 * - `calls`: every call the script made to the services: `reads`, `writes`, `byMethod.getValues`,
 *   `bySheet.Units?.setValues`, `log`, `reset()`, and fault injection:
 *   `calls.failOn({ method: 'setValues', sheet: 'Battles', nth: 2 })` makes that call throw, and
 *   `calls.editBefore(n, edit)` makes a person's edit just before the nth call from now: `editsOf(workbook)`
 *   inserts, deletes or sorts rows, types into a cell or renames an army, as a person does by hand.
 * - `run(name, ...args)`: calls a global function of Code.js as one execution (locks released at its end).
 * - `lockAs(execution)`: the document lock as another user's execution sees it (hold it to test contention;
 *   `workbook.lock.onContention` is called while the product waits, to release it "in time").
 * - `actAs(email, { emailHidden? })`: the person every later run and put is made as (Session's active user,
 *   held to the protections); `workbook.people` holds the owner, the editors and the protections.
 * - `has(name)`, `customFunctions`, `services`, `realm`, `logs`.
 *
 * @example
 * const { workbook, calls, run } = loadWorkbook();
 * workbook.put('Units', 'A1', [['Unit', 'Role', 'Morale', 'Hits'], ['Guard', 'Melee', 2, 2]]);
 * workbook.put('Units', 'W1', [['=UNITVALUE(A1:V)']]);
 * expect(workbook.read('Units', 'W1')).toEqual([['Loading...']]);
 * workbook.recalculate();
 * expect(workbook.read('Units', 'W1:W2')).toEqual([['Value'], [expect.any(Number)]]);
 * calls.reset();
 * run('someMenuHandler');
 * expect(calls.writes).toBeLessThanOrEqual(3);
 *
 * Values are as Sheets gives them: numbers, booleans, strings ("" for blank), Dates; errors as their text
 * ("#ERROR!", "#REF!", "#N/A"). A custom function gets a range as a 2D array ("" blanks, booleans for
 * checkboxes), a single cell as its value, an omitted argument as undefined; a 2D result spills; a thrown
 * Error shows "#ERROR!" with its message (workbook.errorAt). Open ranges (A1:V) run to the sheet's last row.
 * A script's range outside its sheet fails as Google's does; tests' put grows the sheet as a user's paste does.
 * docs/DEVELOPING.md lists every way the emulation is as strict as Google.
 */
export { makeACopy } from './copy';
export { type Box, boxA1, cellA1, columnIndex, columnLetters, onlyCell, parseA1 } from './a1';
export { type Call, CallCounter, type FaultSpec, kindOf } from './calls';
export { type Edits, editsOf } from './edits';
export { DEFAULT_NUMBER_FORMAT, displayValue, formatDate } from './format';
export {
  NO_PERMISSION_MESSAGE,
  People,
  type PeopleSnapshot,
  PROTECTED_MESSAGE,
  type ProtectionModel,
  type ProtectionSnapshot,
} from './people';
export { EmulatedProtection, EmulatedUser, ProtectionType } from './protection';
export { contextRealm, HOST_REALM, messageOf, type Realm } from './realm';
export {
  type CustomFunctionDoc,
  customFunctionsOf,
  DIST,
  type LoadedWorkbook,
  type LoadOptions,
  loadWorkbook,
  ROOT,
  readCode,
  toTransport,
} from './script';
export type { CustomFunctionHost } from './custom-functions';
export { createServices, type Services } from './services';
export { HtmlOutput } from './ui';
export { EmulatedRange } from './range';
export { EmulatedSheet } from './sheet';
export { EmulatedSpreadsheet } from './spreadsheet';
export {
  ConditionalFormatRule,
  ConditionalFormatRuleBuilder,
  DataValidation,
  DataValidationBuilder,
  DataValidationCriteria,
  isValid,
  listOptions,
  type ValidationSpec,
} from './validation';
export {
  type CellMeta,
  type CellSnapshot,
  DocumentLock,
  type HtmlRecord,
  type MenuRecord,
  SheetModel,
  SNAPSHOT_FORMAT,
  type SheetSnapshot,
  type UiState,
  Workbook,
  type WorkbookOptions,
  type WorkbookSnapshot,
} from './workbook';
