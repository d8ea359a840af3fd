// The sidebar's DOM helpers and band chart in a real browser (Debian's Chromium, no network): text from the
// sheet stays text, props become attributes, properties or listeners, and a redraw keeps the user's focus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from './bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`
    import * as dom from './src/sidebar/dom';
    window.under = dom;
  `);
});
afterAll(async () => {
  await pages?.close();
});

const fresh = () => pages.fresh();

declare global {
  interface Window {
    under: typeof import('../../src/sidebar/dom');
  }
}

describe('el, svg and fill', () => {
  it('puts text from the sheet in as text, numbers too, and leaves out null, undefined and false', async () => {
    const p = await fresh();
    const html = await p.evaluate(() => {
      const { el } = window.under;
      return el(
        'p',
        { class: 'note', title: 'A & B' },
        '<img src=x onerror=alert(1)>',
        42,
        null,
        undefined,
        false,
      ).outerHTML;
    });
    expect(html).toBe('<p class="note" title="A &amp; B">&lt;img src=x onerror=alert(1)&gt;42</p>');
  });

  it('sets checked, value and disabled as properties, true as an empty attribute, and skips false and null', async () => {
    const p = await fresh();
    const got = await p.evaluate(() => {
      const { el } = window.under;
      const box = el('input', { type: 'checkbox', checked: true, disabled: true, hidden: false, name: null });
      const text = el('input', { type: 'text', value: 'Ford', required: true, 'data-focus': 'name' });
      return {
        box: [
          box.checked,
          box.disabled,
          box.getAttribute('disabled'),
          box.hasAttribute('hidden'),
          box.hasAttribute('name'),
        ],
        text: [text.value, text.getAttribute('value'), text.getAttribute('required'), text.dataset.focus],
      };
    });
    expect(got).toEqual({ box: [true, true, '', false, false], text: ['Ford', null, '', 'name'] });
  });

  it('makes on… props listeners of the lower-cased event', async () => {
    const p = await fresh();
    const clicks = await p.evaluate(() => {
      const { el } = window.under;
      let n = 0;
      const button = el('button', {
        onClick: () => {
          n++;
        },
      });
      button.click();
      button.click();
      return [n, button.hasAttribute('onClick'), button.getAttributeNames()];
    });
    expect(clicks).toEqual([2, false, []]);
  });

  it('builds SVG in the SVG namespace, and fill replaces every child', async () => {
    const p = await fresh();
    const got = await p.evaluate(() => {
      const { svg, el, fill } = window.under;
      const line = svg('line', { x1: 0, x2: 10, class: 'axis' });
      const host = el('div', {}, 'old', el('span', {}, 'older'));
      fill(host, 'new', el('b', {}, 1));
      return [line.namespaceURI, line.outerHTML, host.innerHTML];
    });
    expect(got).toEqual([
      'http://www.w3.org/2000/svg',
      '<line x1="0" x2="10" class="axis"></line>',
      'new<b>1</b>',
    ]);
  });
});

describe('byId and uid', () => {
  it('finds an element or says which one the sidebar lacks', async () => {
    const p = await fresh();
    const got = await p.evaluate(() => {
      const { byId } = window.under;
      let message = '';
      try {
        byId('nope');
      } catch (e) {
        message = (e as Error).message;
      }
      return [byId('host').id, message];
    });
    expect(got).toEqual(['host', 'The sidebar lacks #nope']);
  });

  it('gives fresh ids, counting up', async () => {
    const p = await fresh();
    expect(await p.evaluate(() => [window.under.uid('plan'), window.under.uid('castle')])).toEqual([
      'plan-1',
      'castle-2',
    ]);
  });
});

describe('checkboxLine', () => {
  it('wraps the box in its label with its note, and reports each change', async () => {
    const p = await fresh();
    const got = await p.evaluate(() => {
      const { checkboxLine } = window.under;
      const seen: boolean[] = [];
      const line = checkboxLine('Home realm', false, (on) => seen.push(on), {
        note: '+5%',
        name: 'homeRealm',
      });
      document.body.append(line.label);
      line.input.click();
      line.input.click();
      const off = checkboxLine('Mire', true, () => {}, { disabled: true });
      return {
        html: line.label.outerHTML,
        wraps: line.input.parentElement === line.label,
        seen,
        off: [off.label.className, off.input.checked, off.input.disabled],
      };
    });
    expect(got).toEqual({
      html: '<label class="check"><input type="checkbox" name="homeRealm"><span>Home realm</span><span class="note">+5%</span></label>',
      wraps: true,
      seen: [true, false],
      off: ['check disabled', true, true],
    });
  });
});

describe('foldable and redraw', () => {
  it('remembers a fold opened by the user when it is built again', async () => {
    const p = await fresh();
    await p.evaluate(() => {
      const { foldable, fill, byId } = window.under;
      fill(byId('host'), foldable('bands', 'Band chances', 'table'));
      const fold = document.querySelector('[data-key="bands"]') as HTMLDetailsElement;
      // The toggle event comes after the change, as the browser queues it: wait for that event (the fold's own
      // listener, added first, has run by then), not for a timer that need not come after it.
      const toggled = new Promise((r) => fold.addEventListener('toggle', r, { once: true }));
      fold.open = true;
      return toggled;
    });
    const got = await p.evaluate(() => {
      const { foldable } = window.under;
      const again = foldable('bands', 'Band chances', 'table');
      const other = foldable('answers', 'Answers');
      return [again.open, other.open, again.querySelector('summary')?.dataset.focus];
    });
    expect(got).toEqual([true, false, 'sum-bands']);
  });

  it('puts the focus back on the element of the same data-focus after a redraw', async () => {
    const p = await fresh();
    const focused = await p.evaluate(() => {
      const { el, fill, byId, redraw } = window.under;
      const host = byId('host');
      const draw = () =>
        fill(host, el('input', { 'data-focus': 'castle-0' }), el('button', { 'data-focus': 'roll' }));
      draw();
      (host.querySelector('[data-focus="castle-0"]') as HTMLInputElement).focus();
      const before = document.activeElement;
      redraw(draw);
      return [document.activeElement !== before, (document.activeElement as HTMLElement).dataset.focus];
    });
    expect(focused).toEqual([true, 'castle-0']);
  });

  it('falls back when the focused element is gone or disabled, and leaves the focus alone when none had it', async () => {
    const p = await fresh();
    const got = await p.evaluate(() => {
      const { el, fill, byId, redraw } = window.under;
      const host = byId('host');
      const fallback = el('button', { 'data-focus': 'heading' });
      const focusIn = (disabled: boolean) => {
        fill(host, el('input', { 'data-focus': 'castle-0' }), fallback);
        (host.querySelector('input') as HTMLInputElement).focus();
        return () =>
          fill(host, disabled ? el('input', { 'data-focus': 'castle-0', disabled: true }) : null, fallback);
      };
      const where = () =>
        document.activeElement === document.body
          ? 'body'
          : (document.activeElement as HTMLElement).dataset.focus;
      redraw(focusIn(false));
      const goneNoFallback = where();
      redraw(focusIn(false), () => fallback);
      const gone = where();
      redraw(focusIn(true), () => fallback);
      const disabled = where();
      (document.activeElement as HTMLElement).blur();
      redraw(
        () => {},
        () => fallback,
      );
      return [goneNoFallback, gone, disabled, where()];
    });
    expect(got).toEqual(['body', 'heading', 'heading', 'body']);
  });
});
