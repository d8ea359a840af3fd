// The Battle picker: the Battles sheet's battles and a new one, the new battle's name, Save off and relabelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

type Case = 'ford' | 'new' | 'saving' | 'unread';

async function drawn(which: Case) {
  const p = await pages.fresh();
  return p.evaluate((which) => {
    const { h } = window;
    const ford = h.fordState();
    const states = {
      ford,
      new: h.pick(ford, null),
      saving: { ...h.pick(ford, null), busy: 'save' as const },
      unread: h.initialState(),
    };
    const base = states[which];
    const s =
      which === 'new' || which === 'saving'
        ? { ...base, setup: { ...base.setup, name: 'Hill fight' } }
        : base;
    const ui = {
      select: document.createElement('select'),
      nameRow: document.createElement('div'),
      nameInput: document.createElement('input'),
      saveButton: document.createElement('button'),
      section: document.createElement('section'),
    };
    h.renderPicker(ui, s, null);
    return {
      options: [...ui.select.options].map((o) => [o.value, o.text]),
      value: ui.select.value,
      nameHidden: ui.nameRow.hidden,
      name: ui.nameInput.value,
      save: [ui.saveButton.textContent, ui.saveButton.disabled],
      busy: ui.section.getAttribute('aria-busy'),
    };
  }, which);
}

describe('renderPicker', () => {
  it('lists New battle… and each battle with its armies, marks the applied one, and selects the one shown', async () => {
    expect(await drawn('ford')).toEqual({
      options: [
        ['__new__', 'New battle…'],
        ['Ford of Avanil', 'Ford of Avanil (Avanil vs Ghoere)'],
        ['Northern raid', 'Northern raid (Rjurik vs Ghoere) — applied'],
      ],
      value: 'Ford of Avanil',
      nameHidden: true,
      name: '',
      save: ['Save to Battles sheet', false],
      busy: null,
    });
  });

  it('shows the name row with the new battle’s name when New battle… is picked', async () => {
    const got = await drawn('new');
    expect([got.value, got.nameHidden, got.name, got.save]).toEqual([
      '__new__',
      false,
      'Hill fight',
      ['Save to Battles sheet', false],
    ]);
  });

  it('turns Save off and relabels it while saving, the section aria-busy', async () => {
    const got = await drawn('saving');
    expect([got.save, got.busy]).toEqual([['Saving…', true], 'true']);
  });

  it('offers only New battle… and no Save before the campaign is read', async () => {
    const got = await drawn('unread');
    expect([got.options, got.value, got.save]).toEqual([
      [['__new__', 'New battle…']],
      '__new__',
      ['Save to Battles sheet', true],
    ]);
  });

  it('keeps what the user is typing in the name, and keeps the options when the campaign is the same', async () => {
    const p = await pages.fresh();
    const got = await p.evaluate(() => {
      const { h } = window;
      const s = h.pick(h.fordState(), null);
      const ui = {
        select: document.createElement('select'),
        nameRow: document.createElement('div'),
        nameInput: document.createElement('input'),
        saveButton: document.createElement('button'),
        section: document.createElement('section'),
      };
      document.body.append(ui.nameInput);
      h.renderPicker(ui, s, null);
      const first = ui.select.options[1];
      ui.nameInput.focus();
      ui.nameInput.value = 'Hill f';
      h.renderPicker(ui, { ...s, setup: { ...s.setup, name: 'Hill' } }, s);
      return [ui.nameInput.value, ui.select.options[1] === first];
    });
    expect(got).toEqual(['Hill f', true]);
  });
});
