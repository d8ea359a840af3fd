// What the script showed around the grid, on the playground page: the sheet tabs, the menus onOpen built, the
// sidebar and dialog HtmlService showed (iframes with the google.script.run bridge), alerts and toasts.
import { escapeHtml, withBridge } from './cell-html';
import { dom } from './client-dom';
import type { HtmlView, StateView } from './protocol';

export type Panel = 'sidebar' | 'dialog';

const bridgeSource: unknown = JSON.parse(dom.bridgeSource.textContent ?? '""');
/** The output each panel shows (0: none). */
const shown: Record<Panel, number> = { sidebar: 0, dialog: 0 };
/** Outputs the user closed: an answer computed before the close may still name them. */
const closed = new Set<number>();
const alertQueue: string[] = [];

/** Shows the state of an answer: tabs (`sheet` the active one), menus, sidebar, dialog, alerts, toasts. */
export function showState(state: StateView, sheet: string | undefined): void {
  dom.docName.textContent = state.name;
  document.title = `${state.name} · Warcard playground`;
  renderTabs(state.sheets, sheet);
  renderMenus(state.menus);
  showPanel('sidebar', state.sidebar);
  showPanel('dialog', state.dialog);
  for (const a of state.alerts) showAlert(a);
  for (const t of state.toasts) toast(t);
  if (state.notes.length > 0) dom.status.title = state.notes.join('\n');
}

function renderTabs(names: string[], sheet: string | undefined): void {
  const key = names.join('\u0000') + (sheet ?? '');
  if (dom.tabs.dataset.key === key) return;
  dom.tabs.dataset.key = key;
  dom.tabs.innerHTML = names
    .map(
      (n) =>
        `<button data-sheet="${escapeHtml(n)}" class="${n === sheet ? 'active' : ''}">${escapeHtml(n)}</button>`,
    )
    .join('');
}

/** Marks the tab of the sheet on screen. */
export function markTab(sheet: string): void {
  for (const b of dom.tabs.querySelectorAll('button'))
    b.classList.toggle('active', b.dataset.sheet === sheet);
}

function renderMenus(list: StateView['menus']): void {
  const key = JSON.stringify(list);
  if (dom.menus.dataset.key === key) return;
  dom.menus.dataset.key = key;
  dom.menus.innerHTML = list
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

const frames = {
  sidebar: { box: dom.sidebar, title: dom.sidebarTitle, frame: dom.sidebarFrame },
  dialog: { box: dom.dialogBackdrop, title: dom.dialogTitle, frame: dom.dialogFrame },
};

/** Shows an output in a panel, or hides the panel (null, or an output the user closed). */
function showPanel(panel: Panel, v: HtmlView | null): void {
  const { box, title, frame } = frames[panel];
  if (!v || closed.has(v.id)) {
    if (shown[panel] !== 0) {
      box.hidden = true;
      frame.srcdoc = '';
      shown[panel] = 0;
    }
    return;
  }
  if (v.id === shown[panel]) return;
  shown[panel] = v.id;
  title.textContent = v.title;
  if (panel === 'dialog') {
    dom.dialog.style.width = `${v.width ?? 600}px`;
    frame.style.height = `${v.height ?? 400}px`;
  }
  box.hidden = false;
  frame.srcdoc = withBridge(v.content, typeof bridgeSource === 'string' ? bridgeSource : '');
}

/** The user closed a panel: hide it now, and never show that output again. */
export function closePanel(panel: Panel): void {
  closed.add(shown[panel]);
  showPanel(panel, null);
}

/** The panel whose frame a message came from. */
export function panelOf(source: MessageEventSource | null): Panel | undefined {
  if (source === null) return undefined;
  if (source === dom.sidebarFrame.contentWindow) return 'sidebar';
  if (source === dom.dialogFrame.contentWindow) return 'dialog';
  return undefined;
}

function showAlert(text: string): void {
  alertQueue.push(text);
  if (dom.alertBackdrop.hidden) nextAlert();
}

/** A message of the page's own (a hand edit refused), shown as the script's alerts are. */
export const alertUser = showAlert;

/** Asks OK or Cancel, as Sheets asks before a hand edit under a warning-only protection; true for OK. */
export function confirmUser(question: string): Promise<boolean> {
  dom.confirmText.textContent = question;
  dom.confirmBackdrop.hidden = false;
  dom.confirmOk.focus();
  return new Promise((resolve) => {
    const answer = (ok: boolean) => () => {
      dom.confirmBackdrop.hidden = true;
      dom.confirmOk.onclick = null;
      dom.confirmCancel.onclick = null;
      dom.gridWrap.focus();
      resolve(ok);
    };
    dom.confirmOk.onclick = answer(true);
    dom.confirmCancel.onclick = answer(false);
  });
}

/** Shows the next alert waiting, or closes the alert box. */
export function nextAlert(): void {
  const text = alertQueue.shift();
  dom.alertBackdrop.hidden = text === undefined;
  if (text !== undefined) {
    dom.alertText.textContent = text;
    dom.alertOk.focus();
  }
}

export function toast(t: { title: string; message: string; timeoutSeconds?: number }, error = false): void {
  const el = document.createElement('div');
  el.className = `toast${error ? ' error' : ''}`;
  el.innerHTML = `${t.title ? `<b>${escapeHtml(t.title)}</b>` : ''}${escapeHtml(t.message)}`;
  dom.toasts.append(el);
  // Google: a negative timeout keeps the toast until it is dismissed (a click here); none is 5 seconds.
  const seconds =
    t.timeoutSeconds === undefined || t.timeoutSeconds === 0 ? (error ? 10 : 5) : t.timeoutSeconds;
  if (seconds > 0) setTimeout(() => el.remove(), seconds * 1000);
  el.addEventListener('click', () => el.remove());
}
