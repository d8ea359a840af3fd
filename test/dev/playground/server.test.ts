// The playground server's protocol without a browser: start-up without the sample, edits, google.script.run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../dev/gas';
import type { Answer } from '../../../dev/playground/protocol';
import { type Playground, startPlayground } from '../../../dev/playground/server';

// A Code.js with neither setUpSampleCampaign nor onOpen.
const CODE = `
/**
 * Doubles a number.
 * @customfunction
 */
function TWICE(n) { return n * 2; }

function greet(who) { return { hello: who.name, missing: undefined, list: [1, undefined] }; }
function when() { return new Date(0); }
function fail() { throw new Error('no way'); }
function sidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>side</p>').setTitle('Side')); }
`;

let dir: string;
let playground: Playground;
const lines: string[] = [];

const post = async (path: string, body: unknown): Promise<Answer> => {
  const res = await fetch(new URL(path, playground.url), { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as Answer;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warcard-pg-'));
  writeFileSync(join(dir, 'Code.js'), CODE);
  playground = await startPlayground({
    root: ROOT,
    distDir: dir,
    port: 0,
    dataFile: join(dir, 'data', 'workbook.json'),
    print: (line) => lines.push(line),
    functions: ['greet', 'when', 'fail', 'sidebar', 'greet_'],
  });
});

afterAll(async () => {
  await playground?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the playground server', () => {
  it('starts from one empty sheet and says what Code.js lacks', async () => {
    const res = await fetch(new URL('/api/state', playground.url));
    const answer = (await res.json()) as Answer;
    expect(answer.state.sheets).toEqual(['Sheet1']);
    expect(answer.state.menus).toEqual([]);
    expect(answer.state.notes.join('\n')).toMatch(/no setUpSampleCampaign\(\).*\n.*no onOpen\(\)/);
    expect(lines.some((l) => l.includes('no setUpSampleCampaign()'))).toBe(true);
    const page = await (await fetch(playground.url)).text();
    expect(page).toContain('google.script.run'); // the bridge, inlined
    expect(page).not.toMatch(/<(script|link)[^>]+(src|href)=/); // nothing fetched
  });

  it('edits cells: values, formulas through custom functions, and saves each change', async () => {
    const view = { sheet: 'Sheet1', rows: 5 };
    await post('/api/edit', { view, sheet: 'Sheet1', row: 1, col: 1, input: '21' });
    const answer = await post('/api/edit', { view, sheet: 'Sheet1', row: 1, col: 2, input: '=TWICE(A1)' });
    expect(answer.ok).toBe(true);
    expect(answer.grid?.cells['1,2']).toMatchObject({ d: '42', f: '=TWICE(A1)', t: 'n' });
    const saved = JSON.parse(readFileSync(join(dir, 'data', 'workbook.json'), 'utf8'));
    expect(saved.sheets[0].cells.B1).toEqual({ f: '=TWICE(A1)' });
  });

  it('calls server functions by google.script.run rules', async () => {
    expect(await post('/api/run', { fn: 'greet', args: [{ name: 'Ann' }] })).toMatchObject({
      ok: true,
      result: { hello: 'Ann', list: [1, null] },
    });
    expect((await post('/api/run', { fn: 'when', args: [] })).error).toMatch(/cannot carry.*is a Date/);
    expect(await post('/api/run', { fn: 'fail', args: [] })).toMatchObject({ ok: false, error: 'no way' });
    expect((await post('/api/run', { fn: 'nothing', args: [] })).error).toBe(
      'Script function not found: nothing',
    );
    expect((await post('/api/run', { fn: 'greet_', args: [] })).ok).toBe(false);
  });

  it('shows a sidebar and closes it', async () => {
    const shown = await post('/api/run', { fn: 'sidebar', args: [] });
    expect(shown.state.sidebar).toMatchObject({ title: 'Side', content: '<p>side</p>' });
    const closed = await post('/api/close', { which: 'sidebar' });
    expect(closed.state.sidebar).toBeNull();
  });
});
