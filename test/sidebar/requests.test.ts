// The write requests as the sidebar sends them, on plain data.
import { describe, expect, it } from 'vitest';
import { openCampaign } from '../../src/contract/campaign';
import { suggestedSelection, toggle } from '../../src/sidebar/casualties';
import { previewOf } from '../../src/sidebar/preview-model';
import { applyBody, expectation, idFor, newId } from '../../src/sidebar/requests';
import { fixtureCampaign, fordOf, HOSTILE_NAME } from '../support/campaign-data';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;

describe('the apply request', () => {
  const o = previewOf(campaign, ford, [[90, 10]]);
  if (!o.ok) throw new Error(o.problem);
  const p = o.preview;

  it('carries the setup, rolls, chosen units by row and name, and the fingerprints it was built on', () => {
    const sel = toggle(p, toggle(p, suggestedSelection(p), 1, 8, 'captured', true), 1, 9, 'pursued', true);
    const body = applyBody(campaign, ford, p, sel);
    expect(body.setup).toBe(ford);
    expect(body.rolls).toEqual([[90, 10]]);
    expect(body.captured).toEqual([{ row: 8, name: 'Ghoere Horse' }]);
    expect(body.pursued).toEqual([{ row: 9, name: 'Ghoere Elite' }]);
    // The suggestion, with the captured Horse routed; the pursued Elite neither destroyed nor routed.
    expect(body.losses).toEqual([
      { destroyed: [{ row: 4, name: 'Anuire Guard' }], routed: [{ row: 5, name: HOSTILE_NAME }] },
      {
        destroyed: [{ row: 10, name: 'Ghoere Engines' }],
        routed: [
          { row: 6, name: 'Ghoere Levy 1' },
          { row: 8, name: 'Ghoere Horse' },
        ],
      },
    ]);
    expect(body.expect).toEqual({
      settings: 'settings-1',
      armies: { Avanil: 'army-avanil-1', Ghoere: 'army-ghoere-1' },
      battle: 'battle-ford-1',
    });
  });

  it('expects no battle rows for a battle not on the sheet', () => {
    expect(expectation(campaign, { ...ford, name: 'A new fight' }).battle).toBeNull();
  });

  it('makes ids the server accepts, and sends the same id again only for the same body', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9-]{6,64}$/);
    expect(newId(0, () => 35)).toBe('0-0000z0000z');
    let n = 0;
    const fresh = () => `id-${++n}`;
    const first = idFor(null, { a: 1 }, fresh);
    expect(idFor(first, { a: 1 }, fresh)).toBe(first);
    expect(idFor(first, { a: 2 }, fresh).id).toBe('id-2');
  });
});
