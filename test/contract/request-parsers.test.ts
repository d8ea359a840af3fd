// The door of the sidebar's write requests, on plain data: what the sidebar sends passes unchanged; each field
// sent wrong in each way is refused, naming the field (the cases: ./crafted.ts).
import { describe, expect, it } from 'vitest';
import type { ApplyRequest } from '../../src/contract/api';
import { openCampaign } from '../../src/contract/campaign';
import {
  type ParsedRequest,
  parseApplyRequest,
  parseNewRoundRequest,
  parseSaveRequest,
  parseSealRequest,
  parseUndoRequest,
} from '../../src/contract/request-parsers';
import { suggestedSelection, toggle } from '../../src/sidebar/casualties';
import { previewOf } from '../../src/sidebar/preview-model';
import { applyBody, newId } from '../../src/sidebar/requests';
import { newSetup, withArmy } from '../../src/sidebar/battle-setup';
import { fixtureCampaign, fordOf } from '../support/campaign-data';
import { APPLY_CASES, changed, NEW_ROUND_CASES, SAVE_CASES, UNDO_CASES } from './crafted';

const data = fixtureCampaign();
const campaign = openCampaign(data);
const ford = fordOf(data).setup;

/** The apply request the sidebar sends for the Ford, with a capture and a pursuit chosen. */
function sidebarApply(): ApplyRequest {
  const o = previewOf(campaign, ford, [[90, 10]]);
  if (!o.ok) throw new Error(o.problem);
  const p = o.preview;
  const sel = toggle(p, toggle(p, suggestedSelection(p), 1, 8, 'captured', true), 1, 9, 'pursued', true);
  return { id: newId(), ...applyBody(campaign, ford, p, sel) };
}
const saved = { setup: ford, battle: fordOf(data).fingerprint };

function refusal<T>(p: ParsedRequest<T>): { field: string; message: string } {
  if (p.ok) throw new Error(`accepted: ${JSON.stringify(p.value).slice(0, 200)}`);
  expect(p.error.name).toBe('RequestError');
  return { field: p.error.field, message: p.error.message };
}

describe('parseApplyRequest', () => {
  it('passes the sidebar’s own request unchanged', () => {
    const request = sidebarApply();
    expect(request.captured.length + request.pursued.length).toBe(2);
    expect(parseApplyRequest(structuredClone(request))).toEqual({ ok: true, value: request });
  });

  it('trims names and counts an army listed twice (as a Battles cell may) once', () => {
    const request = sidebarApply();
    const named = changed(request, ['setup', 'name'], ' Ford of Avanil ');
    const p = parseApplyRequest(changed(named, ['setup', 'sides', 0, 'armies'], ['Avanil', ' avanil']));
    expect(p.ok && p.value.setup).toEqual(request.setup);
  });

  it.each(APPLY_CASES)('refuses %s, naming the field', (_, path, value, expected) => {
    expect(refusal(parseApplyRequest(changed(sidebarApply(), path, value)))).toEqual(expected);
  });
});

describe('parseSaveRequest', () => {
  it('passes what the sidebar saves: a listed battle with its fingerprint, a new one with null', () => {
    expect(parseSaveRequest(structuredClone(saved))).toEqual({ ok: true, value: saved });
    let setup = newSetup('Skirmish');
    for (const [i, army] of [
      [0, 'Avanil'],
      [1, 'Ghoere'],
    ] as const) {
      const next = withArmy(setup, i, army, true);
      if (!next.ok) throw new Error(next.refused);
      setup = next.setup;
    }
    expect(parseSaveRequest({ setup, battle: null })).toEqual({ ok: true, value: { setup, battle: null } });
  });

  it.each(SAVE_CASES)('refuses %s, naming the field', (_, path, value, expected) => {
    expect(refusal(parseSaveRequest(changed(saved, path, value)))).toEqual(expected);
  });
});

describe('parseUndoRequest and parseNewRoundRequest', () => {
  it('pass the entry or id the sidebar sends', () => {
    expect(parseUndoRequest({ entry: 'e-raid-1' })).toEqual({ ok: true, value: { entry: 'e-raid-1' } });
    const id = newId();
    expect(parseNewRoundRequest({ id })).toEqual({ ok: true, value: { id } });
  });

  it.each(UNDO_CASES)('undo refuses %s', (_, path, value, expected) => {
    expect(refusal(parseUndoRequest(changed({ entry: 'e-raid-1' }, path, value)))).toEqual(expected);
  });

  it.each(NEW_ROUND_CASES)('new round refuses %s', (_, path, value, expected) => {
    expect(refusal(parseNewRoundRequest(changed({ id: newId() }, path, value)))).toEqual(expected);
  });
});

describe('parseSealRequest', () => {
  const sent = { id: 'seal-000001', battle: 'Ford of Avanil', side: 1, armies: ['Ghoere'], plan: 'Trap' };

  it('passes what the sidebar sends, and an older sidebar’s request without the side’s armies', () => {
    expect(parseSealRequest(sent)).toEqual({ ok: true, value: sent });
    const { armies: _, ...older } = sent;
    expect(parseSealRequest(older)).toEqual({ ok: true, value: older });
    // An army named twice is one army, as in a setup's side.
    expect(parseSealRequest({ ...sent, armies: ['Ghoere', ' ghoere '] })).toEqual({ ok: true, value: sent });
  });

  it.each([
    ['side 2', { side: 2 }, 'side'],
    ['plan "Nuke"', { plan: 'Nuke' }, 'plan'],
    ['no armies in the list', { armies: [] }, 'armies'],
    ['a blank army', { armies: ['Ghoere', ' '] }, 'armies[1]'],
    ['armies as text', { armies: 'Ghoere' }, 'armies'],
    ['a field of its own', { realm: 'Ghoere' }, 'realm'],
  ] as const)('refuses %s, naming the field', (_, change, field) => {
    expect(refusal(parseSealRequest({ ...sent, ...change })).field).toBe(field);
  });

  it('refuses an army holding the Armies cell’s separator, saying why', () => {
    expect(refusal(parseSealRequest({ ...sent, armies: ['Ghoere, east'] }))).toEqual({
      field: 'armies[0]',
      message:
        'Army "Ghoere, east" has a comma in its name, and the Armies cell separates armies with commas: it would read back as two armies. Rename the army on Units (and Characters) without a comma.',
    });
    expect(refusal(parseSealRequest({ ...sent, armies: [] })).message).toBe(
      "Refused: the request's armies is empty. Nothing was written.",
    );
  });
});
