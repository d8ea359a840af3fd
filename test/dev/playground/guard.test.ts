// The playground's server answers its own page only, and refuses whatever is not the protocol before it changes
// anything: raw HTTP requests (node's client, any Host and Origin) against the sample campaign on dist/Code.js.
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, type SheetSnapshot, type WorkbookSnapshot } from '../../../dev/gas';
import { MAX_BODY_BYTES } from '../../../dev/playground/guard';
import { type Playground, PAGE_FUNCTIONS, startPlayground } from '../../../dev/playground/server';
import { MENU_ITEMS } from '../../../src/sheets/menu';
import { sidebarFunctions } from '../../../src/contract/api';

let dir: string;
let dataFile: string;
let playground: Playground;
let own: string;

interface Reply {
  status: number;
  body: {
    ok?: boolean;
    error?: string;
    state?: unknown;
    grid?: { name: string; rows: number };
    result?: unknown;
  };
}

/** The Units sheet of a snapshot. */
function unitsOf(snapshot: WorkbookSnapshot): SheetSnapshot {
  const units = snapshot.sheets.find((s) => s.name === 'Units');
  if (!units) throw new Error('The snapshot has no Units sheet');
  return units;
}

/** One HTTP request as any client may send it: Host defaults to the playground's own, no Origin. */
function send(
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: playground.port,
        method,
        path,
        agent: false,
        headers: { host: own, ...options.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            reject(new Error(`Not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send('POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers });

const NEW_ROUND = { fn: 'newRound', args: [] };
const EDIT = { sheet: 'Units', row: 2, col: 1, input: 'Changed', view: { sheet: 'Units', rows: 5 } };

let before: WorkbookSnapshot;
let savedBefore: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warcard-guard-'));
  dataFile = join(dir, 'workbook.json');
  playground = await startPlayground({ root: ROOT, port: 0, dataFile, print: () => {} });
  own = `127.0.0.1:${playground.port}`;
});

afterAll(async () => {
  await playground?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  before = playground.env.workbook.snapshot();
  savedBefore = readFileSync(dataFile, 'utf8');
});

/** Nothing changed: the workbook and its file as they were, no sidebar opened; and the server still answers. */
afterEach(async () => {
  expect(playground.env.workbook.snapshot()).toEqual(before);
  expect(readFileSync(dataFile, 'utf8')).toBe(savedBefore);
  expect(playground.env.workbook.ui.sidebar).toBeNull();
  const normal = await send('GET', '/api/state?sheet=Units&rows=3');
  expect(normal.status).toBe(200);
  expect(normal.body.grid).toMatchObject({ name: 'Units', rows: 3 });
});

/** A refusal: the status, and a JSON answer holding the error alone (label: the case, for failures). */
const refused = (reply: Reply, status: number, error: string | RegExp, label = '') => {
  expect(reply.status, label).toBe(status);
  expect(Object.keys(reply.body).sort(), label).toEqual(['error', 'ok']);
  expect(reply.body.ok, label).toBe(false);
  if (typeof error === 'string') expect(reply.body.error, label).toBe(error);
  else expect(reply.body.error, label).toMatch(error);
};

describe('requests from another site', () => {
  it('a foreign Origin (or null) gets 403 for New round, an edit, the sidebar, closing and reads', async () => {
    const port = playground.port;
    for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:1', `https://127.0.0.1:${port}`]) {
      const error = `Requests from ${origin} are refused: only the playground's own page may call it`;
      const headers = { origin, 'content-type': 'text/plain' };
      refused(await post('/api/run', NEW_ROUND, headers), 403, error, origin);
      refused(await post('/api/run', { fn: 'openBattleSidebar', args: [] }, headers), 403, error, origin);
      refused(await post('/api/edit', EDIT, headers), 403, error, origin);
      refused(await post('/api/close', { which: 'sidebar' }, headers), 403, error, origin);
      refused(await send('GET', '/api/state', { headers: { origin } }), 403, error, origin);
    }
  });

  it('a cross-site fetch without Origin (the browser says so) gets 403', async () => {
    refused(
      await send('GET', '/api/state', { headers: { 'sec-fetch-site': 'cross-site' } }),
      403,
      "A cross-site request is refused: only the playground's own page may call it",
    );
    refused(await post('/api/run', NEW_ROUND, { 'sec-fetch-site': 'same-site' }), 403, /same-site request/);
  });

  it('a foreign Host (DNS rebinding) gets 403 for the page, reads and writes', async () => {
    const port = playground.port;
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      '127.0.0.1:1',
      '127.0.0.1',
      `127.0.0.1.nip.example:${port}`,
      '',
    ]) {
      const error = `Host "${host}" is not this playground: open it at http://127.0.0.1:${port}/ (other names are refused)`;
      refused(await send('GET', '/api/state', { headers: { host } }), 403, error, host);
      refused(await send('GET', '/', { headers: { host } }), 403, error, host);
      refused(await post('/api/run', NEW_ROUND, { host }), 403, error, host);
      refused(await post('/api/edit', EDIT, { host }), 403, error, host);
    }
  });

  it('the page itself, by 127.0.0.1 or localhost, is served', async () => {
    const page = await new Promise<number>((resolve, reject) => {
      request(
        {
          port: playground.port,
          host: '127.0.0.1',
          path: '/',
          headers: { host: `localhost:${playground.port}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(page).toBe(200);
    const headers = {
      host: `localhost:${playground.port}`,
      origin: `http://localhost:${playground.port}`,
      'sec-fetch-site': 'same-origin',
    };
    const state = await send('GET', '/api/state?rows=2', { headers });
    expect(state.status).toBe(200);
    expect(state.body.grid).toMatchObject({ name: 'Units', rows: 2 });
  });
});

describe('the functions the page may call', () => {
  it('are the sidebar’s, the menu’s and the Player links dialog’s', () => {
    expect([...PAGE_FUNCTIONS].sort()).toEqual(
      [
        ...sidebarFunctions(),
        ...MENU_ITEMS.flatMap((i) => (i === 'separator' ? [] : [i[1]])),
        'playerLinkNew',
        'playerLinkRemove',
      ].sort(),
    );
  });

  it('any other name, inherited ones included, gets 404 and runs nothing', async () => {
    const names = [
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__proto__',
      'isPrototypeOf',
      'eval',
      'SpreadsheetApp',
      'UNITVALUE',
      'onOpen',
      'onEdit',
      'sidebarLoad_',
      'nothing',
    ];
    for (const fn of names) {
      refused(await post('/api/run', { fn, args: [] }), 404, `Script function not found: ${fn}`, fn);
    }
  });
});

describe('bodies that are not the protocol', () => {
  it('get 400 with what is wrong', async () => {
    const cases: [string, string, string | RegExp][] = [
      ['/api/run', 'null', 'The body must be a JSON object ({ fn, args, view? }), not null'],
      ['/api/run', '[]', 'The body must be a JSON object ({ fn, args, view? }), not an array'],
      ['/api/run', '"newRound"', 'The body must be a JSON object ({ fn, args, view? }), not string'],
      ['/api/run', '{', /^The body must be JSON: /],
      ['/api/run', '', /^The body must be JSON: /],
      ['/api/run', '{"fn":5,"args":[]}', 'fn must be the name of a script function'],
      ['/api/run', '{"fn":"newRound","args":"now"}', 'args must be an array'],
      [
        '/api/run',
        '{"fn":"newRound","args":[],"view":[]}',
        'The body must be a JSON object (view: { sheet?, rows? }), not an array',
      ],
      [
        '/api/run',
        '{"fn":"newRound","args":[],"view":{"rows":"all"}}',
        'view.rows must be a whole number from 1',
      ],
      [
        '/api/edit',
        'null',
        'The body must be a JSON object ({ edits, view? } or { sheet, row, col, input, view? }), not null',
      ],
      ['/api/edit', '{"edits":[]}', 'edits must be a list of one edit or more'],
      ['/api/edit', '{"edits":{"sheet":"Units"}}', 'edits must be a list of one edit or more'],
      [
        '/api/edit',
        '{"edits":[{"sheet":"Units","row":2,"col":1,"input":"x"},{"sheet":"Units","row":0,"col":1,"input":"y"}]}',
        'edits[1]: row and col must be whole numbers from 1',
      ],
      [
        '/api/edit',
        '{"edits":[{"sheet":"Units","row":2,"col":1,"input":"x","confirmed":"yes"}]}',
        "edits[0]: confirmed must be true or false (whether the person answered OK to Sheets' warning)",
      ],
      [
        '/api/edit',
        '{"edits":[{"sheet":"Units","row":2,"col":1,"input":"x"},{"sheet":"Nowhere","row":2,"col":1,"input":"y"}]}',
        'No sheet "Nowhere"',
      ],
      [
        '/api/edit',
        '{"sheet":"Units","row":"2","col":1,"input":"x"}',
        'row and col must be whole numbers from 1',
      ],
      [
        '/api/edit',
        '{"sheet":"Units","row":0,"col":1,"input":"x"}',
        'row and col must be whole numbers from 1',
      ],
      [
        '/api/edit',
        '{"sheet":"Units","row":2.5,"col":1,"input":"x"}',
        'row and col must be whole numbers from 1',
      ],
      ['/api/edit', '{"sheet":"Units","row":2,"col":1,"input":{"v":1}}', /^input must be the text typed/],
      ['/api/edit', '{"sheet":"Units","row":2,"col":1,"input":null}', /^input must be the text typed/],
      ['/api/edit', '{"sheet":["Units"],"row":2,"col":1,"input":"x"}', 'sheet must be a sheet name'],
      ['/api/edit', '{"sheet":"Nowhere","row":2,"col":1,"input":"x"}', 'No sheet "Nowhere"'],
      ['/api/close', '{"which":"everything"}', 'which must be "sidebar" or "dialog"'],
      ['/api/close', '[]', 'The body must be a JSON object ({ which, view? }), not an array'],
    ];
    for (const [path, body, error] of cases) refused(await post(path, body), 400, error, `${path} ${body}`);
  });

  it('a cell of more than 50,000 characters: 400', async () => {
    refused(
      await post('/api/edit', { ...EDIT, input: 'x'.repeat(50_001) }),
      400,
      'A cell holds at most 50000 characters (got 50001)',
    );
  });

  it('a body past the limit: 413, kept in memory no further', async () => {
    const body = Buffer.alloc(2 * MAX_BODY_BYTES, 0x20);
    refused(
      await send('POST', '/api/edit', { body }),
      413,
      `The body is ${2 * MAX_BODY_BYTES} bytes: the playground takes at most ${MAX_BODY_BYTES}`,
    );
  });

  it('an unknown path or method: 404', async () => {
    refused(await post('/api/delete', {}), 404, 'No POST /api/delete');
    refused(await send('PUT', '/api/run', { body: '{}' }), 404, 'No PUT /api/run');
    refused(await send('GET', '/api/run'), 404, 'No GET /api/run');
  });
});

describe('sizes past the sheet', () => {
  it('GET /api/state with rows not a whole number within the sheet: 400', async () => {
    for (const rows of ['1e8', '100000000', '0', '-1', 'all', '0x10', '5001']) {
      refused(await send('GET', `/api/state?sheet=Units&rows=${rows}`), 400, /^rows must be /, rows);
    }
  });

  it('a view of more rows than the sheet has: 400, and the action not run', async () => {
    const maxRows = playground.env.workbook.sheetOrThrow('Units').maxRows;
    const view = { sheet: 'Units', rows: maxRows + 1 };
    const error = `rows must be from 1 to ${maxRows} for sheet "Units" (got ${maxRows + 1})`;
    refused(await send('GET', `/api/state?sheet=Units&rows=${maxRows + 1}`), 400, error);
    refused(await post('/api/run', { ...NEW_ROUND, view }), 400, error);
    refused(await post('/api/edit', { ...EDIT, view }), 400, error);
    refused(
      await post('/api/run', { ...NEW_ROUND, view: { sheet: 'Units', rows: 1e8 } }),
      400,
      /got 100000000/,
    );
  });

  it('an edit past the sheet’s rows or columns (row 10,000,000): 400, no half-change', async () => {
    const units = playground.env.workbook.sheetOrThrow('Units');
    const size = `(${units.maxRows} rows, ${units.maxColumns} columns)`;
    for (const [row, col] of [
      [10_000_000, 1],
      [1, 1000],
      [units.maxRows + 1, 1],
      [1, units.maxColumns + 1],
    ] as const) {
      const error = `Row ${row}, column ${col} is outside sheet "Units" ${size}`;
      refused(await post('/api/edit', { ...EDIT, row, col }), 400, error);
    }
    expect(playground.env.workbook.sheetOrThrow('Units').maxRows).toBe(unitsOf(before).maxRows);
  });
});

describe('normal use after all that', () => {
  it('edits, runs a menu item and a sidebar call, as the page sends them', async () => {
    const page = {
      origin: `http://${own}`,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    };
    const edited = await post('/api/edit', { ...EDIT, input: 'Renamed guard' }, page);
    expect(edited.status).toBe(200);
    expect(edited.body.ok).toBe(true);
    expect(playground.env.workbook.read('Units', 'A2')).toEqual([['Renamed guard']]);
    const shown = await post('/api/run', { fn: 'openBattleSidebar', args: [], view: EDIT.view }, page);
    expect(shown.body.ok).toBe(true);
    const loaded = await post('/api/run', { fn: 'sidebarLoad', args: [] }, page);
    expect(loaded.body).toMatchObject({ ok: true, result: { ok: true } });
    const closed = await post('/api/close', { which: 'sidebar' }, page);
    expect(closed.body.ok).toBe(true);
    // What changed is the edit alone, saved.
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as WorkbookSnapshot;
    expect(unitsOf(saved).cells.A2).toEqual({ v: 'Renamed guard' });
    before = playground.env.workbook.snapshot();
    savedBefore = readFileSync(dataFile, 'utf8');
  });
});
