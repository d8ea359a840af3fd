// A date typed in a name column is read as the day the spreadsheet shows, in the spreadsheet's time zone: Sheets
// hands it over as that day's midnight there, which is the day before in UTC east of Greenwich.
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { cellOf } from '../support/columns';

describe('dates in name columns', () => {
  it.each(['Asia/Tokyo', 'America/Los_Angeles', 'Etc/UTC'])(
    'an army named by a date typed as 2024-01-05 is army "2024-01-05" in %s',
    (timeZone) => {
      const { workbook } = loadWorkbook({ timeZone });
      workbook.put('Units', 'A1', [
        ['Unit', 'Army', 'Role', 'Morale', 'Hits', 'Status'],
        ['Guard', '2024-01-05', 'Melee', 2, 2, ''],
      ]);
      expect(workbook.read('Units', cellOf('Units', 'Army', 2))[0]?.[0]).toBeInstanceOf(Date);
      workbook.put('Sums', 'A1', [['=ARMYVALUE("2024-01-05", Units!A1:F2)']]);
      workbook.recalculate();
      expect(workbook.read('Sums', 'A1')).toEqual([[1]]);
    },
  );
});
