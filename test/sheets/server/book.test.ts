// The sheets a call reads (server/book.ts), in this process on the emulation: each asked sheet read with one
// getValues, the Log and Undo from their end, Characters and Settings optional, the Settings' house rules and Dice,
// the Battles' Roll formulas; a missing sheet or a doubled header refused as set-up's to fix, naming it.
import { describe, expect, it } from 'vitest';
import { type Book, readBook, sheetOf } from '../../../src/sheets/server/book';
import { missingSheet } from '../../../src/contract/refusals';
import { inProcess, open } from '../../support';
import { cellOf, columnAfterTable, columnOf } from '../../support/columns';

/** What readBook threw: its name (a Refusal is what a call answers with its code), code and message. */
function refusal(read: () => unknown): { name: string; code?: string; message: string } {
  try {
    read();
  } catch (e) {
    return { name: (e as Error).name, code: (e as { code?: string }).code, message: (e as Error).message };
  }
  throw new Error('nothing was refused');
}

describe('readBook', () => {
  it('reads each sheet asked for once, and no other', () => {
    const lw = open();
    const book = inProcess(lw, () => readBook(['units', 'battles']));
    const reads = lw.calls.log.filter((c) => c.method === 'getValues' || c.method === 'getSheetValues');
    expect(reads.map((c) => `${c.method} ${c.sheet}`)).toEqual([
      'getSheetValues Units',
      'getSheetValues Battles',
    ]);
    expect(book.units?.table.rows).toHaveLength(10);
    expect(book.battles?.table.rows).toHaveLength(4);
    expect([book.characters, book.log, book.undo]).toEqual([null, null, null]);
    expect(book.settings.dice).toBe('Sidebar');
    expect(book.rollFormulas.size).toBe(0);
  });

  it('takes the Settings’ Dice and the Roll column’s formulas', () => {
    const lw = open();
    lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
    lw.workbook.put('Battles', cellOf('Battles', 'Roll', 3), [['=RANDBETWEEN(1,100)']]);
    const book = inProcess(lw, () => readBook(['units', 'battles', 'settings']));
    expect(book.settings.dice).toBe('Logged');
    expect([...book.rollFormulas]).toEqual([['3:Roll', '=RANDBETWEEN(1,100)']]);
  });

  it('does without Characters and Settings, and refuses any other sheet missing, naming Set up campaign', () => {
    const lw = open();
    const ss = lw.services.SpreadsheetApp.getActiveSpreadsheet();
    for (const name of ['Characters', 'Settings', 'Log']) {
      const sheet = ss.getSheetByName(name);
      if (sheet) ss.deleteSheet(sheet);
    }
    const book = inProcess(lw, () => readBook(['units', 'characters', 'settings']));
    expect(book.characters).toBeNull();
    expect(book.settings.dice).toBe('Sidebar');
    expect(refusal(() => inProcess(lw, () => readBook(['units', 'log'])))).toEqual({
      name: 'Refusal',
      code: 'setup',
      message: missingSheet('Log'),
    });
    expect(missingSheet('Log')).toMatch(/no Log sheet: run Warcard → Set up campaign first/);
  });

  it('refuses a doubled header as set-up’s to fix, naming the columns', () => {
    const lw = open();
    const doubled = columnAfterTable('Units', 2); // past the table
    lw.workbook.put('Units', `${doubled}1`, [['Army']]);
    expect(refusal(() => inProcess(lw, () => readBook(['units'])))).toMatchObject({
      name: 'Refusal',
      code: 'setup',
      message: expect.stringContaining(
        `columns ${columnOf('Units', 'Army')} and ${doubled} are both headed "Army"`,
      ),
    });
  });
});

describe('sheetOf', () => {
  it('gives a sheet read, and refuses one the call did not read', () => {
    const lw = open();
    const book: Book = inProcess(lw, () => readBook(['units']));
    expect(sheetOf(book, 'units')).toBe(book.units);
    expect(refusal(() => sheetOf(book, 'undo'))).toEqual({
      name: 'Refusal',
      code: 'setup',
      message: missingSheet('Undo'),
    });
  });
});
