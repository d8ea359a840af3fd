// The one seam between the sidebar and Code.js: google.script.run as typed promises, one per call of SidebarApi
// (src/contract/api.ts), like a GASClient<typeof serverFunctions>. The sidebar calls the server through this only.
import { SIDEBAR_FUNCTIONS, type SidebarApi, type SidebarFunction } from '../contract/api';

/** google.script.run as HtmlService gives it to a sidebar (only what the client uses). */
export interface ScriptRun {
  withSuccessHandler(handler: (value: any) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
  [serverFunction: string]: any;
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

/** The typed server. A call that fails in transport (or throws on the server) rejects with an Error. */
export function serverApi(run: () => ScriptRun = googleRun): Server {
  const server: Partial<Record<SidebarFunction, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of SIDEBAR_FUNCTIONS) {
    server[name] = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const runner = run()
          .withSuccessHandler(resolve)
          .withFailureHandler((e: unknown) =>
            reject(e instanceof Error ? e : new Error(String((e as { message?: unknown })?.message ?? e))),
          );
        runner[name](...args);
      });
  }
  return server as Server;
}
