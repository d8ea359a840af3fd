// Executions per battle with sealed plans and logged dice, in the emulation, run by sealed.mjs in a fresh
// process: the four combinations (open or sealed plans, Sidebar or Logged dice) played through, each person's
// Battle… and each call one execution, every call's answer checked. The campaign is the sidebar tests' own.
import { join } from 'node:path';
import { importTs, root } from './_lib.mjs';

const SKIRMISH = 'Filler skirmish';
const NAMED_UNITS = 10;
const PEOPLE = { a: 'north@example.com', b: 'south@example.com', gm: 'gm@example.com' };

export async function combination(sealed, dice) {
  const [gas, fixture, campaigns, preview, requests, casualties] = await Promise.all(
    [
      'dev/gas/index.ts',
      'test/support/campaign-sheets.ts',
      'src/contract/campaign.ts',
      'src/sidebar/preview-model.ts',
      'src/sidebar/requests.ts',
      'src/sidebar/casualties.ts',
    ].map(importTs),
  );
  const lw = gas.loadWorkbook({ codePath: join(root, 'dist/Code.js') });
  for (const [name, rows] of Object.entries(fixture.campaign(1_000 - NAMED_UNITS)))
    lw.workbook.put(name, 'A1', fixture.asTyped(rows));
  if (dice === 'Logged') lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  const steps = [];
  let ids = 0;
  /** One execution: a menu click or a google.script.run call, as `who`. */
  const execute = (who, name, ...args) => {
    lw.actAs(PEOPLE[who]);
    steps.push(`${who}: ${name}`);
    const answer = gas.toTransport(lw.run(name, ...gas.toTransport(args)));
    if (answer && answer.ok === false) throw new Error(`${name} as ${who} failed: ${answer.message}`);
    return answer;
  };
  const id = () => `bench-sealed-${++ids}`;
  if (sealed) {
    execute('a', 'openBattleSidebar');
    execute('a', 'sidebarSeal', { id: id(), battle: SKIRMISH, side: 0, plan: 'Encircle' });
    execute('b', 'openBattleSidebar');
    execute('b', 'sidebarSeal', { id: id(), battle: SKIRMISH, side: 1, plan: 'Trap' });
  }
  execute('gm', 'openBattleSidebar');
  const page = lw.workbook.ui.sidebar?.content ?? '';
  if (!page.includes(SKIRMISH)) throw new Error('the page Battle… showed does not carry the campaign');
  let campaign = null;
  let rolls = [[80, 20]];
  if (dice === 'Logged') {
    campaign = execute('gm', 'sidebarRoll', { id: id(), battle: SKIRMISH }).campaign;
    const listing = campaign.battles.find((b) => b.setup.name === SKIRMISH);
    rolls = listing?.logged ?? [];
  } else if (sealed) {
    campaign = execute('gm', 'sidebarReveal', { id: id(), battle: SKIRMISH }).campaign;
  } else {
    const m = /<script type="application\/json" id="load-answer">([^<]*)<\/script>/.exec(page);
    campaign = JSON.parse(m?.[1] ?? 'null').campaign;
  }
  const opened = campaigns.openCampaign(campaign);
  const setup = campaign.battles.find((b) => b.setup.name === SKIRMISH)?.setup;
  const o = preview.previewOf(opened, setup, rolls);
  if (!o.ok) throw new Error(o.problem);
  const body = requests.applyBody(opened, setup, o.preview, casualties.suggestedSelection(o.preview));
  execute('gm', 'sidebarApply', { id: id(), ...body });
  return { steps, total: steps.length };
}
