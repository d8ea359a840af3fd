// One side's setup form: the state's values put into the fields, the groups that do not apply turned off with
// the reason, and each field's change sent to the controller as one call (a refused castle level sends none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlePage, bundlePage } from '../bundle-page';

let pages: BundlePage;
beforeAll(async () => {
  pages = await bundlePage(`import * as h from './test/sidebar/views/harness'; window.h = h;`);
});
afterAll(async () => {
  await pages?.close();
});

/** The form of side `index` of the Ford (Ghoere's castle level `castle`), synced, locked or not: what it shows. */
async function shown(index: 0 | 1, locked = false, castle = 0) {
  const p = await pages.fresh();
  return p.evaluate(
    ({ index, locked, castle }) => {
      const { h } = window;
      const ford = h.fordState();
      const setup = h.withSide(ford.setup, 1, (s) => {
        s.circumstances.castleLevel = castle;
      });
      const c = h.fakeController({ ...ford, setup });
      const catalogue = ford.catalogue;
      const campaign = ford.campaign;
      if (!catalogue || !campaign) throw new Error('the fixture is not loaded');
      const form = h.createSideForm(index, catalogue, campaign.data.armies, c);
      h.the('#host').append(form.element);
      form.sync(setup, locked);
      const root = form.element;
      const text = (sel: string) => h.the(sel, root).textContent;
      const set = (sel: string) => h.the<HTMLFieldSetElement>(sel, root);
      const label = h.the<HTMLInputElement>('input[type=text]', root);
      return {
        locked: [set('fieldset.side-form').disabled, h.the('p.note', root).hidden],
        label: [label.value, label.placeholder],
        armies: [...root.querySelectorAll('fieldset.armies label')].map((l) => [
          l.querySelector('input')?.checked,
          l.textContent,
        ]),
        defender: h.the<HTMLInputElement>('label.defender input', root).checked,
        plan: h.the<HTMLSelectElement>('select', root).value,
        summary: text('summary'),
        ticked: [
          ...root.querySelectorAll<HTMLInputElement>('.circumstances input[type=checkbox]:checked'),
        ].map((i) => i.dataset.focus),
        castle: h.the<HTMLInputElement>('input.small-number', root).value,
        defense: [
          set('.group-defense').disabled,
          set('.group-defense').className,
          text('.group-defense > p:last-child'),
        ],
        assault: [set('.group-assault').disabled, text('.group-assault > p')],
        calls: c.calls,
      };
    },
    { index, locked, castle },
  );
}

describe('createSideForm: what it shows', () => {
  it('shows side A of the Ford: its name, armies (and where the others are), plan, one circumstance set', async () => {
    expect(await shown(0)).toEqual({
      locked: [false, true],
      label: ['Avanil', 'Avanil'], // the name typed, and the placeholder: a side unnamed is called by its first army
      armies: [
        [true, 'Avanil4/4 ready'],
        [false, 'Ghoere(on Ghoere)4/5 ready'],
        [false, 'Rjurik1/1 ready'],
      ],
      defender: false,
      plan: 'Normal attack',
      summary: 'Circumstances (1 set)',
      ticked: ['morale-homeRealm-0'],
      castle: '0',
      defense: [true, 'group group-defense off', 'Only the defender gets these: tick “This side defends”.'],
      assault: [true, 'Only when attacking a defender with a castle level.'],
      calls: [],
    });
  });

  it('opens the defence group to the defender, and the castle assault to its enemy once it has a castle', async () => {
    const b = await shown(1, false, 2);
    expect([b.label, b.defender, b.plan, b.summary, b.ticked, b.castle, b.defense, b.assault]).toEqual([
      ['Ghoere', 'Ghoere'],
      true,
      'Hold',
      'Circumstances (2 set)',
      ['defense-riverCrossed-1'],
      '2',
      [false, 'group group-defense', ''],
      [true, 'Only when attacking a defender with a castle level.'],
    ]);
    const a = await shown(0, false, 2);
    expect(a.assault).toEqual([false, 'Artillery units count +2 each, from the roster.']);
  });

  it('turns the whole form off and says why once the battle is applied', async () => {
    const a = await shown(0, true);
    expect([a.locked, a.calls]).toEqual([[true, false], []]);
  });
});

/** Does `act` to side A's form of the Ford; the controller's calls and the castle field's state after. */
async function acted(act: 'label' | 'tick' | 'plan' | 'defender' | 'castle-bad' | 'castle-good' | 'army') {
  const p = await pages.fresh();
  return p.evaluate((act) => {
    const { h } = window;
    const ford = h.fordState();
    const c = h.fakeController(ford);
    const catalogue = ford.catalogue;
    const campaign = ford.campaign;
    if (!catalogue || !campaign) throw new Error('the fixture is not loaded');
    const form = h.createSideForm(0, catalogue, campaign.data.armies, c);
    h.the('#host').append(form.element);
    form.sync(ford.setup, false);
    const root = form.element;
    const type = (sel: string, value: string) => {
      const input = h.the<HTMLInputElement>(sel, root);
      input.focus();
      input.value = value;
      input.dispatchEvent(new Event('input'));
    };
    const tick = (sel: string) => h.the<HTMLInputElement>(sel, root).click();
    if (act === 'label') type('input[type=text]', 'Avanil and allies');
    if (act === 'tick') tick('[data-focus="terrain-higherGround-0"]');
    if (act === 'defender') tick('label.defender input');
    if (act === 'castle-bad') type('input.small-number', '$100');
    if (act === 'castle-good') {
      type('input.small-number', '$100');
      type('input.small-number', '3');
    }
    if (act === 'army') tick('[data-focus="army-0-Rjurik"]');
    if (act === 'plan') {
      const select = h.the<HTMLSelectElement>('select', root);
      select.value = 'Encircle';
      select.dispatchEvent(new Event('change'));
    }
    const castle = h.the<HTMLInputElement>('input.small-number', root);
    const side = (call: unknown[]) => {
      const setup = call[1] as typeof ford.setup;
      const s = setup.sides[0];
      return { label: s.label, ...s.circumstances };
    };
    return {
      calls: c.calls.map((call) => (call[0] === 'change' ? ['change', side(call)] : call)),
      castle: [castle.getAttribute('aria-invalid'), h.the('p.field-problem', root).textContent],
      rjurik: h.the<HTMLInputElement>('[data-focus="army-0-Rjurik"]', root).checked,
    };
  }, act);
}

describe('createSideForm: what each change calls', () => {
  it('sends the side name as typed', async () => {
    const got = await acted('label');
    expect(got.calls).toEqual([['change', expect.objectContaining({ label: 'Avanil and allies' })]]);
  });

  it('sends a ticked circumstance in its group, the others kept', async () => {
    const got = await acted('tick');
    expect(got.calls).toHaveLength(1);
    expect(got.calls[0]).toEqual([
      'change',
      expect.objectContaining({
        label: 'Avanil',
        terrain: expect.objectContaining({ higherGround: true }),
        morale: expect.objectContaining({ homeRealm: true }),
      }),
    ]);
  });

  it('sends the plan chosen', async () => {
    const got = await acted('plan');
    expect(got.calls).toEqual([['change', expect.objectContaining({ plan: 'Encircle', label: 'Avanil' })]]);
  });

  it('sends this side as the defender', async () => {
    const got = await acted('defender');
    expect(got.calls).toEqual([['change', expect.objectContaining({ defender: true })]]);
  });

  it('refuses a castle level of "$100" under the field, in its label’s words, and marks the preview not worked out', async () => {
    expect(await acted('castle-bad')).toEqual({
      calls: [['fieldProblem', 'castle-0', 'Avanil’s castle level: a whole number from 0 to 100 (got $100)']],
      castle: ['true', 'Castle level: a whole number from 0 to 100 (got $100)'],
      rjurik: false,
    });
  });

  it('clears the refusal and sends the castle level once it is a number', async () => {
    const got = await acted('castle-good');
    expect(got.castle).toEqual([null, '']);
    expect(got.calls).toEqual([
      ['fieldProblem', 'castle-0', 'Avanil’s castle level: a whole number from 0 to 100 (got $100)'],
      ['fieldProblem', 'castle-0', null],
      ['change', expect.objectContaining({ castleLevel: 3 })],
    ]);
  });

  it('asks the controller for an army and shows the box as the state has it (here unchanged)', async () => {
    const got = await acted('army');
    expect([got.calls, got.rjurik]).toEqual([[['army', 0, 'Rjurik', true]], false]);
  });
});

describe('createSideForm: an army not in the roster', () => {
  it('says so in BATTLES’ words with the closest known army, and replaces or drops it in one click', async () => {
    const p = await pages.fresh();
    const got = await p.evaluate(() => {
      const { h } = window;
      const ford = h.fordState();
      const setup = h.withSide(ford.setup, 0, (s) => {
        s.armies = ['Avnail', 'Qwerty'];
      });
      const s = { ...ford, setup };
      const c = h.fakeController(s);
      if (!s.catalogue || !s.campaign) throw new Error('the fixture is not loaded');
      const form = h.createSideForm(0, s.catalogue, s.campaign.data.armies, c);
      h.the('#host').append(form.element);
      form.sync(s.setup, false);
      const lines = [...form.element.querySelectorAll('.unknown-army')];
      const shown = lines.map((l) => [
        h.the('p', l).textContent,
        [...l.querySelectorAll('button')].map((b) => b.textContent),
      ]);
      for (const b of form.element.querySelectorAll<HTMLButtonElement>('.unknown-army button')) b.click();
      const calls = c.calls;
      // Synced to a setup without them, the lines go.
      form.sync(ford.setup, false);
      return { shown, calls, left: form.element.querySelectorAll('.unknown-army').length };
    });
    expect(got).toEqual({
      shown: [
        [
          'Army "Avnail" is not in the roster: no unit or character has that Army: did you mean "Avanil"?',
          ['Replace with Avanil', 'Drop “Avnail”'],
        ],
        ['Army "Qwerty" is not in the roster: no unit or character has that Army.', ['Drop “Qwerty”']],
      ],
      // Through the controller's army changes, which refuse an army the other side has.
      calls: [
        ['renameArmy', 0, 'Avnail', 'Avanil'],
        ['army', 0, 'Avnail', false],
        ['army', 0, 'Qwerty', false],
      ],
      left: 0,
    });
  });
});
