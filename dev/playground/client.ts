// The playground page: the workbook as sheet tabs and a grid (computed values, checkboxes, dropdowns, editable
// cells, formula bar), with what the script showed around it (client-panels.ts). Every action is one request,
// and the cells typed while one is answered go together in the next (client-requests.ts); the answer carries the
// fresh view, and the grid is drawn from the answer to the last one queued. A hand edit is held to the
// protections as Sheets holds it: refused where the person may not edit, asked first where a protection warns.
import { dom } from './client-dom';
import { PROTECTED_MESSAGE } from '../gas/people';
import {
  guardAt,
  gridState,
  inputAt,
  moveAfter,
  renderGrid,
  restoreCell,
  select,
  showSent,
  startEdit,
  stopEdit,
} from './client-grid';
import {
  alertUser,
  closePanel,
  confirmUser,
  nextAlert,
  type Panel,
  panelOf,
  showState,
  toast,
} from './client-panels';
import { busy, editsWaiting, queueEdit, request, sendUnsent } from './client-requests';
import {
  type Answer,
  type EditRequest,
  MAX_VIEW_ROWS,
  type RowsRequest,
  type ViewRequest,
  WARNING_ONLY_QUESTION,
} from './protocol';

let sheet: string | undefined;
/** Rows of the sheet on screen to show: the shown grid's (never past its sheet), or the server's default. */
let rowsWanted: number | undefined;

const viewRequest = (): ViewRequest => ({ sheet, rows: rowsWanted });
gridState.grown = (rows) => {
  rowsWanted = rows;
};
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Shows a request's answer, or its error as a toast when it was refused. */
async function showRequest(path: string, body?: unknown): Promise<void> {
  try {
    show(await request(path, body));
  } catch (e) {
    toast({ title: 'Error', message: messageOf(e) }, true);
  }
}

/**
 * Shows an answer: state (tabs, menus, sidebar, dialog, alerts, toasts), then the grid, unless more requests are
 * queued behind it (the last one's answer draws it: an older one would show cells typed since as they were).
 */
function show(answer: Answer, errorAsToast = true): void {
  showState(answer.state, answer.grid?.name ?? sheet);
  showActingAs(answer.state.user, answer.state.people);
  if (answer.grid && !busy()) {
    gridState.unsaved.clear();
    if (sheet !== undefined && answer.grid.name !== sheet) {
      // Another sheet (the script activated it): its first cell selected, from its top.
      gridState.selected = { row: 1, col: 1 };
      dom.gridWrap.scrollTo(0, 0);
    }
    sheet = answer.grid.name;
    rowsWanted = answer.grid.rows;
    renderGrid(answer.grid);
  }
  if (!answer.ok && answer.error && errorAsToast) toast({ title: 'Error', message: answer.error }, true);
}

/** The "Acting as" switch: the people there are, the one acting chosen. */
function showActingAs(user: string, people: readonly string[]): void {
  const list = people.includes(user) ? people : [user, ...people];
  const now = [...dom.actingAs.options].map((o) => o.value);
  if (now.join('\n') !== list.join('\n')) {
    dom.actingAs.replaceChildren(
      ...list.map((email) => {
        const option = document.createElement('option');
        option.value = email;
        option.textContent = email;
        return option;
      }),
    );
  }
  if (dom.actingAs !== document.activeElement) dom.actingAs.value = user;
}

// ---- Actions

async function load(): Promise<void> {
  const q = new URLSearchParams();
  if (sheet) q.set('sheet', sheet);
  if (rowsWanted !== undefined) q.set('rows', String(rowsWanted));
  await showRequest(`/api/state?${q}`);
}

/**
 * A cell typed, ticked or picked: held to the protections as Sheets holds a hand edit (refused with Google's words
 * where the person may not edit, the cell keeping its value; asked first where a protection only warns), then
 * queued with the cells typed since the last answer.
 */
async function edit(row: number, col: number, input: string | boolean): Promise<void> {
  const on = sheet;
  if (!on) return;
  const guard = guardAt(row, col);
  if (guard === 'refused') {
    restoreCell(row, col);
    alertUser(PROTECTED_MESSAGE);
    return;
  }
  if (guard === 'warn' && !(await confirmUser(WARNING_ONLY_QUESTION))) {
    restoreCell(row, col);
    return;
  }
  if (on !== sheet) return; // the answer to an earlier request showed another sheet while the person was asked
  gridState.unsaved.set(`${row},${col}`, input);
  if (typeof input === 'string') showSent(row, col, input);
  const edit: EditRequest = { sheet: on, row, col, input };
  if (guard === 'warn') edit.confirmed = true;
  try {
    const answer = await queueEdit(edit, viewRequest);
    if (answer) show(answer);
  } catch (e) {
    toast({ title: 'Error', message: messageOf(e) }, true);
  }
}

const commit = (row: number, col: number, input: string) => void edit(row, col, input);

async function changeRows(row: number, op: RowsRequest['op']): Promise<void> {
  if (!sheet) return;
  await showRequest('/api/rows', { view: viewRequest(), sheet, row, op });
}

async function runMenuItem(fn: string): Promise<void> {
  let answer: Answer;
  try {
    answer = await request('/api/run', { view: viewRequest(), fn, args: [] });
  } catch (e) {
    toast({ title: `Cannot run ${fn}`, message: messageOf(e) }, true);
    return;
  }
  show(answer, false);
  if (!answer.ok) toast({ title: `Script error in ${fn}`, message: answer.error ?? '' }, true);
}

async function close(panel: Panel): Promise<void> {
  closePanel(panel);
  await showRequest('/api/close', { which: panel, view: viewRequest() });
}

// ---- Events

/** The grid cell an event happened in. */
const cellOf = (target: EventTarget | null): HTMLTableCellElement | null =>
  target instanceof Element ? target.closest<HTMLTableCellElement>('td[data-r]') : null;

dom.gridWrap.tabIndex = 0; // keyboard: arrows move, typing edits

dom.grid.addEventListener('mousedown', (e) => {
  const td = cellOf(e.target);
  if (!td) return;
  gridState.tabStart = null;
  select(Number(td.dataset.r), Number(td.dataset.c), false);
});

dom.grid.addEventListener('dblclick', (e) => {
  const { selected } = gridState;
  if (cellOf(e.target)) startEdit(inputAt(selected.row, selected.col), commit);
});

dom.grid.addEventListener('change', (e) => {
  const target = e.target;
  const td = cellOf(target);
  if (!td) return;
  const [row, col] = [Number(td.dataset.r), Number(td.dataset.c)];
  if (target instanceof HTMLInputElement && target.type === 'checkbox') void edit(row, col, target.checked);
  else if (target instanceof HTMLSelectElement) void edit(row, col, target.value);
});

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

dom.gridWrap.addEventListener('keydown', (e) => {
  if (gridState.editor || !gridState.view || e.target !== dom.gridWrap) return;
  const { selected } = gridState;
  const move = MOVES[e.key];
  const cell = gridState.view.cells[`${selected.row},${selected.col}`];
  if (move) {
    e.preventDefault();
    gridState.tabStart = null;
    select(selected.row + move[0], selected.col + move[1]);
  } else if (e.key === 'Tab') {
    e.preventDefault();
    moveAfter('Tab', e.shiftKey);
  } else if (e.key === 'Enter' || e.key === 'F2') {
    e.preventDefault();
    startEdit(inputAt(selected.row, selected.col), commit);
  } else if (e.key === 'ContextMenu') {
    e.preventDefault();
    const r = document
      .querySelector(`td[data-r="${selected.row}"][data-c="${selected.col}"]`)
      ?.getBoundingClientRect();
    if (r) openRowMenu(selected.row, r.left, r.bottom);
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    e.preventDefault();
    void edit(selected.row, selected.col, '');
  } else if (e.key === ' ' && cell?.cb !== undefined) {
    e.preventDefault();
    void edit(selected.row, selected.col, !cell.cb);
  } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    startEdit(e.key, commit);
  }
});

dom.gridWrap.addEventListener('scroll', () => {
  const { view } = gridState;
  if (!view || busy() || view.rows >= Math.min(view.maxRows, MAX_VIEW_ROWS)) return;
  const wrap = dom.gridWrap;
  if (wrap.scrollTop + wrap.clientHeight > wrap.scrollHeight - 300) {
    rowsWanted = Math.min(view.maxRows, MAX_VIEW_ROWS, view.rows + 200);
    void load();
  }
});

dom.formula.addEventListener('keydown', (e) => {
  const { selected } = gridState;
  if (e.key === 'Enter') {
    e.preventDefault();
    void edit(selected.row, selected.col, dom.formula.value);
    dom.gridWrap.focus();
  } else if (e.key === 'Escape') {
    dom.formula.value = inputAt(selected.row, selected.col);
    dom.gridWrap.focus();
  }
});

dom.tabs.addEventListener('click', (e) => {
  const b = e.target instanceof Element ? e.target.closest<HTMLButtonElement>('button[data-sheet]') : null;
  if (!b || b.dataset.sheet === sheet) return;
  sheet = b.dataset.sheet;
  rowsWanted = undefined;
  gridState.selected = { row: 1, col: 1 };
  dom.gridWrap.scrollTo(0, 0);
  void load();
});

dom.actingAs.addEventListener('change', () => {
  void showRequest('/api/act', { email: dom.actingAs.value, view: viewRequest() });
});

dom.menus.addEventListener('click', (e) => {
  if (!(e.target instanceof Element)) return;
  const item = e.target.closest<HTMLElement>('li[data-fn]');
  const menu = e.target.closest('.menu');
  for (const m of dom.menus.querySelectorAll('.menu.open'))
    if (m !== menu || item) m.classList.remove('open');
  const fn = item?.dataset.fn;
  if (fn !== undefined) void runMenuItem(fn);
  else if (menu && e.target.tagName === 'BUTTON') menu.classList.toggle('open');
});

document.addEventListener('click', (e) => {
  if (!(e.target instanceof Element && e.target.closest('#menus'))) {
    for (const m of dom.menus.querySelectorAll('.menu.open')) m.classList.remove('open');
  }
});

// A row number's menu (right-click, or the context-menu key on the selected cell): insert a row, or delete it.
let menuRow = 0;
function openRowMenu(row: number, x: number, y: number): void {
  menuRow = row;
  dom.rowMenu.hidden = false;
  dom.rowMenu.style.left = `${x}px`;
  dom.rowMenu.style.top = `${y}px`;
  dom.rowMenu.querySelector<HTMLElement>('button')?.focus();
}
function closeRowMenu(): void {
  if (dom.rowMenu.hidden) return;
  dom.rowMenu.hidden = true;
  dom.gridWrap.focus();
}
dom.grid.addEventListener('contextmenu', (e) => {
  const th = e.target instanceof Element ? e.target.closest<HTMLTableCellElement>('tbody th') : null;
  const td = cellOf(e.target);
  const row = Number(th?.parentElement?.querySelector<HTMLElement>('td[data-r]')?.dataset.r ?? td?.dataset.r);
  if (!row) return;
  e.preventDefault();
  if (td) select(row, Number(td.dataset.c), false);
  openRowMenu(row, e.clientX, e.clientY);
});
dom.rowMenu.addEventListener('click', (e) => {
  const op =
    e.target instanceof HTMLElement ? (e.target.dataset.op as RowsRequest['op'] | undefined) : undefined;
  closeRowMenu();
  if (op) void changeRows(menuRow, op);
});
dom.rowMenu.addEventListener('keydown', (e) => {
  const items = [...dom.rowMenu.querySelectorAll<HTMLElement>('button')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (e.key === 'Escape') closeRowMenu();
  else if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
  else if (e.key === 'ArrowUp') items[(at + items.length - 1) % items.length]?.focus();
  else return;
  e.preventDefault();
});
document.addEventListener('mousedown', (e) => {
  if (!(e.target instanceof Node && dom.rowMenu.contains(e.target))) closeRowMenu();
});

dom.sidebarClose.addEventListener('click', () => void close('sidebar'));
dom.dialogClose.addEventListener('click', () => void close('dialog'));
dom.alertOk.addEventListener('click', () => nextAlert());

/** What a sidebar's or dialog's bridge (bridge.ts) posts to the page. */
interface FrameMessage {
  type?: string;
  id?: number;
  fn?: string;
  args?: unknown[];
  height?: number;
}

// google.script.run from a sidebar or dialog: one request each; the answer goes back to that frame.
window.addEventListener('message', async (event) => {
  const from = panelOf(event.source);
  const source = event.source; // kept now: a frame closed meanwhile leaves event.source null
  if (!from || source === null) return;
  const data = event.data as FrameMessage | null;
  if (data?.type === 'gas-run') {
    const reply = (message: Record<string, unknown>) => {
      try {
        source.postMessage({ type: 'gas-result', id: data.id, ...message }, { targetOrigin: '*' });
      } catch {
        // The sidebar or dialog was closed while its call ran: nobody waits for the answer.
      }
    };
    let answer: Answer;
    try {
      answer = await request('/api/run', { view: viewRequest(), fn: data.fn, args: data.args ?? [] });
    } catch (e) {
      reply({ ok: false, error: messageOf(e) });
      return;
    }
    reply(
      answer.ok
        ? 'result' in answer
          ? { ok: true, result: answer.result }
          : { ok: true }
        : { ok: false, error: answer.error },
    );
    show(answer, false);
  } else if (data?.type === 'gas-close') {
    void close(from);
  } else if (data?.type === 'gas-size' && from === 'dialog' && data.height) {
    dom.dialogFrame.style.height = `${data.height}px`;
  }
});

// Leaving with typed cells not answered: the browser asks first. Left all the same (or at once), the cell being
// typed is committed and every cell not sent yet goes in one request that outlives the page.
window.addEventListener('beforeunload', (e) => {
  if (!editsWaiting()) return;
  e.preventDefault();
  e.returnValue = '';
});
window.addEventListener('pagehide', () => {
  stopEdit(true, commit);
  sendUnsent(viewRequest());
});

void load();
