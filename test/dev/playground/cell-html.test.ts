// The playground page's HTML as text: table cells, the grid's table, and the bridge put first into a sidebar's
// or dialog's page.
import { describe, expect, it } from 'vitest';
import { cellHtml, escapeHtml, gridHtml, withBridge } from '../../../dev/playground/cell-html';
import type { GridView } from '../../../dev/playground/protocol';

describe('cellHtml', () => {
  it.each([
    [undefined, '<td data-r="2" data-c="3" data-a1="C2"></td>'],
    [{ d: '25%', f: '25%', t: 'n' as const }, '<td data-r="2" data-c="3" data-a1="C2" class="n">25%</td>'],
    [
      { d: '<b>', bold: 1 as const, bg: '#fff', fg: 'red', note: 'a "note"' },
      '<td data-r="2" data-c="3" data-a1="C2" class="bold note" style="background:#fff;color:red" title="a &quot;note&quot;">&lt;b&gt;</td>',
    ],
    [
      { d: '#ERROR!', t: 'e' as const, err: 'units is empty' },
      '<td data-r="2" data-c="3" data-a1="C2" class="e" title="units is empty">#ERROR!</td>',
    ],
    [
      { d: 'TRUE', cb: true, t: 'b' as const },
      '<td data-r="2" data-c="3" data-a1="C2" class="b"><input type="checkbox" data-checkbox checked aria-label="C2"></td>',
    ],
  ])('%j', (cell, html) => {
    expect(cellHtml(2, 3, cell)).toBe(html);
  });

  it('shows a dropdown with a blank first, and a value outside the list kept (flagged bad)', () => {
    expect(cellHtml(1, 1, { d: 'Charge', ls: ['Hold', 'Trap'], bad: 1 })).toBe(
      '<td data-r="1" data-c="1" data-a1="A1" class="bad"><select aria-label="A1"><option></option>' +
        '<option>Hold</option><option>Trap</option><option selected>Charge</option></select></td>',
    );
  });

  it('escapes what HTML would read', () => {
    expect(escapeHtml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});

describe('gridHtml', () => {
  const view: GridView = {
    name: 'Units',
    maxRows: 3,
    maxColumns: 2,
    frozenRows: 1,
    rows: 2,
    lastRow: 2,
    columnWidths: { 2: 60 },
    cells: { '1,1': { d: 'Unit' } },
  };

  it('draws the columns, the frozen row and the rows left out', () => {
    const { html, width } = gridHtml(view);
    expect(width).toBe(46 + 100 + 60);
    expect(html).toBe(
      '<colgroup><col style="width:46px"><col style="width:100px"><col style="width:60px"></colgroup>' +
        '<thead><tr><th class="corner"></th><th>A</th><th>B</th></tr></thead><tbody>' +
        '<tr class="frozen frozen-last" style="--top:21px"><th>1</th>' +
        '<td data-r="1" data-c="1" data-a1="A1" class="">Unit</td><td data-r="1" data-c="2" data-a1="B1"></td></tr>' +
        '<tr class=""><th>2</th><td data-r="2" data-c="1" data-a1="A2"></td><td data-r="2" data-c="2" data-a1="B2"></td></tr>' +
        '<tr class="more"><td colspan="3">Rows 3–3 load as you scroll</td></tr></tbody>',
    );
  });
});

describe('withBridge', () => {
  const bridge = 'google.script = {}; "</script>"';
  const tag = '<script>google.script = {}; "<\\/script>"</script>';
  it.each([
    [
      '<html><head><title>x</title></head><body></body></html>',
      `<html><head>${tag}<title>x</title></head><body></body></html>`,
    ],
    ['<html lang="en"><body>x</body></html>', `<html lang="en">${tag}<body>x</body></html>`],
    ['<!DOCTYPE html><p>x</p>', `<!DOCTYPE html>${tag}<p>x</p>`],
    ['<p>side</p>', `${tag}<p>side</p>`],
  ])('%s', (content, page) => {
    expect(withBridge(content, bridge)).toBe(page);
  });
});
