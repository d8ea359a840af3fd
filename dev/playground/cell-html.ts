// The playground page's HTML, as text from the server's views (no DOM here, so it is tested in Node): the
// grid's table with its cells, and a sidebar's or dialog's page with the google.script.run bridge put first.
import { columnLetters } from '../gas/a1';
import { type CellView, type GridView, MAX_VIEW_ROWS } from './protocol';

/** A grid row's height in px, borders included (box-sizing: border-box): frozen rows stick at its multiples. */
export const ROW_HEIGHT = 21;
/** The width in px of the row numbers' column, and of a column the sheet gives no width. */
const ROW_HEADER_WIDTH = 46;
const COLUMN_WIDTH = 100;

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One cell as a table cell: its text, or a checkbox, or a dropdown; its classes, colours and tooltip. */
export function cellHtml(r: number, c: number, cell: CellView | undefined): string {
  const a1 = `${columnLetters(c)}${r}`;
  if (!cell) return `<td data-r="${r}" data-c="${c}" data-a1="${a1}"></td>`;
  const classes = [
    cell.t ?? '',
    cell.bold ? 'bold' : '',
    cell.sp ? 'sp' : '',
    cell.note ? 'note' : '',
    cell.bad ? 'bad' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const styles = [cell.bg ? `background:${cell.bg}` : '', cell.fg ? `color:${cell.fg}` : '']
    .filter(Boolean)
    .join(';');
  const title = cell.err ?? cell.note;
  let inner: string;
  if (cell.cb !== undefined) {
    inner = `<input type="checkbox" data-checkbox${cell.cb ? ' checked' : ''} aria-label="${a1}">`;
  } else if (cell.ls) {
    const current = cell.d ?? '';
    const options = ['', ...cell.ls];
    if (!options.includes(current)) options.push(current);
    inner = `<select aria-label="${a1}">${options
      .map((o) => `<option${o === current ? ' selected' : ''}>${escapeHtml(o)}</option>`)
      .join('')}</select>`;
  } else {
    inner = escapeHtml(cell.d ?? '');
  }
  return `<td data-r="${r}" data-c="${c}" data-a1="${a1}" class="${classes}"${styles ? ` style="${styles}"` : ''}${
    title ? ` title="${escapeHtml(title)}"` : ''
  }>${inner}</td>`;
}

/** The grid's table (column widths, letters, numbered rows, a closing line when rows are left out). */
export function gridHtml(g: GridView): { html: string; width: number } {
  const widths = Array.from(
    { length: g.maxColumns },
    (_, i) => g.columnWidths[String(i + 1)] ?? COLUMN_WIDTH,
  );
  const cols = `<colgroup><col style="width:${ROW_HEADER_WIDTH}px">${widths.map((w) => `<col style="width:${w}px">`).join('')}</colgroup>`;
  const head = `<thead><tr><th class="corner"></th>${widths.map((_, i) => `<th>${columnLetters(i + 1)}</th>`).join('')}</tr></thead>`;
  const body: string[] = [];
  for (let r = 1; r <= g.rows; r++) {
    const frozen = r <= g.frozenRows;
    const cls = frozen ? `frozen${r === g.frozenRows ? ' frozen-last' : ''}` : '';
    const style = frozen ? ` style="--top:${ROW_HEIGHT * r}px"` : '';
    let row = `<tr class="${cls}"${style}><th>${r}</th>`;
    for (let c = 1; c <= g.maxColumns; c++) row += cellHtml(r, c, g.cells[`${r},${c}`]);
    body.push(`${row}</tr>`);
  }
  if (g.rows < g.maxRows) {
    const more =
      g.rows < MAX_VIEW_ROWS
        ? `Rows ${g.rows + 1}–${g.maxRows} load as you scroll`
        : `Rows ${g.rows + 1}–${g.maxRows} are not shown: the playground shows ${MAX_VIEW_ROWS} rows of a sheet`;
    body.push(`<tr class="more"><td colspan="${g.maxColumns + 1}">${more}</td></tr>`);
  }
  return {
    html: `${cols}${head}<tbody>${body.join('')}</tbody>`,
    width: ROW_HEADER_WIDTH + widths.reduce((a, b) => a + b, 0),
  };
}

/** A sidebar's or dialog's page with the bridge first, so google.script exists before the page's own scripts run. */
export function withBridge(content: string, bridgeSource: string): string {
  const tag = `<script>${bridgeSource.replace(/<\/script/gi, '<\\/script')}</script>`;
  if (/<head[^>]*>/i.test(content)) return content.replace(/<head[^>]*>/i, (m) => m + tag);
  if (/<html[^>]*>/i.test(content)) return content.replace(/<html[^>]*>/i, (m) => m + tag);
  if (/^\s*<!doctype[^>]*>/i.test(content)) return content.replace(/^\s*<!doctype[^>]*>/i, (m) => m + tag);
  return tag + content;
}
