// The grid on the playground page: the sheet on screen drawn from its view, the selected cell (formula bar and
// cell name follow it), the cell editor, and the protected areas a hand edit meets. Edits go back through
// `commit` (queued in order by client-requests.ts). The editor floats over its cell outside the table, so an answer redrawing the grid while the user
// types never takes the editor, its text or the focus away.
import { columnLetters } from '../gas/a1';
import { gridHtml } from './cell-html';
import { dom } from './client-dom';
import { markTab } from './client-panels';
import { type CellView, type GridView, MAX_VIEW_ROWS } from './protocol';

interface GridState {
  /** The view on screen (undefined until the first answer). */
  view: GridView | undefined;
  selected: { row: number; col: number };
  editor: HTMLInputElement | null;
  /** The cell the editor edits (the selection may move on before it closes). */
  editing: { row: number; col: number } | null;
  /** Where a run of Tabs began: Enter goes to the next row in that column, as in Sheets. */
  tabStart: number | null;
  /** Text sent for a cell and not yet answered, by "row,col": what the cell holds as far as the user knows. */
  unsaved: Map<string, string | boolean>;
  /** Told when the selection moved past the rows shown and the grid grew to show it (client.ts asks for them). */
  grown: (rows: number) => void;
}

export const gridState: GridState = {
  view: undefined,
  selected: { row: 1, col: 1 },
  editor: null,
  editing: null,
  tabStart: null,
  unsaved: new Map(),
  grown: () => undefined,
};

export const cellAt = (row: number, col: number): CellView | undefined =>
  gridState.view?.cells[`${row},${col}`];

/** What the formula bar and the editor show for a cell: the text sent for it when it is not answered yet. */
export function inputAt(row: number, col: number): string {
  const sent = gridState.unsaved.get(`${row},${col}`);
  if (sent !== undefined) return typeof sent === 'boolean' ? (sent ? 'TRUE' : 'FALSE') : sent;
  return cellAt(row, col)?.f ?? '';
}

const inside = ([r, c, nr, nc]: readonly number[], row: number, col: number): boolean =>
  row >= (r ?? 0) && row < (r ?? 0) + (nr ?? 0) && col >= (c ?? 0) && col < (c ?? 0) + (nc ?? 0);

/**
 * Whether a protection keeps the person acting from a cell of the sheet on screen ('refused'), or warns before a
 * hand edit there ('warn'), as the last answer told it.
 */
export function guardAt(row: number, col: number): 'refused' | 'warn' | undefined {
  let warn = false;
  for (const g of gridState.view?.guards ?? []) {
    if (!inside(g.box, row, col) || g.except?.some((b) => inside(b, row, col))) continue;
    if (!g.warn) return 'refused';
    warn = true;
  }
  return warn ? 'warn' : undefined;
}

/** Shows a cell as it was before a refused edit: what was sent for it, or what the last answer showed. */
export function restoreCell(row: number, col: number): void {
  const sent = gridState.unsaved.get(`${row},${col}`);
  const box = tdAt(row, col)?.querySelector('input[type=checkbox]');
  if (box instanceof HTMLInputElement)
    box.checked = typeof sent === 'boolean' ? sent : cellAt(row, col)?.cb === true;
  else showSent(row, col, typeof sent === 'string' ? sent : (cellAt(row, col)?.d ?? ''));
  if (gridState.selected.row === row && gridState.selected.col === col) dom.formula.value = inputAt(row, col);
}

/** Shows text sent for a cell at once, as Sheets does, until the answer redraws the grid. */
export function showSent(row: number, col: number, input: string): void {
  const td = tdAt(row, col);
  const list = td?.querySelector('select');
  if (list) {
    if (![...list.options].some((o) => o.text === input)) list.append(new Option(input));
    list.value = input;
  } else if (td && !td.querySelector('input')) td.textContent = input;
}

export function renderGrid(g: GridView): void {
  gridState.view = g;
  const { html, width } = gridHtml(g);
  dom.grid.style.width = `${width}px`;
  dom.grid.innerHTML = html;
  markTab(g.name);
  const { selected } = gridState;
  select(Math.min(selected.row, g.maxRows), Math.min(selected.col, g.maxColumns), false);
  placeEditor();
}

/** Puts the editor over the cell it edits (after a redraw, whose column widths may differ). */
function placeEditor(): void {
  const { editor, editing } = gridState;
  const td = editing ? tdAt(editing.row, editing.col) : null;
  if (!editor || !td) return;
  const wrap = dom.gridWrap.getBoundingClientRect();
  const cell = td.getBoundingClientRect();
  editor.style.left = `${cell.left - wrap.left + dom.gridWrap.scrollLeft - dom.gridWrap.clientLeft}px`;
  editor.style.top = `${cell.top - wrap.top + dom.gridWrap.scrollTop - dom.gridWrap.clientTop}px`;
  editor.style.width = `${Math.max(cell.width, 60)}px`;
  editor.style.height = `${cell.height}px`;
}

function tdAt(row: number, col: number): HTMLTableCellElement | null {
  return dom.grid.querySelector(`td[data-r="${row}"][data-c="${col}"]`);
}

export function select(row: number, col: number, scroll = true): void {
  let { view } = gridState;
  if (!view) return;
  const most = Math.min(view.maxRows, MAX_VIEW_ROWS);
  if (row > view.rows && view.rows < most) {
    // Past the rows shown (typing down a column faster than answers come): the grid grows at once, blank below
    // what the last answer showed, the cells sent and not answered shown again; the next answers bring the rows.
    view = { ...view, rows: Math.min(most, Math.max(row, view.rows + 200)) };
    renderGrid(view);
    for (const [key, sent] of gridState.unsaved) {
      const [r, c] = key.split(',').map(Number);
      if (typeof sent === 'string' && r !== undefined && c !== undefined) showSent(r, c, sent);
    }
    gridState.grown(view.rows);
  }
  row = Math.max(1, Math.min(row, view.rows));
  col = Math.max(1, Math.min(col, view.maxColumns));
  tdAt(gridState.selected.row, gridState.selected.col)?.classList.remove('sel');
  gridState.selected = { row, col };
  const td = tdAt(row, col);
  td?.classList.add('sel');
  if (scroll) td?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  dom.cellName.textContent = `${columnLetters(col)}${row}`;
  if (document.activeElement !== dom.formula && !gridState.editor) dom.formula.value = inputAt(row, col);
}

/**
 * Moves the selection as Sheets does after a key: Tab right (Shift+Tab left), Enter down to the column where the
 * run of Tabs began.
 */
export function moveAfter(key: 'Tab' | 'Enter', back: boolean): void {
  const { selected } = gridState;
  if (key === 'Tab') {
    gridState.tabStart ??= selected.col;
    select(selected.row, selected.col + (back ? -1 : 1));
  } else {
    const col = gridState.tabStart ?? selected.col;
    gridState.tabStart = null;
    select(selected.row + (back ? -1 : 1), col);
  }
}

/** Opens the editor over the selected cell (not on a checkbox), holding `initial`. */
export function startEdit(initial: string, commit: (row: number, col: number, input: string) => void): void {
  const { selected } = gridState;
  const td = tdAt(selected.row, selected.col);
  if (!td || td.querySelector('input[type=checkbox]')) return;
  stopEdit(false, commit);
  const editor = document.createElement('input');
  gridState.editor = editor;
  gridState.editing = { ...selected };
  editor.className = 'editor';
  editor.value = initial;
  editor.spellcheck = false;
  editor.setAttribute('aria-label', `Edit ${columnLetters(selected.col)}${selected.row}`);
  dom.gridWrap.append(editor);
  placeEditor();
  editor.focus();
  editor.setSelectionRange(initial.length, initial.length);
  dom.formula.value = initial;
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      stopEdit(true, commit);
      moveAfter(e.key, e.shiftKey);
      dom.gridWrap.focus();
    } else if (e.key === 'Escape') {
      stopEdit(false, commit);
      dom.gridWrap.focus();
    }
    e.stopPropagation();
  });
  editor.addEventListener('input', () => {
    dom.formula.value = editor.value;
  });
  editor.addEventListener('blur', () => stopEdit(true, commit));
}

/** Closes the editor; with `save`, a changed text is sent as its cell's new input. */
export function stopEdit(save: boolean, commit: (row: number, col: number, input: string) => void): void {
  const e = gridState.editor;
  const at = gridState.editing;
  if (!e || !at) return;
  gridState.editor = null;
  gridState.editing = null;
  const value = e.value;
  e.remove();
  if (save && value !== inputAt(at.row, at.col)) commit(at.row, at.col, value);
}
