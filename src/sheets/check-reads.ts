// Check this spreadsheet's "A sheet is read in one call": every sidebar call reads a whole sheet with
// getSheetValues(1, 1, -1, -1), which Google documents as up to "the very last row or column that has data", where
// Warcard used to ask getDataRange and then its values. Tried on the scratch sheet: empty first (Google does not say
// what it gives for a sheet with no data; the emulation refuses, and Warcard then asks the last row), then filled,
// where it must give exactly what getDataRange's values give.
import { messageOf } from '../contract/cells';
import { attempt, type CheckResult, result } from './check-result';
import type { SheetApi } from './gas';

const CHECK = 'A sheet is read in one call';

/** What getSheetValues(1, 1, -1, -1) does on a sheet with no data: its values, or Google's refusal, in words. */
export function emptySheetRead(empty: SheetApi): string {
  try {
    return `on an empty sheet it gives ${JSON.stringify(empty.getSheetValues(1, 1, -1, -1))}`;
  } catch (e) {
    return `on an empty sheet Google refuses it ("${messageOf(e)}"), and Warcard reads that sheet as empty`;
  }
}

/** getSheetValues(1, 1, -1, -1) against getDataRange().getValues() on the scratch sheet, filled by the checks before. */
export function wholeSheetRead(scratch: SheetApi, empty: string): CheckResult {
  return attempt(CHECK, () => {
    scratch.getRange(3, 2).setValues([['last']]);
    const one = JSON.stringify(scratch.getSheetValues(1, 1, -1, -1));
    const two = JSON.stringify(scratch.getDataRange().getValues());
    if (one === two)
      return result(
        CHECK,
        'expected',
        `getSheetValues(1, 1, -1, -1) gives what getDataRange's values give; ${empty}.`,
        'Nothing to do.',
      );
    return result(
      CHECK,
      'different',
      `getSheetValues(1, 1, -1, -1) gives ${one}, getDataRange's values ${two}; ${empty}.`,
      'Warcard would read a different table than the sheet holds. Apply no battle, and send this report.',
    );
  });
}
