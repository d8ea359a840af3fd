// The `npm start` playground server: runs dist/Code.js in the emulation (dev/gas) and serves a page that shows
// the workbook, the Warcard menu, sidebars and dialogs, and carries google.script.run calls to Code.js. It
// answers its own page only and checks every request before it changes anything (guard.ts).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import {
  EmulatedRange,
  EmulatedSpreadsheet,
  isValid,
  type LoadedWorkbook,
  loadWorkbook,
  messageOf,
  onlyCell,
  toTransport,
  type WorkbookSnapshot,
} from '../gas';
import { gridView } from './grid';
import { MENU_ITEMS } from '../../src/sheets/menu';
import { SIDEBAR_FUNCTIONS } from '../../src/contract/api';
import { readDataFile, saveAtomically, setAside } from './data-file';
import {
  checkCaller,
  closeRequestOf,
  editRequestOf,
  type Own,
  ownNames,
  Refusal,
  readJson,
  runRequestOf,
  viewOfQuery,
} from './guard';
import {
  type Answer,
  type EditRequest,
  type GridView,
  type HtmlView,
  MAX_VIEW_ROWS,
  type RunRequest,
  type StateView,
  type ViewRequest,
} from './protocol';

/**
 * The script functions the page may call: the sidebar's server functions and the menu's items (the formula
 * reference dialog calls none). Any other name, an inherited one like toString included, is "not found".
 */
export const PAGE_FUNCTIONS: readonly string[] = [
  ...SIDEBAR_FUNCTIONS,
  ...MENU_ITEMS.flatMap((item) => (item === 'separator' ? [] : [item[1]])),
];

export interface PlaygroundOptions {
  /** The repository (the page's sources in dev/playground/, and dist/ unless distDir says otherwise). */
  root: string;
  /** Where Code.js and the HTML files are (root/dist by default). */
  distDir?: string;
  port?: number;
  host?: string;
  /** Where the workbook is kept between runs (.playground/workbook.json). */
  dataFile?: string;
  /** Start from the sample again, whatever the data file holds. */
  reset?: boolean;
  /** Console output (console.log by default). */
  print?: (line: string) => void;
  /** The script functions the page may call (PAGE_FUNCTIONS by default). */
  functions?: readonly string[];
}

export interface Playground {
  url: string;
  port: number;
  env: LoadedWorkbook;
  /** Writes the workbook to the data file now. */
  save(): void;
  close(): Promise<void>;
}

const PAGE_ROWS = 100;

/** Starts the playground; resolves once it listens. */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const print = options.print ?? ((line: string) => console.log(line));
  const dist = options.distDir ?? join(options.root, 'dist');
  const codePath = join(dist, 'Code.js');
  const dataFile = options.dataFile ?? join(options.root, '.playground', 'workbook.json');
  const notes: string[] = [];
  const note = (line: string) => {
    notes.push(line);
    print(`note: ${line}`);
  };

  // ---- The workbook: the saved one, or the sample campaign (a saved one it cannot use is set aside, not lost).
  const load = (snapshot?: WorkbookSnapshot) =>
    loadWorkbook({ codePath, snapshot, log: (level, message) => print(`[script ${level}] ${message}`) });
  const saved = options.reset ? { kind: 'none' as const } : readDataFile(dataFile);
  let snapshot: WorkbookSnapshot | undefined;
  let loaded: LoadedWorkbook | undefined;
  let setAsideWhy = saved.kind === 'unreadable' ? saved.why : undefined;
  if (saved.kind === 'json') {
    snapshot = saved.value as WorkbookSnapshot;
    try {
      loaded = load(snapshot);
    } catch (e) {
      loaded = load(); // throws when Code.js is at fault: the file stays where it is
      setAsideWhy = messageOf(e);
      snapshot = undefined;
    }
  }
  const asideMessage = setAsideWhy === undefined ? undefined : setAside(dataFile, setAsideWhy);
  if (asideMessage) note(asideMessage);
  const env = loaded ?? load();
  const wb = env.workbook;
  if (snapshot) {
    print(`Loaded the workbook from ${dataFile} (\`npm start -- --reset\` restores the sample).`);
  } else if (env.has('setUpSampleCampaign')) {
    env.run('setUpSampleCampaign');
    print('Created the sample campaign (setUpSampleCampaign).');
  } else {
    wb.addSheet('Sheet1');
    note('Code.js has no setUpSampleCampaign(): starting from an empty workbook with one sheet.');
  }
  for (const a of wb.ui.alerts.splice(0)) print(`[alert] ${a}`);
  for (const t of wb.ui.toasts.splice(0)) print(`[toast] ${t.title}: ${t.message}`);
  if (asideMessage) wb.ui.alerts.push(asideMessage); // the page shows it on opening
  if (env.has('onOpen')) env.run('onOpen', {});
  else note('Code.js has no onOpen(): no Warcard menu.');

  const save = () => saveAtomically(dataFile, JSON.stringify(wb.snapshot()));
  save();
  /** Saves after an action; a failure is told on the page and the console, the change kept in memory. */
  const persist = () => {
    try {
      save();
    } catch (e) {
      const message = `${messageOf(e)}. The change is kept while the playground runs; the next change saves again.`;
      print(`error: ${message}`);
      wb.ui.toasts.push({ title: 'Not saved', message });
    }
  };
  /** Nobody reads the call counts or the script's log here: keep them from growing. */
  const forget = () => {
    env.calls.reset();
    env.logs.length = 0;
  };

  // ---- Views

  const htmlIds = new WeakMap<object, number>();
  let nextHtmlId = 1;
  const htmlView = (record: { title: string; content: string; width?: number; height?: number } | null) => {
    if (!record) return null;
    let id = htmlIds.get(record);
    if (id === undefined) {
      id = nextHtmlId++;
      htmlIds.set(record, id);
    }
    const view: HtmlView = { id, title: record.title, content: record.content };
    if (record.width !== undefined) view.width = record.width;
    if (record.height !== undefined) view.height = record.height;
    return view;
  };

  const state = (): StateView => ({
    name: wb.name,
    sheets: wb.sheets.map((s) => s.name),
    menus: wb.ui.menus,
    sidebar: htmlView(wb.ui.sidebar),
    dialog: htmlView(wb.ui.dialog),
    alerts: wb.ui.alerts.splice(0),
    toasts: wb.ui.toasts.splice(0),
    notes,
  });

  /**
   * The sheet a view shows (the first when it names none, or one no longer there) and its rows. Strict: 400
   * when it asks for more rows than its sheet has or the page may show; else such a view is cut to fit.
   */
  const viewed = (view: ViewRequest | undefined, strict: boolean) => {
    const named = view?.sheet === undefined ? undefined : wb.sheet(view.sheet);
    const model = named ?? wb.sheets[0];
    if (!model) return undefined;
    const limit = Math.min(model.maxRows, MAX_VIEW_ROWS);
    const rows = view?.rows ?? PAGE_ROWS;
    if (strict && named && rows > limit) {
      throw new Refusal(400, `rows must be from 1 to ${limit} for sheet "${model.name}" (got ${rows})`);
    }
    return { model, rows: Math.min(rows, limit) };
  };

  const grid = (view: ViewRequest | undefined): GridView | undefined => {
    const shown = viewed(view, false);
    return shown ? gridView(wb, shown.model, shown.rows) : undefined;
  };

  // ---- Actions

  /** Every answer shows the workbook recalculated: the moment Sheets takes to run the custom functions. */
  const answer = (ok: boolean, view: ViewRequest | undefined, extra: Partial<Answer> = {}): Answer => {
    wb.recalculate();
    env.calls.reset(); // the custom functions' reads: nobody counts them here
    return { ok, ...extra, state: state(), grid: grid(view) };
  };

  // Each action checks the whole request first (guard.ts, then the bounds here) and changes nothing when refused.

  const allowed = new Set(options.functions ?? PAGE_FUNCTIONS);
  const run = (request: RunRequest): Answer => {
    const fn = request.fn;
    // Apps Script's private functions end in _; names not in the list (inherited ones too) are not the page's.
    if (!allowed.has(fn) || fn.endsWith('_') || !env.has(fn)) {
      throw new Refusal(404, `Script function not found: ${fn}`);
    }
    viewed(request.view, true);
    let args: unknown[];
    try {
      args = toTransport(request.args, 'argument') as unknown[];
    } catch (e) {
      throw new Refusal(400, messageOf(e));
    }
    let result: unknown;
    try {
      result = env.run(fn, ...args);
    } catch (e) {
      persist();
      return answer(false, request.view, { error: messageOf(e) });
    } finally {
      forget();
    }
    persist();
    try {
      const sent = toTransport(result, 'result');
      return answer(true, request.view, sent === undefined ? {} : { result: sent });
    } catch (e) {
      return answer(false, request.view, {
        error: `${fn} returned a value google.script.run cannot carry (Google passes null instead): ${messageOf(e)}`,
      });
    }
  };

  const edit = (request: EditRequest): Answer => {
    const model = wb.sheet(request.sheet);
    if (!model) throw new Refusal(400, `No sheet "${request.sheet}"`);
    if (request.row > model.maxRows || request.col > model.maxColumns) {
      throw new Refusal(
        400,
        `Row ${request.row}, column ${request.col} is outside sheet "${model.name}" ` +
          `(${model.maxRows} rows, ${model.maxColumns} columns)`,
      );
    }
    viewed(request.view, true);
    const box = { row: request.row, col: request.col, numRows: 1, numCols: 1 };
    const rule = model.metaAt(box.row - 1, box.col - 1)?.validation;
    const input = request.input;
    const old = onlyCell(wb.values(model, box));
    if (typeof input === 'string' && input.startsWith('=') && input.length > 1) {
      wb.writeFormula(model, box, input);
    } else {
      if (rule && !rule.allowInvalid && typeof input === 'string' && !isValid(rule, coerce(input))) {
        return answer(false, request.view, {
          error: `Invalid: ${rule.helpText ?? `input must satisfy the cell's ${rule.criteria} rule`}`,
        });
      }
      wb.write(model, box, [[input]]);
    }
    if (env.has('onEdit')) {
      // The simple trigger, as Sheets fires it for a user's edit.
      const event = {
        authMode: 'LIMITED',
        range: new EmulatedRange(wb, model, box),
        source: new EmulatedSpreadsheet(wb),
        value: String(onlyCell(wb.values(model, box))),
        oldValue: old === '' ? undefined : String(old),
        user: { email: '', nickname: '' },
      };
      try {
        env.run('onEdit', event);
      } catch (e) {
        print(`[onEdit] ${messageOf(e)}`);
      }
    }
    forget();
    persist();
    return answer(true, request.view);
  };

  const close = (request: { which: 'sidebar' | 'dialog'; view?: ViewRequest }): Answer => {
    viewed(request.view, true);
    if (request.which === 'sidebar') wb.ui.sidebar = null;
    else wb.ui.dialog = null;
    return answer(true, request.view);
  };

  // ---- HTTP

  const page = await pageHtml(options.root);

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) =>
      e instanceof Refusal
        ? send(res, e.status, { ok: false, error: e.message })
        : send(res, 500, { ok: false, error: messageOf(e) }),
    );
  });
  let own: Own | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://playground');
    own ??= ownNames(options.host ?? '127.0.0.1', (server.address() as AddressInfo).port);
    checkCaller(req, own, url.pathname.startsWith('/api/'));
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      const view = viewOfQuery(url.searchParams);
      viewed(view, true);
      return send(res, 200, answer(true, view));
    }
    const action = req.method === 'POST' ? ACTIONS.get(url.pathname) : undefined;
    if (!action) throw new Refusal(404, `No ${req.method} ${url.pathname}`);
    const body = await readJson(req);
    if (action === 'run') return send(res, 200, run(runRequestOf(body)));
    if (action === 'edit') return send(res, 200, edit(editRequestOf(body)));
    return send(res, 200, close(closeRequestOf(body)));
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}/`;
  return {
    url,
    port,
    env,
    save,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections would hold the close
      }),
  };
}

const ACTIONS: ReadonlyMap<string, 'run' | 'edit' | 'close'> = new Map([
  ['/api/run', 'run'],
  ['/api/edit', 'edit'],
  ['/api/close', 'close'],
]);

/** Text typed in a cell, as a value to check against a rule. */
function coerce(input: string): unknown {
  const n = Number(input);
  return input.trim() !== '' && Number.isFinite(n) ? n : input;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(JSON.stringify(body));
}

/** The page: HTML with the styles, the client and the google.script.run bridge inlined (nothing fetched). */
async function pageHtml(root: string): Promise<string> {
  const dir = join(root, 'dev', 'playground');
  const bundle = async (entry: string) => {
    const out = await build({
      entryPoints: [join(dir, entry)],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      write: false,
      logLevel: 'warning',
    });
    const [file] = out.outputFiles;
    if (file === undefined) throw new Error(`esbuild wrote nothing for ${entry}`);
    return file.text.replace(/<\/script/gi, '<\\/script');
  };
  const [client, bridge] = await Promise.all([bundle('client.ts'), bundle('bridge.ts')]);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const css = readFileSync(join(dir, 'style.css'), 'utf8');
  return html
    .replace('/*STYLE*/', () => css)
    .replace('"BRIDGE"', () => JSON.stringify(bridge).replace(/</g, '\\u003c'))
    .replace('/*CLIENT*/', () => client);
}
