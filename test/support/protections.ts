// Protections as comparable lines, for Protect realms' tests: a build's tag and digest differ from build to build,
// so a description is compared without them.
import type { LoadedWorkbook } from '../../dev/gas';

/** A description with its build's tag and digest left out. */
export const untagged = (description: string) =>
  description
    .replace(/ \[[0-9a-f]{8} #(\d+)\]$/, ' [#$1]')
    .replace(/ \[[0-9a-f]{8} (\w+) (\d+) (\d+) [0-9a-f]{16} (\d+) (\w+)\]$/, ' [$1 $2 $3 $4 $5]');

/** Every protection as a line, in the spreadsheet's order: sheet, range, description, editors or warning-only. */
export const protectionLines = (lw: LoadedWorkbook) =>
  lw.workbook.people.protections.map((p) =>
    [
      p.sheet.name,
      p.box ? lw.workbook.a1(p.box) : 'sheet',
      untagged(p.description),
      p.warningOnly ? 'warning' : lw.workbook.people.editorsOf(p).join(' '),
    ].join(' | '),
  );
