// The Log and Undo read from their end (server/history.ts): back far enough to hold every entry a write can touch,
// an entry's changes from the Undo rows its Log row names, and a refusal when those rows are gone.
import { describe, expect, it } from 'vitest';
import { call, failed, load, ok, open, undo, values, withHistory } from '../../support';
import type { Written } from '../../../src/contract/api';

describe('reading the Log from its end', () => {
  it('reads back past a run of undone entries to the newest entry not undone, and undoes it', () => {
    // 80 battles, the last 70 undone: the newest Done entry is older than the first rows read.
    const lw = open(
      0,
      withHistory(80, 100, (i) => (i >= 10 ? 'Undone' : 'Done')),
    );
    const data = load(lw);
    expect(data.entries.map((e) => e.id)).toEqual([
      'past-9',
      'past-8',
      'past-7',
      'past-6',
      'past-5',
      'past-4',
      'past-3',
      'past-2',
      'past-1',
      'past-0',
    ]);
    const answer = ok(undo(lw, 'past-9'));
    expect(answer.message).toBe('Undid battle "Old battle 9" (Log row 11): 0 units put back.');
    // Its two Battles rows (24 and 25) lost their rolls and Fought cells; its Log row says Undone.
    const battles = values(lw, 'Battles');
    const header = battles[0] ?? [];
    const rollAt = header.indexOf('Roll');
    expect([battles[23]?.[rollAt] ?? '', battles[24]?.[rollAt] ?? '']).toEqual(['', '']);
    expect(values(lw, 'Log')[10]?.at(-2)).toBe('Undone');
  });

  it('refuses an undo whose Undo rows were deleted by hand, naming them, and changes nothing', () => {
    const lw = open(0, withHistory(3));
    const before = values(lw, 'Battles');
    // Old battle 2's ten Undo rows are 22-31: an editor clears five of them.
    lw.workbook.put(
      'Undo',
      'A27',
      Array.from({ length: 5 }, () => Array.from({ length: 8 }, () => '')),
    );
    const answer = failed(call<Written>(lw, 'sidebarUndo', { entry: 'past-2' }));
    expect(answer.code).toBe('unsafe');
    expect(answer.message).toBe(
      'Undoing battle "Old battle 2" (Log row 4) needs the record of every cell it changed, and 5 of its rows on the Undo sheet (Undo rows 22-31) were deleted or changed by hand. Nothing was changed. Put the Undo rows back (Edit → Undo in Sheets, or version history), or put the units back by hand.',
    );
    expect(values(lw, 'Battles')).toEqual(before);
    expect(values(lw, 'Log')[3]?.at(-2)).toBe('Done');
  });

  it('refuses to undo an entry older than the newest, even one older than the rows read', () => {
    const lw = open(0, withHistory(100));
    const answer = failed(call<Written>(lw, 'sidebarUndo', { entry: 'past-1' }));
    expect(answer.code).toBe('stale');
    expect(answer.message).toBe(
      'Undo takes back the newest entry first, and that is now Log row 101. Nothing was changed.',
    );
  });
});
