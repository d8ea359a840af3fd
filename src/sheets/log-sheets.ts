// The Log and Undo sheets' columns: the sidebar's server writes them (server/journal-sheets.ts reads them).

/**
 * The battle record (Log sheet): one row per applied battle or new round; its cell changes are on Undo, on the rows
 * its Undo Rows cell names (`12-40`), so that undo and recovery read those rows only. Report tells the entry in
 * words (contract/battle-report.ts), written in the same row write; it comes last, where set-up adds it to an older Log,
 * and By after it: the Google account that made the entry (`unknown` where Google gives none).
 */
export const LOG_HEADERS = [
  'When',
  'Entry',
  'Event',
  'Battle',
  'Side A',
  'Side B',
  'Battle Value A',
  'Battle Value B',
  'Rolls A',
  'Rolls B',
  'Result',
  'Changes',
  'State',
  'Undo Rows',
  'Report',
  'By',
] as const;

/**
 * The Undo sheet: every cell an entry changed, a row each, so that the entry can be taken back exactly. Unit Key
 * tells apart units of one name and army wherever their rows moved (server/row-identity.ts); Before Formula holds
 * the formula a changed cell held, which undo puts back.
 */
export const UNDO_HEADERS = [
  'Entry',
  'Sheet',
  'Row',
  'Column',
  'Name',
  'Army',
  'Before',
  'After',
  'Unit Key',
  'Before Formula',
] as const;
