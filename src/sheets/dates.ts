// Dates as the spreadsheet shows them. Sheets hands a date cell over as the instant of its midnight in the
// spreadsheet's time zone (File > Settings), which is another day in UTC for half the world: read it there.
import { utilities } from './gas';
import { theSpreadsheet } from './spreadsheet';

/** The day a Date cell shows, as yyyy-MM-dd (two service calls: dates in name columns are rare). */
export function dateText(date: Date): string {
  let zone: string;
  try {
    zone = theSpreadsheet().getSpreadsheetTimeZone();
  } catch {
    // Outside Apps Script (the sidebar's browser, plain tests) there is no spreadsheet: the day in UTC.
    return Number.isNaN(date.getTime()) ? 'an invalid date' : date.toISOString().slice(0, 10);
  }
  return utilities().formatDate(date, zone, 'yyyy-MM-dd');
}
