// The Log's Report column on the emulation: apply and new round write it in their Log row, undo leaves it, set-up
// adds it to an older Log, and the load sends the reports of the entries it lists (bounded).
import { describe, expect, it } from 'vitest';
import { columnLetters, type LoadedWorkbook, loadWorkbook } from '../../../dev/gas';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import { REPORTS_SENT } from '../../../src/sheets/server/campaign-read';
import { defined } from '../../../src/rules';
import { SAMPLE, SAMPLE_REPORT, SAMPLE_ROLLS } from '../../contract/report-sample';
import { apply, load, newestEntry, newRound, ok, requestFor, setupOf, undo, values } from '../../support';

/** The sample campaign as set-up makes it. */
function sample(): LoadedWorkbook {
  const lw = loadWorkbook();
  lw.run('setUpSampleCampaign');
  lw.workbook.recalculate();
  return lw;
}

/** A Log cell of the entry on sheet row `row`, by its header. */
function logCell(lw: LoadedWorkbook, row: number, header: string): unknown {
  const log = values(lw, 'Log');
  const column = (log[0] ?? []).indexOf(header);
  expect(column).toBeGreaterThanOrEqual(0);
  return log[row - 1]?.[column];
}

describe('the Report column', () => {
  it('holds the sample battle told in words, with the numbers BATTLES shows for the same sides and rolls', () => {
    const lw = sample();
    // What BATTLES shows with the deciding pair typed in the Roll cells.
    const head = values(lw, 'Battles')[0] ?? [];
    const roll = columnLetters(head.indexOf('Roll') + 1);
    lw.workbook.put('Battles', `${roll}2:${roll}3`, [[30], [80]]);
    lw.workbook.recalculate();
    const shown = values(lw, 'Battles');
    const at = (row: number, header: string) => shown[row]?.[head.indexOf(header)];
    const figures = [1, 2].map((r) =>
      [
        'Base',
        'Percent',
        'Points',
        'Battle Value',
        'Total',
        'Casualty Rate',
        'Casualties',
        'Routed',
        'Destroyed',
      ].map((h) => at(r, h)),
    );
    expect(figures).toEqual([
      [139, 0.15, 20, 180, 210, 0.4, 29, 14, 15],
      [149, 0.15, 0, 171, 251, 0.5, 40, 20, 20],
    ]);
    expect([at(1, 'Outcome'), at(2, 'Outcome')]).toEqual(['Lost', 'Won']);
    lw.workbook.put('Battles', `${roll}2:${roll}3`, [[''], ['']]);

    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, SAMPLE), SAMPLE_ROLLS)));
    const report = String(logCell(lw, 2, 'Report'));
    expect(report).toBe(SAMPLE_REPORT);
    // The same figures, read from the report's words.
    const side = (label: string, rest: string) => {
      const base = new RegExp(
        `Side .: ${label},[^]*?Base value (\\d+)[^]*?Battle value (\\d+) \\(percent \\+(\\d+)%, points \\+?(\\d+)\\)`,
      ).exec(rest);
      const total = new RegExp(`${label} \\d+ \\+ \\d+ = (\\d+)(?!: tie)(?:;|$)`, 'm').exec(
        rest.slice(rest.indexOf('Roll 2')),
      );
      const cas = new RegExp(
        `  Casualties of ${label}: (\\d+)% .* = (\\d+) pts, (\\d+) destroyed and (\\d+) routed`,
      ).exec(rest);
      const [b, v, p, q] = defined(base ?? undefined, `${label}'s values`)
        .slice(1)
        .map(Number);
      const [r, pts, d, ro] = defined(cas ?? undefined, `${label}'s casualties`)
        .slice(1)
        .map(Number);
      return [
        b,
        (p ?? 0) / 100,
        q,
        v,
        Number(defined(total ?? undefined, `${label}'s total`)[1]),
        (r ?? 0) / 100,
        pts,
        ro,
        d,
      ];
    };
    expect([side('Elinvaire', report), side('Ghorvant', report)]).toEqual(figures);
  });

  it('is written in the Log row’s one write: no call more than an entry without it', () => {
    const lw = sample();
    const data = load(lw);
    lw.calls.reset();
    ok(apply(lw, requestFor(data, setupOf(data, SAMPLE), SAMPLE_ROLLS)));
    expect(lw.calls.bySheet.Log?.setValues).toBe(2); // the Pending row (Report in it), then Done
  });

  it('stays as history when the entry is undone, and a new round tells the units returned to Ready', () => {
    const lw = sample();
    let data = load(lw);
    data = ok(apply(lw, requestFor(data, setupOf(data, SAMPLE), SAMPLE_ROLLS))).campaign;
    data = ok(undo(lw, newestEntry(data).id)).campaign;
    expect([logCell(lw, 2, 'State'), logCell(lw, 2, 'Report')]).toEqual(['Undone', SAMPLE_REPORT]);
    expect(logCell(lw, 3, 'Event')).toBe('Undo'); // the undo's mark
    ok(newRound(lw));
    expect(logCell(lw, 4, 'Report')).toBe(`New round

Units returned to Ready: 3
  - Border Cavalry (Elinvaire Host)
  - Shadow Riders (Ghorvant Legion)
  - Ghorvant Archers (Ghorvant Legion)`);
  });

  it('is sent with the entries the sidebar lists: the newest always, older ones while they fit', () => {
    const lw = sample();
    const data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, SAMPLE), SAMPLE_ROLLS))).campaign;
    expect(applied.entries.map((e) => e.report)).toEqual([SAMPLE_REPORT]);
    // Ten long reports typed on the Log: what a load sends stays bounded.
    const long = 'x'.repeat(40_000);
    const rows = Array.from({ length: 10 }, (_, i) =>
      LOG_HEADERS.map((h) =>
        h === 'Entry'
          ? `e-${i}`
          : h === 'Event'
            ? 'New round'
            : h === 'State'
              ? 'Done'
              : h === 'Report'
                ? long
                : '',
      ),
    );
    lw.workbook.put('Log', 'A3', rows);
    const sent = load(lw).entries.map((e) => e.report?.length ?? null);
    expect(sent).toEqual([40_000, 40_000, null, null, null, null, null, null, null, null]);
    expect(sent.reduce<number>((t, n) => t + (n ?? 0), 0)).toBeLessThanOrEqual(REPORTS_SENT);
  });

  it('is added by set-up to a Log made before it, its rows untouched, and apply then fills it', () => {
    const lw = loadWorkbook();
    const older = LOG_HEADERS.filter((h) => h !== 'Report');
    const entry = older.map((h) =>
      h === 'Entry'
        ? 'e-old'
        : h === 'Event'
          ? 'New round'
          : h === 'State'
            ? 'Undone'
            : h === 'Result'
              ? '3 routed units are Ready again'
              : '',
    );
    lw.workbook.put('Log', 'A1', [older, entry]);
    const before = values(lw, 'Log');
    lw.run('setUpSampleCampaign');
    const after = values(lw, 'Log');
    expect(after[0]).toEqual([...older, 'Report']);
    expect(after[1]).toEqual(before[1]);
    lw.workbook.recalculate();
    const data = load(lw);
    ok(apply(lw, requestFor(data, setupOf(data, SAMPLE), SAMPLE_ROLLS)));
    expect(logCell(lw, 3, 'Report')).toBe(SAMPLE_REPORT);
    expect(values(lw, 'Log')[1]).toEqual(before[1]);
  });

  it('is missed aloud on a Log from before it: the battle applies and the answer says how to add the column', () => {
    const lw = loadWorkbook();
    lw.run('setUpSampleCampaign');
    lw.workbook.put('Log', `${columnLetters(LOG_HEADERS.indexOf('Report') + 1)}1`, [['']]);
    lw.workbook.recalculate();
    const data = load(lw);
    const answer = ok(apply(lw, requestFor(data, setupOf(data, SAMPLE), SAMPLE_ROLLS)));
    expect(answer.message).toMatch(
      / The Log has no Report column, so this entry is not told there: Warcard → Set up campaign adds it\.$/,
    );
  });
});
