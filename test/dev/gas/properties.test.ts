// PropertiesService.getDocumentProperties(), getUserProperties() and Utilities.computeDigest as a script sees them:
// Google's quotas and messages, calls counted and open to faults, properties kept in the snapshot, each user's store
// read by that user's executions alone (a web app's: its deployer's), File → Make a copy (dev/gas/copy.ts) carrying
// every store; digests as Java's signed bytes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadWorkbook, makeACopy, type WorkbookSnapshot } from '../../../dev/gas';
import { PROPERTY_STORE_BYTES, PROPERTY_VALUE_BYTES } from '../../../dev/gas/properties';

const SCRIPT = `
function props() { return PropertiesService.getDocumentProperties(); }
function set(k, v) { props().setProperty(k, v); return props().getProperty(k); }
function get(k) { return props().getProperty(k); }
function all() { return props().getProperties(); }
function drop(k) { props().deleteProperty(k); return props().getProperty(k); }
function digest(text) {
  return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8);
}
function digestNoCharset(text) { return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text); }
function setMine(k, v) { PropertiesService.getUserProperties().setProperty(k, v); }
function mine() { return PropertiesService.getUserProperties().getProperties(); }
function uuids() { return [Utilities.getUuid(), Utilities.getUuid()]; }
function isArray(text) { return digest(text) instanceof Array; }
/**
 * Reads a property.
 * @customfunction
 */
function PROP(k) { return PropertiesService.getDocumentProperties().getProperty(k) || ''; }
/**
 * Tries to write one.
 * @customfunction
 */
function SETPROP(k) { PropertiesService.getDocumentProperties().setProperty(k, 'x'); return 'set'; }
`;

const load = (snapshot?: WorkbookSnapshot) => loadWorkbook({ code: SCRIPT, snapshot });

const signed = (text: string): number[] =>
  [...createHash('sha256').update(text, 'utf8').digest()].map((b) => (b > 127 ? b - 256 : b));

describe('document properties', () => {
  it('sets, gets, lists and deletes, null for a key never set', () => {
    const { run } = load();
    expect(run('get', 'plan')).toBeNull();
    expect(run('set', 'plan', 'Hold')).toBe('Hold');
    expect(run('set', 'other', 42)).toBe('42'); // a value is kept as text
    expect(run('all')).toEqual({ plan: 'Hold', other: '42' });
    expect(run('drop', 'plan')).toBeNull();
    expect(run('all')).toEqual({ other: '42' });
  });

  it('counts getProperty as a read and setProperty as a write, and can fail either', () => {
    const { run, calls } = load();
    calls.reset();
    run('set', 'a', 'b');
    expect(calls.byMethod).toMatchObject({ setProperty: 1, getProperty: 1 });
    expect([calls.reads, calls.writes]).toEqual([1, 1]);
    calls.failOn({ method: 'setProperty' });
    expect(() => run('set', 'a', 'c')).toThrow(/Service .* failed/);
    expect(run('get', 'a')).toBe('b');
  });

  it('refuses a value over 9 KB and a store over 500 KB, as Google does, keeping what was there', () => {
    const { run } = load();
    expect(run('set', 'v', 'x'.repeat(PROPERTY_VALUE_BYTES - 1))).toHaveLength(PROPERTY_VALUE_BYTES - 1);
    expect(() => run('set', 'big', 'x'.repeat(PROPERTY_VALUE_BYTES + 1))).toThrow(
      'Argument too large: value',
    );
    // Bytes, not characters: 4,700 two-byte letters are 9,400 bytes.
    expect(() => run('set', 'big', 'é'.repeat(4_700))).toThrow('Argument too large: value');
    const value = 'y'.repeat(8_000);
    let stored = 0;
    expect(() => {
      for (let i = 0; i < 100; i++) {
        run('set', `k${i}`, value);
        stored++;
      }
    }).toThrow('You have exceeded the property storage quota');
    expect(stored * 8_000).toBeLessThanOrEqual(PROPERTY_STORE_BYTES);
    expect(run('get', `k${stored}`)).toBeNull();
  });

  it('lets a custom function read but not write', () => {
    const { workbook, run } = load();
    run('set', 'seen', 'yes');
    workbook.put('S', 'A1', [['=PROP("seen")', '=SETPROP("x")']]);
    workbook.recalculate();
    expect(workbook.read('S', 'A1')).toEqual([['yes']]);
    expect(workbook.errorAt('S', 'B1')).toMatch(/You do not have permission to call Properties.setProperty/);
  });

  it('keeps the properties in the snapshot, as the playground saves its workbook', () => {
    const first = load();
    first.run('set', 'warcard.seal.abc', '{"plan":"Hold"}');
    const again = load(JSON.parse(JSON.stringify(first.workbook.snapshot())));
    expect(again.run('get', 'warcard.seal.abc')).toBe('{"plan":"Hold"}');
  });
});

describe('Utilities.computeDigest', () => {
  it('gives SHA-256 as 32 signed bytes, in the script realm', () => {
    const env = load();
    const run = env.run as (name: string, ...args: unknown[]) => number[];
    expect(run('digest', 'Hold:abcdefghij012345')).toEqual(signed('Hold:abcdefghij012345'));
    expect(run('digest', 'Hold:abc').every((b: number) => b >= -128 && b <= 127)).toBe(true);
    expect(run('digest', 'Hold:abc').some((b: number) => b < 0)).toBe(true);
    expect(env.run('isArray', 'x')).toBe(true);
    // A known vector: SHA-256("abc") begins ba 78 16 bf.
    expect(run('digest', 'abc').slice(0, 4)).toEqual([0xba - 256, 0x78, 0x16, 0xbf - 256]);
  });

  it('draws random UUIDs (version 4), never the same twice', () => {
    const [a, b] = load().run('uuids') as string[];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('encodes UTF-8 when asked, and refuses text outside ASCII without a charset', () => {
    const { run } = load();
    expect(run('digest', 'Château')).toEqual(signed('Château'));
    expect(run('digestNoCharset', 'abc')).toEqual(signed('abc'));
    expect(() => run('digestNoCharset', 'Château')).toThrow(/Charset.UTF_8/);
  });
});

describe('user properties', () => {
  it('are each user’s own: another user’s executions read only theirs; a web app’s are its deployer’s', () => {
    const lw = load();
    lw.workbook.people.owner = 'gm@example.com';
    lw.actAs('gm@example.com');
    lw.run('setMine', 'secret', 'gm');
    lw.actAs('player@example.com', { emailHidden: true });
    expect(lw.run('mine')).toEqual({});
    lw.run('setMine', 'secret', 'player');
    expect(lw.run('mine')).toEqual({ secret: 'player' });
    // A web app executing as its deployer (the owner) runs as them, whoever visits.
    expect(lw.runWebApp('mine')).toEqual({ secret: 'gm' });
    expect(lw.run('all')).toEqual({});
    const again = load(lw.workbook.snapshot());
    again.actAs('gm@example.com');
    expect(again.run('mine')).toEqual({ secret: 'gm' });
  });

  it('a copy carries the document’s and every user’s store (the stricter reading); its copier reads only their own', () => {
    const lw = load();
    lw.workbook.people.owner = 'gm@example.com';
    lw.actAs('gm@example.com');
    lw.run('set', 'shared', 'doc');
    lw.run('setMine', 'secret', 'gm');
    const copy = makeACopy(lw, 'viewer@example.com', { code: SCRIPT });
    expect(copy.workbook.people.owner).toBe('viewer@example.com');
    expect(copy.workbook.webApp.url).toBeNull();
    expect(copy.run('all')).toEqual({ shared: 'doc' });
    expect(copy.workbook.userProperties.get('gm@example.com')?.get('secret')).toBe('gm');
    expect(copy.run('mine')).toEqual({});
    expect(copy.runWebApp('mine')).toEqual({});
  });
});
