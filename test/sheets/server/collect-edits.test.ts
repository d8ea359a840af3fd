// Collect the season while a person edits the Treasury, the Log or the Units: at every moment (before the first
// call, just after each write call, after the last) the campaign ends as if the edit and the collection ran one
// after the other, or the collection is refused with everything as the person left it (test/support editsSweep).
import { editsOf, type LoadedWorkbook } from '../../../dev/gas';
import {
  collect,
  type EditedWrite,
  editsSweep,
  LOG_EDITS,
  type PersonEdit,
  ranEveryCase,
  treasuryCampaign,
  treasuryState,
} from '../../support';
import { cellOf } from '../../support/columns';

const WRITES: readonly EditedWrite[] = [
  {
    name: 'collect the season',
    prepare: () => {
      const lw = treasuryCampaign();
      return { lw, run: () => collect(lw, 'edits-collect') };
    },
  },
];

/** The first cell of the clean run's last Treasury write call. */
interface LastTreasury {
  readonly a1: string;
}

const EDITS: readonly PersonEdit<LastTreasury>[] = [
  {
    name: 'a Treasury row inserted at the top',
    make: (lw) => editsOf(lw.workbook).insertRow('Treasury', 2, ['Spring 1522', 'Ghoere', 5]),
  },
  { name: 'the Treasury’s first row deleted', make: (lw) => editsOf(lw.workbook).deleteRow('Treasury', 2) },
  {
    name: 'a Treasury row typed below the last',
    make: (lw) => editsOf(lw.workbook).type('Treasury', 'A3', 'Spring 1522'),
  },
  {
    name: 'a cell of the last Treasury write typed',
    make: (lw, { a1 }) => editsOf(lw.workbook).type('Treasury', a1, 'typed by a player'),
  },
  {
    name: 'a unit routed',
    make: (lw) => editsOf(lw.workbook).type('Units', cellOf('Units', 'Status', 2), 'Routed'),
  },
];

/** Everything a collection reads or writes, the Log's When as one word. */
const seen = (lw: LoadedWorkbook): string =>
  JSON.stringify(treasuryState(lw)).replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"DATE"');

const counts = { cases: 0, written: 0, refused: 0 };

editsSweep(WRITES, [...EDITS, ...LOG_EDITS], {
  seen,
  counts,
  context: (lw, run) => {
    run();
    const mine = lw.calls.log.filter((c) => c.sheet === 'Treasury');
    const k = mine.map((c) => c.kind).lastIndexOf('write');
    const range = mine
      .slice(0, Math.max(0, k))
      .reverse()
      .find((c) => c.a1 !== undefined);
    return { a1: range?.a1?.split(/[:,]/)[0] ?? 'A9' };
  },
});

ranEveryCase('the edits of a collection', 'collect edits', counts, 7 * 5, { refuses: false });
