// The playground page: the workbook as sheet tabs and a grid (computed values, checkboxes, dropdowns, editable
// cells, formula bar), the menus onOpen built, the sidebar and dialogs HtmlService showed (iframes with the
// google.script.run bridge), alerts and toasts. Every action is one request; the answer carries the fresh view.
import {
  type Answer,
  type CellView,
  type GridView,
  type HtmlView,
  MAX_VIEW_ROWS,
  type StateView,
  type ViewRequest,
} from './protocol';

const ROW_HEIGHT = 21; // px, borders included (box-sizing: border-box)

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const grid = $<HTMLTableElement>('grid');
const gridWrap = $<HTMLDivElement>('grid-wrap');
gridWrap.tabIndex = 0; // keyboard: arrows move, typing edits
const formula = $<HTMLInputElement>('formula');
const cellName = $<HTMLSpanElement>('cell-name');
const tabs = $<HTMLElement>('tabs');
const menus = $<HTMLElement>('menus');
const status = $<HTMLSpanElement>('status');
const sidebar = $<HTMLElement>('sidebar');
const sidebarFrame = $<HTMLIFrameElement>('sidebar-frame');
const dialogBackdrop = $<HTMLDivElement>('dialog-backdrop');
const dialog = $<HTMLDivElement>('dialog');
const dialogFrame = $<HTMLIFrameElement>('dialog-frame');
const alertBackdrop = $<HTMLDivElement>('alert-backdrop');
const toasts = $<HTMLDivElement>('toasts');
const bridgeSource = JSON.parse($<HTMLScriptElement>('bridge-source').textContent ?? '""') as string;

let sheet: string | undefined;
/** Rows of the sheet on screen to show: the shown grid's (never past its sheet), or the server's default. */
let rowsWanted: number | undefined;
let view: GridView | undefined;
let selected = { row: 1, col: 1 };
let editor: HTMLInputElement | null = null;
let sidebarId = 0;
let dialogId = 0;
/** Outputs the user closed: an answer computed before the close may still name them. */
const closed = new Set<number>();
let busy = 0;
const alertQueue: string[] = [];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function letters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const viewRequest = (): ViewRequest => ({ sheet, rows: rowsWanted });

/** One request; a refused one (4xx, an error alone) throws its error. */
async function request(path: string, body?: unknown): Promise<Answer> {
  busy++;
  status.textContent = 'Working…';
  try {
    const res = await fetch(
      path,
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    const answer = (await res.json()) as Answer;
    if (!answer.state) throw new Error(answer.error ?? `HTTP ${res.status}`);
    return answer;
  } finally {
    busy--;
    status.textContent = busy > 0 ? 'Working…' : 'Saved';
  }
}

/** Shows a request's answer, or its error as a toast when it was refused. */
async function showRequest(path: string, body?: unknown): Promise<void> {
  try {
    show(await request(path, body));
  } catch (e) {
    toast({ title: 'Error', message: e instanceof Error ? e.message : String(e) }, true);
  }
}

/** Shows an answer: state (tabs, menus, sidebar, dialog, alerts, toasts), then the grid. */
function show(answer: Answer, errorAsToast = true): void {
  showState(answer.state);
  if (answer.grid) {
    sheet = answer.grid.name;
    rowsWanted = answer.grid.rows;
    renderGrid(answer.grid);
  }
  if (!answer.ok && answer.error && errorAsToast) toast({ title: 'Error', message: answer.error }, true);
}

// ---- State

function showState(state: StateView): void {
  $('doc-name').textContent = state.name;
  document.title = `${state.name} · Warcard playground`;
  renderTabs(state.sheets);
  renderMenus(state.menus);
  showSidebar(state.sidebar);
  showDialog(state.dialog);
  for (const a of state.alerts) showAlert(a);
  for (const t of state.toasts) toast(t);
  if (state.notes.length > 0) status.title = state.notes.join('\n');
}

function renderTabs(names: string[]): void {
  const key = names.join('\u0000') + (sheet ?? '');
  if (tabs.dataset.key === key) return;
  tabs.dataset.key = key;
  tabs.innerHTML = names
    .map(
      (n) =>
        `<button data-sheet="${escapeHtml(n)}" class="${n === sheet ? 'active' : ''}">${escapeHtml(n)}</button>`,
    )
    .join('');
}

function renderMenus(list: StateView['menus']): void {
  const key = JSON.stringify(list);
  if (menus.dataset.key === key) return;
  menus.dataset.key = key;
  menus.innerHTML = list
    .map(
      (m) =>
        `<div class="menu"><button>${escapeHtml(m.caption)}</button><ul>${m.items
          .map((i) =>
            'separator' in i
              ? '<li class="separator"></li>'
              : `<li data-fn="${escapeHtml(i.functionName)}">${escapeHtml(i.caption)}</li>`,
          )
          .join('')}</ul></div>`,
    )
    .join('');
}

/** The bridge goes first into the page, so google.script exists before the page's own scripts run. */
function withBridge(content: string): string {
  const tag = `<script>${bridgeSource.replace(/<\/script/gi, '<\\/script')}</script>`;
  if (/<head[^>]*>/i.test(content)) return content.replace(/<head[^>]*>/i, (m) => m + tag);
  if (/<html[^>]*>/i.test(content)) return content.replace(/<html[^>]*>/i, (m) => m + tag);
  if (/^\s*<!doctype[^>]*>/i.test(content)) return content.replace(/^\s*<!doctype[^>]*>/i, (m) => m + tag);
  return tag + content;
}

function showSidebar(v: HtmlView | null): void {
  if (!v || closed.has(v.id)) {
    if (sidebarId !== 0) {
      sidebar.hidden = true;
      sidebarFrame.srcdoc = '';
      sidebarId = 0;
    }
    return;
  }
  if (v.id === sidebarId) return;
  sidebarId = v.id;
  $('sidebar-title').textContent = v.title;
  sidebar.hidden = false;
  sidebarFrame.srcdoc = withBridge(v.content);
}

function showDialog(v: HtmlView | null): void {
  if (!v || closed.has(v.id)) {
    if (dialogId !== 0) {
      dialogBackdrop.hidden = true;
      dialogFrame.srcdoc = '';
      dialogId = 0;
    }
    return;
  }
  if (v.id === dialogId) return;
  dialogId = v.id;
  $('dialog-title').textContent = v.title;
  dialog.style.width = `${v.width ?? 600}px`;
  dialogFrame.style.height = `${v.height ?? 400}px`;
  dialogBackdrop.hidden = false;
  dialogFrame.srcdoc = withBridge(v.content);
}

function showAlert(text: string): void {
  alertQueue.push(text);
  if (alertBackdrop.hidden) nextAlert();
}

function nextAlert(): void {
  const text = alertQueue.shift();
  alertBackdrop.hidden = text === undefined;
  if (text !== undefined) {
    $('alert-text').textContent = text;
    $<HTMLButtonElement>('alert-ok').focus();
  }
}

function toast(t: { title: string; message: string; timeoutSeconds?: number }, error = false): void {
  const el = document.createElement('div');
  el.className = `toast${error ? ' error' : ''}`;
  el.innerHTML = `${t.title ? `<b>${escapeHtml(t.title)}</b>` : ''}${escapeHtml(t.message)}`;
  toasts.append(el);
  const seconds =
    t.timeoutSeconds === undefined || t.timeoutSeconds <= 0 ? (error ? 10 : 5) : t.timeoutSeconds;
  setTimeout(() => el.remove(), seconds * 1000);
  el.addEventListener('click', () => el.remove());
}

// ---- Grid

const cellAt = (row: number, col: number): CellView | undefined => view?.cells[`${row},${col}`];

function renderGrid(g: GridView): void {
  view = g;
  const widths = Array.from({ length: g.maxColumns }, (_, i) => g.columnWidths[String(i + 1)] ?? 100);
  const cols = `<colgroup><col style="width:46px">${widths.map((w) => `<col style="width:${w}px">`).join('')}</colgroup>`;
  const head = `<thead><tr><th class="corner"></th>${widths.map((_, i) => `<th>${letters(i + 1)}</th>`).join('')}</tr></thead>`;
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
  grid.style.width = `${46 + widths.reduce((a, b) => a + b, 0)}px`;
  grid.innerHTML = `${cols}${head}<tbody>${body.join('')}</tbody>`;
  for (const b of tabs.querySelectorAll('button')) b.classList.toggle('active', b.dataset.sheet === g.name);
  select(Math.min(selected.row, g.maxRows), Math.min(selected.col, g.maxColumns), false);
}

function cellHtml(r: number, c: number, cell: CellView | undefined): string {
  const a1 = `${letters(c)}${r}`;
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

function tdAt(row: number, col: number): HTMLTableCellElement | null {
  return grid.querySelector(`td[data-r="${row}"][data-c="${col}"]`);
}

function select(row: number, col: number, scroll = true): void {
  if (!view) return;
  row = Math.max(1, Math.min(row, view.rows));
  col = Math.max(1, Math.min(col, view.maxColumns));
  tdAt(selected.row, selected.col)?.classList.remove('sel');
  selected = { row, col };
  const td = tdAt(row, col);
  td?.classList.add('sel');
  if (scroll) td?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  cellName.textContent = `${letters(col)}${row}`;
  if (document.activeElement !== formula) formula.value = cellAt(row, col)?.f ?? '';
}

// ---- Actions

async function load(): Promise<void> {
  const q = new URLSearchParams();
  if (sheet) q.set('sheet', sheet);
  if (rowsWanted !== undefined) q.set('rows', String(rowsWanted));
  await showRequest(`/api/state?${q}`);
}

async function edit(row: number, col: number, input: string | boolean): Promise<void> {
  if (!sheet) return;
  await showRequest('/api/edit', { view: viewRequest(), sheet, row, col, input });
}

async function runMenuItem(fn: string): Promise<void> {
  let answer: Answer;
  try {
    answer = await request('/api/run', { view: viewRequest(), fn, args: [] });
  } catch (e) {
    toast({ title: `Cannot run ${fn}`, message: e instanceof Error ? e.message : String(e) }, true);
    return;
  }
  show(answer, false);
  if (!answer.ok) toast({ title: `Script error in ${fn}`, message: answer.error ?? '' }, true);
}

function startEdit(initial: string): void {
  const td = tdAt(selected.row, selected.col);
  const cell = cellAt(selected.row, selected.col);
  if (!td || cell?.cb !== undefined || cell?.ls) return;
  stopEdit(false);
  editor = document.createElement('input');
  editor.className = 'editor';
  editor.value = initial;
  td.append(editor);
  editor.focus();
  editor.setSelectionRange(initial.length, initial.length);
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      const at = { ...selected };
      stopEdit(true, at);
      if (e.key === 'Enter') select(at.row + 1, at.col);
      else select(at.row, at.col + 1);
      gridWrap.focus();
    } else if (e.key === 'Escape') {
      stopEdit(false);
      gridWrap.focus();
    }
    e.stopPropagation();
  });
  editor.addEventListener('input', () => {
    formula.value = editor?.value ?? '';
  });
  editor.addEventListener('blur', () => stopEdit(true));
}

function stopEdit(commit: boolean, at = selected): void {
  const e = editor;
  if (!e) return;
  editor = null;
  const value = e.value;
  e.remove();
  if (commit && value !== (cellAt(at.row, at.col)?.f ?? '')) void edit(at.row, at.col, value);
}

// ---- Events

grid.addEventListener('mousedown', (e) => {
  const td = (e.target as HTMLElement).closest('td[data-r]') as HTMLTableCellElement | null;
  if (!td || (e.target as HTMLElement).classList.contains('editor')) return;
  select(Number(td.dataset.r), Number(td.dataset.c), false);
});

grid.addEventListener('dblclick', (e) => {
  const td = (e.target as HTMLElement).closest('td[data-r]');
  if (td) startEdit(cellAt(selected.row, selected.col)?.f ?? '');
});

grid.addEventListener('change', (e) => {
  const target = e.target as HTMLElement;
  const td = target.closest('td[data-r]') as HTMLTableCellElement | null;
  if (!td) return;
  const [row, col] = [Number(td.dataset.r), Number(td.dataset.c)];
  if (target instanceof HTMLInputElement && target.type === 'checkbox') void edit(row, col, target.checked);
  else if (target instanceof HTMLSelectElement) void edit(row, col, target.value);
});

gridWrap.addEventListener('keydown', (e) => {
  if (editor || !view || e.target !== gridWrap) return;
  const moves: Record<string, [number, number]> = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
    Tab: [0, 1],
  };
  const move = moves[e.key];
  const cell = cellAt(selected.row, selected.col);
  if (move) {
    e.preventDefault();
    select(selected.row + move[0], selected.col + move[1]);
  } else if (e.key === 'Enter' || e.key === 'F2') {
    e.preventDefault();
    startEdit(cell?.f ?? '');
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    e.preventDefault();
    void edit(selected.row, selected.col, '');
  } else if (e.key === ' ' && cell?.cb !== undefined) {
    e.preventDefault();
    void edit(selected.row, selected.col, !cell.cb);
  } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    startEdit(e.key);
  }
});

gridWrap.addEventListener('scroll', () => {
  if (!view || busy > 0 || view.rows >= Math.min(view.maxRows, MAX_VIEW_ROWS)) return;
  if (gridWrap.scrollTop + gridWrap.clientHeight > gridWrap.scrollHeight - 300) {
    rowsWanted = Math.min(view.maxRows, MAX_VIEW_ROWS, view.rows + 200);
    void load();
  }
});

formula.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    void edit(selected.row, selected.col, formula.value);
    gridWrap.focus();
  } else if (e.key === 'Escape') {
    formula.value = cellAt(selected.row, selected.col)?.f ?? '';
    gridWrap.focus();
  }
});

tabs.addEventListener('click', (e) => {
  const b = (e.target as HTMLElement).closest('button[data-sheet]') as HTMLButtonElement | null;
  if (!b || b.dataset.sheet === sheet) return;
  sheet = b.dataset.sheet;
  rowsWanted = undefined;
  selected = { row: 1, col: 1 };
  gridWrap.scrollTo(0, 0);
  void load();
});

menus.addEventListener('click', (e) => {
  const target = e.target as HTMLElement;
  const item = target.closest('li[data-fn]') as HTMLElement | null;
  const menu = target.closest('.menu');
  for (const m of menus.querySelectorAll('.menu.open')) if (m !== menu || item) m.classList.remove('open');
  const fn = item?.dataset.fn;
  if (fn !== undefined) void runMenuItem(fn);
  else if (menu && target.tagName === 'BUTTON') menu.classList.toggle('open');
});

document.addEventListener('click', (e) => {
  if (!(e.target as HTMLElement).closest('#menus')) {
    for (const m of menus.querySelectorAll('.menu.open')) m.classList.remove('open');
  }
});

async function close(which: 'sidebar' | 'dialog'): Promise<void> {
  closed.add(which === 'sidebar' ? sidebarId : dialogId);
  if (which === 'sidebar') showSidebar(null);
  else showDialog(null);
  await showRequest('/api/close', { which, view: viewRequest() });
}

$('sidebar-close').addEventListener('click', () => void close('sidebar'));
$('dialog-close').addEventListener('click', () => void close('dialog'));
$('alert-ok').addEventListener('click', () => nextAlert());

// google.script.run from a sidebar or dialog: one request each; the answer goes back to that frame.
window.addEventListener('message', async (event) => {
  const from =
    event.source === sidebarFrame.contentWindow
      ? 'sidebar'
      : event.source === dialogFrame.contentWindow
        ? 'dialog'
        : undefined;
  if (!from) return;
  const data = event.data as { type?: string; id?: number; fn?: string; args?: unknown[]; height?: number };
  if (data?.type === 'gas-run') {
    const source = event.source as Window; // kept now: a frame closed meanwhile leaves event.source null
    const reply = (message: Record<string, unknown>) => {
      try {
        source.postMessage({ type: 'gas-result', id: data.id, ...message }, '*');
      } catch {
        // The sidebar or dialog was closed while its call ran: nobody waits for the answer.
      }
    };
    let answer: Answer;
    try {
      answer = await request('/api/run', { view: viewRequest(), fn: data.fn, args: data.args ?? [] });
    } catch (e) {
      reply({ ok: false, error: e instanceof Error ? e.message : String(e) });
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
    dialogFrame.style.height = `${data.height}px`;
  }
});

void load();
