// Building the sidebar's DOM. Every text from the sheet goes in as a text node: nothing is ever parsed as HTML.
type Child = Node | string | number | null | undefined | false;

export interface Props {
  readonly [name: string]: string | number | boolean | null | undefined | ((event: Event) => void);
}

/** An element with attributes (`on…` props become listeners) and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setProps(node, props);
  append(node, children);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element, built the same way. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  setProps(node, props);
  append(node, children);
  return node;
}

function setProps(node: Element, props: Props): void {
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') {
      node.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    } else if (name === 'checked' || name === 'value' || name === 'disabled' || name === 'selected') {
      (node as unknown as Record<string, unknown>)[name] = value;
      if (name === 'disabled' && value === true) node.setAttribute('disabled', '');
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
}

function append(node: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces an element's children. */
export function fill(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  append(node, children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The sidebar lacks #${id}`);
  return node as T;
}

let ids = 0;
/** A fresh id for a label's `for`. */
export const uid = (prefix: string): string => `${prefix}-${++ids}`;

/** A checkbox and the label wrapping it, so the whole line is clickable. */
export interface CheckboxLine {
  readonly label: HTMLLabelElement;
  readonly input: HTMLInputElement;
}

/** A checkbox with its label. */
export function checkboxLine(
  text: string,
  checked: boolean,
  onChange: (checked: boolean) => void,
  extra: { note?: string; disabled?: boolean; name?: string } = {},
): CheckboxLine {
  const input = el('input', {
    type: 'checkbox',
    checked,
    disabled: extra.disabled ?? false,
    name: extra.name,
    onchange: (e: Event) => onChange((e.target as HTMLInputElement).checked),
  });
  const label = el(
    'label',
    { class: `check${extra.disabled ? ' disabled' : ''}` },
    input,
    el('span', {}, text),
    extra.note ? el('span', { class: 'note' }, extra.note) : null,
  );
  return { label, input };
}

// ---- Focus and open details survive a redraw: elements carry data-focus and data-key names

const openDetails = new Set<string>();
let tracking = false;

/** A details element whose open state is remembered by `key` across redraws. */
export function foldable(key: string, summary: Child, ...content: Child[]): HTMLDetailsElement {
  if (!tracking) {
    tracking = true;
    document.addEventListener(
      'toggle',
      (e) => {
        const d = e.target as HTMLDetailsElement;
        const k = d.dataset?.key;
        if (!k) return;
        if (d.open) openDetails.add(k);
        else openDetails.delete(k);
      },
      true,
    );
  }
  return el(
    'details',
    { 'data-key': key, open: openDetails.has(key) },
    el('summary', { 'data-focus': `sum-${key}` }, summary),
    ...content,
  );
}

/** Redraws with `draw`, then puts the focus back on the element of the same data-focus name, or on `fallback`. */
export function redraw(draw: () => void, fallback?: () => HTMLElement | null): void {
  const key = (document.activeElement as HTMLElement | null)?.dataset?.focus;
  draw();
  if (!key) return;
  const target = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
  if (target && !(target as HTMLInputElement).disabled) target.focus();
  else fallback?.()?.focus();
}
