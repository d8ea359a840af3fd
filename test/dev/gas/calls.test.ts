// Every call the product makes to the emulated services, counted per method and per sheet, and faults injected
// into chosen calls.
import { describe, expect, it } from 'vitest';
import { CallCounter, kindOf } from '../../../dev/gas/calls';

describe('kindOf', () => {
  it.each([
    ['getValues', 'read'],
    ['getSheetByName', 'read'],
    ['setValues', 'write'],
    ['insertSheet', 'write'],
    ['getRange', 'other'],
    ['toast', 'other'],
  ])('%s is a %s', (method, kind) => {
    expect(kindOf(method)).toBe(kind);
  });
});

describe('CallCounter', () => {
  it('counts by kind, method and sheet, and forgets on reset', () => {
    const calls = new CallCounter();
    calls.record('getValues', 'Units', 'A1:V');
    calls.record('getValues', 'Armies', 'A1:C');
    calls.record('setValues', 'Units', 'W2:W9');
    calls.record('getRange', 'Units', 'A1');
    expect([calls.reads, calls.writes, calls.others, calls.total]).toEqual([2, 1, 1, 4]);
    expect(calls.byMethod).toEqual({ getValues: 2, setValues: 1, getRange: 1 });
    expect(calls.bySheet).toEqual({
      Units: { getValues: 1, setValues: 1, getRange: 1 },
      Armies: { getValues: 1 },
    });
    expect([calls.readsOn('Units'), calls.writesOn('Units'), calls.writesOn('Armies')]).toEqual([1, 1, 0]);
    expect(calls.log[2]).toEqual({ method: 'setValues', kind: 'write', sheet: 'Units', a1: 'W2:W9' });
    calls.reset();
    expect([calls.total, calls.log, calls.byMethod, calls.bySheet]).toEqual([0, [], {}, {}]);
  });

  it('fails the nth matching call once, with Google’s message naming the document', () => {
    const calls = new CallCounter(() => 'doc-7');
    const fault = calls.failOn({ method: 'setValues', sheet: 'Battles', nth: 2 });
    expect(calls.record('setValues', 'Battles')).toBeUndefined();
    expect(calls.record('setValues', 'Units')).toBeUndefined(); // another sheet: not counted
    expect(calls.record('setValues', 'Battles')).toBe(
      'Service Spreadsheets failed while accessing document with id doc-7.',
    );
    expect(calls.record('setValues', 'Battles')).toBeUndefined();
    expect(fault.fired).toBe(1);
  });

  it('fails every matching call from the nth on when persistent, until removed', () => {
    const calls = new CallCounter();
    const fault = calls.failOn({ method: 'getValues', persistent: true, message: 'quota' });
    expect([calls.record('getValues', 'A'), calls.record('getValues', 'B')]).toEqual(['quota', 'quota']);
    fault.remove();
    expect(calls.record('getValues', 'A')).toBeUndefined();
    expect(fault.fired).toBe(2);
    calls.failOn({ method: 'getValues' });
    calls.reset(); // counts go, faults stay
    expect(calls.record('getValues', 'A')).toBe(
      'Service Spreadsheets failed while accessing document with id emulated.',
    );
    calls.failOn({ method: 'getValues' });
    calls.clearFaults();
    expect(calls.record('getValues', 'A')).toBeUndefined();
  });
});
