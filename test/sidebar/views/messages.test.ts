// Messages beside what the user did: one box shown at a time, its kind as a class, Reload only when offered and
// calling the controller only when pressed, a folded side opened to show its message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

const SPOTS = ['top', 'battle', 'side-0', 'side-1', 'roll', 'result', 'apply', 'log'];

async function page() {
  const p = await pages.fresh();
  await p.evaluate((spots) => {
    const host = document.getElementById('host');
    if (!host) throw new Error('no host');
    for (const spot of spots) {
      const box = document.createElement('div');
      box.id = `message-${spot}`;
      box.hidden = true;
      // side-1's box sits in a folded side, as in the sidebar.
      if (spot === 'side-1') {
        const d = document.createElement('details');
        d.id = 'fold';
        d.append(box);
        host.append(d);
      } else host.append(box);
    }
  }, SPOTS);
  return p;
}

describe('createMessagesView', () => {
  it('shows the message in its spot only, with its kind, and Reload calls the controller only when pressed', async () => {
    const p = await page();
    const got = await p.evaluate(() => {
      const { h } = window;
      const c = h.fakeController(h.initialState());
      const view = h.createMessagesView(c);
      const first = h.say(h.initialState(), 'battle', 'A battle needs a name.', {
        kind: 'error',
        reload: true,
      }).message;
      view.update(first, null);
      const before = [h.shownMessages(), c.calls.slice()];
      h.the('#message-battle button').click();
      const second = h.say(h.initialState(), 'log', 'Undone: Log row 3.', { kind: 'ok' }).message;
      view.update(second, first);
      return [before, c.calls.slice(), h.shownMessages()];
    });
    expect(got).toEqual([
      [[['message-battle', 'message error', 'A battle needs a name.Reload', ['Reload']]], []],
      [['reload']],
      [['message-log', 'message ok', 'Undone: Log row 3.', []]],
    ]);
  });

  it('opens a folded side to show its message, and hides every box when the message goes', async () => {
    const p = await page();
    const got = await p.evaluate(() => {
      const { h } = window;
      const view = h.createMessagesView(h.fakeController(h.initialState()));
      const m = h.say(h.initialState(), 'side-1', 'Avanil is on side A already.', { kind: 'error' }).message;
      const fold = h.the<HTMLDetailsElement>('#fold');
      const closed = fold.open;
      view.update(m, null);
      const after = [fold.open, h.shownMessages()];
      view.update(null, m);
      return [closed, after, h.shownMessages(), h.the('#message-side-1').childNodes.length];
    });
    expect(got).toEqual([
      false,
      [true, [['message-side-1', 'message error', 'Avanil is on side A already.', []]]],
      [],
      0,
    ]);
  });
});
