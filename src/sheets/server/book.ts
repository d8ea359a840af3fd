// The Book: the sheets a sidebar call reads, each with one getValues, and the Settings read once.
import { Refusal, TableError } from '../../contract/errors';
import { defaultSettings, type Settings } from '../../rules';
import { theSpreadsheet } from '../spreadsheet';
import { BATTLE_REQUIRED } from '../battles';
import { CHARACTER_REQUIRED_WITH_ARMY } from '../characters';
import { readSettings, SETTING_HEADERS } from '../settings';
import { EXAMPLES, SHEET_NAMES } from '../sheet-names';
import { UNIT_REQUIRED_WITH_ARMY } from '../units';
import { REALM_REQUIRED, TREASURY_REQUIRED } from '../realm-treasury';
import { readSheetTable, type SheetTable, sheetRowOf } from '../sheet-table';
import { missingSheet } from '../../contract/refusals';
import { columnFormulas, type Formulas } from './formulas';
import { readLog, readUndoEnd } from './history';
import type { Entry } from './journal-sheets';
import { activeViewer, type Viewer } from './viewer';

export type SheetKey = 'units' | 'characters' | 'battles' | 'log' | 'undo' | 'settings';
/** Sheets a Book reads only when a call asks for them (Collect the season, an undo or put-back of one). */
export type LaterKey = 'realms' | 'treasury';

export interface Book {
  readonly units: SheetTable | null;
  readonly characters: SheetTable | null;
  readonly battles: SheetTable | null;
  readonly log: SheetTable | null;
  readonly undo: SheetTable | null;
  /** The Settings sheet's settings (each its default when the sheet, its row or its value is absent). */
  readonly settings: Settings;
  /** Who the call answers: the sealed plans their answer may carry (NOBODY's carries none). */
  readonly viewer?: Viewer;
  /**
   * Formulas in the Battles' Roll column: a Roll formula rerolls on every edit (apply refuses it). A write reads
   * its own rows' formulas (rowFormulas) to keep them.
   */
  readonly rollFormulas: Formulas;
  /** Realms and Treasury, each read once on its first sheetOf: no other write pays for them. */
  readonly later: Partial<Record<LaterKey, SheetTable | null>>;
}

/** The sidebar names units, so it needs the Unit column on top of what the formulas need. */
const UNITS_NEEDED = ['Unit', ...UNIT_REQUIRED_WITH_ARMY] as const;

/**
 * Reads the sheets asked for; a missing one that the call needs is a refusal naming Set up campaign. `undoing`: the
 * entry an undo takes back, found on the Log as read (its Undo rows are read with the Undo sheet's header).
 */
export function readBook(
  need: readonly SheetKey[],
  viewer?: Viewer,
  undoing?: (log: SheetTable) => Entry | undefined,
): Book {
  const ss = theSpreadsheet();
  const has = (n: SheetKey) => need.includes(n);
  const read = (key: SheetKey, what: string, example: string, required: readonly string[]) =>
    has(key) ? refusing(() => readSheetTable(ss, SHEET_NAMES[key], what, example, required)) : null;
  const units = read('units', 'Units', EXAMPLES.units, UNITS_NEEDED);
  const characters = read('characters', 'Characters', EXAMPLES.characters, CHARACTER_REQUIRED_WITH_ARMY);
  const battles = read('battles', 'Battles', EXAMPLES.battles, BATTLE_REQUIRED);
  // History is read from its end: its length never taxes a call.
  const log = has('log') ? refusing(() => readLog(ss)) : null;
  const undo = has('undo')
    ? refusing(() => readUndoEnd(ss, log && undoing ? undoing(log)?.undoRows : null))
    : null;
  let settings = defaultSettings();
  if (has('settings')) {
    settings = refusing(() => {
      const sheet = readSheetTable(ss, SHEET_NAMES.settings, 'Settings', EXAMPLES.settings, SETTING_HEADERS);
      return sheet ? readSettings(sheet.values.slice(sheet.headerIndex)) : defaultSettings();
    });
  }
  // The Roll column from the first row to the last (columnFormulas reads the span between the rows given).
  const rollFormulas =
    battles && battles.table.rows.length > 0
      ? columnFormulas(battles, 'Roll', [
          sheetRowOf(battles, 0),
          sheetRowOf(battles, battles.table.rows.length - 1),
        ])
      : new Map<string, string>();
  const book = { units, characters, battles, log, undo, settings, rollFormulas, later: {} };
  for (const key of need) {
    if (key !== 'characters' && key !== 'settings' && book[key] === null) {
      throw new Refusal('setup', missingSheet(SHEET_NAMES[key]));
    }
  }
  return { ...book, viewer: viewer ?? activeViewer() };
}

/** A sheet's table read: a header missing or doubled is a refusal naming the sheet, the header and the fix. */
function refusing<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof TableError) throw new Refusal('setup', e.message);
    throw e;
  }
}

const LATER = {
  realms: { what: 'Realms', example: EXAMPLES.realms, required: REALM_REQUIRED },
  treasury: { what: 'Treasury', example: EXAMPLES.treasury, required: TREASURY_REQUIRED },
} as const;

/** A sheet read on its first asking (Realms, Treasury): one getValues, kept in the Book for the call's other steps. */
function later(book: Book, key: LaterKey): SheetTable | null {
  if (!(key in book.later)) {
    const { what, example, required } = LATER[key];
    book.later[key] = refusing(() =>
      readSheetTable(theSpreadsheet(), SHEET_NAMES[key], what, example, required),
    );
  }
  return book.later[key] ?? null;
}

/** A table the call asked for (readBook refused already when it is missing); Realms and Treasury read now. */
export function sheetOf(book: Book, key: Exclude<SheetKey, 'settings'> | LaterKey): SheetTable {
  const t = key === 'realms' || key === 'treasury' ? later(book, key) : book[key];
  if (!t) throw new Refusal('setup', missingSheet(SHEET_NAMES[key]));
  return t;
}
