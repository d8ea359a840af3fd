// New round: every Routed unit is Ready again (RULES 6.7), as one journaled entry that Undo can take back.
import type { Response, Written } from '../../contract/api';
import { parseNewRoundRequest } from '../../contract/requests';
import { newRoundReport, plainReport } from '../../contract/report';
import { UNIT_STATUSES } from '../../rules';
import { type Cell, headerKey, isBlankCell, text } from '../table';
import { cellAt, sheetRowOf } from '../sheet-table';
import { fail, Refusal, readBook, serve, sheetOf, withLock } from './book';
import { campaignData } from './campaign';
import { unitKeyAt } from './unit-identity';
import { columnFormulas, withFormula } from './formulas';
import { commitEntry, failureMessage, hasUnfinished, recover } from './journal';
import { type CellChange, EVENT_NEW_ROUND, entries, reportNote, reusedId } from './journal-sheets';

/** A Status cell as the rules read it ("" is Ready); the raw text when it is no status. */
export function statusOf(cell: Cell): string {
  if (isBlankCell(cell)) return 'Ready';
  const key = headerKey(cell);
  return UNIT_STATUSES.find((s) => headerKey(s) === key) ?? text(cell);
}

/** Sidebar → New round. The request is parsed before anything is read. */
export function sidebarNewRound(raw: unknown): Response<Written> {
  return serve(() => {
    const parsed = parseNewRoundRequest(raw);
    if (!parsed.ok) return fail('invalid', parsed.message);
    return withLock(() => serve(() => newRoundLocked(parsed.value.id)));
  });
}

export function newRoundLocked(id: string): Response<Written> {
  const book = readBook(['units', 'characters', 'settings', 'battles', 'log', 'undo']);
  const done = entries(sheetOf(book, 'log')).find((e) => e.id === id);
  if (done && done.event !== EVENT_NEW_ROUND) throw new Refusal('invalid', reusedId(done));
  if (done?.state === 'Done' || done?.state === 'Undone') {
    return {
      ok: true,
      message: `This new round was run already (Log row ${done.row}).`,
      campaign: campaignData(book),
    };
  }
  const recovered = hasUnfinished(book) ? recover(book) : [];
  const units = sheetOf(book, 'units');
  if (!units.table.has('Status')) {
    throw new Refusal(
      'setup',
      'The Units sheet has no Status column: add one (Warcard → Set up campaign adds it).',
    );
  }
  const changes: CellChange[] = [];
  units.table.rows.forEach((_, i) => {
    const before = cellAt(units, i, 'Status');
    if (statusOf(before) !== 'Routed') return;
    changes.push({
      sheet: 'units',
      row: sheetRowOf(units, i),
      header: 'Status',
      name: text(cellAt(units, i, 'Unit')),
      army: text(cellAt(units, i, 'Army')),
      before,
      after: 'Ready',
      key: unitKeyAt(units, i),
    });
  });
  const formulas = columnFormulas(
    units,
    'Status',
    changes.map((c) => c.row),
  );
  for (const [n, c] of changes.entries()) changes[n] = { ...c, ...withFormula(formulas, c.row, c.header) };
  const prefix = recovered.length ? `${recovered.join(' ')} ` : '';
  if (changes.length === 0) {
    return { ok: true, message: `${prefix}No unit is Routed: nothing to do.`, campaign: campaignData(book) };
  }
  const names = changes.map((c) => c.name || '(no name)').join(', ');
  const outcome = commitEntry(
    book,
    id,
    {
      When: new Date(),
      Event: EVENT_NEW_ROUND,
      Battle: '',
      Result: `${changes.length} routed units are Ready again`,
      Changes: names.length > 20_000 ? `${names.slice(0, 20_000)}…` : names,
      Report: plainReport(newRoundReport(changes.map((c) => ({ name: c.name, army: c.army })))),
    },
    changes,
  );
  if (!outcome.ok)
    return fail(
      outcome.code,
      failureMessage('The new round', outcome),
      outcome.restored ? campaignData(book) : null,
    );
  return {
    ok: true,
    message: `${prefix}New round: ${changes.length === 1 ? '1 routed unit is' : `${changes.length} routed units are`} Ready again (Log row ${outcome.logRow}).${reportNote(sheetOf(book, 'log'))}`,
    campaign: campaignData(book),
  };
}
