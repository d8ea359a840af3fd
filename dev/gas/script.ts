// Loads dist/Code.js as Apps Script does: one script in one bare global scope (a node:vm context) that holds
// only the services; registers its @customfunction functions with the workbook's formula engine.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type { LockApi } from '../../src/sheets/gas';
import type { CallCounter } from './calls';
import { contextRealm, type Realm } from './realm';
import { createServices, type Services } from './services';
import { type CustomFunctionHost, Workbook, type WorkbookSnapshot } from './workbook';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = join(ROOT, 'dist');

/** A top-level function of Code.js whose JSDoc says @customfunction (as Sheets lists them). */
export interface CustomFunctionDoc {
  name: string;
  params: string[];
  doc: string;
}

/** The custom functions Code.js declares: top-level functions JSDoc'd with @customfunction. */
export function customFunctionsOf(code: string): CustomFunctionDoc[] {
  const found: CustomFunctionDoc[] = [];
  const re = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*^function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/gm;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const [, doc, name, params] = m as unknown as [string, string, string, string];
    if (!/@customfunction\b/.test(doc) || name.endsWith('_')) continue; // name_ is private in Apps Script
    found.push({
      name,
      params: params
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      doc,
    });
  }
  return found;
}

/**
 * Reads Code.js. Another process may be rebuilding dist/ at this moment (buildDist empties it first), so a
 * missing or half-written file is read again for a while before giving up.
 */
export function readCode(codePath: string, waitMs = 15_000): string {
  const until = Date.now() + waitMs;
  let problem = '';
  for (;;) {
    try {
      const code = readFileSync(codePath, 'utf8');
      new vm.Script(code, { filename: codePath }); // compiles: not half written
      if (code.trim() !== '') return code;
      problem = 'it is empty';
    } catch (e) {
      problem = existsSync(codePath) ? String((e as Error).message) : 'it does not exist';
    }
    if (Date.now() > until) {
      throw new Error(`Cannot load ${codePath}: ${problem}. Run \`npm run build\` first.`);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}

/** A script's global scope: its top-level functions and variables by name, and the services. */
export type ScriptScope = vm.Context & Record<string, unknown>;

/** Apps Script's time limits: a custom function is stopped after 30 s, any other execution after 6 minutes. */
export const TIME_LIMITS = { customFunctionMs: 30_000, executionMs: 360_000 } as const;

/** What Apps Script says when it stops a call that ran past its limit. */
export const TIME_LIMIT_MESSAGE = 'Exceeded maximum execution time';

/** Runs `call` inside the script's scope and stops it past `ms`, as Apps Script stops a call past its limit. */
const TIMED = new vm.Script('globalThis.__gasTimedCall()');
function timed<T>(context: ScriptScope, realm: Realm, ms: number, call: () => T): T {
  const outer = context.__gasTimedCall;
  context.__gasTimedCall = call;
  try {
    return TIMED.runInContext(context, { timeout: ms }) as T;
  } catch (e) {
    if ((e as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw realm.error(TIME_LIMIT_MESSAGE);
    }
    throw e;
  } finally {
    if (outer === undefined) delete context.__gasTimedCall;
    else context.__gasTimedCall = outer;
  }
}

export interface LoadOptions {
  /** The script to run (dist/Code.js by default). */
  codePath?: string;
  /** The script's text, instead of reading codePath. */
  code?: string;
  /** A workbook to start from (WorkbookSnapshot, e.g. from `snapshot()` or the playground's file). */
  snapshot?: WorkbookSnapshot;
  /** Where HtmlService.createHtmlOutputFromFile finds `<name>.html` (dist/ by default). */
  htmlDir?: string;
  /** The spreadsheet's time zone (Etc/UTC by default; a snapshot brings its own). */
  timeZone?: string;
  /** The spreadsheet's locale (en_US by default; a snapshot brings its own), e.g. de_DE. */
  locale?: string;
  /**
   * Load the script afresh for every custom function call and every run, as Apps Script does: nothing a call
   * leaves in the script's globals reaches the next. Slower; the bench uses it.
   */
  freshScript?: boolean;
  /** Receives Logger.log and console output from the script. */
  log?: (level: string, message: string) => void;
  /** Time limits in ms (Apps Script's by default, TIME_LIMITS): a test may shorten them. */
  limits?: Partial<Record<keyof typeof TIME_LIMITS, number>>;
}

export interface LoadedWorkbook {
  /** The document (uncounted access for tests: put, read, cell, errorAt, snapshot...). */
  workbook: Workbook;
  /** The script's global scope: Code.js's functions and the services. */
  context: ScriptScope;
  /** The calls the script made to the services (reset(), failOn()). */
  calls: CallCounter;
  /** The services the script sees. */
  services: Services;
  /** The script's realm (make arrays/Dates/Errors as the script's own). */
  realm: Realm;
  /** Names Sheets would list as custom functions. */
  customFunctions: string[];
  /** Whether Code.js has this top-level function. */
  has(functionName: string): boolean;
  /**
   * Calls a global function of Code.js as one execution (a menu item, a sidebar's google.script.run, a trigger):
   * arguments are copied into the script's realm; the execution's locks are released when it ends.
   */
  run<T = unknown>(functionName: string, ...args: unknown[]): T;
  /**
   * Calls a global function as one execution of the web app (doGet, or a player page's google.script.run),
   * executing as the owner who deployed it: no active spreadsheet, no Ui, no document lock, no visitor's email
   * (dev/gas/web-app.ts).
   */
  runWebApp<T = unknown>(functionName: string, ...args: unknown[]): T;
  /** The document lock as another execution (another user) sees it: hold it to make the product wait. */
  lockAs(execution: string): LockApi;
  /**
   * Makes `email` the active user of every run and put from now on (Session.getActiveUser(), protections): the
   * spreadsheet is shared with them for editing. `{ emailHidden: true }`: Google gives the script no email for
   * them (Session answers ""). The owner is `workbook.people.owner`, the active user at load.
   */
  actAs(email: string, options?: { emailHidden?: boolean }): void;
  /** Logger/console lines so far. */
  logs: string[];
}

/** Loads Code.js over a workbook (empty, or from a snapshot). See index.ts for an example. */
export function loadWorkbook(options: LoadOptions = {}): LoadedWorkbook {
  const codePath = options.codePath ?? join(DIST, 'Code.js');
  const code = options.code ?? readCode(codePath);
  const docs = customFunctionsOf(code);
  const limits = { ...TIME_LIMITS, ...options.limits };
  const declared = new Map(docs.map((d) => [d.name.toUpperCase(), d.name]));

  /** A fresh global scope holding the services, with Code.js run in it: what Apps Script gives each call. */
  const script = new vm.Script(code, { filename: codePath });
  const load = (): { context: ScriptScope; realm: Realm } => {
    const context: ScriptScope = vm.createContext({ ...services });
    const realm = contextRealm(context);
    workbook.realm = realm;
    script.runInContext(context);
    return { context, realm };
  };
  /** The scope a call runs in: the one loaded at start, or a new one per call with freshScript. */
  const scope = () => {
    if (options.freshScript) loaded = load();
    return loaded;
  };

  const host: CustomFunctionHost = {
    names: [...declared.keys()],
    call(name, args) {
      const { context, realm } = scope();
      const fn = context[declared.get(name) ?? name];
      if (typeof fn !== 'function') throw new Error(`Unknown function: '${name}'.`);
      const before = workbook.inCustomFunction;
      workbook.inCustomFunction = true;
      try {
        return timed(context, realm, limits.customFunctionMs, () => fn(...realm.clone(args)));
      } finally {
        workbook.inCustomFunction = before;
      }
    },
  };

  const workbook = new Workbook({
    customFunctions: host,
    timeZone: options.timeZone,
    locale: options.locale,
  });
  const wb = workbook;
  const logs: string[] = [];
  const services = createServices(wb, {
    htmlDir: options.htmlDir ?? dirname(codePath),
    timeZone: manifestTimeZone(dirname(codePath)),
    log: (level, message) => {
      logs.push(message);
      options.log?.(level, message);
    },
  });
  let loaded = load();
  if (options.snapshot) wb.restore(options.snapshot);
  wb.calls.reset();

  let executions = 0;
  const run = <T>(functionName: string, args: unknown[]): T => {
    const { context, realm } = scope();
    const fn = context[functionName];
    if (typeof fn !== 'function') throw new Error(`Script function not found: ${functionName}`);
    const previous = wb.execution;
    const execution = `execution-${++executions}`;
    wb.execution = execution;
    try {
      return timed(context, realm, limits.executionMs, () => fn(...realm.clone(args)) as T);
    } finally {
      wb.lock.releaseAll(execution);
      wb.execution = previous;
    }
  };
  return {
    workbook: wb,
    get context() {
      return loaded.context;
    },
    calls: wb.calls,
    services,
    get realm() {
      return loaded.realm;
    },
    customFunctions: docs.map((d) => d.name),
    logs,
    has: (name) => Object.hasOwn(loaded.context, name) && typeof loaded.context[name] === 'function',
    run: <T>(functionName: string, ...args: unknown[]): T => run<T>(functionName, args),
    runWebApp<T>(functionName: string, ...args: unknown[]): T {
      const before = wb.webApp.running;
      wb.webApp.running = true;
      try {
        return run<T>(functionName, args);
      } finally {
        wb.webApp.running = before;
      }
    },
    lockAs: (execution) => wb.lock.forExecution(execution),
    actAs: (email, actOptions) => wb.people.actAs(email, actOptions),
  };
}

function manifestTimeZone(dir: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'appsscript.json'), 'utf8'));
    return typeof manifest.timeZone === 'string' ? manifest.timeZone : undefined;
  } catch {
    return undefined;
  }
}

export { toTransport } from './transport';
