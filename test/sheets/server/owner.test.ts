// The file's owner is always a GM (SHEETS.md Players): Google lets the owner edit every protected range, so a
// copied campaign, whose Players sheet names the template's GM, works at once for the copy's new owner, listed or
// not, or listed as a Player. Someone else the Players sheet does not list still may not write.
import { describe, expect, it } from 'vitest';
import type { LoadedWorkbook } from '../../../dev/gas';
import { apply, FORD_ROLLS, failed, load, ok, open, requestFor, setupOf } from '../../support';

const TEMPLATE_GM = 'maker@example.com';
const COPIER = 'copier@example.com';

/** A copy of a campaign: Players names the template's GM (and maybe the copier), the copier owns the file. */
function copied(copierRow: string[] | null): LoadedWorkbook {
  const lw = open();
  lw.workbook.put('Players', 'A1', [
    ['Player', 'Role', 'Armies'],
    [TEMPLATE_GM, 'GM', ''],
    ...(copierRow ? [copierRow] : []),
  ]);
  lw.workbook.people.owner = COPIER;
  lw.actAs(COPIER);
  return lw;
}

const applyFord = (lw: LoadedWorkbook) => {
  const data = load(lw);
  return apply(lw, requestFor(data, setupOf(data, 'Ford of Avanil'), FORD_ROLLS));
};

describe("a copy's new owner", () => {
  it('writes as a GM though the Players sheet does not list them', () => {
    const lw = copied(null);
    expect(lw.run<{ you?: unknown }>('sidebarLoad').you).toMatchObject({ email: COPIER, role: 'GM' });
    ok(applyFord(lw));
  });

  it('writes as a GM though the Players sheet lists them as a Player of no army', () => {
    ok(applyFord(copied([COPIER, 'Player', ''])));
  });

  it('is the only one: an unlisted editor of the copy still may not write, and is told who can', () => {
    const lw = copied(null);
    lw.actAs('friend@example.com');
    const answer = failed(applyFord(lw));
    expect(answer.code).toBe('refused');
    expect(answer.message).toContain(`${TEMPLATE_GM}, ${COPIER}`);
  });
});
