// The `npm start` playground server: runs dist/Code.js in the emulation (dev/gas) and serves a page that shows
// the workbook, the Warcard menu, sidebars and dialogs, and carries google.script.run calls to Code.js.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import {
  displayValue,
  EmulatedRange,
  EmulatedSpreadsheet,
  isValid,
  type LoadedWorkbook,
  loadWorkbook,
  messageOf,
  type SheetModel,
  toTransport,
  type WorkbookSnapshot,
} from '../gas';
import type {
  Answer,
  CellView,
  EditRequest,
  GridView,
  HtmlView,
  RunRequest,
  StateView,
  ViewRequest,
} from './protocol';

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
const FUNCTION_NAME = /^[A-Za-z$][\w$]*$/;

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

  // ---- The workbook: the saved one, or the sample campaign.
  let snapshot: WorkbookSnapshot | undefined;
  if (!options.reset && existsSync(dataFile)) {
    try {
      snapshot = JSON.parse(readFileSync(dataFile, 'utf8')) as WorkbookSnapshot;
    } catch (e) {
      throw new Error(
        `Cannot read the saved workbook ${dataFile}: ${messageOf(e)}. Start afresh with \`npm start -- --reset\`.`,
      );
    }
  }
  const env = loadWorkbook({
    codePath,
    snapshot,
    log: (level, message) => print(`[script ${level}] ${message}`),
  });
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
  if (env.has('onOpen')) env.run('onOpen', {});
  else note('Code.js has no onOpen(): no Warcard menu.');

  const save = () => {
    mkdirSync(dirname(dataFile), { recursive: true });
    const tmp = `${dataFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(wb.snapshot()));
    renameSync(tmp, dataFile); // atomic: a crash never leaves half a file
  };
  save();

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

  const grid = (view: ViewRequest | undefined): GridView | undefined => {
    const model = (view?.sheet && wb.sheet(view.sheet)) || wb.sheets[0];
    return model ? gridOf(model, view?.rows ?? PAGE_ROWS) : undefined;
  };

  const gridOf = (model: SheetModel, wanted: number): GridView => {
    const lastRow = wb.lastRow(model);
    const rows = Math.max(1, Math.min(model.maxRows, wanted));
    const box = { row: 1, col: 1, numRows: rows, numCols: model.maxColumns };
    const values = wb.values(model, box);
    const formulas = wb.formulas(model, box);
    const cells: Record<string, CellView> = {};
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < model.maxColumns; c++) {
        const v = values[r]![c];
        const meta = model.metaAt(r, c);
        const formula = formulas[r]![c]!;
        if ((v === '' || v === undefined) && !meta && !formula) continue;
        const format = wb.numberFormat(model, r, c);
        const cell: CellView = {};
        const shown = displayValue(v, format);
        if (shown !== '') cell.d = shown;
        cell.f = formula || (typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : shown);
        if (cell.f === '') delete cell.f;
        if (typeof v === 'number' || Object.prototype.toString.call(v) === '[object Date]') cell.t = 'n';
        else if (typeof v === 'boolean') cell.t = 'b';
        const err = typeof v === 'string' && v.startsWith('#') ? wb.errorMessage(model, r, c) : undefined;
        if (
          err !== undefined ||
          (typeof v === 'string' && /^#(ERROR!|REF!|N\/A|NAME\?|VALUE!|DIV\/0!|NUM!)$/.test(v))
        ) {
          cell.t = 'e';
          if (err) cell.err = err;
        }
        if (!formula && wb.hf.isCellPartOfArray({ sheet: model.hfId, row: r, col: c })) cell.sp = 1;
        if (meta?.validation) {
          const rule = meta.validation;
          if (rule.criteria === 'CHECKBOX') cell.cb = v === true;
          else if (rule.criteria === 'VALUE_IN_LIST') cell.ls = (rule.values[0] as unknown[]).map(String);
          if (!isValid(rule, v)) cell.bad = 1;
        }
        if (meta?.fontWeight === 'bold') cell.bold = 1;
        if (meta?.background) cell.bg = meta.background;
        if (meta?.note) cell.note = meta.note;
        if (Object.keys(cell).length > 0) cells[`${r + 1},${c + 1}`] = cell;
      }
    }
    applyConditionalFormats(model, rows, cells);
    return {
      name: model.name,
      maxRows: model.maxRows,
      maxColumns: model.maxColumns,
      frozenRows: model.frozenRows,
      rows,
      lastRow,
      columnWidths: Object.fromEntries(model.columnWidths),
      cells,
    };
  };

  /** Conditional formats (custom formula rules): the formula moved to each cell, true colours it. */
  const applyConditionalFormats = (model: SheetModel, rows: number, cells: Record<string, CellView>) => {
    for (const rule of model.conditionalRules) {
      if (!rule.formula || (!rule.background && !rule.fontColor)) continue;
      const boxes = rule.ranges.map((a1) => wb.boxOf(model, a1));
      const anchor = boxes[0];
      if (!anchor) continue;
      for (const box of boxes) {
        const last = Math.min(rows, box.row + box.numRows - 1);
        for (let r = box.row; r <= last; r++) {
          for (let c = box.col; c < box.col + box.numCols; c++) {
            if (!conditionHolds(model, rule.formula, r - anchor.row, c - anchor.col)) continue;
            const key = `${r},${c}`;
            const cell = cells[key] ?? {};
            cells[key] = cell;
            if (rule.background) cell.bg = rule.background;
            if (rule.fontColor) cell.fg = rule.fontColor;
          }
        }
      }
    }
  };

  const conditionHolds = (model: SheetModel, formula: string, dr: number, dc: number): boolean => {
    try {
      const v = wb.evaluate(model, formula, dr, dc);
      return v === true || (typeof v === 'number' && v !== 0);
    } catch {
      return false;
    }
  };

  // ---- Actions

  /** Every answer shows the workbook recalculated: the moment Sheets takes to run the custom functions. */
  const answer = (ok: boolean, view: ViewRequest | undefined, extra: Partial<Answer> = {}): Answer => {
    wb.recalculate();
    env.calls.reset(); // the custom functions' reads: nobody counts them here
    return { ok, ...extra, state: state(), grid: grid(view) };
  };

  const run = (request: RunRequest): Answer => {
    const fn = String(request.fn ?? '');
    if (!FUNCTION_NAME.test(fn) || fn.endsWith('_') || !env.has(fn)) {
      return answer(false, request.view, { error: `Script function not found: ${fn}` });
    }
    let args: unknown[];
    try {
      args = toTransport(request.args ?? [], 'argument') as unknown[];
    } catch (e) {
      return answer(false, request.view, { error: messageOf(e) });
    }
    let result: unknown;
    try {
      result = env.run(fn, ...args);
    } catch (e) {
      save();
      return answer(false, request.view, { error: messageOf(e) });
    } finally {
      env.calls.reset(); // nobody reads the counts here: keep the log from growing
    }
    save();
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
    if (!model) return answer(false, request.view, { error: `No sheet "${request.sheet}"` });
    const box = { row: request.row, col: request.col, numRows: 1, numCols: 1 };
    const rule = model.metaAt(box.row - 1, box.col - 1)?.validation;
    const input = request.input;
    const old = wb.values(model, box)[0]![0];
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
        value: String(wb.values(model, box)[0]![0]),
        oldValue: old === '' ? undefined : String(old),
        user: { email: '', nickname: '' },
      };
      try {
        env.run('onEdit', event);
      } catch (e) {
        print(`[onEdit] ${messageOf(e)}`);
      } finally {
        env.calls.reset();
      }
    }
    save();
    return answer(true, request.view);
  };

  // ---- HTTP

  const page = await pageHtml(options.root);

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => send(res, 500, { ok: false, error: messageOf(e) }));
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://playground');
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
      const view = {
        sheet: url.searchParams.get('sheet') ?? undefined,
        rows: Number(url.searchParams.get('rows')) || PAGE_ROWS,
      };
      send(res, 200, answer(true, view));
      return;
    }
    if (req.method === 'POST') {
      const body = await readJson(req);
      if (url.pathname === '/api/run') return send(res, 200, run(body as RunRequest));
      if (url.pathname === '/api/edit') return send(res, 200, edit(body as EditRequest));
      if (url.pathname === '/api/close') {
        const which = (body as { which?: string }).which;
        if (which === 'sidebar') wb.ui.sidebar = null;
        if (which === 'dialog') wb.ui.dialog = null;
        return send(res, 200, answer(true, (body as { view?: ViewRequest }).view));
      }
    }
    send(res, 404, { ok: false, error: `No ${req.method} ${url.pathname}` });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Text typed in a cell, as a value to check against a rule. */
function coerce(input: string): unknown {
  const n = Number(input);
  return input.trim() !== '' && Number.isFinite(n) ? n : input;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 20_000_000) throw new Error('Request too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
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
    return out.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  };
  const [client, bridge] = await Promise.all([bundle('client.ts'), bundle('bridge.ts')]);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const css = readFileSync(join(dir, 'style.css'), 'utf8');
  return html
    .replace('/*STYLE*/', () => css)
    .replace('"BRIDGE"', () => JSON.stringify(bridge).replace(/</g, '\\u003c'))
    .replace('/*CLIENT*/', () => client);
}
