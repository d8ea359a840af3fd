// The playground's workbook on disk: what a file holds, a file set aside under a new name, and saves that
// replace the file whole or leave it as it was.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDataFile, saveAtomically, setAside } from '../../../dev/playground/data-file';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'warcard-file-'));
  file = join(dir, 'workbook.json');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readDataFile', () => {
  it.each([
    ['{"format":"x"}', { kind: 'json', value: { format: 'x' } }],
    ['null', { kind: 'unreadable', why: 'it holds null, not a workbook' }],
    ['[1]', { kind: 'unreadable', why: 'it holds an array, not a workbook' }],
    ['"text"', { kind: 'unreadable', why: 'it holds string, not a workbook' }],
  ])('%s', (text, content) => {
    writeFileSync(file, text);
    expect(readDataFile(file)).toEqual(content);
  });

  it('no file is nothing to read; broken JSON says why', () => {
    expect(readDataFile(file)).toEqual({ kind: 'none' });
    writeFileSync(file, '{"sheets": [');
    expect(readDataFile(file)).toEqual({ kind: 'unreadable', why: expect.stringMatching(/^not JSON: \S/) });
  });
});

describe('setAside', () => {
  it('renames the file beside itself, a new name each time, and says where it is', () => {
    const now = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
    writeFileSync(file, 'one');
    const message = setAside(file, 'not JSON', now);
    const aside = `${file}.unreadable-2024-01-02T03-04-05-006Z`;
    expect(message).toBe(
      `The saved workbook ${file} could not be used (not JSON). It is kept as ${aside}; the playground starts afresh.`,
    );
    writeFileSync(file, 'two');
    setAside(file, 'not JSON', now);
    expect(readdirSync(dir).sort()).toEqual([
      'workbook.json.unreadable-2024-01-02T03-04-05-006Z',
      'workbook.json.unreadable-2024-01-02T03-04-05-006Z-2',
    ]);
    expect(readFileSync(`${aside}-2`, 'utf8')).toBe('two');
  });
});

describe('saveAtomically', () => {
  it('writes the file whole, making its directory', () => {
    const deep = join(dir, 'a', 'b', 'workbook.json');
    saveAtomically(deep, '{"v":1}');
    saveAtomically(deep, '{"v":2}');
    expect(readFileSync(deep, 'utf8')).toBe('{"v":2}');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['workbook.json']);
  });

  it('that fails says what failed and leaves no temporary file', () => {
    mkdirSync(file);
    writeFileSync(join(file, 'keep.txt'), 'mine');
    expect(() => saveAtomically(file, '{}')).toThrow(`The workbook could not be saved to ${file}: `);
    expect(readdirSync(dir)).toEqual(['workbook.json']);
    expect(readFileSync(join(file, 'keep.txt'), 'utf8')).toBe('mine');
  });
});
