// Every write's Log row says who made it (SHEETS.md Log `By`): the Google account as Google gives it to the
// script, `unknown` where it gives none.
import { describe, expect, it } from 'vitest';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import {
  apply,
  FORD,
  FORD_ROLLS,
  load,
  newRound,
  ok,
  open,
  requestFor,
  setupOf,
  undo,
  values,
} from '../../support';

const byColumn = LOG_HEADERS.indexOf('By');
const bys = (lw: ReturnType<typeof open>) =>
  values(lw, 'Log')
    .slice(1)
    .map((row) => row[byColumn] ?? '');

describe('Log By', () => {
  it('records the account of each entry: apply, new round', () => {
    const lw = open();
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    lw.actAs('gm@example.com');
    ok(newRound(lw));
    expect(bys(lw)).toEqual(['owner@example.com', 'gm@example.com']);
  });

  it('writes unknown where Google gives no email', () => {
    const lw = open();
    lw.actAs('someone@example.com', { emailHidden: true });
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), FORD_ROLLS)));
    expect(bys(lw)).toEqual(['unknown']);
    ok(undo(lw, load(lw).entries[0]?.id ?? ''));
  });
});
