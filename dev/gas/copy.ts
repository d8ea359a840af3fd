// File → Make a copy, as the stricter reading of Google's documentation has it. Google documents that a viewer who
// may copy a spreadsheet gets a copy of its bound script, which they own and run; it does not say which property
// stores the copy carries. The emulation's copy carries all of them: the document's properties and every user's
// (as if Google copied each store whole). What then keeps a secret is only what Google documents: a user's
// properties are read "only by the current user [...] and only within this script", so the copier's executions
// read the copier's store, never another user's.
import { type LoadedWorkbook, type LoadOptions, loadWorkbook } from './script';

/**
 * A copy of the spreadsheet made by `copier`, with its own script (the same code, loaded afresh): the copier owns
 * it and is its active user; no web app is deployed for it. Its sheets, document properties and every user's
 * properties are carried.
 */
export function makeACopy(
  original: LoadedWorkbook,
  copier: string,
  options: Omit<LoadOptions, 'snapshot'> = {},
): LoadedWorkbook {
  const { people: _people, protections: _protections, ...rest } = original.workbook.snapshot();
  const copy = loadWorkbook({
    ...options,
    snapshot: { ...rest, id: `${rest.id}-copy`, name: `Copy of ${rest.name}` },
  });
  copy.workbook.people.owner = copier;
  copy.actAs(copier);
  copy.workbook.webApp.url = null;
  return copy;
}
