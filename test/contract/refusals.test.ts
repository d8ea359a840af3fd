// Refusals built in one place (src/contract/refusals.ts): each kind's words from its typed data, word for word what
// users saw before, and the stock phrases of a refusal written nowhere else in src.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  badRequest,
  couldNotDo,
  couldNotRead,
  locked,
  missingColumns,
  missingSheet,
  NO_STATUS_COLUMN,
  noSealedColumn,
  notYours,
  nothingChanged,
  nothingChangedAfter,
  nothingWritten,
  nothingWrittenAfter,
  putBackWhole,
  stale,
} from '../../src/contract/refusals';

const SRC = resolve(__dirname, '../../src');
const HOME = 'contract/refusals.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.ts$/.test(e.name) ? [path] : [];
  });
}

/** A module's code without its comments: a comment may name a phrase, a string may not. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The phrases every refusal of their kind says: each written in refusals.ts alone. */
const STOCK = [
  /nothing was written/i,
  /nothing was changed/i,
  /could not get the document lock/i,
  /another user is changing the campaign right now \(/i,
  /Warcard could not do that/,
  /since the sidebar loaded \(another user/,
  /has no Sealed column/,
  /has no Status column/,
  /You may not \$\{/,
  /Set up campaign first/,
];

describe('refusals', () => {
  it('are worded in src/contract/refusals.ts alone', () => {
    const found = files(SRC).flatMap((file) => {
      const name = relative(SRC, file);
      if (name === HOME) return [];
      const text = code(readFileSync(file, 'utf8'));
      return STOCK.filter((p) => p.test(text)).map((p) => `${name}: ${p}`);
    });
    expect(found).toEqual([]);
    const home = readFileSync(join(SRC, HOME), 'utf8');
    for (const p of STOCK) expect(home).toMatch(p);
  });

  it('say that nothing was written, and what follows in the same sentence', () => {
    expect(nothingWritten('Battle "Ford" is rolled already: a plan is sealed before the roll.')).toBe(
      'Battle "Ford" is rolled already: a plan is sealed before the roll. Nothing was written.',
    );
    expect(nothingWritten('A revealed plan binds.', ': put Hold back in the cell.')).toBe(
      'A revealed plan binds. Nothing was written: put Hold back in the cell.',
    );
    expect(
      nothingWritten('It cannot be put back.', ', and Log row 9 stays marked Pending. Put it back.'),
    ).toBe('It cannot be put back. Nothing was written, and Log row 9 stays marked Pending. Put it back.');
    expect(
      nothingWrittenAfter('The Settings say Dice: Sidebar, so the sidebar rolls', 'A GM sets Dice.'),
    ).toBe('The Settings say Dice: Sidebar, so the sidebar rolls: nothing was written. A GM sets Dice.');
    expect(nothingWrittenAfter('Another change')).toBe('Another change: nothing was written.');
  });

  it('say that nothing was changed, or that a failed write was put back whole', () => {
    expect(nothingChanged('That Log entry is no longer on the Log sheet.')).toBe(
      'That Log entry is no longer on the Log sheet. Nothing was changed.',
    );
    expect(nothingChangedAfter('Log row 9 was undone already')).toBe(
      'Log row 9 was undone already: nothing was changed.',
    );
    expect(putBackWhole('Saving failed while writing the Log (boom).')).toBe(
      'Saving failed while writing the Log (boom). Nothing was changed: the campaign is exactly as it was.',
    );
    expect(putBackWhole('Saving failed.', ' Set up makes checks warn.')).toBe(
      'Saving failed. Nothing was changed: the campaign is exactly as it was. Set up makes checks warn.',
    );
  });

  it('build each kind from its data, word for word as users saw them', () => {
    expect(badRequest("the request's id", 'is missing')).toBe(
      "Refused: the request's id is missing. Nothing was written.",
    );
    expect(stale('Army "Anuire" changed')).toBe(
      'Army "Anuire" changed since the sidebar loaded (another user, or an edit on the sheet). Nothing was written.',
    );
    expect(couldNotDo('boom')).toBe('Warcard could not do that: boom. Nothing was written.');
    expect(couldNotRead('Players', 'boom')).toBe(
      'Warcard could not read the Players sheet (boom). Nothing was written.',
    );
    const busy =
      'Another user is changing the campaign right now (a battle, an undo or a new round). Nothing was written.';
    expect(locked('busy')).toBe(busy);
    expect(locked('no lock')).toBe(`Warcard could not get the document lock. ${busy}`);
    expect(locked({ error: 'boom' })).toBe(
      'Warcard could not get the document lock (boom). Nothing was written.',
    );
    expect(notYours('collect the season', "it is a GM's, and you are a player", 'Ask a GM to do it.')).toBe(
      "You may not collect the season: it is a GM's, and you are a player. Nothing was written. Ask a GM to do it.",
    );
    expect(missingColumns('Treasury', ['Note'])).toBe(
      'The Treasury sheet has no Note column: Warcard → Set up campaign adds it. Nothing was written.',
    );
    expect(missingColumns('Treasury', ['Note', 'By'])).toBe(
      'The Treasury sheet has no Note, By columns: Warcard → Set up campaign adds them. Nothing was written.',
    );
    expect(missingSheet('Log')).toBe(
      'This spreadsheet has no Log sheet: run Warcard → Set up campaign first (it adds the missing sheets and keeps yours).',
    );
    expect(noSealedColumn()).toBe(
      'The Battles sheet has no Sealed column (Warcard → Set up campaign adds it). Nothing was written.',
    );
    expect(NO_STATUS_COLUMN).toBe(
      'The Units sheet has no Status column: add one (Warcard → Set up campaign adds it).',
    );
  });
});
