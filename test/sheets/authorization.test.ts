// A user who granted only some permissions (Google's granular consent) gets a message with the link that grants
// them, from every menu action and every sidebar call, before anything is read; the sidebar offers no Retry.
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../dev/gas';
import { sidebarFunctions } from '../../src/contract/api';
import { createController } from '../../src/sidebar/controller';
import { MENU_ITEMS } from '../../src/sheets/menu';
import { fakeServer, fixtureCampaign } from '../support/campaign-data';

/** The menu's actions that need no permission of the campaign's. */
const NO_CAMPAIGN = ['showFormulaReference', 'showHelp', 'checkSpreadsheet'];
const MISSING = ['https://www.googleapis.com/auth/spreadsheets'];

function ungranted() {
  const lw = loadWorkbook();
  lw.run('setUpSampleCampaign');
  lw.workbook.authorization.missing = MISSING;
  lw.workbook.ui.alerts.length = 0;
  lw.calls.reset();
  return lw;
}

describe('a permission not granted', () => {
  it.each(MENU_ITEMS.flatMap((i) => (i === 'separator' || NO_CAMPAIGN.includes(i[1]) ? [] : [i[1]])))(
    'the menu’s %s says so with the link, and reads nothing',
    (handler) => {
      const lw = ungranted();
      const before = JSON.stringify(lw.workbook.snapshot());
      lw.run(handler);
      expect(lw.workbook.ui.alerts).toEqual([expect.stringContaining(lw.workbook.authorization.url)]);
      expect(lw.workbook.ui.alerts[0]).toMatch(/^Warcard needs every permission it asks for/);
      expect(lw.calls.reads).toBe(0);
      expect(lw.workbook.ui.sidebar).toBeNull();
      expect(JSON.stringify(lw.workbook.snapshot())).toBe(before);
    },
  );

  it('the menu lets Google ask when even the message cannot be shown', () => {
    const lw = ungranted();
    lw.calls.failOn({ method: 'alert', message: 'You do not have permission to call Ui.alert.' });
    expect(() => lw.run('newRound')).toThrow('Authorization is required to perform that action.');
    expect(lw.workbook.authorization.prompts).toBe(1);
  });

  it.each(sidebarFunctions())('the sidebar’s %s answers with the link, and reads nothing', (name) => {
    const lw = ungranted();
    const answer = lw.run<{ ok: boolean; code: string; message: string }>(name, {});
    expect(answer).toMatchObject({ ok: false, code: 'authorization', campaign: null });
    expect(answer.message).toContain(lw.workbook.authorization.url);
    expect(lw.calls.reads).toBe(0);
  });

  it('the sidebar shows the link with no Retry, on opening and after a write', async () => {
    const message = 'Warcard needs every permission it asks for … https://authorize.invalid/warcard';
    const fake = fakeServer(fixtureCampaign, () => ({
      ok: false,
      code: 'authorization',
      message,
      campaign: null,
    }));
    const c = createController(fake.server);
    c.open({ ok: false, code: 'authorization', message, campaign: null });
    // The sidebar's own words say what to do once the link is followed: this sidebar cannot use the new rights.
    const then = `${message} Then open Warcard → Battle… again.`;
    expect(c.state.message).toMatchObject({ spot: 'top', kind: 'error', reload: false, text: then });
    c.open({ ok: true, campaign: fixtureCampaign() });
    await c.newRound();
    expect(c.state.message).toMatchObject({ kind: 'error', reload: false, text: then });
  });
});
