// The `npm start` playground server: runs dist/Code.js in the emulation (dev/gas) and serves a page that shows
// the workbook, the Warcard menu, sidebars and dialogs, and carries google.script.run calls to Code.js. It
// answers its own page only and checks every request before it changes anything (guard.ts); the workbook it
// opens and saves is opening.ts's, what the page may do actions.ts's.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sidebarFunctions } from '../../src/contract/api';
import { MENU_ITEMS } from '../../src/sheets/menu';
import { type LoadedWorkbook, messageOf } from '../gas';
import { playgroundActions } from './actions';
import {
  actRequestOf,
  checkCaller,
  closeRequestOf,
  editsRequestOf,
  type Own,
  ownNames,
  TurnedDown,
  readJson,
  rowsRequestOf,
  runRequestOf,
  viewOfQuery,
} from './guard';
import { openWorkbook } from './opening';
import { bridgeScript, pageHtml } from './page';
import { WEB_APP_PATH, webAppPage, webAppRun } from './web-app';

/** The Player links dialog's calls (src/sheets/player-links.ts). */
export const LINKS_FUNCTIONS: readonly string[] = ['playerLinkNew', 'playerLinkRemove'];

/**
 * The script functions the page may call: the sidebar's server functions, the menu's items (the formula
 * reference dialog calls none) and the Player links dialog's. Any other name, an inherited one like toString
 * included, is "not found". A player page's calls are the web app's (web-app.ts), never these.
 */
export const PAGE_FUNCTIONS: readonly string[] = [
  ...sidebarFunctions(),
  ...MENU_ITEMS.flatMap((item) => (item === 'separator' ? [] : [item[1]])),
  ...LINKS_FUNCTIONS,
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
  /** Start from a workbook holding only an empty Sheet1 (as a new spreadsheet), whatever the data file holds. */
  empty?: boolean;
  /**
   * Awaited before each request to /api/ is carried out: a slow Google (`npm start -- --slow MS`), or a test
   * holding answers until it lets them go.
   */
  hold?: (action: 'state' | 'run' | 'edit' | 'rows' | 'close' | 'act') => Promise<void>;
  /** Console output (console.log by default). */
  print?: (line: string) => void;
  /** The script functions the page may call (PAGE_FUNCTIONS by default). */
  functions?: readonly string[];
  /** Whom the page acts as at start (`npm start -- --user EMAIL`): the owner by default. */
  user?: string;
}

export interface Playground {
  url: string;
  port: number;
  env: LoadedWorkbook;
  /** Writes the workbook to the data file now. */
  save(): void;
  close(): Promise<void>;
}

/** Starts the playground; resolves once it listens. */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const print = options.print ?? ((line: string) => console.log(line));
  const dist = options.distDir ?? join(options.root, 'dist');
  const open = openWorkbook({
    codePath: join(dist, 'Code.js'),
    dataFile: options.dataFile ?? join(options.root, '.playground', 'workbook.json'),
    reset: options.reset ?? false,
    empty: options.empty ?? false,
    print,
  });
  if (options.user) open.env.actAs(options.user);
  const actions = playgroundActions(open, options.functions ?? PAGE_FUNCTIONS, print);

  const page = await pageHtml(options.root);
  const bridge = await bridgeScript(options.root);

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) =>
      e instanceof TurnedDown
        ? send(res, e.status, { ok: false, error: e.message })
        : send(res, 500, { ok: false, error: messageOf(e) }),
    );
  });
  let own: Own | undefined;
  /**
   * The API's requests are carried out one at a time in the order they arrive, whatever `hold` makes them wait,
   * each body read as it arrives: the edits a closing page sends (client-requests.ts) come after the request it
   * was waiting on, and are applied after it, though the page is gone.
   */
  let turn: Promise<unknown> = Promise.resolve();

  const handle = (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://playground');
    if (!url.pathname.startsWith('/api/')) return carryOut(req, res, url, Promise.resolve(undefined));
    // Read now, while the page may still be there to send it; refused (400, 413) when its turn comes.
    const body = req.method === 'POST' ? readJson(req) : Promise.resolve(undefined);
    body.catch(() => undefined);
    const mine = turn.then(() => carryOut(req, res, url, body));
    turn = mine.catch(() => undefined);
    return mine;
  };

  const carryOut = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    read: Promise<unknown>,
  ): Promise<void> => {
    own ??= ownNames(options.host ?? '127.0.0.1', portOf(server));
    checkCaller(req, own, url.pathname.startsWith('/api/'));
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
      return;
    }
    if (req.method === 'GET' && url.pathname === WEB_APP_PATH) {
      await options.hold?.('run');
      const html = webAppPage(open, bridge, Object.fromEntries(url.searchParams));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/api/webapp') {
      const body = await readJson(req);
      await options.hold?.('run');
      return send(res, 200, webAppRun(open, body));
    }
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/state') {
      const view = viewOfQuery(url.searchParams);
      await options.hold?.('state');
      return send(res, 200, actions.state(view));
    }
    const action = req.method === 'POST' ? ACTIONS.get(url.pathname) : undefined;
    if (!action) throw new TurnedDown(404, `No ${req.method} ${url.pathname}`);
    const body = await read;
    await options.hold?.(action);
    if (action === 'run') return send(res, 200, actions.run(runRequestOf(body)));
    if (action === 'edit') return send(res, 200, actions.edits(editsRequestOf(body)));
    if (action === 'rows') return send(res, 200, actions.rows(rowsRequestOf(body)));
    if (action === 'act') return send(res, 200, actions.act(actRequestOf(body)));
    return send(res, 200, actions.close(closeRequestOf(body)));
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = portOf(server);
  const url = `http://${options.host ?? '127.0.0.1'}:${port}/`;
  // The web app is deployed here, as a GM deploys it once: Player links… gives links to this playground's /exec.
  open.env.workbook.webApp.url = `${url.slice(0, -1)}${WEB_APP_PATH}`;
  return {
    url,
    port,
    env: open.env,
    save: open.save,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections would hold the close
      }),
  };
}

const ACTIONS: ReadonlyMap<string, 'run' | 'edit' | 'rows' | 'close' | 'act'> = new Map([
  ['/api/run', 'run'],
  ['/api/edit', 'edit'],
  ['/api/rows', 'rows'],
  ['/api/close', 'close'],
  ['/api/act', 'act'],
]);

/** The port a listening server took (a TCP server's address is never a pipe's name). */
function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error(`The playground listens on no port: ${address}`);
  return address.port;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(JSON.stringify(body));
}
