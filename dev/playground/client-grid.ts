// The grid on the playground page: the sheet on screen drawn from its view, the selected cell (formula bar and
// cell name follow it), and the in-cell editor. Edits go back through `commit` (one request each).
import { columnLetters } from '../gas/a1';
import { gridHtml } from './cell-html';
import { dom } from './client-dom';
import { markTab } from './client-panels';
import type { CellView, GridView } from './protocol';

interface GridState {
  /** The view on screen (undefined until the first answer). */
  view: GridView | undefined;
  selected: { row: number; col: number };
  editor: HTMLInputElement | null;
}

export const gridState: GridState = { view: undefined, selected: { row: 1, col: 1 }, editor: null };

export const cellAt = (row: number, col: number): CellView | undefined =>
  gridState.view?.cells[`${row},${col}`];

export function renderGrid(g: GridView): void {
  gridState.view = g;
  const { html, width } = gridHtml(g);
  dom.grid.style.width = `${width}px`;
  dom.grid.innerHTML = html;
  markTab(g.name);
  const { selected } = gridState;
  select(Math.min(selected.row, g.maxRows), Math.min(selected.col, g.maxColumns), false);
}

function tdAt(row: number, col: number): HTMLTableCellElement | null {
  return dom.grid.querySelector(`td[data-r="${row}"][data-c="${col}"]`);
}

export function select(row: number, col: number, scroll = true): void {
  const { view } = gridState;
  if (!view) return;
  row = Math.max(1, Math.min(row, view.rows));
  col = Math.max(1, Math.min(col, view.maxColumns));
  tdAt(gridState.selected.row, gridState.selected.col)?.classList.remove('sel');
  gridState.selected = { row, col };
  const td = tdAt(row, col);
  td?.classList.add('sel');
  if (scroll) td?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  dom.cellName.textContent = `${columnLetters(col)}${row}`;
  if (document.activeElement !== dom.formula) dom.formula.value = cellAt(row, col)?.f ?? '';
}

/** Opens the editor in the selected cell (not on a checkbox or a dropdown), holding `initial`. */
export function startEdit(initial: string, commit: (row: number, col: number, input: string) => void): void {
  const { selected } = gridState;
  const td = tdAt(selected.row, selected.col);
  const cell = cellAt(selected.row, selected.col);
  if (!td || cell?.cb !== undefined || cell?.ls) return;
  stopEdit(false, commit);
  const editor = document.createElement('input');
  gridState.editor = editor;
  editor.className = 'editor';
  editor.value = initial;
  td.append(editor);
  editor.focus();
  editor.setSelectionRange(initial.length, initial.length);
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      const at = { ...gridState.selected };
      stopEdit(true, commit, at);
      if (e.key === 'Enter') select(at.row + 1, at.col);
      else select(at.row, at.col + 1);
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

/** Closes the editor; with `commit`, a changed text is sent as the cell's new input. */
export function stopEdit(
  save: boolean,
  commit: (row: number, col: number, input: string) => void,
  at = gridState.selected,
): void {
  const e = gridState.editor;
  if (!e) return;
  gridState.editor = null;
  const value = e.value;
  e.remove();
  if (save && value !== (cellAt(at.row, at.col)?.f ?? '')) commit(at.row, at.col, value);
}
