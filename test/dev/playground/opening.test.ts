// The playground's data file: one it cannot use is renamed aside with a message, never replaced silently; a save
// that fails leaves the file as it was and no temporary file.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, SNAPSHOT_FORMAT } from '../../../dev/gas';
import { type Playground, startPlayground } from '../../../dev/playground/server';

// A Code.js with one function; no sample, no menu.
const CODE =
  'function touch() { SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange("A1").setValues([["touched"]]); }\n';

let dir: string;
let dataFile: string;
let lines: string[];
let playground: Playground | undefined;

const start = async () => {
  playground = await startPlayground({
    root: ROOT,
    distDir: dir,
    port: 0,
    dataFile,
    print: (line) => lines.push(line),
    functions: ['touch'],
  });
  return playground;
};

/** The files beside the data file, but Code.js. */
const files = () => readdirSync(join(dir, 'data')).sort();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'warcard-data-'));
  writeFileSync(join(dir, 'Code.js'), CODE);
  mkdirSync(join(dir, 'data'));
  dataFile = join(dir, 'data', 'workbook.json');
  lines = [];
});

afterEach(async () => {
  await playground?.close();
  playground = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('a data file the playground cannot use', () => {
  it.each([
    ['null', 'null', 'it holds null, not a workbook'],
    ['an array', '[]', 'it holds an array, not a workbook'],
    ['a number', '42', 'it holds number, not a workbook'],
    ['corrupt JSON', '{"format": "warcard-gas-workbook/1", "sheets": [', /^not JSON: /],
    ['an empty file', '', /^not JSON: /],
    [
      'another format',
      '{"format":"sheets/2","sheets":[]}',
      `Not a workbook snapshot (format "sheets/2", expected "${SNAPSHOT_FORMAT}")`,
    ],
  ])(
    '%s: kept aside under a new name, with a message, and the playground starts afresh',
    async (_, text, why) => {
      writeFileSync(dataFile, text);
      const pg = await start();
      const [fresh, asideName = '', ...more] = files();
      expect([fresh, more]).toEqual(['workbook.json', []]);
      expect(asideName).toMatch(/^workbook\.json\.unreadable-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
      const aside = join(dir, 'data', asideName);
      expect(readFileSync(aside, 'utf8')).toBe(text);
      // The new file is the fresh workbook.
      expect(JSON.parse(readFileSync(dataFile, 'utf8')).sheets.map((s: { name: string }) => s.name)).toEqual([
        'Sheet1',
      ]);
      const message = lines.find((l) => l.startsWith('note: The saved workbook')) ?? 'no note';
      const [head, tail] = [
        `note: The saved workbook ${dataFile} could not be used (`,
        `). It is kept as ${aside}; the playground starts afresh.`,
      ];
      expect(message.startsWith(head) && message.endsWith(tail), message).toBe(true);
      const reason = message.slice(head.length, -tail.length);
      if (typeof why === 'string') expect(reason).toBe(why);
      else expect(reason).toMatch(why);
      // The page shows it too.
      const state = await (await fetch(new URL('/api/state', pg.url))).json();
      expect(state.state.alerts).toEqual([message.slice('note: '.length)]);
    },
  );

  it('a directory in its place (unreadable): renamed aside too', async () => {
    mkdirSync(dataFile);
    writeFileSync(join(dataFile, 'keep.txt'), 'mine');
    await start();
    const [, asideName = ''] = files();
    expect(asideName).toMatch(/^workbook\.json\.unreadable-/);
    expect(readFileSync(join(dir, 'data', asideName, 'keep.txt'), 'utf8')).toBe('mine');
    expect(lines.some((l) => /could not be used \(EISDIR/.test(l))).toBe(true);
  });

  it('a good file is loaded, not moved', async () => {
    await (await start()).close();
    const saved = readFileSync(dataFile, 'utf8');
    lines = [];
    await start();
    expect(files()).toEqual(['workbook.json']);
    expect(readFileSync(dataFile, 'utf8')).toBe(saved);
    expect(lines).toContain(
      `Loaded the workbook from ${dataFile} (\`npm start -- --reset\` restores the sample).`,
    );
  });
});

describe('a save that fails', () => {
  /** Puts a non-empty directory where the data file is: the rename into place fails. */
  const blockDataFile = () => {
    rmSync(dataFile);
    mkdirSync(dataFile);
    writeFileSync(join(dataFile, 'keep.txt'), 'mine');
  };

  it('throws what failed and leaves no temporary file', async () => {
    const pg = await start();
    blockDataFile();
    expect(() => pg.save()).toThrow(
      new RegExp(`^The workbook could not be saved to ${dataFile.replace(/[.\\]/g, '\\$&')}: `),
    );
    expect(files()).toEqual(['workbook.json']);
    expect(readdirSync(dataFile)).toEqual(['keep.txt']);
  });

  it('after an action: the change kept, the page told, no temporary file', async () => {
    const pg = await start();
    blockDataFile();
    const res = await fetch(new URL('/api/run', pg.url), {
      method: 'POST',
      body: JSON.stringify({ fn: 'touch', args: [] }),
    });
    const answer = await res.json();
    expect(res.status).toBe(200);
    expect(answer.error).toBeUndefined();
    expect(answer.ok).toBe(true);
    expect(answer.state.toasts).toEqual([
      {
        title: 'Not saved',
        message: expect.stringMatching(
          /^The workbook could not be saved to .*: .*\. The change is kept while the playground runs; the next change saves again\.$/,
        ),
      },
    ]);
    expect(pg.env.workbook.read('Sheet1', 'A1')).toEqual([['touched']]);
    expect(files()).toEqual(['workbook.json']);
    // Once the file can be written again, the next change saves everything.
    rmSync(dataFile, { recursive: true });
    pg.save();
    expect(JSON.parse(readFileSync(dataFile, 'utf8')).sheets[0].cells.A1).toEqual({ v: 'touched' });
  });
});

describe('npm start -- --empty', () => {
  it('starts from Sheet1 alone, whatever the data file holds, as a new spreadsheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warcard-empty-'));
    const dataFile = join(dir, 'workbook.json');
    const printed: string[] = [];
    const first = await startPlayground({ root: ROOT, port: 0, dataFile, print: () => {} });
    expect(first.env.workbook.sheets.length).toBeGreaterThan(1); // the sample
    await first.close();
    const empty = await startPlayground({
      root: ROOT,
      port: 0,
      dataFile,
      empty: true,
      print: (l) => printed.push(l),
    });
    try {
      expect(empty.env.workbook.sheets.map((s) => s.name)).toEqual(['Sheet1']);
      expect(empty.env.workbook.read('Sheet1', 'A1:B2')).toEqual([
        ['', ''],
        ['', ''],
      ]);
      expect(printed).toContain(
        'Started from an empty workbook (Sheet1 only): try Warcard → Set up campaign.',
      );
      expect(empty.env.workbook.ui.menus.map((m) => m.caption)).toEqual(['Warcard']);
    } finally {
      await empty.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
