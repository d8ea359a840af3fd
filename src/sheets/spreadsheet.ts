// The campaign's spreadsheet, wherever the script runs: the active one in the spreadsheet (menu, sidebar, custom
// functions), and in the web app (a player page), which Google runs outside any spreadsheet, the one whose id a
// GM's Player links… kept in the document's properties, opened by id (the manifest's `spreadsheets` scope).
import { Refusal } from '../contract/errors';
import { propertiesService, type SpreadsheetApi, spreadsheetApp } from './gas';

/** The document property holding the spreadsheet's id, for the web app. */
export const SPREADSHEET_ID_KEY = 'warcard.spreadsheet';

/** Whether the running execution came through a player page's door (doGet or pageAction, with a valid link). */
let atPageDoor = false;

/**
 * Runs fn as a player page's execution: the one kind of web-app execution that may open the spreadsheet by id.
 * A page's google.script.run can call any global of the script, run as the deploying GM with no visitor's email,
 * so every other call (the sidebar's, the GM's dialogs) must find no spreadsheet there.
 */
export function throughPageDoor<T>(fn: () => T): T {
  const before = atPageDoor;
  atPageDoor = true;
  try {
    return fn();
  } finally {
    atPageDoor = before;
  }
}

/** The campaign's spreadsheet: the active one, or (in a player page's execution) the one kept by id. */
export function theSpreadsheet(): SpreadsheetApi {
  const active = spreadsheetApp().getActiveSpreadsheet();
  if (active) return active;
  if (!atPageDoor) {
    throw new Refusal(
      'refused',
      'Outside the spreadsheet Warcard answers a player page’s own link only: open the page by its link, or the ' +
        'spreadsheet. Nothing was read or written.',
    );
  }
  const id = propertiesService().getDocumentProperties().getProperty(SPREADSHEET_ID_KEY);
  if (!id) {
    throw new Refusal(
      'setup',
      'This page does not know its spreadsheet yet: a GM opens Warcard → Player links… in the spreadsheet once.',
    );
  }
  return spreadsheetApp().openById(id);
}

/** Keeps the active spreadsheet's id for the web app (one read, and a write only when it changed). */
export function keepSpreadsheetId(ss: SpreadsheetApi): void {
  const props = propertiesService().getDocumentProperties();
  const id = ss.getId();
  if (props.getProperty(SPREADSHEET_ID_KEY) !== id) props.setProperty(SPREADSHEET_ID_KEY, id);
}
