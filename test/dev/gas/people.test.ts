// The emulation knows people: an owner, the active user a test chooses, and protections on ranges and sheets
// that refuse a hand edit and a script's write by a user they keep out, with Google's message.
import { describe, expect, it } from 'vitest';
import { EmulatedSpreadsheet, loadWorkbook, Workbook } from '../../../dev/gas';
import { PROTECTED_MESSAGE } from '../../../dev/gas/people';
import { ProtectionType } from '../../../dev/gas/protection';
import { GM } from '../../support';

const ELIN = 'elin@example.com';
const ROLF = 'rolf@example.com';

function campaign() {
  const wb = new Workbook();
  wb.put('Units', 'A1', [
    ['Unit', 'Army', 'Status'],
    ['Knights', 'Host', 'Ready'],
    ['Levy', 'Host', 'Ready'],
    ['Horse', 'Levies', 'Ready'],
    ['Bows', 'Levies', 'Ready'],
  ]);
  wb.put('Log', 'A1', [['When', 'Entry']]);
  wb.people.owner = GM;
  wb.people.actAs(GM);
  const ss = new EmulatedSpreadsheet(wb);
  const units = ss.getSheetByName('Units');
  if (!units) throw new Error('no Units');
  const log = ss.getSheetByName('Log');
  if (!log) throw new Error('no Log');
  // Elin's realm: rows 2-3, hers and the GM's.
  const host = units.getRange('A2:C3').protect().setDescription('Warcard: Host');
  host.addEditor(ELIN);
  host.removeEditors(
    host
      .getEditors()
      .map((u) => u.getEmail())
      .filter((e) => e !== ELIN),
  );
  const levies = units.getRange('A4:C5').protect().setDescription('Warcard: Levies');
  levies.addEditor(ROLF);
  levies.removeEditors(
    levies
      .getEditors()
      .map((u) => u.getEmail())
      .filter((e) => e !== ROLF),
  );
  const logProtection = log.protect().setDescription('Warcard: Log').setWarningOnly(true);
  wb.people.actAs(ELIN);
  wb.people.actAs(ROLF);
  wb.people.actAs(GM);
  wb.calls.reset();
  return { wb, ss, units, log, host, levies, logProtection };
}

describe('people and protections', () => {
  it('keeps the owner and the current user editors of a protection: Google does not let them be removed', () => {
    const { host } = campaign();
    expect(host.getEditors().map((u) => u.getEmail())).toEqual([GM, ELIN]);
    expect(host.getDescription()).toBe('Warcard: Host');
    expect(String(host.getProtectionType())).toBe('RANGE');
  });

  it('mirrors the spreadsheet until the editors change: a fresh protection keeps nobody out', () => {
    const { wb, units } = campaign();
    const fresh = units.getRange('A1:C1').protect();
    wb.people.actAs(ROLF);
    expect(fresh.canEdit()).toBe(true);
    expect(units.getRange('A1:C1').canEdit()).toBe(true);
  });

  it("refuses a player's hand edit into the enemy's rows with Google's message, and takes one into their own", () => {
    const { wb } = campaign();
    wb.people.actAs(ELIN);
    expect(() => wb.put('Units', 'C4', [['Routed']])).toThrow(PROTECTED_MESSAGE);
    expect(wb.read('Units', 'C4')).toEqual([['Ready']]);
    wb.put('Units', 'C2', [['Routed']]);
    expect(wb.read('Units', 'C2')).toEqual([['Routed']]);
    wb.people.actAs(GM);
    wb.put('Units', 'C4', [['Destroyed']]);
    expect(wb.read('Units', 'C4')).toEqual([['Destroyed']]);
  });

  it("refuses a script's write made as a player who may not edit, and answers canEdit before it", () => {
    const { wb, units } = campaign();
    wb.people.actAs(ELIN);
    expect(units.getRange('C2:C3').canEdit()).toBe(true);
    expect(units.getRange('C2:C5').canEdit()).toBe(false);
    expect(() => units.getRange('C4').setValues([['Routed']])).toThrow(PROTECTED_MESSAGE);
    expect(() => units.getRange('C4').clearContent()).toThrow(PROTECTED_MESSAGE);
    expect(() => units.getRange('C4').setNote('x')).toThrow(PROTECTED_MESSAGE);
    expect(wb.read('Units', 'C4')).toEqual([['Ready']]);
    expect(wb.calls.byMethod.canEdit).toBe(2);
    expect(wb.calls.reads).toBe(2);
  });

  it('writes the cells before the first refused one of a call, then throws (the stricter reading)', () => {
    const { wb, units } = campaign();
    wb.people.actAs(ELIN);
    expect(() => units.getRange('C2:C5').setValues([['Routed'], ['Routed'], ['Routed'], ['Routed']])).toThrow(
      PROTECTED_MESSAGE,
    );
    expect(wb.read('Units', 'C2:C5')).toEqual([['Routed'], ['Routed'], ['Ready'], ['Ready']]);
    expect(() => units.getRangeList(['C2', 'C5', 'C3']).setValue('Destroyed')).toThrow(PROTECTED_MESSAGE);
    expect(wb.read('Units', 'C2:C5')).toEqual([['Destroyed'], ['Routed'], ['Ready'], ['Ready']]);
  });

  it('lets every write into a warning-only protection through, the script and the hand', () => {
    const { wb, log, logProtection } = campaign();
    wb.people.actAs(ROLF);
    expect(logProtection.isWarningOnly()).toBe(true);
    expect(logProtection.canEdit()).toBe(true);
    log.getRange('A2:B2').setValues([['now', 'e1']]);
    wb.put('Log', 'A3', [['later', 'e2']]);
    expect(wb.read('Log', 'B2:B3')).toEqual([['e1'], ['e2']]);
  });

  it('keeps a protection to its editors: a player may not read its editors, change or remove it', () => {
    const { wb, host, levies } = campaign();
    wb.people.actAs(ELIN);
    expect(levies.canEdit()).toBe(false);
    expect(() => levies.getEditors()).toThrow('You do not have permission');
    expect(() => levies.setDescription('mine')).toThrow('You do not have permission');
    expect(() => levies.remove()).toThrow('You do not have permission');
    expect(host.canEdit()).toBe(true);
  });

  it('lists protections per sheet and spreadsheet by type, and removes one', () => {
    const { ss, units, log, host } = campaign();
    expect(units.getProtections(ProtectionType.RANGE).map((p) => p.getDescription())).toEqual([
      'Warcard: Host',
      'Warcard: Levies',
    ]);
    expect(units.getProtections(ProtectionType.SHEET)).toEqual([]);
    expect(log.getProtections(ProtectionType.SHEET).map((p) => p.getDescription())).toEqual(['Warcard: Log']);
    expect(log.protect().getDescription()).toBe('Warcard: Log'); // a protected sheet's protect() gives it back
    host.remove();
    expect(ss.getProtections(ProtectionType.RANGE).map((p) => p.getDescription())).toEqual([
      'Warcard: Levies',
    ]);
    expect(host.getRange().getA1Notation()).toBe('A2:C3');
  });

  it('refuses setDomainEdit outside a Workspace domain, as Google documents; canDomainEdit answers false', () => {
    const { host, wb } = campaign();
    expect(host.canDomainEdit()).toBe(false);
    expect(() => host.setDomainEdit(false)).toThrow('Google Workspace domain');
    wb.people.domain = 'example.com';
    host.setDomainEdit(false);
    expect(host.canDomainEdit()).toBe(false);
  });

  it('moves and grows protected ranges with inserted and deleted rows, and refuses a player deleting them', () => {
    const { wb, units, levies, host } = campaign();
    units.insertRowsAfter(1, 2); // above both: they move down
    expect(host.getRange().getA1Notation()).toBe('A4:C5');
    units.insertRowsAfter(6, 1); // inside Levies (rows 6-7): it grows
    expect(levies.getRange().getA1Notation()).toBe('A6:C8');
    wb.people.actAs(ELIN);
    expect(() => units.deleteRows(6, 1)).toThrow(PROTECTED_MESSAGE);
    wb.people.actAs(GM);
    units.deleteRows(4, 2); // Host's rows go, and its protection with them
    expect(units.getProtections(ProtectionType.RANGE).map((p) => p.getDescription())).toEqual([
      'Warcard: Levies',
    ]);
    expect(levies.getRange().getA1Notation()).toBe('A4:C6');
  });

  it('keeps people and protections in a snapshot', () => {
    const { wb } = campaign();
    const copy = Workbook.fromSnapshot(JSON.parse(JSON.stringify(wb.snapshot())));
    expect(copy.people.owner).toBe(GM);
    expect(copy.people.protections.map((p) => [p.description, p.editors, p.warningOnly])).toEqual([
      ['Warcard: Host', [ELIN], false],
      ['Warcard: Levies', [ROLF], false],
      ['Warcard: Log', null, true],
    ]);
    copy.people.actAs(ELIN);
    expect(() => copy.put('Units', 'C4', [['Routed']])).toThrow(PROTECTED_MESSAGE);
  });
});

describe('Session and actAs', () => {
  const code = `
function who() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail()]; }
function write(a1, v) { SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units').getRange(a1).setValues([[v]]); }
function protectRow(email) {
  var p = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Units').getRange('A2:B2').protect();
  p.removeEditors(p.getEditors()); p.addEditor(email); return p.getEditors().map(function (u) { return u.getEmail(); });
}
function types() { return [String(SpreadsheetApp.ProtectionType.RANGE), String(SpreadsheetApp.ProtectionType.SHEET)]; }
`;

  it('answers the active user the test chose, the owner at first, and "" where Google gives no email', () => {
    const loaded = loadWorkbook({ code });
    expect(loaded.run('who')).toEqual(['owner@example.com', 'owner@example.com']);
    loaded.actAs(ELIN);
    expect(loaded.run('who')).toEqual([ELIN, ELIN]);
    loaded.actAs(ROLF, { emailHidden: true });
    expect(loaded.run('who')).toEqual(['', '']);
    expect(loaded.run('types')).toEqual(['RANGE', 'SHEET']);
  });

  it("runs a script's write as the active user: refused in a range protected from them", () => {
    const loaded = loadWorkbook({ code });
    loaded.workbook.put('Units', 'A1', [
      ['Unit', 'Army'],
      ['Knights', 'Host'],
    ]);
    expect(loaded.run('protectRow', ELIN)).toEqual(['owner@example.com', ELIN]);
    loaded.actAs(ROLF);
    expect(() => loaded.run('write', 'B2', 'Levies')).toThrow(PROTECTED_MESSAGE);
    loaded.actAs(ELIN);
    loaded.run('write', 'B2', 'Host 2');
    expect(loaded.workbook.read('Units', 'B2')).toEqual([['Host 2']]);
  });
});

describe('the owner, a sort under protections, and a question', () => {
  it('gives the owner as Spreadsheet.getOwner does (a read), and null for a shared drive’s file', () => {
    const { wb, ss } = campaign();
    wb.calls.reset();
    expect(ss.getOwner()?.getEmail()).toBe(GM);
    expect(wb.calls.reads).toBe(1);
    wb.people.owner = '';
    expect(ss.getOwner()).toBeNull();
  });

  it('sorts rows by a column, ties in order and blanks last; protections keep their cells; a protected row refuses it', () => {
    const { wb, ss } = campaign();
    wb.put('Units', 'A6', [
      ['Scouts', '', 'Ready'],
      ['Archers', 'Host', 'Routed'],
    ]);
    const units = ss.getSheetByName('Units');
    units?.getRange('A4:C4').protect().setDescription('Levies');
    units?.getRange('A2:C7').sort({ column: 2, ascending: true });
    expect(wb.read('Units', 'A2:B7')).toEqual([
      ['Knights', 'Host'],
      ['Levy', 'Host'],
      ['Archers', 'Host'],
      ['Horse', 'Levies'],
      ['Bows', 'Levies'],
      ['Scouts', ''],
    ]);
    expect(wb.people.protections.map((p) => p.box && wb.a1(p.box))).toContain('A4:C4');
    wb.people.actAs(ELIN);
    const p = wb.people.protections.find((x) => x.description === 'Levies');
    if (p) p.editors = [GM];
    expect(() => units?.getRange('A2:C7').sort({ column: 2, ascending: false })).toThrow(PROTECTED_MESSAGE);
    expect(() => units?.getRange('A2:C7').sort({ column: 9, ascending: true })).toThrow('inside the range');
  });

  it('answers a question with the next of ui.answers, else as a dialog closed', () => {
    const loaded = loadWorkbook({
      code: 'function ask() { const ui = SpreadsheetApp.getUi(); return [ui.alert("T", "P?", ui.ButtonSet.YES_NO) === ui.Button.YES, String(ui.alert("T", "P?", ui.ButtonSet.YES_NO))]; }',
    });
    loaded.workbook.ui.answers = ['YES'];
    expect(loaded.run('ask')).toEqual([true, 'CLOSE']);
    expect(loaded.workbook.ui.alerts).toEqual(['T\nP?', 'T\nP?']);
  });
});
