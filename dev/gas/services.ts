// The global services Apps Script gives a script bound to a spreadsheet, over one Workbook:
// SpreadsheetApp, HtmlService, LockService, PropertiesService, Utilities, Session, Logger, console.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  LockApi,
  HtmlServiceApi,
  LockServiceApi,
  PropertiesServiceApi,
  SessionApi,
  ScriptAppApi,
  SpreadsheetAppApi,
} from '../../src/sheets/gas';
import { isDateLike } from './format';
import { documentProperties, userProperties } from './properties';
import { EmulatedUser, ProtectionType } from './protection';
import { EmulatedSpreadsheet } from './spreadsheet';
import { type EmulatedUtilities, utilities } from './utilities';
import { manifestScopes, openById, webAppService } from './web-app';
import { ConditionalFormatRuleBuilder, DataValidationBuilder, DataValidationCriteria } from './validation';
import { HtmlOutput, Ui } from './ui';
import type { Workbook } from './workbook';

export interface Services {
  SpreadsheetApp: SpreadsheetAppApi;
  ScriptApp: ScriptAppApi;
  HtmlService: HtmlServiceApi;
  LockService: LockServiceApi;
  PropertiesService: PropertiesServiceApi;
  Utilities: EmulatedUtilities;
  Session: SessionApi;
  Logger: { log(format: unknown, ...values: unknown[]): unknown; getLog(): string; clear(): void };
  console: Pick<Console, 'log' | 'info' | 'warn' | 'error'>;
}

export interface ServiceOptions {
  /** Where createHtmlOutputFromFile reads `<name>.html` (dist/ by default). */
  htmlDir: string;
  /** Session.getScriptTimeZone() (the manifest's timeZone). */
  timeZone?: string;
  /** Receives Logger.log and console output (kept in memory by default, printed when verbose). */
  log?: (level: string, message: string) => void;
}

/** Whether a directory is missing or was changed in the last few seconds (a build under way). */
function recentlyBuilt(dir: string): boolean {
  try {
    return Date.now() - statSync(dir).mtimeMs < 5_000;
  } catch {
    return true;
  }
}

const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (isDateLike(v)) return v.toString();
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

/** The global services of one script bound to a workbook. */
export function createServices(wb: Workbook, options: ServiceOptions): Services {
  const timeZone = options.timeZone ?? 'Etc/UTC';
  const spreadsheet = new EmulatedSpreadsheet(wb);
  const ui = new Ui(wb);

  const scopes = manifestScopes(options.htmlDir);
  const SpreadsheetApp: SpreadsheetAppApi = {
    // Google's page on bound scripts: the special methods (getActiveSpreadsheet, getUi) are a container's; a web
    // app runs outside it. The stricter reading: no active spreadsheet (null), and getUi throws.
    getActiveSpreadsheet: () => (wb.webApp.running ? (null as unknown as EmulatedSpreadsheet) : spreadsheet),
    getUi: () => {
      if (wb.webApp.running) throw wb.realm.error('Cannot call SpreadsheetApp.getUi() from this context.');
      return ui;
    },
    openById: (id: string) => openById(wb, spreadsheet, scopes, id),
    newDataValidation: () => {
      wb.track('newDataValidation', '', undefined, 'SpreadsheetApp');
      return new DataValidationBuilder(undefined, (method) =>
        wb.track(method, '', undefined, 'DataValidationBuilder'),
      );
    },
    newConditionalFormatRule: () => new ConditionalFormatRuleBuilder(),
    flush: () => {
      wb.track('flush', '', undefined, 'SpreadsheetApp');
    },
    DataValidationCriteria,
    ProtectionType,
  };

  const HtmlService: HtmlServiceApi = {
    createHtmlOutput: (html?: string) => new HtmlOutput(html === undefined ? '' : String(html)),
    createHtmlOutputFromFile: (filename: string) => {
      const name = String(filename).replace(/\.html$/, '');
      const file = join(options.htmlDir, `${name}.html`);
      // dist/ may be being rebuilt this very moment (buildDist empties it first): wait for it a little.
      const until = Date.now() + 5_000;
      while (!existsSync(file) && Date.now() < until && recentlyBuilt(options.htmlDir)) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      }
      if (!existsSync(file)) throw wb.realm.error(`No HTML file named ${name} was found.`);
      return new HtmlOutput(readFileSync(file, 'utf8'));
    },
  };

  const LockService: LockServiceApi = {
    // Google: getDocumentLock returns null "outside of the context of a containing document (such as from a
    // standalone script or webapp)". The script lock is one per script, and a bound script is one per document.
    getDocumentLock: () => (wb.webApp.running ? null : wb.lock.documentLock(wb.execution)),
    // Warcard takes only this one; `lock.available = false` makes it null too (the product's refusal tested).
    getScriptLock: () => wb.lock.documentLock(wb.execution) as LockApi,
  };

  const properties = documentProperties(wb);
  const users = userProperties(wb);

  const PropertiesService: PropertiesServiceApi = {
    getDocumentProperties: () => properties,
    getUserProperties: () => users,
  };

  return {
    SpreadsheetApp,
    ScriptApp: scriptApp(wb),
    HtmlService,
    LockService,
    PropertiesService,
    Utilities: utilities(wb),
    Session: session(wb, timeZone),
    ...logging(options.log),
  };
}

/** ScriptApp: the authorization a run needs (wb.authorization) and the web app's service. */
function scriptApp(wb: Workbook): ScriptAppApi {
  const AuthMode = Object.freeze({
    NONE: 'NONE',
    CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
    LIMITED: 'LIMITED',
    FULL: 'FULL',
  });
  const AuthorizationStatus = Object.freeze({ REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' });
  const required = () => wb.authorization.missing.length > 0;
  return {
    AuthMode: AuthMode as unknown as ScriptAppApi['AuthMode'],
    AuthorizationStatus: AuthorizationStatus as unknown as ScriptAppApi['AuthorizationStatus'],
    getAuthorizationInfo: () => {
      wb.track('getAuthorizationInfo', '', undefined, 'ScriptApp');
      const status = required() ? AuthorizationStatus.REQUIRED : AuthorizationStatus.NOT_REQUIRED;
      return {
        getAuthorizationStatus: () => status as unknown as GoogleAppsScript.Script.AuthorizationStatus,
        getAuthorizationUrl: () => (required() ? wb.authorization.url : null),
      };
    },
    getService: () => webAppService(wb),
    requireAllScopes: () => {
      wb.track('requireAllScopes', '', undefined, 'ScriptApp');
      if (!required()) return;
      // Google ends the execution and shows its own authorization prompt.
      wb.authorization.prompts++;
      wb.changed();
      throw wb.realm.error('Authorization is required to perform that action.');
    },
  };
}

/** Session: who runs the script, as Google tells it where it tells it. */
function session(wb: Workbook, timeZone: string): SessionApi {
  return {
    // The person who clicked (workbook.people.active, set by actAs); "" where Google gives no email, and in a
    // custom function, which runs without the user's authorization.
    // In a web app executing as its deployer, Google gives no email of the visitor (the stricter reading: never).
    getActiveUser: () =>
      new EmulatedUser(wb.inCustomFunction || wb.webApp.running ? '' : wb.people.activeEmail()),
    // Google: "In most other scenarios, this returns the same account as getActiveUser()"; where the active
    // user's email is hidden the emulation hides this one too (the stricter reading).
    // A web app set to execute as me: the developer's account (the owner deploys it).
    getEffectiveUser: () =>
      new EmulatedUser(
        wb.inCustomFunction ? '' : wb.webApp.running ? wb.people.owner : wb.people.activeEmail(),
      ),
    getScriptTimeZone: () => timeZone,
  };
}

/** Logger and console: their lines kept for Logger.getLog, each also handed to `print` (when given). */
function logging(print: ServiceOptions['log']): Pick<Services, 'Logger' | 'console'> {
  const logLines: string[] = [];
  const log = (level: string, message: string) => {
    logLines.push(message);
    print?.(level, message);
  };
  return {
    Logger: {
      log(format: unknown, ...values: unknown[]) {
        let text = show(format);
        if (values.length > 0) {
          let i = 0;
          text = text.replace(/%s|%d/g, () => show(values[i++]));
        }
        log('log', text);
        return this;
      },
      getLog: () => logLines.join('\n'),
      clear: () => {
        logLines.length = 0;
      },
    },
    console: {
      log: (...a: unknown[]) => log('log', a.map(show).join(' ')),
      info: (...a: unknown[]) => log('info', a.map(show).join(' ')),
      warn: (...a: unknown[]) => log('warn', a.map(show).join(' ')),
      error: (...a: unknown[]) => log('error', a.map(show).join(' ')),
    },
  };
}
