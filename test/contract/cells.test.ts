// The one reading of a caught error (contract/cells.ts), shared by the sidebar's server and the browser: what it
// quotes of each kind of thrown value, and where it cuts.
import { describe, expect, it } from 'vitest';
import { messageOf } from '../../src/contract/cells';
import { RowError } from '../../src/contract/errors';

describe('messageOf', () => {
  it.each<[string, unknown, string]>([
    ['an Error', new Error('The sheet is locked'), 'The sheet is locked'],
    ['an Error of ours', new RowError('Hits is required'), 'Hits is required'],
    ['an Error with no message', new Error(''), ''],
    [
      'what google.script.run hands its failure handler',
      { message: 'ScriptError: timed out' },
      'ScriptError: timed out',
    ],
    ['a thrown string', 'no lock', 'no lock'],
    ['a thrown number', 42, '42'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an object with no message', { code: 3 }, '[object Object]'],
  ])('%s', (_, thrown, said) => {
    expect(messageOf(thrown)).toBe(said);
  });

  it('keeps a message of 200 characters whole, and cuts a longer one to 200 with an ellipsis', () => {
    expect(messageOf(new Error('x'.repeat(200)))).toBe('x'.repeat(200));
    expect(messageOf(new Error('x'.repeat(201)))).toBe(`${'x'.repeat(199)}…`);
  });

  it('never cuts a character in two', () => {
    // 198 x, then a character outside the BMP (two UTF-16 units) across the cut.
    expect(messageOf(new Error(`${'x'.repeat(198)}𝔄${'y'.repeat(10)}`))).toBe(`${'x'.repeat(198)}…`);
  });
});
