// The one seam between the sidebar and Code.js: google.script.run as typed promises, one per call of the
// contract's list (src/contract/api.ts), like a GASClient<typeof serverFunctions>: built from that list, so a new
// call needs nothing here. The sidebar calls the server through this only.
import { type LoadAnswer, type SidebarApi, type SidebarFunction, sidebarFunctions } from '../contract/api';
import { messageOf } from '../contract/cells';

/** The server's functions as google.script.run offers them: called by name, answering through the handlers. */
type ServerFunctions = { readonly [K in SidebarFunction]: (...args: Parameters<SidebarApi[K]>) => void };

/** google.script.run as HtmlService gives it to a sidebar (only what the client uses). */
export interface ScriptRun extends ServerFunctions {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
}

/** Each call of SidebarApi as a promise of its typed answer. */
export type Server = {
  readonly [K in SidebarFunction]: (...args: Parameters<SidebarApi[K]>) => Promise<ReturnType<SidebarApi[K]>>;
};

/** The runner Google provides, looked up when a call is made (so a page without it fails on use, not on load). */
export function googleRun(): ScriptRun {
  const g = (globalThis as { google?: { script?: { run?: ScriptRun } } }).google;
  if (!g?.script?.run)
    throw new Error('google.script.run is not available: open the sidebar from the Warcard menu.');
  return g.script.run;
}

/**
 * The typed server: a promise per call of the list. A call that fails in transport (or throws on the server)
 * rejects with an Error.
 */
export function serverApi(run: () => ScriptRun = googleRun): Server {
  const call =
    <K extends SidebarFunction>(name: K) =>
    (...args: Parameters<SidebarApi[K]>) =>
      new Promise<ReturnType<SidebarApi[K]>>((resolve, reject) => {
        const runner = run()
          // What a server function returns is its answer in the contract (src/contract/api.ts).
          .withSuccessHandler((answer) => resolve(answer as ReturnType<SidebarApi[K]>))
          .withFailureHandler((e: unknown) =>
            reject(e instanceof Error ? e : new Error(String((e as { message?: unknown })?.message ?? e))),
          );
        // Through the mapped type, so the checker pairs this function with its own arguments.
        const serverFunction: ServerFunctions[K] = runner[name];
        serverFunction.apply(runner, args);
      });
  // Each entry is call(name) for its own name: the checker cannot follow a key through a loop, hence the cast.
  return Object.fromEntries(sidebarFunctions().map((name) => [name, call(name)])) as Server;
}

/**
 * The load's answer Battle… put in the page (src/sheets/server/page.ts), or null when the page holds none (then
 * the sidebar calls sidebarLoad).
 */
export function answerInPage(doc: Document = document): LoadAnswer | null {
  const text = doc.getElementById('load-answer')?.textContent ?? 'null';
  try {
    return JSON.parse(text) as LoadAnswer | null;
  } catch {
    return null;
  }
}

/**
 * What a call that got no answer says (google.script.run's failure handler: our functions always answer, so the
 * call never reached them or Google stopped it). With several Google accounts signed in, every sidebar call
 * fails this way: a limitation of Apps Script, hence the hint.
 */
export function noAnswer(what: string, e: unknown): string {
  return `${what} got no answer from Google (${messageOf(e)}). If you are signed in to more than one Google account, use only one (sign out of the others, or open the spreadsheet in a private window): Apps Script sidebars fail with several.`;
}
