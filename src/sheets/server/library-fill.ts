// Warcard → Fill units from the Library: each Units row whose Type names a Library row gets that row's card in its
// blank card cells, as one journaled entry that Undo takes back. A cell someone typed is never overwritten: the
// answer names the typed cells that differ from the Library. Its rows are known by what it does not change (their
// key leaves out the card: row-identity.ts's fill key), so its checks and its undo find them after it wrote them.
import type { Response, Written } from '../../contract/api';
import type { Cell } from '../../contract/cells';
import { plainReport } from '../../contract/battle-report';
import { CARD_HEADERS } from '../../contract/columns';
import { Refusal } from '../../contract/errors';
import { commands, isGM, type Person, refusal, whoCan } from '../../contract/rights';
import { closestName, nameKey } from '../../rules';
import { EXAMPLES, SHEET_NAMES } from '../sheet-names';
import { cellAt, readSheetTable, type SheetTable, sheetRowOf } from '../sheet-table';
import { theSpreadsheet } from '../spreadsheet';
import { isBlankCell, isBlankRow, text } from '../table';
import { type Book, sheetOf } from './book';
import { campaignData } from './campaign-read';
import { DEED_WORDS } from './door';
import { rowFormulas, withFormula } from './formulas';
import { commitEntry } from './journal';
import { type CellChange, clipChanges, EVENT_FILL } from './journal-sheets';
import { unitFillKeyAt } from './row-identity';
import { answerNow, journaledCall, made, type WritePlan } from './write';

/** At most this many rows are named in an answer's lists (kept cells, typos, other realms); the rest are counted. */
const NAMED = 8;

/**
 * Warcard → Fill units from the Library, under this id (the menu makes one). The door lets anyone ask: a player's
 * fill takes only their own armies' rows (findFills), and the planned cells are held to their realms again.
 */
export const fillUnits = (id: string): Response<Written> =>
  journaledCall({
    deed: 'fill',
    request: () => made(id),
    write: (_, person) => ({
      what: 'Filling units from the Library',
      id: {
        value: id,
        same: (e) => e.event === EVENT_FILL,
        already: (e) => `These units were filled already (Log row ${e.row}).`,
      },
      tells: true,
      plan: (book) => fillPlan(book, id, person),
    }),
  });

/** The Library's rows by Type (its Unit where Type is blank): a Type on two rows is a refusal naming both. */
function libraryByType(library: SheetTable): Map<string, number> {
  const byType = new Map<string, number>();
  library.table.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const type = text(cellAt(library, i, 'Type')) || text(cellAt(library, i, 'Unit'));
    if (!type) return;
    const was = byType.get(nameKey(type));
    if (was !== undefined) {
      throw new Refusal(
        'setup',
        `Library rows ${sheetRowOf(library, was)} and ${sheetRowOf(library, i)} both give the Type "${type}": keep one of them, so that a unit of that Type has one card.`,
      );
    }
    byType.set(nameKey(type), i);
  });
  return byType;
}

function readLibrary(): SheetTable {
  const library = readSheetTable(theSpreadsheet(), SHEET_NAMES.library, 'Library', EXAMPLES.units, ['Type']);
  if (!library) {
    throw new Refusal(
      'setup',
      'There is no Library sheet to fill units from: Warcard → Set up campaign makes one with the rules’ unit types.',
    );
  }
  return library;
}

/** Whether a typed cell says what the Library's says (a number typed as text is that number; case ignored). */
const sameCard = (typed: Cell, library: Cell): boolean =>
  nameKey(text(typed)) === nameKey(text(library)) ||
  (text(typed).trim() !== '' && Number(text(typed)) === Number(text(library)));

/** What a fill found on the Units rows: the cells to fill, and what it leaves and why. */
interface Found {
  readonly changes: CellChange[];
  /** Typed cells that differ from the Library's card, named: "Scouts of Marcher Levies: Move 4 (Library 3)". */
  readonly kept: string[];
  /** Rows whose Type is a likely typo of a Library Type. */
  readonly typos: string[];
  /** Armies of the rows a player's fill leaves to their realms' players or a GM. */
  readonly others: string[];
}

/** The blank card cells of each row whose Type is a Library Type, each with the Library's value. */
function findFills(units: SheetTable, library: SheetTable, person: Person): Found {
  const byType = libraryByType(library);
  const types = library.table.rows.map(
    (_, i) => text(cellAt(library, i, 'Type')) || text(cellAt(library, i, 'Unit')),
  );
  const headers = CARD_HEADERS.filter((h) => units.table.has(h) && library.table.has(h));
  const found: Found = { changes: [], kept: [], typos: [], others: [] };
  units.table.rows.forEach((row, i) => {
    const type = text(cellAt(units, i, 'Type'));
    if (!type || isBlankRow(row)) return;
    const name = text(cellAt(units, i, 'Unit'));
    const army = text(cellAt(units, i, 'Army'));
    const who = `${name || '(no name)'}${army ? ` of ${army}` : ''} (Units row ${sheetRowOf(units, i)})`;
    const l = byType.get(nameKey(type));
    if (l === undefined) {
      const meant = closestName(type, types.filter(Boolean));
      if (meant) found.typos.push(`${who}: Type "${type}" is on no Library row: did you mean "${meant}"?`);
      return;
    }
    const rowChanges: CellChange[] = [];
    const kept: string[] = [];
    for (const header of headers) {
      const now = cellAt(units, i, header);
      const card = cellAt(library, l, header);
      if (isBlankCell(card)) continue;
      if (isBlankCell(now))
        rowChanges.push({ sheet: 'units', row: 0, header, name, army, before: now, after: card });
      else if (!sameCard(now, card)) kept.push(`${header} ${text(now)} (Library ${text(card)})`);
    }
    if (rowChanges.length === 0 && kept.length === 0) return;
    if (!isGM(person) && !commands(person, army)) {
      if (rowChanges.length > 0) found.others.push(army);
      return;
    }
    const key = unitFillKeyAt(units, i);
    const at = sheetRowOf(units, i);
    for (const c of rowChanges) found.changes.push({ ...c, row: at, key });
    if (kept.length > 0) found.kept.push(`${who}: ${kept.join(', ')}`);
  });
  return found;
}

/** A list of at most NAMED items, the rest counted. */
const listed = (items: readonly string[]): string =>
  items.length <= NAMED
    ? items.join('; ')
    : `${items.slice(0, NAMED).join('; ')}; and ${items.length - NAMED} more`;

/** What the answer adds to the fill: the typed cells kept, the likely typos, the rows left to others. */
function notes(found: Found, person: Person): string {
  const out: string[] = [];
  if (found.kept.length > 0)
    out.push(
      `Cells already typed were kept, not overwritten, where they differ from the Library: ${listed(found.kept)}. Clear a cell and fill again to take the Library's.`,
    );
  if (found.typos.length > 0) out.push(`Not filled: ${listed(found.typos)}`);
  const others = [...new Map(found.others.map((a) => [nameKey(a), a])).values()];
  if (others.length > 0)
    out.push(
      `Rows of ${others.map((a) => a || 'no army').join(', ')} were left: ${whoCan(person)} can fill them.`,
    );
  return out.length ? ` ${out.join(' ')}` : '';
}

/** The blank card cells of the Library's Types filled, as one entry. */
function fillPlan(book: Book, id: string, person: Person): WritePlan {
  const units = sheetOf(book, 'units');
  const found = findFills(units, readLibrary(), person);
  const { changes } = found;
  if (changes.length === 0 && found.others.length > 0) {
    const armies = [...new Set(found.others)];
    throw new Refusal('refused', refusal(person, DEED_WORDS.fill, armies, armies.includes('')));
  }
  if (changes.length === 0) {
    return answerNow({
      ok: true,
      unchanged: true,
      message: `No blank card cell of a unit whose Type is a Library Type: nothing to fill.${notes(found, person)}`,
      campaign: campaignData(book),
    });
  }
  const formulas = rowFormulas(units, [...new Set(changes.map((c) => c.row))]);
  for (const [n, c] of changes.entries()) changes[n] = { ...c, ...withFormula(formulas, c.row, c.header) };
  const rows = new Map<number, CellChange[]>();
  for (const c of changes) rows.set(c.row, [...(rows.get(c.row) ?? []), c]);
  const told = [...rows.values()].map(
    (cs) =>
      `${cs[0]?.name || '(no name)'} of ${cs[0]?.army || 'no army'}: ${cs.map((c) => `${c.header} ${text(c.after)}`).join(', ')}`,
  );
  const filled = `${changes.length} card cell${changes.length === 1 ? '' : 's'} of ${rows.size} unit${rows.size === 1 ? '' : 's'} filled from the Library`;
  const fields = {
    When: new Date(),
    Event: EVENT_FILL,
    Battle: '',
    Result: filled,
    Changes: clipChanges([...rows.values()].map((cs) => cs[0]?.name || '(no name)').join(', ')),
    // Told as a report of blocks, as a new round's is: the sidebar and the Log read it back the same way.
    Report: plainReport([
      { kind: 'title', text: 'Fill from the Library' },
      { kind: 'heading', text: `Card cells filled: ${changes.length}, on ${rows.size} units` },
      ...told.map((text) => ({ kind: 'item', text }) as const),
    ]),
  };
  return {
    ok: true,
    changes,
    commit: (ends) => commitEntry(book, id, fields, changes, ends),
    done: (logRow) => `${filled} (Log row ${logRow}).${notes(found, person)}`,
  };
}
