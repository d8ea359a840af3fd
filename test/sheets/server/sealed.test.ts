// Sealed plans and logged dice on the emulation, through the calls as google.script.run makes them: the seal
// kept out of every cell and every answer but its own side's, the reveal checked against the commitment, the
// logged roll in the Log before any apply, and Apply taking the logged rolls only.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { columnLetters, editsOf, type LoadedWorkbook } from '../../../dev/gas';
import { LOG_HEADERS } from '../../../src/sheets/log-sheets';
import type { CampaignData } from '../../../src/contract/campaign';
import { commitmentText, parseSeal } from '../../../src/contract/seal';
import { defined, type RollPair } from '../../../src/rules';
import {
  ANA,
  apply,
  BOB,
  call,
  everyCell,
  failed,
  FORD,
  GM,
  load,
  newestEntry,
  ok,
  open,
  page,
  requestFor,
  reveal,
  roll,
  seal,
  sealArmies,
  seatTable,
  seeded,
  setupOf,
  state,
  undo,
  values,
} from '../../support';
import { BATTLES_HEADER } from '../../../src/sheets/battle-formulas';
import { cellOf, cellsOf, columnPast, formulaOf, tableHeadersOf } from '../../support/columns';

/** A plan no cell of the fixture holds, so a scan for it finds only a leak. */
const SECRET = 'Encircle';

const battleOf = (data: CampaignData) =>
  defined(
    data.battles.find((b) => b.setup.name === FORD),
    FORD,
  );

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The Ford with Dice set to Logged. */
function logged(): LoadedWorkbook {
  const lw = open();
  lw.workbook.put('Settings', 'A4', [['Dice', 'Logged']]);
  return lw;
}

describe('sealing a plan', () => {
  it('keeps it out of every cell and every answer but its own side’s, the GM’s included', () => {
    const lw = open();
    seeded(lw);
    expect(everyCell(lw)).not.toContain(SECRET);
    lw.actAs(ANA);
    const sealed = ok(seal(lw, 0, SECRET));
    expect(sealed.message).toContain(SECRET); // the sealer's own answer
    const own = battleOf(ok(call<{ campaign: CampaignData }>(lw, 'sidebarLoad')).campaign);
    expect(own.seals[0]).toMatchObject({ by: ANA, sealed: true, plan: SECRET });
    expect(own.setup.sides[0].circumstances.plan).toBe('No plan');
    expect(page(lw)).toContain(SECRET);

    // The sheets: the Plan cell reads Sealed, the Sealed cell the commitment; the plan in no cell.
    expect(lw.workbook.read('Battles', cellOf('Battles', 'Plan', 2))).toEqual([['Sealed']]);
    const cell = String(lw.workbook.read('Battles', cellOf('Battles', 'Sealed', 2))[0]?.[0]);
    expect(cell).toMatch(/^Sealed by ana@example\.com, \d{4}-\d\d-\d\d \d\d:\d\d UTC #[0-9a-f]{12}$/);
    expect(everyCell(lw)).not.toContain(SECRET);
    const log = values(lw, 'Log');
    expect(log.at(-1)).toEqual(expect.arrayContaining(['Seal', FORD]));

    for (const who of [BOB, GM]) {
      lw.actAs(who);
      const answers = [
        JSON.stringify(call(lw, 'sidebarLoad')),
        page(lw),
        // Every write's answer: a save, the other side's seal, a refused apply.
        JSON.stringify(
          call(lw, 'sidebarSave', { setup: setupOf(load(lw), FORD), battle: battleOf(load(lw)).fingerprint }),
        ),
        JSON.stringify(apply(lw, requestFor(load(lw), setupOf(load(lw), FORD), [[90, 10]]))),
      ];
      if (who === BOB) answers.push(JSON.stringify(ok(seal(lw, 1, 'Hold'))));
      for (const answer of answers) expect(answer, who).not.toContain(SECRET);
      const seen = battleOf(load(lw));
      expect(seen.seals[0]).toEqual({
        by: ANA,
        when: expect.any(String),
        commitment: expect.stringMatching(/^[0-9a-f]{12}$/),
        sealed: true,
      });
    }
    expect(everyCell(lw)).not.toContain(SECRET);
  });

  it('seals its own side’s row when the two sides’ rows swap before any of its calls, or refuses', () => {
    // The two rows of a battle share its name: a seal finds its row by the side's armies, as a save does.
    const battles = (lw: LoadedWorkbook) => values(lw, 'Battles');
    const sideRow = (lw: LoadedWorkbook, army: string) => {
      const [head = [], ...rows] = battles(lw);
      const at = (h: string) => head.indexOf(h);
      const row = defined(
        rows.find((r) => r[at('Battle')] === FORD && String(r[at('Armies')]) === army),
        `the Ford's ${army} row`,
      );
      // By header, blanks left out: a write into the Sealed column makes the rows read wider.
      return Object.fromEntries(row.flatMap((v, i) => (v === '' ? [] : [[head[i], v]])));
    };
    const swap = (lw: LoadedWorkbook) => {
      const armies = (battles(lw)[0] ?? []).indexOf('Armies');
      editsOf(lw.workbook).sortRows(
        'Battles',
        (a, b) => Number(b[armies] === 'Ghoere') - Number(a[armies] === 'Ghoere'),
      );
    };
    // Both sides' Plan cells alike, so that only the row's identity, not its cells' values, tells them apart.
    const table = () => {
      const lw = open();
      seeded(lw);
      const [head = []] = battles(lw);
      const plan = columnLetters(head.indexOf('Plan') + 1);
      lw.workbook.put('Battles', `${plan}2:${plan}3`, [['Hold'], ['Hold']]);
      return lw;
    };
    const reference = table();
    reference.calls.reset();
    ok(seal(reference, 0, 'Trap'));
    // Between the seal's planning read of the Battles sheet and its check just before writing it (a swap before
    // the planning read makes the other side the first row, the request's side 0; one after the check is in the
    // instant no script can see).
    const log = reference.calls.log;
    const battlesRead = (c: (typeof log)[number]) =>
      c.sheet === 'Battles' && (c.method === 'getValues' || c.method === 'getSheetValues');
    const planned = log.findIndex(battlesRead) + 1;
    const firstWrite = log.findIndex((c) => c.sheet === 'Battles' && c.kind === 'write') + 1;
    const checked = log.slice(0, firstWrite - 1).reduce((last, c, i) => (battlesRead(c) ? i + 1 : last), 0);
    expect(checked).toBeGreaterThan(planned);
    for (let k = planned + 1; k <= checked; k++) {
      const lw = table();
      const ghoere = sideRow(lw, 'Ghoere');
      const avanil = sideRow(lw, 'Avanil');
      lw.calls.reset();
      const edit = lw.calls.editBefore(k, () => swap(lw));
      const answer = seal(lw, 0, 'Trap');
      lw.calls.clearEdits();
      if (!edit.ran) swap(lw);
      expect(sideRow(lw, 'Ghoere'), `before call ${k}`).toEqual(ghoere);
      const plan = sideRow(lw, 'Avanil').Plan;
      if (answer.ok) {
        expect(plan, `before call ${k}`).toBe('Sealed');
      } else expect(sideRow(lw, 'Avanil'), `before call ${k}: ${answer.message}`).toEqual(avanil);
    }
  });

  it('seals the side with the armies the sidebar loaded, when the rows were sorted before the seal; refuses if neither has them', () => {
    const lw = open();
    seatTable(lw, [
      [GM, 'GM', ''],
      [BOB, 'Player', 'Ghoere'],
    ]);
    const [head = []] = values(lw, 'Battles');
    const armies = head.indexOf('Armies');
    const plan = columnLetters(head.indexOf('Plan') + 1);
    const planOf = (army: string) => {
      const row = values(lw, 'Battles').findIndex((r) => r[0] === FORD && r[armies] === army) + 1;
      return lw.workbook.read('Battles', `${plan}${row}`)[0]?.[0];
    };
    // Loaded with Avanil first (side 0); Ghoere's row sorted first before the GM seals.
    const loaded = load(lw);
    const side0 = defined(
      loaded.battles.find((b) => b.setup.name === FORD),
      FORD,
    ).setup.sides[0].armies;
    expect(side0).toEqual(['Avanil']);
    editsOf(lw.workbook).sortRows(
      'Battles',
      (a, b) => Number(b[armies] === 'Ghoere') - Number(a[armies] === 'Ghoere'),
    );
    const before = state(lw);
    const nobody = failed(sealArmies(lw, 0, ['Nobody'], 'Trap'));
    expect([nobody.code, nobody.message]).toEqual([
      'stale',
      `Neither side of battle "${FORD}" has the armies Nobody any more: its Battles rows changed since the sidebar loaded. Nothing was written.`,
    ]);
    expect(state(lw)).toEqual(before);
    // Ghoere's player, sending armies no side has, is refused as one who may not seal them.
    lw.actAs(BOB);
    const bob = failed(sealArmies(lw, 0, ['Nobody'], 'Trap'));
    expect(bob.code).toBe('refused');
    expect(state(lw)).toEqual(before);
    lw.actAs(GM);
    ok(sealArmies(lw, 0, side0, 'Trap'));
    expect([planOf('Avanil'), planOf('Ghoere')]).toEqual(['Sealed', 'Hold']);
    // An older sidebar's request, without armies, names the side by its row: the first row is Ghoere's now.
    ok(seal(lw, 0, 'Trap'));
    expect(planOf('Ghoere')).toBe('Sealed');
  });

  it('finds the side whose Armies cell names its army twice, or in another case, by the armies sent once', () => {
    const lw = open();
    const [head = []] = values(lw, 'Battles');
    const armies = columnLetters(head.indexOf('Armies') + 1);
    const plan = columnLetters(head.indexOf('Plan') + 1);
    lw.workbook.put('Battles', `${armies}2`, [['Avanil, AVANIL']]);
    ok(sealArmies(lw, 1, ['avanil'], 'Trap'));
    expect(lw.workbook.read('Battles', `${plan}2:${plan}3`).map((r) => r[0])).toEqual(['Sealed', 'Hold']);
  });

  it('is revealed by a GM with the salt, matching SHA-256 of PLAN:SALT, both plans in their Plan cells', () => {
    const lw = open();
    lw.actAs(ANA);
    ok(seal(lw, 0, SECRET));
    lw.actAs(BOB);
    ok(seal(lw, 1, 'Hold'));
    lw.actAs(GM);
    const answer = ok(reveal(lw));
    expect(answer.message).toMatch(/Plans revealed: Avanil Encircle .*Ghoere Hold/);
    expect(lw.workbook.read('Battles', cellsOf('Battles', 'Plan', 2, 3))).toEqual([[SECRET], ['Hold']]);
    for (const [row, plan] of [
      [cellOf('Battles', 'Sealed', 2), SECRET],
      [cellOf('Battles', 'Sealed', 3), 'Hold'],
    ] as const) {
      const s = defined(parseSeal(lw.workbook.read('Battles', row)[0]?.[0]) ?? undefined, row);
      expect(s.revealed?.plan).toBe(plan);
      expect(s.revealed?.salt).toMatch(/^[A-Za-z0-9]{16,}$/);
      expect(sha(commitmentText(plan, s.revealed?.salt ?? '')).slice(0, 12)).toBe(s.commitment);
    }
    expect(values(lw, 'Log').at(-1)).toEqual(expect.arrayContaining(['Reveal', FORD]));
    // Nothing left in the properties: the plans are on the sheet now.
    expect([...lw.workbook.properties.keys()].filter((k) => k.startsWith('warcard.seal.'))).toEqual([]);
    // And the battle is fought on the revealed plans, the report telling each seal.
    const data = load(lw);
    expect(battleOf(data).setup.sides.map((s) => s.circumstances.plan)).toEqual([SECRET, 'Hold']);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), [[90, 10]])));
    const report = String(applied.campaign.entries[0]?.report);
    expect(report).toMatch(
      /Plan sealed by ana@example\.com, .* \(commitment #[0-9a-f]{12}\), revealed at the roll: Encircle/,
    );
    expect(report).toMatch(/Plan sealed by bob@example\.com, .*revealed at the roll: Hold/);
  });

  it('refuses a tampered plan at the reveal, naming the side, writing nothing', () => {
    const lw = open();
    lw.actAs(ANA);
    ok(seal(lw, 0, SECRET));
    const [key, kept] = defined(
      [...lw.workbook.properties].find(([k]) => k.startsWith('warcard.seal.')),
      'the kept seal',
    );
    lw.workbook.properties.set(key, kept.replace(SECRET, 'Hold'));
    lw.actAs(GM);
    const before = everyCell(lw);
    const refused = failed(reveal(lw));
    expect(refused.message).toMatch(/The sealed plan of Avanil does not match its commitment #[0-9a-f]{12}/);
    expect(everyCell(lw)).toBe(before);
    // Gone altogether: named too.
    lw.workbook.properties.delete(key);
    expect(failed(reveal(lw)).message).toMatch(
      /The sealed plan of Avanil .* is not kept in this spreadsheet/,
    );
  });

  it('seals again before the roll with a new commitment and a Seal entry; refuses after the roll', () => {
    const lw = logged();
    lw.actAs(ANA);
    ok(seal(lw, 0, SECRET));
    const first = lw.workbook.read('Battles', cellOf('Battles', 'Sealed', 2))[0]?.[0];
    ok(seal(lw, 0, 'Trap'));
    const second = lw.workbook.read('Battles', cellOf('Battles', 'Sealed', 2))[0]?.[0];
    expect(second).not.toBe(first);
    expect(values(lw, 'Log').filter((r) => r.includes('Seal'))).toHaveLength(2);
    // One kept seal: the first one's is forgotten.
    expect([...lw.workbook.properties.keys()].filter((k) => k.startsWith('warcard.seal.'))).toHaveLength(1);
    lw.actAs(GM);
    ok(roll(lw));
    lw.actAs(ANA);
    expect(failed(seal(lw, 0, 'Hold')).message).toMatch(/rolled already/);
  });

  it('shows Plans sealed in BATTLES, with no win chance and no result', () => {
    const lw = open();
    // A second BATTLES a column right of the table's gap, with room for its block.
    const [from, to] = [2, BATTLES_HEADER.length + 1].map((k) =>
      columnLetters(tableHeadersOf('Battles').length + k),
    );
    lw.workbook.put('Battles', `${columnPast('Battles', 2)}1`, [['']]); // room for the block
    lw.workbook.put('Battles', `${from}1`, [[formulaOf('Battles')]]);
    lw.actAs(ANA);
    ok(seal(lw, 0, SECRET));
    lw.workbook.recalculate();
    const [a, b] = lw.workbook.read('Battles', `${from}2:${to}3`);
    expect(a?.[6]).toBe('Plans sealed');
    expect(b?.[6]).toBe('Plans sealed');
    expect([a?.[4], b?.[4], a?.[5], a?.[7]]).toEqual(['', '', '', '']);
    expect(typeof a?.[3]).toBe('number');
  });
});

describe('logged dice', () => {
  it('draws on the server, logs the roll before any apply, and Apply takes the logged rolls only', () => {
    const lw = logged();
    lw.actAs(GM);
    const rolled = ok(roll(lw));
    expect(rolled.message).toMatch(/^Rolled Avanil \d+, Ghoere \d+/);
    const rolls = lw.workbook.read('Battles', cellsOf('Battles', 'Roll', 2, 3)).map((r) => r[0]) as number[];
    expect(rolls.every((r) => Number.isInteger(r) && r >= 1 && r <= 100)).toBe(true);
    const entry = defined(values(lw, 'Log').at(-1), 'the Roll entry');
    expect(entry).toEqual(expect.arrayContaining(['Roll', FORD]));
    const listing = battleOf(rolled.campaign);
    const pairs = defined(listing.logged, 'the logged pairs') as RollPair[];
    expect(pairs.at(-1)).toEqual(rolls);

    const data = load(lw);
    const other: RollPair[] = [[rolls[0] === 100 ? 1 : 100, rolls[1] === 1 ? 2 : 1]];
    const refused = failed(apply(lw, requestFor(data, setupOf(data, FORD), other)));
    expect(refused.message).toMatch(/Apply takes the logged rolls only/);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
  });

  it('refuses Apply before a logged roll; a Roll cell typed over the logged roll neither voids nor replaces it', () => {
    const lw = logged();
    const data = load(lw);
    expect(failed(apply(lw, requestFor(data, setupOf(data, FORD), [[90, 10]]))).message).toMatch(
      /has no logged roll: the server rolls and logs the dice before a battle is applied\. Nothing was written\.$/,
    );
    const rolled = ok(roll(lw, 'the-roll'));
    const pairs = defined(battleOf(rolled.campaign).logged, 'pairs') as RollPair[];
    const last = defined(pairs.at(-1), 'the deciding pair');
    const typed = last[0] === 77 ? 76 : 77;
    lw.workbook.put('Battles', cellOf('Battles', 'Roll', 2), [[typed]]);
    const now = load(lw);
    // The sidebar still sends the logged pairs: the typed number is not a roll.
    expect(battleOf(now).logged).toEqual(pairs);
    const applied = ok(apply(lw, requestFor(now, setupOf(now, FORD), pairs)));
    expect(applied.message).toContain(
      `The Roll cells held ${typed}-${last[1]}, not the logged roll ${last[0]}-${last[1]} (Log entry the-roll): the logged roll stands, and the cells hold it again.`,
    );
    expect(lw.workbook.read('Battles', cellsOf('Battles', 'Roll', 2, 3))).toEqual([[last[0]], [last[1]]]);
    expect(values(lw, 'Log').filter((r) => r.includes('Roll'))).toHaveLength(1);
  });

  /** The Ford with Logged dice, rolled by the GM: its pairs, and the roll keys the properties hold. */
  const rolledByGm = () => {
    const lw = logged();
    lw.actAs(GM);
    const rollKeys = () => [...lw.workbook.properties.keys()].filter((k) => k.startsWith('warcard.roll.'));
    const pairs = defined(battleOf(ok(roll(lw)).campaign).logged, 'the logged pairs') as RollPair[];
    return { lw, rollKeys, pairs };
  };

  it('forgets a logged roll once its battle is applied, keeps it again on undo, and forgets it on the next apply', () => {
    const { lw, rollKeys, pairs } = rolledByGm();
    const [key] = rollKeys();
    const kept = JSON.parse(defined(lw.workbook.properties.get(defined(key, 'the key')), 'the roll')) as {
      entry: string;
    };
    // The Roll entry on the Log is the one kept.
    expect(values(lw, 'Log').some((r) => r.includes(kept.entry) && r.includes('Roll'))).toBe(true);
    let data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
    expect(rollKeys()).toEqual([]);
    const undone = ok(undo(lw, newestEntry(applied.campaign).id));
    expect(undone.message).toMatch(
      new RegExp(`Its logged roll \\(Log entry ${kept.entry}\\) stands for applying it again\\.$`),
    );
    expect(rollKeys()).toEqual([key]);
    // The roll kept again, and with it the plans it binds (the ones its Battles rows hold).
    expect(JSON.parse(defined(lw.workbook.properties.get(defined(key, 'the key')), 'the roll'))).toEqual({
      entry: kept.entry,
      pairs,
      plans: {
        entry: kept.entry,
        sides: [
          { side: 'avanil', plan: expect.any(String) },
          { side: 'ghoere', plan: expect.any(String) },
        ],
      },
    });
    data = load(lw);
    expect(battleOf(data).logged).toEqual(pairs);
    ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
    expect(rollKeys()).toEqual([]);
  });

  it('a roll that cannot be forgotten leaves the apply written, and the applied battle shows no logged roll', () => {
    const { lw, rollKeys, pairs } = rolledByGm();
    const data = load(lw);
    const fault = lw.calls.failOn({ method: 'deleteProperty', message: 'Service unavailable' });
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
    expect(fault.fired).toBe(1);
    expect(rollKeys()).toHaveLength(1);
    expect(battleOf(applied.campaign).logged).toBeUndefined();
    expect(battleOf(load(lw)).logged).toBeUndefined();
  });

  it('an undone battle whose Roll entry was changed by hand is not given its roll again: the answer says so', () => {
    const { lw, rollKeys, pairs } = rolledByGm();
    let data = load(lw);
    const applied = ok(apply(lw, requestFor(data, setupOf(data, FORD), pairs)));
    const rollRow = values(lw, 'Log').findIndex((r) => r.includes('Roll') && r.includes(FORD)) + 1;
    const rollsA = columnLetters(LOG_HEADERS.indexOf('Rolls A') + 1);
    lw.workbook.put('Log', `${rollsA}${rollRow}`, [['101']]);
    const undone = ok(undo(lw, newestEntry(applied.campaign).id));
    expect(undone.message).toMatch(
      /\. Its logged roll was not found on the Log rows read: battle "Ford of Avanil" needs a new logged roll before it is applied again\.$/,
    );
    expect(rollKeys()).toEqual([]);
    data = load(lw);
    expect(battleOf(data).logged).toBeUndefined();
    expect(failed(apply(lw, requestFor(data, setupOf(data, FORD), pairs))).message).toMatch(
      /has no logged roll/,
    );
  });

  it('rolls again as a new logged roll, both in the Log', () => {
    const lw = logged();
    ok(roll(lw));
    ok(roll(lw));
    expect(values(lw, 'Log').filter((r) => r.includes('Roll'))).toHaveLength(2);
  });

  it('reveals the sealed plans inside the roll, in one call', () => {
    const lw = logged();
    lw.actAs(ANA);
    ok(seal(lw, 0, SECRET));
    lw.actAs(GM);
    const rolled = ok(roll(lw));
    expect(rolled.message).toMatch(/^Plans revealed: Avanil Encircle \(#[0-9a-f]{12}\)\. Rolled/);
    expect(lw.workbook.read('Battles', cellOf('Battles', 'Plan', 2))).toEqual([[SECRET]]);
  });

  it('is refused with Dice Sidebar: the sidebar rolls', () => {
    const lw = open();
    expect(failed(roll(lw)).message).toMatch(/Dice: Sidebar/);
  });
});
