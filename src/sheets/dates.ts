// Dates as the spreadsheet shows them. Sheets hands a date cell over as the instant of its midnight in the
// spreadsheet's time zone (File > Settings), which is another day in UTC for half the world: read it there.
import { spreadsheetApp, utilities } from './gas';

/** The day a Date cell shows, as yyyy-MM-dd (two service calls: dates in name columns are rare). */
export function dateText(date: Date): string {
  const zone = spreadsheetApp().getActiveSpreadsheet().getSpreadsheetTimeZone();
  return utilities().formatDate(date, zone, 'yyyy-MM-dd');
}
