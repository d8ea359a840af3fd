// New round: every Routed unit is Ready again (RULES 6.7), as one journaled entry that Undo can take back.
import type { Response, Written } from '../../contract/api';
import { parseNewRoundRequest } from '../../contract/request-parsers';
import { newRoundReport, plainReport } from '../../contract/battle-report';
import { UNIT_STATUSES } from '../../rules';
import { headerKey, isBlankCell, text } from '../table';
import type { Cell } from '../../contract/cells';
import { cellAt, sheetRowOf } from '../sheet-table';
import { type Book, readBook, sheetOf } from './book';
import { type Parsed, Refusal } from '../../contract/errors';
import { campaignData } from './campaign-read';
import { unitKeyAt } from './row-identity';
import { columnFormulas, withFormula } from './formulas';
import { commitEntry } from './journal';
import { answerNow, journaledCall, made, type WritePlan } from './write';
import { type Touched, touchedOf } from './door';
import { type CellChange, clipChanges, EVENT_NEW_ROUND } from './journal-sheets';
import { NO_STATUS_COLUMN } from '../../contract/refusals';

/** A Status cell as the rules read it ("" is Ready); the raw text when it is no status. */
export function statusOf(cell: Cell): string {
  if (isBlankCell(cell)) return 'Ready';
  const key = headerKey(cell);
  return UNIT_STATUSES.find((s) => headerKey(s) === key) ?? text(cell);
}

/** Sidebar → New round. The request is parsed before anything is read. */
export const sidebarNewRound = (raw: unknown): Response<Written> =>
  newRoundCall(() => {
    const parsed = parseNewRoundRequest(raw);
    return parsed.ok ? made(parsed.value.id) : parsed;
  });

/**
 * A new round under the id given (the sidebar's, or one the menu makes). Its door: a player may start it only when
 * every routed unit is of their armies, which the door reads for a player only (the Units sheet).
 */
export const newRoundCall = (id: () => Parsed<string>): Response<Written> =>
  journaledCall({
    deed: 'new round',
    request: id,
    door: () => ({ touches: routedArmies }),
    write: (value) => ({
      what: 'The new round',
      id: {
        value,
        same: (e) => e.event === EVENT_NEW_ROUND,
        already: (e) => `This new round was run already (Log row ${e.row}).`,
      },
      tells: true,
      plan: (book) => newRoundPlan(book, value),
    }),
  });

/** The armies of the Units' routed units, which a new round makes Ready. */
function routedArmies(): Touched | null {
  const units = sheetOf(readBook(['units']), 'units');
  if (!units.table.has('Status')) return null;
  const armies = units.table.rows.flatMap((_, i) =>
    statusOf(cellAt(units, i, 'Status')) === 'Routed' ? [text(cellAt(units, i, 'Army'))] : [],
  );
  return touchedOf(armies);
}

/** Every Routed unit made Ready, as one entry. */
function newRoundPlan(book: Book, id: string): WritePlan {
  const units = sheetOf(book, 'units');
  if (!units.table.has('Status')) {
    throw new Refusal('setup', NO_STATUS_COLUMN);
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
  if (changes.length === 0) {
    return answerNow({
      ok: true,
      message: 'No unit is Routed: nothing to do.',
      campaign: campaignData(book),
    });
  }
  const ready = changes.length === 1 ? '1 routed unit is' : `${changes.length} routed units are`;
  const fields = {
    When: new Date(),
    Event: EVENT_NEW_ROUND,
    Battle: '',
    Result: `${ready} Ready again`,
    Changes: clipChanges(changes.map((c) => c.name || '(no name)').join(', ')),
    Report: plainReport(newRoundReport(changes.map((c) => ({ name: c.name, army: c.army })))),
  };
  return {
    ok: true,
    changes,
    commit: (ends) => commitEntry(book, id, fields, changes, ends),
    done: (logRow) => `New round: ${ready} Ready again (Log row ${logRow}).`,
  };
}
