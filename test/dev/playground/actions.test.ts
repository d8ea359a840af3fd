// The playground page's actions on an open workbook: run a script function (only those listed), edit a cell as
// a user types (validation, onEdit), view a sheet (bounds), close a sidebar; every answer recalculated.
import { describe, expect, it } from 'vitest';
import { loadWorkbook, PROTECTED_MESSAGE, type ValidationSpec } from '../../../dev/gas';
import { playgroundActions } from '../../../dev/playground/actions';
import { UNCONFIRMED_MESSAGE } from '../../../dev/playground/hand-edits';
import { TurnedDown } from '../../../dev/playground/guard';

const CODE = `
function onOpen() { SpreadsheetApp.getUi().createMenu('Warcard').addItem('Touch', 'touch').addToUi(); }
function touch(text) { SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units').getRange('A1').setValues([[text || 'touched']]); return 'done ' + text; }
function boom() { SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units').getRange('A2').setValues([['half']]); throw new Error('The army is gone'); }
function odd() { return function () {}; }
function secret_() { return 1; }
function showSidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>hi</p>').setTitle('Battle')); }
function yourSidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>You: ' + Session.getActiveUser().getEmail() + '</p>').setTitle('Battle')); }
function pickySidebar() { var who = Session.getActiveUser().getEmail(); if (who !== 'owner@example.com') throw new Error('Not for ' + who); SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>GM</p>').setTitle('Battle')); }
function yourDialog() { SpreadsheetApp.getUi().showModalDialog(HtmlService.createHtmlOutput('<p>' + Session.getActiveUser().getEmail() + '</p>'), 'Check'); }
function onEdit(e) { e.source.getSheetByName('Units').getRange(e.range.getRow(), 2).setValues([['was ' + (e.oldValue === undefined ? 'blank' : e.oldValue) + ', now ' + e.value]]); }
/** @customfunction */
function DOUBLE(x) { return x * 2; }
`;

function open(code = CODE) {
  const env = loadWorkbook({ code });
  env.workbook.put('Units', 'A1', [
    ['Unit', ''],
    ['Guards', ''],
  ]);
  env.workbook.addSheet('Armies', { rows: 20, columns: 5 });
  if (env.has('onOpen')) env.run('onOpen', {});
  const counts = { persist: 0, forget: 0 };
  const printed: string[] = [];
  const actions = playgroundActions(
    {
      env,
      notes: ['a note'],
      save: () => undefined,
      persist: () => {
        counts.persist++;
      },
      forget: () => {
        counts.forget++;
      },
    },
    [
      'touch',
      'boom',
      'odd',
      'secret_',
      'showSidebar',
      'yourSidebar',
      'pickySidebar',
      'yourDialog',
      'toString',
    ],
    (line) => printed.push(line),
  );
  return { env, wb: env.workbook, actions, counts, printed };
}

/**
 * Elin, a player, after Protect realms: Units A2:B2 (and the rows below, `rows` in all) are the GM's, and Armies
 * (standing for the Log) only warns.
 */
function guarded(rows = 1) {
  const opened = open();
  const { env, wb } = opened;
  wb.put('Units', 'A3', [['Scouts'], ['Pikes']]);
  wb.people.owner = 'gm@example.com';
  env.actAs('gm@example.com');
  const units = { row: 2, col: 1, numRows: rows, numCols: 2 };
  const theirs = wb.people.add('RANGE', wb.sheetOrThrow('Units'), units);
  theirs.editors = [];
  const log = wb.people.add('RANGE', wb.sheetOrThrow('Armies'), { row: 1, col: 1, numRows: 20, numCols: 5 });
  log.warningOnly = true;
  env.actAs('elin@example.com');
  return opened;
}

/** The refusal an action throws: its status and message. */
function refusal(f: () => unknown): [number, string] {
  try {
    f();
  } catch (e) {
    if (e instanceof TurnedDown) return [e.status, e.message];
    throw e;
  }
  throw new Error('no refusal');
}

describe('run', () => {
  it('runs a listed function with its arguments, saves, and answers its result and state', () => {
    const { wb, actions, counts } = open();
    const answer = actions.run({ fn: 'touch', args: ['Knights'] });
    expect([answer.ok, answer.result, answer.error]).toEqual([true, 'done Knights', undefined]);
    expect(wb.read('Units', 'A1')).toEqual([['Knights']]);
    expect(counts).toEqual({ persist: 1, forget: 1 });
    expect(answer.state.sheets).toEqual(['Units', 'Armies']);
    expect(answer.state.menus).toEqual([
      { caption: 'Warcard', items: [{ caption: 'Touch', functionName: 'touch' }] },
    ]);
    expect(answer.state.notes).toEqual(['a note']);
    expect(answer.grid?.name).toBe('Units');
    expect(answer.grid?.cells['1,1']?.d).toBe('Knights');
  });

  it('a function that throws: not ok, its message, and what it wrote before is kept and saved', () => {
    const { wb, actions, counts } = open();
    const answer = actions.run({ fn: 'boom', args: [] });
    expect([answer.ok, answer.error]).toEqual([false, 'The army is gone']);
    expect(wb.read('Units', 'A2')).toEqual([['half']]);
    expect(counts).toEqual({ persist: 1, forget: 1 });
  });

  it('a result google.script.run cannot carry: not ok, saying so', () => {
    const { actions } = open();
    const answer = actions.run({ fn: 'odd', args: [] });
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(
      /^odd returned a value google\.script\.run cannot carry \(Google passes null instead\): /,
    );
  });

  it.each([
    ['not in the list', 'onEdit'],
    ['private (ends in _)', 'secret_'],
    ['inherited, not in Code.js', 'toString'],
    ['missing', 'nothing'],
  ])('refuses a function %s with 404, running nothing', (_, fn) => {
    const { wb, actions, counts } = open();
    expect(refusal(() => actions.run({ fn, args: [] }))).toEqual([404, `Script function not found: ${fn}`]);
    expect(counts).toEqual({ persist: 0, forget: 0 });
    expect(wb.read('Units', 'A1')).toEqual([['Unit']]);
  });

  it('an argument google.script.run cannot carry: 400, running nothing', () => {
    const { wb, actions } = open();
    const [status] = refusal(() => actions.run({ fn: 'touch', args: [() => 1] }));
    expect(status).toBe(400);
    expect(wb.read('Units', 'A1')).toEqual([['Unit']]);
  });

  it('a sidebar the script opens is in the state, and close removes it', () => {
    const { actions } = open();
    const shown = actions.run({ fn: 'showSidebar', args: [] });
    expect(shown.state.sidebar).toEqual({ id: 1, title: 'Battle', content: '<p>hi</p>' });
    const closed = actions.close({ which: 'sidebar' });
    expect(closed.state.sidebar).toBeNull();
  });
});

describe('edit', () => {
  it('writes the typed text, fires onEdit with the old and new values, and saves', () => {
    const { wb, actions, counts } = open();
    const answer = actions.edit({ sheet: 'units', row: 2, col: 1, input: 'Archers' });
    expect(answer.ok).toBe(true);
    expect(wb.read('Units', 'A2:B2')).toEqual([['Archers', 'was Guards, now Archers']]);
    expect(counts).toEqual({ persist: 1, forget: 1 });
  });

  it('a formula is a formula, and custom functions are computed in the answer', () => {
    const { wb, actions } = open();
    actions.edit({ sheet: 'Armies', row: 1, col: 1, input: '21' });
    const answer = actions.edit({ sheet: 'Armies', row: 1, col: 2, input: '=DOUBLE(A1)' });
    expect(wb.cell('Armies', 'B1')).toEqual({ value: 42, display: '42', formula: '=DOUBLE(A1)' });
    expect(answer.grid?.name).toBe('Units');
  });

  it('an onEdit that throws is printed; the edit stays', () => {
    const { wb, actions, printed } = open(`function onEdit() { throw new Error('Not now'); }`);
    const answer = actions.edit({ sheet: 'Units', row: 1, col: 1, input: 'x' });
    expect(answer.ok).toBe(true);
    expect(printed).toEqual(['[onEdit] Not now']);
    expect(wb.read('Units', 'A1')).toEqual([['x']]);
  });

  it('a value the rule refuses: not ok, the help text, nothing written', () => {
    const { wb, actions, counts } = open();
    const rule: ValidationSpec = {
      criteria: 'NUMBER_BETWEEN',
      values: [1, 5],
      allowInvalid: false,
      helpText: 'Morale is 1 to 5',
    };
    wb.setMeta(wb.sheetOrThrow('Armies'), { row: 1, col: 1, numRows: 1, numCols: 1 }, 'validation', rule);
    const answer = actions.edit({ sheet: 'Armies', row: 1, col: 1, input: '9' });
    expect([answer.ok, answer.error]).toEqual([false, 'Invalid: Morale is 1 to 5']);
    expect(wb.read('Armies', 'A1')).toEqual([['']]);
    expect(counts.persist).toBe(0);
    expect(actions.edit({ sheet: 'Armies', row: 1, col: 1, input: '4' }).ok).toBe(true);
    expect(wb.read('Armies', 'A1')).toEqual([[4]]);
  });

  it.each([
    [{ sheet: 'Battles', row: 1, col: 1 }, 'No sheet "Battles"'],
    [{ sheet: 'Armies', row: 21, col: 1 }, 'Row 21, column 1 is outside sheet "Armies" (20 rows, 5 columns)'],
    [{ sheet: 'Armies', row: 1, col: 6 }, 'Row 1, column 6 is outside sheet "Armies" (20 rows, 5 columns)'],
  ])('refuses %j with 400: %s', (where, message) => {
    const { actions, counts } = open();
    expect(refusal(() => actions.edit({ ...where, input: 'x' }))).toEqual([400, message]);
    expect(counts.persist).toBe(0);
  });
});

describe('edits typed since the last answer, in one request', () => {
  it('takes them in the order typed, fires onEdit for each, and saves once', () => {
    const { wb, actions, counts } = open();
    const answer = actions.edits({
      edits: [
        { sheet: 'Units', row: 2, col: 1, input: 'Archers' },
        { sheet: 'Units', row: 3, col: 1, input: 'Scouts' },
        { sheet: 'Units', row: 2, col: 1, input: 'Pikes' },
      ],
    });
    expect(answer.ok).toBe(true);
    expect(wb.read('Units', 'A2:B3')).toEqual([
      ['Pikes', 'was Archers, now Pikes'],
      ['Scouts', 'was blank, now Scouts'],
    ]);
    expect(counts).toEqual({ persist: 1, forget: 1 });
  });

  it('a hand edit into a protection the person may not edit is refused in Google’s words; the others go on', () => {
    const { wb, actions, counts } = guarded();
    const answer = actions.edits({
      view: { sheet: 'Units' },
      edits: [
        { sheet: 'Units', row: 3, col: 1, input: 'Bowmen' },
        { sheet: 'Units', row: 2, col: 1, input: 'Mine now' },
        { sheet: 'Units', row: 4, col: 1, input: 'Lancers' },
      ],
    });
    expect([answer.ok, answer.error]).toEqual([false, `Units!A2: ${PROTECTED_MESSAGE}`]);
    expect(wb.read('Units', 'A2:A4')).toEqual([['Guards'], ['Bowmen'], ['Lancers']]);
    expect(counts.persist).toBe(1);
    // The page is told where a hand edit is refused and where it is asked first.
    expect(answer.grid?.guards).toEqual([{ box: [2, 1, 1, 2] }]);
    expect(actions.state({ sheet: 'Armies', rows: 20 }).grid?.guards).toEqual([
      { box: [1, 1, 20, 5], warn: 1 },
    ]);
  });

  it('a hand edit under a warning-only protection goes in with the person’s OK, and is refused without it', () => {
    const { wb, actions } = guarded();
    const unasked = actions.edit({ sheet: 'Armies', row: 1, col: 1, input: 'typed' });
    expect([unasked.ok, unasked.error]).toEqual([false, `Armies!A1: ${UNCONFIRMED_MESSAGE}`]);
    expect(wb.read('Armies', 'A1')).toEqual([['']]);
    expect(actions.edit({ sheet: 'Armies', row: 1, col: 1, input: 'typed', confirmed: true }).ok).toBe(true);
    expect(wb.read('Armies', 'A1')).toEqual([['typed']]);
  });

  it('the owner edits every protected cell, is asked under a warning-only one, and is told of no other', () => {
    const { env, wb, actions } = guarded();
    env.actAs('gm@example.com');
    expect(actions.edit({ sheet: 'Units', row: 2, col: 1, input: 'Pikes' }).ok).toBe(true);
    expect(wb.read('Units', 'A2')).toEqual([['Pikes']]);
    expect(actions.state({ sheet: 'Units' }).grid?.guards).toBeUndefined();
    expect(actions.state({ sheet: 'Armies', rows: 20 }).grid?.guards).toEqual([
      { box: [1, 1, 20, 5], warn: 1 },
    ]);
  });
});

describe('state and views', () => {
  it('shows the named sheet (without case), cut to the page rows; alerts and toasts shown once', () => {
    const { wb, actions } = open();
    wb.ui.alerts.push('Battle resolved');
    const first = actions.state({ sheet: 'ARMIES', rows: 7 });
    expect([first.grid?.name, first.grid?.rows]).toEqual(['Armies', 7]);
    expect(first.state.alerts).toEqual(['Battle resolved']);
    expect(actions.state({}).state.alerts).toEqual([]);
  });

  it('a sheet no longer there: the first sheet', () => {
    const { actions } = open();
    expect(actions.state({ sheet: 'Gone' }).grid?.name).toBe('Units');
  });

  it('more rows than the sheet has: 400 naming the limit', () => {
    const { actions } = open();
    expect(refusal(() => actions.state({ sheet: 'Armies', rows: 21 }))).toEqual([
      400,
      'rows must be from 1 to 20 for sheet "Armies" (got 21)',
    ]);
  });
});

describe('rows inserted and deleted from the page', () => {
  it('inserts a row above or below and deletes one, the rows below moving; saved each time', () => {
    const { wb, actions, counts } = open();
    const units = wb.sheetOrThrow('Units');
    const rows = units.maxRows;
    expect(actions.rows({ sheet: 'Units', row: 2, op: 'insertAbove' }).ok).toBe(true);
    expect(wb.read('Units', 'A1:A3')).toEqual([['Unit'], [''], ['Guards']]);
    expect(actions.rows({ sheet: 'Units', row: 3, op: 'insertBelow' }).ok).toBe(true);
    expect(units.maxRows).toBe(rows + 2);
    expect(actions.rows({ sheet: 'Units', row: 2, op: 'delete' }).ok).toBe(true);
    expect(wb.read('Units', 'A1:A3')).toEqual([['Unit'], ['Guards'], ['']]);
    expect(units.maxRows).toBe(rows + 1);
    expect(counts.persist).toBe(3);
  });

  it('refuses a row outside the sheet, an unknown sheet, and deleting a sheet’s only row', () => {
    const { wb, actions } = open();
    const units = wb.sheetOrThrow('Units');
    expect(refusal(() => actions.rows({ sheet: 'Units', row: units.maxRows + 1, op: 'delete' }))[0]).toBe(
      400,
    );
    expect(refusal(() => actions.rows({ sheet: 'Nowhere', row: 1, op: 'delete' }))).toEqual([
      400,
      'No sheet "Nowhere"',
    ]);
    wb.addSheet('One', { rows: 1, columns: 1 });
    const answer = actions.rows({ sheet: 'One', row: 1, op: 'delete' });
    expect(answer).toMatchObject({ ok: false, error: "You can't delete all the rows on the sheet." });
  });

  it('holds the person acting to the protections: a protected range’s rows are its editors’ to delete or add to', () => {
    const { wb, actions } = guarded(2);
    const refused = [
      actions.rows({ sheet: 'Units', row: 2, op: 'delete' }),
      actions.rows({ sheet: 'Units', row: 2, op: 'insertBelow' }),
    ];
    expect(refused.map((a) => [a.ok, a.error])).toEqual([
      [false, PROTECTED_MESSAGE],
      [false, PROTECTED_MESSAGE],
    ]);
    expect(wb.read('Units', 'A1:A4')).toEqual([['Unit'], ['Guards'], ['Scouts'], ['Pikes']]);
    expect(actions.rows({ sheet: 'Units', row: 4, op: 'delete' }).ok).toBe(true);
    expect(wb.read('Units', 'A1:A4')).toEqual([['Unit'], ['Guards'], ['Scouts'], ['']]);
  });
});

describe('act ("Acting as")', () => {
  it('makes every later run and edit as that person, held to the protections, and lists the people', () => {
    const { env, wb, actions } = open();
    wb.people.owner = 'gm@example.com';
    env.actAs('gm@example.com');
    wb.put('Players', 'A1', [
      ['Player', 'Role', 'Armies'],
      ['gm@example.com', 'GM', ''],
      ['elin@example.com', '', 'Host'],
    ]);
    const p = wb.people.add('RANGE', wb.sheetOrThrow('Units'), { row: 1, col: 1, numRows: 2, numCols: 1 });
    p.editors = [];
    const answer = actions.act({ email: 'elin@example.com' });
    expect(answer.state?.user).toBe('elin@example.com');
    expect(answer.state?.people).toEqual(['elin@example.com', 'gm@example.com']);
    const refused = actions.run({ fn: 'touch', args: ['mine'] });
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain('protected cell');
    expect(wb.read('Units', 'A1')).toEqual([['Unit']]);
    actions.act({ email: 'gm@example.com' });
    expect(actions.run({ fn: 'touch', args: ['mine'] }).ok).toBe(true);
  });

  it('opens the open sidebar again for the new person, by the function that showed it, and closes the dialog', () => {
    const { actions } = open();
    const gm = actions.run({ fn: 'yourSidebar', args: [] }).state.sidebar;
    expect(gm?.content).toBe('<p>You: owner@example.com</p>');
    expect(actions.run({ fn: 'yourDialog', args: [] }).state.dialog?.content).toBe(
      '<p>owner@example.com</p>',
    );
    const switched = actions.act({ email: 'elin@example.com' });
    expect(switched.ok).toBe(true);
    expect(switched.state.sidebar?.content).toBe('<p>You: elin@example.com</p>');
    expect(switched.state.sidebar?.id).not.toBe(gm?.id);
    expect(switched.state.dialog).toBeNull();
    // A sidebar the person closed stays closed.
    actions.close({ which: 'sidebar' });
    expect(actions.act({ email: 'owner@example.com' }).state.sidebar).toBeNull();
  });

  it('a sidebar no function of the page showed is closed; one that fails to open for the new person says why', () => {
    const { wb, actions } = open();
    wb.ui.sidebar = { title: 'Old', content: '<p>You: owner@example.com</p>' };
    expect(actions.act({ email: 'elin@example.com' }).state.sidebar).toBeNull();
    actions.act({ email: 'owner@example.com' });
    expect(actions.run({ fn: 'pickySidebar', args: [] }).state.sidebar?.content).toBe('<p>GM</p>');
    const refused = actions.act({ email: 'elin@example.com' });
    expect([refused.ok, refused.error]).toEqual([
      false,
      'pickySidebar as elin@example.com: Not for elin@example.com',
    ]);
    expect(refused.state.sidebar).toBeNull();
    expect(refused.state.user).toBe('elin@example.com');
  });
});
