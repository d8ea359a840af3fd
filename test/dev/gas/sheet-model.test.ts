// A sheet's own state besides its cells' contents: per-cell meta (an emptied meta is dropped, other keys kept),
// its size and the ui record the scripts fill.
import { describe, expect, it } from 'vitest';
import { SheetModel } from '../../../dev/gas';
import { DEFAULT_COLUMNS, DEFAULT_ROWS } from '../../../dev/gas/sheet-model';

describe('SheetModel', () => {
  it('starts at Sheets default size, with no meta, no frozen rows, no widths, no rules', () => {
    const m = new SheetModel(3, 'Units', 42);
    expect([m.hfId, m.name, m.sheetId, m.maxRows, m.maxColumns]).toEqual([3, 'Units', 42, 1000, 26]);
    expect([DEFAULT_ROWS, DEFAULT_COLUMNS]).toEqual([1000, 26]);
    expect([m.frozenRows, m.meta.size, m.columnWidths.size, m.conditionalRules]).toEqual([0, 0, 0, []]);
    expect(m.metaAt(0, 0)).toBeUndefined();
  });

  it('editMeta sets a key and keeps the others', () => {
    const m = new SheetModel(0, 'Units', 0, 10, 5);
    m.editMeta(1, 2, (c) => {
      c.numberFormat = '0.00';
    });
    m.editMeta(1, 2, (c) => {
      c.note = 'veterans';
    });
    expect(m.metaAt(1, 2)).toEqual({ numberFormat: '0.00', note: 'veterans' });
    expect(m.metaAt(2, 1)).toBeUndefined();
  });

  it('a key set to undefined is removed; an emptied meta and its row are dropped', () => {
    const m = new SheetModel(0, 'Units', 0);
    m.editMeta(4, 0, (c) => {
      c.fontWeight = 'bold';
      c.background = '#ff0000';
    });
    m.editMeta(4, 0, (c) => {
      c.background = undefined;
    });
    expect(m.metaAt(4, 0)).toEqual({ fontWeight: 'bold' });
    expect(Object.keys(m.metaAt(4, 0) ?? {})).toEqual(['fontWeight']);
    m.editMeta(4, 0, (c) => {
      c.fontWeight = undefined;
    });
    expect(m.metaAt(4, 0)).toBeUndefined();
    expect(m.meta.size).toBe(0);
  });

  it('emptying one cell keeps the row for the others', () => {
    const m = new SheetModel(0, 'Units', 0);
    m.editMeta(0, 0, (c) => {
      c.note = 'a';
    });
    m.editMeta(0, 3, (c) => {
      c.note = 'b';
    });
    m.editMeta(0, 0, (c) => {
      c.note = undefined;
    });
    expect([...m.metas()]).toEqual([[0, 3, { note: 'b' }]]);
  });

  it('editing a missing meta to nothing creates nothing', () => {
    const m = new SheetModel(0, 'Units', 0);
    m.editMeta(7, 7, (c) => {
      c.open = undefined;
    });
    expect(m.meta.size).toBe(0);
  });

  it('metas lists every cell meta with its row and column (0-based)', () => {
    const m = new SheetModel(0, 'Units', 0);
    m.editMeta(2, 1, (c) => {
      c.open = true;
    });
    m.editMeta(0, 5, (c) => {
      c.validation = { criteria: 'CHECKBOX', values: [], allowInvalid: false, helpText: null };
    });
    expect([...m.metas()]).toEqual([
      [2, 1, { open: true }],
      [0, 5, { validation: { criteria: 'CHECKBOX', values: [], allowInvalid: false, helpText: null } }],
    ]);
  });
});
