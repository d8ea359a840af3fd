// The playground page's elements (index.html), found once. A missing one is an Error naming it: the page and
// the client disagree.

function element<T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`The playground page has no ${type.name} #${id}`);
  return found;
}

export const dom = {
  docName: element('doc-name', HTMLSpanElement),
  menus: element('menus', HTMLElement),
  status: element('status', HTMLSpanElement),
  actingAs: element('acting-as', HTMLSelectElement),
  cellName: element('cell-name', HTMLSpanElement),
  formula: element('formula', HTMLInputElement),
  gridWrap: element('grid-wrap', HTMLDivElement),
  grid: element('grid', HTMLTableElement),
  tabs: element('tabs', HTMLElement),
  sidebar: element('sidebar', HTMLElement),
  sidebarTitle: element('sidebar-title', HTMLSpanElement),
  sidebarClose: element('sidebar-close', HTMLButtonElement),
  sidebarFrame: element('sidebar-frame', HTMLIFrameElement),
  dialogBackdrop: element('dialog-backdrop', HTMLDivElement),
  dialog: element('dialog', HTMLDivElement),
  dialogTitle: element('dialog-title', HTMLSpanElement),
  dialogClose: element('dialog-close', HTMLButtonElement),
  dialogFrame: element('dialog-frame', HTMLIFrameElement),
  alertBackdrop: element('alert-backdrop', HTMLDivElement),
  alertText: element('alert-text', HTMLDivElement),
  alertOk: element('alert-ok', HTMLButtonElement),
  confirmBackdrop: element('confirm-backdrop', HTMLDivElement),
  confirmText: element('confirm-text', HTMLDivElement),
  confirmOk: element('confirm-ok', HTMLButtonElement),
  confirmCancel: element('confirm-cancel', HTMLButtonElement),
  toasts: element('toasts', HTMLDivElement),
  rowMenu: element('row-menu', HTMLDivElement),
  bridgeSource: element('bridge-source', HTMLScriptElement),
};
