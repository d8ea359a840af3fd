// Save (sidebar/save.ts) on the emulation: only the cells that change.
import { describe, expect, it } from 'vitest';
import type { Written } from '../../../src/contract/api';
import { defined } from '../../../src/rules';
import { call, FORD, failed, load, newId, ok, open, setupOf, state } from './helpers';

describe('save: one call, only the cells that change', () => {
  it('appends a new battle, then refuses a second save of that name as new', () => {
    const lw = open();
    const data = load(lw);
    const setup = { ...setupOf(data, FORD), name: 'Second ford' };
    const saved = ok(call<Written>(lw, 'sidebarSave', { setup, battle: null }));
    expect(saved.message).toBe('Saved battle "Second ford" on Battles rows 6-7.');
    expect(lw.workbook.read('Battles', 'A6:C7')).toEqual([
      ['Second ford', 'Avanil', 'Avanil'],
      ['Second ford', 'Ghoere', 'Ghoere'],
    ]);
    expect(failed(call(lw, 'sidebarSave', { setup, battle: null })).code).toBe('stale');
  });

  it('writes the one changed cell of a battle and leaves a formula beside it', () => {
    const lw = open();
    lw.workbook.put('Battles', 'B2', [['="Avanil"']]);
    const data = load(lw);
    const listing = defined(data.battles[0], 'the first battle');
    const setup = structuredClone(listing.setup) as typeof listing.setup;
    (setup.sides[0].circumstances as { plan: string }).plan = 'Full charge';
    lw.calls.reset();
    ok(call(lw, 'sidebarSave', { setup, battle: listing.fingerprint }));
    expect(lw.calls.byMethod.setValues).toBe(1);
    expect(lw.workbook.read('Battles', 'Z2')).toEqual([['Full charge']]);
    expect(lw.workbook.cell('Battles', 'B2').formula).toBe('="Avanil"');
  });

  it('refuses hostile input with a message, writing nothing', () => {
    const lw = open();
    const before = state(lw);
    expect(failed(call(lw, 'sidebarSave', { setup: { name: 'x'.repeat(500) }, battle: null })).message).toBe(
      'The battle name is too long (500 characters; 200 at most).',
    );
    expect(failed(call(lw, 'sidebarApply', { id: 'a b', setup: {} })).message).toBe(
      'The request has no valid id: reload the sidebar.',
    );
    expect(failed(call(lw, 'sidebarNewRound', null)).message).toBe(
      'The request has no valid id: reload the sidebar.',
    );
    expect(state(lw)).toEqual(before);
    void newId;
  });
});
